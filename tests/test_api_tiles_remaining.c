/*
 * city_game_tiles_remaining(): the designs still to come and their counts
 * (R-SET-1..4, C-SET-1, T-SET-1: what the box holds and what is drawn).
 *
 * The query is checked against a model built from other queries only: a
 * design's remaining count is its count in the set, less the tiles of it
 * on the board, less those discarded (CITY_EVENT_DISCARD), less the tile
 * in hand while it waits to be placed. That holds after every move of
 * random games of the three games, per stack and for all stacks; the sums
 * agree with city_game_tiles_left().
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "common.h"

#define MAX_DESIGNS 256

/* The model: per design index, set count - placed - discarded - in hand. */
static void model_counts(const city_game *g, int *left)
{
	const city_tileset *ts = city_game_tileset(g);
	unsigned i, n = city_tileset_design_count(ts);
	int k, design, count = city_game_tile_count(g);
	for (i = 0; i < n; i++)
		left[i] = city_tileset_design_count_of(ts, i);
	for (k = 0; k < count; k++) {
		ck_assert_int_eq(city_game_placed_tile(g, (size_t)k, NULL, NULL,
		                                       &design, NULL),
		                 CITY_OK);
		left[city_tileset_find_design(ts, design)]--;
	}
	count = city_game_event_count(g);
	for (k = 0; k < count; k++) {
		city_event ev;
		ck_assert_int_eq(city_game_event(g, (size_t)k, &ev), CITY_OK);
		if (ev.kind == CITY_EVENT_DISCARD)
			left[city_tileset_find_design(ts, ev.design)]--;
	}
	if (city_game_decision(g) == CITY_DECISION_TILE &&
	    city_game_current_tile(g, &design, NULL) == CITY_OK)
		left[city_tileset_find_design(ts, design)]--;
}

/* The query for all stacks equals the model; each stack's list sums to its
 * tiles_left, and the stacks together give the list of all stacks. */
static void check_state(const city_game *g)
{
	const city_tileset *ts = city_game_tileset(g);
	int model[MAX_DESIGNS], per_stack[MAX_DESIGNS] = {0};
	int designs[MAX_DESIGNS], counts[MAX_DESIGNS];
	int n, i, stack, sum, total = 0;
	unsigned d, nd = city_tileset_design_count(ts);

	model_counts(g, model);
	n = city_game_tiles_remaining(g, 0, designs, counts, MAX_DESIGNS);
	ck_assert_int_ge(n, 0);
	i = 0;
	for (d = 0; d < nd; d++) {
		ck_assert_int_ge(model[d], 0);
		if (!model[d])
			continue;
		ck_assert_int_lt(i, n);
		ck_assert_int_eq(designs[i], city_tileset_design_id(ts, d));
		ck_assert_int_eq(counts[i], model[d]);
		i++;
	}
	ck_assert_int_eq(i, n);
	/* cap 0 counts only */
	ck_assert_int_eq(city_game_tiles_remaining(g, 0, NULL, NULL, 0), n);

	for (stack = 1; stack <= 3; stack++) {
		int m = city_game_tiles_remaining(g, stack, designs, counts,
		                                  MAX_DESIGNS);
		ck_assert_int_ge(m, 0);
		sum = 0;
		for (i = 0; i < m; i++) {
			ck_assert_int_gt(counts[i], 0);
			if (i)
				ck_assert_int_lt(designs[i - 1], designs[i]);
			sum += counts[i];
			per_stack[city_tileset_find_design(ts, designs[i])] +=
			    counts[i];
		}
		ck_assert_int_eq(sum, city_game_tiles_left(g, stack));
		total += sum;
	}
	for (d = 0; d < nd; d++)
		ck_assert_int_eq(per_stack[d], model[d]);
	(void)total;
}

static void play_and_check(int game, int tower, int players, uint64_t seed)
{
	city_game *g = test_new_game(game, tower, -1, players, seed);
	city_move moves[512];
	uint64_t rng = seed * 7919u + 17u;
	size_t count;
	int steps = 0;
	/* the expansion is on exactly in the games meant with The Tower (its
	 * 18 tiles shuffled in, carcassonne.md "The Tower") */
	ck_assert_int_eq((city_game_expansions(g) & CITY_EXPANSION_TOWER) != 0,
	                 tower);
	check_state(g);
	while (city_game_decision(g) != CITY_DECISION_END) {
		ck_assert_int_eq(city_legal_moves(g, moves, 512, &count), CITY_OK);
		ck_assert_uint_gt(count, 0);
		ck_assert_int_eq(
		    city_apply_move(g, &moves[test_rand(&rng) % count]), CITY_OK);
		check_state(g);
		ck_assert_int_lt(++steps, 5000);
	}
	ck_assert_int_eq(city_score_final(g), CITY_OK);
	check_state(g);
	city_game_free(g);
}

START_TEST(test_city_games)
{
	play_and_check(CITY_GAME_THE_CITY, 0, 2 + _i % 3, 100u + (uint64_t)_i);
}
END_TEST

START_TEST(test_carcassonne_games)
{
	play_and_check(CITY_GAME_CARCASSONNE, 0, 2 + _i % 4, 200u + (uint64_t)_i);
}
END_TEST

START_TEST(test_tower_games)
{
	play_and_check(CITY_GAME_CARCASSONNE, 1, 2 + _i % 4, 300u + (uint64_t)_i);
}
END_TEST

/* At the start of The City, stack 1 is whole: its counts are the set's
 * less the tile in hand (R-SET-3: three stacks). */
START_TEST(test_city_start_counts)
{
	city_game *g = test_new_game(CITY_GAME_THE_CITY, 0, -1, 3, 5);
	int designs[MAX_DESIGNS], counts[MAX_DESIGNS], i, n, sum = 0;
	n = city_game_tiles_remaining(g, 0, designs, counts, MAX_DESIGNS);
	for (i = 0; i < n; i++)
		sum += counts[i];
	ck_assert_int_eq(sum, city_game_tiles_left(g, 1) +
	                          city_game_tiles_left(g, 2) +
	                          city_game_tiles_left(g, 3));
	ck_assert_int_eq(sum + city_game_tile_count(g) + 1,
	                 (int)city_tileset_tile_count(city_game_tileset(g)));
	city_game_free(g);
}
END_TEST

/* Refusals: CITY_EINVAL, nothing written; a short buffer gets the first
 * entries and the full count. */
START_TEST(test_refusals_and_short_buffer)
{
	city_game *g = test_new_game(CITY_GAME_CARCASSONNE, 0, -1, 2, 9);
	int designs[4] = {-7, -7, -7, -7}, counts[4] = {-7, -7, -7, -7};
	int all_d[MAX_DESIGNS], all_c[MAX_DESIGNS], n;
	ck_assert_int_eq(city_game_tiles_remaining(NULL, 0, designs, counts, 4),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_game_tiles_remaining(g, -1, designs, counts, 4),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_game_tiles_remaining(g, 4, designs, counts, 4),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_game_tiles_remaining(g, 0, NULL, counts, 4),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_game_tiles_remaining(g, 0, designs, NULL, 4),
	                 CITY_EINVAL);
	ck_assert_int_eq(designs[0], -7);
	ck_assert_int_eq(counts[0], -7);
	n = city_game_tiles_remaining(g, 1, all_d, all_c, MAX_DESIGNS);
	ck_assert_int_gt(n, 2);
	ck_assert_int_eq(city_game_tiles_remaining(g, 1, designs, counts, 2), n);
	ck_assert_int_eq(designs[0], all_d[0]);
	ck_assert_int_eq(counts[1], all_c[1]);
	ck_assert_int_eq(designs[2], -7); /* past cap: untouched */
	ck_assert_int_eq(counts[2], -7);
	/* the base game has one stack */
	ck_assert_int_eq(city_game_tiles_remaining(g, 2, NULL, NULL, 0), 0);
	ck_assert_int_eq(city_game_tiles_remaining(g, 3, NULL, NULL, 0), 0);
	city_game_free(g);
}
END_TEST

static Suite *remaining_suite(void)
{
	const test_row rows[] = {
	    {test_city_games, 0, 3},
	    {test_carcassonne_games, 0, 4},
	    {test_tower_games, 0, 4},
	    {test_city_start_counts, 0, 1},
	    {test_refusals_and_short_buffer, 0, 1},
	};
	return test_suite("tiles_remaining", "core", 120, rows, N_OF(rows));
}

TEST_MAIN(remaining_suite)
