/*
 * The game handle and the helpers shared by the game module's files
 * (game.c: lifecycle and decisions; query.c: read-only queries;
 * move.c: move text).
 */
#ifndef CITY_LIB_GAME_INTERNAL_H
#define CITY_LIB_GAME_INTERNAL_H

#include <stddef.h>

#include "game.h"
#include "state.h"

#define GAME_ERR_CAP 256

struct city_game {
	city_options opts; /* what the game was made from (tile set retained) */
	char err[GAME_ERR_CAP];
	state st; /* flat state; its variable arrays follow it */
};

/* The game's tile set. */
static inline const city_tileset *game_ts(const city_game *g)
{
	return g->opts.ts;
}

/* Stack (1..3) of draw index i. */
static inline int game_stack_of(const state *s, int i)
{
	return i < s->stack_end[0] ? 1 : i < s->stack_end[1] ? 2 : 3;
}

/* Placed tile index at (x, y) and part index of `part` there; returns
 * CITY_OK, CITY_EINVAL or CITY_ENOTFOUND. */
int game_locate_part(const city_game *g, int32_t x, int32_t y, char part,
                     int *tile, int *pidx);

#endif /* CITY_LIB_GAME_INTERNAL_H */
