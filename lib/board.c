/* The board: cells, placement legality, the city's outline. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "city/game.h"

static const char *const side_name[4] = {"north", "east", "south", "west"};

static uint32_t cell_hash(int x, int y)
{
	return ((uint32_t)x * 73856093u) ^ ((uint32_t)y * 19349663u);
}

int board_tile_at(const state *s, int x, int y)
{
	const uint8_t *h = st_chash(s);
	const ptile *t = st_ctiles(s);
	uint32_t i = cell_hash(x, y) & s->hash_mask;
	if (x < s->min_x || x > s->max_x || y < s->min_y || y > s->max_y)
		return -1;
	while (h[i]) {
		const ptile *p = &t[h[i] - 1];
		if (p->x == x && p->y == y)
			return h[i] - 1;
		i = (i + 1) & s->hash_mask;
	}
	return -1;
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
	return &ts->designs[p->design].side[(side - p->rot) & 3];
}

int board_insert(state *s, int x, int y, int design, int rot)
{
	uint8_t *h = st_hash(s);
	ptile *p = &st_tiles(s)[s->n_tiles];
	uint32_t i = cell_hash(x, y) & s->hash_mask;
	int idx = s->n_tiles;
	memset(p, 0, sizeof *p);
	p->x = (int16_t)x;
	p->y = (int16_t)y;
	p->design = (uint8_t)design;
	p->rot = (uint8_t)rot;
	p->node0 = s->n_nodes;
	while (h[i])
		i = (i + 1) & s->hash_mask;
	h[i] = (uint8_t)(idx + 1);
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
	return idx;
}

/* ---- contour (R-GEO-8) ---------------------------------------------- */

/* Walking clockwise along side b (the city on the right hand), at the end
 * of the side the walk turns left around a tile diagonally ahead (so a
 * corner-only contact keeps the exterior cell on the left and the other
 * free cell becomes a hole), goes straight along a tile ahead, or turns
 * right around the corner of its own tile. */
bside contour_next(const state *s, bside b, bextra e)
{
	int d = (b.s + 1) & 3;
	int ox = b.x + DX[b.s], oy = b.y + DY[b.s]; /* the outside cell */
	bside n;
	if (occupied(s, ox + DX[d], oy + DY[d], e)) {
		n.x = (int16_t)(ox + DX[d]);
		n.y = (int16_t)(oy + DY[d]);
		n.s = (uint8_t)((b.s + 3) & 3);
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

/* The mirror image of contour_next. */
bside contour_prev(const state *s, bside b, bextra e)
{
	int d = (b.s + 3) & 3;
	int ox = b.x + DX[b.s], oy = b.y + DY[b.s];
	bside n;
	if (occupied(s, ox + DX[d], oy + DY[d], e)) {
		n.x = (int16_t)(ox + DX[d]);
		n.y = (int16_t)(oy + DY[d]);
		n.s = (uint8_t)((b.s + 1) & 3);
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

bside contour_start(const state *s, bextra e)
{
	const ptile *t = st_ctiles(s);
	bside b = {0, 0, 0};
	int i, have = 0;
	for (i = 0; i < s->n_tiles; i++) {
		if (!have || t[i].y < b.y || (t[i].y == b.y && t[i].x < b.x)) {
			b.x = t[i].x;
			b.y = t[i].y;
			have = 1;
		}
	}
	if (e.on && (!have || e.y < b.y || (e.y == b.y && e.x < b.x))) {
		b.x = e.x;
		b.y = e.y;
	}
	b.s = CITY_SIDE_N;
	return b;
}

static int side_walled(const state *s, bside b)
{
	int t = board_tile_at(s, b.x, b.y);
	return t >= 0 && (st_ctiles(s)[t].walls >> b.s & 1);
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
	bextra none = {0, 0, 0};
	bside start, b;
	int n = 0, limit = 4 * (s->n_tiles + 1) + 4;
	if (s->n_tiles == 0)
		return 0;
	start = b = contour_start(s, none);
	do {
		if (bside_eq(b, target))
			return 1;
		b = contour_next(s, b, none);
		n++;
	} while (!bside_eq(b, start) && n < limit);
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

int board_streets_continue(const city_tileset *ts, const state *s, int x,
                           int y, int design, int rot, char *msg, size_t cap)
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

/* Could occupying (x, y) split the empty cells around it? Only then can a
 * placement turn exterior cells into a hole (R-TILE-4); with the empty
 * side-neighbours locally connected, every path through the cell can go
 * around it. */
static int may_enclose(const state *s, int x, int y)
{
	int empty[4], k = 0, links = 0, side;
	for (side = 0; side < 4; side++) {
		empty[side] = board_tile_at(s, x + DX[side], y + DY[side]) < 0;
		k += empty[side];
	}
	for (side = 0; side < 4; side++) {
		int n = (side + 1) & 3;
		if (empty[side] && empty[n] &&
		    board_tile_at(s, x + DX[side] + DX[n], y + DY[side] + DY[n]) <
		        0)
			links++;
	}
	if (k == 0)
		return 0;
	return (k == 4 && links == 4 ? 1 : k - links) > 1;
}

int board_check_wall_rules(const state *s, int x, int y, char *msg,
                           size_t cap)
{
	int side, walled, pieces;
	bextra e;
	if (!s->gate_placed)
		return 0;
	for (side = 0; side < 4; side++) {
		int t = board_tile_at(s, x + DX[side], y + DY[side]);
		int back = (side + 2) & 3;
		if (t >= 0 && (st_ctiles(s)[t].walls >> back & 1)) {
			say(msg, cap,
			    "R-TILE-3: cell (%d,%d) lies outside the wall on "
			    "the %s side of tile (%d,%d)",
			    x, y, side_name[back], x + DX[side], y + DY[side]);
			return 1;
		}
	}
	if (!may_enclose(s, x, y))
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
	if (s->gate_placed) {
		/* R-TILE-3 first: it names the wall the cell is behind. */
		for (side = 0; side < 4; side++) {
			int t = board_tile_at(s, x + DX[side], y + DY[side]);
			if (t >= 0 &&
			    (st_ctiles(s)[t].walls >> ((side + 2) & 3) & 1))
				return board_check_wall_rules(s, x, y, msg, cap);
		}
	}
	if (board_streets_continue(ts, s, x, y, design, rot, msg, cap))
		return 1;
	return board_check_wall_rules(s, x, y, msg, cap);
}

/* ---- frontier ------------------------------------------------------- */

int board_frontier(const state *s, int16_t (*out)[2])
{
	const ptile *t = st_ctiles(s);
	int i, side, n = 0;
	if (s->n_tiles == 0) {
		out[0][0] = 0;
		out[0][1] = 0;
		return 1;
	}
	for (i = 0; i < s->n_tiles; i++) {
		for (side = 0; side < 4; side++) {
			int nx = t[i].x + DX[side], ny = t[i].y + DY[side];
			int s2, first = 1, j;
			if (board_tile_at(s, nx, ny) >= 0)
				continue;
			/* count each empty cell once: from its lowest-index
			 * neighbouring tile */
			for (s2 = 0; s2 < 4 && first; s2++) {
				int o = board_tile_at(s, nx + DX[s2], ny + DY[s2]);
				if (o >= 0 && o < i)
					first = 0;
			}
			if (!first)
				continue;
			/* insertion sort by (y, x) */
			for (j = n; j > 0 &&
			            (out[j - 1][1] > ny ||
			             (out[j - 1][1] == ny && out[j - 1][0] > nx));
			     j--) {
				out[j][0] = out[j - 1][0];
				out[j][1] = out[j - 1][1];
			}
			out[j][0] = (int16_t)nx;
			out[j][1] = (int16_t)ny;
			n++;
		}
	}
	return n;
}
