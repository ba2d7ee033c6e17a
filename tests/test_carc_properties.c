/*
 * Property tests over seeded random games of the base game of Carcassonne
 * (2-5 players, farmers off and on): every listed move applies; the tile
 * listing equals the explicit rule (C-TILE-1/2, by neighbour look-ups) on
 * every cell around the board in every rotation; unlisted follower parts
 * are refused with the state unchanged (R-ERR-1); followers are conserved
 * (C-SET-2, C-SCORE-5); scores never decrease; clone, undo and save/load
 * are exact (byte for byte, and the record text again); every game ends
 * (C-END-1). The same over games of The Tower (each of the seven T-OPT
 * options on either value, from the bits of the seed): followers are
 * conserved counting those on tower tops and prisoners (T-CAP-3), the sum
 * of the scores never decreases (a ransom moves 3 points, T-CAP-5), and
 * state_check holds (the tower, raised and capture bit sets). The same
 * over games with The River (V-SET, V-GEO-1, V-TILE-1/2, V-FOL-1, V-OPT-1
 * from a bit of the seed), with and without The Tower: the listing equals
 * the explicit rule through the river phase too, the river's open end
 * kept equals the one walked from the spring (state_check), and a
 * follower on the river ('~') is refused.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "board.h"
#include "common.h"
#include "game_internal.h"
#include "state_check.h"

/* Games per player count and farmers setting, and of The Tower per
 * player count: by default, and in the long run (CITY_PROPERTY_GAMES=long,
 * common.h) */
#define PROPERTY_GAMES_QUICK 25
#define PROPERTY_GAMES 150
#define TOWER_GAMES_QUICK 32
#define TOWER_GAMES 64

static const state *st(const city_game *g)
{
	return &g->st;
}

static int same_state(const city_game *a, const city_game *b)
{
	return st(a)->lay.size == st(b)->lay.size &&
	       memcmp(st(a), st(b), st(a)->lay.size) == 0;
}


/* C-TILE: the listing is exactly the placements the explicit rule
 * allows, in rows, columns and rotations. */
static void check_tile_listing(const city_game *g, const city_move *mv,
                               size_t n)
{
	const state *s = st(g);
	const city_tileset *ts = city_game_tileset(g);
	int design = st_order(s)[s->turn.cur], x, y, r;
	size_t k = 0;
	for (y = s->board.min_y - 1; y <= s->board.max_y + 1; y++)
		for (x = s->board.min_x - 1; x <= s->board.max_x + 1; x++)
			for (r = 0; r < 4; r++) {
				if (g->rules->check_placement(ts, s, x, y, design,
				                              r, NULL, 0))
					continue;
				ck_assert_msg(k < n && mv[k].x == x &&
				                  mv[k].y == y &&
				                  mv[k].rotation == r,
				              "placement (%d,%d) r%d allowed but "
				              "not listed at %zu",
				              x, y, r, k);
				k++;
			}
	ck_assert_uint_eq(k, n);
}

static void conserved(const city_game *g)
{
	int p, q, np = city_game_players(g), on[5] = {0, 0, 0, 0, 0};
	int i, nf = city_game_follower_count(g);
	for (i = 0; i < nf; i++) {
		int owner = -1;
		ck_assert_int_eq(city_game_follower(g, (size_t)i, &owner, NULL,
		                                    NULL, NULL, NULL),
		                 CITY_OK);
		on[owner]++;
	}
	for (p = 0; p < np; p++) {
		int f = -1;
		ck_assert_int_eq(city_game_supply(g, p, &f, NULL), CITY_OK);
		for (q = 0; q < np; q++) /* prisoners (T-CAP-3) */
			on[p] += city_game_prisoners(g, q, p);
		ck_assert_int_eq(f + on[p], 7);
	}
}

/* The Tower's seven options (T-OPT-1..7), each from a bit of the seed. */
static const int tower_opts[7] = {
    CITY_RULE_CAPTURE_OWN,  CITY_RULE_CAPTURE_TOP,  CITY_RULE_RANSOM_MIN,
    CITY_RULE_CAPTURE_GAPS, CITY_RULE_TOWER_RANGE, CITY_RULE_CAPTURE_DIAGONAL,
    CITY_RULE_RANSOM};

/* A base game for `players` seeded with `seed`, the farmers rule
 * (C-OPT-1) `farmers` and the expansions `exp` (CITY_EXPANSION_* bits):
 * The Tower's seven options and The River's start from bits of the seed.
 * The expansions asked for, and only they, are in play. */
static city_game *property_game(int players, int farmers, unsigned exp,
                                uint64_t seed)
{
	city_options *o;
	city_game *g;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_game(o, CITY_GAME_CARCASSONNE),
	                 CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, players), CITY_OK);
	ck_assert_int_eq(city_options_set_seed(o, seed), CITY_OK);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_FARMERS, farmers),
	                 CITY_OK);
	if (exp & CITY_EXPANSION_TOWER) {
		int k;
		ck_assert_int_eq(
		    city_options_set_expansion(o, CITY_EXPANSION_TOWER, 1),
		    CITY_OK);
		for (k = 0; k < 7; k++)
			ck_assert_int_eq(city_options_set_rule(o, tower_opts[k],
			                                       (int)(seed >> k & 1)),
			                 CITY_OK);
	}
	if (exp & CITY_EXPANSION_RIVER) {
		ck_assert_int_eq(
		    city_options_set_expansion(o, CITY_EXPANSION_RIVER, 1),
		    CITY_OK);
		ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_RIVER_START,
		                                       (int)(seed >> 3 & 1)),
		                 CITY_OK);
	}
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	city_options_free(o);
	ck_assert_int_eq(city_game_expansions(g), (int)exp);
	return g;
}

/* One random game with the expansions `exp` (CITY_EXPANSION_* bits). */
static void play_with(int players, int farmers, unsigned exp, uint64_t seed)
{
	int with_tower = (exp & CITY_EXPANSION_TOWER) != 0;
	city_game *g = property_game(players, farmers, exp, seed);
	city_game *scratch, *before;
	static city_move mv[2048];
	uint64_t rng = seed * 977 + (uint64_t)players;
	int last[5] = {0, 0, 0, 0, 0}, p, steps = 0;
	ck_assert_int_eq(city_game_clone(&scratch, g), CITY_OK);
	ck_assert_int_eq(city_game_clone(&before, g), CITY_OK);
	while (city_game_decision(g) != CITY_DECISION_END) {
		size_t n = 0, i;
		int d = city_game_decision(g);
		ck_assert_int_eq(city_legal_moves(g, mv, 2048, &n), CITY_OK);
		ck_assert_uint_gt(n, 0);
		if (d == CITY_DECISION_TILE)
			check_tile_listing(g, mv, n);
		else {
			/* every part not listed is refused, atomically */
			const char *parts = "abcdefgh123456789m~";
			for (i = 0; parts[i]; i++) {
				size_t k;
				int rc, found = 0;
				for (k = 0; k < n; k++)
					found |= mv[k].kind == CITY_MOVE_FOLLOWER &&
					         mv[k].part == parts[i];
				if (found)
					continue;
				ck_assert_int_eq(city_game_copy(scratch, g),
				                 CITY_OK);
				rc = city_place_follower(scratch, parts[i]);
				ck_assert_int_ne(rc, CITY_OK);
				ck_assert(same_state(scratch, g));
			}
		}
		ck_assert_int_eq(city_game_copy(before, g), CITY_OK);
		ck_assert_int_eq(city_apply_move(g, &mv[test_rand(&rng) % n]),
		                 CITY_OK);
		steps++;
		conserved(g);
		{
			/* the shared board, frontier, features and players stay
			 * consistent (lib/state_check.c) */
			char why[160];
			ck_assert_msg(state_check(g, why, sizeof why) == 0, "%s",
			              why);
		}
		if (with_tower) {
			/* a ransom moves 3 points from one player to another */
			int sum = 0, before_sum = 0;
			for (p = 0; p < players; p++) {
				int sc = 0;
				ck_assert_int_eq(city_game_score_get(g, p, &sc),
				                 CITY_OK);
				sum += sc;
				before_sum += last[p];
				last[p] = sc;
			}
			ck_assert_int_ge(sum, before_sum);
		} else {
			for (p = 0; p < players; p++) {
				int sc = city_game_score(g, p);
				ck_assert_int_ge(sc, last[p]);
				last[p] = sc;
			}
		}
		/* clone exact; undo gives back the state before the move */
		if (steps % 5 == 0) {
			city_game *c;
			ck_assert_int_eq(city_game_clone(&c, g), CITY_OK);
			ck_assert(same_state(c, g));
			ck_assert_int_eq(city_game_undo(c), CITY_OK);
			ck_assert(same_state(c, before));
			city_game_free(c);
		}
		/* save / load round trip */
		if (steps % 23 == 0) {
			city_game *l = test_reload_exact(g);
			ck_assert(same_state(l, g));
			city_game_free(l);
		}
		ck_assert_int_lt(steps, 1000);
	}
	ck_assert_int_eq(city_score_final(g), CITY_OK);
	conserved(g);
	ck_assert_int_eq(city_game_follower_count(g), 0);
	{
		city_game *l = test_reload(g);
		ck_assert(same_state(l, g));
		city_game_free(l);
	}
	city_game_free(before);
	city_game_free(scratch);
	city_game_free(g);
}

static void play(int players, int farmers, int with_tower, uint64_t seed)
{
	play_with(players, farmers, with_tower ? CITY_EXPANSION_TOWER : 0, seed);
}

START_TEST(carc_random_games_keep_every_property)
{
	int players = 2 + _i / 2, farmers = _i % 2;
	uint64_t seed, n = (uint64_t)test_property_games(PROPERTY_GAMES_QUICK,
	                                                 PROPERTY_GAMES);
	for (seed = 0; seed < n; seed++)
		play(players, farmers, 0, seed);
}
END_TEST

START_TEST(carc_tower_random_games_keep_every_property)
{
	int players = 2 + _i;
	uint64_t seed, n = (uint64_t)test_property_games(TOWER_GAMES_QUICK,
	                                                 TOWER_GAMES);
	/* 32 games per player count: every combination of the seven options
	 * once over the four player counts (the long run: twice, farmers on
	 * and off) */
	for (seed = 0; seed < n; seed++)
		play(players, (int)(seed >> 5 & 1) ^ (_i & 1), 1,
		     seed * 4 + (uint64_t)_i);
}
END_TEST

START_TEST(carc_river_random_games_keep_every_property)
{
	int players = 2 + _i / 2, farmers = _i % 2;
	uint64_t seed;
	/* with The Tower on odd seeds; river_start from bit 3 */
	for (seed = 0; seed < 24; seed++)
		play_with(players, farmers,
		          CITY_EXPANSION_RIVER |
		              (seed & 1 ? CITY_EXPANSION_TOWER : 0u),
		          seed * 8 + (uint64_t)_i);
}
END_TEST

/* C-TILE-2's edge test, four frontier cells at a time (the listing's and
 * the draw's fast path, SSE2 where there is one) against the one-cell
 * rule, over random cells and tile signatures. */
START_TEST(test_C_TILE_2_edge_test_four_cells_at_once)
{
	uint64_t r = 7;
	int round, c;
	for (round = 0; round < 100000; round++) {
		fcell f[4];
		uint32_t sig4 = (uint32_t)test_rand(&r);
		unsigned want = 0, got;
		for (c = 0; c < 4; c++) {
			uint64_t v = test_rand(&r);
			f[c].key = (uint32_t)v;
			f[c].present = (uint8_t)(v >> 32 & 15u);
			f[c].streets = (uint8_t)(v >> 40);
			f[c].ring = (uint8_t)(v >> 48);
			f[c].flags = (uint8_t)(v >> 56);
			want |= board_sig_rotations(&f[c], sig4) << (4 * c);
		}
		got = board_sig_rotations4(f, sig4);
		ck_assert_msg(got == want,
		              "round %d: four cells %#x, one by one %#x", round,
		              got, want);
	}
}
END_TEST

static Suite *carc_properties_suite(void)
{
	const test_row rows[] = {
	    {carc_random_games_keep_every_property, 0, 8},
	    {carc_tower_random_games_keep_every_property, 0, 4},
	    {carc_river_random_games_keep_every_property, 0, 8},
	    {test_C_TILE_2_edge_test_four_cells_at_once, 0, 1},
	};
	return test_suite("carc_properties", "games", 900, rows, N_OF(rows));
}

TEST_MAIN(carc_properties_suite)
