/*
 * render.c: the board of a game as SVG text (city/render.h,
 * docs/render.md).
 *
 * The picture is built from the public queries of the game and the tile set
 * only, so it shows exactly what an embedding program could see. Everything
 * is integer arithmetic and fixed formats: the same state gives the same
 * bytes on every platform.
 *
 * A tile is drawn from its design as eight triangles, one per half side
 * (the centre, then the two ends of the half): consecutive halves of one
 * region become one fan polygon, filled by the region's kind. Streets run
 * from the middle of their sides to the centre. Buildings sit in
 * residential halves. Regions found on no side (interior ones) are a disc
 * at the centre.
 *
 * Other games plug in through region_fill() (the colour of a region kind)
 * and draw_tile_marks() (what a design prints besides its regions and
 * streets); see docs/render.md.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "city/city.h"
#include "city/render.h"

/* Region kinds of the Carcassonne sets (contract of the tile-set helper);
 * defined here too so that the colours exist before those sets do. */
#ifndef CITY_REGION_CITY
#define CITY_REGION_CITY 2
#endif
#ifndef CITY_REGION_FIELD
#define CITY_REGION_FIELD 3
#endif

/* One cell, in SVG user units (divisible by 2, 3, 4, 6, 8, 12, 16). */
#define T 96
/* Thickness of a wall piece. */
#define WALL 12
/* Height of the strip under the board (current tile, scores). */
#define STRIP 112
/* Width the strip needs: the current tile and four players. */
#define STRIP_MIN_W (6 * T)

typedef struct svgw {
	char *buf;
	size_t cap;
	size_t len;
} svgw;

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
static void out(svgw *s, const char *fmt, ...)
{
	va_list ap;
	int n;
	char *dst = NULL;
	size_t room = 0;
	if (s->buf && s->len < s->cap) {
		dst = s->buf + s->len;
		room = s->cap - s->len;
	}
	va_start(ap, fmt);
	n = vsnprintf(dst, room, fmt, ap);
	va_end(ap);
	if (n > 0)
		s->len += (size_t)n;
}

static const char *const player_fill[6] = {"#d62728", "#1f5fbf", "#f0c419",
                                           "#2ca02c", "#222222", "#9a9a9a"};
static const char *const player_name[6] = {"red", "blue", "yellow",
                                           "green", "black", "grey"};

static const char *pcolor(int p)
{
	return (p >= 0 && p < 6) ? player_fill[p] : "#ffffff";
}

/* The fill of a region: residential areas, markets by kind (several kinds:
 * a striped pattern of <defs>), the cities and fields of Carcassonne. */
static void region_fill(char *dst, size_t cap, int kind, unsigned markets)
{
	static const char *const market[8] = {
	    "#c9b48a", "#6fa8dc", "#f1c232", "url(#mk3)",
	    "#8fbf5a", "url(#mk5)", "url(#mk6)", "url(#mk7)"};
	const char *f = "#cccccc";
	switch (kind) {
	case CITY_REGION_RESIDENTIAL:
		f = "#e6b8a2";
		break;
	case CITY_REGION_MARKET:
		f = market[markets & 7u];
		break;
	case CITY_REGION_CITY:
		f = "#c49a5a";
		break;
	case CITY_REGION_FIELD:
		f = "#9ccc65";
		break;
	default:
		break;
	}
	snprintf(dst, cap, "%s", f);
}

/* ------------------------------------------------------------------------
 * Geometry of one tile: the ring of 8 points clockwise from the north-west
 * corner (corners and side middles); half h (side h/2, left half when h is
 * even) runs from ring[h] to ring[h+1]. */

typedef struct pt {
	int x, y;
} pt;

static const pt ring[8] = {{0, 0},     {T / 2, 0}, {T, 0},     {T, T / 2},
                           {T, T},     {T / 2, T}, {0, T},     {0, T / 2}};
static const pt centre = {T / 2, T / 2};

/* What a placed tile shows: region letter of each half, street digit of
 * each side ('-' none), the kind and markets of each region letter. */
typedef struct tileview {
	int design;
	char half[8];
	char street[4];
	int kind[8];        /* by letter - 'a'; -1 when not a region */
	unsigned markets[8];
	int on_side[8];     /* the region shows on some side */
	int coat[8];        /* Carcassonne: the city region has a coat of arms */
	int monastery;      /* Carcassonne: a monastery (part 'm') */
	int foundation;     /* The Tower: a tower foundation (part 't') */
} tileview;

/* `id` is a design id, as the game's queries give it. */
static int tile_view(const city_tileset *ts, int id, int rotation,
                     tileview *v)
{
	int s, r, design = city_tileset_find_design(ts, id);
	memset(v, 0, sizeof *v);
	if (design < 0)
		return CITY_EINVAL;
	v->design = design;
	for (s = 0; s < 4; s++) {
		char l, m, rr;
		if (city_tileset_side(ts, (unsigned)design, s, rotation, &l, &m,
		                      &rr) != CITY_OK)
			return CITY_EINVAL;
		v->half[2 * s] = l;
		v->half[2 * s + 1] = rr;
		v->street[s] = m;
	}
	for (r = 0; r < 8; r++) {
		unsigned mk = 0;
		int k = city_tileset_region_kind(ts, (unsigned)design,
		                                 (char)('a' + r), &mk);
		v->kind[r] = k >= 0 ? k : -1;
		v->markets[r] = k >= 0 ? mk : 0;
		v->coat[r] = k == CITY_REGION_CITY &&
		             city_tileset_coat_of_arms(ts, (unsigned)design,
		                                       (char)('a' + r)) == 1;
	}
	v->monastery = city_tileset_monastery(ts, (unsigned)design) == 1;
	v->foundation = city_tileset_tower_foundation(ts, (unsigned)design) == 1;
	for (r = 0; r < 8; r++) {
		int c = v->half[r] - 'a';
		if (c >= 0 && c < 8)
			v->on_side[c] = 1;
	}
	return CITY_OK;
}

/* The path (relative to the tile's corner ox, oy) of region `letter`: one
 * fan polygon per run of consecutive halves. Returns the number of halves;
 * *anchor receives a point inside the longest run. */
static int region_path(svgw *s, const tileview *v, char letter, int ox,
                       int oy, pt *anchor)
{
	int h, count = 0, best = 0, start = -1;
	for (h = 0; h < 8; h++)
		count += v->half[h] == letter;
	if (count == 0)
		return 0;
	if (count == 8) {
		out(s, "M%d %dh%dv%dh%dZ", ox, oy, T, T, -T);
		/* off the centre (street ends) and the corners (buildings) */
		anchor->x = ox + T * 16 / 25;
		anchor->y = oy + T * 16 / 25;
		return 8;
	}
	/* a run starts where the half before is another region */
	for (h = 0; h < 8; h++) {
		int k, j;
		if (v->half[h] != letter || v->half[(h + 7) % 8] == letter)
			continue;
		for (k = 0; k < 8 && v->half[(h + k) % 8] == letter; k++)
			;
		out(s, "M%d %d", ox + centre.x, oy + centre.y);
		for (j = 0; j <= k; j++) {
			const pt *p = &ring[(h + j) % 8];
			out(s, "L%d %d", ox + p->x, oy + p->y);
		}
		out(s, "Z");
		if (k > best) {
			/* the middle of the run's outer edge, 3/5 of the way out */
			const pt *a = &ring[(h + k / 2) % 8];
			const pt *b = &ring[(h + (k + 1) / 2) % 8];
			int mx = (a->x + b->x) / 2, my = (a->y + b->y) / 2;
			best = k;
			start = h;
			anchor->x = ox + centre.x + (mx - centre.x) * 3 / 5;
			anchor->y = oy + centre.y + (my - centre.y) * 3 / 5;
		}
	}
	(void)start;
	return count;
}

/* The street of digit `d`: the path from the middle of each of its sides
 * to the centre. Returns the number of its sides; *anchor a point on it. */
static int street_path(svgw *s, const tileview *v, char d, int ox, int oy,
                       pt *anchor)
{
	int side, n = 0;
	for (side = 0; side < 4; side++) {
		const pt *m = &ring[2 * side + 1];
		if (v->street[side] != d)
			continue;
		if (n == 0) {
			out(s, "M%d %dL%d %d", ox + m->x, oy + m->y, ox + centre.x,
			    oy + centre.y);
			anchor->x = ox + m->x + (centre.x - m->x) * 2 / 5;
			anchor->y = oy + m->y + (centre.y - m->y) * 2 / 5;
		} else {
			out(s, "L%d %d", ox + m->x, oy + m->y);
		}
		n++;
	}
	return n;
}

/* Where a tile's tower foundation stands: off the centre (road ends,
 * the monastery), in the north-east quarter. */
static pt tower_spot(int ox, int oy)
{
	pt a;
	a.x = ox + T * 3 / 4;
	a.y = oy + T / 4;
	return a;
}

/* Where a follower on `part` of the tile stands. */
static pt part_anchor(const tileview *v, char part, int ox, int oy)
{
	svgw none = {NULL, 0, 0};
	pt a = {ox + centre.x, oy + centre.y};
	if (part == 't')
		return tower_spot(ox, oy);
	if (part >= '1' && part <= '9')
		street_path(&none, v, part, ox, oy, &a);
	else if (part >= 'a' && part <= 'h' && v->on_side[part - 'a'])
		region_path(&none, v, part, ox, oy, &a);
	return a;
}

/* A small house with a roof, centred on (x, y), of half size r. */
static void building(svgw *s, int x, int y, int r, const char *fill,
                     const char *cls)
{
	out(s,
	    "<path class=\"%s\" d=\"M%d %dh%dv%dh%dZM%d %dL%d %dL%d %dZ\" "
	    "fill=\"%s\" stroke=\"#3a2a1a\" stroke-width=\"1.5\"/>",
	    cls, x - r, y - r / 3, 2 * r, r + r / 3, -2 * r, x - r - 2,
	    y - r / 3, x, y - r - r / 2, x + r + 2, y - r / 3, fill);
}

/* A coat of arms: a small blue shield with a white cross-bar, centred on
 * (x, y). */
static void coat_of_arms(svgw *s, int x, int y)
{
	out(s,
	    "<path class=\"coat\" d=\"M%d %dh%dv%dQ%d %d %d %dQ%d %d %d %dZ\" "
	    "fill=\"#1f4e9c\" stroke=\"#ffffff\" stroke-width=\"2\"/>"
	    "<path d=\"M%d %dh%d\" stroke=\"#ffffff\" stroke-width=\"2\"/>",
	    x - 8, y - 9, 16, 8, x + 8, y + 6, x, y + 10, x - 8, y + 6, x - 8,
	    y - 1, x - 5, y - 3, 10);
}

/* The Carcassonne prints: a monastery at the centre, a coat of arms in each
 * city region that has one (beside where a knight stands), a tower
 * foundation. */
static void draw_carc_marks(svgw *s, const tileview *v, int ox, int oy)
{
	int r;
	if (v->monastery) {
		int x = ox + centre.x, y = oy + centre.y;
		out(s, "<g class=\"monastery\"><title>monastery</title>");
		out(s,
		    "<path d=\"M%d %dh%dv%dh%dZM%d %dL%d %dL%d %dZ\" "
		    "fill=\"#b71c1c\" stroke=\"#3a2a1a\" stroke-width=\"1.5\"/>"
		    "<path d=\"M%d %dv%dM%d %dh%d\" stroke=\"#3a2a1a\" "
		    "stroke-width=\"2\"/>",
		    x - 18, y - 6, 36, 22, -36, x - 21, y - 6, x, y - 24, x + 21,
		    y - 6, x, y - 38, 14, x - 5, y - 33, 10);
		out(s, "</g>");
	}
	for (r = 0; r < 8; r++) {
		pt a;
		svgw none = {NULL, 0, 0};
		if (!v->coat[r])
			continue;
		a.x = ox + centre.x;
		a.y = oy + centre.y;
		if (v->on_side[r])
			region_path(&none, v, (char)('a' + r), ox, oy, &a);
		/* beside the knight's spot (the anchor), across the line from the
		 * centre: clear of the knight and of the roads to the centre */
		{
			int dx = a.x - (ox + centre.x), dy = a.y - (oy + centre.y);
			int px = dy > 0 ? -1 : dy < 0 ? 1 : 0;
			int py = dx > 0 ? 1 : dx < 0 ? -1 : 0;
			if (px == 0 && py == 0)
				px = 1;
			int cx = a.x + px * 22, cy = a.y + py * 22;
			/* inside the tile (a neighbour is drawn over the edge) */
			cx = cx < ox + 11 ? ox + 11 : cx > ox + T - 11 ? ox + T - 11 : cx;
			cy = cy < oy + 12 ? oy + 12 : cy > oy + T - 13 ? oy + T - 13 : cy;
			coat_of_arms(s, cx, cy);
		}
	}
	if (v->foundation) {
		pt t = tower_spot(ox, oy);
		out(s, "<circle class=\"foundation\" cx=\"%d\" cy=\"%d\" "
		       "r=\"%d\" fill=\"#9e9e9e\" stroke=\"#424242\" "
		       "stroke-width=\"2\" stroke-dasharray=\"4 3\"/>",
		    t.x, t.y, T / 7);
	}
}

/* What a design prints besides regions and streets: The City's public and
 * historic buildings; the Carcassonne sets' monasteries, coats of arms and
 * tower foundations (draw_carc_marks). */
static void draw_tile_marks(svgw *s, const city_tileset *ts,
                            const tileview *v, int ox, int oy)
{
	static const int spread[8] = {0, 4, 2, 6, 1, 5, 3, 7};
	int pub = city_tileset_public_buildings(ts, (unsigned)v->design);
	const char *hist = city_tileset_historic_name(ts, (unsigned)v->design);
	int want = (pub > 0 ? pub : 0) + (hist && hist[0] ? 1 : 0);
	int i, placed = 0;
	if (v->monastery || v->foundation)
		draw_carc_marks(s, v, ox, oy);
	else
		for (i = 0; i < 8; i++)
			if (v->coat[i]) {
				draw_carc_marks(s, v, ox, oy);
				break;
			}
	for (i = 0; i < 8 && placed < want; i++) {
		int h = spread[i], c = v->half[h] - 'a';
		const pt *a = &ring[h], *b = &ring[(h + 1) % 8];
		int x, y;
		if (c < 0 || c >= 8 || v->kind[c] != CITY_REGION_RESIDENTIAL)
			continue;
		/* 4/5 of the way out towards the quarter of the side next to
		 * the corner: clear of the street on the middle and of a
		 * follower standing in the half (part_anchor) */
		{
			const pt *corner = (h % 2 == 0) ? a : b, *mid = (h % 2 == 0) ? b : a;
			int qx = (3 * corner->x + mid->x) / 4, qy = (3 * corner->y + mid->y) / 4;
			x = ox + centre.x + (qx - centre.x) * 4 / 5;
			y = oy + centre.y + (qy - centre.y) * 4 / 5;
		}
		if (placed == 0 && hist && hist[0]) {
			out(s, "<g class=\"historic\"><title>%s</title>", hist);
			building(s, x, y, T / 9, "#7b2d8b", "hist");
			out(s, "</g>");
		} else {
			building(s, x, y, T / 14, "#5b7ea8", "pub");
		}
		placed++;
	}
	/* no residential half (a tile of markets): the buildings at the centre */
	for (; placed < want; placed++)
		building(s, ox + centre.x + (placed - want / 2) * T / 6,
		         oy + centre.y, T / 14,
		         (placed == 0 && hist && hist[0]) ? "#7b2d8b" : "#5b7ea8",
		         "pub");
}

static void draw_tile(svgw *s, const city_tileset *ts, const tileview *v,
                      int ox, int oy)
{
	char fill[32];
	int r, side;
	pt a;
	for (r = 0; r < 8; r++) {
		char letter = (char)('a' + r);
		if (v->kind[r] < 0 || !v->on_side[r])
			continue;
		region_fill(fill, sizeof fill, v->kind[r], v->markets[r]);
		out(s, "<path data-part=\"%c\" fill=\"%s\" stroke=\"#5a4634\" "
		       "stroke-opacity=\"0.45\" stroke-linejoin=\"round\" d=\"",
		    letter, fill);
		region_path(s, v, letter, ox, oy, &a);
		out(s, "\"/>");
	}
	for (r = 0; r < 8; r++) {
		if (v->kind[r] < 0 || v->on_side[r])
			continue;
		region_fill(fill, sizeof fill, v->kind[r], v->markets[r]);
		out(s, "<circle data-part=\"%c\" cx=\"%d\" cy=\"%d\" r=\"%d\" "
		       "fill=\"%s\" stroke=\"#5a4634\" stroke-opacity=\"0.6\"/>",
		    'a' + r, ox + centre.x, oy + centre.y, T / 5, fill);
	}
	for (r = 1; r <= 9; r++) {
		char d = (char)('0' + r);
		int n;
		svgw none = {NULL, 0, 0};
		if (street_path(&none, v, d, ox, oy, &a) == 0)
			continue;
		out(s, "<g data-part=\"%c\" fill=\"none\" stroke-linejoin=\"round\">"
		       "<path stroke=\"#6e6253\" stroke-width=\"%d\" d=\"",
		    d, T / 8);
		street_path(s, v, d, ox, oy, &a);
		out(s, "\"/><path stroke=\"#f5efe0\" stroke-width=\"%d\" d=\"",
		    T / 12);
		n = street_path(s, v, d, ox, oy, &a);
		out(s, "\"/></g>");
		if (n == 1) /* a street that ends on the tile: a small square */
			out(s, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"#f5efe0\" "
			       "stroke=\"#6e6253\" stroke-width=\"2\"/>",
			    ox + centre.x, oy + centre.y, T / 12);
	}
	(void)side;
	draw_tile_marks(s, ts, v, ox, oy);
	out(s, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
	       "stroke=\"#3b3026\" stroke-width=\"1\"/>",
	    ox, oy, T, T);
}

/* ------------------------------------------------------------------------
 * The wall: pieces outside their tile's side. */

static void piece_rect(int ox, int oy, int side, int *x, int *y, int *w,
                       int *h)
{
	switch (side) {
	case CITY_SIDE_N:
		*x = ox, *y = oy - WALL, *w = T, *h = WALL;
		break;
	case CITY_SIDE_E:
		*x = ox + T, *y = oy, *w = WALL, *h = T;
		break;
	case CITY_SIDE_S:
		*x = ox, *y = oy + T, *w = T, *h = WALL;
		break;
	default:
		*x = ox - WALL, *y = oy, *w = WALL, *h = T;
		break;
	}
}

/* The middle of a piece's outer rectangle. */
static pt piece_mid(int ox, int oy, int side)
{
	int x, y, w, h;
	pt p;
	piece_rect(ox, oy, side, &x, &y, &w, &h);
	p.x = x + w / 2;
	p.y = y + h / 2;
	return p;
}

static const int side_dx[4] = {0, 1, 0, -1};
static const int side_dy[4] = {-1, 0, 1, 0};

typedef struct frame {
	int32_t min_x, min_y;
	int off_x; /* the board centred over a wider strip */
} frame;

static int cell_x(const frame *f, int32_t x)
{
	return f->off_x + (int)((int64_t)(x - f->min_x + 1) * T);
}
static int cell_y(const frame *f, int32_t y)
{
	return (int)((int64_t)(y - f->min_y + 1) * T);
}

static void draw_wall(svgw *s, const city_game *g, const frame *f)
{
	int n = city_wall_length(g), i;
	for (i = 0; i < n; i++) {
		int32_t x, y;
		int side, gate, guard, rx, ry, rw, rh, k;
		if (city_wall_piece(g, (size_t)i, &x, &y, &side, &gate, &guard) !=
		    CITY_OK)
			continue;
		piece_rect(cell_x(f, x), cell_y(f, y), side, &rx, &ry, &rw, &rh);
		out(s, "<rect class=\"%s\" x=\"%d\" y=\"%d\" width=\"%d\" "
		       "height=\"%d\" fill=\"%s\" stroke=\"#2e2e2e\" "
		       "stroke-width=\"1.5\"/>",
		    gate ? "gate" : "wall", rx, ry, rw, rh,
		    gate ? "#8b5a2b" : "#8d8d8d");
		/* close convex corners: where the next cell along the side at
		 * either end holds no tile, the wall turns there */
		for (k = -1; k <= 1; k += 2) {
			int ax = side_dy[side] != 0 ? k : 0;
			int ay = side_dx[side] != 0 ? k : 0;
			int cx, cy;
			if (city_game_tile_at(g, x + ax, y + ay, NULL, NULL) == CITY_OK)
				continue;
			cx = side_dx[side] != 0 ? rx : (k < 0 ? rx - WALL : rx + rw);
			cy = side_dy[side] != 0 ? ry : (k < 0 ? ry - WALL : ry + rh);
			out(s, "<rect class=\"wall-corner\" x=\"%d\" y=\"%d\" "
			       "width=\"%d\" height=\"%d\" fill=\"#8d8d8d\" "
			       "stroke=\"#2e2e2e\" stroke-width=\"1.5\"/>",
			    cx, cy, WALL, WALL);
		}
		if (gate) {
			pt m = piece_mid(cell_x(f, x), cell_y(f, y), side);
			out(s, "<rect class=\"door\" x=\"%d\" y=\"%d\" width=\"%d\" "
			       "height=\"%d\" fill=\"#3a2410\"/>",
			    m.x - (rw > rh ? T / 8 : WALL / 4),
			    m.y - (rh > rw ? T / 8 : WALL / 4),
			    rw > rh ? T / 4 : WALL / 2, rh > rw ? T / 4 : WALL / 2);
		}
		if (guard >= 0) {
			pt m = piece_mid(cell_x(f, x), cell_y(f, y), side);
			out(s, "<circle class=\"guard\" cx=\"%d\" cy=\"%d\" r=\"%d\" "
			       "fill=\"%s\" stroke=\"#111111\" stroke-width=\"2\">"
			       "<title>guard of %s</title></circle>",
			    m.x, m.y, T / 10, pcolor(guard),
			    guard < 6 ? player_name[guard] : "?");
		}
	}
	n = city_tower_count(g);
	for (i = 0; i < n; i++) {
		int player, end, piece, points, side;
		int32_t x, y;
		pt m;
		if (city_tower(g, (size_t)i, &player, &end, &piece, &points) !=
		        CITY_OK ||
		    city_wall_piece(g, (size_t)piece, &x, &y, &side, NULL, NULL) !=
		        CITY_OK)
			continue;
		m = piece_mid(cell_x(f, x), cell_y(f, y), side);
		/* beside the guard spot, towards the end it was built at */
		if (side_dx[side] == 0)
			m.x += (end == CITY_END_CW ? 1 : -1) * (side == CITY_SIDE_N ? 1 : -1) * T / 4;
		else
			m.y += (end == CITY_END_CW ? 1 : -1) * (side == CITY_SIDE_E ? 1 : -1) * T / 4;
		out(s, "<g class=\"tower\"><title>tower of %s: %d points</title>"
		       "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
		       "fill=\"%s\" stroke=\"#111111\" stroke-width=\"2.5\"/>"
		       "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" "
		       "font-size=\"%d\" font-weight=\"bold\" text-anchor=\"middle\" "
		       "fill=\"%s\">%d</text></g>",
		    player >= 0 && player < 6 ? player_name[player] : "?", points,
		    m.x - T / 8, m.y - T / 8, T / 4, T / 4, pcolor(player), m.x,
		    m.y + T / 16, T / 6, player == 2 ? "#000000" : "#ffffff",
		    points);
	}
}

/* The Tower: each tower on the board, its height beside it (its top
 * follower is drawn with the followers, on the tower). */
static void draw_tower_stacks(svgw *s, const city_game *g, const frame *f)
{
	int n = city_game_tile_count(g), i;
	for (i = 0; i < n; i++) {
		int32_t x, y;
		int height = 0, top = -1;
		pt t;
		if (city_game_placed_tile(g, (size_t)i, &x, &y, NULL, NULL) !=
		        CITY_OK ||
		    city_game_tower(g, x, y, &height, &top) != CITY_OK ||
		    height <= 0)
			continue;
		t = tower_spot(cell_x(f, x), cell_y(f, y));
		out(s, "<g class=\"tower-stack\" data-x=\"%d\" data-y=\"%d\" "
		       "data-height=\"%d\" data-top=\"%d\"><title>tower: %d "
		       "floor%s%s%s</title>"
		       "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
		       "fill=\"#757575\" stroke=\"#212121\" stroke-width=\"2\"/>"
		       "<path d=\"M%d %dv-5h5v5h5v-5h5v5h5v-5h5v5\" fill=\"none\" "
		       "stroke=\"#212121\" stroke-width=\"2\"/>"
		       "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" "
		       "font-size=\"%d\" font-weight=\"bold\" "
		       "text-anchor=\"middle\" fill=\"#212121\" stroke=\"#ffffff\" "
		       "stroke-width=\"3\" paint-order=\"stroke\">%d</text></g>",
		    (int)x, (int)y, height, top, height, height == 1 ? "" : "s",
		    top >= 0 ? ", closed by " : "",
		    top >= 0 && top < 6 ? player_name[top] : "", t.x - 12,
		    t.y - 10, 25, 26, t.x - 12, t.y - 10, t.x - 22, t.y + 6, T / 5,
		    height);
	}
}

static void draw_follower(svgw *s, int x, int y, int player, int role)
{
	static const char *const roles[9] = {
	    "citizen", "seller", "steward", "guard", "highwayman",
	    "knight", "monk", "farmer", "tower-top"};
	const char *rn = role >= 0 && role < 9 ? roles[role] : "follower";
	/* a meeple: head and body; a farmer lies */
	if (role == CITY_ROLE_FARMER)
		out(s, "<g class=\"follower\" transform=\"rotate(-90 %d %d)\">"
		       "<title>%s %s</title>",
		    x, y, player >= 0 && player < 6 ? player_name[player] : "?",
		    rn);
	else
		out(s, "<g class=\"follower\"><title>%s %s</title>",
		    player >= 0 && player < 6 ? player_name[player] : "?", rn);
	out(s, "<path d=\"M%d %dL%d %dL%d %dQ%d %d %d %dL%d %dL%d %dZ\" "
	       "fill=\"%s\" stroke=\"#111111\" stroke-width=\"2\" "
	       "stroke-linejoin=\"round\"/>"
	       "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" "
	       "stroke=\"#111111\" stroke-width=\"2\"/></g>",
	    x - 12, y + 14, x - 4, y - 2, x - 13, y - 4, x, y - 16, x + 13,
	    y - 4, x + 4, y - 2, x + 12, y + 14, pcolor(player), x, y - 9, 6,
	    pcolor(player));
}

static void draw_followers(svgw *s, const city_game *g,
                           const city_tileset *ts, const frame *f)
{
	int n = city_game_follower_count(g), i;
	for (i = 0; i < n; i++) {
		int player, role, design, rotation;
		int32_t x, y;
		char part;
		tileview v;
		pt a;
		if (city_game_follower(g, (size_t)i, &player, &role, &x, &y,
		                       &part) != CITY_OK)
			continue;
		if (role == CITY_ROLE_GUARD)
			continue; /* drawn on its wall piece */
		if (city_game_tile_at(g, x, y, &design, &rotation) != CITY_OK ||
		    tile_view(ts, design, rotation, &v) != CITY_OK)
			continue;
		a = part_anchor(&v, part, cell_x(f, x), cell_y(f, y));
		if (part == 't')
			a.y -= T / 8; /* on top of the tower */
		draw_follower(s, a.x, a.y, player, role);
	}
}

/* ------------------------------------------------------------------------
 * The legal overlay. */

/* Tile decision: one mark per fitting cell (moves sorted by y, x,
 * rotation), with its rotations in data-rot. */
static void legal_tiles(svgw *s, const city_game *g, const city_tileset *ts,
                        const frame *f, const city_move *moves, size_t n)
{
	size_t i, j;
	(void)g;
	(void)ts;
	/* tile moves are sorted by y, x, rotation: one mark per cell */
	for (i = 0; i < n; i = j) {
		int ox = cell_x(f, moves[i].x), oy = cell_y(f, moves[i].y);
		out(s, "<rect class=\"legal\" data-x=\"%d\" data-y=\"%d\" "
		       "data-rot=\"",
		    (int)moves[i].x, (int)moves[i].y);
		for (j = i; j < n && moves[j].x == moves[i].x &&
		            moves[j].y == moves[i].y;
		     j++)
			out(s, "%s%d", j > i ? " " : "", moves[j].rotation);
		out(s, "\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
		       "fill=\"#fff176\" fill-opacity=\"0.45\" "
		       "stroke=\"#f9a825\" stroke-width=\"3\" "
		       "stroke-dasharray=\"8 5\"/>",
		    ox + 4, oy + 4, T - 8, T - 8);
	}
}

/* Follower decision: each legal part of the tile just placed
 * highlighted, and a spot to click where the follower would stand. */
static void legal_followers(svgw *s, const city_game *g, const city_tileset *ts,
                            const frame *f, const city_move *moves, size_t n)
{
	size_t i;
	int last = city_game_tile_count(g) - 1, design, rotation;
	int32_t x, y;
	tileview v;
	pt spot[24];
	char spot_part[24];
	size_t spots = 0;
	if (last >= 0 &&
	    city_game_placed_tile(g, (size_t)last, &x, &y, &design,
	                          &rotation) == CITY_OK &&
	    tile_view(ts, design, rotation, &v) == CITY_OK) {
		int ox = cell_x(f, x), oy = cell_y(f, y);
		for (i = 0; i < n; i++) {
			char p = moves[i].part;
			pt a;
			if (moves[i].kind != CITY_MOVE_FOLLOWER || spots >= 24)
				continue;
			a = part_anchor(&v, p, ox, oy);
			spot[spots].x = a.x;
			spot[spots].y = a.y;
			spot_part[spots++] = p;
			if (p >= '1' && p <= '9') {
				out(s, "<path class=\"legal-part\" "
				       "data-move=\"follower %c\" fill=\"none\" "
				       "stroke=\"#fff176\" stroke-opacity=\"0.7\" "
				       "stroke-width=\"%d\" d=\"",
				    p, T / 6);
				street_path(s, &v, p, ox, oy, &a);
				out(s, "\"/>");
			} else if (p >= 'a' && p <= 'h' && v.on_side[p - 'a']) {
				out(s, "<path class=\"legal-part\" "
				       "data-move=\"follower %c\" fill=\"#fff176\" "
				       "fill-opacity=\"0.35\" stroke=\"#f9a825\" "
				       "stroke-width=\"2\" d=\"",
				    p);
				region_path(s, &v, p, ox, oy, &a);
				out(s, "\"/>");
			} else {
				out(s, "<circle class=\"legal-part\" "
				       "data-move=\"follower %c\" cx=\"%d\" cy=\"%d\" "
				       "r=\"%d\" fill=\"#fff176\" fill-opacity=\"0.5\" "
				       "stroke=\"#f9a825\" stroke-width=\"2\"/>",
				    p, a.x, a.y, T / 5);
			}
		}
		/* where the follower would stand: a spot to click, above the
		 * highlighted parts */
		for (i = 0; i < spots; i++)
			out(s, "<circle class=\"legal-spot\" "
			       "data-move=\"follower %c\" cx=\"%d\" cy=\"%d\" "
			       "r=\"%d\" fill=\"#ffffff\" fill-opacity=\"0.85\" "
			       "stroke=\"#e65100\" stroke-width=\"3\"/>",
			    spot_part[i], spot[i].x, spot[i].y, T / 10);
	}
}

/* Follower decision, The Tower: floor and top marks. */
static void legal_towers(svgw *s, const city_game *g, const city_tileset *ts,
                         const frame *f, const city_move *moves, size_t n)
{
	size_t i;
	(void)g;
	(void)ts;
	/* The Tower: a floor (a square in the tile's north-east corner,
	 * beside the tower) or a follower on top (a circle in the
	 * south-east corner) at any open tower. The corners are clear of
	 * every follower spot (part_anchor: at most 3/5 of the way out),
	 * so each mark can be clicked. */
	for (i = 0; i < n; i++) {
		pt t;
		if (moves[i].kind != CITY_MOVE_FLOOR &&
		    moves[i].kind != CITY_MOVE_TOP)
			continue;
		t.x = cell_x(f, moves[i].x) + T - 11;
		t.y = cell_y(f, moves[i].y) + 11;
		if (moves[i].kind == CITY_MOVE_FLOOR)
			out(s, "<rect class=\"legal-tower\" "
			       "data-move=\"floor %d %d\" x=\"%d\" y=\"%d\" "
			       "width=\"%d\" height=\"%d\" fill=\"#fff176\" "
			       "fill-opacity=\"0.85\" stroke=\"#e65100\" "
			       "stroke-width=\"3\"><title>floor</title></rect>",
			    (int)moves[i].x, (int)moves[i].y, t.x - 8, t.y - 8,
			    16, 16);
		else
			out(s, "<circle class=\"legal-tower\" "
			       "data-move=\"top %d %d\" cx=\"%d\" cy=\"%d\" "
			       "r=\"%d\" fill=\"#ffffff\" fill-opacity=\"0.85\" "
			       "stroke=\"#e65100\" stroke-width=\"3\">"
			       "<title>top</title></circle>",
			    (int)moves[i].x, (int)moves[i].y, t.x, t.y + T - 22,
			    8);
	}
}

/* Capture decision: a ring round each follower that can be taken. */
static void legal_captures(svgw *s, const city_game *g, const city_tileset *ts,
                           const frame *f, const city_move *moves, size_t n)
{
	size_t i;
	/* The Tower: a ring round each follower that can be taken */
	for (i = 0; i < n; i++) {
		int design, rotation;
		tileview v;
		pt a;
		if (moves[i].kind != CITY_MOVE_CAPTURE ||
		    city_game_tile_at(g, moves[i].x, moves[i].y, &design,
		                      &rotation) != CITY_OK ||
		    tile_view(ts, design, rotation, &v) != CITY_OK)
			continue;
		a = part_anchor(&v, moves[i].part, cell_x(f, moves[i].x),
		                cell_y(f, moves[i].y));
		if (moves[i].part == 't')
			a.y -= T / 8;
		out(s, "<circle class=\"legal-capture\" "
		       "data-move=\"capture %d %d %c\" cx=\"%d\" cy=\"%d\" "
		       "r=\"%d\" fill=\"#ff5252\" fill-opacity=\"0.3\" "
		       "stroke=\"#b71c1c\" stroke-width=\"3\"/>",
		    (int)moves[i].x, (int)moves[i].y, moves[i].part, a.x, a.y,
		    T / 5);
	}
}

/* Gate decision: each contour side that can take the gate. */
static void legal_gates(svgw *s, const city_game *g, const city_tileset *ts,
                        const frame *f, const city_move *moves, size_t n)
{
	size_t i;
	(void)g;
	(void)ts;
	for (i = 0; i < n; i++) {
		int rx, ry, rw, rh;
		char text[48];
		/* the move's own text (record.md: the side as N/E/S/W), so the
		 * page can apply what it reads */
		if (moves[i].kind != CITY_MOVE_GATE || moves[i].side > 3 ||
		    city_move_to_string(&moves[i], text, sizeof text, NULL) !=
		        CITY_OK)
			continue;
		piece_rect(cell_x(f, moves[i].x), cell_y(f, moves[i].y),
		           moves[i].side, &rx, &ry, &rw, &rh);
		out(s, "<rect class=\"legal-gate\" data-move=\"%s\" "
		       "x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
		       "fill=\"#fff176\" fill-opacity=\"0.6\" stroke=\"#f57f17\" "
		       "stroke-width=\"2\"/>",
		    text, rx, ry, rw, rh);
	}
}

static int draw_legal(svgw *s, const city_game *g, const city_tileset *ts,
                      const frame *f)
{
	size_t n = 0;
	city_move *moves;
	int decision = city_game_decision(g);
	if (city_legal_moves(g, NULL, 0, &n) != CITY_OK || n == 0)
		return CITY_OK;
	moves = malloc(n * sizeof *moves);
	if (!moves)
		return CITY_ENOMEM;
	if (city_legal_moves(g, moves, n, &n) != CITY_OK) {
		free(moves);
		return CITY_OK;
	}
	out(s, "<g class=\"overlay\">");
	if (decision == CITY_DECISION_TILE) {
		legal_tiles(s, g, ts, f, moves, n);
	} else if (decision == CITY_DECISION_FOLLOWER) {
		legal_followers(s, g, ts, f, moves, n);
		legal_towers(s, g, ts, f, moves, n);
	} else if (decision == CITY_DECISION_CAPTURE) {
		legal_captures(s, g, ts, f, moves, n);
	} else if (decision == CITY_DECISION_GATE) {
		legal_gates(s, g, ts, f, moves, n);
	}
	out(s, "</g>");
	free(moves);
	return CITY_OK;
}

/* ------------------------------------------------------------------------
 * The strip: the current tile and each player's score and supply. */

/* A player's group in the strip, left open for the game's own lines: the
 * colour (a thick border on the player to move), the score (any sign: The
 * Tower's ransom) and the followers in supply at height fol_y. */
static void draw_player_head(svgw *s, const city_game *g, int p, int x,
                             int y0, int fol_y, int fol)
{
	int score = 0;
	int to_move = city_game_decision(g) != CITY_DECISION_END &&
	              city_game_player(g) == p;
	city_game_score_get(g, p, &score);
	out(s, "<g class=\"player\"><rect x=\"%d\" y=\"%d\" width=\"20\" "
	       "height=\"20\" fill=\"%s\" stroke=\"#111111\"%s/>"
	       "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" "
	       "font-size=\"22\" font-weight=\"bold\" fill=\"#222222\">"
	       "%d</text>"
	       "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" "
	       "font-size=\"14\" fill=\"#444444\">%d followers</text>",
	    x, y0 + 16, pcolor(p),
	    to_move ? " stroke-width=\"4\"" : " stroke-width=\"1\"", x + 28,
	    y0 + 34, score, x, fol_y, fol);
}

/* The strip's players in Carcassonne: score, followers, tower floors and
 * prisoners held (The Tower), tiles left. */
static void draw_carc_strip(svgw *s, const city_game *g, int y0)
{
	int np = city_game_players(g), p, o;
	int decision = city_game_decision(g);
	int tower = (city_game_expansions(g) & CITY_EXPANSION_TOWER) != 0;
	for (p = 0; p < np; p++) {
		int x = T + 24 + p * 116, fol = 0, k = 0;
		city_game_supply(g, p, &fol, NULL);
		draw_player_head(s, g, p, x, y0, y0 + 56, fol);
		if (tower) {
			out(s, "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" "
			       "font-size=\"14\" fill=\"#444444\">%d floors</text>",
			    x, y0 + 74, city_game_floors(g, p));
			/* the prisoners this player holds, in their owners' colours */
			for (o = 0; o < np; o++) {
				int c = city_game_prisoners(g, p, o), j;
				for (j = 0; j < c && k < 10; j++, k++)
					out(s, "<circle class=\"prisoner\" data-holder=\"%d\" "
					       "data-owner=\"%d\" cx=\"%d\" cy=\"%d\" r=\"5\" "
					       "fill=\"%s\" stroke=\"#111111\"/>",
					    p, o, x + 6 + k * 11, y0 + 86, pcolor(o));
			}
		}
		out(s, "</g>");
	}
	out(s, "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" "
	       "font-size=\"13\" fill=\"#444444\">tiles %d%s</text></g>",
	    T + 24, y0 + 106, city_game_tiles_left(g, 1),
	    decision == CITY_DECISION_END ? ", ended" : "");
}

static void draw_strip(svgw *s, const city_game *g, const city_tileset *ts,
                       int y0)
{
	int np = city_game_players(g), p, design, stack;
	int decision = city_game_decision(g);
	out(s, "<g class=\"strip\"><rect x=\"0\" y=\"%d\" width=\"100%%\" "
	       "height=\"%d\" fill=\"#f4f1e8\"/>",
	    y0, STRIP);
	if (decision == CITY_DECISION_TILE &&
	    city_game_current_tile(g, &design, &stack) == CITY_OK) {
		tileview v;
		if (tile_view(ts, design, 0, &v) == CITY_OK) {
			out(s, "<g class=\"current\" transform=\"translate(%d %d)\">",
			    8, y0 + 8);
			draw_tile(s, ts, &v, 0, 0);
			out(s, "</g>");
		}
	}
	if (city_game_kind(g) == CITY_GAME_CARCASSONNE) {
		draw_carc_strip(s, g, y0);
		return;
	}
	for (p = 0; p < np; p++) {
		int x = T + 24 + p * 116, fol = 0, tow = 0;
		city_game_supply(g, p, &fol, &tow);
		draw_player_head(s, g, p, x, y0, y0 + 62, fol);
		out(s, "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" "
		       "font-size=\"14\" fill=\"#444444\">%d towers</text></g>",
		    x, y0 + 82, tow);
	}
	out(s, "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" "
	       "font-size=\"13\" fill=\"#444444\">walls %d, tiles %d/%d/%d%s"
	       "</text></g>",
	    T + 24, y0 + 104, city_game_walls_left(g),
	    city_game_tiles_left(g, 1), city_game_tiles_left(g, 2),
	    city_game_tiles_left(g, 3),
	    decision == CITY_DECISION_END ? ", ended" : "");
}

static void defs(svgw *s)
{
	/* mixed markets: stripes of each kind (fish, grain, livestock) */
	static const char *const kinds[3] = {"#6fa8dc", "#f1c232", "#8fbf5a"};
	unsigned m;
	out(s, "<defs>");
	for (m = 3; m <= 7; m++) {
		int n = 0, k, x = 0;
		if (m == 4)
			continue;
		for (k = 0; k < 3; k++)
			n += (int)((m >> (unsigned)k) & 1u);
		out(s, "<pattern id=\"mk%u\" patternUnits=\"userSpaceOnUse\" "
		       "width=\"24\" height=\"24\" "
		       "patternTransform=\"rotate(45)\">",
		    m);
		for (k = 0; k < 3; k++) {
			if (!((m >> (unsigned)k) & 1u))
				continue;
			out(s, "<rect x=\"%d\" y=\"0\" width=\"%d\" height=\"24\" "
			       "fill=\"%s\"/>",
			    x, 24 / n, kinds[k]);
			x += 24 / n;
		}
		out(s, "</pattern>");
	}
	out(s, "<pattern id=\"hole\" patternUnits=\"userSpaceOnUse\" "
	       "width=\"12\" height=\"12\"><rect width=\"12\" height=\"12\" "
	       "fill=\"#4a5a3a\"/><path d=\"M0 12L12 0\" stroke=\"#2c3622\" "
	       "stroke-width=\"3\"/></pattern></defs>");
}

static int render(svgw *s, const city_game *g, unsigned flags)
{
	const city_tileset *ts = city_game_tileset(g);
	int32_t min_x = 0, min_y = 0, max_x = 0, max_y = 0, x, y;
	int n, i, w, h, rc = CITY_OK;
	frame f;
	if (!ts)
		return CITY_EINVAL;
	if (city_game_bounds(g, &min_x, &min_y, &max_x, &max_y) != CITY_OK)
		min_x = min_y = max_x = max_y = 0;
	f.min_x = min_x;
	f.min_y = min_y;
	w = (int)((int64_t)(max_x - min_x + 3) * T);
	h = (int)((int64_t)(max_y - min_y + 3) * T);
	f.off_x = 0;
	{
		/* the strip's width: the current tile and the players (five in
		 * Carcassonne) */
		int strip_w = STRIP_MIN_W, np = city_game_players(g);
		if (city_game_kind(g) == CITY_GAME_CARCASSONNE &&
		    T + 24 + np * 116 > strip_w)
			strip_w = T + 24 + np * 116;
		if (w < strip_w) {
			f.off_x = (strip_w - w) / 2;
			w = strip_w;
		}
	}
	out(s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	       "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
	       "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
	       "data-min-x=\"%d\" data-min-y=\"%d\" data-cell=\"%d\">\n",
	    w, h + STRIP, w, h + STRIP, (int)min_x, (int)min_y, T);
	defs(s);
	out(s, "<rect class=\"ground\" width=\"%d\" height=\"%d\" "
	       "fill=\"#d4e4bc\"/>\n",
	    w, h);
	/* holes: empty cells the city encloses */
	for (y = min_y; y <= max_y; y++)
		for (x = min_x; x <= max_x; x++)
			if (city_game_cell(g, x, y) == CITY_CELL_HOLE)
				out(s, "<rect class=\"hole\" data-x=\"%d\" data-y=\"%d\" "
				       "x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
				       "fill=\"url(#hole)\"/>\n",
				    (int)x, (int)y, cell_x(&f, x), cell_y(&f, y), T, T);
	n = city_game_tile_count(g);
	for (i = 0; i < n; i++) {
		int design, rotation;
		tileview v;
		if (city_game_placed_tile(g, (size_t)i, &x, &y, &design,
		                          &rotation) != CITY_OK ||
		    tile_view(ts, design, rotation, &v) != CITY_OK)
			continue;
		out(s, "<g class=\"tile\" data-x=\"%d\" data-y=\"%d\" "
		       "data-design=\"%d\" data-rot=\"%d\">",
		    (int)x, (int)y, design, rotation);
		draw_tile(s, ts, &v, cell_x(&f, x), cell_y(&f, y));
		out(s, "</g>\n");
	}
	draw_wall(s, g, &f);
	out(s, "\n");
	if (city_game_kind(g) == CITY_GAME_CARCASSONNE) {
		draw_tower_stacks(s, g, &f);
		out(s, "\n");
	}
	draw_followers(s, g, ts, &f);
	out(s, "\n");
	if (n > 0 && city_game_placed_tile(g, (size_t)(n - 1), &x, &y, NULL,
	                                   NULL) == CITY_OK)
		out(s, "<rect class=\"last\" x=\"%d\" y=\"%d\" width=\"%d\" "
		       "height=\"%d\" fill=\"none\" stroke=\"#ffd400\" "
		       "stroke-width=\"5\"/>\n",
		    cell_x(&f, x) + 3, cell_y(&f, y) + 3, T - 6, T - 6);
	if (flags & CITY_SVG_LEGAL) {
		rc = draw_legal(s, g, ts, &f);
		out(s, "\n");
	}
	draw_strip(s, g, ts, h);
	out(s, "\n</svg>\n");
	return rc;
}

int city_game_svg(const city_game *game, unsigned flags, char *buf,
                  size_t capacity, size_t *needed)
{
	svgw s;
	int rc;
	if (!game || (!buf && capacity > 0) || (flags & ~CITY_SVG_LEGAL))
		return CITY_EINVAL;
	s.buf = buf;
	s.cap = capacity;
	s.len = 0;
	rc = render(&s, game, flags);
	if (rc != CITY_OK)
		return rc;
	if (needed)
		*needed = s.len + 1;
	if (s.len + 1 > capacity)
		return CITY_ERANGE;
	return CITY_OK;
}
