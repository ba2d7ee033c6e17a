/*
 * Information-set Monte Carlo tree search (docs/ai.md).
 *
 * Each iteration copies the game and reshuffles the copy's undrawn tiles
 * with the tree's own generator (city_game_reshuffle(): a determinisation;
 * the real order is never read), then:
 *   1. selection: from the root, UCB1 among the children of each decision
 *      node, for the player who decides there (every player's decisions,
 *      each level one decision as the engine asks it: a tile, then the
 *      follower, wall, guard or tower decisions); a move after which a
 *      tile is drawn leads to a chance node whose children are the designs
 *      seen drawn there in the determinisations (sampled, not chosen);
 *   2. expansion: one new child, the decision node's next legal move in
 *      listing order;
 *   3. playout: uniformly random legal moves to the end of the game, then
 *      city_score_final();
 *   4. backpropagation: every node on the path adds the result of the
 *      player who chose the move into it.
 * Root parallelism: CITY_AI_TREES independent trees, each with its own
 * seed and a fixed share of the iterations; threads run whole trees, and
 * the root statistics are summed in tree order, so the answer does not
 * depend on the number of threads. Trees live in arenas owned by the AI
 * object: an iteration allocates nothing.
 *
 * Stopping (docs/ai.md, "Time budget and cancelling"): with a time budget
 * or after city_ai_cancel(), every thread tests before each move of an
 * iteration, whether in the tree or in the playout (the cancel flag every
 * move, the clock every CLOCK_EVERY moves), so a search ends within a few
 * moves per thread after its deadline; the iteration under way is
 * dropped. Without a time budget nothing reads the clock.
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai_internal.h"
#include "ai_pick.h"

#if defined(__clang__)
/* The same arithmetic on every platform: no fused multiply-add (gcc does
 * not contract in ISO C mode). */
#pragma STDC FP_CONTRACT OFF
#endif

/* ------------------------------------------------------------------------
 * Deterministic arithmetic: IEEE + - * / and sqrt are exactly rounded on
 * every platform; the C library's log is not, so UCB1 uses its own.
 */

/* ln(x) for x >= 1: x = m * 2^e (frexp is exact), ln m by the atanh series
 * with a fixed number of terms (error below 1e-12). */
static double ai_ln(double x)
{
	int e = 0, k;
	double m = frexp(x, &e), s, s2, term, sum = 0;
	s = (m - 1.0) / (m + 1.0);
	s2 = s * s;
	term = s;
	for (k = 0; k < 14; k++) {
		sum += term / (double)(2 * k + 1);
		term *= s2;
	}
	return (double)e * 0.69314718055994530942 + 2.0 * sum;
}

/* ------------------------------------------------------------------------
 * The clock: only a time budget reads it.
 */

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* ------------------------------------------------------------------------
 * Trees
 */

typedef struct search_ctx {
	const city_game *root;
	double c;      /* exploration */
	double margin; /* weight of the score margin in a result */
	double potential; /* the evaluation's points per open tile */
	int playout;   /* -1: to the end; k: k moves, then the evaluation */
	int players;
	uint64_t deadline; /* 0: none */
	unsigned n_trees, n_threads;
	city_ai *ai;
} search_ctx;

/* iterate()'s answers besides the statuses: the playout was cut by its
 * limit (evaluate the position), the search must stop (drop the
 * iteration). */
#define PLAYOUT_CUT 1
#define AI_STOPPED 2

/* Moves between two clock reads: a read costs about a tenth of a move of
 * a short playout, a few moves are microseconds. */
#define CLOCK_EVERY 8u

/* The deadline has passed or a cancel came: one relaxed load each move,
 * and under a time budget a clock read every CLOCK_EVERY moves. */
static int must_stop(ai_tree *t, const search_ctx *cx)
{
	if (atomic_load_explicit(&cx->ai->cancel, memory_order_relaxed))
		return 1;
	if (!cx->deadline || ++t->polls % CLOCK_EVERY != 0)
		return 0;
	return now_ns() >= cx->deadline;
}

static void node_init(ai_node *n, uint16_t key, int mover, int kind)
{
	memset(n, 0, sizeof *n);
	n->key = key;
	n->mover = (uint8_t)mover;
	n->kind = (uint8_t)kind;
	n->n_moves = -1;
}

/* A new child of `parent`, or 0 when the arena is full. */
static uint32_t node_add(ai_tree *t, uint32_t parent, uint16_t key,
                         int mover, int kind, const city_move *m)
{
	uint32_t i;
	if (t->n_nodes >= t->cap)
		return 0;
	i = t->n_nodes++;
	node_init(&t->nodes[i], key, mover, kind);
	if (m)
		t->move[i] = *m;
	else
		memset(&t->move[i], 0, sizeof t->move[i]);
	t->nodes[i].sibling = t->nodes[parent].child;
	t->nodes[parent].child = i;
	return i;
}

/* What a move leads to: a chance node when a tile is drawn next (every
 * tile decision follows a draw) or the game may have ended by it. */
static int kind_after_move(const city_game *g)
{
	int d = city_game_decision(g);
	return d == CITY_DECISION_TILE || d == CITY_DECISION_END ? NODE_CHANCE
	                                                          : NODE_DECISION;
}

static uint16_t outcome_key(const city_game *g)
{
	int design = 0;
	if (city_game_decision(g) == CITY_DECISION_END ||
	    city_game_current_tile(g, &design, NULL) != CITY_OK || design < 0)
		return (uint16_t)OUTCOME_END;
	return (uint16_t)design;
}

static uint32_t find_child(const ai_tree *t, uint32_t parent, uint16_t key)
{
	uint32_t c;
	for (c = t->nodes[parent].child; c; c = t->nodes[c].sibling)
		if (t->nodes[c].key == key)
			return c;
	return 0;
}

/* UCB1 among the children of a decision node. */
static uint32_t ucb_select(const ai_tree *t, uint32_t parent, double c)
{
	const ai_node *p = &t->nodes[parent];
	double k = c * sqrt(ai_ln((double)(p->visits > 0 ? p->visits : 1))),
	       best_v = 0;
	uint32_t ch, best = 0;
	for (ch = p->child; ch; ch = t->nodes[ch].sibling) {
		const ai_node *n = &t->nodes[ch];
		double v;
		if (n->visits == 0)
			return ch;
		v = n->total / (double)n->visits +
		    k * sqrt(1.0 / (double)n->visits);
		/* ties: the lower move index, whatever the list order */
		if (best == 0 || v > best_v ||
		    (v == best_v && n->key < t->nodes[best].key)) {
			best_v = v;
			best = ch;
		}
	}
	return best;
}

/* The legal moves of g's decision: CITY_OK and their number, held as
 * cells in t->pick when it is a tile placement (*picked: ai_pick.h,
 * nothing written per move), else listed in t->moves. */
static int moves_of(ai_tree *t, const city_game *g, size_t *count,
                    int *picked)
{
	*picked = ai_pick_count(g, t->pick, count);
	return *picked ? CITY_OK : ai_list(g, &t->moves, &t->moves_cap, count);
}

/* Move k of them (written into *buf when picked). */
static const city_move *move_at(const ai_tree *t, const city_game *g,
                                int picked, size_t k, city_move *buf)
{
	if (!picked)
		return &t->moves[k];
	ai_pick_move(g, t->pick, k, buf);
	return buf;
}

/* The playout: uniformly random legal moves to the end and final
 * scoring, or `limit` (>= 0) moves: CITY_OK, PLAYOUT_CUT when the limit
 * stopped it, AI_STOPPED when the search must stop. */
static int playout(ai_tree *t, city_game *g, int limit, const search_ctx *cx)
{
	for (;;) {
		size_t count = 0;
		city_move buf;
		int rc, picked, d = city_game_decision(g);
		if (d == CITY_DECISION_END)
			break;
		if (d < 0)
			return d;
		if (limit >= 0 && limit-- == 0)
			return PLAYOUT_CUT;
		if (must_stop(t, cx))
			return AI_STOPPED;
		rc = moves_of(t, g, &count, &picked);
		if (rc != CITY_OK)
			return rc;
		if (count == 0)
			break;
		rc = city_apply_move(
		        g, move_at(t, g, picked,
		                   (size_t)(ai_rng_next(&t->rng) %
		                            (uint64_t)count),
		                   &buf));
		if (rc != CITY_OK)
			return rc;
	}
	return city_score_final(g);
}

/* The result of an ended game for each player (docs/ai.md): win 1, a tie
 * for first place shared equally, loss 0; mixed with the margin over the
 * best other player, squashed to 0..1, by the weight `margin`. */
static void results(const city_game *g, int players, double margin,
                    double *r)
{
	int s[AI_MAX_PLAYERS], p, q, winners = 0;
	unsigned mask = 0;
	if (city_game_winners(g, &mask) != CITY_OK)
		mask = 0;
	for (p = 0; p < players; p++) {
		s[p] = city_game_score(g, p);
		winners += (int)(mask >> p & 1u);
	}
	for (p = 0; p < players; p++) {
		double wtl = (mask >> p & 1u) ? 1.0 / (double)winners : 0.0;
		if (margin > 0) {
			int best = -1;
			double x;
			for (q = 0; q < players; q++)
				if (q != p && (best < 0 || s[q] > best))
					best = s[q];
			x = (double)(s[p] - best) / 20.0;
			x = 0.5 + 0.5 * x / (1.0 + (x < 0 ? -x : x));
			r[p] = (1.0 - margin) * wtl + margin * x;
		} else {
			r[p] = wtl;
		}
	}
}

/* The result of a position cut off by the playout limit: greedy's
 * evaluation for each player, squashed to 0..1 as the margin is. */
static void evaluations(const city_game *g, int players, double potential,
                        double *r)
{
	double v[AI_MAX_PLAYERS];
	int p;
	/* every player's value once (the potentials are the costly part),
	 * then each player's margin as ai_evaluate has it */
	if (ai_values(g, potential, v) != players) {
		for (p = 0; p < players; p++)
			r[p] = 0.5;
		return;
	}
	for (p = 0; p < players; p++) {
		double x = ai_value_margin(v, players, p) / 20.0;
		r[p] = 0.5 + 0.5 * x / (1.0 + (x < 0 ? -x : x));
	}
}

/* Selection and expansion on a fresh determinisation: t->path[0..*depth)
 * gets the nodes descended, t->scratch the position reached. CITY_OK,
 * AI_STOPPED or a status. */
static int descend(ai_tree *t, const search_ctx *cx, uint32_t *depth_out)
{
	city_game *g = t->scratch;
	uint32_t node = 0, depth = 0;
	int rc = city_game_copy(g, cx->root);
	if (rc == CITY_OK)
		rc = city_game_reshuffle(g, ai_rng_next(&t->rng));
	if (rc != CITY_OK)
		return rc;
	t->path[depth++] = 0;
	while (depth < AI_PATH_MAX) {
		ai_node *nd = &t->nodes[node];
		size_t count = 0;
		city_move buf;
		uint32_t ch;
		int mover, picked;
		if (nd->kind == NODE_TERMINAL)
			break;
		if (must_stop(t, cx))
			return AI_STOPPED;
		if (nd->kind == NODE_CHANCE) {
			uint16_t key = outcome_key(g);
			ch = find_child(t, node, key);
			if (!ch) {
				ch = node_add(t, node, key, nd->mover,
				              key == OUTCOME_END ? NODE_TERMINAL
				                                 : NODE_DECISION,
				              NULL);
				if (ch)
					t->path[depth++] = ch;
				break;
			}
			t->path[depth++] = ch;
			node = ch;
			continue;
		}
		rc = moves_of(t, g, &count, &picked);
		if (rc != CITY_OK)
			return rc;
		if (count == 0)
			break;
		if (nd->n_moves < 0)
			nd->n_moves = (int32_t)count;
		else if ((size_t)nd->n_moves != count)
			break; /* a hidden difference: play out from here */
		mover = city_game_player(g);
		if (nd->expanded < count && nd->expanded < 0xFFFFu &&
		    t->n_nodes < t->cap) {
			uint32_t i = nd->expanded;
			const city_move *m = move_at(t, g, picked, i, &buf);
			rc = city_apply_move(g, m);
			if (rc != CITY_OK)
				return rc;
			ch = node_add(t, node, (uint16_t)i, mover,
			              kind_after_move(g), m);
			nd->expanded++;
			t->path[depth++] = ch;
			break;
		}
		if (nd->expanded == 0)
			break; /* arena full: play out from here */
		ch = ucb_select(t, node, cx->c);
		rc = city_apply_move(g, move_at(t, g, picked,
		                                t->nodes[ch].key, &buf));
		if (rc != CITY_OK)
			return rc;
		t->path[depth++] = ch;
		node = ch;
	}
	*depth_out = depth;
	return CITY_OK;
}

/* One iteration of the tree `t`: CITY_OK, AI_STOPPED (nothing counted)
 * or a status. */
static int iterate(ai_tree *t, const search_ctx *cx)
{
	city_game *g = t->scratch;
	uint32_t depth = 0, k;
	double r[AI_MAX_PLAYERS];
	int rc = descend(t, cx, &depth);
	if (rc != CITY_OK)
		return rc;
	rc = playout(t, g, cx->playout, cx);
	if (rc == PLAYOUT_CUT)
		evaluations(g, cx->players, cx->potential, r);
	else if (rc == CITY_OK)
		results(g, cx->players, cx->margin, r);
	else
		return rc;
	t->nodes[0].visits++;
	for (k = 1; k < depth; k++) {
		ai_node *n = &t->nodes[t->path[k]];
		n->visits++;
		n->total += r[n->mover];
	}
	t->done++;
	return CITY_OK;
}

/* ------------------------------------------------------------------------
 * Running the trees: thread w runs trees w, w + T, w + 2T, ... in turns of
 * a small batch each, until each has its iterations (or the search must
 * stop: iterate() tests before each move).
 */

#define BATCH 16u

typedef struct worker_arg {
	const search_ctx *cx;
	unsigned first;
} worker_arg;

static void run_trees(const search_ctx *cx, unsigned first)
{
	int active = 1;
	while (active) {
		unsigned k;
		active = 0;
		for (k = first; k < cx->n_trees; k += cx->n_threads) {
			ai_tree *t = &cx->ai->trees[k];
			unsigned b;
			for (b = 0; b < BATCH && t->error == CITY_OK; b++) {
				int rc;
				if (t->done >= t->target)
					break;
				rc = iterate(t, cx);
				if (rc == AI_STOPPED)
					return;
				t->error = rc;
			}
			if (t->error == CITY_OK && t->done < t->target)
				active = 1;
		}
	}
}

static void *worker_main(void *arg)
{
	const worker_arg *w = arg;
	run_trees(w->cx, w->first);
	return NULL;
}

/* Make tree k ready: arena of `cap` nodes, scratch game, moves buffer. */
static int tree_prepare(ai_tree *t, const city_game *root, uint32_t cap)
{
	if (t->cap < cap) {
		ai_node *nn = realloc(t->nodes, cap * sizeof *nn);
		city_move *nm;
		if (!nn)
			return CITY_ENOMEM;
		t->nodes = nn;
		nm = realloc(t->move, cap * sizeof *nm);
		if (!nm)
			return CITY_ENOMEM;
		t->move = nm;
		t->cap = cap;
	}
	if (!t->scratch && city_game_clone(&t->scratch, root) != CITY_OK)
		return CITY_ENOMEM;
	if (!t->pick && !(t->pick = ai_pick_new()))
		return CITY_ENOMEM;
	/* Room for the widest decisions of the built-in sets; a wider one
	 * grows the buffer once (ai_list). */
	if (t->moves_cap < 1024) {
		city_move *nb = realloc(t->moves, 1024 * sizeof *nb);
		if (!nb)
			return CITY_ENOMEM;
		t->moves = nb;
		t->moves_cap = 1024;
	}
	t->n_nodes = 1;
	node_init(&t->nodes[0], 0, 0, NODE_DECISION);
	t->done = 0;
	t->error = CITY_OK;
	return CITY_OK;
}

/* The search's shared context from the AI's parameters: the trees, and
 * the threads (1 to the number of trees). */
static int search_setup(search_ctx *cx, city_ai *ai, const city_game *game)
{
	unsigned n_trees = (unsigned)ai->p.trees;
	memset(cx, 0, sizeof *cx);
	cx->root = game;
	cx->c = ai->p.exploration;
	cx->margin = ai->p.margin;
	cx->potential = ai->p.potential;
	cx->playout = (int)ai->p.playout;
	cx->players = city_game_players(game);
	cx->ai = ai;
	if (cx->players < 1 || cx->players > AI_MAX_PLAYERS)
		return CITY_EINVAL;
	if (n_trees < 1)
		n_trees = 1;
	cx->n_trees = n_trees;
	cx->n_threads = (unsigned)ai->p.threads;
	if (cx->n_threads > n_trees)
		cx->n_threads = n_trees;
	if (cx->n_threads < 1)
		cx->n_threads = 1;
	return CITY_OK;
}

/* Each tree's arena: two nodes at most per iteration (a move node and a
 * drawn tile's node), or what the time budget can fill. */
static uint32_t arena_cap(const city_ai *ai, uint32_t iters, unsigned n_trees)
{
	if (iters) {
		uint64_t per = (uint64_t)iters / n_trees + 1;
		return (uint32_t)(2 * per + 2 < AI_NODE_LIMIT ? 2 * per + 2
		                                               : AI_NODE_LIMIT);
	} else {
		uint64_t want = (uint64_t)ai->p.time_ms * AI_NODES_PER_MS + 2;
		return (uint32_t)(want < AI_NODE_LIMIT ? want : AI_NODE_LIMIT);
	}
}

/* Every tree reset to the root, with its seed and its iteration target. */
static int trees_prepare(city_ai *ai, const city_game *game,
                         unsigned n_trees, uint32_t cap, uint32_t iters,
                         uint64_t base)
{
	unsigned k;
	for (k = 0; k < n_trees; k++) {
		ai_tree *t = &ai->trees[k];
		int rc = tree_prepare(t, game, cap);
		if (k >= ai->n_trees_alloc)
			ai->n_trees_alloc = k + 1;
		if (rc != CITY_OK)
			return rc;
		/* Each tree its own seed, from the call's base value. */
		t->rng = base ^ (0xD1B54A32D192ED03u * (uint64_t)(k + 1));
		/* A time budget alone: no iteration limit (the deadline
		 * stops it). With fewer iterations than trees, some trees
		 * get none. */
		t->target = iters ? iters / n_trees + (k < iters % n_trees)
		                  : UINT32_MAX;
	}
	return CITY_OK;
}

/* Run the trees on cx->n_threads threads (this one included) and wait for
 * them all. */
static void run_threads(search_ctx *cx)
{
	pthread_t tid[AI_MAX_THREADS];
	worker_arg wa[AI_MAX_THREADS];
	unsigned started = 0, k;
	for (k = 1; k < cx->n_threads; k++) {
		wa[k].cx = cx;
		wa[k].first = k;
		if (pthread_create(&tid[k], NULL, worker_main, &wa[k]) != 0)
			break;
		started++;
	}
	/* Trees of threads that could not start run here. */
	if (started + 1 < cx->n_threads) {
		unsigned n_run = started + 1;
		/* Re-plan: this thread takes the remaining slots in turn. */
		for (k = n_run; k < cx->n_threads; k++)
			run_trees(cx, k);
	}
	run_trees(cx, 0);
	for (k = 1; k <= started; k++)
		pthread_join(tid[k], NULL);
}

/* Sum the root statistics in tree order (so that the sums do not depend
 * on the threads), then the means. */
static int sum_stats(const city_ai *ai, unsigned n_trees, size_t count,
                     city_ai_stat *stats)
{
	unsigned k;
	for (k = 0; k < n_trees; k++) {
		const ai_tree *t = &ai->trees[k];
		uint32_t ch;
		if (t->error != CITY_OK)
			return t->error;
		for (ch = t->nodes[0].child; ch; ch = t->nodes[ch].sibling) {
			const ai_node *n = &t->nodes[ch];
			if (n->key < count) {
				stats[n->key].visits += n->visits;
				stats[n->key].mean += n->total;
			}
		}
	}
	for (k = 0; k < count; k++)
		if (stats[k].visits)
			stats[k].mean /= (double)stats[k].visits;
	return CITY_OK;
}

int ai_mcts_search(city_ai *ai, const city_game *game,
                   const city_move *moves, size_t count,
                   city_ai_stat *stats)
{
	search_ctx cx;
	uint64_t base = ai_rng_next(&ai->rng);
	uint32_t iters = (uint32_t)ai->p.iterations;
	int rc;
	(void)moves;
	rc = search_setup(&cx, ai, game);
	if (rc != CITY_OK)
		return rc;
	/* The budget counts from the call: preparing the trees is in it. */
	if (ai->p.time_ms > 0)
		cx.deadline = now_ns() + (uint64_t)ai->p.time_ms * 1000000u;
	rc = trees_prepare(ai, game, cx.n_trees,
	                   arena_cap(ai, iters, cx.n_trees), iters, base);
	if (rc == CITY_OK) {
		run_threads(&cx);
		rc = sum_stats(ai, cx.n_trees, count, stats);
	}
	ai_mcts_drop_copies(ai);
	return rc;
}

/* The most visited child of a node (ties: the first made), or 0. */
static uint32_t most_visited(const ai_tree *t, uint32_t parent)
{
	uint32_t ch, best = 0;
	for (ch = t->nodes[parent].child; ch; ch = t->nodes[ch].sibling)
		if (t->nodes[ch].visits > 0 &&
		    (best == 0 || t->nodes[ch].visits >= t->nodes[best].visits))
			best = ch;
	return best;
}

size_t ai_mcts_line(const city_ai *ai, const city_ai_stat *stats,
                    size_t best, city_ai_stat *line, size_t cap)
{
	unsigned k, n_trees = (unsigned)ai->p.trees, tree = 0;
	uint32_t node = 0, most = 0;
	const ai_tree *t;
	size_t n = 0;
	int32_t design = -1;
	if (cap == 0)
		return 0;
	line[n++] = stats[best];
	/* Follow the tree that visited the best move most. */
	for (k = 0; k < n_trees; k++) {
		uint32_t ch = find_child(&ai->trees[k], 0, (uint16_t)best);
		if (ch && ai->trees[k].nodes[ch].visits > most) {
			most = ai->trees[k].nodes[ch].visits;
			tree = k;
			node = ch;
		}
	}
	if (!node)
		return n;
	t = &ai->trees[tree];
	while (n < cap) {
		const ai_node *nd = &t->nodes[node];
		uint32_t ch;
		if (nd->kind == NODE_TERMINAL)
			break;
		if (nd->kind == NODE_CHANCE) {
			ch = most_visited(t, node);
			if (!ch || t->nodes[ch].key == OUTCOME_END)
				break;
			design = t->nodes[ch].key;
			node = ch;
			continue;
		}
		ch = most_visited(t, node);
		if (!ch || t->nodes[ch].visits < 2)
			break;
		memset(&line[n], 0, sizeof line[n]);
		line[n].move = t->move[ch];
		line[n].player = t->nodes[ch].mover;
		line[n].design = design;
		line[n].visits = t->nodes[ch].visits;
		line[n].mean = t->nodes[ch].total / (double)t->nodes[ch].visits;
		design = -1;
		n++;
		node = ch;
	}
	return n;
}

void ai_mcts_drop_copies(city_ai *ai)
{
	unsigned k;
	for (k = 0; k < ai->n_trees_alloc; k++) {
		city_game_free(ai->trees[k].scratch);
		ai->trees[k].scratch = NULL;
	}
}

void ai_mcts_release(city_ai *ai)
{
	unsigned k;
	ai_mcts_drop_copies(ai);
	for (k = 0; k < ai->n_trees_alloc; k++) {
		ai_tree *t = &ai->trees[k];
		free(t->nodes);
		free(t->move);
		free(t->moves);
		ai_pick_free(t->pick);
		memset(t, 0, sizeof *t);
	}
	ai->n_trees_alloc = 0;
}
