/*
 * AI players (docs/ai.md, <city/ai.h>): legal answers from every kind,
 * determinism (seeds, threads), the determinisation (city_game_reshuffle
 * keeps each stack's undrawn multiset and every drawn tile, and its result
 * does not depend on the real order), an AI never reads the real order,
 * analyses, and hostile inputs.
 */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "common.h"

#define MOVES_CAP 4096
#define MAX_TILES 255

static city_game *new_game(int players, uint64_t seed)
{
	return test_new_game(CITY_GAME_THE_CITY, 0, -1, players, seed);
}

static city_game *new_game_order(int players, const int *ids, size_t n)
{
	city_options *o = NULL;
	city_game *g = NULL;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, players), CITY_OK);
	ck_assert_int_eq(city_options_set_order(o, ids, n), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	city_options_free(o);
	return g;
}

static int move_eq(const city_move *a, const city_move *b)
{
	return memcmp(a, b, sizeof *a) == 0;
}

/* The `order` line of a game's record (the game must have an explicit
 * order: one given, or one written by city_game_reshuffle). */
static size_t record_order(const city_game *g, int *ids)
{
	char *rec = test_save(g), *line = strstr(rec, "\norder "), *p;
	size_t n = 0;
	ck_assert_ptr_nonnull(line);
	p = line + 7;
	while (*p && *p != '\n') {
		ck_assert_uint_lt(n, MAX_TILES);
		ids[n++] = (int)strtol(p, &p, 10);
		while (*p == ' ')
			p++;
	}
	free(rec);
	return n;
}

static city_ai *new_ai(int kind, uint64_t seed, int iterations)
{
	city_ai *ai = NULL;
	ck_assert_int_eq(city_ai_new(&ai, kind, seed), CITY_OK);
	if (iterations)
		ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_ITERATIONS,
		                                   iterations),
		                 CITY_OK);
	return ai;
}

/* Draws made so far (placed, current and discarded tiles). */
static int drawn(const city_game *g)
{
	return (int)city_tileset_tile_count(city_game_tileset(g)) -
	       city_game_tiles_left(g, 1) - city_game_tiles_left(g, 2) -
	       city_game_tiles_left(g, 3);
}

/* ------------------------------------------------------------------------
 * Every kind answers with a legal move
 */

START_TEST(every_kind_plays_legal_moves)
{
	/* 2, 3 and 4 players; positions every few decisions of a random
	 * game, through tile, follower and wall decisions. */
	int players, kind;
	unsigned checked[3] = {0, 0, 0}, decisions_seen = 0;
	for (players = 2; players <= 4; players++) {
		uint64_t rng = 77u + (uint64_t)players;
		city_game *g = new_game(players, 100u + (uint64_t)players);
		city_ai *ai[3];
		for (kind = 0; kind < 3; kind++)
			ai[kind] = new_ai(kind, 5u, kind == CITY_AI_MCTS ? 40 : 0);
		while (city_game_decision(g) != CITY_DECISION_END) {
			decisions_seen |= 1u << city_game_decision(g);
			for (kind = 0; kind < 3; kind++) {
				city_move m;
				ck_assert_int_eq(city_ai_choose(ai[kind], g, &m),
				                 CITY_OK);
				ck_assert_msg(test_is_legal(g, &m),
				              "kind %d chose an illegal move", kind);
				checked[kind]++;
			}
			test_play_random(g, 1 + test_rand(&rng) % 5, &rng);
		}
		for (kind = 0; kind < 3; kind++)
			city_ai_free(ai[kind]);
		city_game_free(g);
	}
	for (kind = 0; kind < 3; kind++)
		ck_assert_uint_ge(checked[kind], 50);
	/* tile, follower, gate and wall decisions were among them */
	ck_assert_uint_eq(decisions_seen & 0xFu, 0xFu);
}
END_TEST

START_TEST(an_ai_plays_whole_games)
{
	/* greedy and MCTS play a 2-player game against each other to the
	 * end; every move is applied by the engine, which checks it. */
	city_game *g = new_game(2, 9);
	city_ai *a = new_ai(CITY_AI_MCTS, 1, 60), *b = new_ai(CITY_AI_GREEDY, 2, 0);
	int moves = 0;
	while (city_game_decision(g) != CITY_DECISION_END) {
		city_move m;
		city_ai *ai = city_game_player(g) == 0 ? a : b;
		ck_assert_int_eq(city_ai_choose(ai, g, &m), CITY_OK);
		ck_assert_int_eq(city_apply_move(g, &m), CITY_OK);
		moves++;
	}
	ck_assert_int_gt(moves, 40);
	ck_assert_int_eq(city_score_final(g), CITY_OK);
	ck_assert_int_eq(city_ai_choose(a, g, &(city_move){0}), CITY_EENDED);
	city_ai_free(a);
	city_ai_free(b);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * The base game of Carcassonne and The Tower (docs/carcassonne.md)
 */

static void assert_same_analysis(const city_ai_stat *a, const city_ai_stat *b,
                                 size_t n);

/* Greedy and MCTS (seed 3, `iterations`) analyse `a` and `b` bit for bit
 * alike, with at least one move. */
static void assert_ais_analyse_alike(const city_game *a, const city_game *b,
                                     int iterations)
{
	static city_ai_stat sa[MOVES_CAP], sb[MOVES_CAP];
	int kind;
	for (kind = CITY_AI_GREEDY; kind <= CITY_AI_MCTS; kind++) {
		city_ai *ia = new_ai(kind, 3, iterations),
		        *ib = new_ai(kind, 3, iterations);
		size_t na = 0, nb = 0;
		ck_assert_int_eq(city_ai_analyse(ia, a, sa, MOVES_CAP, &na, NULL,
		                                 0, NULL),
		                 CITY_OK);
		ck_assert_int_eq(city_ai_analyse(ib, b, sb, MOVES_CAP, &nb, NULL,
		                                 0, NULL),
		                 CITY_OK);
		ck_assert_uint_eq(na, nb);
		ck_assert_uint_gt(na, 0);
		assert_same_analysis(sa, sb, na);
		city_ai_free(ia);
		city_ai_free(ib);
	}
}

/* The records of `a` and `b` are the same text (`same`) or differ. */
static void assert_records(const city_game *a, const city_game *b, int same)
{
	char *ra = test_save(a), *rb = test_save(b);
	if (same)
		ck_assert_str_eq(ra, rb);
	else
		ck_assert_str_ne(ra, rb);
	free(ra);
	free(rb);
}

START_TEST(every_kind_plays_whole_carcassonne_games)
{
	/* Each kind plays every seat of a whole 2-player base game with
	 * farmers (C-OPT-1) and of a 3-player Tower game (T-ACT, T-CAP):
	 * every move it chooses is among the legal moves and the engine
	 * accepts it, the game reaches its end (C-END-1) and is scored. */
	int variant, kind;
	for (variant = 0; variant < 2; variant++) {
		for (kind = 0; kind < 3; kind++) {
			city_game *g = variant == 0
			        ? test_new_game(CITY_GAME_CARCASSONNE, 0, 1, 2, 21u)
			        : test_new_game(CITY_GAME_CARCASSONNE, 1, 0, 3, 22u);
			city_ai *ai = new_ai(kind, 7u + (uint64_t)kind,
			                     kind == CITY_AI_MCTS ? 30 : 0);
			unsigned seen = 0;
			int moves = 0, tile_moves = 0;
			unsigned mask = 0;
			while (city_game_decision(g) != CITY_DECISION_END) {
				city_move m;
				seen |= 1u << city_game_decision(g);
				tile_moves +=
				        city_game_decision(g) == CITY_DECISION_TILE;
				ck_assert_int_eq(city_ai_choose(ai, g, &m), CITY_OK);
				ck_assert_msg(test_is_legal(g, &m),
				              "variant %d kind %d: illegal move %d",
				              variant, kind, moves + 1);
				ck_assert_int_eq(city_apply_move(g, &m), CITY_OK);
				moves++;
			}
			/* every tile was drawn (C-END-1); each placed tile but
			 * the start tile came from a tile decision; of the 71
			 * tiles after the start tile (72 in the base set, 18
			 * more with The Tower) only unplaceable ones were
			 * discarded (C-TILE-3) */
			ck_assert_int_eq(city_game_tiles_left(g, 1), 0);
			ck_assert_int_eq(tile_moves, city_game_tile_count(g) - 1);
			ck_assert_int_ge(tile_moves, variant == 0 ? 65 : 80);
			ck_assert_int_gt(moves, tile_moves);
			ck_assert(seen & (1u << CITY_DECISION_FOLLOWER));
			ck_assert_int_eq(city_score_final(g), CITY_OK);
			ck_assert_int_eq(city_game_winners(g, &mask), CITY_OK);
			ck_assert_uint_ne(mask, 0);
			ck_assert_int_eq(city_ai_choose(ai, g, &(city_move){0}),
			                 CITY_EENDED);
			city_ai_free(ai);
			city_game_free(g);
		}
	}
}
END_TEST

START_TEST(ais_never_read_the_real_order_carcassonne)
{
	/* Two base games (farmers) and two Tower games at the same position
	 * whose undrawn tiles are in different orders (one of them
	 * reshuffled: the board, scores and current tile are the same):
	 * greedy and MCTS analyse them bit for bit alike. */
	int variant, moves;
	for (variant = 0; variant < 2; variant++) {
		for (moves = 40; moves <= 41; moves++) {
			uint64_t rng = 5;
			city_game *a = test_new_game(
			        CITY_GAME_CARCASSONNE, variant == 1, variant == 0, 2,
			        31u),
			          *b = NULL;
			test_play_random(a, (size_t)moves, &rng);
			ck_assert_int_ne(city_game_decision(a), CITY_DECISION_END);
			ck_assert_int_eq(city_game_clone(&b, a), CITY_OK);
			ck_assert_int_eq(city_game_reshuffle(b, 1234), CITY_OK);
			ck_assert_int_eq(city_game_reshuffle(a, 99), CITY_OK);
			assert_records(a, b, 0); /* the real orders differ */
			assert_ais_analyse_alike(a, b, 300);
			city_game_free(a);
			city_game_free(b);
		}
	}
}
END_TEST

/* ------------------------------------------------------------------------
 * Determinism
 */

/* Analyse g with a fresh MCTS AI; returns the number of moves. */
static size_t analyse_mcts(const city_game *g, uint64_t seed, int threads,
                           int trees, city_ai_stat *stats, size_t cap)
{
	city_ai *ai = new_ai(CITY_AI_MCTS, seed, 600);
	size_t count = 0;
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_THREADS, threads),
	                 CITY_OK);
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_TREES, trees), CITY_OK);
	ck_assert_int_eq(city_ai_analyse(ai, g, stats, cap, &count, NULL, 0,
	                                 NULL),
	                 CITY_OK);
	city_ai_free(ai);
	return count;
}

static void assert_same_analysis(const city_ai_stat *a, const city_ai_stat *b,
                                 size_t n)
{
	size_t i;
	for (i = 0; i < n; i++) {
		ck_assert(move_eq(&a[i].move, &b[i].move));
		ck_assert_uint_eq(a[i].visits, b[i].visits);
		/* bit for bit: sums in a fixed order */
		ck_assert(memcmp(&a[i].mean, &b[i].mean, sizeof a[i].mean) == 0);
	}
}

START_TEST(mcts_same_seed_same_answer_any_threads)
{
	static city_ai_stat s1[MOVES_CAP], s2[MOVES_CAP], s3[MOVES_CAP],
	        s4[MOVES_CAP];
	uint64_t rng = 3;
	city_game *g = new_game(2, 42);
	size_t n1, n2, n3, n4, i;
	uint32_t total = 0;
	test_play_random(g, 30, &rng);
	while (city_game_decision(g) != CITY_DECISION_TILE)
		test_play_random(g, 1, &rng);
	n1 = analyse_mcts(g, 11, 1, 4, s1, MOVES_CAP);
	n2 = analyse_mcts(g, 11, 2, 4, s2, MOVES_CAP);
	n3 = analyse_mcts(g, 11, 3, 4, s3, MOVES_CAP);
	ck_assert_uint_eq(n1, n2);
	ck_assert_uint_eq(n1, n3);
	assert_same_analysis(s1, s2, n1);
	assert_same_analysis(s1, s3, n1);
	/* every iteration passes through one root move */
	for (i = 0; i < n1; i++)
		total += s1[i].visits;
	ck_assert_uint_eq(total, 600);
	/* another seed searches differently (the test can fail) */
	n4 = analyse_mcts(g, 12, 1, 4, s4, MOVES_CAP);
	ck_assert_uint_eq(n4, n1);
	for (i = 0; i < n1; i++)
		if (s4[i].visits != s1[i].visits ||
		    s4[i].mean != s1[i].mean || !move_eq(&s4[i].move, &s1[i].move))
			break;
	ck_assert_uint_lt(i, n1);
	city_game_free(g);
}
END_TEST

START_TEST(choose_is_the_first_move_of_the_analysis)
{
	static city_ai_stat stats[MOVES_CAP];
	city_ai_stat line[6], few[2];
	uint64_t rng = 8;
	city_game *g = new_game(3, 5);
	int kind;
	test_play_random(g, 21, &rng);
	for (kind = 0; kind < 3; kind++) {
		city_ai *a = new_ai(kind, 99, 300), *b = new_ai(kind, 99, 300),
		        *c = new_ai(kind, 99, 300);
		city_move m;
		size_t count = 0, nl = 0, legal = 0, i;
		ck_assert_int_eq(city_ai_choose(a, g, &m), CITY_OK);
		ck_assert_int_eq(city_ai_analyse(b, g, stats, MOVES_CAP, &count,
		                                 line, 6, &nl),
		                 CITY_OK);
		ck_assert_int_eq(city_legal_moves(g, NULL, 0, &legal), CITY_OK);
		ck_assert_uint_eq(count, legal);
		ck_assert(move_eq(&m, &stats[0].move));
		ck_assert_uint_ge(nl, 1);
		ck_assert(move_eq(&line[0].move, &stats[0].move));
		ck_assert_int_eq(line[0].player, city_game_player(g));
		/* every legal move once */
		for (i = 0; i < count; i++)
			ck_assert(test_is_legal(g, &stats[i].move));
		/* a short buffer: CITY_ERANGE, the best moves, count given */
		ck_assert_int_eq(city_ai_analyse(c, g, few, 2, &count, NULL, 0,
		                                 NULL),
		                 count > 2 ? CITY_ERANGE : CITY_OK);
		ck_assert_uint_eq(count, legal);
		ck_assert(move_eq(&few[0].move, &stats[0].move));
		city_ai_free(a);
		city_ai_free(b);
		city_ai_free(c);
	}
	city_game_free(g);
}
END_TEST

START_TEST(mcts_principal_line_follows_the_players)
{
	/* A 2-player tile decision: the line starts with the chosen tile
	 * move; a later tile move of the line names the drawn design it
	 * assumes, and players follow the engine's order. */
	static city_ai_stat stats[MOVES_CAP];
	city_ai_stat line[8];
	uint64_t rng = 21;
	city_game *g = new_game(2, 77);
	city_ai *ai = new_ai(CITY_AI_MCTS, 4, 3000);
	size_t count = 0, nl = 0, i;
	test_play_random(g, 10, &rng);
	while (city_game_decision(g) != CITY_DECISION_TILE)
		test_play_random(g, 1, &rng);
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_TREES, 1), CITY_OK);
	ck_assert_int_eq(city_ai_analyse(ai, g, stats, MOVES_CAP, &count, line,
	                                 8, &nl),
	                 CITY_OK);
	ck_assert_uint_ge(nl, 2);
	ck_assert_int_eq(line[0].move.kind, CITY_MOVE_PLACE);
	ck_assert_int_eq(line[0].design, -1);
	/* after a placement comes the same player's follower decision */
	ck_assert_int_eq(line[1].player, line[0].player);
	ck_assert(line[1].move.kind == CITY_MOVE_FOLLOWER ||
	          line[1].move.kind == CITY_MOVE_PASS ||
	          line[1].move.kind == CITY_MOVE_GATE);
	for (i = 1; i < nl; i++) {
		ck_assert_uint_le(line[i].visits, line[i - 1].visits);
		if (line[i].move.kind == CITY_MOVE_PLACE)
			ck_assert_int_gt(line[i].design, 0);
		ck_assert(line[i].mean >= 0 && line[i].mean <= 1);
	}
	city_ai_free(ai);
	city_game_free(g);
}
END_TEST

START_TEST(greedy_and_random_are_deterministic)
{
	uint64_t rng = 5;
	city_game *g = new_game(2, 314);
	int kind, k;
	for (k = 0; k < 12; k++) {
		test_play_random(g, 3, &rng);
		for (kind = CITY_AI_RANDOM; kind <= CITY_AI_GREEDY; kind++) {
			city_ai *a = new_ai(kind, 1000u + (uint64_t)k, 0),
			        *b = new_ai(kind, 1000u + (uint64_t)k, 0);
			city_move ma, mb;
			ck_assert_int_eq(city_ai_choose(a, g, &ma), CITY_OK);
			ck_assert_int_eq(city_ai_choose(b, g, &mb), CITY_OK);
			ck_assert(move_eq(&ma, &mb));
			city_ai_free(a);
			city_ai_free(b);
		}
	}
	city_game_free(g);
}
END_TEST

START_TEST(random_ai_is_splitmix_modulo_count)
{
	/* The random kind picks move number next() % count of the listing
	 * (city-cli's `--ai random` has always played so). */
	static city_move moves[MOVES_CAP];
	uint64_t mirror = 1234, rng = 9;
	city_game *g = new_game(2, 3);
	city_ai *ai = new_ai(CITY_AI_RANDOM, 1234, 0);
	int k;
	for (k = 0; k < 40; k++) {
		city_move m;
		size_t count = 0;
		ck_assert_int_eq(city_legal_moves(g, moves, MOVES_CAP, &count),
		                 CITY_OK);
		ck_assert_int_eq(city_ai_choose(ai, g, &m), CITY_OK);
		ck_assert(move_eq(&m, &moves[test_rand(&mirror) % count]));
		test_play_random(g, 1, &rng);
	}
	city_ai_free(ai);
	city_game_free(g);
}
END_TEST

START_TEST(greedy_takes_points)
{
	/* Greedy's evaluation after a move never falls below the mean of
	 * all moves' evaluations, and its choice has the top evaluation. */
	static city_ai_stat stats[MOVES_CAP];
	uint64_t rng = 17;
	city_game *g = new_game(2, 8);
	int k;
	for (k = 0; k < 20 && city_game_decision(g) != CITY_DECISION_END; k++) {
		city_ai *ai = new_ai(CITY_AI_GREEDY, (uint64_t)k, 0);
		size_t count = 0, i;
		ck_assert_int_eq(city_ai_analyse(ai, g, stats, MOVES_CAP, &count,
		                                 NULL, 0, NULL),
		                 CITY_OK);
		for (i = 1; i < count; i++)
			ck_assert(stats[0].mean >= stats[i].mean);
		city_ai_free(ai);
		test_play_random(g, 3, &rng);
	}
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * Determinisation
 */

/* Stack sizes of a game of the built-in set: stack 1 includes the tile
 * drawn at the start. */
static void stack_sizes(int players, int sizes[3])
{
	city_game *g = new_game(players, 1);
	sizes[0] = city_game_tiles_left(g, 1) + 1;
	sizes[1] = city_game_tiles_left(g, 2);
	sizes[2] = city_game_tiles_left(g, 3);
	city_game_free(g);
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

START_TEST(reshuffle_keeps_drawn_tiles_and_stack_multisets)
{
	int before[MAX_TILES], after[MAX_TILES], sizes[3], k, lo = 0, d,
	    changed = 0;
	size_t n, n2, i;
	uint64_t rng = 1;
	city_game *g = new_game(2, 61);
	char *rec_before, *rec_after;
	stack_sizes(2, sizes);
	/* give the game an explicit order to compare with */
	ck_assert_int_eq(city_game_reshuffle(g, 5), CITY_OK);
	test_play_random(g, 61, &rng);
	n = record_order(g, before);
	d = drawn(g);
	ck_assert_int_gt(d, sizes[0]); /* into stack 2 */
	rec_before = test_save(g);
	{
		int design0 = 0, stack0 = 0, design1 = 0, stack1 = 0;
		int left[3], c;
		for (c = 0; c < 3; c++)
			left[c] = city_game_tiles_left(g, c + 1);
		ck_assert_int_eq(city_game_current_tile(g, &design0, &stack0),
		                 CITY_OK);
		ck_assert_int_eq(city_game_reshuffle(g, 6), CITY_OK);
		ck_assert_int_eq(city_game_current_tile(g, &design1, &stack1),
		                 CITY_OK);
		ck_assert_int_eq(design0, design1);
		ck_assert_int_eq(stack0, stack1);
		for (c = 0; c < 3; c++)
			ck_assert_int_eq(city_game_tiles_left(g, c + 1), left[c]);
	}
	n2 = record_order(g, after);
	ck_assert_uint_eq(n, n2);
	/* the drawn prefix is untouched */
	for (i = 0; i < (size_t)d; i++)
		ck_assert_int_eq(before[i], after[i]);
	/* each stack's undrawn part is a permutation of what it was */
	for (k = 0; k < 3; k++) {
		int hi = lo + sizes[k], from = lo > d ? lo : d, j;
		if (hi > from) {
			qsort(before + from, (size_t)(hi - from), sizeof(int),
			      cmp_int);
			for (j = from; j < hi; j++)
				changed |= before[j] != after[j];
			qsort(after + from, (size_t)(hi - from), sizeof(int),
			      cmp_int);
			for (j = from; j < hi; j++)
				ck_assert_int_eq(before[j], after[j]);
		}
		lo = hi;
	}
	ck_assert(changed); /* and it did move tiles */
	/* the placed tiles and the moves are those of before: the record
	 * differs only in its order line, and it loads */
	rec_after = test_save(g);
	{
		city_game *h = NULL;
		char err[200];
		ck_assert_int_eq(city_game_load(&h, rec_after, strlen(rec_after),
		                                err, sizeof err),
		                 CITY_OK);
		ck_assert_int_eq(city_game_move_count(h), city_game_move_count(g));
		ck_assert_int_eq(city_game_tile_count(h), city_game_tile_count(g));
		for (k = 0; k < 2; k++)
			ck_assert_int_eq(city_game_score(h, k),
			                 city_game_score(g, k));
		city_game_free(h);
	}
	ck_assert_str_eq(strstr(rec_before, "\nmoves"),
	                 strstr(rec_after, "\nmoves"));
	free(rec_before);
	free(rec_after);
	city_game_free(g);
}
END_TEST

/* Two games at the same position whose undrawn tiles (same multiset per
 * stack) are in different orders. */
static void twin_games(city_game **a_out, city_game **b_out, int moves)
{
	int order[MAX_TILES], sizes[3], k, lo = 0, d;
	size_t n, i;
	uint64_t rng = 12;
	city_game *seeded = new_game(2, 1), *a, *b;
	ck_assert_int_eq(city_game_reshuffle(seeded, 44), CITY_OK);
	n = record_order(seeded, order);
	city_game_free(seeded);
	stack_sizes(2, sizes);
	a = new_game_order(2, order, n);
	test_play_random(a, (size_t)moves, &rng);
	d = drawn(a);
	/* reverse each stack's undrawn part */
	for (k = 0; k < 3; k++) {
		int hi = lo + sizes[k], from = lo > d ? lo : d, x, y;
		for (x = from, y = hi - 1; x < y; x++, y--) {
			int t = order[x];
			order[x] = order[y];
			order[y] = t;
		}
		lo = hi;
	}
	b = new_game_order(2, order, n);
	for (i = 0; i < (size_t)city_game_move_count(a); i++) {
		city_move m;
		ck_assert_int_eq(city_game_move(a, i, &m), CITY_OK);
		ck_assert_int_eq(city_apply_move(b, &m), CITY_OK);
	}
	*a_out = a;
	*b_out = b;
}

START_TEST(reshuffle_ignores_the_real_order)
{
	city_game *a, *b;
	twin_games(&a, &b, 40);
	assert_records(a, b, 0); /* the real orders differ */
	ck_assert_int_eq(city_game_reshuffle(a, 7), CITY_OK);
	ck_assert_int_eq(city_game_reshuffle(b, 7), CITY_OK);
	assert_records(a, b, 1); /* the determinisations do not */
	city_game_free(a);
	city_game_free(b);
}
END_TEST

START_TEST(ais_never_read_the_real_order)
{
	int moves;
	for (moves = 30; moves <= 31; moves++) { /* a tile and a follower */
		city_game *a, *b;
		twin_games(&a, &b, moves);
		assert_ais_analyse_alike(a, b, 500);
		city_game_free(a);
		city_game_free(b);
	}
}
END_TEST

/* ------------------------------------------------------------------------
 * Parameters, levels and hostile inputs
 */

START_TEST(params_are_checked)
{
	city_ai *ai = new_ai(CITY_AI_MCTS, 0, 0);
	double v = 0;
	ck_assert_int_eq(city_ai_get_param(ai, CITY_AI_ITERATIONS, &v), CITY_OK);
	ck_assert(v == 2000);
	ck_assert_int_eq(city_ai_get_param(ai, CITY_AI_TREES, &v), CITY_OK);
	ck_assert(v == 2);
	ck_assert_int_eq(city_ai_set_param(ai, 0, 1), CITY_EINVAL);
	ck_assert_int_eq(city_ai_set_param(ai, 99, 1), CITY_EINVAL);
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_ITERATIONS, -1),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_ITERATIONS, 10.5),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_ITERATIONS, NAN),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_EXPLORATION, INFINITY),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_THREADS, 0), CITY_EINVAL);
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_THREADS, 65),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_TREES, 0), CITY_EINVAL);
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_MARGIN, 1.5),
	                 CITY_EINVAL);
	/* no budget at all is refused, whichever is cleared last */
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_ITERATIONS, 0),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_TIME_MS, 5), CITY_OK);
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_ITERATIONS, 0), CITY_OK);
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_TIME_MS, 0), CITY_EINVAL);
	/* refused calls changed nothing */
	ck_assert_int_eq(city_ai_get_param(ai, CITY_AI_TIME_MS, &v), CITY_OK);
	ck_assert(v == 5);
	ck_assert_int_eq(city_ai_get_param(ai, CITY_AI_THREADS, &v), CITY_OK);
	ck_assert(v == 1);
	ck_assert_int_eq(city_ai_get_param(ai, CITY_AI_MARGIN, &v), CITY_OK);
	ck_assert(v == 0);
	ck_assert_int_eq(city_ai_get_param(ai, 42, &v), CITY_EINVAL);
	ck_assert_int_eq(city_ai_get_param(ai, CITY_AI_TIME_MS, NULL),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_ai_get_param(NULL, CITY_AI_TIME_MS, &v),
	                 CITY_EINVAL);
	city_ai_free(ai);
}
END_TEST

START_TEST(time_budget_answers)
{
	/* 5 ms per decision, 2 threads: a legal move, in time. */
	city_game *g = new_game(2, 4);
	city_ai *ai = new_ai(CITY_AI_MCTS, 0, 0);
	city_move m;
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_TIME_MS, 5), CITY_OK);
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_ITERATIONS, 0), CITY_OK);
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_THREADS, 2), CITY_OK);
	ck_assert_int_eq(city_ai_choose(ai, g, &m), CITY_OK);
	ck_assert(test_is_legal(g, &m));
	city_ai_free(ai);
	city_game_free(g);
}
END_TEST

START_TEST(fewer_iterations_than_trees)
{
	/* 3 iterations over 8 trees: five trees run none, the search still
	 * ends (an empty tree is not a time budget) and counts 3 playouts. */
	static city_ai_stat stats[MOVES_CAP];
	city_game *g = new_game(2, 31);
	city_ai *ai = new_ai(CITY_AI_MCTS, 2, 3);
	size_t count = 0, i;
	uint32_t total = 0;
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_TREES, 8), CITY_OK);
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_THREADS, 3), CITY_OK);
	ck_assert_int_eq(city_ai_analyse(ai, g, stats, MOVES_CAP, &count, NULL,
	                                 0, NULL),
	                 CITY_OK);
	for (i = 0; i < count; i++)
		total += stats[i].visits;
	ck_assert_uint_eq(total, 3);
	city_ai_free(ai);
	city_game_free(g);
}
END_TEST

START_TEST(levels_are_presets)
{
	static const char *const names[3] = {"easy", "medium", "hard"};
	/* The presets of docs/ai.md ("Levels"): iterations, trees, threads,
	 * exploration; the other parameters keep their defaults. hard's
	 * lower exploration constant is the measured choice of "Levels". */
	static const double want[3][4] = {
	    {200, 1, 1, 0.7}, {2000, 2, 1, 0.7}, {20000, 2, 2, 0.35}};
	double prev = 0, v = 0;
	int i;
	city_ai *ai = NULL;
	for (i = 0; i < 3; i++) {
		ck_assert_int_eq(city_ai_new_level(&ai, names[i], 1), CITY_OK);
		ck_assert_int_eq(city_ai_kind(ai), CITY_AI_MCTS);
		ck_assert_int_eq(city_ai_get_param(ai, CITY_AI_ITERATIONS, &v),
		                 CITY_OK);
		ck_assert(v > prev);
		ck_assert_double_eq(v, want[i][0]);
		prev = v;
		ck_assert_int_eq(city_ai_get_param(ai, CITY_AI_TREES, &v),
		                 CITY_OK);
		ck_assert_double_eq(v, want[i][1]);
		ck_assert_int_eq(city_ai_get_param(ai, CITY_AI_THREADS, &v),
		                 CITY_OK);
		ck_assert_double_eq(v, want[i][2]);
		ck_assert_int_eq(city_ai_get_param(ai, CITY_AI_EXPLORATION, &v),
		                 CITY_OK);
		ck_assert_double_eq(v, want[i][3]);
		ck_assert_int_eq(city_ai_get_param(ai, CITY_AI_PLAYOUT, &v),
		                 CITY_OK);
		ck_assert_double_eq(v, 8);
		ck_assert_int_eq(city_ai_get_param(ai, CITY_AI_POTENTIAL, &v),
		                 CITY_OK);
		ck_assert_double_eq(v, 0.5);
		ck_assert_int_eq(city_ai_get_param(ai, CITY_AI_MARGIN, &v),
		                 CITY_OK);
		ck_assert_double_eq(v, 0);
		city_ai_free(ai);
	}
	ai = (city_ai *)1;
	ck_assert_int_eq(city_ai_new_level(&ai, "grandmaster", 1), CITY_EINVAL);
	ck_assert_int_eq(city_ai_new_level(&ai, NULL, 1), CITY_EINVAL);
	ck_assert_int_eq(city_ai_new_level(NULL, "easy", 1), CITY_EINVAL);
	ck_assert_ptr_eq(ai, (city_ai *)1); /* untouched */
}
END_TEST

START_TEST(hostile_inputs)
{
	city_game *g = new_game(2, 2);
	city_ai *ai = NULL;
	city_ai_stat st[4];
	city_move m;
	uint64_t rng = 1;
	ck_assert_int_eq(city_ai_new(NULL, CITY_AI_RANDOM, 0), CITY_EINVAL);
	ck_assert_int_eq(city_ai_new(&ai, -1, 0), CITY_EINVAL);
	ck_assert_int_eq(city_ai_new(&ai, 3, 0), CITY_EINVAL);
	ck_assert_ptr_null(ai);
	ck_assert_int_eq(city_ai_kind(NULL), CITY_EINVAL);
	ai = new_ai(CITY_AI_MCTS, 0, 50);
	ck_assert_int_eq(city_ai_choose(NULL, g, &m), CITY_EINVAL);
	ck_assert_int_eq(city_ai_choose(ai, NULL, &m), CITY_EINVAL);
	ck_assert_int_eq(city_ai_choose(ai, g, NULL), CITY_EINVAL);
	ck_assert_int_eq(city_ai_analyse(NULL, g, st, 4, NULL, NULL, 0, NULL),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_ai_analyse(ai, NULL, st, 4, NULL, NULL, 0, NULL),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_ai_analyse(ai, g, NULL, 4, NULL, NULL, 0, NULL),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_ai_analyse(ai, g, st, 4, NULL, NULL, 3, NULL),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_game_reshuffle(NULL, 1), CITY_EINVAL);
	city_ai_free(NULL);
	/* an ended game */
	test_play_random(g, 100000, &rng);
	ck_assert_int_eq(city_game_decision(g), CITY_DECISION_END);
	ck_assert_int_eq(city_ai_choose(ai, g, &m), CITY_EENDED);
	ck_assert_int_eq(city_ai_analyse(ai, g, st, 4, NULL, NULL, 0, NULL),
	                 CITY_EENDED);
	/* reshuffling an ended game changes no tile */
	ck_assert_int_eq(city_game_reshuffle(g, 3), CITY_OK);
	city_ai_free(ai);
	city_game_free(g);
}
END_TEST

START_TEST(an_ai_is_reusable_across_games_and_shapes)
{
	/* One AI object answers for games of 2, 3 and 4 players in turn
	 * (its scratch games and trees follow the shape). */
	city_ai *ai = new_ai(CITY_AI_MCTS, 6, 80), *gr = new_ai(CITY_AI_GREEDY, 6, 0);
	int round, players;
	for (round = 0; round < 2; round++)
		for (players = 2; players <= 4; players++) {
			city_game *g = new_game(players, (uint64_t)(players + round));
			city_move m;
			uint64_t rng = (uint64_t)players;
			test_play_random(g, 9, &rng);
			ck_assert_int_eq(city_ai_choose(ai, g, &m), CITY_OK);
			ck_assert(test_is_legal(g, &m));
			ck_assert_int_eq(city_ai_choose(gr, g, &m), CITY_OK);
			ck_assert(test_is_legal(g, &m));
			city_game_free(g);
		}
	city_ai_free(ai);
	city_ai_free(gr);
}
END_TEST

START_TEST(current_tile_and_players_as_documented)
{
	/* <city/query.h>, as the AI's chance nodes read them (outcome_key):
	 * city_game_players is 2..5 in the base game and The Tower; the
	 * current tile is CITY_ENOTFOUND during The Tower's ransom decision
	 * (T-CAP-5: before the turn's draw) and after the end of the base
	 * game or The Tower, and the last turn's tile after the end of The
	 * City. */
	int game, design = 0, stack = 0, ransoms = 0;
	for (game = 0; game < 3; game++) {
		uint64_t seed;
		for (seed = 1; seed <= 10; seed++) {
			city_options *o = NULL;
			city_game *g = NULL;
			uint64_t rng = seed;
			ck_assert_int_eq(city_options_new(&o), CITY_OK);
			if (game > 0)
				ck_assert_int_eq(city_options_set_game(
				                         o, CITY_GAME_CARCASSONNE),
				                 CITY_OK);
			if (game == 2)
				ck_assert_int_eq(city_options_set_expansion(
				                         o, CITY_EXPANSION_TOWER, 1),
				                 CITY_OK);
			ck_assert_int_eq(city_options_set_players(o, game ? 5 : 4),
			                 CITY_OK);
			ck_assert_int_eq(city_options_set_seed(o, seed), CITY_OK);
			ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
			city_options_free(o);
			ck_assert_int_eq(city_game_players(g), game ? 5 : 4);
			while (city_game_decision(g) != CITY_DECISION_END) {
				int d = city_game_decision(g);
				ck_assert_int_eq(city_game_current_tile(g, &design,
				                                        &stack),
				                 d == CITY_DECISION_RANSOM
				                         ? CITY_ENOTFOUND
				                         : CITY_OK);
				ransoms += d == CITY_DECISION_RANSOM;
				test_play_random(g, 1, &rng);
			}
			ck_assert_int_eq(city_game_current_tile(g, &design, NULL),
			                 game ? CITY_ENOTFOUND : CITY_OK);
			city_game_free(g);
		}
	}
	ck_assert_int_gt(ransoms, 0); /* the case was reached */
}
END_TEST

static Suite *ai_suite(void)
{
	Suite *s = suite_create("ai");
	TCase *t = tcase_create("ai");
	tcase_set_timeout(t, 300);
	tcase_add_test(t, every_kind_plays_legal_moves);
	tcase_add_test(t, an_ai_plays_whole_games);
	tcase_add_test(t, every_kind_plays_whole_carcassonne_games);
	tcase_add_test(t, ais_never_read_the_real_order_carcassonne);
	tcase_add_test(t, mcts_same_seed_same_answer_any_threads);
	tcase_add_test(t, choose_is_the_first_move_of_the_analysis);
	tcase_add_test(t, mcts_principal_line_follows_the_players);
	tcase_add_test(t, greedy_and_random_are_deterministic);
	tcase_add_test(t, random_ai_is_splitmix_modulo_count);
	tcase_add_test(t, greedy_takes_points);
	tcase_add_test(t, reshuffle_keeps_drawn_tiles_and_stack_multisets);
	tcase_add_test(t, reshuffle_ignores_the_real_order);
	tcase_add_test(t, ais_never_read_the_real_order);
	tcase_add_test(t, params_are_checked);
	tcase_add_test(t, time_budget_answers);
	tcase_add_test(t, fewer_iterations_than_trees);
	tcase_add_test(t, levels_are_presets);
	tcase_add_test(t, hostile_inputs);
	tcase_add_test(t, an_ai_is_reusable_across_games_and_shapes);
	tcase_add_test(t, current_tile_and_players_as_documented);
	suite_add_tcase(s, t);
	return s;
}

TEST_MAIN(ai_suite)
