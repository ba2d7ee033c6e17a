/*
 * The wall ring of The City (R-WALL, R-TILE-3/4): the chain of the gate and
 * wall pieces along the outer contour, its two ends, the gap between them,
 * guards and towers' positions, and the placement rules the wall adds.
 *
 * Writes: state.city (chain, ends), the frontier cells' R-TILE-4 verdict
 * bits (FC_WALL_KNOWN, FC_WALL_OK: wall_know_cells, corner_verdict), and
 * through the board's API the sealed sides (board_seal_side). Reads: the
 * board (neighbour links, contour labels, contour walks). The gate's
 * contour labels are turned on by tc_rules.c (board_index_contour_at).
 */
#ifndef CITY_LIB_WALL_INTERNAL_H
#define CITY_LIB_WALL_INTERNAL_H

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
/* Pieces in the chain (the gate included), 0 before the gate. */
static inline int wall_length(const state *s)
{
	return s->city.gate_placed ? s->city.chain_hi - s->city.chain_lo + 1 : 0;
}
/* Add the gate (first piece; the contour labelled already, by
 * board_index_contour_at) or a piece at `end` on side `side` of placed
 * tile t; seals the tile side. Returns the piece's chain index. */
int wall_add(state *s, int t, int side, int end, int gate);
/* R-WALL-6: whether the opposite wall piece of piece idx holds a guard. */
int wall_opposite_guarded(const state *s, int idx);
/* R-END-5: points of a guard on piece idx (2 per public building, 3 per
 * historic building along its row or column into the city). */
int wall_guard_points(const city_tileset *ts, const state *s, int idx);

/* R-TILE-4 at a frontier cell that may enclose cells (FC_SPLITS) once the
 * gate is built, from the contour labels: whether every wall piece stays
 * on the outer contour. */
int wall_cell_survives(const state *s, const fcell *f);
/* R-TILE-4's verdict (FC_WALL_KNOWN, FC_WALL_OK) at every frontier cell
 * that may split and is not blocked, where it is not known, once the gate
 * stands. The City's draw_next asks it before each tile decision, and
 * every tile decision comes from draw_next (the start; end_turn, after a
 * turn or a wall round, the gate's round included; reset, undo and load
 * replay the moves; copy and clone copy the flags; a reshuffle moves
 * undrawn tiles only): the R-TURN-4 test, the listing and the AI's cells
 * (wall_keep), the placement (wall_front_ok) read the verdicts there.
 * tc_check_state holds every known verdict against wall_check_surround.
 *
 * A verdict holds until the cell's ring changes (board.c front_set_ring
 * drops it), the gate is built (wall_add marks them all old, know_all,
 * until the next draw: nothing reads them in between) or a wall piece
 * is built next to it (below). A tile at c,
 * not blocked, breaks R-TILE-4 when some wall piece's outside cell w is
 * cut off from the exterior (the empty cells side-connected to the far
 * away) by the tiles and c. When a legal tile goes at d, not c's
 * neighbour: a refused c stays refused (more tiles leave less exterior;
 * so it does not end up in a hole either); an allowed c stays allowed:
 * were w cut off by the tiles with c and d but by neither alone, every
 * loop around w would pass through both, c, a tile path, d, a tile path
 * back; the tiles are connected, so a tile path joins those two, inside
 * or outside the loop, and closes a loop around w through c alone or d
 * alone.
 *
 * A wall piece after the gate changes no link, no label and so no cell's
 * cuts (cell_survives), only the wall's span: at the cw end h grows from
 * the old end's side P to the new side Q (doubled labels); at the ccw
 * end lo moves back from P to Q and every other distance grows by the
 * same amount. The chain is a run of consecutive contour sides, so no
 * label lies between P and Q: the only cut positions in between are 2Q
 * (the new side; its outside cell is now blocked, R-TILE-3, and
 * board_seal_side drops its verdict) and the corner cut after the first
 * of the two sides in walk order (2P + 1 at the cw end, 2Q + 1 at the
 * ccw end). A cell with no cut there keeps its verdict: every comparison
 * of cell_survives keeps its order (the extreme side's e too; when the
 * new side is the extreme one, e <= h after it, and both before and
 * after the verdict is "least cut beyond h"). A corner cut p + 1/2 is
 * where the walk goes round a tile's convex corner from side p to the
 * same tile's next side, and the only cell it belongs to is the one
 * diagonally across that corner: so only when the new piece and the end
 * it extends lie on one tile can a verdict change, at that cell, and
 * only from allowed to refused (a longer wall asks more). wall_add
 * judges that cell again (corner_verdict); every other verdict stays
 * right through a wall round. */
void wall_know_cells(state *s);
/* R-TILE-3/4 by a frontier cell's flags, once the gate stands and the
 * verdicts are known (as list_placements' keep): 15 where tiles may go
 * (not blocked; a split cell only with FC_WALL_OK), 0 elsewhere. */
extern const uint8_t wall_keep[16];
/* Whether R-TILE-4 is trivially satisfied at a frontier cell (no gate, or
 * occupying it cannot enclose any cell). */
static inline int wall_front_simple(const state *s, const fcell *f)
{
	return !s->city.gate_placed || !(f->flags & FC_SPLITS);
}
/* R-TILE-3/4 for a frontier cell (the same for every tile and rotation):
 * the fast form of wall_check_outside + wall_check_surround, from the
 * known verdict when there is one. */
static inline int wall_front_ok(const state *s, const fcell *f)
{
	unsigned fl = f->flags & 15u;
	if (!s->city.gate_placed)
		return 1; /* nothing is sealed before the gate */
	if ((fl & (FC_BLOCKED | FC_SPLITS | FC_WALL_KNOWN)) == FC_SPLITS)
		return wall_cell_survives(s, f);
	return wall_keep[fl] != 0;
}
/* The explicit forms, which also say why (msg may be NULL): R-TILE-3, not
 * the outside cell of a wall piece; R-TILE-4, walk the contour with the
 * cell occupied and count the pieces still on it. Return 1 when the rule
 * forbids the cell. */
int wall_check_outside(const state *s, int x, int y, char *msg, size_t cap);
int wall_check_surround(const state *s, int x, int y, char *msg, size_t cap);

#endif /* CITY_LIB_WALL_INTERNAL_H */
