/*
 * The River (carcassonne.md "The River", expansion `river`), rule by rule,
 * on hand-drawn positions: the tile set's tokens and set rules (V-SET-1,
 * tileset.md), the deal (V-SET-1/2, V-OPT-1), the river's placement
 * (V-GEO-1, V-TILE-1, V-TILE-2), followers (V-FOL-1) and fields across the
 * banks, records (`expansion river` with `tower`, `rule river_start=`),
 * and random and greedy games that replay exactly from their records.
 *
 * The River's designs (the-river.tiles): 51 spring (river east), 52 lake
 * (river west), 53 city caps N/S river W-E, 54 city N road S river W-E, 55
 * monastery river W-E, 56 bridge (river N-S under a road W-E), 57 (x2)
 * straight W-E, 58 curve E-S, 59 curve S-W with a road N-E, 60 (x2) curve
 * S-W.
 */
#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "common.h"
#include "scenario.h"

#include "board.h"
#include "game_internal.h"
#include "state_check.h"

/* ---- helpers ------------------------------------------------------------ */

static const int base_counts[24] = {2, 4, 1, 4, 5, 2, 1, 3, 2, 3, 3, 3,
                                    2, 3, 2, 3, 1, 3, 2, 1, 8, 9, 4, 1};

static city_options *river_options(unsigned exp, int players)
{
	city_options *o = NULL;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_game(o, CITY_GAME_CARCASSONNE),
	                 CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, players), CITY_OK);
	ck_assert_int_eq(city_options_set_expansion(o, CITY_EXPANSION_RIVER, 1),
	                 CITY_OK);
	if (exp & CITY_EXPANSION_TOWER)
		ck_assert_int_eq(
		    city_options_set_expansion(o, CITY_EXPANSION_TOWER, 1),
		    CITY_OK);
	return o;
}

/* The draw order of a river game: the ten river tiles `river`, the lake,
 * the land tiles in design order (V-SET-2). */
static void river_order(int order[83], const int river[10])
{
	int k, d, c;
	for (k = 0; k < 10; k++)
		order[k] = river[k];
	order[k++] = 52;
	for (d = 0; d < 24; d++)
		for (c = 0; c < base_counts[d]; c++)
			order[k++] = d + 1;
	ck_assert_int_eq(k, 83);
}

/* A river game whose river comes in the order `river`. */
static city_game *river_game(const int river[10])
{
	int order[83];
	city_options *o = river_options(0, 2);
	city_game *g = NULL;
	char why[160];
	river_order(order, river);
	ck_assert_int_eq(city_options_set_order(o, order, 83), CITY_OK);
	ck_assert_int_eq(city_options_check(o, why, sizeof why), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	city_options_free(o);
	return g;
}

static void state_ok(const city_game *g)
{
	char why[160];
	ck_assert_msg(state_check(g, why, sizeof why) == 0, "%s", why);
}

/* Place, then pass the follower decision (if asked). */
static void place(city_game *g, int x, int y, int r)
{
	scn_play(g, "place %d %d %d", x, y, r);
	if (city_game_decision(g) == CITY_DECISION_FOLLOWER)
		scn_play(g, "follower pass");
	state_ok(g);
}

static const int river_a[10] = {57, 60, 57, 60, 53, 54, 55, 56, 58, 59};

/* ---- the tile set ------------------------------------------------------- */

static void parse_error(const char *text, int status, const char *want)
{
	city_tileset *ts = NULL;
	char err[256];
	ck_assert_int_eq(city_tileset_parse(&ts, text, strlen(text), err,
	                                    sizeof err),
	                 status);
	ck_assert_str_eq(err, want);
	ck_assert_ptr_null(ts);
}

#define HEAD "tileset t game=carcassonne\n4 1  a-a a-a a-a a-a  a=F start\n"
#define ENDS "51 1  a-a a~a a-a a-a  a=F spring\n" \
             "52 1  a-a a-a a-a a~a  a=F lake\n"

/* tileset.md: every malformed river token at its line and column. */
START_TEST(test_V_SET_1_tileset_river_tokens)
{
	/* a river side: field halves, no road, not in The City */
	parse_error(HEAD ENDS "5 1  a~a a-a b~b a-a  a=F b=C\n", CITY_EPARSE,
	            "5:14: SOUTH side: a river side has field halves, 'b' is "
	            "a city (V-GEO-1)");
	parse_error("tileset t\n1 1  a~a a-a a~a a-a  a=R\n", CITY_EPARSE,
	            "2:7: bad side middle '~' (expected '-' or a street digit "
	            "1-9)");
	parse_error(HEAD ENDS "5 1  a~a a~a a~a a-a  a=F\n", CITY_EPARSE,
	            "5:15: a third river side (V-GEO-1: a design has at most "
	            "two)");
	/* one river side: the spring or the lake */
	parse_error(HEAD ENDS "5 1  a~a a-a a-a a-a  a=F\n", CITY_EPARSE,
	            "5:7: one river side: only the spring or the lake has one "
	            "(V-SET-1)");
	parse_error(HEAD "51 1  a~a a-a a~a a-a  a=F spring\n", CITY_EPARSE,
	            "3:28: spring on a design with 2 river sides (V-SET-1: "
	            "exactly one)");
	parse_error(HEAD "51 2  a~a a-a a-a a-a  a=F spring\n", CITY_EPARSE,
	            "3:28: spring on a design with COUNT 2 (V-SET-1: must be "
	            "1)");
	parse_error(HEAD "51 1  a~a a-a a-a a-a  a=F spring lake\n",
	            CITY_EPARSE,
	            "3:35: a design is not both spring and lake (V-SET-1)");
	parse_error(HEAD "51 1  a~a a-a a-a a-a  a=F spring spring\n",
	            CITY_EPARSE, "3:35: repeated spring");
	parse_error(HEAD ENDS "53 1  a~a a-a a-a a-a  a=F lake\n", CITY_EPARSE,
	            "5:28: a second lake design (V-SET-1: first on line 4)");
	/* the set: both ends or none */
	parse_error(HEAD "51 1  a-a a~a a-a a-a  a=F spring\n"
	                 "57 2  a-a a~b b-b b~a  a=F b=F\n",
	            CITY_EPARSE,
	            "5:1: no design has lake (V-SET-1: a set with river tiles "
	            "has one spring and one lake; first river tile on line 3)");
	/* spring and lake are keywords of Carcassonne sets only */
	parse_error("tileset t\n1 1  a-a a-a a-a a-a  a=R spring\n",
	            CITY_EPARSE,
	            "2:27: unknown keyword 'spring' (expected x=T, pub=, hist= "
	            "or adj=)");
}
END_TEST

/* The text `text` (n bytes) is a tile set with exactly the designs of
 * `want`, its lake the same design. */
static void parses_as(const city_tileset *want, const char *text, size_t n)
{
	city_tileset *back = NULL;
	ck_assert_int_eq(city_tileset_parse(&back, text, n, NULL, 0), CITY_OK);
	ck_assert_mem_eq(back->designs, want->designs,
	                 want->n_designs * sizeof want->designs[0]);
	ck_assert_int_eq(back->lake, want->lake);
	city_tileset_free(back);
}

/* The built-in sets: 84 and 102 tiles, the concatenated files; written
 * back and read again. */
START_TEST(test_V_SET_1_builtin_river_sets)
{
	const city_tileset *base = city_tileset_builtin("carcassonne");
	const city_tileset *rv = city_tileset_builtin("carcassonne-river");
	const city_tileset *rt = city_tileset_builtin("carcassonne-river-tower");
	static char buf[16384];
	char *text, l, m, r;
	size_t need = 0;
	ck_assert_ptr_nonnull(rv);
	ck_assert_ptr_nonnull(rt);
	ck_assert_uint_eq(city_tileset_tile_count(rv), 84);
	ck_assert_uint_eq(city_tileset_tile_count(rt), 102);
	ck_assert_uint_eq(city_tileset_design_count(rv), 34);
	ck_assert_mem_eq(rv->designs, base->designs, 24 * sizeof base->designs[0]);
	ck_assert_int_eq(rv->designs[rv->spring].id, 51);
	ck_assert_int_eq(rv->designs[rv->lake].id, 52);
	ck_assert_int_eq(rt->designs[rt->spring].id, 51);
	ck_assert_int_eq(city_tileset_start_design(rv), 3); /* D */
	/* design 56 (index 29), the bridge: river north and south, the road
	 * east */
	ck_assert_int_eq(city_tileset_design_id(rv, 29), 56);
	ck_assert_int_eq(city_tileset_side(rv, 29, CITY_SIDE_N, 0, &l, &m, &r),
	                 CITY_OK);
	ck_assert_int_eq(m, '~');
	ck_assert_int_eq(city_tileset_side(rv, 29, CITY_SIDE_E, 0, &l, &m, &r),
	                 CITY_OK);
	ck_assert_int_eq(m, '1');
	ck_assert_int_eq(city_tileset_side(rv, 29, CITY_SIDE_E, 1, &l, &m, &r),
	                 CITY_OK);
	ck_assert_int_eq(m, '~');
	ck_assert_int_eq(city_tileset_text(rv, NULL, 0, &need), CITY_ERANGE);
	text = malloc(need);
	ck_assert_int_eq(city_tileset_text(rv, text, need, NULL), CITY_OK);
	ck_assert_ptr_nonnull(strstr(text, "51 1  a-a a~a a-a a-a  a=F  spring\n"));
	parses_as(rv, text, strlen(text));
	free(text);
	/* and the files concatenated */
	parses_as(rv, buf,
	          test_read_two(buf, sizeof buf,
	                        CITY_SOURCE_DIR "/lib/data/carcassonne.tiles",
	                        CITY_SOURCE_DIR "/lib/data/the-river.tiles"));
}
END_TEST

/* V-SET-1: river tiles and the expansion go together. The rows act on
 * one set of options of Carcassonne, in turn: the expansions turned on
 * (`exp`, CITY_EXPANSION_* bits; none: nothing turned on), then the tile
 * set `set` when `set_it` (NULL: the built-in one the expansions choose);
 * the options then hold the built-in set `holds` (NULL: not asked) and
 * city_options_check() says `why` (NULL: not asked, "": CITY_OK), and
 * when it refuses, city_game_new() refuses too. */
START_TEST(test_V_SET_1_river_tiles_need_the_expansion)
{
	static const struct {
		unsigned exp;
		int set_it;
		const char *set, *holds, *why;
	} rows[] = {
	        {0, 1, "carcassonne-river", NULL,
	         "V-SET-1: tile set carcassonne-river has river tiles, the "
	         "game is played without the expansion river"},
	        {CITY_EXPANSION_RIVER, 1, "carcassonne", NULL,
	         "V-SET-1: tile set carcassonne has no spring and lake, the "
	         "expansion river needs them"},
	        /* the built-in set follows the expansions */
	        {0, 1, NULL, "carcassonne-river", NULL},
	        {CITY_EXPANSION_TOWER, 0, NULL, "carcassonne-river-tower", ""},
	};
	city_options *o = NULL;
	size_t k;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_game(o, CITY_GAME_CARCASSONNE),
	                 CITY_OK);
	for (k = 0; k < N_OF(rows); k++) {
		char why[160] = "";
		city_game *g = NULL;
		if (rows[k].exp)
			ck_assert_int_eq(city_options_set_expansion(
			                         o, (int)rows[k].exp, 1),
			                 CITY_OK);
		if (rows[k].set_it)
			ck_assert_int_eq(city_options_set_tileset(
			                         o, rows[k].set ? city_tileset_builtin(
			                                                  rows[k].set)
			                                        : NULL),
			                 CITY_OK);
		if (rows[k].holds)
			ck_assert_ptr_eq(o->ts, city_tileset_builtin(rows[k].holds));
		if (!rows[k].why)
			continue;
		ck_assert_int_eq(city_options_check(o, why, sizeof why),
		                 *rows[k].why ? CITY_EINVAL : CITY_OK);
		if (*rows[k].why) {
			ck_assert_str_eq(why, rows[k].why);
			ck_assert_int_eq(city_game_new(&g, o), CITY_EINVAL);
		}
	}
	city_options_free(o);
}
END_TEST

/* ---- the deal ------------------------------------------------------------ */

static uint64_t splitmix(uint64_t *st)
{
	uint64_t z = (*st += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

static void shuffle(int *a, unsigned n, uint64_t *st)
{
	for (unsigned i = n - 1; i >= 1 && n > 1; i--) {
		unsigned j = (unsigned)(splitmix(st) % (i + 1u));
		int t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}

/* V-SET-2 as the spec says it: R-RNG on the river list, then (the same
 * generator) on the land list; the stack is river, lake, land. */
static void check_seeded(unsigned exp, int remove, uint64_t seed)
{
	static const int river[10] = {53, 54, 55, 56, 57, 57, 58, 59, 60, 60};
	int want[120], land[100], nl = 0, k, d, c;
	uint64_t st = seed;
	city_options *o = river_options(exp, 3);
	city_game *g = NULL;
	const state *s;
	for (d = 0; d < 24; d++)
		for (c = (remove && d == 3) ? 1 : 0; c < base_counts[d]; c++)
			land[nl++] = d + 1;
	if (exp & CITY_EXPANSION_TOWER) { /* The Tower's, after the base's */
		const city_tileset *ts = city_tileset_builtin("carcassonne-tower");
		for (d = 24; d < (int)ts->n_designs; d++)
			for (c = 0; c < ts->designs[d].count; c++)
				land[nl++] = ts->designs[d].id;
	}
	memcpy(want, river, sizeof river);
	shuffle(want, 10, &st);
	want[10] = 52;
	shuffle(land, (unsigned)nl, &st);
	memcpy(want + 11, land, (size_t)nl * sizeof *land);
	ck_assert_int_eq(city_options_set_seed(o, seed), CITY_OK);
	if (remove)
		ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_RIVER_START,
		                                       CITY_RIVER_REMOVE),
		                 CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	s = &g->st;
	/* one stack (C-SET-4) in three segments */
	ck_assert_uint_eq(s->setup.seg_end[0], 10);
	ck_assert_uint_eq(s->setup.seg_end[1], 11);
	ck_assert_uint_eq(s->setup.seg_end[2], (unsigned)(11 + nl));
	for (k = 0; k < 3; k++)
		ck_assert_uint_eq(s->setup.stack_end[k], (unsigned)(11 + nl));
	for (k = 0; k < 11 + nl; k++)
		ck_assert_int_eq(g->opts.ts->designs[st_order(s)[k]].id, want[k]);
	/* the spring at (0,0), rotation 0; the first tile drawn a river tile */
	{
		int design = -1, rot = -1, cur = -1;
		ck_assert_int_eq(city_game_tile_at(g, 0, 0, &design, &rot), CITY_OK);
		ck_assert_int_eq(design, 51); /* the spring, V-SET-1 */
		ck_assert_int_eq(rot, 0);
		ck_assert_int_eq(city_game_current_tile(g, &cur, NULL), CITY_OK);
		ck_assert_int_eq(cur, want[0]); /* a design id */
	}
	city_game_free(g);
	city_options_free(o);
}

START_TEST(test_V_SET_2_seeded_order)
{
	int first[10];
	city_options *o = river_options(0, 2);
	city_game *g = NULL;
	/* a documented seed: seed 7's river, lake twelfth (the spring first) */
	ck_assert_int_eq(city_options_set_seed(o, 7), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	for (int k = 0; k < 10; k++)
		first[k] = g->opts.ts->designs[st_order(&g->st)[k]].id;
	{
		char got[64] = "";
		for (int k = 0; k < 10; k++)
			snprintf(got + strlen(got), sizeof got - strlen(got), "%s%d",
			         k ? " " : "", first[k]);
		ck_assert_str_eq(got, "60 54 57 60 53 57 56 55 58 59");
	}
	ck_assert_int_eq(g->opts.ts->designs[st_order(&g->st)[10]].id, 52);
	/* the AI's reshuffle keeps the river first and the lake twelfth */
	for (uint64_t r = 1; r < 20; r++) {
		ck_assert_int_eq(city_game_reshuffle(g, r), CITY_OK);
		for (int k = 1; k < 83; k++) {
			const ts_design *d = &g->opts.ts->designs[st_order(&g->st)[k]];
			ck_assert_int_eq(d->river != 0, k <= 10);
			ck_assert_int_eq(d->id == 52, k == 10);
		}
	}
	city_game_free(g);
	city_options_free(o);
	for (uint64_t seed = 0; seed < 20; seed++) {
		check_seeded(0, 0, seed);
		check_seeded(0, 1, seed);
		check_seeded(CITY_EXPANSION_TOWER, (int)(seed & 1), seed);
	}
}
END_TEST

/* The order's first n tiles as an explicit order: accepted (want NULL) or
 * refused with the reason want. */
static void order_check(city_options *o, const int *order, size_t n,
                        const char *want)
{
	char why[160];
	ck_assert_int_eq(city_options_set_order(o, order, n), CITY_OK);
	ck_assert_int_eq(city_options_check(o, why, sizeof why),
	                 want ? CITY_EINVAL : CITY_OK);
	if (want)
		ck_assert_str_eq(why, want);
}

/* V-SET-2: an explicit order lists river tiles first, the lake twelfth.
 * Each row is the order of river_order(river_a) with the designs `to`
 * put at the indices `at` (-1: none), its first `n` tiles, on the
 * options so far plus V-OPT-1 remove when `remove`: accepted (why NULL)
 * or refused with the reason `why`. */
START_TEST(test_V_SET_2_explicit_order)
{
	static const struct {
		int remove, at[2], to[2];
		size_t n;
		const char *why;
	} rows[] = {
	        {0, {-1, -1}, {0, 0}, 83, NULL},
	        /* the lake eleventh drawn, before the last river tile (59) */
	        {0, {9, 10}, {52, 59}, 83,
	         "V-SET-2: tile 11 of the order is design 59 (a river tile) "
	         "after the lake"},
	        /* a land tile among the river tiles: tile 4 (60) and the
	         * first land tile (1) swapped */
	        {0, {3, 11}, {1, 60}, 83,
	         "V-SET-2: tile 5 of the order is design 53 (a river tile) "
	         "after a land tile"},
	        /* the spring is not drawn */
	        {0, {-1, -1}, {0, 0}, 82,
	         "V-SET-2: the order lists 82 tiles, the stack has 83 (the "
	         "spring is not drawn)"},
	        /* V-OPT-1 remove: one D fewer */
	        {1, {-1, -1}, {0, 0}, 82,
	         "V-SET-2: the order has more than 3 of design 4"},
	        {1, {-1, -1}, {0, 0}, 81,
	         "V-SET-2: the order lists 81 tiles, the stack has 82 (the "
	         "spring, nor one start tile (V-OPT-1), is not drawn)"},
	};
	int order[83];
	city_options *o = river_options(0, 2);
	size_t k;
	for (k = 0; k < N_OF(rows); k++) {
		river_order(order, river_a);
		for (int j = 0; j < 2; j++)
			if (rows[k].at[j] >= 0)
				order[rows[k].at[j]] = rows[k].to[j];
		if (rows[k].remove)
			ck_assert_int_eq(city_options_set_rule(
			                         o, CITY_RULE_RIVER_START,
			                         CITY_RIVER_REMOVE),
			                 CITY_OK);
		order_check(o, order, rows[k].n, rows[k].why);
	}
	city_options_free(o);
}
END_TEST

/* V-OPT-1: river_start=remove sets one start tile aside (71 land tiles);
 * the default shuffles all four D in. */
START_TEST(test_V_OPT_1_river_start)
{
	city_options *o = river_options(0, 2);
	city_game *g = NULL;
	int rule = -1;
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	/* one stack (C-SET-4): 10 river tiles, the lake, 72 land tiles */
	ck_assert_int_eq(city_game_tiles_left(g, 1), 82); /* one in hand */
	ck_assert_int_eq(city_game_tiles_left(g, 2), 0);
	ck_assert_int_eq(city_game_rule(g, CITY_RULE_RIVER_START),
	                 CITY_RIVER_SHUFFLE);
	city_game_free(g);
	ck_assert_int_eq(city_options_parse_rule(o, "river_start=remove"),
	                 CITY_OK);
	rule = city_options_get_rule(o, CITY_RULE_RIVER_START);
	ck_assert_int_eq(rule, CITY_RIVER_REMOVE);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	ck_assert_int_eq(city_game_tiles_left(g, 1), 81);
	city_game_free(g);
	/* a rule of the expansion: refused without it */
	ck_assert_int_eq(city_options_set_expansion(o, CITY_EXPANSION_RIVER, 0),
	                 CITY_OK);
	{
		char why[160];
		ck_assert_int_eq(city_options_check(o, why, sizeof why),
		                 CITY_EINVAL);
		ck_assert_str_eq(why, "V-OPT-1: rule river_start needs the "
		                      "expansion river");
	}
	city_options_free(o);
}
END_TEST

/* ---- placement ------------------------------------------------------------ */

/* V-TILE-1: a straight at the open end, both ways round (2 of 4
 * rotations); elsewhere refused with the reason. */
START_TEST(test_V_TILE_1_straight_at_the_open_end)
{
	city_game *g = river_game(river_a);
	scn_play(g, "?ask tile; ?moves = place 1 0 0, place 1 0 2\n"
	            "?call place 1 0 1 = EILLEGAL \"V-GEO-1: field side facing "
	            "a river side of tile (0,0)\"\n"
	            "?call place 0 1 0 = EILLEGAL \"V-TILE-1: a river tile "
	            "continues the river at (1,0), not at (0,1)\"\n"
	            "?call place -1 0 0 = EILLEGAL \"V-GEO-1: river side facing "
	            "a field side of tile (0,0)\"\n"
	            "?call place -1 0 1 = EILLEGAL \"V-TILE-1: a river tile "
	            "continues the river at (1,0), not at (-1,0)\"");
	place(g, 1, 0, 2);
	/* then the curve (60) at (2,0): either way, no curve before it */
	scn_play(g, "?ask tile; ?moves = place 2 0 0, place 2 0 1");
	city_game_free(g);
}
END_TEST

/* V-TILE-2, first case: a right curve, a straight, then the next curve
 * must turn left (one rotation of the four). */
START_TEST(test_V_TILE_2_no_u_turn_after_right)
{
	static const int river[10] = {60, 57, 60, 57, 53, 54, 55, 56, 58, 59};
	city_game *g = river_game(river);
	scn_play(g, "?ask tile; ?moves = place 1 0 0, place 1 0 1");
	place(g, 1, 0, 0); /* east, then south: a right turn */
	ck_assert_uint_eq(g->st.cc.rv.turn, RIVER_RIGHT);
	scn_play(g, "?ask tile; ?moves = place 1 1 1, place 1 1 3");
	place(g, 1, 1, 1); /* the straight, north-south */
	scn_play(g, "?ask tile; ?moves = place 1 2 2\n"
	            "?call place 1 2 1 = EILLEGAL \"V-TILE-2: the river turned "
	            "right at the last curve; this curve must turn left\"\n"
	            "?call place 1 2 0 = EILLEGAL \"V-GEO-1: field side facing "
	            "a river side of tile (1,1)\"");
	place(g, 1, 2, 2); /* south, then east: left */
	ck_assert_uint_eq(g->st.cc.rv.turn, RIVER_LEFT);
	city_game_free(g);
}
END_TEST

/* V-TILE-2, second case: a left curve, then the next must turn right. */
START_TEST(test_V_TILE_2_no_u_turn_after_left)
{
	static const int river[10] = {60, 60, 57, 57, 53, 54, 55, 56, 58, 59};
	city_game *g = river_game(river);
	place(g, 1, 0, 1); /* east, then north: a left turn */
	ck_assert_uint_eq(g->st.cc.rv.turn, RIVER_LEFT);
	scn_play(g, "?ask tile; ?moves = place 1 -1 3\n"
	            "?call place 1 -1 0 = EILLEGAL \"V-TILE-2: the river turned "
	            "left at the last curve; this curve must turn right\"");
	place(g, 1, -1, 3); /* north, then east */
	city_game_free(g);
}
END_TEST

/* V-GEO-1: a land tile never faces a river side (the fast edge test and
 * the explicit rule agree); V-TILE-3: it may touch river tiles on their
 * other sides. */
START_TEST(test_V_GEO_1_land_tile_against_a_river_side)
{
	city_game *g = river_game(river_a);
	const state *s = &g->st;
	const city_tileset *ts = g->opts.ts;
	char why[160];
	unsigned d;
	const fcell *f = board_front_at(s, 1, 0);
	ck_assert_ptr_nonnull(f);
	for (d = 0; d < 24; d++) { /* the base game's designs */
		ck_assert_uint_eq(board_sig_rotations(f, st_rsig(s)[d]), 0);
		for (int r = 0; r < 4; r++)
			ck_assert_int_ne(g->rules->check_placement(ts, s, 1, 0, (int)d,
			                                           r, NULL, 0),
			                 0);
	}
	/* design 1 (A: monastery, road south) at the open end */
	ck_assert_int_eq(g->rules->check_placement(ts, s, 1, 0, 0, 0, why,
	                                           sizeof why),
	                 1);
	ck_assert_str_eq(why,
	                 "V-GEO-1: field side facing a river side of tile (0,0)");
	/* V-TILE-3: the land tile north of the spring is fine */
	ck_assert_int_eq(g->rules->check_placement(ts, s, 0, -1, 1, 0, NULL, 0),
	                 0);
	city_game_free(g);
}
END_TEST

/* The whole river: straight east, curve right (south), straight, curve
 * left (east), 53 54 55 straight on, 58 right (south), the bridge, 59 left
 * (east), the lake; returns the game with the first land tile drawn. */
static city_game *whole_river(void)
{
	static const int river[10] = {57, 60, 57, 60, 53, 54, 55, 58, 56, 59};
	city_game *g = river_game(river);
	place(g, 1, 0, 0);  /* 57 W-E */
	place(g, 2, 0, 0);  /* 60 W-S: right */
	place(g, 2, 1, 1);  /* 57 N-S */
	place(g, 2, 2, 2);  /* 60 N-E: left */
	place(g, 3, 2, 0);  /* 53 W-E */
	place(g, 4, 2, 0);  /* 54 W-E */
	place(g, 5, 2, 0);  /* 55 W-E */
	place(g, 6, 2, 1);  /* 58 W-S (E-S turned once): right */
	place(g, 6, 3, 0);  /* 56 N-S, the bridge */
	/* 59 (S-W, road N-E): from the north it must turn left, to the east */
	scn_play(g, "?ask tile; ?moves = place 6 4 2");
	place(g, 6, 4, 2);
	/* the lake, its river west */
	scn_play(g, "?ask tile; ?moves = place 7 4 0");
	place(g, 7, 4, 0);
	ck_assert_uint_eq(g->st.cc.rv.out, RIVER_CLOSED);
	return g;
}

/* V-GEO-1 / C-GEO-2: fields join across a river side half to half and
 * through the spring and the lake; a farmer on one bank is on the field of
 * the other (C-FOL-2). */
START_TEST(test_V_GEO_1_fields_across_the_banks)
{
	city_game *g = river_game(river_a);
	ck_assert_int_eq(city_place_tile(g, 1, 0, 0), CITY_OK);
	/* the straight's north bank (a) and the spring's field: across; its
	 * south bank (b) too: through the spring, which joins its banks */
	scn_play(g, "?same 0 0 a 1 0 a = 1; ?same 1 0 a 1 0 b = 1");
	city_game_free(g);
	/* through the lake as well, and a farmer on a bank takes the other */
	g = whole_river();
	scn_play(g, "?same 7 4 a 6 4 a = 1; ?same 7 4 a 6 4 c = 1");
	city_game_free(g);
}
END_TEST

/* Farmers: with C-OPT-1 on, a farmer on the north bank; the south bank is
 * then the same field (C-FOL-2, through the spring), and nobody stands on
 * the river (V-FOL-1). */
START_TEST(test_V_FOL_1_no_follower_on_the_river)
{
	static const int river[10] = {57, 57, 60, 60, 53, 54, 55, 56, 58, 59};
	int order[83];
	city_options *o = river_options(0, 2);
	city_game *g = NULL;
	river_order(order, river);
	ck_assert_int_eq(city_options_set_order(o, order, 83), CITY_OK);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_FARMERS, 1),
	                 CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	ck_assert_int_eq(city_place_tile(g, 1, 0, 0), CITY_OK);
	scn_play(g, "?ask follower");
	ck_assert_int_eq(city_place_follower(g, '~'), CITY_EILLEGAL);
	ck_assert_str_eq(city_game_last_error(g),
	                 "V-FOL-1: the river is no feature; no follower goes on "
	                 "it");
	ck_assert_int_eq(city_place_follower(g, 'a'), CITY_OK); /* a farmer */
	state_ok(g);
	/* player 1: both banks of the next straight are the farmer's field
	 * (C-FOL-2), and the river takes none: no follower decision */
	ck_assert_int_eq(city_place_tile(g, 2, 0, 0), CITY_OK);
	scn_play(g, "?ffollowers 2 0 b 0 = 1; ?ask tile 0");
	state_ok(g);
	city_game_free(g);
	city_options_free(o);
}
END_TEST

/* ---- records --------------------------------------------------------------- */

static char *save_text(const city_game *g)
{
	size_t need = 0;
	char *buf;
	ck_assert_int_eq(city_game_save(g, NULL, 0, &need), CITY_ERANGE);
	buf = malloc(need);
	ck_assert_int_eq(city_game_save(g, buf, need, NULL), CITY_OK);
	return buf;
}

static int same_state(const city_game *a, const city_game *b)
{
	return a->st.lay.size == b->st.lay.size &&
	       memcmp(&a->st, &b->st, a->st.lay.size) == 0;
}

/* The record `text` loads into a game with the state of `g` (returned). */
static city_game *load_same(const char *text, const city_game *g)
{
	city_game *l = NULL;
	char err[256] = "";
	int rc = city_game_load(&l, text, strlen(text), err, sizeof err);
	ck_assert_msg(rc == CITY_OK, "%s: %s", city_status_str(rc), err);
	ck_assert(same_state(l, g));
	return l;
}

/* A record refused at load: the status, the reason, no game. */
static void load_refused(const char *text, int status, const char *want)
{
	city_game *g = NULL;
	char err[256] = "";
	ck_assert_int_eq(city_game_load(&g, text, strlen(text), err, sizeof err),
	                 status);
	ck_assert_str_eq(err, want);
	ck_assert_ptr_null(g);
}


/* Records: `expansion river` (river then tower when written, either order
 * read), `rule river_start=`, the built-in set's name. */
START_TEST(test_V_SET_records)
{
	city_options *o = river_options(CITY_EXPANSION_TOWER, 3);
	city_game *g = NULL;
	char *a;
	const char *head;
	ck_assert_int_eq(city_options_set_seed(o, 5), CITY_OK);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_RIVER_START,
	                                       CITY_RIVER_REMOVE),
	                 CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	a = save_text(g);
	head = "citygame 1\ngame carcassonne\nexpansion river\nexpansion "
	       "tower\nplayers 3\nseed 5\ntileset carcassonne-river-tower\n";
	ck_assert_msg(strncmp(a, head, strlen(head)) == 0, "%s", a);
	ck_assert_ptr_nonnull(strstr(a, "rule river_start=remove\n"));
	/* the expansions the other way round: the same game */
	{
		char text[4096];
		const char *rest = a + strlen("citygame 1\ngame carcassonne\n"
		                              "expansion river\nexpansion tower\n");
		snprintf(text, sizeof text,
		         "citygame 1\ngame carcassonne\nexpansion tower\n"
		         "expansion river\n%s",
		         rest);
		city_game_free(load_same(text, g));
	}
	free(a);
	city_game_free(g);
	city_options_free(o);
	/* river_start without the expansion */
	load_refused("citygame 1\ngame carcassonne\nplayers 2\nseed 1\n"
	             "rule river_start=remove\nmoves\nend\n",
	             CITY_EPARSE,
	             "line 5: rule river_start needs expansion river");
	/* an order that breaks V-SET-2, at the order's line */
	{
		char t[1024] = "citygame 1\ngame carcassonne\nexpansion river\n"
		               "players 2\norder 52";
		static const int river[10] = {53, 54, 55, 56, 57, 57, 58, 59, 60,
		                              60};
		int d, c;
		for (d = 0; d < 10; d++)
			snprintf(t + strlen(t), sizeof t - strlen(t), " %d", river[d]);
		for (d = 0; d < 24; d++)
			for (c = 0; c < base_counts[d]; c++)
				snprintf(t + strlen(t), sizeof t - strlen(t), " %d",
				         d + 1);
		strcat(t, "\nmoves\nend\n");
		load_refused(t, CITY_EPARSE,
		             "line 5: V-SET-2: tile 2 of the order is design 53 "
		             "(a river tile) after the lake");
	}
}
END_TEST

/* Hostile input on the new tokens: refused, the game unchanged byte for
 * byte (R-ERR-1); tile-set text with river tokens in odd places. */
START_TEST(test_V_hostile_river_input)
{
	static const struct {
		const char *text;
		const char *err;
	} sets[] = {
	    {HEAD ENDS "5 1  ~~~ a-a a-a a-a  a=F\n",
	     "5:6: bad region letter '~' (expected a-h)"},
	    {HEAD ENDS "5 1  a~ a-a a-a a-a  a=F\n",
	     "5:6: NORTH side must be 3 characters (left, middle, right)"},
	    {HEAD ENDS "5 1  a~a a-a a~a a-a  a=F spring=1\n",
	     "5:27: unknown keyword 'spring='"},
	    {HEAD ENDS "5 1  a~a a-a a~a a-a  a~F\n",
	     "5:6: region 'a' used but not declared"}, /* the first column */
	    {HEAD ENDS "5 1  a~a a-a a~a a-a  a=~\n",
	     "5:25: bad region type '~' (expected C or F)"},
	    {HEAD ENDS "5 1  a~a a-a a~a a-a  a=F pen=~\n",
	     "5:31: bad region letter '~' in pen= (expected a-h)"},
	    {HEAD ENDS "5 1  a~a a-a a~a a-a  a=F adj=a~\n",
	     "5:32: bad region letter '~' in adj= (expected a-h)"},
	    /* `~` as a half, not the middle */
	    {HEAD ENDS "5 1  a-~ a-a a-a a-a  a=F\n",
	     "5:8: bad region letter '~' (expected a-h)"},
	    {HEAD ENDS "5 1  ~1a a-a a-a a-a  a=F\n",
	     "5:6: bad region letter '~' (expected a-h)"},
	    /* spring and lake misused: no river side, twice, one end only */
	    {HEAD "51 1  a-a a-a a-a a-a  a=F spring\n"
	          "52 1  a-a a-a a-a a~a  a=F lake\n",
	     "3:28: spring on a design with 0 river sides (V-SET-1: exactly "
	     "one)"},
	    {HEAD "51 1  a-a a~a a-a a-a  a=F spring\n"
	          "52 1  a-a a-a a-a a-a  a=F lake\n",
	     "4:28: lake on a design with 0 river sides (V-SET-1: exactly "
	     "one)"},
	    {HEAD "51 1  a-a a~a a-a a-a  a=F spring\n"
	          "52 1  a-a a-a a-a a~a  a=F lake lake\n",
	     "4:33: repeated lake"},
	    {HEAD "52 1  a-a a-a a-a a~a  a=F lake\n",
	     "4:1: no design has spring (V-SET-1: a set with river tiles has "
	     "one spring and one lake; first river tile on line 3)"},
	    {HEAD "51 1  a-a a~a a-a a-a  a=F spring start\n"
	          "52 1  a-a a-a a-a a~a  a=F lake\n",
	     "3:35: a second start design (C-SET-3: first on line 2)"},
	    {"tileset t\n1 1  a-a a-a a-a a-a  a=R lake\n",
	     "2:27: unknown keyword 'lake' (expected x=T, pub=, hist= or adj=)"},
	};
	city_game *g = river_game(river_a), *before = NULL;
	static const char parts[] = {'~', '\0', (char)0xFF, '-', 'z', 'm'};
	size_t k;
	for (k = 0; k < sizeof sets / sizeof *sets; k++)
		parse_error(sets[k].text, CITY_EPARSE, sets[k].err);
	ck_assert_int_eq(city_game_clone(&before, g), CITY_OK);
	/* the tile decision: far, the spring's own cell, a bad rotation, past
	 * the open end; the river as a follower's part out of turn */
	/* (a cell no record text can name) */
	SCN_REFUSED(g, city_place_tile(g, INT32_MAX, 0, 0), CITY_EILLEGAL,
	            "C-TILE-1: cell (2147483647,0) shares no side with a placed "
	            "tile");
	scn_play(g, "?call place 0 0 0 = EILLEGAL \"C-TILE-1: cell (0,0) "
	            "already holds a tile\"");
	ck_assert_int_eq(city_place_tile(g, 1, 0, 4), CITY_EINVAL);
	ck_assert_str_eq(city_game_last_error(g), "R-GEO-3: rotation 4 is not "
	                                          "0..3");
	scn_play(g, "?call place 2 0 0 = EILLEGAL \"V-TILE-1: a river tile "
	            "continues the river at (1,0), not at (2,0)\"");
	ck_assert_int_eq(city_place_follower(g, '~'), CITY_EDECISION);
	ck_assert_str_eq(city_game_last_error(g),
	                 "C-TURN-1: the game waits for a tile placement, not a "
	                 "follower");
	ck_assert(same_state(g, before));
	/* the follower decision of a monastery on the river (55) */
	{
		static const int river[10] = {55, 57, 53, 54, 56, 57, 58, 59, 60,
		                              60};
		city_game_free(g);
		g = river_game(river);
		ck_assert_int_eq(city_place_tile(g, 1, 0, 0), CITY_OK);
		ck_assert_int_eq(city_game_decision(g), CITY_DECISION_FOLLOWER);
		ck_assert_int_eq(city_game_copy(before, g), CITY_OK);
		for (k = 0; k < sizeof parts; k++) {
			char want[128];
			if (parts[k] == 'm')
				continue;
			if (parts[k] == '~')
				snprintf(want, sizeof want, "V-FOL-1: the river is no "
				                            "feature; no follower goes on it");
			else
				snprintf(want, sizeof want,
				         "C-FOL-1: design 55 has no part '%c' (a region "
				         "letter, a road digit or m for a monastery)",
				         parts[k] > ' ' && parts[k] < 127 ? parts[k] : '?');
			ck_assert_int_eq(city_place_follower(g, parts[k]),
			                 CITY_EILLEGAL);
			ck_assert_str_eq(city_game_last_error(g), want);
		}
		/* the river through city_apply_move() too */
		{
			city_move m;
			memset(&m, 0, sizeof m);
			m.kind = CITY_MOVE_FOLLOWER;
			m.part = '~';
			ck_assert_int_eq(city_apply_move(g, &m), CITY_EILLEGAL);
			ck_assert_str_eq(city_game_last_error(g),
			                 "V-FOL-1: the river is no feature; no "
			                 "follower goes on it");
		}
		ck_assert(same_state(g, before));
		ck_assert_int_eq(city_place_follower(g, 'm'), CITY_OK);
	}
	city_game_free(before);
	city_game_free(g);
}
END_TEST

/* What a set of options makes: the record of its new game, or the reason
 * city_options_check() gives. */
static char *options_print(const city_options *o)
{
	city_game *g = NULL;
	char *t;
	if (city_game_new(&g, o) != CITY_OK) {
		t = malloc(256);
		ck_assert_int_ne(city_options_check(o, t, 256), CITY_OK);
		return t;
	}
	t = save_text(g);
	city_game_free(g);
	return t;
}

/* Options refused by city_options_check() with the reason want and by
 * city_game_new(), which makes nothing. */
static void new_refused(const city_options *o, const char *want)
{
	city_game *g = NULL;
	char why[160];
	ck_assert_int_eq(city_options_check(o, why, sizeof why), CITY_EINVAL);
	ck_assert_str_eq(why, want);
	ck_assert_int_eq(city_game_new(&g, o), CITY_EINVAL);
	ck_assert_ptr_null(g);
}

#define REC "citygame 1\ngame carcassonne\n"

/* Hostile records and options for The River's words (record.md,
 * carcassonne.md "Records", V-SET-1/2, V-OPT-1): each refused with its
 * status and reason, no game made, the options unchanged. */
START_TEST(test_V_hostile_river_records_and_options)
{
	static const struct {
		const char *text;
		int status;
		const char *err;
	} records[] = {
	    /* the expansion of the base game only (The City refuses it) */
	    {"citygame 1\nexpansion river\nplayers 2\nmoves\nend\n",
	     CITY_EPARSE, "line 2: expansion river needs game carcassonne"},
	    {"citygame 1\nexpansion river\ngame the-city\nplayers 2\nmoves\n"
	     "end\n",
	     CITY_EPARSE, "line 2: expansion river needs game carcassonne"},
	    /* twice, also with The Tower between */
	    {REC "expansion river\nexpansion river\nplayers 2\nmoves\nend\n",
	     CITY_EPARSE,
	     "line 4: duplicate expansion river line (first on line 3)"},
	    {REC "expansion river\nexpansion tower\nexpansion river\nplayers "
	         "2\nmoves\nend\n",
	     CITY_EPARSE,
	     "line 5: duplicate expansion river line (first on line 3)"},
	    /* unknown values */
	    {REC "expansion River\nplayers 2\nmoves\nend\n", CITY_EPARSE,
	     "line 3: expected expansion tower or river"},
	    {REC "expansion rivers\nplayers 2\nmoves\nend\n", CITY_EPARSE,
	     "line 3: expected expansion tower or river"},
	    {REC "expansion river tower\nplayers 2\nmoves\nend\n",
	     CITY_EPARSE, "line 3: expected expansion tower or river"},
	    {REC "expansion\nplayers 2\nmoves\nend\n", CITY_EPARSE,
	     "line 3: expected expansion tower or river"},
	    {REC "expansion ~\nplayers 2\nmoves\nend\n", CITY_EPARSE,
	     "line 3: expected expansion tower or river"},
	    /* after the moves, after the end */
	    {REC "players 2\nmoves\nexpansion river\nend\n", CITY_EPARSE,
	     "line 5: bad move \"expansion river\""},
	    {REC "expansion river\nplayers 2\nmoves\nexpansion river\nend\n",
	     CITY_EPARSE, "line 6: bad move \"expansion river\""},
	    {REC "players 2\nmoves\nend\nexpansion river\n", CITY_EPARSE,
	     "line 6: content after end"},
	    /* river_start: bad values, twice, without the expansion */
	    {REC "expansion river\nplayers 2\nrule river_start=bogus\nmoves\n"
	         "end\n",
	     CITY_EPARSE, "line 5: bad value \"bogus\" for rule river_start"},
	    {REC "expansion river\nplayers 2\nrule river_start=\nmoves\nend\n",
	     CITY_EPARSE, "line 5: bad value \"\" for rule river_start"},
	    {REC "expansion river\nplayers 2\nrule river_start=Remove\nmoves\n"
	         "end\n",
	     CITY_EPARSE, "line 5: bad value \"Remove\" for rule river_start"},
	    {REC "expansion river\nplayers 2\nrule river_start=1\nmoves\nend\n",
	     CITY_EPARSE, "line 5: bad value \"1\" for rule river_start"},
	    {REC "expansion river\nplayers 2\nrule river_start=remove\n"
	         "rule river_start=shuffle\nmoves\nend\n",
	     CITY_EPARSE, "line 6: duplicate rule river_start (first on line 5)"},
	    {"citygame 1\nplayers 2\nrule river_start=remove\nmoves\nend\n",
	     CITY_EPARSE, "line 3: rule river_start is not a rule of the-city"},
	    /* V-SET-1: the set and the expansion go together (named at the
	     * `moves` line, where the header is checked as a whole: the two
	     * lines may come in either order) */
	    {REC "expansion river\nplayers 2\ntileset carcassonne\nmoves\n"
	         "end\n",
	     CITY_EPARSE,
	     "line 6: V-SET-1: tile set carcassonne has no spring and lake, the "
	     "expansion river needs them"},
	    {REC "expansion river\nexpansion tower\nplayers 2\ntileset "
	         "carcassonne-tower\nmoves\nend\n",
	     CITY_EPARSE,
	     "line 7: V-SET-1: tile set carcassonne-tower has no spring and "
	     "lake, the expansion river needs them"},
	    {REC "players 2\ntileset carcassonne-river\nmoves\nend\n",
	     CITY_EPARSE,
	     "line 5: V-SET-1: tile set carcassonne-river has river tiles, the "
	     "game is played without the expansion river"},
	    /* a move off the river's open end (V-TILE-1) */
	    {REC "expansion river\nplayers 2\nmoves\nplace 0 1 0\nend\n",
	     CITY_EILLEGAL,
	     "line 6: move 1: V-TILE-1: a river tile continues the river at "
	     "(1,0), not at (0,1)"},
	};
	static const char *const bad_rules[] = {
	    "river_start=", "river_start=Remove", "river_start=yes",
	    "river_start=1", "river_start=remove ", "river_start",
	    "river_start=shuffle=remove", "river_start==remove", "river=remove",
	    "river_start=~"};
	city_options *o = river_options(CITY_EXPANSION_TOWER, 3);
	char *before, *after;
	int order[83];
	size_t k;
	for (k = 0; k < sizeof records / sizeof *records; k++)
		load_refused(records[k].text, records[k].status, records[k].err);
	/* the options of a river game: every refusal leaves them as they were */
	ck_assert_int_eq(city_options_set_seed(o, 77), CITY_OK);
	ck_assert_int_eq(city_options_parse_rule(o, "river_start=remove"),
	                 CITY_OK);
	before = options_print(o);
	ck_assert_ptr_nonnull(strstr(before, "rule river_start=remove\n"));
	for (k = 0; k < sizeof bad_rules / sizeof *bad_rules; k++)
		ck_assert_msg(city_options_parse_rule(o, bad_rules[k]) ==
		                  CITY_EPARSE,
		              "%s", bad_rules[k]);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_RIVER_START, 2),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_RIVER_START, -1),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_RIVER_START,
	                                       INT_MAX),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_options_set_expansion(o, CITY_EXPANSION_RIVER, 2),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_options_set_expansion(o, CITY_EXPANSION_RIVER, -1),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_options_set_expansion(
	                     o, CITY_EXPANSION_RIVER | CITY_EXPANSION_TOWER, 1),
	                 CITY_EINVAL);
	/* The City has no expansion: the game stays Carcassonne */
	ck_assert_int_eq(city_options_set_game(o, CITY_GAME_THE_CITY),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_options_parse_game(o, "the-city"), CITY_EINVAL);
	after = options_print(o);
	ck_assert_str_eq(before, after);
	free(after);
	/* an explicit order that breaks V-SET-2: refused by
	 * city_options_check() and city_game_new(), nothing made */
	{
		city_options *r = river_options(0, 2);
		int d, c, j;
		/* the land tiles first */
		for (d = 0, k = 0; d < 24; d++)
			for (c = 0; c < base_counts[d]; c++)
				order[k++] = d + 1;
		for (j = 0; j < 10; j++)
			order[k++] = river_a[j];
		order[k++] = 52;
		ck_assert_int_eq(city_options_set_order(r, order, 83), CITY_OK);
		new_refused(r, "V-SET-2: tile 73 of the order is design 57 (a "
		               "river tile) after a land tile");
		/* the spring drawn (instead of a D) */
		river_order(order, river_a);
		for (j = 11; order[j] != 4; j++)
			;
		order[j] = 51;
		ck_assert_int_eq(city_options_set_order(r, order, 83), CITY_OK);
		new_refused(r, "V-SET-2: the order has more than 0 of design 51");
		/* two lakes */
		river_order(order, river_a);
		order[20] = 52;
		ck_assert_int_eq(city_options_set_order(r, order, 83), CITY_OK);
		new_refused(r, "V-SET-2: the order has more than 1 of design 52");
		/* The City's set with the expansion */
		river_order(order, river_a);
		ck_assert_int_eq(city_options_set_order(r, order, 83), CITY_OK);
		ck_assert_int_eq(city_options_set_tileset(r, city_tileset_default()),
		                 CITY_OK);
		new_refused(r, "tile set the-city is a set of the-city, the game "
		               "is carcassonne");
		city_options_free(r);
	}
	/* river_start on The City's options: accepted by the builder, refused
	 * by the check (a rule of another game) */
	{
		city_options *c = NULL;
		ck_assert_int_eq(city_options_new(&c), CITY_OK);
		ck_assert_int_eq(city_options_set_expansion(c, CITY_EXPANSION_RIVER,
		                                            1),
		                 CITY_EINVAL);
		ck_assert_int_eq(city_options_parse_rule(c, "river_start=remove"),
		                 CITY_OK);
		new_refused(c, "V-OPT-1: rule river_start is not a rule of the-city");
		city_options_free(c);
	}
	free(before);
	city_options_free(o);
}
END_TEST

/* ---- whole games ------------------------------------------------------------ */

static uint64_t rng_next(uint64_t *s)
{
	return splitmix(s);
}

/* A game with the river: random moves (greedy = 0) or the move that
 * raises the mover's score most (greedy = 1, ties: the first listed);
 * the listing equals the explicit rule on every cell around the board,
 * state_check holds; the record replays it exactly. */
static void whole_game(int players, int farmers, unsigned exp, int greedy,
                       uint64_t seed)
{
	city_options *o = river_options(exp, players);
	city_game *g = NULL, *l = NULL, *t = NULL;
	static city_move mv[2048];
	uint64_t rng = seed;
	char *a, *b;
	const int rules[2][2] = {{CITY_RULE_FARMERS, farmers},
	                         {CITY_RULE_RIVER_START, (int)(seed >> 2 & 1)}};
	int steps = 0, q;
	ck_assert_int_eq(city_options_set_seed(o, seed), CITY_OK);
	for (q = 0; q < 2; q++)
		ck_assert_int_eq(city_options_set_rule(o, rules[q][0],
		                                       rules[q][1]),
		                 CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	ck_assert_int_eq(city_game_clone(&t, g), CITY_OK);
	while (city_game_decision(g) != CITY_DECISION_END) {
		size_t n = 0, i, pick = 0;
		ck_assert_int_eq(city_legal_moves(g, mv, 2048, &n), CITY_OK);
		ck_assert_uint_gt(n, 0);
		if (city_game_decision(g) == CITY_DECISION_TILE) {
			const state *s = &g->st;
			int design = st_order(s)[s->turn.cur], x, y, r;
			size_t k = 0;
			for (y = s->board.min_y - 1; y <= s->board.max_y + 1; y++)
				for (x = s->board.min_x - 1; x <= s->board.max_x + 1;
				     x++)
					for (r = 0; r < 4; r++) {
						if (g->rules->check_placement(g->opts.ts, s, x,
						                              y, design, r, NULL,
						                              0))
							continue;
						ck_assert_msg(k < n && mv[k].x == x &&
						                  mv[k].y == y &&
						                  mv[k].rotation == r,
						              "(%d,%d) r%d allowed, not listed",
						              x, y, r);
						k++;
					}
			ck_assert_uint_eq(k, n);
		}
		if (greedy) {
			int best = -1000000, me = city_game_player(g);
			for (i = 0; i < n; i++) {
				int sc = 0;
				ck_assert_int_eq(city_game_copy(t, g), CITY_OK);
				ck_assert_int_eq(city_apply_move(t, &mv[i]), CITY_OK);
				city_game_score_get(t, me, &sc);
				if (sc > best) {
					best = sc;
					pick = i;
				}
			}
		} else {
			pick = (size_t)(rng_next(&rng) % n);
		}
		ck_assert_int_eq(city_apply_move(g, &mv[pick]), CITY_OK);
		state_ok(g);
		ck_assert_int_lt(++steps, 1000);
	}
	/* the river came first: the spring at (0,0), then the 10 + lake */
	ck_assert_int_eq(city_score_final(g), CITY_OK);
	a = save_text(g);
	l = load_same(a, g);
	b = save_text(l);
	city_game_free(l);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	city_game_free(t);
	city_game_free(g);
	city_options_free(o);
}

START_TEST(test_V_SET_random_and_greedy_games_replay)
{
	int players = 2 + _i % 4, farmers = _i / 4 % 2;
	unsigned exp = _i / 8 ? CITY_EXPANSION_TOWER : 0u;
	for (uint64_t seed = 0; seed < 3; seed++) {
		whole_game(players, farmers, exp, 0, seed * 16 + (uint64_t)_i);
		if (seed == 0)
			whole_game(players, farmers, exp, 1, (uint64_t)_i);
	}
}
END_TEST

static Suite *carc_river_suite(void)
{
	Suite *s = suite_create("carc_river");
	TCase *tc = tcase_create("river");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_V_SET_1_tileset_river_tokens);
	tcase_add_test(tc, test_V_SET_1_builtin_river_sets);
	tcase_add_test(tc, test_V_SET_1_river_tiles_need_the_expansion);
	tcase_add_test(tc, test_V_SET_2_seeded_order);
	tcase_add_test(tc, test_V_SET_2_explicit_order);
	tcase_add_test(tc, test_V_OPT_1_river_start);
	tcase_add_test(tc, test_V_TILE_1_straight_at_the_open_end);
	tcase_add_test(tc, test_V_TILE_2_no_u_turn_after_right);
	tcase_add_test(tc, test_V_TILE_2_no_u_turn_after_left);
	tcase_add_test(tc, test_V_GEO_1_land_tile_against_a_river_side);
	tcase_add_test(tc, test_V_GEO_1_fields_across_the_banks);
	tcase_add_test(tc, test_V_FOL_1_no_follower_on_the_river);
	tcase_add_test(tc, test_V_SET_records);
	tcase_add_test(tc, test_V_hostile_river_input);
	tcase_add_test(tc, test_V_hostile_river_records_and_options);
	tcase_add_loop_test(tc, test_V_SET_random_and_greedy_games_replay, 0, 16);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(carc_river_suite)
