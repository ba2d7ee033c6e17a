/*
 * The AI's potentials read from the state (lib/ai_potential.c, issue 27)
 * are the potentials the public queries give (docs/ai.md): the loop the
 * AI had before, kept here as the reference, over random games of every
 * game, at every decision, compared as doubles with ==, so that a search
 * evaluates every cut-off playout exactly as before and chooses the same
 * moves.
 */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include <city/city.h>

#include "ai_potential.h"
#include "common.h"

#define REF_MAX_FOL 64

typedef struct ref_fol {
	int player;
	int32_t x, y;
	char part;
} ref_fol;

/* Followers of `player` on the feature holding (x, y, part) lead it (no
 * other player has more). */
static int ref_leads(const city_game *g, int32_t x, int32_t y, char part,
                     int player, int players)
{
	int mine = city_feature_followers(g, x, y, part, player), q;
	if (mine <= 0)
		return 0;
	for (q = 0; q < players; q++)
		if (q != player &&
		    city_feature_followers(g, x, y, part, q) > mine)
			return 0;
	return 1;
}

/* The AI's potentials through the public queries (lib/ai.c before
 * ai_potential.c): per_tile points per tile of every incomplete feature
 * on which the player has a follower and leads, each feature once. */
static void ref_potentials(const city_game *g, int players, double per_tile,
                           double *pot)
{
	ref_fol f[REF_MAX_FOL];
	int n = city_game_follower_count(g), i, j;
	for (i = 0; i < players; i++)
		pot[i] = 0;
	ck_assert_int_le(n, REF_MAX_FOL);
	for (i = 0; i < n; i++) {
		f[i].player = -1;
		f[i].x = f[i].y = 0;
		f[i].part = 0;
		if (city_game_follower(g, (size_t)i, &f[i].player, NULL, &f[i].x,
		                       &f[i].y, &f[i].part) != CITY_OK)
			f[i].player = -1;
	}
	for (i = 0; i < n; i++) {
		int player = f[i].player, seen = 0, tiles;
		if (player < 0 || player >= players)
			continue;
		if (city_feature_complete(g, f[i].x, f[i].y, f[i].part) != 0)
			continue; /* complete, or not a feature */
		for (j = 0; j < i && !seen; j++)
			if (f[j].player == player &&
			    city_feature_same(g, f[i].x, f[i].y, f[i].part,
			                      f[j].x, f[j].y, f[j].part) == 1)
				seen = 1;
		if (seen ||
		    !ref_leads(g, f[i].x, f[i].y, f[i].part, player, players))
			continue;
		tiles = city_feature_tiles(g, f[i].x, f[i].y, f[i].part);
		if (tiles > 0)
			pot[player] += per_tile * tiles;
	}
}

/* Both ways agree on g, bit for bit, for a few weights (0.3 and 1.7 are
 * not binary fractions: the sums' order shows). Returns whether any
 * potential was non-zero. */
static int assert_same_potentials(const city_game *g, const char *what,
                                  int move)
{
	static const double weights[] = {0.5, 0.3, 1.7};
	int players = city_game_players(g), k, q, nonzero = 0;
	for (k = 0; k < (int)N_OF(weights); k++) {
		double want[8], got[8];
		ref_potentials(g, players, weights[k], want);
		ai_potential_of(g, players, weights[k], got);
		for (q = 0; q < players; q++) {
			ck_assert_msg(memcmp(&want[q], &got[q], sizeof want[q]) ==
			                      0,
			              "%s, move %d, weight %g, player %d: "
			              "public queries %.17g, state %.17g",
			              what, move, weights[k], q, want[q], got[q]);
			nonzero |= want[q] != 0;
		}
	}
	return nonzero;
}

/* A random legal move, a pass only one time in eight when there is
 * another: followers, guards and towers stand on the board as long as
 * their supplies last, so that features are shared and contested. */
static void play_biased(city_game *g, uint64_t *rng, city_move *moves)
{
	size_t count = 0, i;
	ck_assert_int_eq(city_legal_moves(g, moves, TEST_MOVES_CAP, &count),
	                 CITY_OK);
	ck_assert_uint_gt(count, 0);
	i = test_rand(rng) % count;
	if (moves[i].kind == CITY_MOVE_PASS && count > 1 &&
	    test_rand(rng) % 8 != 0)
		i = (i + 1 + test_rand(rng) % (count - 1)) % count;
	ck_assert_int_eq(city_apply_move(g, &moves[i]), CITY_OK);
}

START_TEST(potentials_from_the_state_equal_the_public_queries)
{
	/* Every game (The City: guards on the wall are followers of no
	 * feature, R-WALL-6; the base game with and without farmers, C-OPT-1,
	 * fields never complete, C-DONE-4, monks on monasteries, C-DONE-3;
	 * The Tower: followers on tower tops and prisoners, T-ACT-2, T-CAP;
	 * The River), 2 to 5 players, at every decision and after the final
	 * scoring (R-END, C-END: followers scored and returned). */
	static const test_variant variants[] = {TEST_EVERY_GAME};
	static city_move moves[TEST_MOVES_CAP];
	int v, players, nonzero = 0, checked = 0;
	for (v = 0; v < (int)N_OF(variants); v++)
		for (players = 2; players <= variants[v].max_players; players++) {
			uint64_t seed = 1000u * (uint64_t)v + (uint64_t)players,
			         rng = seed;
			city_game *g = test_new_game_with(
			        variants[v].game, (unsigned)variants[v].expansion,
			        variants[v].farmers, players, seed);
			int move = 0;
			while (city_game_decision(g) != CITY_DECISION_END) {
				nonzero += assert_same_potentials(
				        g, variants[v].name, move);
				play_biased(g, &rng, moves);
				move++;
				checked++;
			}
			assert_same_potentials(g, variants[v].name, move);
			ck_assert_int_eq(city_score_final(g), CITY_OK);
			assert_same_potentials(g, variants[v].name, -1);
			city_game_free(g);
		}
	/* the comparison is not vacuous: most positions have potentials */
	ck_assert_int_gt(nonzero, checked / 2);
}
END_TEST

static Suite *potential_suite(void)
{
	const test_row rows[] = {
	        {potentials_from_the_state_equal_the_public_queries, 0, 1},
	};
	return test_suite("ai_potential", "core", 120, rows, N_OF(rows));
}

TEST_MAIN(potential_suite)
