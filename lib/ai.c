/*
 * AI players (docs/ai.md): the object and its parameters, the levels, and
 * the two one-ply kinds, random and greedy. The tree search is in
 * lib/ai_mcts.c. Everything here goes through the public game API, so an
 * AI plays every game the library plays; only the potentials of the
 * evaluation read the state (lib/ai_potential.c, the searches' hot spot),
 * with the values the public queries give.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ai_internal.h"
#include "ai_potential.h"

uint64_t ai_rng_next(uint64_t *st)
{
	uint64_t z = (*st += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

int ai_list(const city_game *g, city_move **buf, size_t *cap, size_t *count)
{
	int rc = city_legal_moves(g, *buf, *cap, count);
	if (rc == CITY_ERANGE || (rc == CITY_OK && *count > *cap)) {
		/* Grows once to the largest listing seen; a search never
		 * allocates again once its buffer fits the widest decision. */
		size_t want = *count + 64;
		city_move *nb = realloc(*buf, want * sizeof *nb);
		if (!nb)
			return CITY_ENOMEM;
		*buf = nb;
		*cap = want;
		rc = city_legal_moves(g, *buf, *cap, count);
	}
	return rc;
}

/* ------------------------------------------------------------------------
 * Parameters and levels
 */

typedef struct param_info {
	double lo, hi, def;
	int integer;
} param_info;

/* Indexed by CITY_AI_* (1..7). */
static const param_info param_table[] = {
	{0, 0, 0, 0},
	{0, 100000000.0, 2000.0, 1}, /* ITERATIONS */
	{0, 3600000.0, 0.0, 1},      /* TIME_MS */
	{1, AI_MAX_THREADS, 1.0, 1}, /* THREADS */
	{0, 100.0, 0.7, 0},          /* EXPLORATION */
	{1, AI_MAX_TREES, 2.0, 1},   /* TREES */
	{0, 1.0, 0.0, 0},            /* MARGIN */
	{0, 10.0, 0.5, 0},           /* POTENTIAL */
	{-1, 1000.0, 8.0, 1},        /* PLAYOUT */
};
#define N_PARAMS ((int)(sizeof param_table / sizeof param_table[0]))

static double *param_slot(ai_params *p, int param)
{
	switch (param) {
	case CITY_AI_ITERATIONS:
		return &p->iterations;
	case CITY_AI_TIME_MS:
		return &p->time_ms;
	case CITY_AI_THREADS:
		return &p->threads;
	case CITY_AI_EXPLORATION:
		return &p->exploration;
	case CITY_AI_TREES:
		return &p->trees;
	case CITY_AI_MARGIN:
		return &p->margin;
	case CITY_AI_POTENTIAL:
		return &p->potential;
	case CITY_AI_PLAYOUT:
		return &p->playout;
	default:
		return NULL;
	}
}

int city_ai_new(city_ai **out, int kind, uint64_t seed)
{
	city_ai *ai;
	int k;
	if (!out || kind < CITY_AI_RANDOM || kind > CITY_AI_MCTS)
		return CITY_EINVAL;
	ai = calloc(1, sizeof *ai);
	if (!ai)
		return CITY_ENOMEM;
	ai->kind = kind;
	ai->rng = seed;
	atomic_init(&ai->cancel, 0);
	for (k = 1; k < N_PARAMS; k++)
		*param_slot(&ai->p, k) = param_table[k].def;
	*out = ai;
	return CITY_OK;
}

/* The levels (docs/ai.md gives their measured strength and why these
 * values). */
typedef struct level_info {
	const char *name;
	double iterations, trees, threads, exploration, playout, potential;
} level_info;

/* Threads do not change a move, only how soon it comes. */
static const level_info levels[] = {
	{"easy", 200.0, 1.0, 1.0, 0.7, 8.0, 0.5},
	{"medium", 2000.0, 2.0, 1.0, 0.7, 8.0, 0.5},
	{"hard", 20000.0, 2.0, 2.0, 0.35, 8.0, 0.5},
};

int city_ai_new_level(city_ai **out, const char *level, uint64_t seed)
{
	size_t i;
	if (!out || !level)
		return CITY_EINVAL;
	for (i = 0; i < sizeof levels / sizeof levels[0]; i++)
		if (strcmp(level, levels[i].name) == 0) {
			const level_info *li = &levels[i];
			int rc = city_ai_new(out, CITY_AI_MCTS, seed);
			if (rc != CITY_OK)
				return rc;
			(*out)->p.iterations = li->iterations;
			(*out)->p.trees = li->trees;
			(*out)->p.threads = li->threads;
			(*out)->p.exploration = li->exploration;
			(*out)->p.playout = li->playout;
			(*out)->p.potential = li->potential;
			return CITY_OK;
		}
	return CITY_EINVAL;
}

void city_ai_free(city_ai *ai)
{
	if (!ai)
		return;
	ai_mcts_release(ai);
	free(ai->moves);
	free(ai->evals);
	free(ai);
}

int city_ai_set_param(city_ai *ai, int param, double value)
{
	double *slot;
	const param_info *pi;
	if (!ai || param < 1 || param >= N_PARAMS)
		return CITY_EINVAL;
	pi = &param_table[param];
	/* (value != value) is NaN; the range test refuses infinities. */
	if (value != value || value < pi->lo || value > pi->hi)
		return CITY_EINVAL;
	if (pi->integer && floor(value) != value)
		return CITY_EINVAL;
	/* A search needs a budget: iterations or time, not neither. */
	if ((param == CITY_AI_ITERATIONS && value == 0 &&
	     ai->p.time_ms == 0) ||
	    (param == CITY_AI_TIME_MS && value == 0 && ai->p.iterations == 0))
		return CITY_EINVAL;
	slot = param_slot(&ai->p, param);
	*slot = value;
	return CITY_OK;
}

int city_ai_get_param(const city_ai *ai, int param, double *value)
{
	ai_params tmp;
	if (!ai || !value || param < 1 || param >= N_PARAMS)
		return CITY_EINVAL;
	tmp = ai->p;
	*value = *param_slot(&tmp, param);
	return CITY_OK;
}

int city_ai_kind(const city_ai *ai)
{
	return ai ? ai->kind : CITY_EINVAL;
}

/* ------------------------------------------------------------------------
 * Greedy: one ply, evaluated after the automatic steps of the move
 * (scoring, the next draw on a reshuffled copy).
 */

int ai_values(const city_game *g, double per_tile, double *v)
{
	int players = city_game_players(g), q;
	if (players < 1 || players > AI_MAX_PLAYERS)
		return 0;
	/* the potentials (docs/ai.md) from the state: ai_potential.c */
	ai_potential_of(g, players, per_tile, v);
	for (q = 0; q < players; q++)
		v[q] += city_game_score(g, q);
	return players;
}

double ai_value_margin(const double *v, int players, int me)
{
	double best = 0;
	int q, first = 1;
	for (q = 0; q < players; q++)
		if (q != me && (first || v[q] > best)) {
			best = v[q];
			first = 0;
		}
	return v[me] - best;
}

/* Own score and potential minus the best opponent's. */
double ai_evaluate(const city_game *g, int me, double per_tile)
{
	double v[AI_MAX_PLAYERS];
	int players = ai_values(g, per_tile, v);
	return players ? ai_value_margin(v, players, me) : 0;
}

/* Evaluate every move into ai->evals on the copies `base` (the game,
 * reshuffled) and `scratch`; *best gets the chosen index (ties broken
 * uniformly by the AI's generator). */
static void greedy_eval(city_ai *ai, city_game *base, city_game *scratch,
                        int me, size_t count, size_t *best)
{
	size_t i, ties = 0;
	double best_v = 0;
	/* One determinisation for all candidates: greedy does not read the
	 * real order either (a move that ends a turn draws on this copy). */
	city_game_reshuffle(base, ai_rng_next(&ai->rng));
	*best = 0;
	for (i = 0; i < count; i++) {
		double v;
		if (city_game_copy(scratch, base) != CITY_OK ||
		    city_apply_move(scratch, &ai->moves[i]) != CITY_OK) {
			ai->evals[i] = -1e300;
			continue;
		}
		v = ai_evaluate(scratch, me, ai->p.potential);
		ai->evals[i] = v;
		if (ties == 0 || v > best_v) {
			best_v = v;
			*best = i;
			ties = 1;
		} else if (v == best_v &&
		           ai_rng_next(&ai->rng) % (uint64_t)++ties == 0) {
			*best = i;
		}
	}
}

static int greedy_pick(city_ai *ai, const city_game *game, size_t count,
                       size_t *best)
{
	city_game *base = NULL, *scratch = NULL;
	int rc = CITY_OK;
	if (ai->evals_cap < count) {
		double *ne = realloc(ai->evals, count * sizeof *ne);
		if (!ne)
			return CITY_ENOMEM;
		ai->evals = ne;
		ai->evals_cap = count;
	}
	/* The copies come from the game's allocator (city_game_clone()) and
	 * so live only during this call: the caller may free that allocator's
	 * memory once it has freed the game (docs/embedding.md). */
	if (city_game_clone(&base, game) != CITY_OK ||
	    city_game_clone(&scratch, game) != CITY_OK)
		rc = CITY_ENOMEM;
	else
		greedy_eval(ai, base, scratch, city_game_player(game), count,
		            best);
	city_game_free(scratch);
	city_game_free(base);
	return rc;
}

/* ------------------------------------------------------------------------
 * Choosing and analysing
 */

static void stat_set(city_ai_stat *s, const city_move *m, int player,
                     uint32_t visits, double mean)
{
	memset(s, 0, sizeof *s);
	s->move = *m;
	s->player = player;
	s->design = -1;
	s->visits = visits;
	s->mean = mean;
}

/* Order of an analysis: the chosen move first, then by visits, then by
 * mean, then by listing order. */
static int stat_before(const city_ai_stat *a, size_t ia, const city_ai_stat *b,
                       size_t ib)
{
	if (a->visits != b->visits)
		return a->visits > b->visits;
	if (a->mean != b->mean)
		return a->mean > b->mean;
	return ia < ib;
}

/* Write the best `capacity` entries of stats (chosen first) into out. */
static void write_sorted(const city_ai_stat *stats, size_t count,
                         size_t chosen, city_ai_stat *out, size_t capacity)
{
	size_t k, filled = 0;
	if (!out || capacity == 0)
		return;
	out[filled++] = stats[chosen];
	/* Selection of the next best, O(capacity * count): analyses are
	 * for people and tools, not for the hot path. */
	{
		unsigned char *used = calloc(count, 1);
		if (!used)
			return;
		used[chosen] = 1;
		while (filled < capacity && filled < count) {
			size_t best = count;
			for (k = 0; k < count; k++)
				if (!used[k] &&
				    (best == count ||
				     stat_before(&stats[k], k, &stats[best], best)))
					best = k;
			used[best] = 1;
			out[filled++] = stats[best];
		}
		free(used);
	}
}

/* The common body of choose and analyse: the stats of every legal move (in
 * listing order) and the chosen index. */
static int decide_body(city_ai *ai, const city_game *game,
                       city_ai_stat **stats_out, size_t *count_out,
                       size_t *chosen)
{
	size_t count = 0, i;
	int rc, player, d;
	city_ai_stat *stats;
	d = city_game_decision(game);
	if (d < 0)
		return d;
	if (d == CITY_DECISION_END)
		return CITY_EENDED;
	rc = ai_list(game, &ai->moves, &ai->moves_cap, &count);
	if (rc != CITY_OK)
		return rc;
	if (count == 0)
		return CITY_EENDED;
	player = city_game_player(game);
	stats = calloc(count, sizeof *stats);
	if (!stats)
		return CITY_ENOMEM;
	for (i = 0; i < count; i++)
		stat_set(&stats[i], &ai->moves[i], player, 0, 0);
	switch (ai->kind) {
	case CITY_AI_RANDOM:
		*chosen = (size_t)(ai_rng_next(&ai->rng) % (uint64_t)count);
		stats[*chosen].visits = 1;
		break;
	case CITY_AI_GREEDY:
		rc = greedy_pick(ai, game, count, chosen);
		for (i = 0; rc == CITY_OK && i < count; i++) {
			stats[i].visits = 1;
			stats[i].mean = ai->evals[i];
		}
		break;
	default:
		rc = ai_mcts_search(ai, game, ai->moves, count, stats);
		if (rc == CITY_OK) {
			*chosen = 0;
			for (i = 1; i < count; i++)
				if (stat_before(&stats[i], i, &stats[*chosen],
				                *chosen))
					*chosen = i;
		}
		break;
	}
	if (rc != CITY_OK) {
		free(stats);
		return rc;
	}
	*stats_out = stats;
	*count_out = count;
	return CITY_OK;
}

static int decide(city_ai *ai, const city_game *game, city_ai_stat **stats_out,
                  size_t *count_out, size_t *chosen)
{
	int rc;
	if (!ai || !game)
		return CITY_EINVAL;
	rc = decide_body(ai, game, stats_out, count_out, chosen);
	/* A cancel request is for the search that runs when it comes (or the
	 * next one): it ends with the call. */
	atomic_store(&ai->cancel, 0);
	return rc;
}

int city_ai_cancel(city_ai *ai)
{
	if (!ai)
		return CITY_EINVAL;
	atomic_store(&ai->cancel, 1);
	return CITY_OK;
}

int city_ai_choose(city_ai *ai, const city_game *game, city_move *out)
{
	city_ai_stat *stats = NULL;
	size_t count = 0, chosen = 0;
	int rc;
	if (!out)
		return CITY_EINVAL;
	rc = decide(ai, game, &stats, &count, &chosen);
	if (rc != CITY_OK)
		return rc;
	*out = stats[chosen].move;
	free(stats);
	return CITY_OK;
}

int city_ai_analyse(city_ai *ai, const city_game *game, city_ai_stat *moves,
                    size_t capacity, size_t *count, city_ai_stat *line,
                    size_t line_capacity, size_t *line_count)
{
	city_ai_stat *stats = NULL;
	size_t n = 0, chosen = 0, nl = 0;
	int rc;
	if ((!moves && capacity) || (!line && line_capacity))
		return CITY_EINVAL;
	rc = decide(ai, game, &stats, &n, &chosen);
	if (rc != CITY_OK)
		return rc;
	write_sorted(stats, n, chosen, moves, capacity);
	if (line && line_capacity) {
		if (ai->kind == CITY_AI_MCTS) {
			nl = ai_mcts_line(ai, stats, chosen, line,
			                  line_capacity);
		} else {
			line[0] = stats[chosen];
			nl = 1;
		}
	}
	free(stats);
	if (count)
		*count = n;
	if (line_count)
		*line_count = nl;
	return moves && capacity < n ? CITY_ERANGE : CITY_OK;
}
