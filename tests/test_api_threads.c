/*
 * Threads (api.md rule 8): distinct games may be used from distinct
 * threads at once. Four threads play the same games as a single-threaded
 * run, at the same time and in different orders, and must reach identical
 * final scores and records. Half of the games use one parsed tile set
 * shared by every thread (its reference count is the only shared mutable
 * state), the other half the built-in set.
 *
 * Run it under ThreadSanitizer to check for data races:
 *   cmake -S . -B build/tsan -DCITY_TSAN=ON -DCMAKE_BUILD_TYPE=Debug
 *   cmake --build build/tsan --target test_api_threads
 *   CK_FORK=no build/tsan/tests/test_api_threads
 * (docs/embedding.md, "Threads").
 */
#include <check.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "common.h"

#define THREADS 4
#define GAMES 8
#define MOVES_CAP 4096

typedef struct result {
	int rc;          /* CITY_OK or the first failure */
	int scores[4];
	char *record;    /* the final record (malloc'd) */
	int moves;
} result;

static city_tileset *shared_set; /* parsed once, used by every thread */

static char *save(const city_game *g)
{
	size_t need = 0;
	char *buf;
	if (city_game_save(g, NULL, 0, &need) != CITY_ERANGE)
		return NULL;
	buf = malloc(need);
	if (buf && city_game_save(g, buf, need, NULL) != CITY_OK) {
		free(buf);
		buf = NULL;
	}
	return buf;
}

/* Play game number k (2..4 players, its own seed and rules) to the end
 * with pseudo-random moves; along the way exercise clone, undo and load,
 * which must not disturb the game. */
static void play(int k, result *out)
{
	city_options *o = NULL;
	city_game *g = NULL;
	city_move *moves = malloc(MOVES_CAP * sizeof *moves);
	uint64_t rng = 1000u + (uint64_t)k;
	int rc, p, n = 0;

	memset(out, 0, sizeof *out);
	rc = moves ? city_options_new(&o) : CITY_ENOMEM;
	if (rc == CITY_OK)
		rc = city_options_set_players(o, 2 + k % 3);
	if (rc == CITY_OK)
		rc = city_options_set_seed(o, 0x5EEDu * (uint64_t)(k + 1));
	if (rc == CITY_OK && k % 2)
		rc = city_options_set_tileset(o, shared_set);
	if (rc == CITY_OK && k % 4 == 3)
		rc = city_options_parse_rule(o, "wall_trigger=any");
	if (rc == CITY_OK)
		rc = city_game_new(&g, o);
	city_options_free(o);
	while (rc == CITY_OK && city_game_decision(g) != CITY_DECISION_END) {
		size_t count = 0;
		rc = city_legal_moves(g, moves, MOVES_CAP, &count);
		if (rc != CITY_OK)
			break;
		rc = city_apply_move(g, &moves[test_rand(&rng) % count]);
		n++;
		if (rc == CITY_OK && n % 25 == 0) {
			/* A clone taken back one move, then redone. */
			city_game *c = NULL;
			city_move m;
			rc = city_game_clone(&c, g);
			if (rc == CITY_OK)
				rc = city_game_move(g, (size_t)n - 1, &m);
			if (rc == CITY_OK)
				rc = city_game_undo(c);
			if (rc == CITY_OK)
				rc = city_apply_move(c, &m);
			city_game_free(c);
		}
		if (rc == CITY_OK && n % 60 == 0) {
			/* A load of the record so far. */
			char *text = save(g);
			city_game *l = NULL;
			rc = text ? city_game_load(&l, text, strlen(text), NULL, 0)
			          : CITY_ENOMEM;
			city_game_free(l);
			free(text);
		}
	}
	if (rc == CITY_OK)
		rc = city_score_final(g);
	if (rc == CITY_OK) {
		for (p = 0; p < city_game_players(g); p++)
			out->scores[p] = city_game_score(g, p);
		out->record = save(g);
		if (!out->record)
			rc = CITY_ENOMEM;
	}
	out->rc = rc;
	out->moves = n;
	city_game_free(g);
	free(moves);
}

typedef struct worker {
	int id;
	result results[GAMES];
} worker;

static void *work(void *arg)
{
	worker *w = arg;
	int i;
	/* Each thread plays every game, starting at a different one, so that
	 * the same games run on several threads at the same time. */
	for (i = 0; i < GAMES; i++) {
		int k = (i + 2 * w->id) % GAMES;
		play(k, &w->results[k]);
	}
	return NULL;
}

static void parse_shared_set(void)
{
	const city_tileset *def = city_tileset_default();
	size_t need = 0;
	char *text, err[200];
	ck_assert_int_eq(city_tileset_text(def, NULL, 0, &need), CITY_ERANGE);
	text = malloc(need);
	ck_assert_ptr_nonnull(text);
	ck_assert_int_eq(city_tileset_text(def, text, need, NULL), CITY_OK);
	ck_assert_int_eq(city_tileset_parse(&shared_set, text, need - 1, err,
	                                    sizeof err),
	                 CITY_OK);
	free(text);
}

START_TEST(threads_match_single_thread)
{
	static result single[GAMES];
	static worker workers[THREADS];
	pthread_t tid[THREADS];
	int t, k;

	parse_shared_set();
	for (k = 0; k < GAMES; k++) {
		play(k, &single[k]);
		ck_assert_msg(single[k].rc == CITY_OK, "game %d: %s", k,
		              city_status_str(single[k].rc));
		ck_assert_int_gt(single[k].moves, 50);
	}
	for (t = 0; t < THREADS; t++) {
		workers[t].id = t;
		ck_assert_int_eq(pthread_create(&tid[t], NULL, work, &workers[t]),
		                 0);
	}
	for (t = 0; t < THREADS; t++)
		ck_assert_int_eq(pthread_join(tid[t], NULL), 0);
	/* The set outlives its last game by the caller's reference only. */
	city_tileset_free(shared_set);
	shared_set = NULL;

	for (t = 0; t < THREADS; t++)
		for (k = 0; k < GAMES; k++) {
			const result *r = &workers[t].results[k];
			ck_assert_msg(r->rc == CITY_OK, "thread %d game %d: %s", t,
			              k, city_status_str(r->rc));
			ck_assert_int_eq(r->moves, single[k].moves);
			ck_assert_mem_eq(r->scores, single[k].scores,
			                 sizeof r->scores);
			ck_assert_str_eq(r->record, single[k].record);
			free(workers[t].results[k].record);
		}
	for (k = 0; k < GAMES; k++)
		free(single[k].record);
}
END_TEST

static Suite *threads_suite(void)
{
	const test_row rows[] = {{threads_match_single_thread, 0, 1}};
	return test_suite("threads", "games on threads", 600, rows,
	                  N_OF(rows));
}

TEST_MAIN(threads_suite)
