/*
 * minimal: the smallest complete program that embeds libcity.
 *
 * It creates a game, answers every decision with a legal move until the
 * game ends, runs the final scoring, prints the scores and frees the game.
 * Every libcity call that can fail returns CITY_OK (0) or a negative
 * CITY_E* status, so each one is checked.
 *
 *   cc minimal.c -o minimal $(pkg-config --cflags --libs libcity)
 *   ./minimal [SEED]
 */
#include <stdio.h>
#include <stdlib.h>

#include <city/city.h> /* the one header of the API */

int main(int argc, char **argv)
{
	unsigned long long seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
	city_options *opts = NULL;
	city_game *game = NULL;
	city_move *moves = NULL; /* buffer for the legal moves, grown below */
	size_t capacity = 0, turn = 0;
	int rc, p;

	/* 1. Options: an opaque builder. Anything not set keeps its default
	 *    (built-in tile set, default rules). */
	rc = city_options_new(&opts);
	if (rc == CITY_OK)
		rc = city_options_set_players(opts, 3);
	if (rc == CITY_OK)
		rc = city_options_set_seed(opts, (uint64_t)seed);

	/* 2. The game. The options are copied into it, so they can go now. */
	if (rc == CITY_OK)
		rc = city_game_new(&game, opts);
	city_options_free(opts);
	if (rc != CITY_OK) {
		fprintf(stderr, "minimal: cannot start: %s\n",
		        city_status_str(rc));
		return 1;
	}

	/* 3. Play: while the game waits for a decision, list the legal moves
	 *    and apply one of them (here: a simple deterministic pick). */
	while (city_game_decision(game) != CITY_DECISION_END) {
		size_t count = 0;
		/* Ask how many moves there are, then make room for them. */
		rc = city_legal_moves(game, NULL, 0, &count);
		if (rc == CITY_OK && count > capacity) {
			city_move *bigger = realloc(moves, count * sizeof *moves);
			if (bigger == NULL) {
				rc = CITY_ENOMEM;
				break;
			}
			moves = bigger;
			capacity = count;
		}
		if (rc == CITY_OK)
			rc = city_legal_moves(game, moves, capacity, &count);
		if (rc != CITY_OK || count == 0)
			break;
		/* Any legal move is accepted; a failed call would change nothing
		 * and city_game_last_error() would name the rule it broke. */
		rc = city_apply_move(game, &moves[(turn * 7u) % count]);
		if (rc != CITY_OK) {
			fprintf(stderr, "minimal: move rejected: %s\n",
			        city_game_last_error(game));
			break;
		}
		turn++;
	}
	free(moves);

	/* 4. Final scoring (closes the wall, scores stewards and guards). */
	if (rc == CITY_OK)
		rc = city_score_final(game);
	if (rc != CITY_OK) {
		fprintf(stderr, "minimal: %s\n", city_status_str(rc));
		city_game_free(game);
		return 1;
	}

	/* 5. Read the result. */
	printf("game over after %zu moves\n", turn);
	for (p = 0; p < city_game_players(game); p++)
		printf("player %d: %d points\n", p, city_game_score(game, p));

	/* 6. Free the game (city_game_free(NULL) would be a no-op too). */
	city_game_free(game);
	return 0;
}
