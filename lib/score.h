/*
 * Scoring and the event log, for the game module's turn logic.
 */
#ifndef CITY_LIB_SCORE_H
#define CITY_LIB_SCORE_H

#include "state.h"

/* Append an event (CITY_EVENT_*, CITY_REASON_*) to the log. */
void score_log_event(state *s, int kind, int reason, int player, int points,
                     int tile, int part);
/* Give points to a player in the category of `reason`, with its event. */
void score_add_points(state *s, int player, int reason, int points, int tile,
                      int part);
/* Score the completed streets and markets among the features of `nodes`
 * (each once; kinds[i] is the part kind of nodes[i], residential nodes are
 * skipped); `base` is the street reason (STREET, WALL_STREET,
 * FINAL_STREET), the market reason follows it; with `defer` the followers
 * return after the guard decision (R-OPT-3 "no"). Sets *any (may be NULL)
 * when one was complete; returns whether one held followers. */
int score_completed(const city_tileset *ts, state *s, const int *nodes,
                    const uint8_t *kinds, int n, int base, int defer,
                    int *any);
/* Close side `side` of tile t with a wall piece, the gate or a final wall
 * and score what that completes (R-WALL-5, R-END-2). */
void score_close_side(const city_tileset *ts, state *s, int t, int side,
                      int base, int defer);

#endif /* CITY_LIB_SCORE_H */
