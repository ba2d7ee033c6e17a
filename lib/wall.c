/* The wall ring: chain, ends, gap, guards. */
#include "city/city.h"
#include "wall.h"

bside wall_piece_side(const state *s, int idx)
{
	const wpiece *w = &s->chain[idx];
	const ptile *t = &st_ctiles(s)[w->tile];
	bside b;
	b.x = t->x;
	b.y = t->y;
	b.s = (uint8_t)wp_side(w);
	return b;
}

void wall_next_side(const state *s, int end, int *t, int *side)
{
	int idx = end == CITY_END_CW ? s->chain_hi : s->chain_lo;
	*t = s->chain[idx].tile;
	*side = wp_side(&s->chain[idx]);
	board_step(s, t, side, end == CITY_END_CW ? 1 : 3);
}

int wall_ring_closed(const state *s)
{
	return s->gate_placed && wall_gap(s, 1) == 0;
}

int wall_gap(const state *s, int limit)
{
	/* R-TILE-3/4 keep the chain a run of consecutive sides of the outer
	 * contour, whose length the board keeps (walk_len): the gap is the
	 * rest of it */
	int gap = s->walk_len - (s->chain_hi - s->chain_lo + 1);
	return gap < limit ? gap : limit;
}

int wall_add(state *s, int t, int side, int end, int gate)
{
	int idx;
	ptile *p = &st_tiles(s)[t];
	if (gate) {
		idx = CHAIN_MID;
		s->chain_lo = s->chain_hi = (uint8_t)idx;
		s->gate_placed = 1;
		board_index_contour(s);
	} else if (end == CITY_END_CW) {
		idx = ++s->chain_hi;
	} else {
		idx = --s->chain_lo;
	}
	wp_set(&s->chain[idx], t, side, gate, -1);
	p->rw = (uint8_t)(p->rw | (1u << (2 + side)));
	board_block_outside(s, p->x, p->y, side);
	return idx;
}

/* Chain index of the piece on side `side` of placed tile t, or -1. */
static int wall_find(const state *s, int t, int side)
{
	int i;
	if (!s->gate_placed)
		return -1;
	for (i = s->chain_lo; i <= s->chain_hi; i++)
		if (s->chain[i].tile == t && wp_side(&s->chain[i]) == side)
			return i;
	return -1;
}

int wall_opposite_guarded(const state *s, int idx)
{
	const ptile *tl = st_ctiles(s);
	int t = s->chain[idx].tile, in = (wp_side(&s->chain[idx]) + 2) & 3;
	int opp;
	/* Follow the row or column into the city to the last tile before an
	 * empty cell; its side towards that cell may hold the opposite piece.
	 * If that cell is a hole the side is not on the contour and holds no
	 * wall, so a hole in between means no opposite piece. */
	while (tl[t].nb[in] != NO_TILE)
		t = tl[t].nb[in];
	opp = wall_find(s, t, in);
	return opp >= 0 && wp_guard(&s->chain[opp]) >= 0;
}

int wall_guard_points(const city_tileset *ts, const state *s, int idx)
{
	const ptile *tl = st_ctiles(s);
	int t = s->chain[idx].tile, in = (wp_side(&s->chain[idx]) + 2) & 3;
	int pts = 0;
	for (;;) {
		const ts_design *d = &ts->designs[tl[t].design];
		pts += 2 * d->pub + (d->hist[0] ? 3 : 0);
		if (tl[t].nb[in] == NO_TILE)
			return pts;
		t = tl[t].nb[in];
	}
}
