/*
 * The game handle, for the façade's files (game.c: lifecycle, moves,
 * listing, undo; query.c and tc_query.c: read-only queries). A game's
 * rules never see the handle: they get a rules_ctx (rules.h).
 *
 * Writes: the handle (mem, rules, err, opts) and, at the start of a game,
 * state.setup and the draw order; the rest of the state only through the
 * game's rules. Queries read every part.
 */
#ifndef CITY_LIB_GAME_INTERNAL_H
#define CITY_LIB_GAME_INTERNAL_H

#include "game.h"
#include "handle.h"

/* The handle itself (struct city_game, game_ts, game_ctx) is
 * defined in handle.h. */

#endif /* CITY_LIB_GAME_INTERNAL_H */
