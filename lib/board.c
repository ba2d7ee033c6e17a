/* The board: cells, placement legality, the city's outline. */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "city/city.h"

static const char *const side_name[4] = {"north", "east", "south", "west"};

static uint32_t cell_hash(int x, int y)
{
	return ((uint32_t)x * 73856093u) ^ ((uint32_t)y * 19349663u);
}

/* The hash probe: the tile at (x, y), or -1. */
static inline int tile_probe(const state *s, int x, int y)
{
	const uint8_t *h = st_chash(s);
	const ptile *t = st_ctiles(s);
	uint32_t i = cell_hash(x, y) & s->hash_mask;
	while (h[i]) {
		const ptile *p = &t[h[i] - 1];
		if (p->x == x && p->y == y)
			return h[i] - 1;
		i = (i + 1) & s->hash_mask;
	}
	return -1;
}

int board_tile_at(const state *s, int x, int y)
{
	if (x < s->min_x || x > s->max_x || y < s->min_y || y > s->max_y)
		return -1;
	return tile_probe(s, x, y);
}

/* The index of the tile at (x, y), known to hold one (the frontier's ring
 * bits said so): no bounds check. */
static int tile_known(const state *s, int x, int y)
{
	int t = tile_probe(s, x, y);
	assert(t >= 0); /* the caller's ring bits were wrong */
	return t;
}

static int occupied(const state *s, int x, int y, bextra e)
{
	if (e.on && e.x == x && e.y == y)
		return 1;
	return board_tile_at(s, x, y) >= 0;
}

const ts_side *board_tile_side(const city_tileset *ts, const state *s, int t,
                               int side)
{
	const ptile *p = &st_ctiles(s)[t];
	return &ts->designs[p->design].side[(side - pt_rot(p)) & 3];
}

/* ---- the R-TILE-2 table ------------------------------------------------ */

#define FIT_ROT(m, r) ((((m) << (r)) | ((m) >> (4 - (r)))) & 15)
#define FIT_R(m, p, s, r) ((FIT_ROT(m, r) & (p)) == (s) ? 1 << (r) : 0)
#define FIT_1(m, p, s)                                                     \
	(FIT_R(m, p, s, 0) | FIT_R(m, p, s, 1) | FIT_R(m, p, s, 2) |       \
	 FIT_R(m, p, s, 3))
#define FIT_S(m, p)                                                        \
	FIT_1(m, p, 0), FIT_1(m, p, 1), FIT_1(m, p, 2), FIT_1(m, p, 3),    \
	    FIT_1(m, p, 4), FIT_1(m, p, 5), FIT_1(m, p, 6), FIT_1(m, p, 7), \
	    FIT_1(m, p, 8), FIT_1(m, p, 9), FIT_1(m, p, 10),               \
	    FIT_1(m, p, 11), FIT_1(m, p, 12), FIT_1(m, p, 13),             \
	    FIT_1(m, p, 14), FIT_1(m, p, 15)
#define FIT_P(m)                                                           \
	FIT_S(m, 0), FIT_S(m, 1), FIT_S(m, 2), FIT_S(m, 3), FIT_S(m, 4),   \
	    FIT_S(m, 5), FIT_S(m, 6), FIT_S(m, 7), FIT_S(m, 8), FIT_S(m, 9), \
	    FIT_S(m, 10), FIT_S(m, 11), FIT_S(m, 12), FIT_S(m, 13),        \
	    FIT_S(m, 14), FIT_S(m, 15)

const uint8_t board_fit[4096] = {
    FIT_P(0),  FIT_P(1),  FIT_P(2),  FIT_P(3),  FIT_P(4),  FIT_P(5),
    FIT_P(6),  FIT_P(7),  FIT_P(8),  FIT_P(9),  FIT_P(10), FIT_P(11),
    FIT_P(12), FIT_P(13), FIT_P(14), FIT_P(15)};

/* ---- frontier --------------------------------------------------------- */

/* Neighbour offsets in ring order: N, NE, E, SE, S, SW, W, NW. */
static const int RX[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int RY[8] = {-1, -1, 0, 1, 1, 1, 0, -1};

/* Index of the first frontier cell in [lo, hi) not before key k (hi if
 * none). Branch-free: the comparisons of a binary search over a changing
 * frontier do not predict. */
static int front_lower_in(const fcell *f, int lo, int hi, uint32_t k)
{
	const fcell *b = f + lo;
	int len = hi - lo;
	if (len <= 0)
		return lo;
	while (len > 1) {
		int half = len >> 1;
		/* a mask, not a conditional: compilers turn the latter into
		 * a branch here */
		b += half & -(int)(b[half - 1].key < k);
		len -= half;
	}
	return (int)(b - f) + (b->key < k);
}

/* front_lower_in near a known position: the rows next to a placed cell are
 * usually a few cells away from it, so count the cells before k in the
 * window of NEAR cells that ends at `to` (below) or starts at `from`
 * (above) without branching, and search only when the row is further. */
#define NEAR 8
static int front_lower_before(const fcell *f, int to, uint32_t k)
{
	int from = to > NEAR ? to - NEAR : 0, j, c = 0;
	if (from > 0 && f[from].key >= k)
		return front_lower_in(f, 0, from, k);
	for (j = from; j < to; j++)
		c += f[j].key < k;
	return from + c;
}

static int front_lower_after(const fcell *f, int from, int n, uint32_t k)
{
	int to = n - from > NEAR ? from + NEAR : n, j, c = 0;
	if (to < n && f[to - 1].key < k)
		return front_lower_in(f, to, n, k);
	for (j = from; j < to; j++)
		c += f[j].key < k;
	return from + c;
}

/* Index of the first frontier cell not before (x, y). */
static int front_lower(const state *s, int x, int y)
{
	return front_lower_in(st_cfront(s), 0, s->n_front, fc_key(x, y));
}

/* Index of (x, y) in the sorted frontier, or -(insertion point) - 1. */
static int front_find(const state *s, int x, int y)
{
	const fcell *f = st_cfront(s);
	int i = front_lower(s, x, y);
	if (i < s->n_front && f[i].key == fc_key(x, y))
		return i;
	return -i - 1;
}

/* Could occupying a cell with this ring of neighbours split the empty
 * cells around it? Only then can a placement turn exterior cells into a
 * hole (R-TILE-4): with its empty side-neighbours connected around it,
 * every path through the cell can go around it. With k empty sides, of
 * which `links` reach the next empty side around an empty corner, the
 * empty sides form k - links groups (one when all four link up). A table
 * over the 256 rings, built by the preprocessor from that rule. */
#define RB(r, b) ((r) >> ((b) & 7) & 1)
#define RK(r) (4 - RB(r, 0) - RB(r, 2) - RB(r, 4) - RB(r, 6))
#define RL1(r, s) (!RB(r, 2 * (s)) && !RB(r, 2 * (s) + 1) && !RB(r, 2 * (s) + 2))
#define RL(r) (RL1(r, 0) + RL1(r, 1) + RL1(r, 2) + RL1(r, 3))
#define RSPLIT(r)                                                          \
	(RK(r) != 0 &&                                                     \
	 ((RK(r) == 4 && RL(r) == 4) ? 1 : RK(r) - RL(r)) > 1)
#define RS4(r) RSPLIT(r), RSPLIT(r + 1), RSPLIT(r + 2), RSPLIT(r + 3)
#define RS16(r) RS4(r), RS4(r + 4), RS4(r + 8), RS4(r + 12)
#define RS64(r) RS16(r), RS16(r + 16), RS16(r + 32), RS16(r + 48)
static const uint8_t RING_SPLITS[256] = {RS64(0), RS64(64), RS64(128),
                                         RS64(192)};

static int ring_may_enclose(unsigned ring)
{
	return RING_SPLITS[ring & 255u];
}

static void front_set_ring(fcell *f, unsigned ring)
{
	f->ring = (uint8_t)ring;
	f->flags = (uint8_t)((f->flags & ~FC_SPLITS) |
	                     (ring_may_enclose(ring) ? FC_SPLITS : 0));
}

/* Ring index of the neighbour (dx, dy) of a cell, dx, dy in -1..1. */
static const int8_t RING_OF[3][3] = {{7, 0, 1}, {6, -1, 2}, {5, 4, 3}};

/* Keep the frontier right around tile t just placed at (x, y), from what
 * the frontier already knows, without looking up a single cell: the
 * placed cell's own frontier entry says which of its 8 neighbours hold
 * tiles; its neighbours' entries (three rows of the sorted frontier) get
 * the new tile's bits; a side neighbour that was not frontier yet had no
 * tile beside it, so its ring follows from the placed cell's ring and from
 * the present bits of the two frontier cells diagonal to the placed one. */
static fcell front_update(const city_tileset *ts, state *s, int i, int x,
                          int y, int t)
{
	fcell *f = st_front(s);
	int at[8], k, row, n = s->n_front, del = 0, pos[3], found[8], nfound = 0;
	unsigned ring = 0, has = 0;
	/* the board sides where the new tile has a street */
	const ptile *tp = &st_ctiles(s)[t];
	unsigned sm = ts->designs[tp->design].street_mask, rot = (unsigned)pt_rot(tp);
	unsigned tstreets = ((sm << rot) | (sm >> ((4 - rot) & 3))) & 15u;
	fcell fresh[4], was;
	memset(&was, 0, sizeof was);
	for (k = 0; k < 8; k++)
		at[k] = -1;
	/* the placed cell (absent only for the start tile) */
	if (i >= 0) {
		was = f[i];
		ring = f[i].ring;
		del = 1;
	} else {
		i = 0;
	}
	/* its frontier neighbours, row by row (found[]: ring indices) */
	for (row = -1; row <= 1; row++) {
		uint32_t west = fc_key(x - 1, y + row);
		/* the row above lies before the placed cell, the row below
		 * after it */
		int j = row == 0 ? i
		        : row < 0 ? front_lower_before(f, i, west)
		                  : front_lower_after(f, i + del, n, west);
		if (row == 0) {
			if (j > 0 && f[j - 1].key == west) {
				at[6] = j - 1;
				found[nfound++] = 6;
			}
			j += del; /* past the placed cell */
			if (j < n && f[j].key == west + 2) {
				at[2] = j;
				found[nfound++] = 2;
			}
			continue;
		}
		/* where a new cell straight north / south would go */
		pos[row + 1] = j + (j < n && f[j].key == west);
		for (; j < n && f[j].key <= west + 2; j++) {
			k = RING_OF[row + 1][f[j].key - west];
			at[k] = j;
			found[nfound++] = k;
		}
	}
	/* they gain the new tile: every one in its ring; the side ones as a
	 * present side, with the tile's street facing them (no branches on
	 * which they are) */
	for (k = 0; k < nfound; k++) {
		int r = found[k];
		unsigned side = (unsigned)r >> 1, back = (side + 2) & 3u;
		unsigned even = ~(unsigned)r & 1u;
		fcell *c = &f[at[r]];
		front_set_ring(c, c->ring | 1u << ((r + 4) & 7));
		c->present = (uint8_t)(c->present | even << back);
		c->streets = (uint8_t)(c->streets |
		                       (even & tstreets >> side) << back);
	}
	/* the side cells that are neither tiles nor frontier yet */
	{
		unsigned fresh_sides = 0;
		for (k = 0; k < 4; k++)
			fresh_sides |= (unsigned)((at[2 * k] < 0) &
			                          !(ring >> (2 * k) & 1))
			               << k;
		has = fresh_sides;
	}
	for (k = 0; k < 4; k++) {
		/* a new frontier cell on side k (ring index 2k = kk): its
		 * neighbours kk+2, kk+3, kk+5, kk+6 are the placed cell's
		 * kk+1, kk+2, kk+6, kk+7; kk+4 is the placed cell */
		int kk = 2 * k, back = (k + 2) & 3;
		int far_r = (kk + 1) & 7, far_l = (kk + 7) & 7;
		unsigned nr = 1u << ((kk + 4) & 7), b;
		fcell *c;
		if (!(has >> k & 1))
			continue;
		b = ring >> ((kk + 2) & 7) & 1u;
		nr |= b << ((kk + 3) & 7);
		b = ring >> ((kk + 6) & 7) & 1u;
		nr |= b << ((kk + 5) & 7);
		b = ring >> far_r & 1u;
		nr |= b << ((kk + 2) & 7);
		b = ring >> far_l & 1u;
		nr |= b << ((kk + 6) & 7);
		/* the far diagonals: tiles beside the frontier cells
		 * diagonal to the placed one, on this side of them */
		if (at[far_r] >= 0 && (f[at[far_r]].present >> k & 1))
			nr |= 1u << ((kk + 1) & 7);
		if (at[far_l] >= 0 && (f[at[far_l]].present >> k & 1))
			nr |= 1u << ((kk + 7) & 7);
		c = &fresh[k];
		c->key = fc_key(x + DX[k], y + DY[k]);
		c->present = (uint8_t)(1u << back);
		c->streets = (uint8_t)((tstreets >> k & 1u) << back);
		c->flags = 0;
		front_set_ring(c, nr);
	}
	/* The placed cell leaves and the new cells come in, in (y, x) order:
	 * ... N [pN, i) W E [i + del, pS) S [pS, n); the runs are moved so that
	 * none overwrites one not moved yet. */
	{
		int hn = has & 1, he = has >> 1 & 1, hs = has >> 2 & 1,
		    hw = has >> 3 & 1, pn = pos[0], ps = pos[2];
		int sb = hn + hw + he - del, sc = sb + hs;
		size_t z = sizeof *f;
		if (sb > 0) {
			memmove(&f[ps + sc], &f[ps], (size_t)(n - ps) * z);
			memmove(&f[i + del + sb], &f[i + del],
			        (size_t)(ps - i - del) * z);
		} else {
			memmove(&f[i + del + sb], &f[i + del],
			        (size_t)(ps - i - del) * z);
			memmove(&f[ps + sc], &f[ps], (size_t)(n - ps) * z);
		}
		if (hn) {
			memmove(&f[pn + 1], &f[pn], (size_t)(i - pn) * z);
			f[pn] = fresh[CITY_SIDE_N];
		}
		if (hw)
			f[i + hn] = fresh[CITY_SIDE_W];
		if (he)
			f[i + hn + hw] = fresh[CITY_SIDE_E];
		if (hs)
			f[ps + sb] = fresh[CITY_SIDE_S];
		s->n_front = (uint16_t)(n + sc);
	}
	return was;
}

const fcell *board_front_at(const state *s, int x, int y)
{
	int i;
	if (x < -COORD_LIMIT || x > COORD_LIMIT || y < -COORD_LIMIT ||
	    y > COORD_LIMIT)
		return NULL;
	i = front_find(s, x, y);
	return i >= 0 ? &st_cfront(s)[i] : NULL;
}

void board_block_outside(state *s, int x, int y, int side)
{
	int i = front_find(s, x + DX[side], y + DY[side]);
	if (i >= 0)
		st_front(s)[i].flags |= FC_BLOCKED;
}

static void walk_update(state *s, int t, const fcell *was, int top0,
                        int bottom0);

int board_insert(const city_tileset *ts, state *s, int front, int x, int y,
                 int design, int rot)
{
	uint8_t *h = st_hash(s);
	ptile *tl = st_tiles(s), *p = &tl[s->n_tiles];
	uint32_t i = cell_hash(x, y) & s->hash_mask;
	int idx = s->n_tiles, side, top0 = s->top, bottom0 = s->bottom;
	uint8_t *corner = st_corner(s);
	fcell was;
	p->x = (int16_t)x;
	p->y = (int16_t)y;
	p->design = (uint8_t)design;
	p->rw = (uint8_t)rot;
	p->node0 = s->n_nodes;
	memset(p->nb, NO_TILE, sizeof p->nb);
	while (h[i])
		i = (i + 1) & s->hash_mask;
	h[i] = (uint8_t)(idx + 1);
	if (s->n_tiles == 0 || y < s->min_y ||
	    (y == s->min_y && x < st_ctiles(s)[s->top].x))
		s->top = (uint8_t)idx;
	if (s->n_tiles == 0 || y > s->max_y ||
	    (y == s->max_y && x > st_ctiles(s)[s->bottom].x))
		s->bottom = (uint8_t)idx;
	if (s->n_tiles == 0) {
		s->min_x = s->max_x = (int16_t)x;
		s->min_y = s->max_y = (int16_t)y;
	} else {
		if (x < s->min_x) s->min_x = (int16_t)x;
		if (x > s->max_x) s->max_x = (int16_t)x;
		if (y < s->min_y) s->min_y = (int16_t)y;
		if (y > s->max_y) s->max_y = (int16_t)y;
	}
	s->n_tiles++;
	was = front_update(ts, s, front, x, y, idx);
	/* neighbour links, looked up only where the frontier saw a tile */
	for (side = 0; side < 4; side++)
		if (was.present >> side & 1) {
			int o = tile_known(s, x + DX[side], y + DY[side]);
			p->nb[side] = (uint8_t)o;
			tl[o].nb[(side + 2) & 3] = (uint8_t)idx;
		}
	/* corner bits, both ways; a diagonal tile is found through a side
	 * neighbour when there is one */
	corner[idx] = 0;
	for (side = 0; side < 4; side++)
		if (was.ring >> (2 * side + 1) & 1) {
			int b = (side + 1) & 3, o;
			if (p->nb[side] != NO_TILE)
				o = tl[p->nb[side]].nb[b];
			else if (p->nb[b] != NO_TILE)
				o = tl[p->nb[b]].nb[side];
			else
				o = tile_known(s, x + DX[side] + DX[b],
				               y + DY[side] + DY[b]);
			corner[idx] = (uint8_t)(corner[idx] | 1u << side);
			corner[o] = (uint8_t)(corner[o] | 1u << ((side + 2) & 3));
		}
	if (s->gate_placed)
		walk_update(s, idx, &was, top0, bottom0);
	return idx;
}

/* ---- contour (R-GEO-8) ---------------------------------------------- */

/* contour_next / its mirror on (tile index, side), following the tiles'
 * neighbour links; only a corner-only contact needs a cell look-up. `turn`
 * is 1 (clockwise) or 3 (counter-clockwise), as in contour_step. */
static void step_link(const state *s, int *t, int *side, int turn)
{
	const ptile *tl = st_ctiles(s);
	int d = (*side + turn) & 3, a = tl[*t].nb[d], diag;
	if (a != NO_TILE) {
		diag = tl[a].nb[*side];
		if (diag != NO_TILE) {
			*t = diag;
			*side = (*side + 4 - turn) & 3;
		} else {
			*t = a;
		}
		return;
	}
	/* no tile ahead: around the convex corner, unless a tile touches it
	 * only there (corner `side` clockwise, `d` counter-clockwise) */
	if (!(st_ccorner(s)[*t] >> (turn == 1 ? *side : d) & 1)) {
		*side = d;
		return;
	}
	*t = tile_known(s, tl[*t].x + DX[*side] + DX[d],
	                tl[*t].y + DY[*side] + DY[d]);
	*side = (*side + 4 - turn) & 3;
}

/* Walking clockwise along side b (the city on the right hand), at the end
 * of the side the walk turns left around a tile diagonally ahead (so a
 * corner-only contact keeps the exterior cell on the left and the other
 * free cell becomes a hole), goes straight along a tile ahead, or turns
 * right around the corner of its own tile. Walking counter-clockwise is the
 * mirror image: `turn` is 1 (cw) or 3 (ccw), the direction of travel. */
static bside contour_step(const state *s, bside b, bextra e, int turn)
{
	int d = (b.s + turn) & 3;
	int ox = b.x + DX[b.s], oy = b.y + DY[b.s]; /* the outside cell */
	bside n;
	if (occupied(s, ox + DX[d], oy + DY[d], e)) {
		n.x = (int16_t)(ox + DX[d]);
		n.y = (int16_t)(oy + DY[d]);
		n.s = (uint8_t)((b.s + 4 - turn) & 3);
	} else if (occupied(s, b.x + DX[d], b.y + DY[d], e)) {
		n.x = (int16_t)(b.x + DX[d]);
		n.y = (int16_t)(b.y + DY[d]);
		n.s = b.s;
	} else {
		n = b;
		n.s = (uint8_t)d;
	}
	return n;
}

bside contour_next(const state *s, bside b, bextra e)
{
	return contour_step(s, b, e, 1);
}

bside contour_start(const state *s, bextra e)
{
	bside b = {0, 0, CITY_SIDE_N};
	if (s->n_tiles) {
		b.x = st_ctiles(s)[s->top].x;
		b.y = st_ctiles(s)[s->top].y;
	}
	if (e.on && (!s->n_tiles || e.y < b.y || (e.y == b.y && e.x < b.x))) {
		b.x = e.x;
		b.y = e.y;
	}
	return b;
}

static int side_walled(const state *s, bside b)
{
	int t = board_tile_at(s, b.x, b.y);
	return t >= 0 && pt_walled(&st_ctiles(s)[t], b.s);
}

int contour_length(const state *s, bextra e, int *walled)
{
	bside start, b;
	int n = 0, w = 0, limit = 4 * (s->n_tiles + 1) + 4;
	if (s->n_tiles == 0 && !e.on) {
		if (walled)
			*walled = 0;
		return 0;
	}
	start = b = contour_start(s, e);
	do {
		if (walled && side_walled(s, b))
			w++;
		b = contour_next(s, b, e);
		n++;
	} while (!bside_eq(b, start) && n < limit);
	if (walled)
		*walled = w;
	return n;
}

int contour_contains(const state *s, bside target)
{
	int t0 = s->top, t = t0, side = CITY_SIDE_N, n = 0;
	int want = board_tile_at(s, target.x, target.y);
	int limit = 4 * s->n_tiles + 4;
	if (s->n_tiles == 0 || want < 0)
		return 0;
	do {
		if (t == want && side == target.s)
			return 1;
		step_link(s, &t, &side, 1);
		n++;
	} while ((t != t0 || side != CITY_SIDE_N) && n < limit);
	return 0;
}

int board_cell_kind(const state *s, int x, int y)
{
	int cx;
	if (board_tile_at(s, x, y) >= 0)
		return CITY_CELL_TILE;
	if (s->n_tiles == 0 || x < s->min_x || x > s->max_x || y < s->min_y ||
	    y > s->max_y)
		return CITY_CELL_EXTERIOR;
	/* Look west along the row: the empty run reaches either the outside
	 * of the bounding box (exterior) or a tile whose east side faces the
	 * same empty region; that side is on the outer contour exactly when
	 * the region is the exterior. */
	for (cx = x - 1; cx >= s->min_x; cx--) {
		if (board_tile_at(s, cx, y) >= 0) {
			bside b;
			b.x = (int16_t)cx;
			b.y = (int16_t)y;
			b.s = CITY_SIDE_E;
			return contour_contains(s, b) ? CITY_CELL_EXTERIOR
			                              : CITY_CELL_HOLE;
		}
	}
	return CITY_CELL_EXTERIOR;
}

/* ---- placement legality (R-TILE) ------------------------------------ */

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void say(char *msg, size_t cap, const char *fmt, ...)
{
	va_list ap;
	if (!msg || !cap)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, cap, fmt, ap);
	va_end(ap);
}

/* R-TILE-2: streets continue on every shared side. */
static int streets_continue(const city_tileset *ts, const state *s, int x,
                            int y, int design, int rot, char *msg,
                            size_t cap)
{
	const ts_design *d = &ts->designs[design];
	int side;
	for (side = 0; side < 4; side++) {
		int nx = x + DX[side], ny = y + DY[side];
		int t = board_tile_at(s, nx, ny);
		int mine, theirs;
		if (t < 0)
			continue;
		mine = d->side[(side - rot) & 3].mid != TS_NONE;
		theirs = board_tile_side(ts, s, t, (side + 2) & 3)->mid != TS_NONE;
		if (mine != theirs) {
			say(msg, cap,
				         "R-TILE-2: %s on %s side at (%d,%d) %s of "
				         "tile (%d,%d)",
				         mine ? "street" : "no street",
				         side_name[side], x, y,
				         mine ? "meets no street"
				              : "leaves open the street",
				         nx, ny);
			return 1;
		}
	}
	return 0;
}

static unsigned ring_at(const state *s, int x, int y)
{
	unsigned ring = 0;
	int k;
	for (k = 0; k < 8; k++)
		if (board_tile_at(s, x + RX[k], y + RY[k]) >= 0)
			ring |= 1u << k;
	return ring;
}

void board_step(const state *s, int *t, int *side, int turn)
{
	step_link(s, t, side, turn);
}

/* The outer contour's labels (st_walk, once the gate is built): each side
 * on the outer contour holds a 15-bit label, increasing clockwise along
 * the walk modulo WALK_SPAN, and sides off it hold WALK_NONE. Labels are
 * spread out, so that a placement which only reshapes the contour locally
 * labels its new sides between their neighbours' labels instead of
 * renumbering the whole walk (R-TILE-4 compares labels cyclically). */
#define WALK_NONE 0xFFFFu
#define WALK_SPAN 32768u

void board_index_contour(state *s)
{
	uint16_t *pos = st_walk(s), seq[4 * TS_MAX_TILES + 4];
	int t0 = s->top, t = t0, side = CITY_SIDE_N, i;
	int n = 0, limit = 4 * s->n_tiles + 4;
	unsigned gap;
	memset(pos, 0xFF, (size_t)s->n_tiles * 4 * sizeof *pos);
	do {
		seq[n++] = (uint16_t)(t * 4 + side);
		step_link(s, &t, &side, 1);
	} while ((t != t0 || side != CITY_SIDE_N) && n < limit);
	gap = WALK_SPAN / (unsigned)n;
	for (i = 0; i < n; i++)
		pos[seq[i]] = (uint16_t)((unsigned)i * gap);
	s->walk_len = (uint16_t)n;
}

/* Relabel the contour after tile t was placed on a cell whose frontier
 * entry was `was`; top0 and bottom0 are the extreme tiles before it. A cell
 * in a hole changes nothing outside. Otherwise the sides facing the cell
 * leave the contour, and the cell's free sides come in by groups (runs
 * the walk takes around the tile): the walk reaches a group from the side
 * P before it and leaves it for the side S after it, both old contour
 * sides, and the old arc from S round to P closes with the group into one
 * loop. The loop holding an extreme side is the outer contour: its group
 * is labelled between P and S. Any other loop is a hole made by this
 * placement (R-TILE-4): its arc leaves the contour. When labels run out of
 * room, the whole walk is renumbered. */
static void walk_update(state *s, int t, const fcell *was, int top0,
                        int bottom0)
{
	uint16_t *pos = st_walk(s);
	const ptile *tl = st_ctiles(s);
	unsigned present = was->present, ext, lp, ls, gap;
	int a, e, outer = 0, len = s->walk_len, guard;
	for (a = 0; a < 4; a++)
		pos[t * 4 + a] = WALK_NONE;
	for (a = 0; a < 4 && !(present >> a & 1); a++)
		;
	if (a == 4 || pos[tl[t].nb[a] * 4 + ((a + 2) & 3)] == WALK_NONE)
		return; /* in a hole (or the start tile): no outer side */
	/* an old contour side that stays outer: the old start side, unless
	 * the tile covers it */
	if (tl[top0].x == tl[t].x && tl[top0].y == tl[t].y + 1)
		ext = pos[bottom0 * 4 + CITY_SIDE_S];
	else
		ext = pos[top0 * 4 + CITY_SIDE_N];
	for (a = 0; a < 4; a++)
		if (present >> a & 1) {
			pos[tl[t].nb[a] * 4 + ((a + 2) & 3)] = WALK_NONE;
			len--;
		}
	for (e = 0; e < 4; e++) {
		int pt = t, ps = e, st = t, ss = e, m = 0, k, sides[4];
		if (present >> e & 1)
			continue;
		step_link(s, &pt, &ps, 3);
		if (pt == t)
			continue; /* not the first side of its group */
		do {
			sides[m++] = ss;
			step_link(s, &st, &ss, 1);
		} while (st == t && m < 4);
		lp = pos[pt * 4 + ps];
		ls = pos[st * 4 + ss];
		if (lp == WALK_NONE || ls == WALK_NONE)
			goto renumber; /* cannot happen: both were outer */
		if (((ext - ls) & (WALK_SPAN - 1u)) <= ((lp - ls) & (WALK_SPAN - 1u))) {
			gap = (ls - lp) & (WALK_SPAN - 1u);
			if (outer || gap <= (unsigned)m)
				goto renumber;
			for (k = 0; k < m; k++)
				pos[t * 4 + sides[k]] = (uint16_t)(
				    (lp + gap * (unsigned)(k + 1) / (unsigned)(m + 1)) &
				    (WALK_SPAN - 1u));
			outer = 1;
			len += m;
			continue;
		}
		/* a new hole: its boundary runs from S round to the tile */
		guard = 4 * s->n_tiles;
		while (st != t && guard-- > 0) {
			pos[st * 4 + ss] = WALK_NONE;
			len--;
			step_link(s, &st, &ss, 1);
		}
	}
	if (outer) {
		s->walk_len = (uint16_t)len;
		return;
	}
renumber:
	board_index_contour(s);
}

/* The label of a side of the tile at (x, y), a cell the frontier knows
 * to hold a tile. */
static unsigned walk_pos(const state *s, int x, int y, int side)
{
	return st_cwalk(s)[tile_known(s, x, y) * 4 + side];
}

/* Whether a cut (in doubled walk positions: 2p for a side that
 * disappears, 2p+1 between sides p and p+1) lies in the cyclic range
 * [from, to]. */
#define CUT_MASK (2u * WALK_SPAN - 1u)

static int cut_in(const unsigned *cut, int ncut, unsigned from, unsigned to)
{
	int i;
	for (i = 0; i < ncut; i++)
		if (((cut[i] - from) & CUT_MASK) <= ((to - from) & CUT_MASK))
			return 1;
	return 0;
}

/* R-TILE-4 without walking the contour again for each cell. Occupying an
 * exterior cell c cuts the outer contour where the walk touches c: at each
 * side facing c (it disappears) and, at a corner-only contact, between the
 * two sides of the diagonal tile around that corner. Of the arcs between
 * cuts, exactly one stays on the outer contour: the one holding an extreme
 * side (the walk's start, or the south side of the south-east-most tile if
 * c sits on the start side). The wall survives iff its run of sides lies in
 * that arc, i.e. some cyclic range covering the extreme side and the wall
 * holds no cut (the wall's own range when it holds the extreme side). */
int board_wall_survives(const state *s, const fcell *f)
{
	unsigned cut[8], ext, lo, hi;
	int ncut = 0, side;
	int x = fc_x(f), y = fc_y(f);
	const ptile *top = &st_ctiles(s)[s->top];
	const uint16_t *pos = st_cwalk(s);
	for (side = 0; side < 4; side++) {
		int s2 = (side + 1) & 3;
		unsigned p;
		if (f->ring >> (2 * side) & 1) {
			p = walk_pos(s, x + DX[side], y + DY[side], (side + 2) & 3);
			if (p == WALK_NONE)
				return 1; /* c is a hole: the outline is unchanged */
			cut[ncut++] = 2 * p;
		} else if (!(f->ring >> (2 * s2) & 1) &&
		           (f->ring >> (2 * side + 1) & 1)) {
			/* a corner-only contact between side and s2 */
			p = walk_pos(s, x + DX[side] + DX[s2], y + DY[side] + DY[s2],
			             (side + 2) & 3);
			if (p != WALK_NONE)
				cut[ncut++] = 2 * p + 1;
		}
	}
	/* the start side, unless c is the cell just north of it */
	if (top->x == x && top->y == y + 1)
		ext = 2u * pos[s->bottom * 4 + CITY_SIDE_S];
	else
		ext = 2u * pos[s->top * 4 + CITY_SIDE_N];
	lo = 2u * pos[s->chain[s->chain_lo].tile * 4 +
	              wp_side(&s->chain[s->chain_lo])];
	hi = 2u * pos[s->chain[s->chain_hi].tile * 4 +
	              wp_side(&s->chain[s->chain_hi])];
	if (((ext - lo) & CUT_MASK) <= ((hi - lo) & CUT_MASK))
		return !cut_in(cut, ncut, lo, hi); /* the wall holds it */
	return !cut_in(cut, ncut, ext, hi) || !cut_in(cut, ncut, lo, ext);
}

/* R-TILE-3: not the outside cell of the gate or of a wall piece. */
static int check_outside_wall(const state *s, int x, int y, char *msg,
                              size_t cap)
{
	int side;
	for (side = 0; side < 4; side++) {
		int t = board_tile_at(s, x + DX[side], y + DY[side]);
		int back = (side + 2) & 3;
		if (t >= 0 && pt_walled(&st_ctiles(s)[t], back)) {
			say(msg, cap,
			    "R-TILE-3: cell (%d,%d) lies outside the wall on "
			    "the %s side of tile (%d,%d)",
			    x, y, side_name[back], x + DX[side], y + DY[side]);
			return 1;
		}
	}
	return 0;
}

/* R-TILE-4, explicitly: walk the contour with the cell occupied and count
 * the wall pieces still on it. */
static int check_surrounds_wall(const state *s, int x, int y, char *msg,
                                size_t cap)
{
	int walled, pieces;
	bextra e;
	if (!ring_may_enclose(ring_at(s, x, y)))
		return 0;
	e.x = (int16_t)x;
	e.y = (int16_t)y;
	e.on = 1;
	contour_length(s, e, &walled);
	pieces = s->chain_hi - s->chain_lo + 1;
	if (walled != pieces) {
		say(msg, cap,
		    "R-TILE-4: a tile at (%d,%d) would surround the wall "
		    "(%d of %d pieces would no longer face the exterior)",
		    x, y, pieces - walled, pieces);
		return 1;
	}
	return 0;
}

int board_check_placement(const city_tileset *ts, const state *s, int x,
                          int y, int design, int rot, char *msg, size_t cap)
{
	int side, touches = 0;
	if (s->n_tiles == 0) {
		if (x != 0 || y != 0) {
			say(msg, cap,
			    "R-TURN-2: the start tile goes at (0,0), not "
			    "(%d,%d)",
			    x, y);
			return 1;
		}
		return 0;
	}
	if (x < -COORD_LIMIT || x > COORD_LIMIT || y < -COORD_LIMIT ||
	    y > COORD_LIMIT) {
		say(msg, cap,
		    "R-TILE-1: cell (%d,%d) shares no side with a placed "
		    "tile",
		    x, y);
		return 1;
	}
	if (board_tile_at(s, x, y) >= 0) {
		say(msg, cap, "R-TILE-1: cell (%d,%d) is not empty", x, y);
		return 1;
	}
	for (side = 0; side < 4; side++)
		touches |= board_tile_at(s, x + DX[side], y + DY[side]) >= 0;
	if (!touches) {
		say(msg, cap,
		    "R-TILE-1: cell (%d,%d) shares no side with a placed "
		    "tile",
		    x, y);
		return 1;
	}
	/* the order in which the rules are reported: R-TILE-3, 2, 4 */
	if (s->gate_placed && check_outside_wall(s, x, y, msg, cap))
		return 1;
	if (streets_continue(ts, s, x, y, design, rot, msg, cap))
		return 1;
	return s->gate_placed && check_surrounds_wall(s, x, y, msg, cap);
}
