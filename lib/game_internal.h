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
	if (m->kind == CITY_MOVE_PLACE || m->kind == CITY_MOVE_GATE)
		return (smove)((m->kind & 7u) |
		               ((m->kind == CITY_MOVE_PLACE ? m->rotation
		                                            : m->side) &
		                3u) << 3 |
		               ((uint32_t)m->x & 511u) << 5 |
		               ((uint32_t)m->y & 511u) << 14);
	return (smove)((m->kind & 7u) |
	               ((m->kind == CITY_MOVE_FOLLOWER ? (unsigned char)m->part
	                                               : m->end) &
	                127u) << 3);
}

static inline void move_unpack(smove v, city_move *m)
{
	unsigned arg = v >> 3 & 127u;
	int x = (int)(v >> 5 & 511u), y = (int)(v >> 14 & 511u);
	memset(m, 0, sizeof *m);
	m->kind = (uint8_t)(v & 7u);
	switch (m->kind) {
	case CITY_MOVE_PLACE:
	case CITY_MOVE_GATE:
		m->rotation = m->kind == CITY_MOVE_PLACE ? (uint8_t)(arg & 3u) : 0;
		m->side = m->kind == CITY_MOVE_GATE ? (uint8_t)(arg & 3u) : 0;
		m->x = x >= 256 ? x - 512 : x;
		m->y = y >= 256 ? y - 512 : y;
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

/* The i-th move of the history (3 bytes, least significant first). */
static inline smove move_get(const state *s, int i)
{
	const uint8_t *b = st_cmoves(s) + (size_t)i * SMOVE_BYTES;
	return (smove)b[0] | (smove)b[1] << 8 | (smove)b[2] << 16;
}

static inline void move_put(state *s, int i, smove v)
{
	uint8_t *b = st_moves(s) + (size_t)i * SMOVE_BYTES;
	b[0] = (uint8_t)v;
	b[1] = (uint8_t)(v >> 8);
	b[2] = (uint8_t)(v >> 16);
}

/* Placed tile index at (x, y) and part index of `part` there; returns
 * CITY_OK, CITY_EINVAL or CITY_ENOTFOUND. */
int game_locate_part(const city_game *g, int32_t x, int32_t y, char part,
                     int *tile, int *pidx);

#endif /* CITY_LIB_GAME_INTERNAL_H */
