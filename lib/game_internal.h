/*
 * The game handle and the helpers shared by the game module's files
 * (game.c: lifecycle and decisions; query.c: read-only queries;
 * move.c: move text).
 */
#ifndef CITY_LIB_GAME_INTERNAL_H
#define CITY_LIB_GAME_INTERNAL_H

#include <stddef.h>
#include <string.h>

#include "game.h"
#include "state.h"

#define GAME_ERR_CAP 128 /* the longest reason is about 110 bytes */

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

/* The history keeps moves packed (see smove in state.h). */
static inline smove move_pack(const city_move *m)
{
	unsigned arg = m->kind == CITY_MOVE_PLACE ? m->rotation
	               : m->kind == CITY_MOVE_GATE ? m->side
	               : m->kind == CITY_MOVE_FOLLOWER ? (unsigned char)m->part
	                                               : m->end;
	return (smove)((m->kind & 7u) | (arg & 127u) << 3 |
	               ((uint32_t)m->x & 2047u) << 10 |
	               ((uint32_t)m->y & 2047u) << 21);
}

static inline void move_unpack(smove v, city_move *m)
{
	unsigned arg = v >> 3 & 127u;
	int x = (int)(v >> 10 & 2047u), y = (int)(v >> 21 & 2047u);
	memset(m, 0, sizeof *m);
	m->kind = (uint8_t)(v & 7u);
	m->x = x >= 1024 ? x - 2048 : x;
	m->y = y >= 1024 ? y - 2048 : y;
	switch (m->kind) {
	case CITY_MOVE_PLACE:
		m->rotation = (uint8_t)arg;
		break;
	case CITY_MOVE_GATE:
		m->side = (uint8_t)arg;
		break;
	case CITY_MOVE_FOLLOWER:
		m->part = (char)arg;
		break;
	case CITY_MOVE_WALL:
	case CITY_MOVE_TOWER:
		m->end = (uint8_t)arg;
		break;
	default:
		break;
	}
}

/* Placed tile index at (x, y) and part index of `part` there; returns
 * CITY_OK, CITY_EINVAL or CITY_ENOTFOUND. */
int game_locate_part(const city_game *g, int32_t x, int32_t y, char part,
                     int *tile, int *pidx);

#endif /* CITY_LIB_GAME_INTERNAL_H */
