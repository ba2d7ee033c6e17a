/*
 * The game handle, for the façade's files (game.c: lifecycle, moves,
 * listing, undo; query.c, tc_query.c, cc_query.c: read-only queries;
 * record.c: the options a game was made from, its errors). A game's
 * rules never see the handle: they get a rules_ctx (rules.h).
 *
 * Writes: the handle (mem, rules, err, opts) and, at the start of a game,
 * state.setup and the draw order; the rest of the state only through the
 * game's rules. Queries read every part.
 */
#ifndef CITY_LIB_GAME_INTERNAL_H
#define CITY_LIB_GAME_INTERNAL_H

#include "city/city.h"
#include "compiler.h"
#include "handle.h"
#include "options_internal.h"

/* The handle itself (struct city_game, game_ts, game_ctx) is
 * defined in handle.h. */

/* The options the game was made from (the tile set, players, seed/order,
 * stacks and rules), borrowed. */
const city_options *game_options(const city_game *g);

/* Record the reason of a failed call (printf-style), for
 * city_game_last_error(). */
void game_set_error(city_game *g, const char *fmt, ...)
	CITY_PRINTF(2, 3);

#endif /* CITY_LIB_GAME_INTERNAL_H */
