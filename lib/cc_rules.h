/*
 * The base game of Carcassonne behind the seam (rules.h): its turn (C-TURN:
 * draw with discards, place a tile, a follower or a tower move, the
 * completion scoring, the next player), the listing of its decisions and
 * the explicit placement check, on the shared board, features, players
 * and log. Scoring is cc_score.c's, The Tower tower.c's.
 *
 * Writes: state.turn, state.carc (with tower.c), and through the shared
 * modules the board, features, players and log. Reads: the set-up.
 */
#ifndef CITY_LIB_CC_RULES_H
#define CITY_LIB_CC_RULES_H

#include "rules.h"

extern const game_rules cc_rules;

#endif /* CITY_LIB_CC_RULES_H */
