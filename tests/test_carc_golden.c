/*
 * Golden games of the base game of Carcassonne: 320 seeded random games
 * (40 each of 2, 3, 4 and 5 players, with farmers off and on, the
 * built-in set `carcassonne`), and 256 games of The Tower (the built-in set
 * `carcassonne-tower`, game g with the T-OPT options of the bits of g, so
 * that every combination of the seven is played), replayed with a fixed
 * move chooser; per game
 * the number of moves, a hash of every legal-move count, every player's
 * score by category (roads, cities, monasteries, farms, ransom) after final
 * scoring and the event count must equal tests/data/carc_golden_games.txt.
 *
 * The file was written by the engine and cross-checked against
 * tools/carc_model.py, an independent model of carcassonne.md (flood-fill
 * features, no shared code): 0 divergences in the 320 games. Regenerate it
 * only for a deliberate rule change: CITY_GOLDEN_WRITE=path
 * ./test_carc_golden, then diff against the model's output.
 */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "common.h"

#define GOLDEN CITY_TEST_DATA_DIR "/carc_golden_games.txt"
#define TOWER_GOLDEN CITY_TEST_DATA_DIR "/carc_tower_golden.txt"
#define GAMES 40
#define TOWER_GAMES 256

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
 * the base game, else the Tower game number. */
static void play_line_tower(int players, int seed, int farmers, int tower,
                            char *line, size_t cap)
{
	city_options *o;
	city_game *g;
	static city_move mv[4096];
	size_t n, len;
	uint64_t r = (uint64_t)seed * 31 + (uint64_t)players +
	             7u * (uint64_t)farmers;
	unsigned long h = 1469598103934665603UL;
	int moves = 0, p, c;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_game(o, CITY_GAME_CARCASSONNE),
	                 CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, players), CITY_OK);
	ck_assert_int_eq(city_options_set_seed(o, (uint64_t)seed), CITY_OK);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_FARMERS, farmers),
	                 CITY_OK);
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
	while (city_game_decision(g) != CITY_DECISION_END) {
		ck_assert_int_eq(city_legal_moves(g, mv, 4096, &n), CITY_OK);
		h = (h ^ n) * 1099511628211UL;
		r = r * 6364136223846793005ULL + 1442695040888963407ULL;
		ck_assert_int_eq(city_apply_move(g, &mv[(r >> 33) % n]), CITY_OK);
		moves++;
	}
	ck_assert_int_eq(city_score_final(g), CITY_OK);
	len = 0;
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
		len += (size_t)snprintf(line, cap, "tower=");
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

static void play_line(int players, int seed, int farmers, char *line,
                      size_t cap)
{
	play_line_tower(players, seed, farmers, -1, line, cap);
}

START_TEST(carc_golden_random_games_replay_exactly)
{
	test_golden gf;
	char got[512];
	int players, farmers, seed, games = 0;
	test_golden_open(&gf, GOLDEN);
	for (players = 2; players <= 5; players++)
		for (farmers = 0; farmers <= 1; farmers++)
			for (seed = 0; seed < GAMES; seed++) {
				play_line(players, seed, farmers, got, sizeof got);
				test_golden_line(&gf, got,
				                 "game players=%d farmers=%d seed=%d",
				                 players, farmers, seed);
				games++;
			}
	ck_assert_int_eq(games, 8 * GAMES);
	test_golden_close(&gf);
}
END_TEST

START_TEST(carc_tower_golden_random_games_replay_exactly)
{
	test_golden gf;
	char got[512];
	int g;
	test_golden_open(&gf, TOWER_GOLDEN);
	for (g = 0; g < TOWER_GAMES; g++) {
		play_line_tower(2 + g % 4, g, g % 3 == 0, g, got, sizeof got);
		test_golden_line(&gf, got, "tower game %d", g);
	}
	test_golden_close(&gf);
}
END_TEST

static Suite *carc_golden_suite(void)
{
	Suite *s = suite_create("carc_golden");
	TCase *tc = tcase_create("games");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, carc_golden_random_games_replay_exactly);
	tcase_add_test(tc, carc_tower_golden_random_games_replay_exactly);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(carc_golden_suite)
