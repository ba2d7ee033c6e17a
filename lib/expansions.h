/*
 * The base game's expansions (expansion.h): the one place that maps an
 * expansion bit to its hooks, and the dispatchers the base turn calls at
 * each point of a turn. Each calls the hook of every expansion in play
 * (setup.expansions), in bit order. A new expansion adds one row in
 * expansions.c.
 */
#ifndef CITY_LIB_EXPANSIONS_H
#define CITY_LIB_EXPANSIONS_H

#include "expansion.h"

/* The expansion whose move kind `kind` is, or NULL. */
const expansion *expansions_of_move(int kind);
/* The expansion whose own decision `decision` is, or NULL. */
const expansion *expansions_of_decision(int decision);
/* Whether expansion x is in play. */
static inline int expansions_on(const state *s, const expansion *x)
{
	return (s->setup.expansions & x->bit) != 0;
}

void expansions_deal(const city_options *o, deal_plan *plan);
/* Why a follower cannot go on `part`, a piece of an expansion in play
 * that is no part of a tile (expansion.h no_part), or NULL. */
const char *expansions_no_part(const state *s, char part);
void expansions_start(const city_tileset *ts, state *s);
/* The start tile's design: an expansion's (start_design), else the set's
 * (C-SET-3). */
int expansions_start_design(const city_tileset *ts, const state *s);
/* 0, or 1 and the reason: an expansion in play refuses the placement. */
int expansions_check_tile(const city_tileset *ts, const state *s, int x,
                          int y, int design, int rot, char *msg, size_t cap);
/* The hooks of every turn: a test of setup.expansions here, so that a
 * game without expansions makes no call (the _each functions call the
 * hooks of those in play). */
int expansions_turn_begin_each(state *s, int tiles_left);
void expansions_placed_each(const city_tileset *ts, state *s, int t);
int expansions_follower_moves_each(const city_tileset *ts, const state *s);
size_t expansions_list_follower_each(const city_tileset *ts, const state *s,
                                     city_move *out, size_t cap, size_t n);
void expansions_turn_end_each(state *s);
int expansions_tile_rule_each(const city_tileset *ts, const state *s,
                              int design, tile_rule *r);

static inline int expansions_turn_begin(state *s, int tiles_left)
{
	return s->setup.expansions ? expansions_turn_begin_each(s, tiles_left)
	                           : -1;
}
static inline void expansions_placed(const city_tileset *ts, state *s, int t)
{
	if (s->setup.expansions)
		expansions_placed_each(ts, s, t);
}
static inline int expansions_follower_moves(const city_tileset *ts,
                                            const state *s)
{
	return s->setup.expansions && expansions_follower_moves_each(ts, s);
}
static inline size_t expansions_list_follower(const city_tileset *ts,
                                              const state *s, city_move *out,
                                              size_t cap, size_t n)
{
	return s->setup.expansions
	           ? expansions_list_follower_each(ts, s, out, cap, n)
	           : n;
}
static inline void expansions_turn_end(state *s)
{
	if (s->setup.expansions)
		expansions_turn_end_each(s);
}
/* The expansions with a tile_rule hook (CITY_EXPANSION_* bits): the draw,
 * the listing and the placement test these before any call, so that The
 * Tower pays nothing for The River's rule (expansions_check_state holds
 * the mask equal to the table). */
#define EXPANSIONS_TILE_RULES CITY_EXPANSION_RIVER
/* 1 and *r when an expansion in play restricts `design` (tile_rule). */
static inline int expansions_tile_rule(const city_tileset *ts,
                                       const state *s, int design,
                                       tile_rule *r)
{
	return (s->setup.expansions & EXPANSIONS_TILE_RULES) &&
	       expansions_tile_rule_each(ts, s, design, r);
}
void expansions_score_final(const city_tileset *ts, state *s);
/* Every expansion's check, in play or not. */
int expansions_check_state(const city_tileset *ts, const state *s,
                           char *msg, size_t cap);

#endif /* CITY_LIB_EXPANSIONS_H */
