/* The wall ring of The City: chain, ends, gap, guards, R-TILE-3/4. */
#include "city/city.h"
#include "bits.h"
#include "msg.h"
#include "wall_internal.h"

bside wall_piece_side(const state *s, int idx)
{
	const wpiece *w = &s->city.chain[idx];
	const ptile *t = &st_tiles(s)[w->tile];
	bside b;
	b.x = t->x;
	b.y = t->y;
	b.s = (uint8_t)wp_side(w);
	return b;
}

void wall_next_side(const state *s, int end, int *t, int *side)
{
	int idx = end == CITY_END_CW ? s->city.chain_hi : s->city.chain_lo;
	*t = s->city.chain[idx].tile;
	*side = wp_side(&s->city.chain[idx]);
	board_step(s, t, side, end == CITY_END_CW ? 1 : 3);
}

int wall_ring_closed(const state *s)
{
	return s->city.gate_placed && wall_gap(s, 1) == 0;
}

int wall_gap(const state *s, int limit)
{
	/* R-TILE-3/4 keep the chain a run of consecutive sides of the outer
	 * contour, whose length the board keeps (walk_len): the gap is the
	 * rest of it */
	int gap = s->board.walk_len - wall_length(s);
	return gap < limit ? gap : limit;
}

static void corner_verdict(state *s, int a, int b);

int wall_add(state *s, int t, int side, int end, int gate)
{
	int idx;
	if (gate) {
		idx = CHAIN_MID;
		s->city.chain_lo = s->city.chain_hi = (uint8_t)idx;
		s->city.gate_placed = 1;
		/* R-TILE-4 is judged on the contour labels from now on: the
		 * gate's test labelled them (board_index_contour_at) */
	} else if (end == CITY_END_CW) {
		idx = ++s->city.chain_hi;
	} else {
		idx = --s->city.chain_lo;
	}
	wp_set(&s->city.chain[idx], t, side, gate, -1);
	/* drops the verdict at the piece's outside cell, now blocked */
	board_seal_side(s, t, side);
	if (gate) /* R-TILE-4's verdicts are all old */
		s->city.know_all = 1;
	else /* one verdict may change (wall_internal.h) */
		corner_verdict(s, idx, end == CITY_END_CW ? idx - 1 : idx + 1);
	return idx;
}

/* Chain index of the piece on side `side` of placed tile t, or -1. */
static int wall_find(const state *s, int t, int side)
{
	int i;
	if (!s->city.gate_placed)
		return -1;
	for (i = s->city.chain_lo; i <= s->city.chain_hi; i++)
		if (s->city.chain[i].tile == t && wp_side(&s->city.chain[i]) == side)
			return i;
	return -1;
}

int wall_opposite_guarded(const state *s, int idx)
{
	const ptile *tl = st_tiles(s);
	int t = s->city.chain[idx].tile;
	int in = side_back(wp_side(&s->city.chain[idx]));
	int opp;
	/* Follow the row or column into the city to the last tile before an
	 * empty cell; its side towards that cell may hold the opposite piece.
	 * If that cell is a hole the side is not on the contour and holds no
	 * wall, so a hole in between means no opposite piece. */
	while (tl[t].nb[in] != NO_TILE)
		t = tl[t].nb[in];
	opp = wall_find(s, t, in);
	return opp >= 0 && wp_guard(&s->city.chain[opp]) >= 0;
}

int wall_guard_points(const city_tileset *ts, const state *s, int idx)
{
	const ptile *tl = st_tiles(s);
	int t = s->city.chain[idx].tile;
	int in = side_back(wp_side(&s->city.chain[idx]));
	int pts = 0;
	for (;;) {
		const ts_design *d = &ts->designs[tl[t].design];
		pts += 2 * d->pub + (d->hist[0] ? 3 : 0);
		if (tl[t].nb[in] == NO_TILE)
			return pts;
		t = tl[t].nb[in];
	}
}

/* ---- R-TILE-4 from the contour labels ---------------------------------- */

/* Cuts are doubled walk positions: 2p for a side p that disappears, 2p+1
 * between sides p and p+1 (a corner-only contact); compared cyclically
 * from the wall's ccw end. */
#define CUT_MASK (2u * WALK_SPAN - 1u)

/* The doubled label of a chain piece's side. */
static unsigned piece_label(const state *s, int idx)
{
	const wpiece *w = &s->city.chain[idx];
	return 2u * st_walk(s)[w->tile * 4 + wp_side(w)];
}

/* What R-TILE-4 compares every cell against, the same for all the cells
 * of one board: the wall's ccw end `lo` and its length h as a cut
 * distance from lo, the extreme side's distance e, and e_top, the one used
 * for the cell above the top tile (key top_key), where that side is gone
 * (board_extreme_label). */
typedef struct cut_base {
	unsigned lo, h, e, e_top;
	uint32_t top_key;
} cut_base;

static cut_base cut_base_of(const state *s)
{
	const uint16_t *walk = st_walk(s);
	const ptile *tp = &st_tiles(s)[s->board.top];
	cut_base b;
	b.lo = piece_label(s, s->city.chain_lo);
	b.h = (piece_label(s, s->city.chain_hi) - b.lo) & CUT_MASK;
	b.e = (2u * walk[s->board.top * 4 + CITY_SIDE_N] - b.lo) & CUT_MASK;
	b.e_top = (2u * walk[s->board.bottom * 4 + CITY_SIDE_S] - b.lo) &
	          CUT_MASK;
	b.top_key = fc_key(tp->x, tp->y - 1);
	return b;
}

/* Ring bit k's neighbour (N, NE, E, SE, S, SW, W, NW) as an offset. */
static const int RING_DX[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int RING_DY[8] = {-1, -1, 0, 1, 1, 1, 0, -1};

/* The cuts occupying frontier cell f makes in the outer contour, as
 * distances from cut position `lo` (cyclic): their least in *mn and
 * greatest in *mx. Returns 1 when f is a hole (the outline does not
 * change). The neighbours to look up are ring bits: a tile on side k (bit
 * 2k), whose side facing f leaves the contour, and a tile at the corner
 * between sides k and k + 1 (bit 2k + 1) with neither side taken, whose
 * side facing f's side k is cut at its end; all are found at once, so that
 * only their loop's exit is a branch. Each of those sides borders f or an
 * empty cell beside it, in f's empty region: they are all on the outer
 * contour, or all off it (f in a hole), so their labels' common bits say
 * which (a label is below WALK_SPAN, WALK_NONE is not). */
static CITY_ALWAYS_INLINE int contour_cut_span(const state *s,
                                               const fcell *f, unsigned lo,
                                               unsigned *mn, unsigned *mx)
{
	unsigned ring = f->ring, sides = ring & 0x55u, m, lo_d = CUT_MASK,
	         hi_d = 0, all = WALK_NONE;
	int x = fc_x(f), y = fc_y(f);
	/* the corners whose two sides are free */
	m = sides | (ring & 0xAAu & ~(sides << 1 | sides >> 1 | sides << 7));
	for (; m; m &= m - 1) {
		int k = low_bit(m);
		unsigned p = board_label_at(s, x + RING_DX[k], y + RING_DY[k],
		                            side_back(k >> 1));
		unsigned d = (2 * p + ((unsigned)k & 1u) - lo) & CUT_MASK;
		all &= p;
		lo_d = d < lo_d ? d : lo_d;
		hi_d = d > hi_d ? d : hi_d;
	}
	*mn = lo_d;
	*mx = hi_d;
	return all >= WALK_SPAN;
}

/* R-TILE-4 without walking the contour again for each cell. Occupying an
 * exterior cell c cuts the outer contour where the walk touches c: at each
 * side facing c (it disappears) and, at a corner-only contact, between the
 * two sides of the diagonal tile around that corner. Of the arcs between
 * cuts, exactly one stays on the outer contour: the one holding an extreme
 * side (board_extreme_label). The wall survives iff its run of sides lies
 * in that arc. From the wall's ccw end lo, with the wall reaching to H and
 * the extreme side at E: no cut may fall on the wall (the least cut
 * beyond H); when E lies beyond the wall too, the cuts must not straddle
 * E either (all before it or all after it), else the arc from the wall to
 * E is cut off. */
static CITY_ALWAYS_INLINE int cell_survives(const state *s,
                                            const cut_base *b,
                                            const fcell *f)
{
	unsigned mn, mx, e = f->key == b->top_key ? b->e_top : b->e;
	if (contour_cut_span(s, f, b->lo, &mn, &mx))
		return 1; /* c is a hole: the outline is unchanged */
	return mn > b->h && (e <= b->h || mn > e || mx < e);
}

int wall_cell_survives(const state *s, const fcell *f)
{
	cut_base b = cut_base_of(s);
	return cell_survives(s, &b, f);
}

/* By the flags' low nibble (FC_BLOCKED 1, FC_SPLITS 2, FC_WALL_KNOWN 4,
 * FC_WALL_OK 8): a blocked cell never, a split one only with a verdict
 * that says so. */
const uint8_t wall_keep[16] = {15, 0, 0, 0, 15, 0, 0, 0,
                               15, 0, 15, 0, 15, 0, 15, 0};

/* Judge frontier cell f (split, not blocked) against base *b. */
static void know_cell(const state *s, const cut_base *b, fcell *f)
{
	unsigned fl = f->flags;
	f->flags = (uint8_t)(fl | FC_WALL_KNOWN |
	                     (cell_survives(s, b, f) ? FC_WALL_OK : 0));
}

void wall_know_cells(state *s)
{
	fcell *f = st_front_w(s);
	const ptile *p;
	cut_base b;
	int i, n = s->board.n_front;
	uint32_t hi;
	if (s->city.know_all) {
		/* the gate labelled the contour: no verdict is kept (nor
		 * one at a cell the wall blocked) */
		s->city.know_all = 0;
		b = cut_base_of(s);
		for (i = 0; i < n; i++) {
			unsigned fl = f[i].flags &
			              ~(unsigned)(FC_WALL_KNOWN | FC_WALL_OK);
			f[i].flags = (uint8_t)fl;
			if ((fl & (FC_BLOCKED | FC_SPLITS)) == FC_SPLITS)
				know_cell(s, &b, &f[i]);
		}
		return;
	}
	if (s->turn.last_tile == NO_TILE)
		return;
	/* the only verdicts dropped since the last draw are in the last
	 * tile's ring: the rows around it, walked once */
	p = &st_tiles(s)[s->turn.last_tile];
	hi = fc_key(p->x + 1, p->y + 1);
	for (i = board_front_lower(s, fc_key(p->x - 1, p->y - 1));
	     i < n && f[i].key <= hi; i++) {
		unsigned fl = f[i].flags;
		if ((fl & (FC_BLOCKED | FC_SPLITS | FC_WALL_KNOWN)) == FC_SPLITS) {
			/* read again for each such cell (about one a
			 * draw): cheaper than a branch on whether it was */
			b = cut_base_of(s);
			know_cell(s, &b, &f[i]);
		}
	}
}

/* After the new piece a extended the wall's end b: when both lie on one
 * tile, the cell diagonally across their common corner is the only one
 * whose cuts may now fall on the wall (wall_internal.h); an allowed
 * verdict there is judged again (a refused one stays). */
static void corner_verdict(state *s, int a, int b)
{
	const wpiece *pa = &s->city.chain[a], *pb = &s->city.chain[b];
	const ptile *p = &st_tiles(s)[pa->tile];
	const fcell *c;
	fcell *f;
	int sa = wp_side(pa), sb = wp_side(pb);
	if (pa->tile != pb->tile)
		return;
	c = board_front_at(s, p->x + DX[sa] + DX[sb], p->y + DY[sa] + DY[sb]);
	if (!c || (c->flags & (FC_BLOCKED | FC_WALL_OK)) != FC_WALL_OK)
		return;
	f = &st_front_w(s)[c - st_front(s)];
	if (!wall_cell_survives(s, f))
		f->flags = (uint8_t)(f->flags & ~(unsigned)FC_WALL_OK);
}

/* ---- the explicit checks ------------------------------------------------ */

int wall_check_outside(const state *s, int x, int y, char *msg, size_t cap)
{
	int side;
	if (!s->city.gate_placed)
		return 0;
	for (side = 0; side < 4; side++) {
		int t = board_tile_at(s, x + DX[side], y + DY[side]);
		int back = side_back(side);
		if (t >= 0 && pt_sealed(&st_tiles(s)[t], back)) {
			msg_say(msg, cap,
			        "R-TILE-3: cell (%d,%d) lies outside the wall on "
			        "the %s side of tile (%d,%d)",
			        x, y, msg_side_name(back), x + DX[side],
			        y + DY[side]);
			return 1;
		}
	}
	return 0;
}

int wall_check_surround(const state *s, int x, int y, char *msg, size_t cap)
{
	int walled, pieces = wall_length(s);
	bextra e;
	if (!s->city.gate_placed || !board_cell_may_enclose(s, x, y))
		return 0;
	e.x = (int16_t)x;
	e.y = (int16_t)y;
	e.on = 1;
	board_contour_length(s, e, &walled);
	if (walled != pieces) {
		msg_say(msg, cap,
		        "R-TILE-4: a tile at (%d,%d) would surround the wall "
		        "(%d of %d pieces would no longer face the exterior)",
		        x, y, pieces - walled, pieces);
		return 1;
	}
	return 0;
}
