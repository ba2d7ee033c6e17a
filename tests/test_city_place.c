/*
 * Rule tests, part 1: set-up, turns, tile placement, legal-move counts,
 * discards, stacks, the seeded order, errors and rule options.
 *
 * Every expectation below is computed by hand from rules.md, tileset.md and
 * record.md; the boards are drawn in comments ("x" grows east, "y" grows
 * south). Tile names refer to the designs of tests/scenario.h:
 *   BLANK  residential only         DEAD  street east, ends on the tile
 *   STRAIGHT street W-E              CURVE street N-E
 *   CROSS  streets 1N 2E 3S 4W       MKT_F market on the north side
 * A design rotated by r has its design side d on board side (d + r) % 4.
 */
#include <check.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "common.h"
#include "scenario.h"

/*
 * The scenarios are scripts of tests/scenario.h: moves as record text and
 * '?' expectations, each scenario a row of `place_cases` (at the end of
 * the scenarios, run by one loop test). A scenario that also asserts what
 * no script can (a rotation outside 0..3, which no move text carries, a
 * too small buffer, a refusal of either status, the last error of a new
 * game) goes on in the row's function after its script.
 */

/* Tile sets of the scenarios below. */
#define BLANK_DEAD "tileset t\n1 1 " SCN_BLANK "\n2 1 " SCN_DEAD "\n"
#define BLANKS(n) "tileset t\n1 " #n " " SCN_BLANK "\n"

/* ------------------------------------------------------------------------
 * R-SET-1, R-SET-2: players, supplies, turn order
 * ---------------------------------------------------------------------- */

START_TEST(test_R_SET_2_supplies_per_player_count)
{
	/* 12 / n towers: 6, 4, 3; 7 followers; 70 wall pieces. */
	static const int towers[5] = {0, 0, 6, 4, 3};
	int n;
	for (n = 2; n <= 4; n++) {
		city_options *o = NULL;
		city_game *g = NULL;
		int p;
		ck_assert_int_eq(city_options_new(&o), CITY_OK);
		ck_assert_int_eq(city_options_set_players(o, n), CITY_OK);
		ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
		ck_assert_int_eq(city_game_players(g), n);
		for (p = 0; p < n; p++)
			scn_play(g, "?supply %d = 7; ?towers %d = %d\n"
			            "?score %d = 0",
			         p, p, towers[n], p);
		scn_play(g, "?walls_left = 70; ?follower_count = 0");
		ck_assert_int_eq(city_game_supply(g, n, NULL, NULL), CITY_EINVAL);
		city_game_free(g);
		city_options_free(o);
	}
}
END_TEST

START_TEST(test_R_SET_1_players_range)
{
	city_options *o = NULL;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, 1), CITY_EINVAL);
	ck_assert_int_eq(city_options_set_players(o, 5), CITY_EINVAL);
	ck_assert_int_eq(city_options_set_players(o, 0), CITY_EINVAL);
	ck_assert_int_eq(city_options_set_players(o, 4), CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, 2), CITY_OK);
	city_options_free(o);
}
END_TEST

/* ------------------------------------------------------------------------
 * R-TURN-2: the start tile
 * ---------------------------------------------------------------------- */

static void R_TURN_2_start_tile(city_game *g)
{
	/* Rotations no move text can carry. */
	SCN_REFUSED(g, city_place_tile(g, 0, 0, 4), CITY_EINVAL,
	            "R-GEO-3: rotation 4 is not 0..3");
	SCN_REFUSED(g, city_place_tile(g, 0, 0, -1), CITY_EINVAL,
	            "R-GEO-3: rotation -1 is not 0..3");
	/* A follower may be placed on the start tile as on any tile. */
	scn_play(g, "place 0 0 3; ?tile_at 0 0 = 2 3\n"
	            "?ask follower 0; ?followers = a1P; follower 1\n"
	            "?ffollowers 0 0 1 0 = 1");
}

/* ------------------------------------------------------------------------
 * R-TILE-1, R-TILE-2, R-GEO-3 and exact legal-move counts
 * ---------------------------------------------------------------------- */

static void R_TILE_1_must_touch_a_side(city_game *g)
{
	/* A rotation no move text can carry. */
	SCN_REFUSED(g, city_place_tile(g, 1, 0, 5), CITY_EINVAL,
	            "R-GEO-3: rotation 5 is not 0..3");
	scn_play(g, "place 0 -1 1; ?tile_count = 2");
}

static void R_TILE_2_sorted_list(city_game *g)
{
	/* A too small buffer: ERANGE, the count, the first moves. */
	city_move mv[16];
	size_t n = 0;
	memset(mv, 0, sizeof mv);
	ck_assert_int_eq(city_legal_moves(g, mv, 3, &n), CITY_ERANGE);
	ck_assert_uint_eq(n, 8);
	ck_assert_int_eq(mv[2].x, -1);
	ck_assert_int_eq(mv[2].rotation, 1);
}

static void R_FOL_1_part_order(city_game *g)
{
	/* A part that the design does not have is refused, nothing changes
	 * (either status; a script names one). */
	scn_snapshot s;
	int rc;
	scn_snap(g, &s);
	rc = city_place_follower(g, 'h');
	ck_assert(rc == CITY_EINVAL || rc == CITY_EILLEGAL);
	scn_refused(g, &s, rc, rc,
	            "R-FOL-1: design 6 has no part 'h' (a region letter or "
	            "street digit)");
	rc = city_place_follower(g, '7');
	ck_assert(rc == CITY_EINVAL || rc == CITY_EILLEGAL);
	scn_refused(g, &s, rc, rc,
	            "R-FOL-1: design 6 has no part '7' (a region letter or "
	            "street digit)");
	scn_snap_free(&s);

	/* At most one follower per turn: the decision moves on. */
	scn_play(g, "follower 3; ?ask tile 1; ?supply 0 = 6\n"
	            "?call follower a = EDECISION \"R-TURN-1: the game waits "
	            "for a tile placement, not a follower\"\n"
	            "?follower_count = 1; ?follower 0 = 0 citizen 0 0 3");

	/* TWIN below the cross: the cross' south street (3) needs a street on
	 * the TWIN's north: design N (segment 1) at r0, design W at r1,
	 * design S at r2, design E at r3 - every rotation has a street on
	 * every side, so all 4 fit at (0,1); and every other neighbour too.
	 * 4 cells x 4 = 16.
	 * Then segment 1 joins the cross' street 3, occupied by player 0
	 * (R-FOL-2); the regions: TWIN a (NW) meets cross d, TWIN b meets
	 * cross c; c (SE wedge) is alone; segment 2 is free. */
	scn_play(g, "?legal = 16; place 0 1 0; ?followers = abc2P");
}

/* ------------------------------------------------------------------------
 * R-TILE-5: holes
 * ---------------------------------------------------------------------- */

/* ------------------------------------------------------------------------
 * R-TURN-4 discards, R-END-1b
 * ---------------------------------------------------------------------- */

/* ------------------------------------------------------------------------
 * R-SET-4, R-TURN-3: stacks
 * ---------------------------------------------------------------------- */

/* Play every tile of the game with the first legal move (passing every
 * follower decision) and check, at each tile decision i, the current
 * design, its stack and the tiles left in every stack. */
static void play_and_check_stacks(city_game *g, const int *order, size_t n,
                                  const unsigned sizes[3])
{
	size_t i;
	for (i = 0; i < n; i++) {
		int design = 0, stack = 0, s;
		unsigned before = 0;
		city_move mv;
		size_t cnt = 0;
		scn_expect(g, CITY_DECISION_TILE, (int)(i % 2));
		ck_assert_int_eq(city_game_current_tile(g, &design, &stack),
		                 CITY_OK);
		ck_assert_int_eq(design, order[i]);
		/* stack of tile i, and tiles left per stack */
		for (s = 0; s < 3; s++) {
			unsigned lo = before, hi = before + sizes[s];
			int left;
			if (i >= lo && i < hi)
				ck_assert_int_eq(stack, s + 1);
			if (i >= hi)
				left = 0;
			else if (i >= lo)
				left = (int)(hi - i - 1);
			else
				left = (int)sizes[s];
			ck_assert_msg(city_game_tiles_left(g, s + 1) == left,
			              "draw %zu: stack %d has %d left, expected %d",
			              i, s + 1, city_game_tiles_left(g, s + 1),
			              left);
			before = hi;
		}
		s = city_legal_moves(g, &mv, 1, &cnt);
		ck_assert(s == CITY_OK || s == CITY_ERANGE);
		ck_assert_uint_gt(cnt, 0);
		ck_assert_int_eq(city_apply_move(g, &mv), CITY_OK);
		if (city_game_decision(g) == CITY_DECISION_FOLLOWER) {
			/* R-TURN-3: the turn belongs to its tile's stack. */
			int d2 = 0, s2 = 0;
			ck_assert_int_eq(city_game_current_tile(g, &d2, &s2),
			                 CITY_OK);
			ck_assert_int_eq(d2, order[i]);
			ck_assert_int_eq(s2, stack);
			scn_play(g, "pass");
		}
	}
	scn_expect_ended(g, CITY_ENDED_TILES);
	ck_assert_int_eq(city_game_tiles_left(g, 1), 0);
	ck_assert_int_eq(city_game_tiles_left(g, 2), 0);
	ck_assert_int_eq(city_game_tiles_left(g, 3), 0);
	ck_assert_int_eq(city_game_tile_count(g), (int)n);
}

/* Ten tiles without streets: they fit anywhere next to the city, and
 * markets complete only without followers (we always pass), so no wall
 * round is ever triggered (R-OPT-1 default). */
#define TEN_TILES "tileset t\n1 5 " SCN_BLANK "\n7 5 " SCN_MKT_F "\n"
static const int ten_order[10] = {1, 7, 7, 1, 1, 7, 1, 7, 7, 1};

/* Stack sizes given (a, b, c; 0 0 0: the proportional default) and the
 * sizes that follow. 4 0 6: stack 2 is empty and skipped, the 5th tile is
 * from stack 3. */
static const struct {
	unsigned a, b, c, sizes[3];
} ten_stacks[] = {
        {0, 0, 0, {5, 3, 2}},   /* the default split of ten tiles */
        {4, 0, 6, {4, 0, 6}},   /* an empty stack is skipped */
        {10, 0, 0, {10, 0, 0}}, /* all in stack one */
};

START_TEST(test_R_SET_4_split_of_ten_tiles)
{
	city_options *o = scn_options(TEN_TILES, 2, ten_order, 10,
	                              ten_stacks[_i].a, ten_stacks[_i].b,
	                              ten_stacks[_i].c);
	city_game *g = NULL;
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	city_options_free(o);
	ck_assert_int_eq(city_game_tiles_left(g, 0), CITY_EINVAL);
	ck_assert_int_eq(city_game_tiles_left(g, 4), CITY_EINVAL);
	play_and_check_stacks(g, ten_order, 10, ten_stacks[_i].sizes);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_SET_4_proportional_split_small_sets)
{
	/* stack 2 = floor(n*25/75), stack 3 = floor(n*20/75), stack 1 the
	 * rest:  n=1 1/0/0, n=3 2/1/0, n=4 2/1/1, n=7 4/2/1, n=13 6/4/3. */
	static const unsigned ns[5] = {1, 3, 4, 7, 13};
	size_t k;
	for (k = 0; k < 5; k++) {
		unsigned n = ns[k], sizes[3], i;
		int order[13];
		char text[256];
		city_options *o;
		city_game *g = NULL;
		sizes[1] = n * 25 / 75;
		sizes[2] = n * 20 / 75;
		sizes[0] = n - sizes[1] - sizes[2];
		/* two identical street-less designs (a COUNT is at most 9) */
		if (n > 9)
			snprintf(text, sizeof text,
			         "tileset t\n1 9 " SCN_BLANK "\n14 %u " SCN_BLANK
			         "\n",
			         n - 9);
		else
			snprintf(text, sizeof text, "tileset t\n1 %u " SCN_BLANK "\n",
			         n);
		for (i = 0; i < n; i++)
			order[i] = i < 9 ? 1 : 14;
		o = scn_options(text, 2, order, n, 0, 0, 0);
		ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
		city_options_free(o);
		play_and_check_stacks(g, order, n, sizes);
		city_game_free(g);
	}
}
END_TEST

START_TEST(test_R_SET_4_bad_sizes_and_orders_rejected)
{
	static const int short_order[9] = {1, 7, 7, 1, 1, 7, 1, 7, 7};
	static const int wrong_mix[10] = {1, 7, 7, 1, 1, 7, 1, 7, 7, 7};
	static const int unknown[10] = {1, 7, 7, 1, 1, 7, 1, 7, 7, 2};
	static const struct {
		const int *order;
		size_t n;
		unsigned a, b, c;
	} bad[] = {
	        /* sizes that do not sum to the set's size */
	        {ten_order, 10, 3, 3, 3},
	        {ten_order, 10, 9, 1, 1},
	        /* orders that are not a permutation of the set's instances */
	        {short_order, 9, 0, 0, 0},
	        {wrong_mix, 10, 0, 0, 0},
	        {unknown, 10, 0, 0, 0},
	};
	city_options *o = NULL;
	city_game *g = NULL;
	size_t i;

	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_stacks(o, 0, 5, 5), CITY_EINVAL);
	city_options_free(o);
	for (i = 0; i < N_OF(bad); i++) {
		o = scn_options(TEN_TILES, 2, bad[i].order, bad[i].n, bad[i].a,
		                bad[i].b, bad[i].c);
		ck_assert_int_eq(city_game_new(&g, o), CITY_EINVAL);
		ck_assert_ptr_null(g);
		city_options_free(o);
	}
	ck_assert_int_eq(city_game_new(NULL, NULL), CITY_EINVAL);
}
END_TEST

START_TEST(test_R_SET_4_builtin_set_default_30_25_20)
{
	city_game *g = NULL;
	int design = 0, stack = 0;
	ck_assert_int_eq(city_game_new(&g, NULL), CITY_OK);
	ck_assert_int_eq(city_game_players(g), 2);
	scn_play(g, "?left 1 = 29; ?left 2 = 25; ?left 3 = 20");
	ck_assert_int_eq(city_game_current_tile(g, &design, &stack), CITY_OK);
	ck_assert_int_eq(stack, 1);
	scn_play(g, "?legal = 4");
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * R-RNG: the seeded order
 * ---------------------------------------------------------------------- */

/* The spec's shuffle, written from R-RNG: instances in design order, then
 * Fisher-Yates from the last index down. Returns the number of tiles. */
static size_t spec_order(const city_tileset *ts, uint64_t seed, int *out,
                         size_t cap)
{
	unsigned d, nd = city_tileset_design_count(ts);
	size_t n = 0, i;
	uint64_t st = seed;
	for (d = 0; d < nd; d++) {
		int c, cnt = city_tileset_design_count_of(ts, d);
		for (c = 0; c < cnt; c++) {
			ck_assert_uint_lt(n, cap);
			out[n++] = city_tileset_design_id(ts, d);
		}
	}
	for (i = n - 1; i >= 1; i--) {
		size_t j = (size_t)(test_rand(&st) % (uint64_t)(i + 1));
		int t = out[i];
		out[i] = out[j];
		out[j] = t;
	}
	return n;
}

/* Play the first legal move at every decision (passing followers) and
 * write the designs drawn, in draw order (discarded tiles included, from
 * the event log), until `want` draws are seen or the game ends. */
static size_t observe_draws(city_game *g, int *draws, size_t want)
{
	size_t n = 0;
	int seen = 0;
	while (n < want) {
		int d = city_game_decision(g), i, ne = city_game_event_count(g);
		for (i = seen; i < ne && n < want; i++) {
			city_event e;
			ck_assert_int_eq(city_game_event(g, (size_t)i, &e), CITY_OK);
			if (e.kind == CITY_EVENT_DISCARD)
				draws[n++] = e.design;
		}
		seen = ne;
		if (d == CITY_DECISION_END || n >= want)
			break;
		if (d == CITY_DECISION_TILE) {
			city_move mv[1];
			size_t cnt = 0;
			int design = 0;
			ck_assert_int_eq(city_game_current_tile(g, &design, NULL),
			                 CITY_OK);
			draws[n++] = design;
			city_legal_moves(g, mv, 1, &cnt);
			ck_assert_uint_gt(cnt, 0);
			ck_assert_int_eq(city_apply_move(g, &mv[0]), CITY_OK);
		} else if (d == CITY_DECISION_FOLLOWER) {
			scn_play(g, "pass");
		} else {
			ck_abort_msg("unexpected decision %d in stack 1", d);
		}
	}
	return n;
}

START_TEST(test_R_RNG_splitmix_vectors)
{
	/* Our own generator against the spec's vectors (so the next tests
	 * compare the engine with a correct reference). */
	uint64_t st = 1234567;
	ck_assert(test_rand(&st) == UINT64_C(6457827717110365317));
	ck_assert(test_rand(&st) == UINT64_C(3203168211198807973));
	ck_assert(test_rand(&st) == UINT64_C(9817491932198370423));
}
END_TEST

START_TEST(test_R_RNG_seed_42_builtin_first_draws)
{
	static const int want[20] = {2,  36, 42, 4,  21, 2,  3, 43, 37, 12,
	                             60, 54, 6,  44, 1,  34, 13, 5, 58, 51};
	int ref[255], draws[30];
	size_t n, i;
	city_options *o = NULL;
	city_game *g = NULL;

	/* The reference shuffle reproduces the spec's vector ... */
	n = spec_order(city_tileset_default(), 42, ref, 255);
	ck_assert_uint_eq(n, 75);
	for (i = 0; i < 20; i++)
		ck_assert_int_eq(ref[i], want[i]);

	/* ... and the engine draws it: all 30 tiles of stack 1. */
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_seed(o, 42), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	city_options_free(o);
	{
		int design = 0, stack = 0;
		ck_assert_int_eq(city_game_current_tile(g, &design, &stack),
		                 CITY_OK);
		ck_assert_int_eq(design, 2);
		ck_assert_int_eq(stack, 1);
	}
	n = observe_draws(g, draws, 30);
	ck_assert_uint_eq(n, 30);
	for (i = 0; i < n; i++)
		ck_assert_msg(draws[i] == ref[i], "draw %zu: design %d, expected %d",
		              i, draws[i], ref[i]);
	city_game_free(g);
}
END_TEST

/* Ten street-less tiles of four designs: the instance list
 * 1,2,2,3,3,3,4,4,4,4. */
#define FOUR_DESIGNS                                                         \
	"tileset t\n1 1 " SCN_BLANK "\n2 2 " SCN_MKT_F "\n3 3 " SCN_MKT_G     \
	"\n4 4 " SCN_MKT_L "\n"

/* A game of FOUR_DESIGNS (all in stack 1) with `seed`, after the explicit
 * order `order` when not NULL, draws the spec's shuffle of the instance
 * list for that seed. */
static void expect_seeded_draws(uint64_t seed, const int *order)
{
	city_tileset *ts = scn_tileset(FOUR_DESIGNS);
	int ref[16], draws[16];
	size_t n, i;
	city_options *o = NULL;
	city_game *g = NULL;
	n = spec_order(ts, seed, ref, 16);
	ck_assert_uint_eq(n, 10);
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_tileset(o, ts), CITY_OK);
	if (order)
		ck_assert_int_eq(city_options_set_order(o, order, 10), CITY_OK);
	ck_assert_int_eq(city_options_set_seed(o, seed), CITY_OK);
	ck_assert_int_eq(city_options_set_stacks(o, 10, 0, 0), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	city_options_free(o);
	n = observe_draws(g, draws, 10);
	ck_assert_uint_eq(n, 10);
	for (i = 0; i < n; i++)
		ck_assert_msg(draws[i] == ref[i],
		              "seed %" PRIu64 " draw %zu: %d, expected %d", seed, i,
		              draws[i], ref[i]);
	city_game_free(g);
	city_tileset_free(ts);
}

START_TEST(test_R_RNG_custom_set_seeded_order)
{
	/* Any seed: the engine's order is the spec's shuffle. */
	expect_seeded_draws(0, NULL);
	expect_seeded_draws(7, NULL);
	expect_seeded_draws(UINT64_C(18446744073709551615), NULL);
}
END_TEST

START_TEST(test_R_SET_4_seed_clears_explicit_order)
{
	/* set_order then set_seed: the seeded order is used. */
	static const int explicit_order[10] = {4, 4, 4, 4, 3, 3, 3, 2, 2, 1};
	expect_seeded_draws(99, explicit_order);
}
END_TEST

/* ------------------------------------------------------------------------
 * R-ERR-1, R-ERR-2: statuses, atomicity
 * ---------------------------------------------------------------------- */

/* R-ERR-1: every call refuses a NULL game (no game, so no script). */
START_TEST(test_R_ERR_1_null_handles)
{
	size_t n = 0;
	ck_assert_int_eq(city_place_tile(NULL, 0, 0, 0), CITY_EINVAL);
	ck_assert_int_eq(city_place_follower(NULL, 'a'), CITY_EINVAL);
	ck_assert_int_eq(city_pass(NULL), CITY_EINVAL);
	ck_assert_int_eq(city_game_decision(NULL), CITY_EINVAL);
	ck_assert_int_eq(city_score_final(NULL), CITY_EINVAL);
	ck_assert_ptr_nonnull(city_game_last_error(NULL));
	ck_assert_int_eq(city_legal_moves(NULL, NULL, 0, &n), CITY_EINVAL);
}
END_TEST

static void R_ERR_2_last_error_names_rule(city_game *g)
{
	ck_assert_str_eq(city_game_last_error(g), "");
	scn_play(g, "place 0 0 0; pass");
	ck_assert_int_eq(city_place_tile(g, 1, 0, 0), CITY_EILLEGAL);
	ck_assert_ptr_nonnull(strstr(city_game_last_error(g), "R-TILE-2"));
	ck_assert_int_eq(city_place_tile(g, 3, 3, 0), CITY_EILLEGAL);
	ck_assert_ptr_nonnull(strstr(city_game_last_error(g), "R-TILE-1"));
}

/* ------------------------------------------------------------------------
 * The scenarios as rows
 * ---------------------------------------------------------------------- */

/* A scenario: its row (the rule ids and what it shows, the game, the
 * tiles, the script) and, when it also asserts what no script can, the
 * function that goes on after the script (NULL: none). */
typedef struct place_case {
	scn_case c;
	void (*then)(city_game *g);
} place_case;

#define DEAD_STRAIGHT "tileset t\n2 1 " SCN_DEAD "\n3 1 " SCN_STRAIGHT "\n"
#define DEAD_CURVE "tileset t\n2 1 " SCN_DEAD "\n4 1 " SCN_CURVE "\n"
#define TWIN_CROSS "tileset t\n5 1 " SCN_TWIN "\n6 1 " SCN_CROSS "\n"
#define BLANK_DEAD_2_2 "tileset t\n1 2 " SCN_BLANK "\n2 2 " SCN_DEAD "\n"
#define BLANK_DEAD_1_2 "tileset t\n1 1 " SCN_BLANK "\n2 2 " SCN_DEAD "\n"
/* Two BLANKs (id 1) and two CROSSes (id 6). */
#define CROSS_BLANK "tileset t\n1 2 " SCN_BLANK "\n6 2 " SCN_CROSS "\n"

static const place_case place_cases[] = {
        /* Four blanks in a row; player 0 starts and play goes 0, 1, 2, 0.
         * Player 0 puts a steward on the start tile; every later blank
         * joins that residential area, so every later follower decision
         * has only `pass` and is skipped (record.md). */
        {{"R-SET-1: turn order with three players",
          "city players=3 order=1,1,1,1", BLANKS(4),
          "?ask tile 0; place 0 0 0\n"
          "?ask follower 0; ?followers = aP; follower a\n"
          "?ask tile 1; place 1 0 0; ?ask tile 2; place 2 0 0\n"
          "?ask tile 0; place 3 0 0; ?ask end; ?move_count = 5\n"
          "?supply 0 = 6; ?invariants"},
         NULL},

        /* Exactly (0,0) r0..r3, sorted by rotation; anywhere else breaks
         * R-TURN-2 and changes nothing. */
        {{"R-TURN-2: the start tile, four rotations at the origin",
          "city order=2,1", BLANK_DEAD,
          "?ask tile 0; ?current = 2 1; ?tile_count = 0\n"
          "?bounds = ENOTFOUND\n"
          "?moves = place 0 0 0, place 0 0 1, place 0 0 2, place 0 0 3\n"
          "?call place 1 0 0 = EILLEGAL \"R-TURN-2: the start tile goes "
          "at (0,0), not (1,0)\"\n"
          "?call place 0 -1 2 = EILLEGAL \"R-TURN-2: the start tile goes "
          "at (0,0), not (0,-1)\""},
         R_TURN_2_start_tile},

        /* Board after the start tile:   . . .
         *                               . B .      B = BLANK at (0,0)
         *                               . . .
         * A second BLANK fits on the 4 side neighbours in 4 rotations:
         * 16. Refused: (0,0) is occupied, (1,1) and (-1,-1) touch a
         * corner only, (2,0) touches nothing. */
        {{"R-TILE-1, R-GEO-3: a tile must touch a side of a placed tile",
          "city order=1,1", BLANKS(2),
          "place 0 0 0; pass; ?ask tile 1; ?legal = 16\n"
          "?call place 0 0 0 = EILLEGAL \"R-TILE-1: cell (0,0) is not "
          "empty\"\n"
          "?call place 1 1 0 = EILLEGAL \"R-TILE-1: cell (1,1) shares no "
          "side with a placed tile\"\n"
          "?call place -1 -1 2 = EILLEGAL \"R-TILE-1: cell (-1,-1) shares "
          "no side with a placed tile\"\n"
          "?call place 2 0 0 = EILLEGAL \"R-TILE-1: cell (2,0) shares no "
          "side with a placed tile\""},
         R_TILE_1_must_touch_a_side},

        /* DEAD at (0,0) r0: its street ends on the east side.
         *        .
         *     .  D- .      the street faces (1,0)
         *        .
         * BLANK has no street in any rotation, so (1,0) is illegal in
         * every rotation, and the other three neighbours take 4 rotations
         * each: 12, sorted by (y, x, rotation). */
        {{"R-TILE-2: a street must continue, no BLANK after a dead end",
          "city order=2,1", BLANK_DEAD,
          "place 0 0 0; pass; ?legal = 12\n"
          "?moves = place 0 -1 0, place 0 -1 1, place 0 -1 2, place 0 -1 3, "
          "place -1 0 0, place -1 0 1, place -1 0 2, place -1 0 3, "
          "place 0 1 0, place 0 1 1, place 0 1 2, place 0 1 3\n"
          "?call place 1 0 0 = EILLEGAL \"R-TILE-2: no street on west side "
          "at (1,0) leaves open the street of tile (0,0)\"\n"
          "?call place 1 0 1 = EILLEGAL \"R-TILE-2: no street on west side "
          "at (1,0) leaves open the street of tile (0,0)\"\n"
          "?call place 1 0 2 = EILLEGAL \"R-TILE-2: no street on west side "
          "at (1,0) leaves open the street of tile (0,0)\"\n"
          "?call place 1 0 3 = EILLEGAL \"R-TILE-2: no street on west side "
          "at (1,0) leaves open the street of tile (0,0)\""},
         NULL},

        /* DEAD at (0,0) r0 (street east). A second DEAD (street on
         * design E, so on board side (1+r)%4):
         *   (1,0)  needs its street west:        r=2 only       -> 1
         *   (0,-1) its south must have none:     r!=1           -> 3
         *   (0,1)  its north must have none:     r!=3           -> 3
         *   (-1,0) its east must have none:      r!=0           -> 3
         * total 10. */
        {{"R-TILE-2: a dead end after a dead end, 10 placements",
          "city order=2,2", "tileset t\n2 2 " SCN_DEAD "\n",
          "place 0 0 0; pass; ?legal = 10\n"
          "?call place 1 0 0 = EILLEGAL \"R-TILE-2: no street on west side "
          "at (1,0) leaves open the street of tile (0,0)\"\n"
          "?call place 0 -1 1 = EILLEGAL \"R-TILE-2: street on south side "
          "at (0,-1) meets no street of tile (0,0)\"\n"
          "?call place -1 0 0 = EILLEGAL \"R-TILE-2: street on east side "
          "at (-1,0) meets no street of tile (0,0)\"\n"
          "place 1 0 2"},
         NULL},

        /* DEAD at (0,0) r0; STRAIGHT has streets on design E and W:
         *   r0, r2: streets E+W;  r1, r3: streets S+N.
         *   (0,-1) south free of street: r0 r2     (y=-1 first)
         *   (-1,0) east free of street:  r1 r3
         *   (1,0)  west has a street:    r0 r2
         *   (0,1)  north free of street: r0 r2
         * 8 moves, sorted by (y, x, rotation). */
        {{"R-TILE-2: a STRAIGHT after a dead end, the sorted list",
          "city order=2,3", DEAD_STRAIGHT,
          "place 0 0 0; pass\n"
          "?moves = place 0 -1 0, place 0 -1 2, place -1 0 1, "
          "place -1 0 3, place 1 0 0, place 1 0 2, place 0 1 0, "
          "place 0 1 2"},
         R_TILE_2_sorted_list},

        /* CURVE (design street N-E) placed with r1 turns clockwise: N->E
         * and E->S, so its street is on E and S.
         *        .
         *     .  C-  .       C = CURVE r1 at (0,0), street E and S
         *        |
         *        .
         * A DEAD then fits (street on board side (1+r)%4):
         *   (0,-1) south free:  r0 r2 r3      (-1,0) east free: r1 r2 r3
         *   (1,0)  west street: r2            (0,1) north street: r3
         * 8 moves. A counter-clockwise engine would put the curve on N
         * and W. The DEAD at (0,1) r3 then closes the curve's south end:
         * the street C(0,0)+D(0,1) is open only on the curve's east
         * side. */
        {{"R-GEO-3: rotation is clockwise", "city order=4,2",
          DEAD_CURVE,
          "place 0 0 1; ?tile_at 0 0 = 4 1; ?tile_at 1 0 = ENOTFOUND\n"
          "pass\n"
          "?moves = place 0 -1 0, place 0 -1 2, place 0 -1 3, "
          "place -1 0 1, place -1 0 2, place -1 0 3, place 1 0 2, "
          "place 0 1 3\n"
          "?call place 0 1 1 = EILLEGAL \"R-TILE-2: no street on north "
          "side at (0,1) leaves open the street of tile (0,0)\"\n"
          "?call place 0 -1 1 = EILLEGAL \"R-TILE-2: street on south side "
          "at (0,-1) meets no street of tile (0,0)\"\n"
          "place 0 1 3; ?same 0 0 1 0 1 1 = 1; ?ftiles 0 0 1 = 2\n"
          "?complete 0 0 1 = 0; ?fkind 0 0 1 = street\n"
          "?fkind 0 0 b = residential"},
         NULL},

        /* CROSS as start tile: regions a b c d, then streets 1 2 3 4,
         * then pass: 9 legal moves in that order (the last, pass, is the
         * ninth: ?followers writes it P). */
        {{"R-FOL-1: follower moves in part order, one a turn",
          "city order=6,5", TWIN_CROSS,
          "place 0 0 0; ?ask follower 0; ?legal = 9\n"
          "?followers = abcd1234P"},
         R_FOL_1_part_order},

        /* Eight blanks around the cell (0,1), placed in ring order:
         *      x: -1  0  1
         *  y=0     8  1  2
         *  y=1     7  .  3        . = (0,1) becomes a hole
         *  y=2     6  5  4
         * Player 0's steward on the start tile holds the single
         * residential area, so every later follower decision (only pass)
         * is skipped. (0,1) is exterior before each of the first six
         * tiles, a hole after the 8th, a tile when filled. The ninth
         * blank: 12 exterior neighbours of the 3x3 block + the hole = 13
         * cells x 4 rotations = 52 legal moves. */
        {{"R-TILE-5: a hole may be filled", "city order=1,1,1,1,1,1,1,1,1",
          BLANKS(9),
          "?ask tile 0; ?cell 0 1 = exterior; place 0 0 0; follower a\n"
          "?ask tile 1; ?cell 0 1 = exterior; place 1 0 0\n"
          "?ask tile 0; ?cell 0 1 = exterior; place 1 1 0\n"
          "?ask tile 1; ?cell 0 1 = exterior; place 1 2 0\n"
          "?ask tile 0; ?cell 0 1 = exterior; place 0 2 0\n"
          "?ask tile 1; ?cell 0 1 = exterior; place -1 2 0\n"
          "?ask tile 0; place -1 1 0; ?ask tile 1; place -1 0 0\n"
          "?cell 0 1 = hole; ?cell 0 0 = tile; ?cell 2 1 = exterior\n"
          "?cell 100 -100 = exterior; ?bounds = -1 0 1 2\n"
          "?ask tile 0; ?legal = 52; place 0 1 2; ?cell 0 1 = tile\n"
          "?tile_count = 9; ?ask end; ?ended = 2"},
         NULL},

        /* A hole needs no corner tile at (-1,0): (0,1) is enclosed as
         * soon as its four side neighbours are tiles. Placement order:
         *      x: -1  0  1
         *  y=0     .  1  2
         *  y=1     7  .  3
         *  y=2     6  5  4
         * Before the 7th tile (0,1) reaches the outside through (-1,1)
         * (exterior, cell 1); after it, (0,1) is a hole (2) while (-1,0)
         * is still exterior. Nobody takes the residential area, so every
         * tile asks a follower decision, passed. */
        {{"R-GEO-8: a hole once enclosed on four sides",
          "city order=1,1,1,1,1,1,1", BLANKS(7),
          "place 0 0 0; pass; place 1 0 0; pass; place 1 1 0; pass\n"
          "place 1 2 0; pass; place 0 2 0; pass; place -1 2 0; pass\n"
          "?cell 0 1 = 1; place -1 1 0; pass\n"
          "?cell 0 1 = 2; ?cell -1 0 = 1"},
         NULL},

        /* Order: CROSS, BLANK, CROSS, BLANK.
         * 1. P0 places the CROSS at (0,0): a street on every side.
         * 2. P1 draws a BLANK: every neighbour of (0,0) faces a street and
         *    a BLANK has none -> no legal placement -> discarded (event:
         *    a BLANK, id 1, by nobody, player -1, for no points), and P1
         *    draws the CROSS: 4 cells x 4 rotations = 16 legal moves. The
         *    discard is not a move.
         * 3. P1 places the CROSS at (1,0) r0: its street 4 meets the
         *    first cross' street 2 (both end at crossings): complete, 2
         *    tiles, nobody on it. Follower moves: a b c d 1 2 3 pass (4
         *    completed).
         * 4. P0 draws the last BLANK: still no legal place (all 6 free
         *    neighbours face streets) -> discarded; no tile left -> the
         *    game ends (R-END-1b) with reason TILES (2) only.
         * Final scoring: nobody has a follower; 0 : 0 is a tie (R-END-6).
         */
        {{"R-TURN-4, R-END-1b: an unplayable tile is discarded",
          "city order=6,1,6,1", CROSS_BLANK,
          "place 0 0 0; pass; ?ask tile 1; ?current = 6 1\n"
          "?left 1 = 1; ?events discard * = 1\n"
          "?event -1 = discard -1 0 * * * * 1; ?move_count = 2\n"
          "?legal = 16; place 1 0 0; ?ask follower 1\n"
          "?followers = abcd123P\n"
          "?complete 1 0 4 = 1; ?ftiles 1 0 4 = 2; ?same 1 0 4 0 0 2 = 1\n"
          "pass; ?ask end; ?ended = 2; ?move_count = 4\n"
          "?events discard * = 2; ?event -1 = discard -1 0 * * * * 1\n"
          "?tile_count = 2; ?left 1 = 0; ?legal = 0\n"
          "?final = 0 0; ?winners = 3"},
         NULL},

        /* Order: CROSS, BLANK, BLANK, CROSS. After the start CROSS, P1
         * draws two unplayable BLANKs in a row (both discarded, in draw
         * order) and then the CROSS, which P1 places; no tile is left:
         * the game ends. */
        {{"R-TURN-4: consecutive discards for one player",
          "city order=6,1,1,6", CROSS_BLANK,
          "place 0 0 0; pass; ?ask tile 1; ?events discard * = 2\n"
          "?current = 6; ?left 1 = 0; place 0 1 1; pass; ?ask end\n"
          "?ended = 2; ?tile_count = 2"},
         NULL},

        /* Order: DEAD, BLANK, BLANK, DEAD.  P0: DEAD (0,0) r0 (street E).
         * P1 draws BLANK: playable (N, S, W) -> not discarded, placed at
         * (0,1). P0: BLANK at (0,-1). P1: DEAD must be placed, legal
         * everywhere its street is free or continued. No discard event.
         * DEAD now: cells (1,0) r2; (-1,0) r1 r2 r3; (0,-2) r0 r2 r3 (its
         * south faces the blank); (1,-1) all but r2 (its west faces a
         * blank) -> r0 r1 r3; (-1,-1) r1 r2 r3; (1,1) r0 r1 r3; (-1,1) r1
         * r2 r3; (0,2) r0 r1 r2.
         * (1,0)=1, (-1,0)=3, (0,-2)=3, (1,-1)=3, (-1,-1)=3, (1,1)=3,
         * (-1,1)=3, (0,2)=3  -> 22. */
        {{"R-TURN-4: a playable tile is not discarded",
          "city order=2,1,1,2", BLANK_DEAD_2_2,
          "place 0 0 0; pass; place 0 1 0; pass; place 0 -1 0; pass\n"
          "?events discard * = 0; ?legal = 22"},
         NULL},

        /* Tile decision: follower, pass, walls, guards, towers are
         * refused, through their own calls and (pass) through
         * city_apply_move. Follower decision: a tile placement is refused,
         * both ways; then the generic form (city_apply_move) works like
         * the named call. */
        {{"R-ERR-1: a move for another decision changes nothing",
          "city order=2,2,1", BLANK_DEAD_1_2,
          "?call follower a = EDECISION \"R-TURN-1: the game waits for a "
          "tile placement, not a follower\"\n"
          "?call pass = EDECISION \"R-TURN-1: a tile placement cannot be "
          "passed\"\n"
          "?call gate 0 0 N = EDECISION \"R-TURN-1: the game waits for a "
          "tile placement, not a gate\"\n"
          "?call wall cw = EDECISION \"R-TURN-1: the game waits for a tile "
          "placement, not a wall piece\"\n"
          "?call guard = EDECISION \"R-TURN-1: the game waits for a tile "
          "placement, not a guard\"\n"
          "?call tower ccw = EDECISION \"R-TURN-1: the game waits for a "
          "tile placement, not a tower\"\n"
          "?refuse pass = EDECISION \"R-TURN-1: a tile placement cannot "
          "be passed\"\n"
          "?score_final = ENOTENDED\n"
          "place 0 0 0\n"
          "?call place 1 0 2 = EDECISION \"R-TURN-1: the game waits for a "
          "follower, not a tile placement\"\n"
          "?refuse place 1 0 2 = EDECISION \"R-TURN-1: the game waits for "
          "a follower, not a tile placement\"\n"
          "?call guard = EDECISION \"R-TURN-1: the game waits for a "
          "follower, not a guard\"\n"
          "follower 1; ?ask tile 1; ?supply 0 = 6"},
         NULL},

        {{"R-ERR-2: the last error names the rule", "city order=2,1",
          BLANK_DEAD, ""},
         R_ERR_2_last_error_names_rule},

        /* One BLANK: placed, the game ends with no tile left (reason
         * TILES, 2); every later call returns EENDED and changes
         * nothing. */
        {{"R-ERR-1, R-END-1: calls after the end return EENDED",
          "city order=1", BLANKS(1),
          "place 0 0 0; pass; ?ask end; ?ended = 2; ?left 1 = 0; ?legal = 0\n"
          "?call place 1 0 0 = EENDED \"R-END-1: the game has ended\"\n"
          "?call follower a = EENDED \"R-END-1: the game has ended\"\n"
          "?call pass = EENDED \"R-END-1: the game has ended\"\n"
          "?call wall cw = EENDED \"R-END-1: the game has ended\""},
         NULL},
};

START_TEST(test_place_scenarios)
{
	const place_case *pc = &place_cases[_i];
	city_game *g;
	if (!pc->then) {
		scn_run_case(&pc->c);
		return;
	}
	g = scn_case_game(&pc->c);
	scn_play(g, "%s", pc->c.script);
	pc->then(g);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * Rule options (R-OPT) through the options builder
 * ---------------------------------------------------------------------- */

START_TEST(test_R_OPT_defaults_and_set_rule_ranges)
{
	/* rule ids out of 1..14, values out of a rule's range */
	static const struct {
		int rule, value;
	} refused[] = {{0, 0},
	               {15, 0},
	               {CITY_RULE_WALL_TRIGGER, 2},
	               {CITY_RULE_WALL_TRIGGER, -1},
	               {CITY_RULE_CLOSING_TOWER, 2},
	               {CITY_RULE_END_GAP, 21},
	               {CITY_RULE_END_GAP, -1}};
	/* the defaults of new options (an unknown rule id: EINVAL) */
	static const struct {
		int rule, value;
	} defaults[] = {{CITY_RULE_WALL_TRIGGER, CITY_TRIGGER_OCCUPIED},
	                {CITY_RULE_FIRST_ROUND_GUARDS, 1},
	                {CITY_RULE_RETURNED_GUARD, 1},
	                {CITY_RULE_CLOSING_TOWER, 1},
	                {CITY_RULE_END_GAP, 5},
	                {0, CITY_EINVAL},
	                /* 6..14 are the rules of Carcassonne (C-OPT, T-OPT,
	                 * V-OPT) */
	                {CITY_RULE_RIVER_START, CITY_RIVER_SHUFFLE},
	                {15, CITY_EINVAL}};
	city_options *o = NULL;
	city_game *g = NULL;
	size_t i;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	for (i = 0; i < N_OF(defaults); i++)
		ck_assert_msg(city_options_get_rule(o, defaults[i].rule) ==
		                      defaults[i].value,
		              "rule %d is %d, expected %d", defaults[i].rule,
		              city_options_get_rule(o, defaults[i].rule),
		              defaults[i].value);
	ck_assert_int_eq(city_options_get_rule(NULL, 1), CITY_EINVAL);

	for (i = 0; i < N_OF(refused); i++)
		ck_assert_msg(city_options_set_rule(o, refused[i].rule,
		                                    refused[i].value) ==
		                      CITY_EINVAL,
		              "rule %d = %d accepted", refused[i].rule,
		              refused[i].value);
	ck_assert_int_eq(city_options_set_rule(NULL, CITY_RULE_END_GAP, 1),
	                 CITY_EINVAL);
	/* a refused value leaves the old one */
	ck_assert_int_eq(city_options_get_rule(o, CITY_RULE_END_GAP), 5);

	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_END_GAP, 0), CITY_OK);
	ck_assert_int_eq(city_options_get_rule(o, CITY_RULE_END_GAP), 0);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_END_GAP, 20),
	                 CITY_OK);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_WALL_TRIGGER,
	                                       CITY_TRIGGER_ANY),
	                 CITY_OK);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_FIRST_ROUND_GUARDS,
	                                       0),
	                 CITY_OK);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_RETURNED_GUARD, 0),
	                 CITY_OK);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_CLOSING_TOWER, 0),
	                 CITY_OK);

	/* the game takes the options' rules */
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	test_expect_city_rules(g, (const int[]){CITY_TRIGGER_ANY, 0, 0, 0, 20});
	ck_assert_int_eq(city_game_rule(g, 0), CITY_EINVAL);
	city_game_free(g);

	/* the game's rules are copied: changing the options later does not
	 * change the game */
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_END_GAP, 3), CITY_OK);
	ck_assert_int_eq(city_game_rule(g, CITY_RULE_END_GAP), 20);
	city_game_free(g);
	city_options_free(o);

	/* defaults in a game made without options */
	ck_assert_int_eq(city_game_new(&g, NULL), CITY_OK);
	test_expect_city_rules(g,
	                       (const int[]){CITY_TRIGGER_OCCUPIED, 1, 1, 1, 5});
	city_game_free(g);
}
END_TEST

START_TEST(test_R_OPT_parse_rule_text)
{
	static const struct {
		const char *text;
		int rule, value;
	} good[] = {
		{"wall_trigger=any", CITY_RULE_WALL_TRIGGER, CITY_TRIGGER_ANY},
		{"wall_trigger=occupied", CITY_RULE_WALL_TRIGGER,
		 CITY_TRIGGER_OCCUPIED},
		{"first_round_guards=no", CITY_RULE_FIRST_ROUND_GUARDS, 0},
		{"first_round_guards=yes", CITY_RULE_FIRST_ROUND_GUARDS, 1},
		{"returned_guard=no", CITY_RULE_RETURNED_GUARD, 0},
		{"returned_guard=yes", CITY_RULE_RETURNED_GUARD, 1},
		{"closing_tower=no", CITY_RULE_CLOSING_TOWER, 0},
		{"closing_tower=yes", CITY_RULE_CLOSING_TOWER, 1},
		{"end_gap=3", CITY_RULE_END_GAP, 3},
		{"end_gap=0", CITY_RULE_END_GAP, 0},
		{"end_gap=20", CITY_RULE_END_GAP, 20},
		{"end_gap=5", CITY_RULE_END_GAP, 5},
	};
	static const char *const bad[] = {
		"end_gap=21", "end_gap=-1", "end_gap=", "end_gap=x",
		"end_gap=3x", "wall_trigger=all", "wall_trigger",
		"first_round_guards=maybe", "closing_tower=1x", "bogus=1",
		"=yes", "", "Wall_trigger=any", "wall_trigger=ANY",
	};
	city_options *o = NULL;
	size_t i;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	for (i = 0; i < N_OF(good); i++) {
		ck_assert_msg(city_options_parse_rule(o, good[i].text) == CITY_OK,
		              "\"%s\" refused", good[i].text);
		ck_assert_int_eq(city_options_get_rule(o, good[i].rule),
		                 good[i].value);
	}
	/* now: wall_trigger=occupied, guards yes, returned yes, tower yes,
	 * end_gap 5 */
	for (i = 0; i < N_OF(bad); i++) {
		ck_assert_msg(city_options_parse_rule(o, bad[i]) == CITY_EPARSE,
		              "\"%s\" accepted", bad[i]);
		ck_assert_int_eq(city_options_get_rule(o, CITY_RULE_END_GAP), 5);
		ck_assert_int_eq(city_options_get_rule(o, CITY_RULE_WALL_TRIGGER),
		                 CITY_TRIGGER_OCCUPIED);
		ck_assert_int_eq(
		        city_options_get_rule(o, CITY_RULE_FIRST_ROUND_GUARDS), 1);
		ck_assert_int_eq(city_options_get_rule(o, CITY_RULE_CLOSING_TOWER),
		                 1);
	}
	ck_assert_int_eq(city_options_parse_rule(o, NULL), CITY_EINVAL);
	ck_assert_int_eq(city_options_parse_rule(NULL, "end_gap=3"),
	                 CITY_EINVAL);
	city_options_free(o);
}
END_TEST

/* ------------------------------------------------------------------------ */

static Suite *rules_place_suite(void)
{
	const test_row r0[] = {
	        {test_R_SET_2_supplies_per_player_count, 0, 1},
	        {test_R_SET_1_players_range, 0, 1},
	};
	/* R-SET-1, R-TURN-2, R-TILE-1/2/5, R-GEO-3/8, R-FOL-1, R-TURN-4,
	 * R-END-1, R-ERR-1/2 */
	const test_row r1[] = {
	        {test_place_scenarios, 0, (int)N_OF(place_cases)},
	        {test_R_ERR_1_null_handles, 0, 1},
	};
	const test_row r2[] = {
	        {test_R_SET_4_split_of_ten_tiles, 0, (int)N_OF(ten_stacks)},
	        {test_R_SET_4_proportional_split_small_sets, 0, 1},
	        {test_R_SET_4_bad_sizes_and_orders_rejected, 0, 1},
	        {test_R_SET_4_builtin_set_default_30_25_20, 0, 1},
	        {test_R_RNG_splitmix_vectors, 0, 1},
	        {test_R_RNG_seed_42_builtin_first_draws, 0, 1},
	        {test_R_RNG_custom_set_seeded_order, 0, 1},
	        {test_R_SET_4_seed_clears_explicit_order, 0, 1},
	};
	const test_row r3[] = {
	        {test_R_OPT_defaults_and_set_rule_ranges, 0, 1},
	        {test_R_OPT_parse_rule_text, 0, 1},
	};
	Suite *s = suite_create("rules_place");
	test_add_case(s, "setup", 0, r0, N_OF(r0));
	test_add_case(s, "scenarios", 0, r1, N_OF(r1));
	test_add_case(s, "stacks", 0, r2, N_OF(r2));
	test_add_case(s, "options", 0, r3, N_OF(r3));
	return s;
}

TEST_MAIN(rules_place_suite)
