/*
 * The wall ring (R-WALL): the chain of the gate and wall pieces along the
 * contour, its two ends, the gap between them, guards and towers.
 */
#ifndef CITY_LIB_WALL_H
#define CITY_LIB_WALL_H

#include "board.h"

/* The contour side a chain piece occupies. */
bside wall_piece_side(const state *s, int idx);
/* The side (tile index, side) the next piece at `end` (CITY_END_CW /
 * CITY_END_CCW) takes. */
void wall_next_side(const state *s, int end, int *t, int *side);
/* Whether the ring is closed: no contour side left between the ends. */
int wall_ring_closed(const state *s);
/* Contour sides between the cw end and the ccw end, counting at most
 * `limit` (R-END-1c). */
int wall_gap(const state *s, int limit);
/* Add the gate (first piece) or a piece at `end` on side `side` of placed
 * tile t; marks the tile side as walled. Returns the piece's chain index. */
int wall_add(state *s, int t, int side, int end, int gate);
/* R-WALL-6: whether the opposite wall piece of piece idx holds a guard. */
int wall_opposite_guarded(const state *s, int idx);
/* R-END-5: points of a guard on piece idx (2 per public building, 3 per
 * historic building along its row or column into the city). */
int wall_guard_points(const city_tileset *ts, const state *s, int idx);

#endif /* CITY_LIB_WALL_H */
