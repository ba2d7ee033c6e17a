/*
 * Internal interface of the game module for the other modules (record).
 */
#ifndef CITY_LIB_GAME_H
#define CITY_LIB_GAME_H

#include "city/city.h"
#include "compiler.h"
#include "options.h"

/* The options the game was made from (the tile set, players, seed/order,
 * stacks and rules), borrowed. */
const city_options *game_options(const city_game *g);

/* Record the reason of a failed call (printf-style), for
 * city_game_last_error(). */
void game_set_error(city_game *g, const char *fmt, ...)
	CITY_PRINTF(2, 3);

#endif /* CITY_LIB_GAME_H */
