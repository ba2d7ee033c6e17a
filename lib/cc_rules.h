/*
 * The base game of Carcassonne behind the seam (rules.h): its turn (C-TURN:
 * draw with discards, place a tile, a follower, the completion scoring,
 * the next player), the listing of its decisions and the explicit
 * placement check, on the shared board, features, players and log.
 * Scoring is cc_score.c's; the expansions (The Tower) plug in through
 * expansions.c at the points of the turn (expansion.h), and the turn
 * names none of them.
 *
 * Writes: state.turn, the base game's fields of state.cc (open
 * monasteries, follower options, completed parts), st_rsig, and through
 * the shared modules the board, features, players and log. Reads: the
 * set-up.
 */
#ifndef CITY_LIB_CC_RULES_H
#define CITY_LIB_CC_RULES_H

#include "rules.h"

extern const game_rules cc_rules;

#endif /* CITY_LIB_CC_RULES_H */
