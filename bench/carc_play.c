/*
 * carc_play: random games of the base game of Carcassonne through the
 * public API (one game, reset with city_game_reset and its stack
 * reshuffled with seed g for game g), for perf / Callgrind and a quick games/s figure
 * (docs/performance.md, "The base game of Carcassonne"). Not built by
 * CMake:
 *
 *   scripts/bench.sh --quick >/dev/null   # builds build/bench/libcity.a
 *   cc -O2 -Iinclude -Ibuild/bench/include bench/carc_play.c \
 *      build/bench/libcity.a -o carc_play
 *   ./carc_play 20000 4 1 0     # games, players, farmers, tower (bits:
 *                               # 1 The Tower, 2 The River, 3 both)
 *   ./carc_play 20000 4 0 0 0   # the same loop on The City (game 0)
 *   ./carc_play 1000 4 0 1 1 16 # each game 16 times in a row (repeat):
 *                               # the branch predictor learns it, so
 *                               # against 16000 games played once each
 *                               # this prices mispredictions (perf record)
 *   perf record -g ./carc_play 20000; perf report
 *   valgrind --tool=callgrind ./carc_play 200
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <city/city.h>

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
	static city_move mv[4096];
	int games = argc > 1 ? atoi(argv[1]) : 200, g;
	int players = argc > 2 ? atoi(argv[2]) : 4;
	int farmers = argc > 3 ? atoi(argv[3]) : 1;
	int tower = argc > 4 ? atoi(argv[4]) : 0;
	int game = argc > 5 ? atoi(argv[5]) : CITY_GAME_CARCASSONNE;
	int repeat = argc > 6 ? atoi(argv[6]) : 1, k;
	unsigned long moves = 0;
	uint64_t r = 1;
	double t0;
	city_options *o = NULL;
	city_game *gm = NULL;
	if (city_options_new(&o) != CITY_OK ||
	    city_options_set_game(o, game) != CITY_OK ||
	    city_options_set_players(o, players) != CITY_OK ||
	    ((tower & 1) &&
	     city_options_set_expansion(o, CITY_EXPANSION_TOWER, 1) != CITY_OK) ||
	    ((tower & 2) &&
	     city_options_set_expansion(o, CITY_EXPANSION_RIVER, 1) != CITY_OK) ||
	    (game == CITY_GAME_CARCASSONNE &&
	     city_options_set_rule(o, CITY_RULE_FARMERS, farmers) != CITY_OK) ||
	    city_options_set_seed(o, 0) != CITY_OK ||
	    city_game_new(&gm, o) != CITY_OK)
		return 1;
	t0 = now();
	for (g = 0; g < games; g++)
		for (k = 0; k < repeat; k++) {
			size_t n = 0;
			/* a new order per game: reset, then reshuffle the stack */
			if ((g > 0 || k > 0) &&
			    (city_game_reset(gm) != CITY_OK ||
			     city_game_reshuffle(gm, (uint64_t)g) != CITY_OK))
				return 1;
			if (repeat > 1)
				r = (uint64_t)g + 1; /* the same choices again */
			while (city_game_decision(gm) != CITY_DECISION_END) {
				if (city_legal_moves(gm, mv, 4096, &n) != CITY_OK ||
				    !n)
					return 1;
				r = r * 6364136223846793005ULL +
				    1442695040888963407ULL;
				if (city_apply_move(gm, &mv[(r >> 33) % n]) !=
				    CITY_OK)
					return 1;
				moves++;
			}
			if (city_score_final(gm) != CITY_OK)
				return 1;
		}
	games *= repeat > 1 ? repeat : 1;
	printf("%d games, %.1f moves per game, %.0f games/s\n", games,
	       (double)moves / games, games / (now() - t0));
	city_game_free(gm);
	city_options_free(o);
	return 0;
}
