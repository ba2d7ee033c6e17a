/*
 * bench/ab_play.c: N random 4-player games through the public API, as
 * city-bench plays them (a pool of 8 games reset with city_game_reset, a
 * move chosen by splitmix64 modulo the count); the CPU-time loop of
 * scripts/ab_arch.sh. Usage: ab_play [N]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <city/city.h>

static uint64_t rng(uint64_t *st)
{
	uint64_t z = (*st += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

int main(int argc, char **argv)
{
	static city_move moves[4096];
	city_game *pool[8];
	uint64_t st = 1;
	long decisions = 0;
	int games = argc > 1 ? atoi(argv[1]) : 200, i;
	size_t n;
	for (i = 0; i < 8; i++) {
		city_options *o;
		if (city_options_new(&o) != CITY_OK ||
		    city_options_set_players(o, 4) != CITY_OK ||
		    city_options_set_seed(o, (uint64_t)i) != CITY_OK ||
		    city_game_new(&pool[i], o) != CITY_OK)
			return 1;
		city_options_free(o);
	}
	for (i = 0; i < games; i++) {
		city_game *g = pool[i % 8];
		city_game_reset(g);
		while (city_game_decision(g) != CITY_DECISION_END) {
			if (city_legal_moves(g, moves, 4096, &n) != CITY_OK ||
			    city_apply_move(g, &moves[rng(&st) % n]) != CITY_OK)
				return 1;
			decisions++;
		}
		city_score_final(g);
	}
	printf("%d games, %ld decisions\n", games, decisions);
	for (i = 0; i < 8; i++)
		city_game_free(pool[i]);
	return 0;
}
