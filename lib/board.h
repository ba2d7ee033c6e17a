/*
 * The board: placed tiles by cell, the frontier, placement legality
 * (R-TURN-2, R-TILE-1/2) and the geometry of the city's outline (R-GEO-8):
 * contour steps and walks, contour labels, exterior/hole classification.
 * It knows nothing of any game's pieces: a game seals tile sides
 * (board_seal_side) and turns the contour labels on (board_index_contour);
 * it only clears The City's R-TILE-4 verdict bits of a frontier cell whose
 * ring changes or which a seal blocks (wall_internal.h says why).
 *
 * Writes: state.board and the arrays tiles, corner, hash, front, walk.
 * Reads: the tile set.
 */
#ifndef CITY_LIB_BOARD_H
#define CITY_LIB_BOARD_H

#include <assert.h>
#include <stddef.h>
#include <string.h>

#include "city/city.h"
#include "compiler.h"
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

/* Side bits m (bit s: board side s, 4 bits) turned r quarter turns
 * clockwise (r in 0..3): a constant expression when m and r are, for the
 * tables built by the preprocessor. */
#define SIDES_TURN(m, r) ((((m) << (r)) | ((m) >> ((4 - (r)) & 3))) & 15u)

/* Whether no tile is placed yet. */
static inline int board_is_empty(const state *s)
{
	return s->board.n_tiles == 0;
}
/* The cell hash (open addressing over st_hash, linear probing). */
static inline uint32_t board_cell_hash(int x, int y)
{
	return ((uint32_t)x * 73856093u) ^ ((uint32_t)y * 19349663u);
}
/* The hash probe: the tile at (x, y), or -1 (no bounds test: x and y are
 * within the board's extent, so they fit ptile's int16_t). */
_Static_assert(offsetof(ptile, y) == offsetof(ptile, x) + sizeof(int16_t),
               "ptile: x and y side by side");
static inline int board_probe(const state *s, int x, int y)
{
	const uint8_t *h = st_hash(s);
	const ptile *t = st_tiles(s);
	uint32_t i = board_cell_hash(x, y) & s->lay.hash_mask, xy, at;
	/* the cell as ptile's x and y lie in memory: one compare a probe */
	int16_t c[2];
	c[0] = (int16_t)x;
	c[1] = (int16_t)y;
	memcpy(&xy, c, sizeof xy);
	while (h[i]) {
		memcpy(&at, &t[h[i] - 1].x, sizeof at);
		if (at == xy)
			return h[i] - 1;
		i = (i + 1) & s->lay.hash_mask;
	}
	return -1;
}
/* The index of the tile at (x, y), known to hold one (the frontier's ring
 * bits said so): no bounds test. */
static inline int board_tile_known(const state *s, int x, int y)
{
	int t = board_probe(s, x, y);
	assert(t >= 0); /* the caller's ring bits were wrong */
	return t;
}
/* Tile index at a cell, or -1. */
int board_tile_at(const state *s, int x, int y);
/* Bit d: design side d shows a city region (the base game; 0 in The
 * City's tile sets). The frontier keeps it per side (fcell.streets bits
 * 4-7) for the base game's edge test. */
static inline unsigned board_city_mask(const ts_design *d)
{
	return (unsigned)(d->parts[d->side[0].left].kind == TS_CITY) |
	       (unsigned)(d->parts[d->side[1].left].kind == TS_CITY) << 1 |
	       (unsigned)(d->parts[d->side[2].left].kind == TS_CITY) << 2 |
	       (unsigned)(d->parts[d->side[3].left].kind == TS_CITY) << 3;
}
/* The base game's edge signature of design d as written: bit s a road end
 * on design side s, bit 4 + s a city side; a river side (The River) has
 * both, which only another river side matches (V-GEO-1). */
static inline unsigned board_side_bits(const ts_design *d)
{
	unsigned r = d->river;
	return ((unsigned)d->street_mask | r) | (board_city_mask(d) | r) << 4;
}
/* The tiles on the 8 cells around placed tile t (side neighbours and
 * corner bits: no look-up when none). */
static inline int board_around(const state *s, int t)
{
	const ptile *p = &st_tiles(s)[t];
	int n = 0, k;
	for (k = 0; k < 4; k++)
		n += p->nb[k] != NO_TILE;
	for (k = 0; k < 4; k++)
		n += st_corner(s)[t] >> k & 1;
	return n;
}
/* Whether all 8 cells around placed tile t hold tiles (board_around ==
 * 8) in two loads: the four neighbour links (none is NO_TILE) and the
 * corner bits. */
static inline int board_surrounded(const state *s, int t)
{
	uint32_t nb;
	memcpy(&nb, st_tiles(s)[t].nb, sizeof nb);
	/* a byte of ~nb is zero where a link is NO_TILE (0xFF) */
	nb = ~nb;
	return (st_corner(s)[t] == 15u) &
	       !((nb - 0x01010101u) & ~nb & 0x80808080u);
}
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

/* The sides of placed tile p with a neighbour (bit s: p->nb[s] is a
 * tile), from the four links in one load: a caller walks them as a bit
 * set (one loop exit to predict, not a test per side). */
static inline unsigned board_linked_sides(const ptile *p)
{
#if defined(CITY_LITTLE_ENDIAN)
	uint32_t nb;
	memcpy(&nb, p->nb, sizeof nb);
	/* a byte of ~nb is non-zero where a link is a tile: bit 7 of each
	 * byte says so (no carry crosses bytes); link s is byte s */
	nb = ~nb;
	nb = (((nb & 0x7F7F7F7Fu) + 0x7F7F7F7Fu) | nb) & 0x80808080u;
	return (nb >> 7 | nb >> 14 | nb >> 21 | nb >> 28) & 15u;
#else
	return (unsigned)(p->nb[0] != NO_TILE) |
	       (unsigned)(p->nb[1] != NO_TILE) << 1 |
	       (unsigned)(p->nb[2] != NO_TILE) << 2 |
	       (unsigned)(p->nb[3] != NO_TILE) << 3;
#endif
}
/* Where placed tile p of design d meets its neighbour across side
 * `side`, which has one (board_linked_sides): follows the neighbour
 * links, no cell look-up. The caller passes d so that it is not loaded
 * again per side. */
static inline bfacing board_facing_linked(const city_tileset *ts,
                                          const state *s, const ptile *p,
                                          const ts_design *d, int side)
{
	bfacing f;
	f.q = &st_tiles(s)[p->nb[side]];
	f.od = &ts->designs[f.q->design];
	f.mine = &d->side[(side - pt_rot(p)) & 3];
	f.theirs = &f.od->side[(side + 2 - pt_rot(f.q)) & 3];
	return f;
}
/* The same for any side: fill *f and return 1, or return 0 when no tile
 * is across it. */
static inline int board_facing(const city_tileset *ts, const state *s,
                               const ptile *p, const ts_design *d, int side,
                               bfacing *f)
{
	if (p->nb[side] == NO_TILE)
		return 0;
	*f = board_facing_linked(ts, s, p, d, side);
	return 1;
}
/* board_facing without a branch on whether a tile is across the side:
 * returns 1 when one is, else 0 with the tile itself standing in for the
 * neighbour (f->q == p), so that the caller masks what it keeps by the
 * result instead of branching on it. */
static inline unsigned board_facing_masked(const city_tileset *ts,
                                           const state *s, const ptile *p,
                                           const ts_design *d, int side,
                                           bfacing *f)
{
	const ptile *tl = st_tiles(s);
	unsigned nb = p->nb[side], linked = nb != NO_TILE, m = 0u - linked;
	/* a mask, not a conditional: compilers turn the latter into a
	 * branch here */
	f->q = &tl[(nb & m) | ((unsigned)(p - tl) & ~m)];
	f->od = &ts->designs[f->q->design];
	f->mine = &d->side[(side - pt_rot(p)) & 3];
	f->theirs = &f->od->side[(side + 2 - pt_rot(f->q)) & 3];
	return linked;
}
/* Insert a placed tile (no checks; the caller checked legality) and update
 * the frontier, neighbour links, corner bits and contour labels around it.
 * `front` is the cell's index in the frontier (as found by the legality
 * test), -1 only for the start tile. Returns the tile's index. */
int board_insert(const city_tileset *ts, state *s, int front, int x, int y,
                 int design, int rot);
/* Seal side `side` of placed tile t (The City: a wall piece or the gate
 * stands there): the tile's sealed bit, and the cell outside it is closed
 * to tiles (FC_BLOCKED). */
void board_seal_side(state *s, int t, int side);
/* Label the sides of the outer contour (st_walk) from scratch and keep
 * them up to date from now on (board.labelled): a game turns this on when
 * its rules need the labels (The City: once the gate is built). */
void board_index_contour(state *s);
/* The same in one walk with the test that side `side` of placed tile t
 * lies on the outer contour (The City's gate, R-WALL-3): labels only when
 * it does (returns 1), else changes nothing (returns 0). */
int board_index_contour_at(state *s, int t, int side);
#define WALK_NONE 0xFFFFu
#define WALK_SPAN 32768u
/* The label of side `side` of the tile at (x, y), a cell the caller knows
 * holds a tile (WALK_NONE: not on the outer contour). */
static inline unsigned board_label_at(const state *s, int x, int y, int side)
{
	return st_walk(s)[board_tile_known(s, x, y) * 4 + side];
}
/* The label of an outer contour side that stays on the outer contour when
 * cell (x, y) is occupied, given the extreme tiles: the start side (north
 * of the top tile), or the south side of the bottom tile when (x, y)
 * covers the start side. */
static inline unsigned board_extreme_label_of(const state *s, int top,
                                              int bottom, int x, int y)
{
	const ptile *tp = &st_tiles(s)[top];
	if (tp->x == x && tp->y == y + 1)
		return st_walk(s)[bottom * 4 + CITY_SIDE_S];
	return st_walk(s)[top * 4 + CITY_SIDE_N];
}
/* The same for the board as it is. */
static inline unsigned board_extreme_label(const state *s, int x, int y)
{
	return board_extreme_label_of(s, s->board.top, s->board.bottom, x, y);
}
/* Whether occupying empty cell (x, y) could split the empty cells around
 * it (the slow twin of FC_SPLITS: looks the 8 neighbours up). */
int board_cell_may_enclose(const state *s, int x, int y);
/* The index of the first frontier cell whose key (fc_key) is not below
 * `key` (n_front if none), by a branch-free binary search. */
int board_front_lower(const state *s, uint32_t key);
/* The number of set bits of a frontier row, without a branch or a library
 * call (no POPCNT in the baseline x86-64 the library is built for). */
static inline int board_frow_count(frow_bits m)
{
	m -= m >> 1 & 0x55555555u;
	m = (m & 0x33333333u) + (m >> 2 & 0x33333333u);
	m = (m + (m >> 4)) & 0x0F0F0F0Fu;
	return (int)((m * 0x01010101u) >> 24);
}
/* The frontier index of the first cell at or after bit bx of row ry of
 * the row index (both biased by FROW_BIAS, within the window): the row's
 * start plus the row's cells before it. */
static inline int board_frow_index(const state *s, unsigned bx, unsigned ry)
{
	return st_frow_start(s)[ry] +
	       board_frow_count(st_frow(s)[ry] & (((frow_bits)1 << bx) - 1u));
}
/* The frontier cell at (x, y) by a search (board.wide), or NULL. */
const fcell *board_front_search(const state *s, int x, int y);
/* The frontier cell at (x, y), or NULL: while the row index is kept, its
 * row's start plus the cells before it in the row, no search. */
static inline const fcell *board_front_at(const state *s, int x, int y)
{
	/* unsigned: any int x, y, none overflows */
	unsigned bx = (unsigned)x + FROW_BIAS, ry = (unsigned)y + FROW_BIAS;
	frow_bits row;
	if (s->board.wide)
		return board_front_search(s, x, y);
	if ((bx | ry) >= FROW_ROWS)
		return NULL; /* outside the window: no frontier cell there */
	row = st_frow(s)[ry];
	if (!(row >> bx & 1u))
		return NULL;
	return &st_front(s)[board_frow_index(s, bx, ry)];
}
/* The frontier: *n cells sorted by (y, x). */
static inline const fcell *board_front(const state *s, int *n)
{
	*n = s->board.n_front;
	return st_front(s);
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

/* The base game's edge test (C-TILE-2), four rotations at once: bit r
 * set when the design whose rotation signatures are `sig4` (byte r: road
 * ends in bits 0-3, city sides in bits 4-7, turned r) fits frontier cell
 * f. The cell's street byte holds, per side with a tile, the road end and
 * the city that tile shows, its present bits which sides have one; a byte
 * of (sig4 ^ need) & mask is zero where every present side matches. */
static inline unsigned board_sig_rotations(const fcell *f, uint32_t sig4)
{
	uint32_t x = (sig4 ^ f->streets * 0x01010101u) &
	             (f->present * 0x11111111u);
	uint32_t z = ~(((x & 0x7F7F7F7Fu) + 0x7F7F7F7Fu) | x | 0x7F7F7F7Fu);
	/* bit 7 of byte r set when byte r is zero: one multiply gathers the
	 * four bits into bits 24..27 */
	return (unsigned)(((z >> 7 & 0x01010101u) * 0x01020408u) >> 24 & 0xFu);
}

/* board_sig_rotations of the four frontier cells f[0..3] at once: bits
 * 4c..4c+3 are cell c's rotations. With SSE2 the four cells are one
 * vector (a zero byte of (sig ^ streets) & present is a fitting rotation,
 * and pcmpeqb finds them all); elsewhere four calls. */
#if defined(CITY_SSE2)
_Static_assert(offsetof(fcell, present) == 4 &&
                   offsetof(fcell, streets) == 5 && sizeof(fcell) == 8,
               "fcell layout");
static inline unsigned board_sig_rotations4(const fcell *f, uint32_t sig4)
{
	const __m128i low = _mm_set1_epi32(0xFF), side = _mm_set1_epi32(0xF);
	__m128i a = _mm_loadu_si128((const __m128i *)(const void *)f);
	__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(f + 2));
	/* the second word of each cell: present, streets, ring, flags */
	__m128i w = _mm_castps_si128(_mm_shuffle_ps(
	    _mm_castsi128_ps(a), _mm_castsi128_ps(b), _MM_SHUFFLE(3, 1, 3, 1)));
	__m128i st = _mm_and_si128(_mm_srli_epi32(w, 8), low);
	__m128i pr = _mm_and_si128(w, side);
	/* the street byte in all four bytes, the present bits in all eight
	 * nibbles: board_sig_rotations' two multiplies */
	st = _mm_or_si128(st, _mm_slli_epi32(st, 8));
	st = _mm_or_si128(st, _mm_slli_epi32(st, 16));
	pr = _mm_or_si128(pr, _mm_slli_epi32(pr, 4));
	pr = _mm_or_si128(pr, _mm_slli_epi32(pr, 8));
	pr = _mm_or_si128(pr, _mm_slli_epi32(pr, 16));
	return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(
	    _mm_and_si128(_mm_xor_si128(_mm_set1_epi32((int)sig4), st), pr),
	    _mm_setzero_si128()));
}
#else
static inline unsigned board_sig_rotations4(const fcell *f, uint32_t sig4)
{
	return board_sig_rotations(&f[0], sig4) |
	       board_sig_rotations(&f[1], sig4) << 4 |
	       board_sig_rotations(&f[2], sig4) << 8 |
	       board_sig_rotations(&f[3], sig4) << 12;
}
#endif

/* Placement checks, each rule on its own: return 0 when it holds, else
 * write the reason (rule id, cell, side) into msg (may be NULL) and return
 * 1. board_check_cell: R-TURN-2 (the start tile at (0,0)) and R-TILE-1 (an
 * empty cell beside a tile); board_check_streets: R-TILE-2. */
int board_check_cell(const state *s, int x, int y, char *msg, size_t cap);
int board_check_streets(const city_tileset *ts, const state *s, int x, int y,
                        int design, int rot, char *msg, size_t cap);

/* The next side of the outer contour from a tile side given as (tile
 * index, side), clockwise (turn 1) or counter-clockwise (turn 3), following
 * the tiles' neighbour links and corner bits: a cell look-up only where a
 * tile touches the corner alone (board_contour_next looks up every step).
 * Inline: the contour walks (labels, final walls, wall ends) step often. */
static inline void board_step(const state *s, int *t, int *side, int turn)
{
	const ptile *tl = st_tiles(s);
	int d = (*side + turn) & 3, a = tl[*t].nb[d];
	int ahead = a != NO_TILE, ma, mc, x, diag;
	/* a tile diagonally ahead (the corner bit between the two sides) */
	int c = st_corner(s)[*t] >> (turn == 1 ? *side : d) & 1;
	/* touching the corner only (rare): a cell look-up */
	if (c & (ahead ^ 1)) {
		*t = board_tile_known(s, tl[*t].x + DX[*side] + DX[d],
		                      tl[*t].y + DY[*side] + DY[d]);
		*side = (*side + 4 - turn) & 3;
		return;
	}
	/* else, selected by masks, not branches (which one is random): left
	 * around the tile diagonally ahead (c, so there is a tile ahead
	 * too: the diagonal is its link), straight on along the tile ahead,
	 * or right around the convex corner (no tile ahead: the tile's own
	 * link stands in for the diagonal and is not taken) */
	ma = -ahead;
	mc = -c;
	x = (a & ma) | (*t & ~ma);
	diag = tl[x].nb[*side];
	*t = (diag & mc) | (x & ~mc);
	/* turned back by `turn`, straight on, or turned on by it */
	*side = (*side + turn * (1 - ahead - c)) & 3;
}

/* The one contour iterator: the sides of the outer contour clockwise from
 * the north side of the top tile, by neighbour links (board_step).
 *   contour_it it;
 *   for (board_contour_first(s, &it); it.left; board_contour_advance(s, &it))
 *           ... it.t, it.side ...                                       */
typedef struct contour_it {
	int t, side; /* the current side: tile index, side */
	int left;    /* 0 once the walk is back at its start (or no tile) */
} contour_it;
static inline void board_contour_first(const state *s, contour_it *it)
{
	it->t = s->board.top;
	it->side = CITY_SIDE_N;
	it->left = s->board.n_tiles ? 4 * s->board.n_tiles + 4 : 0;
}
static inline void board_contour_advance(const state *s, contour_it *it)
{
	board_step(s, &it->t, &it->side, 1);
	if ((it->t == s->board.top && it->side == CITY_SIDE_N) || --it->left == 0)
		it->left = 0;
}

/* The slow twin of the contour walk, by cell look-ups (R-GEO-8): the next
 * contour side clockwise from contour side b, with e.on the extra cell
 * counted as a tile. */
bside board_contour_next(const state *s, bside b, bextra e);
/* The first side of the outer contour walk: the north side of the
 * north-most, then west-most tile. */
bside board_contour_start(const state *s, bextra e);
/* Length of the outer contour; with e.on the extra cell counts as a tile.
 * When `walled` is not NULL it receives how many walk sides hold a wall
 * piece or the gate. */
int board_contour_length(const state *s, bextra e, int *walled);
/* Whether side b of a tile lies on the outer contour. */
int board_contour_contains(const state *s, bside b);
/* CITY_CELL_TILE / CITY_CELL_EXTERIOR / CITY_CELL_HOLE. */
int board_cell_kind(const state *s, int x, int y);

static inline int bside_eq(bside a, bside b)
{
	return a.x == b.x && a.y == b.y && a.s == b.s;
}

#endif /* CITY_LIB_BOARD_H */
