/*
 * The seam between the shared engine and a game's rules. The façade
 * (game.c, query.c) owns the handle, the set-up, undo and the checks every
 * call shares; everything a game decides goes through one table of
 * functions, chosen once when the game is made (games.c). The City's table
 * is tc_rules (tc_rules.c); a new game adds its own table and one line in
 * games.c (see lib/README.md, "A new game").
 *
 * A game's rules write state.turn, their own member of the state's union
 * (and arrays: the base game's st_rsig, st_height) and, through the shared
 * modules' functions, the board, features, players and log; they read the
 * set-up.
 *
 * The games: The City (tc_rules.c: tc_rules) and the base game of
 * Carcassonne with its expansions (cc_rules.c: cc_rules). This table is
 * behaviour only; a game's data (name, players, decisions, categories,
 * what its tile sets hold, its layout) is its row of facts (facts.h,
 * facts_of(game)), which the façade, the options, the records and the
 * layout read instead of asking which game is played.
 */
#ifndef CITY_LIB_RULES_H
#define CITY_LIB_RULES_H

#include <stddef.h>

#include "city/city.h"
#include "options_internal.h"
#include "state.h"


struct list_cells; /* listing.h */

#define RULES_ERR_CAP 128 /* the longest reason is about 110 bytes */

/* What a game's rules see of a game: its tile set, its state, and where to
 * write why a call failed (RULES_ERR_CAP bytes). */
typedef struct rules_ctx {
	const city_tileset *ts;
	state *s;
	char *err;
} rules_ctx;

/* A move with full-width arguments: what a public move call or a city_move
 * asks (kind CITY_MOVE_*; arg is the rotation, side or end as the kind has
 * it, so that out-of-range values are reported as given). */
typedef struct rules_move {
	int kind;
	int32_t x, y;
	int arg;
	char part;
} rules_move;

/* A piece of a player's on the board that stands on no feature (The City:
 * a guard on a wall piece), for city_game_follower. */
typedef struct rules_piece {
	int player, role;
	int32_t x, y;
	char part;
} rules_piece;

/* How a game deals its tiles (game.c): per design, how many instances are
 * set aside (not drawn: a start tile placed before the first turn, a tile
 * removed) and the segment the others are drawn in. Segments follow one
 * another in the draw order; R-RNG shuffles each on its own, in segment
 * order, with one generator seeded once; an explicit order must list
 * them in that order. One segment: The City cuts it into R-SET-4's
 * stacks; else segment k ends stack k + 1 (st_setup.stack_end). */
typedef struct deal_plan {
	uint8_t aside[TS_MAX_DESIGNS];
	uint8_t seg[TS_MAX_DESIGNS];
	uint8_t n_segs;       /* 1..3 */
	char rule[8];         /* the rule an explicit order's count breaks
	                         ("R-SET-4", "C-SET-4") */
	const char *not_drawn; /* what is set aside, for that message, or
	                          NULL */
	/* the rule an explicit order breaks by mixing segments, and what
	 * each segment holds (for its message) */
	const char *seg_rule;
	const char *seg_name[3];
} deal_plan;

typedef struct game_rules {
	int game; /* CITY_GAME_*: its data, facts_of(game) (facts.h) */
	/* The game's part of a fresh state (after the shared set-up has laid
	 * it out, zeroed it and filled the draw order, players and rules):
	 * supplies, its own pieces, and the first decision. */
	void (*start)(const rules_ctx *c);
	/* The game's deal (NULL: every tile drawn, one segment): fills plan,
	 * which comes zeroed, for the options o. */
	void (*deal)(const city_options *o, deal_plan *plan);
	/* Apply the move of kind `kind` with the arguments of a rules_move
	 * (each in a register: the façade builds no move in memory). The
	 * façade has checked the handle and, for a city_move, its reserved
	 * fields; the game may have ended. Returns CITY_OK or a status with
	 * the reason in c->err, the state unchanged (a refused call is
	 * byte-identical to no call). */
	int (*apply)(const rules_ctx *c, int kind, int32_t x, int32_t y,
	             int arg, char part);
	/* The legal moves of the current decision, in the documented order:
	 * writes at most cap into out (may write scratch past the count
	 * within cap; out NULL: count only) and returns how many there are. */
	size_t (*list)(const city_tileset *ts, const state *s, city_move *out,
	               size_t cap);
	/* A tile decision's moves as cells and rotation sets (listing.h,
	 * list_cells), without writing them: their number, the order and the
	 * tests of `list`; LIST_NO_CELLS in any other decision. */
	size_t (*list_cells)(const city_tileset *ts, const state *s,
	                     struct list_cells *lc);
	/* Final scoring, once the game has ended (the façade checked it and
	 * that it was not done yet). */
	void (*score_final)(const city_tileset *ts, state *s);
	/* The explicit placement check (the slow twin of the listing): 0
	 * when a tile of `design` may go at (x, y) turned rot, else 1 and the
	 * reason in msg (may be NULL). */
	int (*check_placement)(const city_tileset *ts, const state *s, int x,
	                       int y, int design, int rot, char *msg,
	                       size_t cap);
	/* Whether part `part` of placed tile t is on a complete feature (a
	 * field never is in the base game; a monastery is when surrounded). */
	int (*part_complete)(const city_tileset *ts, const state *s, int t,
	                     int part);
	/* Pieces standing off features (see rules_piece): how many, and the
	 * k-th. NULL when the game has none. */
	int (*pieces)(const state *s);
	void (*piece)(const state *s, int k, rules_piece *out);
	/* Debug consistency of the game's own part of the state (state_check):
	 * NULL or a reason written into msg, returns 1 when inconsistent. */
	int (*check_state)(const city_tileset *ts, const state *s, char *msg,
	                   size_t cap);
} game_rules;

#endif /* CITY_LIB_RULES_H */
