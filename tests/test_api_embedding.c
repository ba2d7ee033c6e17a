/*
 * Embedding: allocator hooks (city_options_set_allocator) and behaviour
 * under allocation failure.
 *
 * - A counting allocator sees every allocation of a game: creation, clones,
 *   and nothing else allocates while games are played, copied, undone,
 *   saved and scored.
 * - A failing allocator makes the N-th allocation fail, for every N over a
 *   whole scenario (a full game with clones, saves, loads, final scoring):
 *   each failing call returns CITY_ENOMEM, changes nothing, leaks nothing,
 *   and the game keeps playing to the same end.
 *
 * To see the allocations that do NOT go through the hook, this program is
 * linked with `-Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free`
 * (tests/CMakeLists.txt): libcity.a's own calls to the C library land in
 * the __wrap_* functions below. While a window is "armed" they count,
 * track and can fail those direct allocations too. city_game_load() has no
 * options and so allocates directly (docs/embedding.md); its failures are
 * injected that way.
 *
 * Only the main thread runs here; assertions are made outside armed
 * windows (Check itself allocates).
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "common.h"

/* ---- the C library's allocator, wrapped ------------------------------ */

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void __real_free(void *p);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);
void __wrap_free(void *p);

static int armed;            /* inside a library call under test */
static size_t direct_calls;  /* direct allocation attempts while armed */
static size_t attempt;       /* allocation attempts while armed (all) */
static size_t fail_at;       /* fail attempt number fail_at (0: never) */
static size_t failures;      /* failures injected so far */

/* Blocks allocated directly while armed, until freed (armed or not). */
#define TRACK_CAP 512
static void *tracked[TRACK_CAP];
static size_t tracked_live, tracked_overflow;

static void track(void *p)
{
	size_t i;
	for (i = 0; i < TRACK_CAP; i++)
		if (!tracked[i]) {
			tracked[i] = p;
			tracked_live++;
			return;
		}
	tracked_overflow++;
}

static int untrack(void *p)
{
	size_t i;
	if (!tracked_live)
		return 0;
	for (i = 0; i < TRACK_CAP; i++)
		if (tracked[i] == p) {
			tracked[i] = NULL;
			tracked_live--;
			return 1;
		}
	return 0;
}

/* Count an allocation attempt while armed; 1 when it must fail. */
static int inject(void)
{
	attempt++;
	if (fail_at && attempt == fail_at) {
		failures++;
		return 1;
	}
	return 0;
}

void *__wrap_malloc(size_t size)
{
	void *p;
	if (!armed)
		return __real_malloc(size);
	direct_calls++;
	if (inject())
		return NULL;
	p = __real_malloc(size);
	if (p)
		track(p);
	return p;
}

void *__wrap_calloc(size_t n, size_t size)
{
	void *p;
	if (!armed)
		return __real_calloc(n, size);
	direct_calls++;
	if (inject())
		return NULL;
	p = __real_calloc(n, size);
	if (p)
		track(p);
	return p;
}

void *__wrap_realloc(void *p, size_t size)
{
	void *q;
	int was_tracked;
	if (armed) {
		direct_calls++;
		if (inject())
			return NULL;
	}
	q = __real_realloc(p, size);
	if (!q)
		return NULL;
	was_tracked = p ? untrack(p) : 0;
	if (was_tracked || (armed && !p))
		track(q);
	return q;
}

void __wrap_free(void *p)
{
	if (p)
		untrack(p);
	__real_free(p);
}

/* ---- the hook allocator ---------------------------------------------- */

/* Each block carries a header with a magic number, so that a block freed
 * through the hook but not allocated by it (or twice) is caught. */
#define HDR 16u
static const uint32_t MAGIC = 0xC17Bu;

typedef struct hook {
	size_t calls;     /* allocation attempts through the hook */
	size_t live;      /* blocks allocated and not freed */
	size_t total;     /* blocks allocated */
	size_t bad_frees; /* frees of blocks that are not ours */
} hook;

static void *hook_malloc(size_t size, void *user)
{
	hook *h = user;
	unsigned char *p;
	h->calls++;
	if (armed && inject())
		return NULL;
	p = __real_malloc(size + HDR);
	if (!p)
		return NULL;
	memcpy(p, &MAGIC, sizeof MAGIC);
	h->live++;
	h->total++;
	return p + HDR;
}

static int hook_owns(hook *h, void *ptr)
{
	uint32_t m;
	memcpy(&m, (unsigned char *)ptr - HDR, sizeof m);
	if (m != MAGIC) {
		h->bad_frees++;
		return 0;
	}
	return 1;
}

static void *hook_realloc(void *ptr, size_t size, void *user)
{
	hook *h = user;
	unsigned char *p;
	if (!ptr)
		return hook_malloc(size, user);
	h->calls++;
	if (!hook_owns(h, ptr))
		return NULL;
	if (armed && inject())
		return NULL;
	p = __real_realloc((unsigned char *)ptr - HDR, size + HDR);
	return p ? p + HDR : NULL;
}

static void hook_free(void *ptr, void *user)
{
	hook *h = user;
	uint32_t zero = 0;
	if (!ptr) { /* the API promises never to do this */
		h->bad_frees++;
		return;
	}
	if (!hook_owns(h, ptr))
		return;
	memcpy((unsigned char *)ptr - HDR, &zero, sizeof zero);
	h->live--;
	__real_free((unsigned char *)ptr - HDR);
}

/* ---- helpers ---------------------------------------------------------- */

#define MOVES_CAP 4096
#define RECORD_CAP (1u << 17)

static city_move moves_buf[MOVES_CAP];
static char save_a[RECORD_CAP], save_b[RECORD_CAP];

static void reset_injection(size_t n)
{
	armed = 0;
	attempt = 0;
	fail_at = n;
	failures = 0;
	direct_calls = 0;
}

/* Run a library call armed: its allocations are counted and may fail. */
static int armed_rc;
#define ARMED(expr) (armed = 1, armed_rc = (expr), armed = 0, armed_rc)
#define ARMED_DO(stmt)                                                       \
	do {                                                                 \
		armed = 1;                                                   \
		stmt;                                                        \
		armed = 0;                                                   \
	} while (0)

/* After an armed call: 1 when the injected failure hit it (it must then
 * have returned CITY_ENOMEM), 0 otherwise (it must not have). */
static int hit(int rc, size_t failures_before)
{
	if (failures == failures_before) {
		ck_assert_msg(rc != CITY_ENOMEM,
		              "CITY_ENOMEM without a failed allocation");
		return 0;
	}
	ck_assert_msg(rc == CITY_ENOMEM,
	              "an allocation failed, the call returned %s",
	              city_status_str(rc));
	return 1;
}

static void save_into(const city_game *g, char *buf)
{
	size_t need = 0;
	int rc = ARMED(city_game_save(g, buf, RECORD_CAP, &need));
	ck_assert_msg(rc == CITY_OK, "save: %s (need %zu)", city_status_str(rc),
	              need);
}

/* A pseudo-random legal move of the current decision. */
static city_move pick_move(const city_game *g, uint64_t *rng)
{
	size_t count = 0;
	int rc = ARMED(city_legal_moves(g, moves_buf, MOVES_CAP, &count));
	ck_assert_int_eq(rc, CITY_OK);
	ck_assert_uint_gt(count, 0);
	return moves_buf[test_rand(rng) % count];
}

static city_options *hooked_options(hook *h, int players, uint64_t seed)
{
	city_options *o = NULL;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, players), CITY_OK);
	ck_assert_int_eq(city_options_set_seed(o, seed), CITY_OK);
	ck_assert_int_eq(city_options_parse_rule(o, "wall_trigger=any"),
	                 CITY_OK);
	if (h)
		ck_assert_int_eq(city_options_set_allocator(o, hook_malloc,
		                                            hook_realloc,
		                                            hook_free, h),
		                 CITY_OK);
	return o;
}

/* ---- the counting allocator sees every game allocation ---------------- */

START_TEST(counting_allocator_sees_every_game_allocation)
{
	hook h = {0, 0, 0, 0};
	city_options *o = hooked_options(&h, 3, 77);
	city_game *g = NULL, *c = NULL, *plain = NULL;
	city_options *po = hooked_options(NULL, 3, 77);
	uint64_t rng = 5;
	size_t n = 0;
	int rc;

	reset_injection(0);
	rc = ARMED(city_game_new(&g, o));
	ck_assert_int_eq(rc, CITY_OK);
	ck_assert_uint_eq(h.total, 1);
	/* The options may go: the game keeps the allocator. */
	city_options_free(o);
	rc = ARMED(city_game_clone(&c, g));
	ck_assert_int_eq(rc, CITY_OK);
	ck_assert_uint_eq(h.live, 2);
	while (ARMED(city_game_decision(g)) != CITY_DECISION_END) {
		city_move m = pick_move(g, &rng);
		ck_assert_int_eq(ARMED(city_apply_move(g, &m)), CITY_OK);
		if (++n % 9 == 0) {
			/* Copy, undo, redo, reset: none allocates. */
			ck_assert_int_eq(ARMED(city_game_copy(c, g)), CITY_OK);
			ck_assert_int_eq(ARMED(city_game_undo(c)), CITY_OK);
			ck_assert_int_eq(ARMED(city_apply_move(c, &m)), CITY_OK);
			save_into(g, save_a);
			save_into(c, save_b);
			ck_assert_str_eq(save_a, save_b);
		}
	}
	ck_assert_int_eq(ARMED(city_score_final(g)), CITY_OK);
	save_into(g, save_a);
	ck_assert_int_eq(ARMED(city_game_reset(c)), CITY_OK);
	ARMED_DO(city_game_free(c));
	ck_assert_uint_eq(h.live, 1);
	ARMED_DO(city_game_free(g));

	ck_assert_msg(direct_calls == 0,
	              "%zu allocations bypassed the hook", direct_calls);
	ck_assert_uint_eq(h.total, 2);
	ck_assert_uint_eq(h.live, 0);
	ck_assert_uint_eq(h.bad_frees, 0);

	/* The allocator changes nothing in the game itself. */
	ck_assert_int_eq(city_game_new(&plain, po), CITY_OK);
	city_options_free(po);
	rng = 5;
	while (city_game_decision(plain) != CITY_DECISION_END) {
		city_move m = pick_move(plain, &rng);
		ck_assert_int_eq(city_apply_move(plain, &m), CITY_OK);
	}
	ck_assert_int_eq(city_score_final(plain), CITY_OK);
	save_into(plain, save_b);
	ck_assert_str_eq(save_a, save_b);
	city_game_free(plain);
}
END_TEST

START_TEST(allocator_arguments)
{
	hook h = {0, 0, 0, 0};
	city_options *o = NULL;
	city_game *g = NULL;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_allocator(NULL, hook_malloc,
	                                            hook_realloc, hook_free,
	                                            &h),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_options_set_allocator(o, hook_malloc, NULL,
	                                            hook_free, &h),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_options_set_allocator(o, NULL, NULL, hook_free,
	                                            &h),
	                 CITY_EINVAL);
	/* The failed calls changed nothing: still the C library's. */
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	city_game_free(g);
	ck_assert_uint_eq(h.calls, 0);
	/* Set, then restore with all three NULL. */
	ck_assert_int_eq(city_options_set_allocator(o, hook_malloc,
	                                            hook_realloc, hook_free,
	                                            &h),
	                 CITY_OK);
	ck_assert_int_eq(city_options_set_allocator(o, NULL, NULL, NULL, NULL),
	                 CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	city_game_free(g);
	ck_assert_uint_eq(h.calls, 0);
	city_options_free(o);
}
END_TEST

/* ---- every allocation failing, one at a time -------------------------- */

/*
 * The scenario: options and a game with the hook allocator; a whole game
 * of pseudo-random moves; every 6th move a clone (checked equal, played
 * one move, freed); every 20th move a save and a load (checked equal),
 * and the loaded game moved into a hooked handle with city_game_copy();
 * at the end final scoring, save, load, clone. Each call that allocates
 * runs armed; when the injected failure hits it, it must return
 * CITY_ENOMEM, leave its out-parameter and its game untouched, and is then
 * retried (the failure happens once per run).
 *
 * Returns the number of allocation attempts; writes the final record into
 * final (the same for every run).
 */
static size_t run_scenario(size_t fail_n, char *final)
{
	hook h = {0, 0, 0, 0};
	city_options *o = NULL;
	city_game *g = NULL;
	uint64_t rng = 2024;
	size_t n = 0, f0;
	int rc;

	reset_injection(fail_n);
	do {
		f0 = failures;
		rc = ARMED(city_options_new(&o));
		if (hit(rc, f0))
			ck_assert_ptr_null(o);
	} while (rc == CITY_ENOMEM);
	ck_assert_int_eq(rc, CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, 2), CITY_OK);
	ck_assert_int_eq(city_options_set_seed(o, 31), CITY_OK);
	ck_assert_int_eq(city_options_set_allocator(o, hook_malloc,
	                                            hook_realloc, hook_free,
	                                            &h),
	                 CITY_OK);
	do {
		f0 = failures;
		rc = ARMED(city_game_new(&g, o));
		if (hit(rc, f0))
			ck_assert_ptr_null(g);
	} while (rc == CITY_ENOMEM);
	ck_assert_int_eq(rc, CITY_OK);

	for (;;) {
		int ended = ARMED(city_game_decision(g)) == CITY_DECISION_END;
		if (ended || ++n % 6 == 0) {
			city_game *c = NULL;
			save_into(g, save_a);
			do {
				f0 = failures;
				rc = ARMED(city_game_clone(&c, g));
				if (hit(rc, f0)) {
					ck_assert_ptr_null(c);
					save_into(g, save_b);
					ck_assert_str_eq(save_a, save_b);
				}
			} while (rc == CITY_ENOMEM);
			ck_assert_int_eq(rc, CITY_OK);
			save_into(c, save_b);
			ck_assert_str_eq(save_a, save_b);
			if (!ended) {
				uint64_t r2 = rng;
				city_move m = pick_move(c, &r2);
				ck_assert_int_eq(ARMED(city_apply_move(c, &m)),
				                 CITY_OK);
			}
			ARMED_DO(city_game_free(c));
		}
		if (ended || n % 20 == 0) {
			city_game *l = NULL, *adopted = NULL;
			save_into(g, save_a);
			do {
				f0 = failures;
				rc = ARMED(city_game_load(&l, save_a, strlen(save_a),
				                          NULL, 0));
				if (hit(rc, f0))
					ck_assert_ptr_null(l);
			} while (rc == CITY_ENOMEM);
			ck_assert_int_eq(rc, CITY_OK);
			save_into(l, save_b);
			ck_assert_str_eq(save_a, save_b);
			/* A loaded game under the hook allocator: a hooked
			 * game of the same tile set, overwritten. */
			do {
				f0 = failures;
				rc = ARMED(city_game_new(&adopted, o));
				if (hit(rc, f0))
					ck_assert_ptr_null(adopted);
			} while (rc == CITY_ENOMEM);
			ck_assert_int_eq(rc, CITY_OK);
			ck_assert_int_eq(ARMED(city_game_copy(adopted, l)), CITY_OK);
			ARMED_DO(city_game_free(l));
			save_into(adopted, save_b);
			ck_assert_str_eq(save_a, save_b);
			ARMED_DO(city_game_free(adopted));
		}
		if (ended)
			break;
		{
			city_move m = pick_move(g, &rng);
			ck_assert_int_eq(ARMED(city_apply_move(g, &m)), CITY_OK);
		}
	}
	ck_assert_int_eq(ARMED(city_score_final(g)), CITY_OK);
	save_into(g, final);
	ARMED_DO(city_game_free(g));
	ARMED_DO(city_options_free(o));

	/* Nothing leaked, through the hook or directly. */
	ck_assert_uint_eq(h.live, 0);
	ck_assert_uint_eq(h.bad_frees, 0);
	ck_assert_uint_eq(tracked_live, 0);
	ck_assert_uint_eq(tracked_overflow, 0);
	ck_assert_uint_eq(failures, fail_n && fail_n <= attempt ? 1 : 0);
	return attempt;
}

START_TEST(every_allocation_failure_is_atomic)
{
	static char reference[RECORD_CAP], final[RECORD_CAP];
	size_t total = run_scenario(0, reference), n;
	ck_assert_uint_gt(total, 10);
	ck_assert_msg(strstr(reference, "\nend\n") != NULL, "no whole record");
	/* Fail each allocation in turn (and one past the last: no failure). */
	for (n = 1; n <= total + 1; n++) {
		size_t got = run_scenario(n, final);
		/* The failed call was retried: more attempts than without. */
		if (n <= total)
			ck_assert_uint_gt(got, total);
		else
			ck_assert_uint_eq(got, total);
		ck_assert_str_eq(final, reference);
	}
}
END_TEST

START_TEST(load_allocates_outside_the_hook)
{
	/* city_game_load() takes no options: its allocations are the C
	 * library's (documented in docs/embedding.md). They are all freed
	 * with the game. */
	hook h = {0, 0, 0, 0};
	city_options *o = hooked_options(&h, 2, 3);
	city_game *g = NULL, *l = NULL;
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	save_into(g, save_a);
	reset_injection(0);
	ck_assert_int_eq(ARMED(city_game_load(&l, save_a, strlen(save_a), NULL,
	                                      0)),
	                 CITY_OK);
	ck_assert_uint_gt(direct_calls, 0);
	ck_assert_uint_gt(tracked_live, 0);
	city_game_free(l);
	ck_assert_uint_eq(tracked_live, 0);
	city_game_free(g);
	city_options_free(o);
	ck_assert_uint_eq(h.live, 0);
}
END_TEST

START_TEST(load_opts_allocates_through_the_hook)
{
	/* city_game_load_opts(): the loaded game comes from the caller's
	 * allocator and the loader allocates nothing else (built-in tile
	 * set); failing that one allocation gives CITY_ENOMEM, no game and no
	 * leak. */
	hook h = {0, 0, 0, 0};
	city_options *o = hooked_options(&h, 3, 5);
	city_game *g = NULL, *l = NULL;
	size_t applied = 99;
	uint64_t rng = 11;
	int i;
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	for (i = 0; i < 60 && city_game_decision(g) != CITY_DECISION_END; i++) {
		city_move m = pick_move(g, &rng);
		ck_assert_int_eq(city_apply_move(g, &m), CITY_OK);
	}
	save_into(g, save_a);
	reset_injection(0);
	ck_assert_int_eq(ARMED(city_game_load_opts(&l, &applied, o, save_a,
	                                           strlen(save_a), 0, NULL, 0)),
	                 CITY_OK);
	ck_assert_uint_eq(direct_calls, 0);
	ck_assert_uint_eq(h.live, 2); /* g and l */
	ck_assert_uint_eq(applied, (size_t)city_game_move_count(g));
	city_game_free(l);
	l = NULL;
	ck_assert_uint_eq(h.live, 1);
	reset_injection(1);
	ck_assert_int_eq(ARMED(city_game_load_opts(&l, NULL, o, save_a,
	                                           strlen(save_a), 0, NULL, 0)),
	                 CITY_ENOMEM);
	ck_assert_ptr_null(l);
	ck_assert_uint_eq(h.live, 1);
	ck_assert_uint_eq(tracked_live, 0);
	city_game_free(g);
	city_options_free(o);
	ck_assert_uint_eq(h.live, 0);
	ck_assert_uint_eq(h.bad_frees, 0);
}
END_TEST

static Suite *embedding_suite(void)
{
	Suite *s = suite_create("embedding");
	TCase *tc = tcase_create("allocator");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, counting_allocator_sees_every_game_allocation);
	tcase_add_test(tc, allocator_arguments);
	tcase_add_test(tc, every_allocation_failure_is_atomic);
	tcase_add_test(tc, load_allocates_outside_the_hook);
	tcase_add_test(tc, load_opts_allocates_through_the_hook);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(embedding_suite)
