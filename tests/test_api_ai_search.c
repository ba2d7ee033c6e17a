/*
 * The limits of an AI's search (docs/ai.md, "Time budget and cancelling";
 * docs/embedding.md, "Allocator hooks"): an AI keeps no memory of a game's
 * allocator between calls (an arena freed after the game is never touched
 * again), a time budget holds whatever the trees, threads and playout, and
 * city_ai_cancel() stops a search from another thread.
 */
#define _POSIX_C_SOURCE 200809L

#include <check.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <city/city.h>

#include "common.h"

#define MOVES_CAP 4096

/* ------------------------------------------------------------------------
 * An arena allocator as an embedder writes one: bump allocation in one
 * block, and the whole block released at once after the game is freed.
 * Released arenas stay in the table, marked dead, so a late call through
 * them fails the test (and their memory is poisoned, then freed, so a late
 * read is caught by ASan or reads garbage).
 */

#define ARENA_SIZE (8u << 20)
#define MAX_ARENAS 16

typedef struct arena {
	unsigned char *base;
	size_t used;
	int live;
	unsigned allocs, frees;
} arena;

static arena arenas[MAX_ARENAS];
static int n_arenas;

static arena *arena_new(void)
{
	arena *a;
	ck_assert_int_lt(n_arenas, MAX_ARENAS);
	a = &arenas[n_arenas++];
	a->base = malloc(ARENA_SIZE);
	ck_assert_ptr_nonnull(a->base);
	a->used = 0;
	a->live = 1;
	a->allocs = a->frees = 0;
	return a;
}

static void arena_release(arena *a)
{
	/* Everything allocated in it was freed by its owner first. */
	ck_assert_uint_eq(a->allocs, a->frees);
	memset(a->base, 0xA5, ARENA_SIZE);
	free(a->base);
	a->base = NULL;
	a->live = 0;
}

static void *arena_alloc(size_t size, void *user)
{
	arena *a = user;
	void *p;
	ck_assert_msg(a->live, "allocation from a released arena");
	size = (size + 15u) & ~(size_t)15u;
	if (size > ARENA_SIZE - a->used)
		return NULL;
	p = a->base + a->used;
	a->used += size;
	a->allocs++;
	return p;
}

static void *arena_realloc(void *ptr, size_t size, void *user)
{
	(void)ptr;
	(void)size;
	(void)user;
	ck_abort_msg("a game never reallocates");
	return NULL;
}

static void arena_free(void *ptr, void *user)
{
	arena *a = user;
	ck_assert_msg(a->live, "free into a released arena");
	ck_assert_ptr_nonnull(a->base);
	ck_assert((unsigned char *)ptr >= a->base &&
	          (unsigned char *)ptr < a->base + ARENA_SIZE);
	a->frees++;
}

static city_game *new_game_in(arena *a, int game, int players,
                              uint64_t seed)
{
	city_options *o = NULL;
	city_game *g = NULL;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_game(o, game), CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, players), CITY_OK);
	ck_assert_int_eq(city_options_set_seed(o, seed), CITY_OK);
	if (a)
		ck_assert_int_eq(city_options_set_allocator(o, arena_alloc,
		                                            arena_realloc,
		                                            arena_free, a),
		                 CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	city_options_free(o);
	return g;
}

static city_ai *new_ai(int kind, uint64_t seed)
{
	city_ai *ai = NULL;
	ck_assert_int_eq(city_ai_new(&ai, kind, seed), CITY_OK);
	return ai;
}

/* The total playouts of an analysis. */
static uint64_t analyse_visits(city_ai *ai, const city_game *g,
                               city_ai_stat *first)
{
	static city_ai_stat stats[MOVES_CAP];
	size_t count = 0, i;
	uint64_t total = 0;
	ck_assert_int_eq(city_ai_analyse(ai, g, stats, MOVES_CAP, &count, NULL,
	                                 0, NULL),
	                 CITY_OK);
	ck_assert_uint_gt(count, 0);
	for (i = 0; i < count; i++)
		total += stats[i].visits;
	if (first)
		*first = stats[0];
	return total;
}

START_TEST(an_ai_keeps_nothing_of_a_released_arena)
{
	/* docs/embedding.md allows freeing an allocator's memory once its
	 * games are freed. Each round: a game in a fresh arena, a greedy and
	 * an MCTS decision (choose and analyse), the game freed, the arena
	 * released; the same AIs go on to the next arena, of the same shape
	 * (where an AI would copy into its old scratch game) and of another
	 * (where it would free it), and are freed last. Every allocation an
	 * AI made through an arena was freed before the arena went. */
	static const int shapes[][2] = {{CITY_GAME_THE_CITY, 2},
	                                {CITY_GAME_THE_CITY, 2},
	                                {CITY_GAME_CARCASSONNE, 3},
	                                {CITY_GAME_THE_CITY, 4}};
	city_ai *ais[2];
	size_t r;
	int k;
	ais[0] = new_ai(CITY_AI_GREEDY, 1);
	ais[1] = new_ai(CITY_AI_MCTS, 2);
	ck_assert_int_eq(city_ai_set_param(ais[1], CITY_AI_ITERATIONS, 60),
	                 CITY_OK);
	ck_assert_int_eq(city_ai_set_param(ais[1], CITY_AI_TREES, 3), CITY_OK);
	ck_assert_int_eq(city_ai_set_param(ais[1], CITY_AI_THREADS, 2),
	                 CITY_OK);
	for (r = 0; r < sizeof shapes / sizeof shapes[0]; r++) {
		arena *a = arena_new();
		city_game *g = new_game_in(a, shapes[r][0], shapes[r][1],
		                           (uint64_t)r + 7);
		uint64_t rng = r;
		test_play_random(g, 6, &rng);
		for (k = 0; k < 2; k++) {
			city_move m;
			unsigned before = a->allocs;
			ck_assert_int_eq(city_ai_choose(ais[k], g, &m), CITY_OK);
			ck_assert(test_is_legal(g, &m));
			ck_assert_uint_gt(analyse_visits(ais[k], g, NULL), 0);
			/* it did copy the game through the arena, and gave
			 * every copy back */
			ck_assert_uint_gt(a->allocs, before);
			ck_assert_uint_eq(a->allocs, a->frees + 1);
		}
		city_game_free(g);
		arena_release(a);
	}
	city_ai_free(ais[0]);
	city_ai_free(ais[1]);
}
END_TEST

/* ------------------------------------------------------------------------
 * Time budget. The bound of docs/ai.md: a search stops within about one
 * move per thread after its deadline. Before that bound, the deadline was
 * read once per turn of 16 iterations on every tree, so with 64 trees at
 * least 64 x 16 = 1024 whole iterations ran, whatever the budget.
 */

static double cpu_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

START_TEST(a_time_budget_holds_with_many_trees_and_long_playouts)
{
	/* 1 ms, 64 trees, playouts to the end of the game, on 1 and on 2
	 * threads. The playouts counted can only fall when the machine is
	 * loaded (the clock runs on while the search waits for a core), so
	 * the count is the robust measure: a random game of The City from
	 * its start is more than 100 moves (129 to 176 in five 4-player
	 * games) and 1 ms, which includes preparing the 64 trees, holds a
	 * handful of such playouts (1 to 5 measured in a release build on a
	 * loaded machine, 1 under ASan); the old turns ran 1024 whatever the
	 * budget. The CPU time
	 * spent (the process's, which a loaded machine does not inflate)
	 * gets a generous bound too: 1 ms per thread plus 40 ms, where the
	 * old turns took about 60 ms in a release build. */
	static const int threads[2] = {1, 2};
	city_game *g = new_game_in(NULL, CITY_GAME_THE_CITY, 4, 3);
	int k, rep;
	for (k = 0; k < 2; k++) {
		city_ai *ai = new_ai(CITY_AI_MCTS, (uint64_t)k);
		ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_TIME_MS, 1),
		                 CITY_OK);
		ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_ITERATIONS, 0),
		                 CITY_OK);
		ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_TREES, 64),
		                 CITY_OK);
		ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_THREADS,
		                                   threads[k]),
		                 CITY_OK);
		ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_PLAYOUT, -1),
		                 CITY_OK);
		for (rep = 0; rep < 3; rep++) {
			double t0 = cpu_ms(), spent;
			uint64_t visits = analyse_visits(ai, g, NULL);
			spent = cpu_ms() - t0;
			ck_assert_msg(visits < 200,
			              "%d threads: %llu playouts in 1 ms",
			              threads[k], (unsigned long long)visits);
			ck_assert_msg(spent < 1.0 * threads[k] + 40.0,
			              "%d threads: %.1f ms of CPU for 1 ms",
			              threads[k], spent);
		}
		city_ai_free(ai);
	}
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * Cancelling (city_ai_cancel()).
 */

typedef struct canceller {
	city_ai *ai;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int done; /* the search returned */
	unsigned calls;
} canceller;

/* Cancel every 20 ms until the search has returned: a request made before
 * the search started would stop it at its start, so one call would do;
 * the repeat makes the test independent of that. */
static void *cancel_main(void *arg)
{
	canceller *c = arg;
	struct timespec until;
	pthread_mutex_lock(&c->mu);
	while (!c->done) {
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_nsec += 20000000L;
		if (until.tv_nsec >= 1000000000L) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&c->cv, &c->mu, &until);
		if (!c->done) {
			ck_assert_int_eq(city_ai_cancel(c->ai), CITY_OK);
			c->calls++;
		}
	}
	pthread_mutex_unlock(&c->mu);
	return NULL;
}

static double wall_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A search of an hour (time) or of 10^8 playouts (iterations) on
 * `threads` threads, cancelled from a second thread: it returns CITY_OK
 * with a legal move well before either budget. */
static void cancel_a_search(int by_time, int threads, int analyse)
{
	city_game *g = new_game_in(NULL, CITY_GAME_THE_CITY, 3, 11);
	city_ai *ai = new_ai(CITY_AI_MCTS, 5);
	canceller c;
	pthread_t tid;
	city_move m;
	double t0;
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_TIME_MS,
	                                   by_time ? 3600000 : 0),
	                 CITY_OK);
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_ITERATIONS,
	                                   by_time ? 0 : 100000000),
	                 CITY_OK);
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_THREADS, threads),
	                 CITY_OK);
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_TREES, 4), CITY_OK);
	memset(&c, 0, sizeof c);
	c.ai = ai;
	pthread_mutex_init(&c.mu, NULL);
	pthread_cond_init(&c.cv, NULL);
	ck_assert_int_eq(pthread_create(&tid, NULL, cancel_main, &c), 0);
	t0 = wall_s();
	if (analyse) {
		city_ai_stat first;
		(void)analyse_visits(ai, g, &first);
		m = first.move;
	} else {
		ck_assert_int_eq(city_ai_choose(ai, g, &m), CITY_OK);
	}
	pthread_mutex_lock(&c.mu);
	c.done = 1;
	pthread_cond_signal(&c.cv);
	pthread_mutex_unlock(&c.mu);
	pthread_join(tid, NULL);
	ck_assert(test_is_legal(g, &m));
	ck_assert_uint_ge(c.calls, 1);
	/* 10^8 playouts or an hour take far longer than a minute; the
	 * canceller asks within 20 ms of a slow machine's scheduling. */
	ck_assert_msg(wall_s() - t0 < 60.0, "cancelled after %.1f s",
	              wall_s() - t0);
	pthread_cond_destroy(&c.cv);
	pthread_mutex_destroy(&c.mu);
	city_ai_free(ai);
	city_game_free(g);
}

START_TEST(cancel_from_another_thread_stops_a_timed_search)
{
	cancel_a_search(1, 1, 0);
	cancel_a_search(1, 2, 1);
}
END_TEST

START_TEST(cancel_from_another_thread_stops_a_counted_search)
{
	cancel_a_search(0, 2, 0);
	cancel_a_search(0, 1, 1);
}
END_TEST

START_TEST(cancel_lasts_until_the_next_search_returns)
{
	/* A request made while no search runs stops the next one at its
	 * start: no playout, the first legal move; the one after runs
	 * whole. Random and greedy consume the request as well. */
	static city_move moves[MOVES_CAP];
	city_game *g = new_game_in(NULL, CITY_GAME_THE_CITY, 2, 5);
	city_ai *ai = new_ai(CITY_AI_MCTS, 9), *gr = new_ai(CITY_AI_GREEDY, 9);
	city_ai_stat first;
	city_move m;
	size_t count = 0;
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_ITERATIONS, 300),
	                 CITY_OK);
	ck_assert_int_eq(city_legal_moves(g, moves, MOVES_CAP, &count), CITY_OK);
	ck_assert_int_eq(city_ai_cancel(ai), CITY_OK);
	ck_assert_int_eq(city_ai_cancel(ai), CITY_OK); /* not counted */
	ck_assert_uint_eq(analyse_visits(ai, g, &first), 0);
	ck_assert_mem_eq(&first.move, &moves[0], sizeof moves[0]);
	ck_assert_uint_eq(analyse_visits(ai, g, NULL), 300);
	ck_assert_int_eq(city_ai_cancel(ai), CITY_OK);
	ck_assert_int_eq(city_ai_choose(ai, g, &m), CITY_OK);
	ck_assert_mem_eq(&m, &moves[0], sizeof m);
	ck_assert_uint_eq(analyse_visits(ai, g, NULL), 300);
	ck_assert_int_eq(city_ai_cancel(gr), CITY_OK);
	ck_assert_int_eq(city_ai_choose(gr, g, &m), CITY_OK);
	ck_assert(test_is_legal(g, &m));
	ck_assert_int_eq(city_ai_cancel(NULL), CITY_EINVAL);
	city_ai_free(ai);
	city_ai_free(gr);
	city_game_free(g);
}
END_TEST

static Suite *ai_search_suite(void)
{
	const test_row rows[] = {
	        {an_ai_keeps_nothing_of_a_released_arena, 0, 1},
	        {a_time_budget_holds_with_many_trees_and_long_playouts, 0, 1},
	        {cancel_from_another_thread_stops_a_timed_search, 0, 1},
	        {cancel_from_another_thread_stops_a_counted_search, 0, 1},
	        {cancel_lasts_until_the_next_search_returns, 0, 1},
	};
	return test_suite("ai_search", "ai_search", 300, rows, N_OF(rows));
}

TEST_MAIN(ai_search_suite)
