/* The event log and the move history (see log.h). */
#include <string.h>

#include "log.h"
#include "msg.h"

void log_event(state *s, int kind, int reason, int side, int player,
               int points, int tile, int part)
{
	sevent *e;
	if (s->log.n_events >= s->lay.cap_events)
		return; /* cannot happen: cap_events bounds the log (layout) */
	e = &st_events_w(s)[s->log.n_events++];
	e->kind_reason =
	    (uint8_t)(kind | reason << 2 | (side ? (int)EV_SIDE : 0));
	e->player = (int8_t)player;
	e->part = (uint8_t)part;
	e->points = (uint16_t)points;
	e->tile = (uint8_t)tile;
	e->move = s->log.n_moves;
}

void log_event_at(const city_tileset *ts, const state *s, int i,
                  city_event *out)
{
	const sevent *e = &st_events(s)[i];
	const ptile *t;
	memset(out, 0, sizeof *out);
	out->kind = e->kind_reason & 3;
	out->player = e->player;
	out->points = e->points;
	out->reason = (e->kind_reason >> 2) & 15;
	out->move = e->move;
	if (out->kind == CITY_EVENT_DISCARD) {
		out->design = ts->designs[e->tile].id;
		return;
	}
	t = &st_tiles(s)[e->tile];
	out->x = t->x;
	out->y = t->y;
	out->design = ts->designs[t->design].id;
	if (e->kind_reason & EV_SIDE)
		out->part = msg_side_letter(e->part & 3);
	else
		out->part = ts->designs[t->design].parts[e->part].name;
}

/* ---- the history: 24 bits a move (smove in state.h) ------------------- */

static smove move_pack(const city_move *m)
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

static void move_unpack(smove v, city_move *m)
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

static void move_put(state *s, int i, smove v)
{
	uint8_t *b = st_moves_w(s) + (size_t)i * SMOVE_BYTES;
	b[0] = (uint8_t)v;
	b[1] = (uint8_t)(v >> 8);
	b[2] = (uint8_t)(v >> 16);
}

void log_move(state *s, int kind, int arg, int x, int y)
{
	city_move m;
	memset(&m, 0, sizeof m);
	m.kind = (uint8_t)kind;
	m.rotation = m.side = m.end = (uint8_t)arg;
	m.part = (char)arg;
	m.x = x;
	m.y = y;
	move_put(s, s->log.n_moves++, move_pack(&m));
}

void log_move_at(const state *s, int i, city_move *out)
{
	const uint8_t *b = st_moves(s) + (size_t)i * SMOVE_BYTES;
	move_unpack((smove)b[0] | (smove)b[1] << 8 | (smove)b[2] << 16, out);
}

void log_move_clear(state *s, int i)
{
	move_put(s, i, 0);
}
