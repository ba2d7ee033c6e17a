/*
 * Scoring of The City (R-SCORE, R-WALL-5/7, R-END-2..6): completed streets
 * and markets, what a wall piece closes, and the final scoring (notional
 * walls, stewards, guards).
 *
 * Writes: the players' scores, supplies and followers (players.h), the
 * features' open counts (feat_close_side) and the event log. Reads: the
 * board, the features, the wall chain.
 */
#ifndef CITY_LIB_TC_SCORE_H
#define CITY_LIB_TC_SCORE_H

#include "state.h"

/* Score the completed streets and markets among the features of `nodes`
 * (each once; kinds[i] is the part kind of nodes[i], residential nodes are
 * skipped); `base` is the street reason (STREET, WALL_STREET,
 * FINAL_STREET), the market reason follows it; with `defer` the followers
 * return after the guard decision (R-OPT-3 "no"). Sets *any (may be NULL)
 * when one was complete; returns whether one held followers. */
int tcs_completed(const city_tileset *ts, state *s, const int *nodes,
                  const uint8_t *kinds, int n, int base, int defer, int *any);
/* The second half of tcs_completed, for a caller that found the roots of
 * the completed features itself: done[0..n_done) with their part kinds,
 * scored in that order, each root once. */
int tcs_score_done(const city_tileset *ts, state *s, const int *done,
                   const uint8_t *kind, int n_done, int base, int defer,
                   int *any);
/* Close side `side` of tile t with a wall piece, the gate or a final wall
 * and score what that completes (R-WALL-5, R-END-2). */
void tcs_close_side(const city_tileset *ts, state *s, int t, int side,
                    int base, int defer);
/* Final scoring (R-END-2..5), once. */
void tcs_final(const city_tileset *ts, state *s);

#endif /* CITY_LIB_TC_SCORE_H */
