/*
 * Legal-move listing shared by the games: writing moves into the caller's
 * buffer, and the tile placements of a design read from the board's
 * frontier (board_front, board_fit). A game's rules list their own
 * decisions with list_emit and their tile decisions with list_placements,
 * passing what their own rules forbid as a table over a cell's flags
 * (`keep`).
 *
 * Writes: only the caller's buffer. Reads: the board.
 */
#ifndef CITY_LIB_LISTING_H
#define CITY_LIB_LISTING_H

#include <stddef.h>
#include <string.h>

#include "board.h"
#include "city/city.h"
#include "state.h"

/* Write one move at out[*n] when it fits (out may be NULL) and count it
 * when `keep` is 1: a move that may or may not be legal is written either
 * way (past the count it is scratch, which the buffer's contract allows)
 * and kept without a branch on it. Inline: every decision's listing
 * writes through it. */
static inline void list_put(city_move *out, size_t cap, size_t *n,
                            unsigned keep, int kind, int x, int y, int rot,
                            int side, int end, char part)
{
	if (out && *n < cap) {
		city_move *m = &out[*n];
		m->kind = (uint8_t)kind;
		m->rotation = (uint8_t)rot;
		m->side = (uint8_t)side;
		m->end = (uint8_t)end;
		m->part = part;
		memset(m->reserved0, 0, sizeof m->reserved0);
		m->x = x;
		m->y = y;
		memset(m->reserved1, 0, sizeof m->reserved1);
	}
	*n += keep;
}

/* Write one move at out[*n] when it fits (out may be NULL), and count it. */
static inline void list_emit(city_move *out, size_t cap, size_t *n, int kind,
                             int x, int y, int rot, int side, int end,
                             char part)
{
	list_put(out, cap, n, 1, kind, x, y, rot, side, end, part);
}

/* A game's own rule of a frontier cell, the same for every tile and
 * rotation, read from the cell's flags (The City: R-TILE-3/4 once the gate
 * stands, wall_keep): keep[flags & 15] is 15 where tiles may go, 0 where
 * they may not. NULL: every cell. */

/* The placements of the tile of design `design`: every frontier cell in
 * (y, x) order, the rotations that continue its streets (R-TILE-2, by
 * table), at the cells `keep` allows. The start tile goes at (0,0) in any
 * rotation. Moves are written as in list_emit, with scratch past the count
 * within cap; returns their number. */
size_t list_placements(const city_tileset *ts, const state *s, int design,
                       const uint8_t *keep, city_move *out, size_t cap);

/* The base game's placements (C-TILE-1/2): every frontier cell in (y, x)
 * order, the rotations of the design whose rotation signatures are `sig4`
 * that fit it (board_sig_rotations); written as list_placements does. */
size_t list_placements_sig(const state *s, uint32_t sig4, city_move *out,
                           size_t cap);

/* frontier cells, at most, and the one entry past them that the
 * listing's scan may write (listing.c, keep_fit) */
#define LIST_MAX_CELLS (2 * TS_MAX_TILES + 3)

/* A tile decision's placements before they are written as moves (a
 * playout picks one of them, issue 27): the frontier index of each cell
 * where a rotation fits, in listing order, and its set of rotations (bit
 * r), for i < n. The listing's moves are these cells' rotations, each
 * cell's in rising order. */
typedef struct list_cells {
	int n;
	uint16_t cell[LIST_MAX_CELLS];
	uint8_t rset[LIST_MAX_CELLS + 8]; /* 8 zero bytes after n: padding */
} list_cells;

/* What a game's list_cells hook answers when the decision's moves have
 * no such form (not a tile decision; the start tile on an empty board). */
#define LIST_NO_CELLS ((size_t)-1)

/* list_placements and list_placements_sig into *lc: the same cells and
 * rotations, the same `keep` table; returns the number of
 * moves the listing would write. */
size_t list_placements_cells(const city_tileset *ts, const state *s,
                             int design, const uint8_t *keep,
                             list_cells *lc);
size_t list_placements_sig_cells(const state *s, uint32_t sig4,
                                 list_cells *lc);
/* Pads *lc (its n and entries written) and returns the number of its
 * moves. */
size_t list_cells_done(list_cells *lc);
/* Move k (< the count list_cells_done gave) of *lc, exactly as the
 * listing writes it. */
void list_cells_move(const state *s, const list_cells *lc, size_t k,
                     city_move *m);

/* Whether the tile of `design` has a placement (R-TURN-4): a cell where a
 * rotation fits and `keep` (as in list_placements) allows. */
static inline int list_has_placement(const city_tileset *ts, const state *s,
                                     int design, const uint8_t *keep)
{
	const ts_design *d = &ts->designs[design];
	const fcell *f = st_front(s);
	int i, nf = s->board.n_front;
	if (s->board.n_tiles == 0)
		return 1; /* the start tile fits at (0,0) in any rotation */
	for (i = 0; i < nf; i++)
		if (board_front_rotations(d, &f[i]) &
		    (keep ? keep[f[i].flags & 15u] : 15u))
			return 1;
	return 0;
}

#endif /* CITY_LIB_LISTING_H */
