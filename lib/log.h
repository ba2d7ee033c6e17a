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
/* Append a move to the history; `arg` is the rotation, side, end, part
 * character or seat as the kind has it (a capture: the part character, and
 * use log_move_capture). */
void log_move_capture(state *s, int x, int y, char part);
void log_move(state *s, int kind, int arg, int x, int y);
/* The i-th move of the history. */
void log_move_at(const state *s, int i, city_move *out);
/* Forget the i-th move (undo): its slot back to zero. */
void log_move_clear(state *s, int i);
/* The i-th event as the public struct. */
void log_event_at(const city_tileset *ts, const state *s, int i,
                  city_event *out);

#endif /* CITY_LIB_LOG_H */
