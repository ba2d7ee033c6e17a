/*
 * The text formats of the base game of Carcassonne and The Tower
 * (carcassonne.md, tileset.md "Carcassonne sets", "Records, moves and
 * traces"): the game=carcassonne tile-set form and a row for each of its
 * validation errors (C-GEO-1, C-SET-3), the built-in sets carcassonne and
 * carcassonne-tower with the counts of tileset.md, games, expansions and
 * the C-OPT / T-OPT rules in the options, the record header (game,
 * expansion, rules by game, C-SET-4 order) and the move text of the new
 * moves.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "common.h"
#include "options_internal.h"
#include "tileset_internal.h"

#define HEAD "tileset t game=carcassonne\n"
#define START "9 1  a-a b1c c-c c1b  a=C b=F c=F start\n"

static void expect_error(const char *text, int status, const char *want)
{
	city_tileset *ts = NULL;
	char err[256] = "";
	int rc = city_tileset_parse(&ts, text, strlen(text), err, sizeof err);
	ck_assert_msg(rc == status, "\"%s\": status %d (%s)", text, rc, err);
	ck_assert_str_eq(err, want);
	ck_assert_ptr_null(ts);
}

static city_tileset *parse_ok(const char *text)
{
	city_tileset *ts = NULL;
	char err[256] = "";
	int rc = city_tileset_parse(&ts, text, strlen(text), err, sizeof err);
	ck_assert_msg(rc == CITY_OK, "%s", err);
	return ts;
}

/* ------------------------------------------------------------------------ */
/* Tile-set validation: one row per error of "Carcassonne sets"             */

START_TEST(carc_tileset_errors)
{
	static const struct {
		const char *line2, *want;
	} rows[] = {
	    /* region types (C-GEO-1): C or F only */
	    {"1 1  a-a a-a a-a a-a  a=", "2:25: missing region type (expected C or F)"},
	    {"1 1  a-a a-a a-a a-a  a=R", "2:25: bad region type 'R' (expected C or F)"},
	    {"1 1  a-a a-a a-a a-a  a=G", "2:25: bad region type 'G' (expected C or F)"},
	    {"1 1  a-a a-a a-a a-a  a=CF", "2:26: a region type is one letter (C or F)"},
	    /* The City's tokens are errors here */
	    {"1 1  a-a a-a a-a a-a  a=F pub=1",
	     "2:27: pub= is a keyword of the-city sets, not of carcassonne sets"},
	    {"1 1  a-a a-a a-a a-a  a=F hist=Tower",
	     "2:27: hist= is a keyword of the-city sets, not of carcassonne sets"},
	    {"1 1  a-a a-a a-a a-a  a=F monastery",
	     "2:27: unknown keyword 'monastery' (expected x=C, x=F, pen=, mon, tow, start, spring, lake or adj=)"},
	    {"1 1  a-a a-a a-a a-a  a=F mon=1", "2:27: unknown keyword 'mon='"},
	    /* sides: a city side is x-x, anything else has field halves */
	    {"1 1  a-b b-b b-b b-b  a=C b=F",
	     "2:8: NORTH side mixes city and field (a city side is x-x)"},
	    {"1 1  b-b b-a b-b b-b  a=C b=F",
	     "2:12: EAST side mixes city and field (a city side is x-x)"},
	    {"1 1  a-b b-b b-b b-b  a=C b=C",
	     "2:8: NORTH side has two city regions (a city side is x-x)"},
	    {"1 1  a1a b-b b-b b-b  a=C b=F", "2:7: NORTH side: a city side has no road"},
	    {"1 1  a-a axa a-a a-a  a=F",
	     "2:11: bad side middle 'x' (expected '-', a road digit 1-9 or ~ for a river)"},
	    {"1 1  a1a a1a a1a a-a  a=F", "2:15: road 1 on more than two sides"},
	    /* an interior city */
	    {"1 1  a-a a-a a-a a-a  a=F b=C adj=ab", "2:27: city region 'b' touches no side"},
	    /* coats of arms */
	    {"1 1  a-a a-a a-a a-a  a=F pen=a", "2:31: coat of arms on region 'a', which is no city"},
	    {"1 1  a-a b-b b-b b-b  a=C b=F pen=aa", "2:36: coat of arms on region 'a' repeated"},
	    {"1 1  a-a b-b b-b b-b  a=C b=F pen=z", "2:35: bad region letter 'z' in pen= (expected a-h)"},
	    {"1 1  a-a b-b b-b b-b  a=C b=F pen=c", "2:35: region 'c' used but not declared"},
	    {"1 1  a-a b-b b-b b-b  a=C b=F pen=", "2:35: missing pen= letters (city regions)"},
	    {"1 1  a-a b-b b-b b-b  a=C b=F pen=a pen=a", "2:37: repeated pen="},
	    /* mon, tow, start, adj= at most once */
	    {"1 1  a-a a-a a-a a-a  a=F mon mon", "2:31: repeated mon"},
	    {"1 1  a-a a-a a-a a-a  a=F tow tow", "2:31: repeated tow"},
	    {"1 1  a-a a-a a-a a-a  a=F start start", "2:33: repeated start"},
	    {"1 1  a-a a-a a-a a-a  a=F adj=ab adj=ab", "2:32: region 'b' used but not declared"},
	    {"1 1  a-a a-a a-a a-a  a=F b=F adj=ab adj=ab", "2:38: repeated adj="},
	    /* limits as in The City */
	    {"1 0  a-a a-a a-a a-a  a=F", "2:3: bad COUNT (expected 1-9)"},
	    {"100 1  a-a a-a a-a a-a  a=F", "2:1: bad ID (expected a number 1-99)"},
	    /* several errors on a line: the first column wins */
	    {"1 1  a-b b-b b-b b-b  a=C b=F pen=b",
	     "2:8: NORTH side mixes city and field (a city side is x-x)"},
	    {"1 1  a-a a-a a-a a1a  a=F pen=a b=C",
	     "2:31: coat of arms on region 'a', which is no city"},
	};
	char text[512];
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		snprintf(text, sizeof text, HEAD "%s\n" START, rows[i].line2);
		expect_error(text, CITY_EPARSE, rows[i].want);
	}
}
END_TEST

START_TEST(carc_tileset_set_errors)
{
	/* C-SET-3: exactly one start design */
	expect_error(HEAD "1 1  a-a a-a a-a a-a  a=F\n", CITY_EPARSE,
	             "3:1: no design has start (C-SET-3: exactly one)");
	expect_error(HEAD START "5 1  a-a b-b b-b b-b  a=C b=F start\n",
	             CITY_EPARSE,
	             "3:31: a second start design (C-SET-3: first on line 2)");
	/* the game= word */
	expect_error("tileset t game=chess\n" START, CITY_EPARSE,
	             "1:16: unknown game 'chess' (expected the-city or "
	             "carcassonne)");
	expect_error("tileset t game=carcassonne x\n" START, CITY_EPARSE,
	             "1:28: unexpected text after the tile set name");
	expect_error("tileset t game=\n" START, CITY_EPARSE,
	             "1:11: unexpected text after the tile set name");
	/* Carcassonne's tokens are errors in The City */
	expect_error("tileset t\n1 1  a-a a-a a-a a-a  a=R mon\n", CITY_EPARSE,
	             "2:27: unknown keyword 'mon' (expected x=T, pub=, hist= "
	             "or adj=)");
	expect_error("tileset t game=the-city\n1 1  a-a a-a a-a a-a  a=C\n",
	             CITY_EPARSE,
	             "2:25: bad region type 'C' (expected R or a mix of F, G, "
	             "L)");
	expect_error("tileset t\n1 1  a-a a-a a-a a-a  a=R pen=a\n",
	             CITY_EPARSE, "2:27: unknown keyword 'pen='");
}
END_TEST

START_TEST(carc_tileset_fragment_is_not_loadable)
{
	FILE *f = fopen(CITY_SOURCE_DIR "/lib/data/the-tower.tiles", "rb");
	static char buf[8192];
	ck_assert_ptr_nonnull(f);
	size_t n = fread(buf, 1, sizeof buf, f);
	fclose(f);
	city_tileset *ts = NULL;
	char err[256];
	ck_assert_int_eq(city_tileset_parse(&ts, buf, n, err, sizeof err),
	                 CITY_EPARSE);
	ck_assert_str_eq(err, "4:1: missing 'tileset NAME' line");
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Reading a valid set                                                       */

START_TEST(carc_tileset_parts_and_queries)
{
	city_tileset *ts = parse_ok(
	        HEAD "3 2  a-a b1c d-d c1b  a=C b=F c=F d=C pen=ad tow\n"
	             "4 1  a-a a-a a1a a-a  a=F mon start\n"
	             "7 1  a-a a-a b-b a-a  a=C b=C c=F adj=ac,bc\n");
	ck_assert_int_eq(city_tileset_game(ts), CITY_GAME_CARCASSONNE);
	ck_assert_int_eq(city_tileset_start_design(ts), 1);
	ck_assert_uint_eq(city_tileset_tile_count(ts), 4);
	ck_assert_int_eq(city_tileset_region_kind(ts, 0, 'a', NULL),
	                 CITY_REGION_CITY);
	ck_assert_int_eq(city_tileset_region_kind(ts, 0, 'b', NULL),
	                 CITY_REGION_FIELD);
	ck_assert_int_eq(city_tileset_coat_of_arms(ts, 0, 'a'), 1);
	ck_assert_int_eq(city_tileset_coat_of_arms(ts, 0, 'd'), 1);
	ck_assert_int_eq(city_tileset_coat_of_arms(ts, 0, 'b'), 0);
	ck_assert_int_eq(city_tileset_tower_foundation(ts, 0), 1);
	ck_assert_int_eq(city_tileset_monastery(ts, 0), 0);
	ck_assert_int_eq(city_tileset_monastery(ts, 1), 1);
	ck_assert_int_eq(city_tileset_tower_foundation(ts, 1), 0);
	/* C-GEO-3: a field borders the cities the walk (and adj=) shows */
	ck_assert_int_eq(city_tileset_adjacent(ts, 0, 'a', 'b'), 1);
	ck_assert_int_eq(city_tileset_adjacent(ts, 0, 'c', 'd'), 1);
	ck_assert_int_eq(city_tileset_adjacent(ts, 0, 'a', 'c'), 0); /* road */
	ck_assert_int_eq(city_tileset_adjacent(ts, 2, 'c', 'a'), 1);
	ck_assert_int_eq(city_tileset_adjacent(ts, 2, 'c', 'b'), 1);
	/* the road: one segment between east and west */
	const ts_design *d = &ts->designs[0];
	ck_assert_int_eq(ts_part_index(d, '1'), 4);
	ck_assert_uint_eq(d->parts[4].kind, TS_STREET);
	ck_assert_uint_eq(d->parts[4].n_sides, 2);
	/* written back and read again: the same set */
	size_t need = 0;
	ck_assert_int_eq(city_tileset_text(ts, NULL, 0, &need), CITY_ERANGE);
	char *text = malloc(need);
	ck_assert_int_eq(city_tileset_text(ts, text, need, NULL), CITY_OK);
	ck_assert_str_eq(text,
	                 "tileset t game=carcassonne\n"
	                 "03 2  a-a b1c d-d c1b  a=C b=F c=F d=C  pen=ad  tow\n"
	                 "04 1  a-a a-a a1a a-a  a=F  mon  start\n"
	                 "07 1  a-a a-a b-b a-a  a=C b=C c=F  adj=ac,bc\n");
	city_tileset *back = parse_ok(text);
	ck_assert_mem_eq(back->designs, ts->designs,
	                 ts->n_designs * sizeof ts->designs[0]);
	ck_assert_int_eq(back->start, ts->start);
	free(text);
	city_tileset_free(back);
	city_tileset_free(ts);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* The built-in sets (tileset.md: unit tests of their counts)               */

START_TEST(builtin_carcassonne_counts)
{
	/* A..X = design ids 1..24 (carcassonne.tiles) */
	static const int counts[24] = {2, 4, 1, 4, 5, 2, 1, 3, 2, 3, 3, 3,
	                               2, 3, 2, 3, 1, 3, 2, 1, 8, 9, 4, 1};
	const city_tileset *ts = city_tileset_builtin("carcassonne");
	int arms_tiles = 0, arms = 0, monasteries = 0;
	ck_assert_ptr_nonnull(ts);
	ck_assert_str_eq(city_tileset_name(ts), "carcassonne");
	ck_assert_int_eq(city_tileset_game(ts), CITY_GAME_CARCASSONNE);
	ck_assert_uint_eq(city_tileset_design_count(ts), 24);
	ck_assert_uint_eq(city_tileset_tile_count(ts), 72);
	for (unsigned i = 0; i < 24; i++) {
		int n = city_tileset_design_count_of(ts, i), k = 0;
		ck_assert_int_eq(city_tileset_design_id(ts, i), (int)i + 1);
		ck_assert_int_eq(n, counts[i]);
		for (char r = 'a'; r <= 'h'; r++)
			if (city_tileset_coat_of_arms(ts, i, r) == 1)
				k++;
		arms += k * n;
		arms_tiles += k ? n : 0;
		monasteries += city_tileset_monastery(ts, i) * n;
		ck_assert_int_eq(city_tileset_tower_foundation(ts, i), 0);
	}
	ck_assert_int_eq(arms, 10);
	ck_assert_int_eq(arms_tiles, 10);
	ck_assert_int_eq(monasteries, 6);
	/* C-SET-3: design D (id 4) is the start tile */
	ck_assert_int_eq(city_tileset_start_design(ts), 3);
	ck_assert_int_eq(city_tileset_design_id(ts, 3), 4);
	ck_assert_ptr_eq(city_tileset_builtin("carcassonne"), ts);
	city_tileset_free((city_tileset *)(uintptr_t)ts); /* ignored */
	ck_assert_uint_eq(city_tileset_tile_count(ts), 72);
}
END_TEST

START_TEST(builtin_carcassonne_tower_counts)
{
	const city_tileset *base = city_tileset_builtin("carcassonne");
	const city_tileset *ts = city_tileset_builtin("carcassonne-tower");
	int towers = 0;
	ck_assert_ptr_nonnull(ts);
	ck_assert_str_eq(city_tileset_name(ts), "carcassonne-tower");
	ck_assert_uint_eq(city_tileset_design_count(ts), 24 + 17);
	ck_assert_uint_eq(city_tileset_tile_count(ts), 72 + 18);
	ck_assert_int_eq(city_tileset_start_design(ts), 3);
	/* the base game's designs, unchanged, then The Tower's 31..47 */
	ck_assert_mem_eq(ts->designs, base->designs,
	                 24 * sizeof base->designs[0]);
	for (unsigned i = 24; i < 41; i++) {
		ck_assert_int_eq(city_tileset_design_id(ts, i), 31 + (int)i - 24);
		ck_assert_int_eq(city_tileset_tower_foundation(ts, i), 1);
		towers += city_tileset_design_count_of(ts, i);
	}
	ck_assert_int_eq(towers, 18);
	/* and the same as the base set with the-tower.tiles appended */
	{
		static char text[16384];
		city_tileset *cat;
		test_read_two(text, sizeof text,
		              CITY_SOURCE_DIR "/lib/data/carcassonne.tiles",
		              CITY_SOURCE_DIR "/lib/data/the-tower.tiles");
		cat = parse_ok(text);
		ck_assert_uint_eq(cat->n_designs, ts->n_designs);
		ck_assert_mem_eq(cat->designs, ts->designs,
		                 ts->n_designs * sizeof ts->designs[0]);
		city_tileset_free(cat);
	}
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Options: games, expansions, rules                                         */

START_TEST(options_games_and_default_sets)
{
	city_options *o = NULL;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_ptr_eq(o->ts, city_tileset_builtin("the-city"));
	ck_assert_int_eq(city_options_parse_game(o, "carcassonne"), CITY_OK);
	ck_assert_int_eq(o->game, CITY_GAME_CARCASSONNE);
	ck_assert_ptr_eq(o->ts, city_tileset_builtin("carcassonne"));
	ck_assert_int_eq(city_options_set_expansion(o, CITY_EXPANSION_TOWER, 1),
	                 CITY_OK);
	ck_assert_ptr_eq(o->ts, city_tileset_builtin("carcassonne-tower"));
	ck_assert_int_eq(city_options_set_expansion(o, CITY_EXPANSION_TOWER, 0),
	                 CITY_OK);
	ck_assert_ptr_eq(o->ts, city_tileset_builtin("carcassonne"));
	/* a chosen set stays */
	ck_assert_int_eq(city_options_set_tileset(o, city_tileset_default()),
	                 CITY_OK);
	ck_assert_int_eq(city_options_set_expansion(o, CITY_EXPANSION_TOWER, 1),
	                 CITY_OK);
	ck_assert_ptr_eq(o->ts, city_tileset_default());
	/* ... and is refused by the game: a set of another game */
	char why[160];
	ck_assert_int_eq(options_check(o, why, sizeof why), CITY_EINVAL);
	ck_assert_str_eq(why, "tile set the-city is a set of the-city, the game "
	                      "is carcassonne");
	ck_assert_int_eq(city_options_set_tileset(o, NULL), CITY_OK);
	ck_assert_ptr_eq(o->ts, city_tileset_builtin("carcassonne-tower"));
	ck_assert_int_eq(options_check(o, why, sizeof why), CITY_OK);
	ck_assert_int_eq(city_options_parse_game(o, "the-city"), CITY_EINVAL);
	city_options_free(o);
}
END_TEST

START_TEST(options_rules_of_every_game)
{
	static const struct {
		const char *text;
		int rule, value;
	} rows[] = {
	    {"farmers=yes", CITY_RULE_FARMERS, 1},
	    {"farmers=no", CITY_RULE_FARMERS, 0},
	    {"capture_own=no", CITY_RULE_CAPTURE_OWN, 0},
	    {"capture_top=no", CITY_RULE_CAPTURE_TOP, 0},
	    {"ransom_min=no", CITY_RULE_RANSOM_MIN, 0},
	    {"capture_gaps=no", CITY_RULE_CAPTURE_GAPS, 0},
	    {"tower_range=short", CITY_RULE_TOWER_RANGE, CITY_RANGE_SHORT},
	    {"tower_range=height", CITY_RULE_TOWER_RANGE, CITY_RANGE_HEIGHT},
	    {"capture_diagonal=yes", CITY_RULE_CAPTURE_DIAGONAL, 1},
	    {"ransom=no", CITY_RULE_RANSOM, 0},
	};
	static const struct {
		int rule, def;
	} defaults[] = {
	    {CITY_RULE_FARMERS, 0},       {CITY_RULE_CAPTURE_OWN, 1},
	    {CITY_RULE_CAPTURE_TOP, 1},   {CITY_RULE_RANSOM_MIN, 1},
	    {CITY_RULE_CAPTURE_GAPS, 1},  {CITY_RULE_TOWER_RANGE, 0},
	    {CITY_RULE_CAPTURE_DIAGONAL, 0}, {CITY_RULE_RANSOM, 1},
	};
	city_options *o = NULL;
	char why[160];
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	for (size_t i = 0; i < sizeof defaults / sizeof *defaults; i++)
		ck_assert_int_eq(city_options_get_rule(o, defaults[i].rule),
		                 defaults[i].def);
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		ck_assert_int_eq(city_options_parse_rule(o, rows[i].text),
		                 CITY_OK);
		ck_assert_int_eq(city_options_get_rule(o, rows[i].rule),
		                 rows[i].value);
	}
	ck_assert_int_eq(city_options_parse_rule(o, "tower_range=long"),
	                 CITY_EPARSE);
	ck_assert_int_eq(city_options_parse_rule(o, "farmers=1"), CITY_EPARSE);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_TOWER_RANGE, 2),
	                 CITY_EINVAL);
	/* the game refuses rules it does not have, naming the rule */
	ck_assert_int_eq(options_check(o, why, sizeof why), CITY_EINVAL);
	ck_assert_str_eq(why, "C-OPT-1: rule farmers is not a rule of the-city");
	ck_assert_int_eq(city_options_set_game(o, CITY_GAME_CARCASSONNE),
	                 CITY_OK);
	ck_assert_int_eq(options_check(o, why, sizeof why), CITY_EINVAL);
	ck_assert_str_eq(why,
	                 "T-OPT-1: rule capture_own needs the expansion tower");
	ck_assert_int_eq(city_options_set_expansion(o, CITY_EXPANSION_TOWER, 1),
	                 CITY_OK);
	ck_assert_int_eq(options_check(o, why, sizeof why), CITY_OK);
	ck_assert_int_eq(city_options_parse_rule(o, "end_gap=3"), CITY_OK);
	ck_assert_int_eq(options_check(o, why, sizeof why), CITY_EINVAL);
	ck_assert_str_eq(why, "R-OPT-5: rule end_gap is not a rule of "
	                      "carcassonne");
	city_options_free(o);
}
END_TEST

/* A Carcassonne game starts (lib/cc_rules.c); a City game with a rule of
 * Carcassonne is refused. */
START_TEST(carcassonne_playable)
{
	city_options *o = NULL;
	city_game *g = NULL;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_game(o, CITY_GAME_CARCASSONNE),
	                 CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	ck_assert_int_eq(city_game_kind(g), CITY_GAME_CARCASSONNE);
	city_game_free(g);
	g = NULL;
	/* a City game with a rule of Carcassonne is refused too */
	ck_assert_int_eq(city_options_set_expansion(o, CITY_EXPANSION_TOWER, 0),
	                 CITY_OK);
	city_options_free(o);
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_FARMERS, 0),
	                 CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_EINVAL);
	ck_assert_ptr_null(g);
	city_options_free(o);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Records: the header of carcassonne.md                                     */

static void expect_load_error(const char *text, int status, const char *want)
{
	city_game *g = NULL;
	char err[512] = "";
	int rc = city_game_load(&g, text, strlen(text), err, sizeof err);
	ck_assert_msg(rc == status, "status %d (%s)", rc, err);
	ck_assert_str_eq(err, want);
	ck_assert_ptr_null(g);
}

START_TEST(record_carcassonne_header_errors)
{
	expect_load_error("citygame 1\ngame chess\nplayers 2\nmoves\nend\n",
	                  CITY_EPARSE,
	                  "line 2: expected game the-city or game carcassonne");
	expect_load_error("citygame 1\ngame carcassonne\nexpansion bridges\n"
	                  "players 2\nmoves\nend\n",
	                  CITY_EPARSE, "line 3: expected expansion tower or river");
	expect_load_error("citygame 1\ngame carcassonne\nplayers 2\n"
	                  "stacks 30 20 21\nmoves\nend\n",
	                  CITY_EPARSE,
	                  "line 4: C-SET-4: stacks is not a header line of "
	                  "carcassonne");
	expect_load_error("citygame 1\ngame carcassonne\nplayers 2\n"
	                  "rule end_gap=5\nmoves\nend\n",
	                  CITY_EPARSE,
	                  "line 4: rule end_gap is not a rule of carcassonne");
	expect_load_error("citygame 1\nplayers 2\nrule farmers=yes\nmoves\nend\n",
	                  CITY_EPARSE,
	                  "line 3: rule farmers is not a rule of the-city");
	expect_load_error("citygame 1\ngame carcassonne\nplayers 2\n"
	                  "rule ransom=no\nmoves\nend\n",
	                  CITY_EPARSE,
	                  "line 4: rule ransom needs expansion tower");
	expect_load_error("citygame 1\nexpansion tower\nplayers 2\nmoves\nend\n",
	                  CITY_EPARSE,
	                  "line 2: expansion tower needs game carcassonne");
	expect_load_error("citygame 1\ngame carcassonne\nplayers 2\n"
	                  "tileset the-city\nmoves\nend\n",
	                  CITY_EPARSE,
	                  "line 4: tile set the-city is a set of the-city, the "
	                  "game is carcassonne");
	expect_load_error("citygame 1\nplayers 2\ntileset carcassonne\nmoves\n"
	                  "end\n",
	                  CITY_EPARSE,
	                  "line 3: tile set carcassonne is a set of "
	                  "carcassonne, the game is the-city");
	expect_load_error("citygame 1\nplayers 5\nmoves\nend\n", CITY_EPARSE,
	                  "line 2: players must be one number, 2 to 4");
	expect_load_error("citygame 1\ngame carcassonne\nplayers 6\nmoves\nend\n",
	                  CITY_EPARSE,
	                  "line 3: players must be one number, 2 to 4 (2 to 5 "
	                  "in carcassonne)");
	/* an inline set of the game: the header is valid and the game plays
	 * (lib/cc_rules.c); its errors map to record lines */
	{
		static const char text[] = "citygame 1\ngame carcassonne\nplayers "
		                           "3\ntileset inline\n" HEAD START
		                           "end\nmoves\nend\n";
		city_game *g = NULL;
		char err[512] = "";
		ck_assert_int_eq(city_game_load(&g, text, strlen(text), err,
		                                sizeof err),
		                 CITY_OK);
		ck_assert_int_eq(city_game_kind(g), CITY_GAME_CARCASSONNE);
		city_game_free(g);
	}
	expect_load_error("citygame 1\ngame carcassonne\nplayers 3\n"
	                  "tileset inline\n" HEAD
	                  "1 1  a-b b-b b-b b-b  a=C b=F\nend\nmoves\nend\n",
	                  CITY_EPARSE,
	                  "line 6: column 8: NORTH side mixes city and field (a "
	                  "city side is x-x)");
	expect_load_error("citygame 1\nplayers 3\ntileset inline\n" HEAD START
	                  "end\nmoves\nend\n",
	                  CITY_EPARSE,
	                  "line 3: tile set t is a set of carcassonne, the game "
	                  "is the-city");
	/* of several header errors, the earliest line's */
	expect_load_error("citygame 1\nrule capture_top=no\nplayers 2\n"
	                  "stacks 1 1 1\ngame carcassonne\nmoves\nend\n",
	                  CITY_EPARSE,
	                  "line 2: rule capture_top needs expansion tower");
	expect_load_error("citygame 1\nstacks 1 1 1\nrule capture_top=no\n"
	                  "players 2\ngame carcassonne\nmoves\nend\n",
	                  CITY_EPARSE,
	                  "line 2: C-SET-4: stacks is not a header line of "
	                  "carcassonne");
}
END_TEST

/* A well-formed move the game refuses as a bad argument is an illegal
 * move of the record (docs/record.md): `ransom 3` in a 3-player game at a
 * ransom decision (T-CAP-5; found by fuzz_record). */
START_TEST(record_tower_ransom_of_a_missing_seat)
{
	FILE *f = fopen(CITY_TEST_DATA_DIR "/tower-ransom-bad-seat.city", "rb");
	static char text[16384];
	size_t n;
	ck_assert_ptr_nonnull(f);
	n = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[n] = '\0';
	expect_load_error(text, CITY_EILLEGAL,
	                  "line 120: move 105: T-CAP-5: seat 3 is not 0..2");
}
END_TEST

/* C-SET-4: `order` lists the drawn tiles, without the start instance. */
START_TEST(record_carcassonne_order)
{
	const city_tileset *ts = city_tileset_builtin("carcassonne");
	char text[2048], *p = text;
	p += sprintf(p, "citygame 1\ngame carcassonne\nplayers 2\norder");
	for (unsigned i = 0; i < ts->n_designs; i++)
		for (int k = 0; k < ts->designs[i].count; k++)
			p += sprintf(p, " %d", ts->designs[i].id);
	sprintf(p, "\nmoves\nend\n");
	expect_load_error(text, CITY_EPARSE,
	                  "line 4: C-SET-4: order lists design 4 4 times, the "
	                  "tile set holds 3 besides the start tile");
	/* the 71 drawn tiles: a valid header, and the game (the base game's
	 * rules, lib/cc_rules.c) starts with the start tile and 71 to draw */
	char *four = strstr(text, " 4 4 4 4");
	ck_assert_ptr_nonnull(four);
	memmove(four, four + 2, strlen(four + 2) + 1);
	{
		city_game *g = NULL;
		char err[512] = "";
		ck_assert_int_eq(city_game_load(&g, text, strlen(text), err,
		                                sizeof err),
		                 CITY_OK);
		ck_assert_int_eq(city_game_tiles_left(g, 1), 70); /* one drawn */
		ck_assert_int_eq(city_game_tile_count(g), 1);
		city_game_free(g);
	}
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Move text of the new moves                                                */

START_TEST(move_text_of_the_tower)
{
	static const struct {
		const char *text;
		city_move m;
	} rows[] = {
	    {"follower m", {.kind = CITY_MOVE_FOLLOWER, .part = 'm'}},
	    {"floor 3 -2", {.kind = CITY_MOVE_FLOOR, .x = 3, .y = -2}},
	    {"top -1 0", {.kind = CITY_MOVE_TOP, .x = -1, .y = 0}},
	    {"capture 0 1 t", {.kind = CITY_MOVE_CAPTURE, .x = 0, .y = 1, .part = 't'}},
	    {"capture 2 2 m", {.kind = CITY_MOVE_CAPTURE, .x = 2, .y = 2, .part = 'm'}},
	    {"capture 2 2 c", {.kind = CITY_MOVE_CAPTURE, .x = 2, .y = 2, .part = 'c'}},
	    {"capture 2 2 3", {.kind = CITY_MOVE_CAPTURE, .x = 2, .y = 2, .part = '3'}},
	    {"ransom 4", {.kind = CITY_MOVE_RANSOM, .x = 4}},
	    {"ransom 0", {.kind = CITY_MOVE_RANSOM, .x = 0}},
	};
	static const char *const bad[] = {
	    "floor 1", "floor 1 2 3", "top a b", "capture 1 2", "capture 1 2 z",
	    "capture 1 2 tt", "capture 1 2 -", "ransom 5", "ransom -1",
	    "ransom", "ransom 00", "follower t", "follower mm", "Floor 1 2"};
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		city_move m;
		char buf[64];
		memset(&m, 0xAB, sizeof m);
		ck_assert_int_eq(city_move_parse(&m, rows[i].text), CITY_OK);
		ck_assert_mem_eq(&m, &rows[i].m, sizeof m);
		ck_assert_int_eq(city_move_to_string(&m, buf, sizeof buf, NULL),
		                 CITY_OK);
		ck_assert_str_eq(buf, rows[i].text);
	}
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		city_move m;
		ck_assert_msg(city_move_parse(&m, bad[i]) == CITY_EPARSE, "%s",
		              bad[i]);
	}
	{
		city_move m = {.kind = CITY_MOVE_RANSOM, .x = 5};
		char buf[64];
		ck_assert_int_eq(city_move_to_string(&m, buf, sizeof buf, NULL),
		                 CITY_EINVAL);
		m.kind = CITY_MOVE_CAPTURE;
		m.part = 'z';
		ck_assert_int_eq(city_move_to_string(&m, buf, sizeof buf, NULL),
		                 CITY_EINVAL);
		m.kind = CITY_MOVE_FOLLOWER;
		m.part = 't';
		ck_assert_int_eq(city_move_to_string(&m, buf, sizeof buf, NULL),
		                 CITY_EINVAL);
	}
}
END_TEST

static Suite *carc_suite(void)
{
	Suite *s = suite_create("carcassonne text");
	TCase *sets = tcase_create("tileset");
	TCase *options = tcase_create("options");
	TCase *records = tcase_create("records and moves");
	suite_add_tcase(s, sets);
	suite_add_tcase(s, options);
	suite_add_tcase(s, records);
	tcase_add_test(sets, carc_tileset_errors);
	tcase_add_test(sets, carc_tileset_set_errors);
	tcase_add_test(sets, carc_tileset_fragment_is_not_loadable);
	tcase_add_test(sets, carc_tileset_parts_and_queries);
	tcase_add_test(sets, builtin_carcassonne_counts);
	tcase_add_test(sets, builtin_carcassonne_tower_counts);
	tcase_add_test(options, options_games_and_default_sets);
	tcase_add_test(options, options_rules_of_every_game);
	tcase_add_test(options, carcassonne_playable);
	tcase_add_test(records, record_carcassonne_header_errors);
	tcase_add_test(records, record_tower_ransom_of_a_missing_seat);
	tcase_add_test(records, record_carcassonne_order);
	tcase_add_test(records, move_text_of_the_tower);
	return s;
}

TEST_MAIN(carc_suite)
