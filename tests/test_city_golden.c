/*
 * Golden games: 900 seeded random games (300 each of 2, 3 and 4 players,
 * the built-in set, default rules) replayed with a fixed move chooser; per
 * game the number of moves, a hash of every legal-move count, the wall and
 * tower counts, the end reasons, every player's score by category after
 * final scoring and the event count must equal tests/data/golden_games.txt.
 *
 * The file was written by the engine and cross-checked against an
 * independent model of rules.md (0 divergences, docs/performance.md), so it
 * guards the rules through optimisations: any change of a legal-move count
 * or a score in any of these games fails with the game named. Regenerate it
 * only for a deliberate rule change: CITY_GOLDEN_WRITE=path ./test_city_golden.
 */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "common.h"

#define GOLDEN CITY_TEST_DATA_DIR "/golden_games.txt"

/* One game as a line of text (the format of the golden file). */
static void play_line(int players, int seed, char *line, size_t cap)
{
	city_options *o;
	city_game *g;
	size_t len;
	uint64_t r = (uint64_t)seed * 31 + (uint64_t)players;
	unsigned long h = 1469598103934665603UL;
	int moves, p, c;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, players), CITY_OK);
	ck_assert_int_eq(city_options_set_seed(o, (uint64_t)seed), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	moves = test_play_golden(g, r, &h);
	ck_assert_int_eq(city_score_final(g), CITY_OK);
	len = (size_t)snprintf(line, cap,
	                       "%d %d moves=%d legalhash=%lx walls=%d towers=%d "
	                       "end=%d scores",
	                       players, seed, moves, h, city_wall_length(g),
	                       city_tower_count(g), city_game_end_reasons(g));
	for (p = 0; p < players; p++)
		for (c = 0; c < CITY_CAT_COUNT; c++)
			len += (size_t)snprintf(line + len, cap - len, " %d",
			                        city_game_score_detail(g, p, c));
	snprintf(line + len, cap - len, " ev=%d\n", city_game_event_count(g));
	city_game_free(g);
	city_options_free(o);
}

START_TEST(golden_random_games_replay_exactly)
{
	const char *out = getenv("CITY_GOLDEN_WRITE");
	FILE *f = fopen(GOLDEN, "r");
	FILE *w = out ? fopen(out, "w") : NULL;
	char want[512], got[512];
	int players, seed, games = 0;
	ck_assert_msg(f != NULL, "cannot open %s", GOLDEN);
	for (players = 2; players <= 4; players++)
		for (seed = 0; seed < 300; seed++) {
			play_line(players, seed, got, sizeof got);
			if (w)
				fputs(got, w);
			ck_assert_msg(fgets(want, sizeof want, f) != NULL,
			              "%s ends before game %d/%d", GOLDEN, players,
			              seed);
			ck_assert_msg(strcmp(want, got) == 0,
			              "game players=%d seed=%d differs:\n want %s"
			              " got  %s",
			              players, seed, want, got);
			games++;
		}
	ck_assert_int_eq(games, 900);
	if (w)
		fclose(w);
	fclose(f);
}
END_TEST

static Suite *golden_suite(void)
{
	const test_row rows[] = {{golden_random_games_replay_exactly, 0, 1}};
	return test_suite("golden", "games", 600, rows, N_OF(rows));
}

TEST_MAIN(golden_suite)
