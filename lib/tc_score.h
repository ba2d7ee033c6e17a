/*
 * Scoring of The City (R-SCORE, R-WALL-5/7, R-END-2..6): completed streets
 * and markets, what a wall piece closes, and the final scoring (notional
 * walls, stewards, guards).
 *
 * Writes: the players' scores, supplies and followers (players.h), the
 * features' open counts (feat_close_side: in play, and at the end when
 * no gate stood) and the event log. Reads: the board, the features, the
 * wall chain.
 */
#ifndef CITY_LIB_TC_SCORE_H
#define CITY_LIB_TC_SCORE_H

#include "state.h"

/* Score the completed, followed streets and markets done[0..n_done)
 * (roots, with their part kinds), in that order, each root once (one that
 * comes again was unfollowed by its scoring); `base` is the street reason
 * (STREET, WALL_STREET, FINAL_STREET), the market reason follows it; with
 * `defer` the followers return after the guard decision (R-OPT-3 "no").
 * Each one held followers: n_done > 0 says that one was scored. */
void tcs_score_done(const city_tileset *ts, state *s, const int *done,
                   const uint8_t *kind, int n_done, int base, int defer);
/* Close side `side` of tile t with a wall piece, the gate or a final wall
 * and score what that completes (R-WALL-5, R-END-2). */
void tcs_close_side(const city_tileset *ts, state *s, int t, int side,
                    int base, int defer);
/* Whether part `part` of placed tile t belongs to a complete feature
 * (R-DONE), also after the end: when the gate stood, the final walls
 * (R-END-2) close no open count, and a feature is complete when they
 * close all its open halves and street ends (its open sides are all on
 * the outer contour, unsealed). */
int tcs_part_complete(const city_tileset *ts, const state *s, int t,
                      int part);
/* Final scoring (R-END-2..5), once. */
void tcs_final(const city_tileset *ts, state *s);

#endif /* CITY_LIB_TC_SCORE_H */
