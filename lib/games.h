/*
 * The games libcity plays: the one place that maps a game (CITY_GAME_*) to
 * its rules (rules.h). A new game adds one case in games.c.
 */
#ifndef CITY_LIB_GAMES_H
#define CITY_LIB_GAMES_H

#include "rules.h"

/* The rules of game `game`, or NULL when libcity does not play it. */
const game_rules *games_rules(int game);

#endif /* CITY_LIB_GAMES_H */
