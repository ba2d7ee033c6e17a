/*
 * city-bench: the benchmark harness of libcity (issue "Performance").
 *
 * Public API only (<city/city.h>). One run measures, in this order:
 *
 *   1. the size of a game state and the allocations of city_game_new(),
 *      seen through the allocator hook (city_options_set_allocator());
 *   2. random full games per second for 2, 3 and 4 players, and the heap
 *      allocations made while they play (the target is 0);
 *   3. nanoseconds per city_legal_moves() call by decision type, per
 *      city_apply_move() by decision type, per city_game_copy() and per
 *      city_game_clone() + city_game_free();
 *   4. the cost of a tile decision against the number of tiles already
 *      placed, on a generated 255-tile set;
 *   5. MCTS iterations per second (<city/ai.h>) from mid-game positions of
 *      2-player The City, of the base game of Carcassonne (farmers on) and
 *      of The Tower, on 1 and 2 threads (--mcts runs only this);
 *   6. the base game of Carcassonne (docs/carcassonne.md): random full
 *      games per second for 2 to 5 players with farmers off and on, their
 *      heap allocations in play, and city_game_clone() + city_game_free()
 *      and city_game_copy() on its states;
 *   7. The Tower (base game + expansion tower, farmers off, default T-OPT
 *      rules): random full games per second for 2 to 5 players and their
 *      heap allocations in play (--tower runs only this).
 *   8. --river alone: The River (expansion river, farmers off), without
 *      and with The Tower, random full games per second for 2 to 5
 *      players (not part of the full run).
 *   9. city_game_clone() + city_game_free() and city_game_copy() of every
 *      game (The City, the base game, The Tower, The River, The River and
 *      The Tower; 4 players) in many short rounds interleaved over the
 *      games: per game the least and the median of the rounds' medians
 *      (--clone runs only this).
 *
 * It prints a table, or with --json one JSON object (and nothing else) on
 * stdout. docs/performance.md describes every method and the numbers of a
 * reference run; scripts/bench.sh builds a Release tree and runs this.
 *
 * Random play: every decision lists the legal moves with city_legal_moves()
 * and applies one chosen uniformly (splitmix64 mapped below the count by
 * below(), a bias below 2^-50) with city_apply_move(); a game ends at
 * CITY_DECISION_END and is finished by city_score_final().
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <city/city.h>

#ifndef CITY_BENCH_BUILD_TYPE
#define CITY_BENCH_BUILD_TYPE "unknown"
#endif
#ifndef CITY_BENCH_SANITIZED
#define CITY_BENCH_SANITIZED 0
#endif
/* The compiler of this build, which built the library too (the same CMake
 * tree): the figures depend on it (docs/performance.md). */
#define BENCH_STR_(x) #x
#define BENCH_STR(x) BENCH_STR_(x)
#if defined(__clang__)
#define BENCH_COMPILER                                                     \
	"clang " BENCH_STR(__clang_major__) "." BENCH_STR(                 \
	    __clang_minor__) "." BENCH_STR(__clang_patchlevel__)
#elif defined(__GNUC__)
#define BENCH_COMPILER "gcc " __VERSION__
#else
#define BENCH_COMPILER "unknown compiler"
#endif

/* Games of the throughput run are spread over a pool of games made once
 * with consecutive seeds and reset before each game, so that the draw order
 * varies while no game is created in the timed loop. */
#define POOL_SIZE 8
/* Number of decision types timed (CITY_DECISION_TILE .. _TOWER). */
#define N_DECISIONS 6
/* Buckets of tiles placed for the large set: 0-31, 32-63, ..., 224-255. */
#define N_BUCKETS 8
#define BUCKET_WIDTH 32

static const char *const decision_names[N_DECISIONS] = {
	"tile", "follower", "gate", "wall", "guard", "tower"};

/* ------------------------------------------------------------------------
 * Failure, clock, random numbers */

static void die(const char *fmt, ...)
{
	va_list ap;
	fputs("city-bench: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static void check(int rc, const char *what, const city_game *g)
{
	if (rc != CITY_OK)
		die("%s: %s (%s)", what, city_status_str(rc),
		    g ? city_game_last_error(g) : "");
}

static uint64_t cpu_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* splitmix64, the generator of R-RNG and of city-cli's players. */
static uint64_t rng_next(uint64_t *st)
{
	uint64_t z = (*st += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

/* A uniform pick below n from the 64-bit random number r: the high word
 * of the 128-bit product r * n (Lemire), where the compiler has 128-bit
 * integers; the same bias bound as a modulo (n / 2^64), without the
 * 64-bit division per decision that a modulo costs. */
static size_t below(uint64_t r, size_t n)
{
#if defined(__SIZEOF_INT128__)
	__extension__ typedef unsigned __int128 u128;
	return (size_t)(((u128)r * (u128)n) >> 64);
#else
	return (size_t)(r % (uint64_t)n);
#endif
}

/* ------------------------------------------------------------------------
 * Counting allocator: a pass-through to malloc/realloc/free that counts the
 * calls and remembers the sizes asked for. */

typedef struct alloc_stats {
	unsigned long allocs;   /* malloc calls */
	unsigned long reallocs; /* realloc calls */
	unsigned long frees;
	size_t bytes;     /* bytes asked for by malloc and realloc */
	size_t largest;   /* largest single request */
} alloc_stats;

static void *count_malloc(size_t size, void *user)
{
	alloc_stats *a = user;
	a->allocs++;
	a->bytes += size;
	if (size > a->largest)
		a->largest = size;
	return malloc(size);
}

static void *count_realloc(void *ptr, size_t size, void *user)
{
	alloc_stats *a = user;
	a->reallocs++;
	a->bytes += size;
	if (size > a->largest)
		a->largest = size;
	return realloc(ptr, size);
}

static void count_free(void *ptr, void *user)
{
	alloc_stats *a = user;
	a->frees++;
	free(ptr);
}

static unsigned long alloc_calls(const alloc_stats *a)
{
	return a->allocs + a->reallocs;
}

/* ------------------------------------------------------------------------
 * Samples: mean and median */

typedef struct samples {
	double *v;
	size_t n, cap;
	double sum;     /* of v */
	double aux_sum; /* of a companion value (the number of legal moves) */
} samples;

static void samples_add(samples *s, double x, double aux)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 256;
		double *v = realloc(s->v, cap * sizeof *v);
		if (!v)
			die("out of memory");
		s->v = v;
		s->cap = cap;
	}
	s->v[s->n++] = x;
	s->sum += x;
	s->aux_sum += aux;
}

static double samples_mean(const samples *s)
{
	return s->n ? s->sum / (double)s->n : 0.0;
}

static double samples_aux_mean(const samples *s)
{
	return s->n ? s->aux_sum / (double)s->n : 0.0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Sorts the samples in place. */
static double samples_median(samples *s)
{
	if (s->n == 0)
		return 0.0;
	qsort(s->v, s->n, sizeof *s->v, cmp_double);
	if (s->n % 2)
		return s->v[s->n / 2];
	return (s->v[s->n / 2 - 1] + s->v[s->n / 2]) / 2.0;
}

static void samples_free(samples *s)
{
	free(s->v);
	memset(s, 0, sizeof *s);
}

/* A median for the table, "-" when there is no sample. */
static const char *median_text(samples *s, char *buf, size_t cap)
{
	if (s->n == 0)
		snprintf(buf, cap, "-");
	else
		snprintf(buf, cap, "%.1f", samples_median(s));
	return buf;
}

/* A median for JSON, null when there is no sample. */
static const char *median_json(samples *s, char *buf, size_t cap)
{
	if (s->n == 0)
		snprintf(buf, cap, "null");
	else
		snprintf(buf, cap, "%.2f", samples_median(s));
	return buf;
}

/* ------------------------------------------------------------------------
 * Moves and random play */

typedef struct move_buf {
	city_move *m;
	size_t cap, n;
} move_buf;

/* List the legal moves into b, growing it when the game asks for more
 * (with no buffer yet, city_legal_moves() only counts and says CITY_OK). */
static void list_moves(const city_game *g, move_buf *b)
{
	for (;;) {
		city_move *m;
		int rc = city_legal_moves(g, b->m, b->cap, &b->n);
		if (rc != CITY_OK && rc != CITY_ERANGE)
			check(rc, "city_legal_moves", g);
		if (b->n <= b->cap)
			return;
		m = realloc(b->m, b->n * sizeof *m);
		if (!m)
			die("out of memory");
		b->m = m;
		b->cap = b->n;
	}
}

/* What is being played, for the message of a failure. */
static struct {
	const char *phase;
	int players;
	uint64_t seed; /* of the draw order */
} context = {"setup", 0, 0};

static void set_context(const char *phase, int players, uint64_t seed)
{
	context.phase = phase;
	context.players = players;
	context.seed = seed;
}

/* Apply a listed move; a refusal is an engine bug (a listed move must
 * apply), reported with what reproduces it. */
static void apply_listed(city_game *g, const city_move *m)
{
	int rc = city_apply_move(g, m);
	if (rc != CITY_OK) {
		char text[64];
		if (city_move_to_string(m, text, sizeof text, NULL) != CITY_OK)
			strcpy(text, "?");
		die("%s: %d players, draw seed %" PRIu64 ", move %d '%s' is "
		    "listed by city_legal_moves but city_apply_move says %s: %s",
		    context.phase, context.players, context.seed,
		    city_game_move_count(g) + 1, text, city_status_str(rc),
		    city_game_last_error(g));
	}
}

/* Pick one of the listed moves uniformly with the random number r; the
 * game must wait for one. */
static city_move pick_at(const city_game *g, const move_buf *b, uint64_t r)
{
	if (b->n == 0)
		die("no legal move at decision %d", city_game_decision(g));
	return b->m[below(r, b->n)];
}

/* The same with the next random number of *rng. */
static city_move pick_move(const city_game *g, const move_buf *b,
                           uint64_t *rng)
{
	return pick_at(g, b, rng_next(rng));
}

/* Play a game to its end from wherever it is; returns the decisions made. */
static unsigned long play_random(city_game *g, move_buf *b, uint64_t *rng)
{
	unsigned long decisions = 0;
	while (city_game_decision(g) != CITY_DECISION_END) {
		/* the random number before the listing, which it does not
		 * depend on: the processor works it out meanwhile (the same
		 * numbers, in the same order, as pick_move's) */
		uint64_t r = rng_next(rng);
		city_move m;
		list_moves(g, b);
		m = pick_at(g, b, r);
		apply_listed(g, &m);
		decisions++;
	}
	check(city_score_final(g), "city_score_final", g);
	return decisions;
}

/* ------------------------------------------------------------------------
 * Configuration and results */

typedef struct bench_config {
	int quick, json;
	unsigned long games;       /* throughput games per player count */
	unsigned long micro_games; /* games per player count for the timings */
	unsigned long large_games; /* games on the 255-tile set */
	unsigned batch;            /* calls per clock reading */
	uint64_t seed;
	int one_game;              /* --one-game: players, 0 for a full run */
	int mcts_only;             /* --mcts: the MCTS measurement alone */
	int tower_only;            /* --tower: The Tower's games/s alone */
	int river_only;            /* --river: The River's games/s alone */
	int clone_only;            /* --clone: section 9 alone */
	unsigned clone_rounds;     /* section 9: rounds */
	unsigned clone_batch;      /* section 9: calls per clock reading */
	unsigned mcts_iterations;  /* per search */
	unsigned mcts_positions;   /* mid-game positions searched */
} bench_config;

typedef struct state_result {
	size_t bytes;        /* what city_game_new() asked for */
	unsigned long calls; /* allocations made by city_game_new() */
} state_result;

typedef struct throughput_result {
	unsigned long games;
	double seconds;
	double decisions;    /* per game */
	double tiles;        /* tiles placed per game */
	double allocs;       /* heap allocations per game after creation */
	double seconds_new;  /* the same games with city_game_new() each */
	double allocs_new;   /* allocations per game by city_game_new() */
} throughput_result;

typedef struct micro_result {
	samples legal[N_DECISIONS];      /* ns per city_legal_moves() */
	double apply_ns[N_DECISIONS];    /* sum over samples, ns per call */
	unsigned long apply_n[N_DECISIONS];
	samples copy;                    /* ns per city_game_copy() */
	samples clone;                   /* ns per clone + free */
	double clock_ns;                 /* cost of one clock reading */
} micro_result;

typedef struct large_result {
	unsigned tiles;                  /* tiles in the set */
	unsigned designs;
	unsigned long games;
	double placed;                   /* tiles placed per game */
	double decisions;                /* decisions per game */
	samples bucket[N_BUCKETS];       /* ns per tile city_legal_moves() */
	samples by_gate[2][N_BUCKETS];   /* the same, [0] before the gate is
	                                    built, [1] after (R-TILE-4 then
	                                    also checks the wall) */
	state_result state;
} large_result;

/* MCTS searches from mid-game positions, per thread count (1, 2), of one
 * game (MCTS_GAMES: The City, the base game with farmers, The Tower). */
#define MCTS_GAMES 3
typedef struct mcts_result {
	unsigned positions, iterations, tiles_placed;
	double seconds[2];
	double cpu_seconds[2]; /* process CPU time of the same searches */
} mcts_result;

/* 6. The base game of Carcassonne. */
typedef struct carc_result {
	throughput_result tp[4][2];      /* 2..5 players, farmers no / yes */
	state_result state;              /* 4 players */
	samples clone;                   /* ns per clone + free */
	samples copy;                    /* ns per city_game_copy */
	throughput_result tower[4];      /* 7. The Tower, 2..5 players */
	samples tower_clone, tower_copy; /* its clone + free, copy (ns) */
	throughput_result river[2][4];   /* 8. The River, without / with The
	                                    Tower, 2..5 players */
	samples river_clone[2], river_copy[2];
} carc_result;

/* 9. Clone + free and copy of every game, interleaved rounds. */
#define CLONE_GAMES 5
#define CLONE_POSITIONS 16
typedef struct clone_result {
	unsigned rounds, batch, positions;
	double clock_ns;
	size_t bytes[CLONE_GAMES]; /* the block city_game_new asks for */
	/* [0] the least, [1] the median of the rounds' medians (ns) */
	double clone[CLONE_GAMES][2], copy[CLONE_GAMES][2];
} clone_result;

typedef struct results {
	state_result state[3];           /* 2, 3, 4 players */
	throughput_result tp[3];
	micro_result micro;
	large_result large;
	mcts_result mcts[MCTS_GAMES];
	carc_result carc;
	clone_result clone;
} results;

static double mcts_rate(const mcts_result *r, int t);
static double mcts_cpu_rate(const mcts_result *r, int t);

/* ------------------------------------------------------------------------
 * Options and games */

/* The game of the options made by make_options (the base game of
 * Carcassonne with farmers when carc_farmers >= 0), set by the Carcassonne
 * runs and cleared after them. */
static int carc_farmers = -1;
/* With carc_farmers >= 0: whether The Tower is played too. */
static int carc_tower = 0;
/* With carc_farmers >= 0: whether The River is played too. */
static int carc_river = 0;

static city_options *make_options(int players, uint64_t seed,
                                  const city_tileset *ts, alloc_stats *a)
{
	city_options *o;
	check(city_options_new(&o), "city_options_new", NULL);
	if (carc_farmers >= 0) {
		check(city_options_set_game(o, CITY_GAME_CARCASSONNE), "set_game",
		      NULL);
		check(city_options_set_rule(o, CITY_RULE_FARMERS, carc_farmers),
		      "set_rule farmers", NULL);
		if (carc_tower)
			check(city_options_set_expansion(o, CITY_EXPANSION_TOWER,
			                                 1),
			      "set_expansion tower", NULL);
		if (carc_river)
			check(city_options_set_expansion(o, CITY_EXPANSION_RIVER,
			                                 1),
			      "set_expansion river", NULL);
	}
	check(city_options_set_players(o, players), "set_players", NULL);
	check(city_options_set_seed(o, seed), "set_seed", NULL);
	if (ts)
		check(city_options_set_tileset(o, ts), "set_tileset", NULL);
	if (a)
		check(city_options_set_allocator(o, count_malloc, count_realloc,
		                                 count_free, a),
		      "set_allocator", NULL);
	return o;
}

/* The bytes and allocations city_game_new() asks for. */
static state_result measure_state(int players, uint64_t seed,
                                  const city_tileset *ts)
{
	alloc_stats a;
	state_result r;
	city_options *o;
	city_game *g;
	memset(&a, 0, sizeof a);
	o = make_options(players, seed, ts, &a);
	check(city_game_new(&g, o), "city_game_new", NULL);
	r.bytes = a.bytes;
	r.calls = alloc_calls(&a);
	city_game_free(g);
	city_options_free(o);
	return r;
}

/* ------------------------------------------------------------------------
 * 2. Random full games per second */

static void bench_throughput(const bench_config *cfg, int players,
                             throughput_result *r)
{
	alloc_stats a;
	city_options *o;
	city_game *pool[POOL_SIZE];
	move_buf b = {NULL, 0, 0};
	uint64_t rng = cfg->seed ^ (0xB5u * (uint64_t)players);
	unsigned long i, warm = cfg->games / 10 + 1, before;
	double decisions = 0, tiles = 0;
	uint64_t t0;

	memset(&a, 0, sizeof a);
	memset(r, 0, sizeof *r);
	o = make_options(players, cfg->seed, NULL, &a);
	for (i = 0; i < POOL_SIZE; i++) {
		check(city_options_set_seed(o, cfg->seed + i), "set_seed", NULL);
		check(city_game_new(&pool[i], o), "city_game_new", NULL);
	}
	for (i = 0; i < warm; i++) {
		city_game *g = pool[i % POOL_SIZE];
		set_context("warm-up", players, cfg->seed + i % POOL_SIZE);
		check(city_game_reset(g), "city_game_reset", g);
		play_random(g, &b, &rng);
	}

	/* reset mode: the games of the pool, reset before each game */
	before = alloc_calls(&a);
	t0 = now_ns();
	for (i = 0; i < cfg->games; i++) {
		city_game *g = pool[i % POOL_SIZE];
		set_context("games (reset)", players, cfg->seed + i % POOL_SIZE);
		check(city_game_reset(g), "city_game_reset", g);
		decisions += (double)play_random(g, &b, &rng);
		tiles += city_game_tile_count(g);
	}
	r->seconds = (double)(now_ns() - t0) * 1e-9;
	r->games = cfg->games;
	r->decisions = decisions / (double)cfg->games;
	r->tiles = tiles / (double)cfg->games;
	r->allocs = (double)(alloc_calls(&a) - before) / (double)cfg->games;
	for (i = 0; i < POOL_SIZE; i++)
		city_game_free(pool[i]);

	/* new mode: city_game_new() + city_game_free() per game, seeds vary */
	before = alloc_calls(&a);
	t0 = now_ns();
	for (i = 0; i < cfg->games; i++) {
		city_game *g;
		set_context("games (new)", players, cfg->seed + i);
		check(city_options_set_seed(o, cfg->seed + i), "set_seed", NULL);
		check(city_game_new(&g, o), "city_game_new", NULL);
		play_random(g, &b, &rng);
		city_game_free(g);
	}
	r->seconds_new = (double)(now_ns() - t0) * 1e-9;
	r->allocs_new = (double)(alloc_calls(&a) - before) / (double)cfg->games;

	city_options_free(o);
	free(b.m);
}

/* ------------------------------------------------------------------------
 * 3. Per-call timings */

/* The cost of one clock reading: the median of back-to-back pairs. */
static double clock_cost_ns(void)
{
	samples s;
	int i;
	double med;
	memset(&s, 0, sizeof s);
	for (i = 0; i < 2001; i++) {
		uint64_t t0 = now_ns(), t1 = now_ns();
		samples_add(&s, (double)(t1 - t0), 0);
	}
	med = samples_median(&s);
	samples_free(&s);
	return med;
}

/* ns per call of a batch that took t ns for n calls, the clock taken out. */
static double per_call(uint64_t t, unsigned n, double clock_ns)
{
	double x = ((double)t - clock_ns) / (double)n;
	return x > 0 ? x : 0;
}

/* Time city_legal_moves() `batch` times on the same state. */
static double time_legal(const city_game *g, move_buf *b, unsigned batch,
                         double clock_ns)
{
	unsigned k;
	int rc = CITY_OK;
	size_t n;
	uint64_t t0 = now_ns(), t1;
	for (k = 0; k < batch; k++)
		rc |= city_legal_moves(g, b->m, b->cap, &n);
	t1 = now_ns();
	check(rc, "city_legal_moves", g);
	return per_call(t1 - t0, batch, clock_ns);
}

/* Time city_game_clone() + city_game_free() `batch` times on g. */
static double time_clone(const city_game *g, unsigned batch, double clock_ns)
{
	unsigned k;
	int rc = CITY_OK;
	uint64_t t0 = now_ns(), t1;
	for (k = 0; k < batch; k++) {
		city_game *c;
		rc |= city_game_clone(&c, g);
		if (rc == CITY_OK)
			city_game_free(c);
	}
	t1 = now_ns();
	check(rc, "city_game_clone", g);
	return per_call(t1 - t0, batch, clock_ns);
}

/* Play random games and time every decision's calls. */
static void bench_micro(const bench_config *cfg, micro_result *r)
{
	int players;
	unsigned k, batch = cfg->batch;
	move_buf b = {NULL, 0, 0};

	r->clock_ns = clock_cost_ns();
	for (players = 2; players <= 4; players++) {
		city_options *o = make_options(players, cfg->seed, NULL, NULL);
		city_game *g = NULL, *scratch;
		uint64_t rng = cfg->seed ^ (0x5Au * (uint64_t)players);
		unsigned long i;

		/* a game of the same shape, the target of the copies */
		check(city_game_new(&scratch, o), "city_game_new", NULL);
		for (i = 0; i < cfg->micro_games; i++) {
			set_context("per-call timings", players, cfg->seed + 1000 + i);
			check(city_options_set_seed(o, cfg->seed + 1000 + i),
			      "set_seed", NULL);
			city_game_free(g);
			check(city_game_new(&g, o), "city_game_new", NULL);
			while (city_game_decision(g) != CITY_DECISION_END) {
				int d = city_game_decision(g), rc = CITY_OK;
				uint64_t t0, t1, t2;
				city_move m;

				list_moves(g, &b);
				samples_add(&r->legal[d],
				            time_legal(g, &b, batch, r->clock_ns),
				            (double)b.n);
				m = pick_move(g, &b, &rng);

				/* copy alone, then copy + apply: the difference of
				 * the two batches is the cost of the apply */
				t0 = now_ns();
				for (k = 0; k < batch; k++)
					rc |= city_game_copy(scratch, g);
				t1 = now_ns();
				for (k = 0; k < batch; k++) {
					rc |= city_game_copy(scratch, g);
					rc |= city_apply_move(scratch, &m);
				}
				t2 = now_ns();
				if (rc != CITY_OK) {
					/* once more, untimed, for the failing call's message */
					check(city_game_copy(scratch, g), "city_game_copy", g);
					apply_listed(scratch, &m);
					die("copy + apply failed");
				}
				samples_add(&r->copy, per_call(t1 - t0, batch, r->clock_ns),
				            0);
				r->apply_ns[d] +=
				    ((double)(t2 - t1) - (double)(t1 - t0)) / batch;
				r->apply_n[d]++;

				samples_add(&r->clone,
				            time_clone(g, batch, r->clock_ns), 0);

				apply_listed(g, &m);
			}
		}
		city_game_free(scratch);
		city_game_free(g);
		city_options_free(o);
	}
	free(b.m);
}

/* ------------------------------------------------------------------------
 * 4. Tile decisions on a 255-tile set */

/* Side layouts (N E S W, halves and middles clockwise) taken from the
 * topologies of the built-in set: crossings, straight and curved streets,
 * junctions, dead ends, markets on one to four sides, plain tiles. */
static const char *const layouts[] = {
	"a1b b2c c3d d4a", /* crossing of four streets */
	"a1b b-b b1a a-a", /* straight street */
	"a1b b1a a-a a-a", /* curve */
	"a1b b2c c-c c3a", /* T junction */
	"a-a a-a a-a a-a", /* plain */
	"a1a a-a a-a a-a", /* dead end */
	"b-b a-a a-a a-a", /* one side of b */
	"b-b b-b a-a a-a", /* two sides of b */
	"b-b b-b b-b b-b", /* b all round */
	"a-b b-a a-a a-a", /* corner */
	"b1c c-c c1b b-b", /* street between two regions */
	"a1c c-b b-b b-a", /* dead end into b */
	"a1b b1a a2a a-a", /* curve and dead end */
	"b-b a-a c-c a-a", /* b and c facing */
	"a1a a-a a2a a-a", /* two dead ends */
	"a1b b2c c3a a-a", /* three-way with a corner */
	"a1b b1a c-c a-a", /* curve, c on the south */
};
#define N_LAYOUTS (sizeof layouts / sizeof layouts[0])
#define LARGE_DESIGNS 85
#define LARGE_COPIES 3

static const char *const market_kinds[] = {"F", "G", "L", "FG",
                                           "GL", "FL", "FGL"};

/* Write the 255-tile set: 85 designs x 3 copies, layouts in turn, each
 * region residential or a market by a fixed rule (about half each), one
 * public building on every fourth design. Returns the text's length. */
static size_t large_tileset_text(char *buf, size_t cap)
{
	size_t len = 0;
	unsigned d;
	int n = snprintf(buf, cap, "# generated by city-bench\n"
	                           "tileset bench-255\n");
	if (n < 0 || (size_t)n >= cap)
		die("tile set buffer too small");
	len = (size_t)n;
	for (d = 0; d < LARGE_DESIGNS; d++) {
		const char *sides = layouts[d % N_LAYOUTS];
		unsigned variant = d / (unsigned)N_LAYOUTS;
		char used[8] = {0};
		const char *p;
		unsigned j;
		n = snprintf(buf + len, cap - len, "%02u %d  %s ", d + 1,
		             LARGE_COPIES, sides);
		if (n < 0 || (size_t)n >= cap - len)
			die("tile set buffer too small");
		len += (size_t)n;
		for (p = sides; *p; p++)
			if (*p >= 'a' && *p <= 'h')
				used[*p - 'a'] = 1;
		for (j = 0; j < 8; j++) {
			const char *kind;
			if (!used[j])
				continue;
			if ((d * 7 + j * 3 + variant) % 2 == 0)
				kind = "R";
			else
				kind = market_kinds[(d + j + variant) % 7];
			n = snprintf(buf + len, cap - len, " %c=%s", 'a' + (int)j,
			             kind);
			if (n < 0 || (size_t)n >= cap - len)
				die("tile set buffer too small");
			len += (size_t)n;
		}
		n = snprintf(buf + len, cap - len, "%s\n",
		             d % 4 == 0 ? "  pub=1" : "");
		if (n < 0 || (size_t)n >= cap - len)
			die("tile set buffer too small");
		len += (size_t)n;
	}
	return len;
}

static city_tileset *large_tileset(void)
{
	static char text[16384];
	char err[256];
	city_tileset *ts;
	size_t len = large_tileset_text(text, sizeof text);
	int rc = city_tileset_parse(&ts, text, len, err, sizeof err);
	if (rc != CITY_OK)
		die("generated tile set: %s: %s", city_status_str(rc), err);
	return ts;
}

static void bench_large(const bench_config *cfg, double clock_ns,
                        large_result *r)
{
	city_tileset *ts = large_tileset();
	city_options *o = make_options(2, cfg->seed, ts, NULL);
	move_buf b = {NULL, 0, 0};
	uint64_t rng = cfg->seed ^ 0x255u;
	double placed = 0, decisions = 0;
	unsigned long i;

	r->tiles = city_tileset_tile_count(ts);
	r->designs = city_tileset_design_count(ts);
	r->state = measure_state(2, cfg->seed, ts);
	city_tileset_free(ts); /* the options keep their own reference */
	for (i = 0; i < cfg->large_games; i++) {
		city_game *g;
		set_context("255-tile set", 2, cfg->seed + 2000 + i);
		check(city_options_set_seed(o, cfg->seed + 2000 + i), "set_seed",
		      NULL);
		check(city_game_new(&g, o), "city_game_new", NULL);
		while (city_game_decision(g) != CITY_DECISION_END) {
			city_move m;
			list_moves(g, &b);
			if (city_game_decision(g) == CITY_DECISION_TILE) {
				int k = city_game_tile_count(g) / BUCKET_WIDTH;
				int gate = city_wall_length(g) > 0;
				double ns = time_legal(g, &b, cfg->batch, clock_ns);
				if (k >= N_BUCKETS)
					k = N_BUCKETS - 1;
				samples_add(&r->bucket[k], ns, (double)b.n);
				samples_add(&r->by_gate[gate][k], ns, (double)b.n);
			}
			m = pick_move(g, &b, &rng);
			apply_listed(g, &m);
			decisions++;
		}
		placed += city_game_tile_count(g);
		city_game_free(g);
	}
	r->games = cfg->large_games;
	r->placed = cfg->large_games ? placed / (double)cfg->large_games : 0;
	r->decisions =
	    cfg->large_games ? decisions / (double)cfg->large_games : 0;
	city_options_free(o);
	free(b.m);
}

/* ------------------------------------------------------------------------
 * 6. The base game of Carcassonne */

/* city_game_clone() + city_game_free(), and city_game_copy(), on every
 * state of random 4-player games of the game make_options() makes now
 * (the carc_* switches), in batches of cfg->batch calls per clock
 * reading (a search copies a state per iteration: issue 27's target is
 * 120 ns for every game). */
static void measure_clone(const bench_config *cfg, double clock_ns,
                          samples *clone, samples *copy)
{
	move_buf b = {NULL, 0, 0};
	city_options *o = make_options(4, cfg->seed + 2000, NULL, NULL);
	city_game *g, *scratch;
	uint64_t rng = cfg->seed ^ 0xCAu;
	unsigned long i;
	unsigned k;
	check(city_game_new(&scratch, o), "city_game_new", NULL);
	for (i = 0; i < cfg->micro_games; i++) {
		set_context("carcassonne clone", 4, cfg->seed + 2000 + i);
		check(city_options_set_seed(o, cfg->seed + 2000 + i), "set_seed",
		      NULL);
		check(city_game_new(&g, o), "city_game_new", NULL);
		while (city_game_decision(g) != CITY_DECISION_END) {
			city_move m;
			uint64_t t0, t1;
			int rc = CITY_OK;
			samples_add(clone, time_clone(g, cfg->batch, clock_ns), 0);
			t0 = now_ns();
			for (k = 0; k < cfg->batch; k++)
				rc |= city_game_copy(scratch, g);
			t1 = now_ns();
			check(rc, "city_game_copy", g);
			samples_add(copy, per_call(t1 - t0, cfg->batch, clock_ns), 0);
			list_moves(g, &b);
			m = pick_move(g, &b, &rng);
			apply_listed(g, &m);
		}
		city_game_free(g);
	}
	city_game_free(scratch);
	city_options_free(o);
	free(b.m);
}

/* The samples of the Carcassonne runs. */
static void carc_free(carc_result *c)
{
	int t;
	samples_free(&c->clone);
	samples_free(&c->copy);
	samples_free(&c->tower_clone);
	samples_free(&c->tower_copy);
	for (t = 0; t < 2; t++) {
		samples_free(&c->river_clone[t]);
		samples_free(&c->river_copy[t]);
	}
}

/* 7. The Tower: farmers off, the expansion on. */
static void bench_tower(const bench_config *cfg, carc_result *r)
{
	int players;
	carc_farmers = 0;
	carc_tower = 1;
	for (players = 2; players <= 5; players++)
		bench_throughput(cfg, players, &r->tower[players - 2]);
	measure_clone(cfg, clock_cost_ns(), &r->tower_clone, &r->tower_copy);
	carc_tower = 0;
	carc_farmers = -1;
}

/* 8. The River: farmers off, without and with The Tower. */
static void bench_river(const bench_config *cfg, carc_result *r)
{
	int players, t;
	carc_farmers = 0;
	carc_river = 1;
	for (t = 0; t < 2; t++) {
		carc_tower = t;
		for (players = 2; players <= 5; players++)
			bench_throughput(cfg, players, &r->river[t][players - 2]);
		measure_clone(cfg, clock_cost_ns(), &r->river_clone[t],
		              &r->river_copy[t]);
	}
	carc_tower = 0;
	carc_river = 0;
	carc_farmers = -1;
}

static void bench_carc(const bench_config *cfg, double clock_ns,
                       carc_result *r)
{
	int players, farmers;
	for (farmers = 0; farmers <= 1; farmers++)
		for (players = 2; players <= 5; players++) {
			carc_farmers = farmers;
			bench_throughput(cfg, players, &r->tp[players - 2][farmers]);
		}
	carc_farmers = 1;
	r->state = measure_state(4, cfg->seed, NULL);
	measure_clone(cfg, clock_ns, &r->clone, &r->copy);
	bench_tower(cfg, r);
}

/* ------------------------------------------------------------------------
 * 9. Clone + free and copy of every game, interleaved rounds
 *
 * A search copies a state per iteration (issue 27: 120 ns for every
 * game). One timing of a batch moves by a third on a shared VM, and a
 * game timed minutes after another meets another load; so every game's
 * positions are timed in each of many short rounds, the games taking turns
 * within a round, and each game gets the least and the median of its
 * rounds' medians. A batch starts with one untimed call, so that the
 * source and the allocator are warm, as in a search. A round is
 * CLONE_POSITIONS states of one random game per game, about 1.5 ms, so
 * the default 301 rounds take half a second. The least (the fastest
 * round's median) is what a quiet machine gives and moves least from run
 * to run; the median (a typical round's) rises when another process
 * shares the core. */

static const char *const clone_game_names[CLONE_GAMES] = {
	"The City", "base game (farmers)", "The Tower", "The River",
	"The River + The Tower"};
static const char *const clone_game_keys[CLONE_GAMES] = {
	"the_city", "carcassonne", "carcassonne_tower", "carcassonne_river",
	"carcassonne_river_tower"};

/* make_options() makes game k of clone_game_names from now on. */
static void select_game(int k)
{
	carc_farmers = k == 0 ? -1 : k == 1;
	carc_tower = k == 2 || k == 4;
	carc_river = k >= 3;
}

/* Play game k's random 4-player game of `seed` from its start, cloning
 * its state into pos[] at the decisions of at[] (increasing; none without
 * at), until its end; returns the decisions made. */
static size_t clone_play(int k, uint64_t seed, const size_t *at,
                         city_game **pos)
{
	move_buf b = {NULL, 0, 0};
	uint64_t rng = seed ^ 0xC1u;
	city_options *o;
	city_game *g;
	size_t d = 0, p = 0;
	select_game(k);
	o = make_options(4, seed, NULL, NULL);
	set_context("clone positions", 4, seed);
	check(city_game_new(&g, o), "city_game_new", NULL);
	for (; city_game_decision(g) != CITY_DECISION_END; d++) {
		city_move m;
		if (at && p < CLONE_POSITIONS && d == at[p])
			check(city_game_clone(&pos[p++], g), "city_game_clone", g);
		list_moves(g, &b);
		m = pick_move(g, &b, &rng);
		apply_listed(g, &m);
	}
	city_game_free(g);
	city_options_free(o);
	free(b.m);
	carc_farmers = -1;
	carc_tower = carc_river = 0;
	return d;
}

/* CLONE_POSITIONS states of one random 4-player game of game k, evenly
 * spaced over its decisions from the first to the last. The game is
 * played twice, to count its decisions and then to clone only those
 * kept: no clone is freed between the positions, so that where the
 * allocator puts a game's blocks depends little on the other games'
 * sizes (a clone's time depends a little on it). */
static void clone_positions(const bench_config *cfg, int k, city_game **pos,
                            size_t *bytes)
{
	uint64_t seed = cfg->seed + 3000 + (uint64_t)k;
	size_t at[CLONE_POSITIONS], n, p;
	select_game(k);
	*bytes = measure_state(4, seed, NULL).bytes;
	n = clone_play(k, seed, NULL, NULL);
	if (n < CLONE_POSITIONS)
		die("clone positions: a game of %zu decisions", n);
	for (p = 0; p < CLONE_POSITIONS; p++)
		at[p] = p * (n - 1) / (CLONE_POSITIONS - 1);
	clone_play(k, seed, at, pos);
}

/* ns per city_game_copy() of src into dst, `batch` calls after one. */
static double time_copy(city_game *dst, const city_game *src, unsigned batch,
                        double clock_ns)
{
	unsigned k;
	int rc = city_game_copy(dst, src);
	uint64_t t0 = now_ns(), t1;
	for (k = 0; k < batch; k++)
		rc |= city_game_copy(dst, src);
	t1 = now_ns();
	check(rc, "city_game_copy", src);
	return per_call(t1 - t0, batch, clock_ns);
}

/* The median of n values (sorted in place). */
static double median_of(double *v, size_t n)
{
	samples s;
	memset(&s, 0, sizeof s);
	s.v = v;
	s.n = n;
	return samples_median(&s);
}

/* The least and the median of the rounds' medians r (rounds values). */
static void least_median(double *r, unsigned rounds, double out[2])
{
	out[1] = median_of(r, rounds);
	out[0] = r[0]; /* sorted by median_of */
}

/* One round: every position of every game, the games taking turns (their
 * order rotated by round and position); the medians go to cl[k][round]
 * and cp[k][round]. */
static void clone_round(city_game *pos[][CLONE_POSITIONS],
                        city_game *const *scratch, unsigned round,
                        const clone_result *r, double *cl[], double *cp[])
{
	double c[CLONE_GAMES][CLONE_POSITIONS], d[CLONE_GAMES][CLONE_POSITIONS];
	unsigned p, j;
	for (p = 0; p < CLONE_POSITIONS; p++)
		for (j = 0; j < CLONE_GAMES; j++) {
			unsigned k = (j + round + p) % CLONE_GAMES;
			city_game *g = pos[k][p];
			city_game *w;
			check(city_game_clone(&w, g), "city_game_clone", g);
			city_game_free(w);
			c[k][p] = time_clone(g, r->batch, r->clock_ns);
			d[k][p] = time_copy(scratch[k], g, r->batch, r->clock_ns);
		}
	for (j = 0; j < CLONE_GAMES; j++) {
		cl[j][round] = median_of(c[j], CLONE_POSITIONS);
		cp[j][round] = median_of(d[j], CLONE_POSITIONS);
	}
}

static void bench_clone(const bench_config *cfg, clone_result *r)
{
	city_game *pos[CLONE_GAMES][CLONE_POSITIONS], *scratch[CLONE_GAMES];
	double *cl[CLONE_GAMES], *cp[CLONE_GAMES];
	unsigned k, p, round;
	r->rounds = cfg->clone_rounds;
	r->batch = cfg->clone_batch;
	r->positions = CLONE_POSITIONS;
	r->clock_ns = clock_cost_ns();
	/* the rounds' medians first, in one block, so that the games' blocks
	 * lie where they lie whatever the number of rounds (a clone's time
	 * depends a little on where the allocator puts it) */
	cl[0] = calloc(2 * CLONE_GAMES * (size_t)r->rounds, sizeof *cl[0]);
	if (!cl[0])
		die("out of memory");
	for (k = 0; k < CLONE_GAMES; k++) {
		cl[k] = cl[0] + 2 * k * (size_t)r->rounds;
		cp[k] = cl[k] + r->rounds;
		clone_positions(cfg, (int)k, pos[k], &r->bytes[k]);
		check(city_game_clone(&scratch[k], pos[k][0]), "city_game_clone",
		      NULL);
	}
	for (round = 0; round < r->rounds; round++)
		clone_round(pos, scratch, round, r, cl, cp);
	for (k = 0; k < CLONE_GAMES; k++) {
		least_median(cl[k], r->rounds, r->clone[k]);
		least_median(cp[k], r->rounds, r->copy[k]);
		for (p = 0; p < CLONE_POSITIONS; p++)
			city_game_free(pos[k][p]);
		city_game_free(scratch[k]);
	}
	free(cl[0]);
}

/* ------------------------------------------------------------------------
 * Output: the table */

static double gps(const throughput_result *t)
{
	return t->seconds > 0 ? (double)t->games / t->seconds : 0;
}

static double us_per_game(const throughput_result *t)
{
	return t->games ? t->seconds * 1e6 / (double)t->games : 0;
}

static double gps_new(const throughput_result *t)
{
	return t->seconds_new > 0 ? (double)t->games / t->seconds_new : 0;
}

static double apply_mean(const micro_result *m, int d)
{
	return m->apply_n[d] ? m->apply_ns[d] / (double)m->apply_n[d] : 0;
}

static double apply_mean_all(const micro_result *m)
{
	double sum = 0;
	unsigned long n = 0;
	int d;
	for (d = 0; d < N_DECISIONS; d++) {
		sum += m->apply_ns[d];
		n += m->apply_n[d];
	}
	return n ? sum / (double)n : 0;
}

static void print_header(const bench_config *cfg)
{
	printf("libcity %s benchmark (build %s, %s%s), seed %" PRIu64
	       ", %lu games per player count%s\n",
	       city_version_string(), CITY_BENCH_BUILD_TYPE, BENCH_COMPILER,
	       CITY_BENCH_SANITIZED ? ", sanitizers ON" : "", cfg->seed,
	       cfg->games, cfg->quick ? " (--quick)" : "");
	fflush(stdout);
}

static void print_state(const results *res)
{
	int p;
	printf("\nGame state (bytes requested by city_game_new through the "
	       "allocator hook)\n");
	printf("  %-24s %10s %12s\n", "tile set / players", "bytes",
	       "allocations");
	for (p = 0; p < 3; p++)
		printf("  built-in, %d players       %10zu %12lu\n", p + 2,
		       res->state[p].bytes, res->state[p].calls);
	fflush(stdout);
}

/* A table of random-game rates, one row per player count from 2. */
static void print_tp_table(const throughput_result *tp, int n)
{
	int p;
	printf("  %-7s %7s %11s %10s %10s %7s %12s %11s %9s\n", "players",
	       "games", "games/s", "us/game", "decisions", "tiles",
	       "allocs/game", "games/s new", "allocs new");
	for (p = 0; p < n; p++) {
		const throughput_result *t = &tp[p];
		printf("  %-7d %7lu %11.1f %10.2f %10.1f %7.1f %12.2f %11.1f "
		       "%9.2f\n",
		       p + 2, t->games, gps(t), us_per_game(t), t->decisions,
		       t->tiles, t->allocs, gps_new(t), t->allocs_new);
	}
}

static void print_throughput(const results *res)
{
	printf("\nRandom full games (pool of %d games reset with "
	       "city_game_reset; 'new' column: city_game_new + free per game)\n",
	       POOL_SIZE);
	print_tp_table(res->tp, 3);
	fflush(stdout);
}

/* The clone + free and copy lines of a game's table (4 players). */
static void print_clone(samples *clone, samples *copy)
{
	printf("  city_game_clone + free  median %8.1f  mean %8.1f ns "
	       "(4 players)\n",
	       samples_median(clone), samples_mean(clone));
	printf("  city_game_copy          median %8.1f  mean %8.1f ns\n",
	       samples_median(copy), samples_mean(copy));
}

/* The Tower's table (the last of print_carc, and all of --tower). */
static void print_tower(carc_result *c)
{
	printf("\nThe Tower (built-in set `carcassonne-tower`, farmers off, "
	       "default T-OPT rules; same pool and columns)\n");
	print_tp_table(c->tower, 4);
	print_clone(&c->tower_clone, &c->tower_copy);
	fflush(stdout);
}

/* --river: The River's two tables. */
static void print_river(carc_result *c)
{
	printf("\nThe River (built-in set `carcassonne-river`, farmers off, "
	       "river_start=shuffle; same pool and columns)\n");
	print_tp_table(c->river[0], 4);
	print_clone(&c->river_clone[0], &c->river_copy[0]);
	printf("\nThe River and The Tower (built-in set "
	       "`carcassonne-river-tower`, farmers off, default rules)\n");
	print_tp_table(c->river[1], 4);
	print_clone(&c->river_clone[1], &c->river_copy[1]);
	fflush(stdout);
}

static void print_carc(results *res)
{
	carc_result *c = &res->carc;
	int p, f;
	printf("\nCarcassonne, base game (built-in set `carcassonne`, pool of "
	       "%d games reset with city_game_reset; 'new': city_game_new + "
	       "free per game)\n",
	       POOL_SIZE);
	printf("  %-7s %-7s %7s %11s %10s %10s %7s %12s %11s\n", "players",
	       "farmers", "games", "games/s", "us/game", "decisions", "tiles",
	       "allocs/game", "games/s new");
	for (f = 0; f <= 1; f++)
		for (p = 0; p < 4; p++) {
			const throughput_result *t = &c->tp[p][f];
			printf("  %-7d %-7s %7lu %11.1f %10.2f %10.1f %7.1f "
			       "%12.2f %11.1f\n",
			       p + 2, f ? "yes" : "no", t->games, gps(t),
			       us_per_game(t), t->decisions, t->tiles, t->allocs,
			       gps_new(t));
		}
	printf("  state (4 players): %zu bytes in %lu allocation(s)\n",
	       c->state.bytes, c->state.calls);
	print_clone(&c->clone, &c->copy);
	print_tower(c);
}

/* 9. One row per game: least / median of the rounds' medians. */
static void print_clone_rounds(const clone_result *r)
{
	int k;
	printf("\nClone + free and copy, 4 players: %u rounds, each timing %u "
	       "positions of every game (the games in turn) in batches of %u "
	       "calls after an untimed one, clock %.1f ns taken out\n",
	       r->rounds, r->positions, r->batch, r->clock_ns);
	printf("  %-22s %6s %22s %22s\n", "game (ns)", "bytes",
	       "clone+free least/med", "copy least/median");
	for (k = 0; k < CLONE_GAMES; k++)
		printf("  %-22s %6zu %10.1f / %9.1f %10.1f / %9.1f\n",
		       clone_game_names[k], r->bytes[k], r->clone[k][0],
		       r->clone[k][1], r->copy[k][0], r->copy[k][1]);
	printf("  (least: the fastest round's median; med: the median of the "
	       "rounds' medians)\n");
	fflush(stdout);
}

static void print_micro(const bench_config *cfg, results *res)
{
	micro_result *m = &res->micro;
	int d;
	printf("\nPer call, ns (%lu random games per player count, batches of "
	       "%u calls per clock reading, clock %.1f ns taken out)\n",
	       cfg->micro_games, cfg->batch, m->clock_ns);
	printf("  %-9s %9s %11s %12s %12s %14s\n", "decision", "samples",
	       "moves/call", "legal median", "legal mean", "apply mean");
	for (d = 0; d < N_DECISIONS; d++) {
		char med[32];
		if (m->legal[d].n == 0) {
			printf("  %-9s %9d %11s %12s %12s %14s\n", decision_names[d],
			       0, "-", "-", "-", "-");
			continue;
		}
		printf("  %-9s %9zu %11.1f %12s %12.1f %14.1f\n",
		       decision_names[d], m->legal[d].n,
		       samples_aux_mean(&m->legal[d]),
		       median_text(&m->legal[d], med, sizeof med),
		       samples_mean(&m->legal[d]), apply_mean(m, d));
	}
	printf("  %-9s %9s %11s %12s %12s %14.1f\n", "all", "", "", "", "",
	       apply_mean_all(m));
	printf("  city_game_copy          median %8.1f  mean %8.1f\n",
	       samples_median(&m->copy), samples_mean(&m->copy));
	printf("  city_game_clone + free  median %8.1f  mean %8.1f\n",
	       samples_median(&m->clone), samples_mean(&m->clone));
	fflush(stdout);
}

static void print_large(results *res)
{
	large_result *l = &res->large;
	int k;
	printf("\nTile decisions on a generated set of %u tiles (%u designs), "
	       "%lu games of 2 players,\n"
	       "  %.1f tiles placed and %.1f decisions per game, state %zu "
	       "bytes\n",
	       l->tiles, l->designs, l->games, l->placed, l->decisions,
	       l->state.bytes);
	printf("  ns per city_legal_moves call; 'gate' columns: the decisions "
	       "made after the gate was built\n");
	printf("  %-12s %8s %6s %10s %10s %10s %8s %11s %11s\n", "tiles placed",
	       "samples", "gate", "moves/call", "median", "mean", "ns/move",
	       "median pre", "median gate");
	for (k = 0; k < N_BUCKETS; k++) {
		samples *s = &l->bucket[k];
		double moves = samples_aux_mean(s), mean = samples_mean(s);
		size_t gated = l->by_gate[1][k].n;
		char range[16], pre[32], post[32];
		snprintf(range, sizeof range, "%d-%d", k * BUCKET_WIDTH,
		         k * BUCKET_WIDTH + BUCKET_WIDTH - 1);
		printf("  %-12s %8zu %5.0f%% %10.1f %10.1f %10.1f %8.2f %11s "
		       "%11s\n",
		       range, s->n, s->n ? 100.0 * (double)gated / (double)s->n : 0,
		       moves, samples_median(s), mean, moves > 0 ? mean / moves : 0,
		       median_text(&l->by_gate[0][k], pre, sizeof pre),
		       median_text(&l->by_gate[1][k], post, sizeof post));
	}
	fflush(stdout);
}

/* ------------------------------------------------------------------------
 * Output: JSON */

static void json_players(const char *key, const results *res,
                         double (*f)(const throughput_result *), int last)
{
	printf("  \"%s\": {\"2\": %.3f, \"3\": %.3f, \"4\": %.3f}%s\n", key,
	       f(&res->tp[0]), f(&res->tp[1]), f(&res->tp[2]), last ? "" : ",");
}

static double tp_decisions(const throughput_result *t) { return t->decisions; }
static double tp_tiles(const throughput_result *t) { return t->tiles; }
static double tp_allocs(const throughput_result *t) { return t->allocs; }
static double tp_allocs_new(const throughput_result *t)
{
	return t->allocs_new;
}

/* One key of The Tower's object: 2..5 players. */
static void json_tower(const char *key, const throughput_result *t,
                       double (*f)(const throughput_result *), int last)
{
	printf("      \"%s\": {\"2\": %.3f, \"3\": %.3f, \"4\": %.3f, "
	       "\"5\": %.3f}%s\n",
	       key, f(&t[0]), f(&t[1]), f(&t[2]), f(&t[3]), last ? "" : ",");
}

static void json_stat(const char *key, samples *s, int last)
{
	if (s->n == 0) {
		printf("    \"%s\": {\"samples\": 0, \"median_ns\": null, "
		       "\"mean_ns\": null, \"moves\": null}%s\n",
		       key, last ? "" : ",");
		return;
	}
	printf("    \"%s\": {\"samples\": %zu, \"median_ns\": %.2f, "
	       "\"mean_ns\": %.2f, \"moves\": %.2f}%s\n",
	       key, s->n, samples_median(s), samples_mean(s),
	       samples_aux_mean(s), last ? "" : ",");
}

/* 9. "clone_rounds": the method's sizes, then per game the block's bytes
 * and {least, median} of the rounds' medians (ns). */
static void json_clone(const clone_result *r)
{
	int k;
	printf("  \"clone_rounds\": {\"rounds\": %u, \"batch\": %u, "
	       "\"positions\": %u, \"clock_ns\": %.2f,\n",
	       r->rounds, r->batch, r->positions, r->clock_ns);
	for (k = 0; k < CLONE_GAMES; k++)
		printf("    \"%s\": {\"bytes\": %zu, \"clone_free_ns\": "
		       "{\"least\": %.2f, \"median\": %.2f}, \"copy_ns\": "
		       "{\"least\": %.2f, \"median\": %.2f}}%s\n",
		       clone_game_keys[k], r->bytes[k], r->clone[k][0],
		       r->clone[k][1], r->copy[k][0], r->copy[k][1],
		       k == CLONE_GAMES - 1 ? "" : ",");
	printf("  }\n");
}

static void print_json(const bench_config *cfg, results *res)
{
	micro_result *m = &res->micro;
	large_result *l = &res->large;
	int d, k;

	printf("{\n");
	printf("  \"library\": \"libcity\",\n");
	printf("  \"version\": \"%s\",\n", city_version_string());
	printf("  \"build_type\": \"%s\",\n", CITY_BENCH_BUILD_TYPE);
	printf("  \"compiler\": \"%s\",\n", BENCH_COMPILER);
	printf("  \"sanitized\": %s,\n", CITY_BENCH_SANITIZED ? "true" : "false");
	printf("  \"quick\": %s,\n", cfg->quick ? "true" : "false");
	printf("  \"seed\": %" PRIu64 ",\n", cfg->seed);
	printf("  \"games\": %lu,\n", cfg->games);
	printf("  \"game_mode\": \"reset\",\n");
	json_players("games_per_second", res, gps, 0);
	json_players("us_per_game", res, us_per_game, 0);
	json_players("games_per_second_new", res, gps_new, 0);
	json_players("decisions_per_game", res, tp_decisions, 0);
	json_players("tiles_per_game", res, tp_tiles, 0);
	json_players("allocs_per_game", res, tp_allocs, 0);
	json_players("allocs_per_game_new", res, tp_allocs_new, 0);
	printf("  \"state_bytes\": {\"2\": %zu, \"3\": %zu, \"4\": %zu, "
	       "\"large\": %zu},\n",
	       res->state[0].bytes, res->state[1].bytes, res->state[2].bytes,
	       l->state.bytes);
	printf("  \"game_new_allocs\": {\"2\": %lu, \"3\": %lu, \"4\": %lu},\n",
	       res->state[0].calls, res->state[1].calls, res->state[2].calls);
	printf("  \"batch\": %u,\n", cfg->batch);
	printf("  \"clock_ns\": %.2f,\n", m->clock_ns);
	printf("  \"legal_moves_ns\": {\n");
	for (d = 0; d < N_DECISIONS; d++)
		json_stat(decision_names[d], &m->legal[d], d == N_DECISIONS - 1);
	printf("  },\n");
	printf("  \"apply_move_ns\": {");
	for (d = 0; d < N_DECISIONS; d++) {
		if (m->apply_n[d] == 0)
			printf("\"%s\": null, ", decision_names[d]);
		else
			printf("\"%s\": %.2f, ", decision_names[d], apply_mean(m, d));
	}
	printf("\"all\": %.2f},\n", apply_mean_all(m));
	printf("  \"copy_ns\": {\"median\": %.2f, \"mean\": %.2f},\n",
	       samples_median(&m->copy), samples_mean(&m->copy));
	printf("  \"clone_free_ns\": {\"median\": %.2f, \"mean\": %.2f},\n",
	       samples_median(&m->clone), samples_mean(&m->clone));
	printf("  \"large_tileset\": {\n");
	printf("    \"tiles\": %u, \"designs\": %u, \"games\": %lu, "
	       "\"placed_per_game\": %.2f,\n",
	       l->tiles, l->designs, l->games, l->placed);
	printf("    \"tile_legal_moves_ns\": [\n");
	for (k = 0; k < N_BUCKETS; k++) {
		samples *s = &l->bucket[k];
		char pre[32], post[32];
		printf("      {\"from\": %d, \"to\": %d, \"samples\": %zu, "
		       "\"median_ns\": %.2f, \"mean_ns\": %.2f, \"moves\": %.2f, "
		       "\"samples_gate\": %zu, \"median_ns_pre_gate\": %s, "
		       "\"median_ns_gate\": %s}%s\n",
		       k * BUCKET_WIDTH, k * BUCKET_WIDTH + BUCKET_WIDTH - 1, s->n,
		       samples_median(s), samples_mean(s), samples_aux_mean(s),
		       l->by_gate[1][k].n,
		       median_json(&l->by_gate[0][k], pre, sizeof pre),
		       median_json(&l->by_gate[1][k], post, sizeof post),
		       k == N_BUCKETS - 1 ? "" : ",");
	}
	printf("    ]\n  },\n");
	printf("  \"mcts_iterations\": %u,\n", res->mcts[0].iterations);
	{
		/* The City's keys as before; the other games' with a suffix. */
		static const char *const suffix[MCTS_GAMES] = {
			"", "_carcassonne", "_tower"};
		int gi;
		for (gi = 0; gi < MCTS_GAMES; gi++) {
			printf("  \"mcts_iterations_per_second%s\": {\"1\": "
			       "%.1f, \"2\": %.1f},\n",
			       suffix[gi], mcts_rate(&res->mcts[gi], 0),
			       mcts_rate(&res->mcts[gi], 1));
			printf("  \"mcts_iterations_per_cpu_second%s\": {\"1\": "
			       "%.1f, \"2\": %.1f},\n",
			       suffix[gi], mcts_cpu_rate(&res->mcts[gi], 0),
			       mcts_cpu_rate(&res->mcts[gi], 1));
		}
	}
	{
		carc_result *c = &res->carc;
		int p, f;
		printf("  \"carcassonne\": {\n");
		printf("    \"games_per_second\": {");
		for (p = 0; p < 4; p++)
			printf("\"%d\": {\"farmers_no\": %.1f, \"farmers_yes\": "
			       "%.1f}%s",
			       p + 2, gps(&c->tp[p][0]), gps(&c->tp[p][1]),
			       p == 3 ? "},\n" : ", ");
		printf("    \"allocs_per_game\": {");
		for (p = 0; p < 4; p++)
			for (f = 0; f <= 1; f++)
				printf("\"%d_%s\": %.2f%s", p + 2,
				       f ? "farmers_yes" : "farmers_no",
				       c->tp[p][f].allocs,
				       p == 3 && f == 1 ? "},\n" : ", ");
		printf("    \"state_bytes\": %zu,\n", c->state.bytes);
		printf("    \"clone_free_ns\": {\"median\": %.2f, \"mean\": "
		       "%.2f},\n",
		       samples_median(&c->clone), samples_mean(&c->clone));
		printf("    \"copy_ns\": {\"median\": %.2f, \"mean\": %.2f},\n",
		       samples_median(&c->copy), samples_mean(&c->copy));
		/* 7. The Tower, 2..5 players */
		printf("    \"tower\": {\n");
		json_tower("games_per_second", c->tower, gps, 0);
		json_tower("us_per_game", c->tower, us_per_game, 0);
		json_tower("games_per_second_new", c->tower, gps_new, 0);
		json_tower("decisions_per_game", c->tower, tp_decisions, 0);
		json_tower("tiles_per_game", c->tower, tp_tiles, 0);
		json_tower("allocs_per_game", c->tower, tp_allocs, 0);
		json_tower("allocs_per_game_new", c->tower, tp_allocs_new, 0);
		printf("      \"clone_free_ns\": {\"median\": %.2f, \"mean\": "
		       "%.2f},\n",
		       samples_median(&c->tower_clone),
		       samples_mean(&c->tower_clone));
		printf("      \"copy_ns\": {\"median\": %.2f, \"mean\": %.2f}\n",
		       samples_median(&c->tower_copy),
		       samples_mean(&c->tower_copy));
		printf("    }\n");
		printf("  },\n");
	}
	json_clone(&res->clone);
	printf("}\n");
}

/* ------------------------------------------------------------------------
 * MCTS: city_ai_choose() with an iteration budget, 2 trees (the default),
 * from mid-game positions of a 2-player game (random play until
 * MCTS_TILES tiles are placed, then on to the next tile decision): game 0
 * The City, 1 the base game of Carcassonne with farmers, 2 the base game
 * with The Tower (farmers off). The same searches run with 1 and with 2
 * threads; a warm-up search first sizes the AI's arenas, so that the timed
 * searches allocate nothing per iteration. */

#define MCTS_TILES 30

static const char *const mcts_game_names[MCTS_GAMES] = {
	"The City", "the base game of Carcassonne (farmers on)",
	"The Tower (base game + The Tower, farmers off)"};

static void bench_mcts(const bench_config *cfg, int game, mcts_result *r)
{
	unsigned k;
	int t;
	move_buf b = {NULL, 0, 0};
	memset(r, 0, sizeof *r);
	r->iterations = cfg->mcts_iterations;
	r->positions = cfg->mcts_positions;
	r->tiles_placed = MCTS_TILES;
	carc_farmers = game == 1 ? 1 : game == 2 ? 0 : -1;
	carc_tower = game == 2;
	for (k = 0; k < cfg->mcts_positions; k++) {
		uint64_t seed = cfg->seed + k, rng = seed ^ 0xA1u;
		city_options *o = make_options(2, seed, NULL, NULL);
		city_game *g;
		set_context("mcts position", 2, seed);
		check(city_game_new(&g, o), "city_game_new", NULL);
		while (city_game_decision(g) != CITY_DECISION_END &&
		       (city_game_tile_count(g) < MCTS_TILES ||
		        city_game_decision(g) != CITY_DECISION_TILE)) {
			city_move m;
			list_moves(g, &b);
			m = pick_move(g, &b, &rng);
			apply_listed(g, &m);
		}
		if (city_game_decision(g) == CITY_DECISION_END)
			die("mcts: game of seed %" PRIu64 " ended early", seed);
		for (t = 0; t < 2; t++) {
			city_ai *ai = NULL;
			city_move m;
			uint64_t t0, c0;
			check(city_ai_new(&ai, CITY_AI_MCTS, seed), "city_ai_new",
			      NULL);
			check(city_ai_set_param(ai, CITY_AI_THREADS, t + 1),
			      "threads", NULL);
			check(city_ai_set_param(ai, CITY_AI_ITERATIONS,
			                        cfg->mcts_iterations),
			      "iterations", NULL);
			check(city_ai_choose(ai, g, &m), "warm-up", g);
			c0 = cpu_ns();
			t0 = now_ns();
			check(city_ai_choose(ai, g, &m), "city_ai_choose", g);
			r->seconds[t] += (double)(now_ns() - t0) / 1e9;
			r->cpu_seconds[t] += (double)(cpu_ns() - c0) / 1e9;
			city_ai_free(ai);
		}
		city_game_free(g);
		city_options_free(o);
	}
	carc_farmers = -1;
	carc_tower = 0;
	free(b.m);
}

static double mcts_rate(const mcts_result *r, int t)
{
	return r->seconds[t] > 0 ? (double)r->iterations * r->positions /
	                                   r->seconds[t]
	                         : 0;
}

/* Iterations per second of CPU time (all threads): what one core does
 * when the machine is shared. */
static double mcts_cpu_rate(const mcts_result *r, int t)
{
	return r->cpu_seconds[t] > 0 ? (double)r->iterations * r->positions /
	                                       r->cpu_seconds[t]
	                             : 0;
}

static void print_mcts(const mcts_result *r, int game)
{
	printf("\nMCTS (city_ai_choose, %u iterations, 2 trees) from %u "
	       "mid-game positions, 2-player %s, %u tiles placed\n",
	       r->iterations, r->positions, mcts_game_names[game],
	       r->tiles_placed);
	printf("  %-8s %14s %18s\n", "threads", "iterations/s",
	       "per CPU second");
	printf("  %-8d %14.0f %18.0f\n", 1, mcts_rate(r, 0),
	       mcts_cpu_rate(r, 0));
	printf("  %-8d %14.0f %18.0f\n", 2, mcts_rate(r, 1),
	       mcts_cpu_rate(r, 1));
	printf("  speed-up with 2 threads: %.2f\n",
	       mcts_rate(r, 0) > 0 ? mcts_rate(r, 1) / mcts_rate(r, 0) : 0);
	fflush(stdout);
}

/* ------------------------------------------------------------------------
 * Command line */

static void usage(FILE *f)
{
	fputs("usage: city-bench [--quick] [--json] [--games N] [--seed S]\n"
	      "       city-bench --one-game P [--seed S]\n"
	      "  --quick       tiny iteration counts (a smoke test, < 2 s)\n"
	      "  --json        print one JSON object instead of the table\n"
	      "  --games N     random games per player count for games/s\n"
	      "  --seed S      seed of the draw orders and of the players\n"
	      "  --one-game P  play one random game of P players and stop\n"
	      "                (for perf stat and callgrind)\n"
	      "  --mcts        only the MCTS iterations/s (1 and 2 threads)\n"
	      "  --tower       only The Tower's random games/s (2 to 5 players;\n"
	      "                short runs to repeat on a noisy machine)\n"
	      "  --river       only The River's random games/s, without and\n"
	      "                with The Tower (2 to 5 players)\n"
	      "  --clone       only clone + free and copy of every game\n"
	      "                (interleaved rounds; also in the full run)\n"
	      "  --clone-rounds N  rounds of that measurement (301; --quick 3)\n"
	      "  --clone-batch N   calls per clock reading there (32; --quick 2)\n",
	      f);
}

static unsigned long long parse_number(const char *opt, const char *text,
                                       unsigned long long max)
{
	char *end;
	unsigned long long v;
	if (!text || !*text || *text == '-' || *text == '+')
		die("%s needs a number", opt);
	errno = 0;
	v = strtoull(text, &end, 10);
	if (errno || *end || v > max)
		die("%s: bad number '%s'", opt, text);
	return v;
}

static void parse_args(int argc, char **argv, bench_config *cfg)
{
	int i;
	long games = -1, clone_rounds = -1, clone_batch = -1;
	memset(cfg, 0, sizeof *cfg);
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--quick") == 0) {
			cfg->quick = 1;
		} else if (strcmp(a, "--json") == 0) {
			cfg->json = 1;
		} else if (strcmp(a, "--games") == 0) {
			games = (long)parse_number(a, i + 1 < argc ? argv[i + 1] : NULL,
			                           100000000);
			if (games == 0)
				die("--games must be at least 1");
			i++;
		} else if (strcmp(a, "--seed") == 0) {
			cfg->seed = parse_number(a, i + 1 < argc ? argv[i + 1] : NULL,
			                         UINT64_MAX);
			i++;
		} else if (strcmp(a, "--one-game") == 0) {
			cfg->one_game = (int)parse_number(
			    a, i + 1 < argc ? argv[i + 1] : NULL, 4);
			if (cfg->one_game < 2)
				die("--one-game: 2 to 4 players");
			i++;
		} else if (strcmp(a, "--mcts") == 0) {
			cfg->mcts_only = 1;
		} else if (strcmp(a, "--tower") == 0) {
			cfg->tower_only = 1;
		} else if (strcmp(a, "--river") == 0) {
			cfg->river_only = 1;
		} else if (strcmp(a, "--clone") == 0) {
			cfg->clone_only = 1;
		} else if (strcmp(a, "--clone-rounds") == 0 ||
		           strcmp(a, "--clone-batch") == 0) {
			long v = (long)parse_number(
			    a, i + 1 < argc ? argv[i + 1] : NULL, 1000000);
			if (v == 0)
				die("%s must be at least 1", a);
			if (strcmp(a, "--clone-rounds") == 0)
				clone_rounds = v;
			else
				clone_batch = v;
			i++;
		} else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			usage(stdout);
			exit(0);
		} else {
			usage(stderr);
			exit(1);
		}
	}
	if (cfg->quick) {
		cfg->games = 8;
		cfg->micro_games = 1;
		cfg->large_games = 1;
		cfg->batch = 2;
		cfg->mcts_iterations = 100;
		cfg->mcts_positions = 1;
		cfg->clone_rounds = 3;
		cfg->clone_batch = 2;
	} else {
		cfg->games = 3000;
		cfg->micro_games = 40;
		cfg->large_games = 40;
		cfg->batch = 16;
		cfg->mcts_iterations = 20000;
		cfg->mcts_positions = 6;
		cfg->clone_rounds = 301;
		cfg->clone_batch = 32;
	}
	if (games > 0)
		cfg->games = (unsigned long)games;
	if (clone_rounds > 0)
		cfg->clone_rounds = (unsigned)clone_rounds;
	if (clone_batch > 0)
		cfg->clone_batch = (unsigned)clone_batch;
	if (cfg->tower_only && (cfg->json || cfg->mcts_only || cfg->one_game))
		die("--tower prints its table alone: not with --json, --mcts or "
		    "--one-game");
	if (cfg->river_only &&
	    (cfg->json || cfg->mcts_only || cfg->one_game || cfg->tower_only))
		die("--river prints its tables alone: not with --json, --mcts, "
		    "--tower or --one-game");
	if (cfg->clone_only && (cfg->json || cfg->mcts_only || cfg->one_game ||
	                        cfg->tower_only || cfg->river_only))
		die("--clone prints its table alone: not with --json, --mcts, "
		    "--tower, --river or --one-game");
}

/* --one-game: one random game through the same calls as the throughput
 * run (city_game_new, city_legal_moves + city_apply_move per decision,
 * city_score_final), for a profiler to look at. */
static int run_one_game(const bench_config *cfg)
{
	city_options *o = make_options(cfg->one_game, cfg->seed, NULL, NULL);
	move_buf b = {NULL, 0, 0};
	uint64_t rng = cfg->seed ^ (0xB5u * (uint64_t)cfg->one_game);
	unsigned long decisions;
	city_game *g;
	int p;

	set_context("one game", cfg->one_game, cfg->seed);
	check(city_game_new(&g, o), "city_game_new", NULL);
	decisions = play_random(g, &b, &rng);
	printf("one game: %d players, seed %" PRIu64 ", %lu decisions, %d "
	       "tiles, scores",
	       cfg->one_game, cfg->seed, decisions, city_game_tile_count(g));
	for (p = 0; p < cfg->one_game; p++)
		printf(" %d", city_game_score(g, p));
	printf("\n");
	city_game_free(g);
	city_options_free(o);
	free(b.m);
	return 0;
}

int main(int argc, char **argv)
{
	bench_config cfg;
	results *res;
	int p, d, k;

	parse_args(argc, argv, &cfg);
	if (cfg.one_game)
		return run_one_game(&cfg);
	res = calloc(1, sizeof *res);
	if (!res)
		die("out of memory");
	if (cfg.mcts_only) {
		print_header(&cfg);
		for (k = 0; k < MCTS_GAMES; k++) {
			bench_mcts(&cfg, k, &res->mcts[k]);
			print_mcts(&res->mcts[k], k);
		}
		free(res);
		return 0;
	}
	if (cfg.clone_only) {
		print_header(&cfg);
		bench_clone(&cfg, &res->clone);
		print_clone_rounds(&res->clone);
		free(res);
		return 0;
	}
	if (cfg.tower_only || cfg.river_only) {
		print_header(&cfg);
		if (cfg.tower_only) {
			bench_tower(&cfg, &res->carc);
			print_tower(&res->carc);
		} else {
			bench_river(&cfg, &res->carc);
			print_river(&res->carc);
		}
		carc_free(&res->carc);
		free(res);
		return 0;
	}
	if (!cfg.json)
		print_header(&cfg);

	for (p = 0; p < 3; p++)
		res->state[p] = measure_state(p + 2, cfg.seed, NULL);
	if (!cfg.json)
		print_state(res);

	for (p = 0; p < 3; p++)
		bench_throughput(&cfg, p + 2, &res->tp[p]);
	if (!cfg.json)
		print_throughput(res);

	bench_micro(&cfg, &res->micro);
	if (!cfg.json)
		print_micro(&cfg, res);

	bench_large(&cfg, res->micro.clock_ns, &res->large);
	if (!cfg.json)
		print_large(res);

	for (k = 0; k < MCTS_GAMES; k++) {
		bench_mcts(&cfg, k, &res->mcts[k]);
		if (!cfg.json)
			print_mcts(&res->mcts[k], k);
	}
	bench_carc(&cfg, res->micro.clock_ns, &res->carc);
	if (!cfg.json)
		print_carc(res);
	bench_clone(&cfg, &res->clone);
	if (!cfg.json)
		print_clone_rounds(&res->clone);
	else
		print_json(&cfg, res);
	carc_free(&res->carc);

	for (d = 0; d < N_DECISIONS; d++)
		samples_free(&res->micro.legal[d]);
	samples_free(&res->micro.copy);
	samples_free(&res->micro.clone);
	for (k = 0; k < N_BUCKETS; k++) {
		samples_free(&res->large.bucket[k]);
		samples_free(&res->large.by_gate[0][k]);
		samples_free(&res->large.by_gate[1][k]);
	}
	free(res);
	return 0;
}
