/*
 * The event log and the move history (owner of state.log and of the
 * `events` and `moves` arrays): what happened, in order, and every move
 * made, packed in 3 bytes so that undo can replay it.
 *
 * Writes: state.log, st_events, st_moves. Reads: the placed tiles (to
 * describe an event).
 */
#ifndef CITY_LIB_LOG_H
#define CITY_LIB_LOG_H

#include "city/city.h"
#include "state.h"

/* Append an event (CITY_EVENT_*, CITY_REASON_*); with `side` set, `part`
 * is a side of the tile (a wall piece's, a tower's), else a part index. */
void log_event(state *s, int kind, int reason, int side, int player,
               int points, int tile, int part);
/* Append an event naming another player too (The Tower's capture,
 * exchange and ransom: `other`); `part` is a part index, FOL_PART_TOP or
 * EV_NO_PART. */
void log_event_other(state *s, int kind, int reason, int player, int points,
                     int tile, int part, int other);
/* Whether a move kind names a cell (x, y in the packed word). */
static inline int log_move_on_cell(unsigned kind)
{
	return kind == CITY_MOVE_PLACE || kind == CITY_MOVE_GATE ||
	       kind == CITY_MOVE_FLOOR || kind == CITY_MOVE_TOP ||
	       kind == CITY_MOVE_CAPTURE;
}
/* Store packed move v in slot i of the history (3 or 4 bytes a move). */
static inline void log_move_put(state *s, int i, smove v)
{
	uint8_t *b = st_moves_w(s) + (size_t)i * s->lay.move_bytes;
	b[0] = (uint8_t)v;
	b[1] = (uint8_t)(v >> 8);
	b[2] = (uint8_t)(v >> 16);
	if (s->lay.move_bytes > 3)
		b[3] = (uint8_t)(v >> 24);
}
/* Append a move to the history; `arg` is the rotation, side, end, part
 * character as the kind has it, x the seat of a ransom (a capture: the
 * part character, and use log_move_capture). Inline: the callers' kinds
 * are constants, so the packing folds to the fields the kind keeps. */
static inline void log_move(state *s, int kind, int arg, int x, int y)
{
	unsigned k = (unsigned)kind, a = (unsigned)arg;
	smove v;
	if (log_move_on_cell(k))
		v = (smove)((k & 15u) | (a & 3u) << 4 |
		            ((uint32_t)x & 511u) << 6 |
		            ((uint32_t)y & 511u) << 15 |
		            (k == CITY_MOVE_CAPTURE ? (a & 127u) << 24 : 0u));
	else
		v = (smove)((k & 15u) |
		            ((k == CITY_MOVE_RANSOM ? (unsigned)x : a) & 127u)
		                << 4);
	log_move_put(s, s->log.n_moves++, v);
}
void log_move_capture(state *s, int x, int y, char part);
/* The i-th move of the history. */
void log_move_at(const state *s, int i, city_move *out);
/* Forget the i-th move (undo): its slot back to zero. */
void log_move_clear(state *s, int i);
/* The i-th event as the public struct. */
void log_event_at(const city_tileset *ts, const state *s, int i,
                  city_event *out);

#endif /* CITY_LIB_LOG_H */
