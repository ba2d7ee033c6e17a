/*
 * The board: placed tiles by cell, placement legality (R-TILE-1..5) and the
 * geometry of the city's outline (R-GEO-8): contour steps, the outer contour
 * walk, exterior/hole classification.
 */
#ifndef CITY_LIB_BOARD_H
#define CITY_LIB_BOARD_H

#include <stddef.h>

#include "state.h"

/* A side of a cell: (x, y, s). Used for contour sides and wall pieces. */
typedef struct bside {
	int16_t x, y;
	uint8_t s;
} bside;

/* An optional cell treated as occupied by the geometry functions, to ask
 * "what if a tile were placed here" without changing the state. */
typedef struct bextra {
	int16_t x, y;
	uint8_t on;
} bextra;

/* Tile index at a cell, or -1. */
int board_tile_at(const state *s, int x, int y);
/* Design side shown on board side `side` by placed tile t. */
const ts_side *board_tile_side(const city_tileset *ts, const state *s,
                               int t, int side);

/* Where placed tile t meets its neighbour across board side `side`: the
 * neighbour, its design, and the two design sides shown there (t's and the
 * neighbour's, whose halves meet left to right). */
typedef struct bfacing {
	const ptile *q;        /* the neighbour */
	const ts_design *od;   /* its design */
	const ts_side *mine;   /* t's design side on `side` */
	const ts_side *theirs; /* the neighbour's design side facing it */
} bfacing;

/* For placed tile p of design d: fill *f and return 1, or return 0 when
 * no tile is across that side (follows the neighbour links: no cell
 * look-up). The caller passes d so that it is not loaded again per side. */
static inline int board_facing(const city_tileset *ts, const state *s,
                               const ptile *p, const ts_design *d, int side,
                               bfacing *f)
{
	if (p->nb[side] == NO_TILE)
		return 0;
	f->q = &st_ctiles(s)[p->nb[side]];
	f->od = &ts->designs[f->q->design];
	f->mine = &d->side[(side - pt_rot(p)) & 3];
	f->theirs = &f->od->side[(side + 2 - pt_rot(f->q)) & 3];
	return 1;
}
/* Insert a placed tile (no checks; the caller checked legality) and update
 * the frontier, neighbour links, corner bits and contour labels around it.
 * `front` is the cell's index in the frontier (as found by the legality
 * test), -1 only for the start tile. Returns the tile's index. */
int board_insert(const city_tileset *ts, state *s, int front, int x, int y,
                 int design, int rot);
/* A wall piece now occupies side `side` of the tile at (x, y): the cell
 * outside it is closed to tiles (R-TILE-3). */
void board_block_outside(state *s, int x, int y, int side);
/* Label the sides of the outer contour (st_walk) from scratch: when the
 * gate is built; placements keep the labels up to date. */
void board_index_contour(state *s);
/* R-TILE-4 at a frontier cell that may enclose cells (FC_SPLITS) once the
 * gate is built: whether every wall piece stays on the outer contour. */
int board_wall_survives(const state *s, const fcell *f);
/* R-TILE-3/4 for a frontier cell (independent of the tile and rotation). */
static inline int board_front_fits_walls(const state *s, const fcell *f)
{
	if (f->flags & FC_BLOCKED)
		return 0;
	return !s->gate_placed || !(f->flags & FC_SPLITS) ||
	       board_wall_survives(s, f);
}
/* The frontier cell at (x, y), or NULL. */
const fcell *board_front_at(const state *s, int x, int y);
/* Whether R-TILE-4 is trivially satisfied at a frontier cell (no gate, or
 * occupying it cannot enclose any cell). */
static inline int board_front_simple(const state *s, const fcell *f)
{
	return !s->gate_placed || !(f->flags & FC_SPLITS);
}
/* R-TILE-2 as a table: bit r of board_fit[m << 8 | present << 4 | streets]
 * is set when a design with street sides m, turned r quarter turns, has
 * streets exactly on the sides of `present` that have `streets`. */
extern const uint8_t board_fit[4096];
/* The rotations (bit r) in which a design fits the streets of a frontier
 * cell (R-TILE-2). */
static inline unsigned board_front_rotations(const ts_design *d,
                                             const fcell *f)
{
	return board_fit[(unsigned)d->street_mask << 8 |
	                 (unsigned)f->present << 4 | f->streets];
}

/* Placement checks. Return 0 when legal, else write the reason (rule id,
 * cell, side) into msg (may be NULL) and return 1. */
int board_check_placement(const city_tileset *ts, const state *s, int x,
                          int y, int design, int rot, char *msg, size_t cap);

/* The next side of the outer contour from a tile side given as (tile
 * index, side), clockwise (turn 1) or counter-clockwise (turn 3), following
 * the tiles' neighbour links and corner bits: a cell look-up only where a
 * tile touches the corner alone (contour_next looks up every step). */
void board_step(const state *s, int *t, int *side, int turn);
/* Contour step (R-GEO-8): the next contour side clockwise from contour
 * side b, with e.on the extra cell counted as a tile. */
bside contour_next(const state *s, bside b, bextra e);
/* The first side of the outer contour walk: the north side of the
 * north-most, then west-most tile. */
bside contour_start(const state *s, bextra e);
/* Length of the outer contour; with e.on the extra cell counts as a tile.
 * When `walled` is not NULL it receives how many walk sides hold a wall
 * piece or the gate. */
int contour_length(const state *s, bextra e, int *walled);
/* Whether side b of a tile lies on the outer contour. */
int contour_contains(const state *s, bside b);
/* CITY_CELL_TILE / CITY_CELL_EXTERIOR / CITY_CELL_HOLE. */
int board_cell_kind(const state *s, int x, int y);

static inline int bside_eq(bside a, bside b)
{
	return a.x == b.x && a.y == b.y && a.s == b.s;
}

#endif /* CITY_LIB_BOARD_H */
