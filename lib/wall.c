/* The wall ring: chain, ends, gap, guards. */
#include "city/game.h"
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

bside wall_next_side(const state *s, int end)
{
	bextra none = {0, 0, 0};
	if (end == CITY_END_CW)
		return contour_next(s, wall_piece_side(s, s->chain_hi), none);
	return contour_prev(s, wall_piece_side(s, s->chain_lo), none);
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

int wall_add(state *s, bside b, int end, int gate)
{
	int idx, t = board_tile_at(s, b.x, b.y);
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
	wp_set(&s->chain[idx], t, b.s, gate, -1);
	p->rw = (uint8_t)(p->rw | (1u << (2 + b.s)));
	board_block_outside(s, b.x, b.y, b.s);
	return idx;
}

int wall_find(const state *s, bside b)
{
	int i;
	if (!s->gate_placed)
		return -1;
	for (i = s->chain_lo; i <= s->chain_hi; i++)
		if (bside_eq(wall_piece_side(s, i), b))
			return i;
	return -1;
}

int wall_opposite_guarded(const state *s, int idx)
{
	bside b = wall_piece_side(s, idx), o;
	int in = (b.s + 2) & 3, x = b.x, y = b.y, opp;
	/* Follow the row or column into the city to the last tile before an
	 * empty cell; its side towards that cell may hold the opposite piece.
	 * If that cell is a hole the side is not on the contour and holds no
	 * wall, so a hole in between means no opposite piece. */
	while (board_tile_at(s, x + DX[in], y + DY[in]) >= 0) {
		x += DX[in];
		y += DY[in];
	}
	o.x = (int16_t)x;
	o.y = (int16_t)y;
	o.s = (uint8_t)in;
	opp = wall_find(s, o);
	return opp >= 0 && wp_guard(&s->chain[opp]) >= 0;
}

int wall_guard_points(const city_tileset *ts, const state *s, int idx)
{
	bside b = wall_piece_side(s, idx);
	int in = (b.s + 2) & 3, x = b.x, y = b.y, t, pts = 0;
	while ((t = board_tile_at(s, x, y)) >= 0) {
		const ts_design *d = &ts->designs[st_ctiles(s)[t].design];
		pts += 2 * d->pub + (d->hist[0] ? 3 : 0);
		x += DX[in];
		y += DY[in];
	}
	return pts;
}
