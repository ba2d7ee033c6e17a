/*
 * The seam between the base game's turn (cc_rules.c) and its expansions:
 * one table of hooks per expansion, called at the points a turn passes.
 * The base turn names no expansion; it asks expansions.c's dispatchers,
 * which call the hooks of the expansions in play (setup.expansions) in
 * bit order. A hook left NULL does nothing (or refuses nothing).
 *
 * A turn of the base game, and where the hooks come in:
 *
 *   deal .......... deal (before the game exists, from the options):
 *                   what is set aside and the segments of the draw
 *                   order (The River: river tiles, lake, land tiles)
 *   set-up ........ start (after the base game's supplies); start_design
 *                   (The River: the spring instead of the set's start
 *                   design); the start tile goes through `placed` like
 *                   any tile
 *   turn begins ... turn_begin: a decision of the expansion's before the
 *                   draw (The Tower: the ransom), or none
 *   draw .......... tile_rule: a placement rule of its own for a design
 *                   (The River: a river tile goes to the river's open
 *                   end, in the rotations V-TILE-1/2 allow), asked by the
 *                   draw (C-TURN-2), the listing and the placement alike;
 *                   check_tile is its explicit twin with the reasons
 *   tile placed ... placed (board and features updated: The Tower's
 *                   foundations); follower_moves: whether the follower
 *                   decision must be asked for its moves even with no
 *                   follower option
 *   follower ...... list_follower appends its moves to the decision's
 *                   listing (The Tower: floors, tops)
 *   its own moves . apply (the move kinds in `moves`, answering the
 *                   decisions in `decisions` or the follower decision),
 *                   pass for a pass in its own decisions, list for their
 *                   listing; each returns what the turn does next
 *   turn ends ..... turn_end (before the completion scoring)
 *   game ends ..... score_final (after the base game's final scoring)
 *   debug ......... check_state (called for every expansion, in play or
 *                   not: its part must then be empty)
 *
 * The record's moves: the kinds in `moves` are stored by log.c and
 * written by move.c like the base game's (a capture's part in the fourth
 * byte of a stored move, facts.c's move_bytes).
 */
#ifndef CITY_LIB_EXPANSION_H
#define CITY_LIB_EXPANSION_H

#include <stddef.h>

#include "rules.h"

/* What the base turn does after an expansion's move or pass. */
typedef enum expansion_next {
	NEXT_END_TURN = 0, /* score what the tile completed, next player */
	NEXT_DRAW = 1,     /* go on to the draw (a decision before it done) */
	NEXT_ASK = 2       /* the expansion set a decision of its own */
} expansion_next;

/* A design the expansion restricts: the one frontier cell it may go to
 * (-1: none) and the rotations its rule allows there (the base game's
 * edge rule still applies). */
typedef struct tile_rule {
	int cell;
	unsigned rots;
} tile_rule;

typedef struct expansion {
	unsigned bit;          /* CITY_EXPANSION_* */
	unsigned moves;        /* bit k: CITY_MOVE_k is this expansion's */
	unsigned decisions;    /* bit d: CITY_DECISION_d is its own */
	/* the reason a move of its kinds is refused when it is not in play */
	const char *not_in_play;
	/* A character a follower move may name that is no part of a tile
	 * but a piece of this expansion's (The River: '~'), and why no
	 * follower goes there; 0 and NULL for none. */
	char no_part;
	const char *no_part_reason;
	/* Its part of the deal (rules.h deal_plan), after the base game's. */
	void (*deal)(const city_options *o, deal_plan *plan);
	void (*start)(const city_tileset *ts, state *s);
	/* The design placed before the first turn instead of the set's start
	 * design, or -1. */
	int (*start_design)(const city_tileset *ts);
	/* 1 and *r when it restricts the placements of `design` now, else 0
	 * (the hot path: the base game's listing and draw ask it). */
	int (*tile_rule)(const city_tileset *ts, const state *s, int design,
	                 tile_rule *r);
	/* The explicit twin of tile_rule and of what the edge rule owes to
	 * it: 0 when a tile of `design` may go at (x, y) turned rot as far as
	 * its rules go, else 1 and the reason in msg (may be NULL). */
	int (*check_tile)(const city_tileset *ts, const state *s, int x,
	                  int y, int design, int rot, char *msg, size_t cap);
	/* Called at the start of every turn; returns a decision to ask
	 * before the draw, or -1 (tiles_left: a tile is left to draw). */
	int (*turn_begin)(state *s, int tiles_left);
	void (*placed)(const city_tileset *ts, state *s, int t);
	int (*follower_moves)(const city_tileset *ts, const state *s);
	size_t (*list_follower)(const city_tileset *ts, const state *s,
	                        city_move *out, size_t cap, size_t n);
	/* The decision a move of its kinds answers. */
	int (*decision_of)(int move_kind);
	/* Apply one of its moves (the decision checked): CITY_OK and *next,
	 * or a status with the reason in c->err, the state unchanged. */
	int (*apply)(const rules_ctx *c, const rules_move *m,
	             expansion_next *next);
	expansion_next (*pass)(state *s);
	/* Its own decisions' moves, without the pass, from out[0]. */
	size_t (*list)(const city_tileset *ts, const state *s, city_move *out,
	               size_t cap);
	void (*turn_end)(state *s);
	void (*score_final)(const city_tileset *ts, state *s);
	int (*check_state)(const city_tileset *ts, const state *s, char *msg,
	                   size_t cap);
} expansion;

#endif /* CITY_LIB_EXPANSION_H */
