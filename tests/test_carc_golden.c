/*
 * Golden games of the base game of Carcassonne: 320 seeded random games
 * (40 each of 2, 3, 4 and 5 players, with farmers off and on, the
 * built-in set `carcassonne`), 256 games of The Tower (the built-in set
 * `carcassonne-tower`, game g with the T-OPT options of the bits of g, so
 * that every combination of the seven is played) and 256 games of The
 * River (`carcassonne-river`, or `carcassonne-river-tower` with The Tower:
 * 2-5 players, farmers off and on, river_start shuffle and remove, with
 * and without The Tower, 8 games of each combination), replayed with a
 * fixed move chooser; per game the number of moves, a hash of every
 * legal-move count, every player's score by category (roads, cities,
 * monasteries, farms, ransom) after final scoring and the event count must
 * equal the line of tests/data/carc_golden_games.txt,
 * carc_tower_golden.txt, carc_river_golden.txt.
 *
 * The files were written by the engine and cross-checked against
 * tools/carc_model.py, an independent model of carcassonne.md (flood-fill
 * features, the river walked from the spring, no shared code): 0
 * divergences in the 320 + 256 + 256 games. Regenerate them only for a
 * deliberate rule change: CITY_GOLDEN_WRITE=DIR ./test_carc_golden writes
 * DIR/<file>, then diff against the model's output (its docstring).
 */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "common.h"

#define GAMES 40
#define TOWER_GAMES 256
#define RIVER_GAMES 256

/* The Tower's rules of golden game g: bit k of g (k = 1..7) switches
 * T-OPT-k away from its default (the same as tools/carc_model.py). */
static const char *const tower_rules[7][2] = {
    {"capture_own=no", "capture_own=yes"},
    {"capture_top=yes", "capture_top=no"},
    {"ransom_min=yes", "ransom_min=no"},
    {"capture_gaps=yes", "capture_gaps=no"},
    {"tower_range=height", "tower_range=short"},
    {"capture_diagonal=no", "capture_diagonal=yes"},
    {"ransom=yes", "ransom=no"}};

/* One game as a line of text (the format of the golden file); tower < 0:
 * without The Tower, else the T-OPT options of the bits of tower; river <
 * 0: without The River, else its V-OPT-1 value (CITY_RIVER_SHUFFLE or
 * CITY_RIVER_REMOVE). */
static void play_line_game(int players, int seed, int farmers, int tower,
                           int river, char *line, size_t cap)
{
	city_options *o;
	city_game *g;
	size_t len;
	uint64_t r = (uint64_t)seed * 31 + (uint64_t)players +
	             7u * (uint64_t)farmers;
	unsigned long h = 1469598103934665603UL;
	int moves, p, c;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_game(o, CITY_GAME_CARCASSONNE),
	                 CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, players), CITY_OK);
	ck_assert_int_eq(city_options_set_seed(o, (uint64_t)seed), CITY_OK);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_FARMERS, farmers),
	                 CITY_OK);
	if (river >= 0) {
		ck_assert_int_eq(
		    city_options_set_expansion(o, CITY_EXPANSION_RIVER, 1),
		    CITY_OK);
		ck_assert_int_eq(city_options_parse_rule(
		                     o, river == CITY_RIVER_REMOVE
		                            ? "river_start=remove"
		                            : "river_start=shuffle"),
		                 CITY_OK);
	}
	if (tower >= 0) {
		int k;
		ck_assert_int_eq(
		    city_options_set_expansion(o, CITY_EXPANSION_TOWER, 1),
		    CITY_OK);
		for (k = 0; k < 7; k++)
			ck_assert_int_eq(
			    city_options_parse_rule(o,
			                            tower_rules[k][tower >> (k + 1) & 1]),
			    CITY_OK);
	}
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	moves = test_play_golden(g, r, &h);
	ck_assert_int_eq(city_score_final(g), CITY_OK);
	len = 0;
	if (river >= 0)
		len += (size_t)snprintf(
		    line, cap, "river=%s ",
		    city_game_rule(g, CITY_RULE_RIVER_START) == CITY_RIVER_REMOVE
		        ? "remove"
		        : "shuffle");
	if (tower >= 0) {
		/* the options in T-OPT order, 1 where not the default value of
		 * the engine's state (capture_own, capture_top, ransom_min,
		 * capture_gaps: yes = 1; tower_range: short = 1; diagonal: yes =
		 * 1; ransom: yes = 1) */
		static const int rule[7] = {
		    CITY_RULE_CAPTURE_OWN,  CITY_RULE_CAPTURE_TOP,
		    CITY_RULE_RANSOM_MIN,   CITY_RULE_CAPTURE_GAPS,
		    CITY_RULE_TOWER_RANGE,  CITY_RULE_CAPTURE_DIAGONAL,
		    CITY_RULE_RANSOM};
		int k;
		len += (size_t)snprintf(line + len, cap - len, "tower=");
		for (k = 0; k < 7; k++)
			len += (size_t)snprintf(line + len, cap - len, "%d",
			                        city_game_rule(g, rule[k]) != 0);
		len += (size_t)snprintf(line + len, cap - len, " ");
	}
	len += (size_t)snprintf(line + len, cap - len,
	                        "%d %d farmers=%d moves=%d legalhash=%lx scores",
	                        players, seed, farmers, moves, h);
	for (p = 0; p < players; p++)
		for (c = CITY_CAT_ROADS; c <= CITY_CAT_RANSOM; c++)
			len += (size_t)snprintf(line + len, cap - len, " %d",
			                        city_game_score_detail(g, p, c));
	snprintf(line + len, cap - len, " ev=%d\n", city_game_event_count(g));
	city_game_free(g);
	city_options_free(o);
}

/* Base game i: 40 seeds each of 2, 3, 4, 5 players, farmers off, on. */
static void base_line(int i, char *line, size_t cap)
{
	play_line_game(2 + i / (2 * GAMES), i % GAMES, i / GAMES % 2, -1, -1,
	               line, cap);
}

/* Tower game g: 2 + g % 4 players, farmers when g % 3 == 0, the T-OPT
 * options of the bits of g. */
static void tower_line(int g, char *line, size_t cap)
{
	play_line_game(2 + g % 4, g, g % 3 == 0, g, -1, line, cap);
}

/* River game g (tools/carc_model.py river_game): 2 + g % 4 players,
 * farmers bit 2, river_start=remove bit 3, The Tower bit 4 (with the T-OPT
 * options of the bits of (g * 53) & 255, every bit mixed in). */
static void river_line(int g, char *line, size_t cap)
{
	play_line_game(2 + g % 4, g, g >> 2 & 1,
	               g >> 4 & 1 ? (g * 53) & 255 : -1,
	               g >> 3 & 1 ? CITY_RIVER_REMOVE : CITY_RIVER_SHUFFLE, line,
	               cap);
}

/* Plays games 0 .. games-1 with line_of and compares every line with
 * tests/data/NAME; with CITY_GOLDEN_WRITE=DIR the engine's lines are first
 * written to DIR/NAME (all of them: diff that with the model's output). */
static void replay(const char *name, int games,
                   void (*line_of)(int, char *, size_t))
{
	const char *out = getenv("CITY_GOLDEN_WRITE");
	char path[1024], want[512], got[512];
	FILE *f;
	int g;
	if (out) {
		FILE *w;
		snprintf(path, sizeof path, "%s/%s", out, name);
		w = fopen(path, "w");
		ck_assert_msg(w != NULL, "cannot write %s", path);
		for (g = 0; g < games; g++) {
			line_of(g, got, sizeof got);
			fputs(got, w);
		}
		fclose(w);
	}
	snprintf(path, sizeof path, "%s/%s", CITY_TEST_DATA_DIR, name);
	f = fopen(path, "r");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	for (g = 0; g < games; g++) {
		line_of(g, got, sizeof got);
		ck_assert_msg(fgets(want, sizeof want, f) != NULL,
		              "%s ends before game %d", path, g);
		ck_assert_msg(strcmp(want, got) == 0,
		              "%s: game %d differs:\n want %s got  %s", name, g,
		              want, got);
	}
	ck_assert_msg(fgets(want, sizeof want, f) == NULL,
	              "%s has more than %d games", path, games);
	fclose(f);
}

START_TEST(carc_golden_random_games_replay_exactly)
{
	replay("carc_golden_games.txt", 8 * GAMES, base_line);
}
END_TEST

START_TEST(carc_tower_golden_random_games_replay_exactly)
{
	replay("carc_tower_golden.txt", TOWER_GAMES, tower_line);
}
END_TEST

START_TEST(carc_river_golden_random_games_replay_exactly)
{
	replay("carc_river_golden.txt", RIVER_GAMES, river_line);
}
END_TEST

static Suite *carc_golden_suite(void)
{
	Suite *s = suite_create("carc_golden");
	TCase *tc = tcase_create("games");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, carc_golden_random_games_replay_exactly);
	tcase_add_test(tc, carc_tower_golden_random_games_replay_exactly);
	tcase_add_test(tc, carc_river_golden_random_games_replay_exactly);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(carc_golden_suite)
