/*
 * Internal interface of the AI module (lib/ai.c: the object, parameters,
 * levels, random and greedy; lib/ai_mcts.c: the tree search). The module
 * uses the public game API only, plus city_game_reshuffle()
 * (lib/game_reshuffle.c), the potentials read from the state
 * (lib/ai_potential.c) and the playout's pick of a tile placement
 * (lib/ai_pick.c): it knows nothing of a game's rules.
 */
#ifndef CITY_LIB_AI_INTERNAL_H
#define CITY_LIB_AI_INTERNAL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "city/city.h"

#define AI_MAX_PLAYERS 8 /* results per player: more than any game has */
#define AI_PATH_MAX 256  /* tree depth limit of one descent */
#define AI_MAX_THREADS 64
#define AI_MAX_TREES 64
/* A tree never grows beyond this many nodes (56 bytes each); searches with
 * larger budgets keep playing out from the leaves. */
#define AI_NODE_LIMIT (1u << 20)
/* Nodes reserved per millisecond of a time budget (per tree). */
#define AI_NODES_PER_MS 200u

/* Node kinds. */
enum {
	NODE_DECISION = 0, /* children: one per legal move (key = its index) */
	NODE_CHANCE = 1,   /* reached by a move after which a tile is drawn:
	                      children: one per drawn design seen (key) */
	NODE_TERMINAL = 2  /* the game has ended */
};
#define OUTCOME_END 0xFFFFu /* outcome key of a draw that ended the game */

/* A tree node (32 bytes); the move into it is kept apart (ai_tree.move). */
typedef struct ai_node {
	uint32_t child;   /* first child, 0 = none (node 0 is the root) */
	uint32_t sibling; /* next child of the same parent, 0 = none */
	uint32_t visits;  /* playouts through this node */
	uint16_t key;     /* move index in the parent's listing, or the drawn
	                     design id / OUTCOME_END below a chance node */
	uint8_t mover;    /* player who chose the move into it */
	uint8_t kind;     /* NODE_* */
	double total;     /* sum of the mover's results */
	int32_t n_moves;  /* decision node: legal moves, -1 before listed */
	uint32_t expanded; /* decision node: children made (moves 0..) */
} ai_node;

/* One search tree with everything its iterations touch: owned by the AI
 * object, reused from call to call, never allocated per iteration. */
typedef struct ai_tree {
	ai_node *nodes;
	city_move *move; /* the move into each node (principal line) */
	uint32_t n_nodes, cap;
	city_move *moves; /* listing buffer */
	size_t moves_cap;
	struct ai_pick *pick; /* the playout's tile placements (ai_pick.h) */
	city_game *scratch; /* the determinised copy played on (made from the
	                       searched game, freed before the search returns) */
	uint64_t rng;
	uint32_t target; /* iterations to run (UINT32_MAX: until the deadline) */
	uint32_t done;
	uint32_t polls; /* stop tests made (the clock is read on some) */
	int error; /* CITY_OK or the first failure */
	uint32_t path[AI_PATH_MAX];
} ai_tree;

typedef struct ai_params {
	double iterations, time_ms, threads, exploration, trees, margin,
	    potential, playout;
} ai_params;

struct city_ai {
	int kind;
	ai_params p;
	uint64_t rng; /* splitmix64 state */
	city_move *moves;          /* greedy / random listing */
	size_t moves_cap;
	double *evals;
	size_t evals_cap;
	ai_tree trees[AI_MAX_TREES];
	unsigned n_trees_alloc; /* trees[0..n) hold memory */
	/* city_ai_cancel(): set from any thread, read by the search's
	 * threads, cleared when a choice or an analysis returns. */
	atomic_int cancel;
};

uint64_t ai_rng_next(uint64_t *st);

/* Greedy's evaluation of a position for `me`: own score and potential
 * minus the best opponent's (points). */
double ai_evaluate(const city_game *g, int me, double per_tile);
/* Its parts, for a caller that wants every player's: v[q] = player q's
 * score plus potential (returns the number of players, 0 when out of
 * range), and player me's value minus the best other player's. */
int ai_values(const city_game *g, double per_tile, double *v);
double ai_value_margin(const double *v, int players, int me);

/* List the legal moves into *buf (grown as needed, rarely): CITY_OK and
 * *count, or a status. */
int ai_list(const city_game *g, city_move **buf, size_t *cap,
            size_t *count);

/* Run the tree search on `game` (not ended); on success the trees hold
 * their statistics and stats[0..count-1] the merged root moves in listing
 * order (visits, mean). */
int ai_mcts_search(city_ai *ai, const city_game *game,
                   const city_move *moves, size_t count,
                   city_ai_stat *stats);
/* The principal line after ai_mcts_search(), from root move `best`. */
size_t ai_mcts_line(const city_ai *ai, const city_ai_stat *stats,
                    size_t best, city_ai_stat *line, size_t cap);
void ai_mcts_release(city_ai *ai);
/* Free the games the trees played on: they come from the searched game's
 * allocator, which may be gone by the next call. */
void ai_mcts_drop_copies(city_ai *ai);

#endif /* CITY_LIB_AI_INTERNAL_H */
