/*
 * The Tower (T-SET, T-ACT, T-CAP, T-OPT) on the base game, like wall.c is
 * The City's: tower floors and tops, the range of a tower, captures, the
 * exchange of prisoners and the ransom, as an expansion of the base
 * game's turn (its hooks, tw_expansion: expansion.h).
 *
 * Writes: The Tower's fields of state.cc (floors, prisoners, tower,
 * closed and raised bits, the capture set, the tower just raised, the
 * ransom of the turn), st_height, state.turn's decision for its own
 * decisions, through players.c tops, captures and the ransom's points,
 * the event log and the move history. Reads: the board, the features, the
 * set-up (expansions, T-OPT values in setup.rules).
 */
#ifndef CITY_LIB_TOWER_H
#define CITY_LIB_TOWER_H

#include <stddef.h>

#include "expansion.h"

/* Whether The Tower is in play. */
static inline int tw_on(const state *s)
{
	return (s->setup.expansions & CITY_EXPANSION_TOWER) != 0;
}
/* The follower slot on top of placed tile t's tower, or -1. */
int tw_top(const state *s, int t);
/* Whether placed tile t shows a tower foundation in a game with The
 * Tower. */
int tw_has(const city_tileset *ts, const state *s, int t);
/* The Tower's hooks on the base game's turn (expansion.h): its set-up
 * (floors, T-SET-1), foundations as tiles are placed, the ransom before
 * the draw (T-CAP-5), floors and tops in the follower decision (T-ACT),
 * the capture decision (T-CAP-1..4), its part of state_check. */
extern const expansion tw_expansion;

#endif /* CITY_LIB_TOWER_H */
