/*
 * The playout's pick of a tile placement (lib/ai_pick.c, issue 27): at
 * every decision of random games of every game, the count it gives is
 * city_legal_moves' count and its move k is the listing's move k, byte
 * for byte, for every k; at every other decision it declines. A search
 * that picks k = random % count so plays exactly the moves it played
 * when it listed them all. The City's games pass the gate, so that the
 * cells R-TILE-3/4 refuse (the wall's test of flagged cells) are
 * covered; The River's tiles go to one cell (V-TILE-1/2).
 */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include <city/city.h>

#include "ai_pick.h"
#include "common.h"

typedef struct pick_tally {
	long tile, other, moves, refused_first;
} pick_tally;

/* g's listing against the pick at this decision. */
static void assert_same_pick(const city_game *g, ai_pick *pk,
                             const city_move *moves, size_t count,
                             const char *what, int move, pick_tally *t)
{
	size_t n = 0, k;
	int d = city_game_decision(g);
	if (!ai_pick_count(g, pk, &n)) {
		/* declines every decision but a tile placement, and the start
		 * tile's on an empty board (R-TURN-2: (0,0), any rotation) */
		if (d == CITY_DECISION_TILE) {
			ck_assert_msg(move == 0 && count == 4 &&
			                      moves[0].x == 0 && moves[0].y == 0,
			              "%s, move %d: a tile placement declined",
			              what, move);
			t->refused_first++;
		}
		t->other++;
		return;
	}
	ck_assert_msg(d == CITY_DECISION_TILE,
	              "%s, move %d: decision %d taken for a tile placement",
	              what, move, d);
	ck_assert_msg(n == count, "%s, move %d: %zu placements, listing %zu",
	              what, move, n, count);
	for (k = 0; k < count; k++) {
		city_move m;
		memset(&m, 0xA5, sizeof m); /* every byte must be written */
		ai_pick_move(g, pk, k, &m);
		ck_assert_msg(memcmp(&m, &moves[k], sizeof m) == 0,
		              "%s, move %d: pick %zu of %zu is (%d,%d) r%u kind "
		              "%u, listing (%d,%d) r%u kind %u",
		              what, move, k, count, m.x, m.y, m.rotation, m.kind,
		              moves[k].x, moves[k].y, moves[k].rotation,
		              moves[k].kind);
	}
	t->tile++;
	t->moves += (long)count;
}

START_TEST(pick_is_the_listings_kth_move)
{
	static const test_variant variants[] = {
	        TEST_EVERY_GAME,
	        {CITY_GAME_CARCASSONNE,
	         CITY_EXPANSION_RIVER | CITY_EXPANSION_TOWER, 0, 5,
	         "River and Tower"},
	};
	static city_move moves[TEST_MOVES_CAP];
	ai_pick *pk = ai_pick_new();
	pick_tally t = {0, 0, 0, 0};
	int v, players, round;
	ck_assert_ptr_nonnull(pk);
	for (v = 0; v < (int)N_OF(variants); v++)
		for (players = 2; players <= variants[v].max_players; players++)
			for (round = 0; round < 3; round++) {
				uint64_t seed = 7000u * (uint64_t)v +
				                100u * (uint64_t)players +
				                (uint64_t)round,
				         rng = seed;
				city_game *g = test_new_game_with(
				        variants[v].game,
				        (unsigned)variants[v].expansion,
				        variants[v].farmers, players, seed);
				int move = 0;
				while (city_game_decision(g) !=
				       CITY_DECISION_END) {
					size_t count = 0;
					ck_assert_int_eq(
					        city_legal_moves(g, moves,
					                         TEST_MOVES_CAP,
					                         &count),
					        CITY_OK);
					ck_assert_uint_gt(count, 0);
					assert_same_pick(g, pk, moves, count,
					                 variants[v].name, move, &t);
					ck_assert_int_eq(
					        city_apply_move(
					                g, &moves[test_rand(&rng) %
					                          count]),
					        CITY_OK);
					move++;
				}
				city_game_free(g);
			}
	ai_pick_free(pk);
	/* not vacuous: thousands of placements, the other decisions
	 * declined, The City's first tile on an empty board declined */
	ck_assert_int_gt(t.tile, 5000);
	ck_assert_int_gt(t.other, 3000);
	ck_assert_int_gt(t.moves, 200000);
	ck_assert_int_eq(t.refused_first, 3 * 3);
}
END_TEST

static Suite *pick_suite(void)
{
	const test_row rows[] = {
	        {pick_is_the_listings_kth_move, 0, 1},
	};
	return test_suite("ai_pick", "core", 300, rows, N_OF(rows));
}

TEST_MAIN(pick_suite)
