/*
 * The rules of Carcassonne: The City behind the seam (rules.h): the
 * decision state machine (R-TURN, R-FOL, the wall rounds R-WALL, R-END-1),
 * the legal moves of each decision and the explicit placement check.
 * Scoring is in tc_score.c, the wall ring in wall.c.
 *
 * Writes: state.turn, state.city, the followers (players.h), and through
 * the board, features and log their parts. Reads: everything.
 */
#ifndef CITY_LIB_TC_RULES_H
#define CITY_LIB_TC_RULES_H

#include "rules.h"

extern const game_rules tc_rules;

#endif /* CITY_LIB_TC_RULES_H */
