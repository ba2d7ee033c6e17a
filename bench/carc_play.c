/*
 * carc_play: random games of the base game of Carcassonne through the
 * public API (4 players, farmers on, seeds 0..N-1), for Callgrind
 * (docs/performance.md, "The base game of Carcassonne"). Not built by
 * CMake:
 *
 *   cc -O2 -Iinclude -Ibuild/bench/include bench/carc_play.c \
 *      build/bench/libcity.a -o carc_play
 *   valgrind --tool=callgrind ./carc_play 200
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <city/city.h>

int main(int argc, char **argv)
{
	static city_move mv[4096];
	int games = argc > 1 ? atoi(argv[1]) : 200, g;
	unsigned long moves = 0;
	uint64_t r = 1;
	city_options *o = NULL;
	if (city_options_new(&o) != CITY_OK ||
	    city_options_set_game(o, CITY_GAME_CARCASSONNE) != CITY_OK ||
	    city_options_set_players(o, 4) != CITY_OK ||
	    city_options_set_rule(o, CITY_RULE_FARMERS, 1) != CITY_OK)
		return 1;
	for (g = 0; g < games; g++) {
		city_game *gm = NULL;
		size_t n = 0;
		if (city_options_set_seed(o, (uint64_t)g) != CITY_OK ||
		    city_game_new(&gm, o) != CITY_OK)
			return 1;
		while (city_game_decision(gm) != CITY_DECISION_END) {
			if (city_legal_moves(gm, mv, 4096, &n) != CITY_OK || !n)
				return 1;
			r = r * 6364136223846793005ULL + 1442695040888963407ULL;
			if (city_apply_move(gm, &mv[(r >> 33) % n]) != CITY_OK)
				return 1;
			moves++;
		}
		if (city_score_final(gm) != CITY_OK)
			return 1;
		city_game_free(gm);
	}
	city_options_free(o);
	printf("%d games, %.1f moves per game\n", games,
	       (double)moves / games);
	return 0;
}
