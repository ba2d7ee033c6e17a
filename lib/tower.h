/*
 * The Tower (T-SET, T-ACT, T-CAP, T-OPT) on the base game, like wall.c is
 * The City's: tower floors and tops, the range of a tower, captures, the
 * exchange of prisoners and the ransom. The turn itself (what comes after
 * a tower move) is cc_rules.c's.
 *
 * Writes: state.carc (floors, prisoners, the tower just raised, the
 * ransom of the turn), st_height, tower tops in state.pl (FOL_TOP), the
 * event log and the move history. Reads: the board, the features, the
 * set-up (expansions, T-OPT values in setup.rules).
 */
#ifndef CITY_LIB_TOWER_H
#define CITY_LIB_TOWER_H

#include <stddef.h>

#include "rules.h"

/* Whether The Tower is in play. */
static inline int tower_on(const state *s)
{
	return (s->setup.expansions & CITY_EXPANSION_TOWER) != 0;
}
/* A tile just placed: its tower foundation, if any, comes into play. */
void tower_add_tile(const city_tileset *ts, state *s, int t);
/* The follower slot on top of placed tile t's tower, or -1. */
int tower_top(const state *s, int t);
/* Whether placed tile t shows a tower foundation in a game with The
 * Tower. */
int tower_has(const city_tileset *ts, const state *s, int t);
/* Whether any floor or top move is open to the current player. */
int tower_options(const city_tileset *ts, const state *s);
/* T-CAP-5: the opponents the current player may pay a ransom to (bit q). */
unsigned tower_ransom_options(const state *s);
/* T-ACT-1: a floor on the tower at (x, y). CITY_OK with *capture set when
 * somebody is in range (the capture decision follows), else the reason. */
int tower_floor(const rules_ctx *c, int32_t x, int32_t y, int *capture);
/* T-ACT-2: a follower on top of the tower at (x, y). */
int tower_top_move(const rules_ctx *c, int32_t x, int32_t y);
/* T-CAP-2..4: take the follower on part `part` at (x, y). */
int tower_capture(const rules_ctx *c, int32_t x, int32_t y, char part);
/* T-CAP-5: pay the ransom to seat q. */
int tower_ransom(const rules_ctx *c, int q);
/* The floor and top moves of the follower decision (after the followers),
 * appended at out[n..]; returns the new count. */
size_t tower_list_follower(const city_tileset *ts, const state *s,
                           city_move *out, size_t cap, size_t n);
/* The capture decision's moves without the pass, from out[0]. */
size_t tower_list_capture(const city_tileset *ts, const state *s,
                          city_move *out, size_t cap);
/* The ransom decision's moves without the pass, from out[0]. */
size_t tower_list_ransom(const state *s, city_move *out, size_t cap);

/* state_check's part (rules.h check_state): the tower and closed bits
 * agree with the designs and the tops; 1 and the reason when not. */
int tower_check_state(const city_tileset *ts, const state *s, char *msg,
                      size_t cap);

#endif /* CITY_LIB_TOWER_H */
