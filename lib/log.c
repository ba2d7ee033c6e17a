/* The event log and the move history (see log.h). */
#include <string.h>

#include "log.h"
#include "msg.h"

static void put_event(state *s, int kind, int reason, int player,
                      int points, int tile, int part, int other)
{
	sevent *e;
	if (s->log.n_events >= s->lay.cap_events)
		return; /* cannot happen: cap_events bounds the log (layout) */
	e = &st_events_w(s)[s->log.n_events++];
	e->kind_reason = (uint8_t)(kind | reason << 3);
	e->who = (uint8_t)((player + 1) | (other + 1) << 4);
	e->part = (uint8_t)part;
	e->points = (int16_t)points;
	e->tile = (uint8_t)tile;
	e->move = s->log.n_moves;
}

void log_event(state *s, int kind, int reason, int side, int player,
               int points, int tile, int part)
{
	put_event(s, kind, reason, player, points, tile,
	          side ? (int)EV_SIDE | part : part, -1);
}

void log_event_other(state *s, int kind, int reason, int player, int points,
                     int tile, int part, int other)
{
	put_event(s, kind, reason, player, points, tile, part, other);
}

void log_event_at(const city_tileset *ts, const state *s, int i,
                  city_event *out)
{
	const sevent *e = &st_events(s)[i];
	const ptile *t;
	const ts_design *d;
	memset(out, 0, sizeof *out);
	out->kind = e->kind_reason & 7;
	out->player = (e->who & 15) - 1;
	out->points = e->points;
	out->reason = e->kind_reason >> 3;
	out->move = e->move;
	/* capture, exchange, ransom: the other player + 1 (reserved1) */
	out->reserved1 = (uint32_t)(e->who >> 4);
	if (out->kind == CITY_EVENT_DISCARD) {
		out->design = ts->designs[e->tile].id;
		return;
	}
	if (e->part == EV_NO_PART)
		return; /* a ransom: no cell */
	t = &st_tiles(s)[e->tile];
	d = &ts->designs[t->design];
	out->x = t->x;
	out->y = t->y;
	out->design = d->id;
	if (e->part == FOL_PART_TOP)
		out->part = 't';
	else if (e->part & EV_SIDE)
		out->part = msg_side_letter(e->part & 3);
	else
		out->part = e->part == d->n_parts ? 'm' : d->parts[e->part].name;
}

/* ---- the history (smove in state.h) ------------------------------------ */

static void move_unpack(smove v, city_move *m)
{
	unsigned arg = v >> 4 & 127u, r = v >> 4 & 3u;
	int x = (int)(v >> 6 & 511u), y = (int)(v >> 15 & 511u);
	memset(m, 0, sizeof *m);
	m->kind = (uint8_t)(v & 15u);
	if (log_move_on_cell(m->kind)) {
		m->rotation = m->kind == CITY_MOVE_PLACE ? (uint8_t)r : 0;
		m->side = m->kind == CITY_MOVE_GATE ? (uint8_t)r : 0;
		m->x = x >= 256 ? x - 512 : x;
		m->y = y >= 256 ? y - 512 : y;
		if (m->kind == CITY_MOVE_CAPTURE)
			m->part = (char)(v >> 24 & 127u);
		return;
	}
	switch (m->kind) {
	case CITY_MOVE_FOLLOWER:
		m->part = (char)arg;
		break;
	case CITY_MOVE_WALL:
	case CITY_MOVE_TOWER:
		m->end = (uint8_t)arg;
		break;
	case CITY_MOVE_RANSOM:
		m->x = (int32_t)arg;
		break;
	default:
		break;
	}
}

void log_move_at(const state *s, int i, city_move *out)
{
	const uint8_t *b = st_moves(s) + (size_t)i * s->lay.move_bytes;
	smove v = (smove)b[0] | (smove)b[1] << 8 | (smove)b[2] << 16;
	if (s->lay.move_bytes > 3)
		v |= (smove)b[3] << 24;
	move_unpack(v, out);
}

void log_move_clear(state *s, int i)
{
	log_move_put(s, i, 0);
}

void log_move_capture(state *s, int x, int y, char part)
{
	log_move(s, CITY_MOVE_CAPTURE, (unsigned char)part, x, y);
}
