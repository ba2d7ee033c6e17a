/*
 * The River (carcassonne.md, V-SET, V-GEO-1, V-TILE-1..3, V-FOL-1, V-OPT-1)
 * on the base game, through the expansion seam (expansion.h): the deal
 * (river tiles, lake, land tiles), the spring as the start tile, and the
 * placement rule of river tiles (at the river's open end, curves
 * alternating). A river side's fit (V-GEO-1) is the base game's edge test:
 * a river side signs as a road end and a city side at once
 * (board_side_bits), which only another river side matches. The river is
 * no part of a tile, so no follower can stand on it (V-FOL-1), and its
 * banks are fields like any other.
 *
 * Writes: state.cc.rv (st_rv: the river's last tile, open side, last turn).
 * Reads: the board, the tile set, the set-up (expansions, V-OPT-1).
 */
#ifndef CITY_LIB_RIVER_H
#define CITY_LIB_RIVER_H

#include "expansion.h"

/* The River's hooks (expansion.h). */
extern const expansion rv_expansion;

#endif /* CITY_LIB_RIVER_H */
