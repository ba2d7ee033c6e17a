/*
 * render_tile.c: one tile of the SVG, drawn like the printed tiles
 * (render_tile.h, docs/render.md).
 *
 * A design is eight half sides, clockwise from the north-west corner. The
 * ground of a tile (fields, residential areas) is its background, each of
 * its regions a fan of its halves round the centre. Raised regions
 * (cities, markets) are drawn on top as shapes of their own: along the
 * tile's edge over their halves, then back inside by a curve that bends
 * towards the centre only as far as the region's size asks. Two separate
 * cities or markets of one tile so never meet at the centre; a region on
 * several runs of halves (a city across the tile) joins them by curves
 * through the middle. A city's curves carry its wall (a rim).
 *
 * Follower spots (one per part) start at a point inside each part and are
 * pushed apart until any two are RENDER_SPOT_GAP apart (spread_spots).
 */
#include <string.h>

#include "render_palette.h"
#include "render_tile.h"

#define T RENDER_CELL

/* Region kinds of the Carcassonne sets (city/tileset.h). */
#ifndef CITY_REGION_CITY
#define CITY_REGION_CITY 2
#endif
#ifndef CITY_REGION_FIELD
#define CITY_REGION_FIELD 3
#endif

static const pt ring[8] = {{0, 0}, {T / 2, 0}, {T, 0}, {T, T / 2},
                           {T, T}, {T / 2, T}, {0, T}, {0, T / 2}};
static const pt centre = {T / 2, T / 2};

/* Follower spots stay this far inside the tile. */
#define SPOT_LO 13
#define SPOT_HI (T - 13)

static int part_index(char p)
{
	if (p >= 'a' && p <= 'h')
		return p - 'a';
	if (p >= '1' && p <= '9')
		return 8 + (p - '1');
	if (p == 'm')
		return 17;
	if (p == 't')
		return 18;
	return -1;
}

static int raised(int kind)
{
	return kind == CITY_REGION_CITY || kind == CITY_REGION_MARKET;
}

/* The fill of a region: a pattern of <defs> (render.c, defs_fills). */
static const char *region_fill(int kind, unsigned markets)
{
	static const char *const market[8] = {
	    "url(#city-mk0)", "url(#city-mk1)", "url(#city-mk2)",
	    "url(#city-mk3)", "url(#city-mk4)", "url(#city-mk5)",
	    "url(#city-mk6)", "url(#city-mk7)"};
	switch (kind) {
	case CITY_REGION_RESIDENTIAL:
		return "url(#city-res)";
	case CITY_REGION_MARKET:
		return market[markets & 7u];
	case CITY_REGION_CITY:
		return "url(#city-city)";
	case CITY_REGION_FIELD:
		return "url(#city-field)";
	default:
		return "#cccccc";
	}
}

/* ------------------------------------------------------------------------
 * Runs of halves: region `letter` covers runs of consecutive halves;
 * starts[] and lens[] receive them clockwise. Returns the number of runs
 * (0..4), or 5 when the region covers all eight halves. */
static int region_runs(const tileview *v, char letter, int starts[4],
                       int lens[4])
{
	int h, n = 0, count = 0;
	for (h = 0; h < 8; h++)
		count += v->half[h] == letter;
	if (count == 8)
		return 5;
	for (h = 0; h < 8 && n < 4; h++) {
		int k = 0;
		if (v->half[h] != letter || v->half[(h + 7) % 8] == letter)
			continue;
		while (k < 8 && v->half[(h + k) % 8] == letter)
			k++;
		starts[n] = h;
		lens[n++] = k;
	}
	return n;
}

/* The middle of a run's outer edge: a ring point when k is even, the
 * middle of a half when odd. */
static pt run_mid(int start, int k)
{
	const pt *a = &ring[(start + k / 2) % 8];
	const pt *b = &ring[(start + (k + 1) / 2) % 8];
	pt m;
	m.x = (a->x + b->x) / 2;
	m.y = (a->y + b->y) / 2;
	return m;
}

/* The inner curve of a one-run region from p (the run's end) back to q
 * (its start): a cubic pulled towards d = centre + (centre - m) * t / 8,
 * t by the run's length; its controls 7/8 (short runs) or 3/4 of the way
 * to d. Side caps leave their corners at less than 45 degrees, so caps of
 * two adjacent sides touch only at the corner. A city over two sides bows
 * past the diagonal, unless the tile has a way that curves through the
 * middle (`ways`), which it would cover. */
static void cap_curve(svgw *s, pt p, pt q, int start, int k, int ways, int ox,
                      int oy)
{
	static const int t8[8] = {0, -3, -1, 0, 4, 3, 0, 0};
	pt m = run_mid(start, k), d;
	int t = t8[k & 7], a = k == 4 || k == 5 ? 6 : 7;
	if (k == 2 && (start % 2) == 1)
		t = 0; /* a corner quadrant (The City): rounded to the centre */
	if (k == 4 && ways)
		t = 0;
	d.x = centre.x + (centre.x - m.x) * t / 8;
	d.y = centre.y + (centre.y - m.y) * t / 8;
	svg_out(s, "C%d %d %d %d %d %d", ox + p.x + (d.x - p.x) * a / 8,
	           oy + p.y + (d.y - p.y) * a / 8,
	           ox + q.x + (d.x - q.x) * a / 8,
	           oy + q.y + (d.y - q.y) * a / 8, ox + q.x, oy + q.y);
}

/* A curve from p to q through the middle (joining two runs of a region). */
static void join_curve(svgw *s, pt p, pt q, int ox, int oy)
{
	svg_out(s, "C%d %d %d %d %d %d", ox + p.x + (centre.x - p.x) * 3 / 4,
	           oy + p.y + (centre.y - p.y) * 3 / 4,
	           ox + q.x + (centre.x - q.x) * 3 / 4,
	           oy + q.y + (centre.y - q.y) * 3 / 4, ox + q.x, oy + q.y);
}

/* Whether ring point r (mod 8) is the middle of a side with a street:
 * a region ending there is bounded by the street, which runs to the
 * centre (The City), so its shape follows the street. */
static int street_end(const tileview *v, int r)
{
	r %= 8;
	return (r % 2) == 1 && v->street[r / 2] != '-';
}

/* The shape of a raised region (rim = 0: the closed outline to fill) or
 * its inner edges only (rim = 1: the wall of a city). A one-run region
 * that ends at a street goes along it to the centre; otherwise a curve. */
static void raised_path(svgw *s, const tileview *v, char letter, int ox, int oy,
                        int rim)
{
	int st[4], ln[4], n = region_runs(v, letter, st, ln), i, j;
	if (n == 5) {
		if (!rim)
			svg_out(s, "M%d %dh%dv%dh%dZ", ox, oy, T, T, -T);
		return;
	}
	for (i = 0; i < n; i++) {
		pt end = ring[(st[i] + ln[i]) % 8];
		pt next = ring[st[(i + 1) % n]];
		if (rim) {
			svg_out(s, "M%d %d", ox + end.x, oy + end.y);
		} else {
			if (i == 0)
				svg_out(s, "M%d %d", ox + ring[st[0]].x,
				           oy + ring[st[0]].y);
			for (j = 1; j <= ln[i]; j++)
				svg_out(s, "L%d %d",
				           ox + ring[(st[i] + j) % 8].x,
				           oy + ring[(st[i] + j) % 8].y);
		}
		if (n == 1 &&
		    (street_end(v, st[i] + ln[i]) || street_end(v, st[i])))
			svg_out(s, "L%d %dL%d %d", ox + centre.x,
			           oy + centre.y, ox + next.x, oy + next.y);
		else if (n == 1)
			cap_curve(s, end, next, st[i], ln[i],
			          v->street[0] != '-' || v->street[1] != '-' ||
			              v->street[2] != '-' ||
			              v->street[3] != '-',
			          ox, oy);
		else
			join_curve(s, end, next, ox, oy);
	}
	if (!rim)
		svg_out(s, "Z");
}

/* The fan of a ground region: one polygon per run round the centre. */
static void fan_path(svgw *s, const tileview *v, char letter, int ox, int oy)
{
	int st[4], ln[4], n = region_runs(v, letter, st, ln), i, j;
	if (n == 5) {
		svg_out(s, "M%d %dh%dv%dh%dZ", ox, oy, T, T, -T);
		return;
	}
	for (i = 0; i < n; i++) {
		svg_out(s, "M%d %d", ox + centre.x, oy + centre.y);
		for (j = 0; j <= ln[i]; j++)
			svg_out(s, "L%d %d", ox + ring[(st[i] + j) % 8].x,
			           oy + ring[(st[i] + j) % 8].y);
		svg_out(s, "Z");
	}
}

/* The number of sides of street `d`; *first and *second receive the first
 * two (-1 when fewer). */
static int street_sides(const tileview *v, char d, int *first, int *second)
{
	int side, n = 0;
	*first = *second = -1;
	for (side = 0; side < 4; side++)
		if (v->street[side] == d) {
			if (n == 0)
				*first = side;
			else if (n == 1)
				*second = side;
			n++;
		}
	return n;
}

/* Where the monastery stands: the centre, or, on a tile the river
 * crosses (V-GEO-1; the printed river tile has its monastery beside the
 * water), towards the middle of the first side with neither river nor
 * road. */
static pt monastery_at(const tileview *v)
{
	int side, river = 0;
	for (side = 0; side < 4; side++)
		river |= v->street[side] == '~';
	for (side = 0; river && side < 4; side++)
		if (v->street[side] == '-') {
			pt m = centre;
			m.x += (ring[2 * side + 1].x - centre.x) * 9 / 16;
			m.y += (ring[2 * side + 1].y - centre.y) * 9 / 16;
			return m;
		}
	return centre;
}

/* Where a street of one side ends: the centre; on a river tile
 * (V-GEO-1) at the monastery beside the water when the tile has one (the
 * road crosses the river to it), else at the near bank (a road does not
 * end in the water). The river's band and pond reach T/5 from the
 * centre. */
static pt street_stop(const tileview *v, char d, int side)
{
	int k, river = 0;
	pt e = centre;
	for (k = 0; k < 4; k++)
		river |= v->street[k] == '~';
	if (!river || d == '~')
		return centre;
	if (v->monastery)
		return monastery_at(v);
	e.x += (ring[2 * side + 1].x - centre.x) * 7 / 16;
	e.y += (ring[2 * side + 1].y - centre.y) * 7 / 16;
	return e;
}

/* The street of digit `d`: from the middle of each of its sides to the
 * centre (or where it stops, street_stop); a street of two sides as one
 * curve through the centre. Returns the number of its sides. */
static int street_path(svgw *s, const tileview *v, char d, int ox, int oy)
{
	int side, first, second, n = street_sides(v, d, &first, &second);
	if (n == 2) {
		const pt *a = &ring[2 * first + 1], *b = &ring[2 * second + 1];
		svg_out(s, "M%d %dQ%d %d %d %d", ox + a->x, oy + a->y,
		           ox + centre.x, oy + centre.y, ox + b->x, oy + b->y);
		return n;
	}
	for (side = 0; side < 4; side++)
		if (v->street[side] == d) {
			pt e = street_stop(v, d, side);
			svg_out(s, "M%d %dL%d %d", ox + ring[2 * side + 1].x,
			           oy + ring[2 * side + 1].y, ox + e.x, oy + e.y);
		}
	return n;
}

int rtile_part_path(svgw *s, const tileview *v, char part, int ox, int oy)
{
	if (part >= '1' && part <= '9')
		return street_path(s, v, part, ox, oy) > 0 ? 2 : 0;
	if (part < 'a' || part > 'h' || !v->on_side[part - 'a'])
		return 0;
	if (raised(v->kind[part - 'a']))
		raised_path(s, v, part, ox, oy, 0);
	else
		fan_path(s, v, part, ox, oy);
	return 1;
}

/* ------------------------------------------------------------------------
 * Follower spots. */

pt rtile_tower_spot(int ox, int oy)
{
	pt a;
	a.x = ox + T * 3 / 4;
	a.y = oy + T / 4;
	return a;
}

/* A point inside region r: 3/5 of the way out to the middle of its
 * longest run (4/5 for a half, whose shape is small). */
static pt region_spot(const tileview *v, int r)
{
	int st[4], ln[4], n = region_runs(v, (char)('a' + r), st, ln), i;
	int best = 0, f;
	pt m, a;
	if (n == 5) {
		/* off the centre (street ends) and the corners (buildings) */
		a.x = T * 16 / 25;
		a.y = T * 16 / 25;
		return a;
	}
	for (i = 1; i < n; i++)
		if (ln[i] > ln[best])
			best = i;
	m = run_mid(st[best], ln[best]);
	f = ln[best] == 1 ? 4 : 3;
	a.x = centre.x + (m.x - centre.x) * f / 5;
	a.y = centre.y + (m.y - centre.y) * f / 5;
	return a;
}

/* A point on street d: the middle of a curve of two sides, else 2/5 of
 * the way in from its first side. */
static pt street_spot(const tileview *v, char d)
{
	int first, second, n = street_sides(v, d, &first, &second);
	pt a = centre;
	if (n == 2 && (first + 2) % 4 != second) {
		const pt *p = &ring[2 * first + 1], *q = &ring[2 * second + 1];
		a.x = (p->x + 2 * centre.x + q->x) / 4;
		a.y = (p->y + 2 * centre.y + q->y) / 4;
	} else if (n > 0 && n != 2) {
		const pt *p = &ring[2 * first + 1];
		a.x = p->x + (centre.x - p->x) * 2 / 5;
		a.y = p->y + (centre.y - p->y) * 2 / 5;
	}
	return a;
}

/* Whether spot k at p is RENDER_SPOT_GAP from every other spot. */
static int spot_free(const tileview *v, int k, pt p)
{
	int j;
	for (j = 0; j < RENDER_PARTS; j++) {
		int dx = v->spot[j].x - p.x, dy = v->spot[j].y - p.y;
		if (j != k && v->has_spot[j] &&
		    dx * dx + dy * dy < RENDER_SPOT_GAP * RENDER_SPOT_GAP)
			return 0;
	}
	return 1;
}

/* Spot k to the nearest free point of a 3-unit grid inside the tile (for
 * the rare spot that pushing left stuck in a corner). */
static void relocate(tileview *v, int k)
{
	int x, y, best = -1;
	pt at = v->spot[k], p;
	for (y = SPOT_LO; y <= SPOT_HI; y += 3)
		for (x = SPOT_LO; x <= SPOT_HI; x += 3) {
			int d =
			    (x - at.x) * (x - at.x) + (y - at.y) * (y - at.y);
			p.x = x;
			p.y = y;
			if ((best < 0 || d < best) && spot_free(v, k, p)) {
				best = d;
				v->spot[k] = p;
			}
		}
}

/* Move p by (ux, uy), staying inside the tile. */
static void nudge(pt *p, int ux, int uy)
{
	p->x += ux;
	p->y += uy;
	p->x = p->x < SPOT_LO ? SPOT_LO : p->x > SPOT_HI ? SPOT_HI : p->x;
	p->y = p->y < SPOT_LO ? SPOT_LO : p->y > SPOT_HI ? SPOT_HI : p->y;
}

/* Push spots apart until any two are RENDER_SPOT_GAP apart (or 64
 * rounds): each close pair moves away from each other along the line
 * between them, the monastery and the tower (pinned, drawn there) never;
 * a spot still too close then takes the nearest free point. Integer steps
 * in a fixed order: the same design gives the same spots. */
static void spread_spots(tileview *v)
{
	const int gap = RENDER_SPOT_GAP;
	int round, i, j, moved = 1;
	for (round = 0; round < 64 && moved; round++) {
		moved = 0;
		for (i = 0; i < RENDER_PARTS; i++)
			for (j = i + 1; j < RENDER_PARTS; j++) {
				pt *a = &v->spot[i], *b = &v->spot[j];
				int dx = b->x - a->x, dy = b->y - a->y, d, push,
				    ux, uy;
				int pin_a = i >= 17, pin_b = j >= 17;
				if (!v->has_spot[i] || !v->has_spot[j] ||
				    (pin_a && pin_b) ||
				    dx * dx + dy * dy >= gap * gap)
					continue;
				d = svg_isqrt(dx * dx + dy * dy);
				if (d == 0) {
					dx = (j % 2) ? 1 : 0;
					dy = (j % 2) ? 0 : 1;
					d = 1;
				}
				push = (gap - d) / (pin_a || pin_b ? 1 : 2) + 1;
				ux = dx * push / d;
				uy = dy * push / d;
				if (!pin_a)
					nudge(a, -ux, -uy);
				if (!pin_b)
					nudge(b, ux, uy);
				moved = 1;
			}
	}
	for (i = 0; i < 17; i++)
		if (v->has_spot[i] && !spot_free(v, i, v->spot[i]))
			relocate(v, i);
}

static void compute_spots(tileview *v)
{
	int r, d;
	for (r = 0; r < 8; r++) {
		if (v->kind[r] < 0)
			continue;
		v->has_spot[r] = 1;
		v->spot[r] = v->on_side[r] ? region_spot(v, r) : centre;
	}
	for (d = 0; d < 9; d++) {
		int side;
		for (side = 0; side < 4; side++)
			if (v->street[side] == '1' + d)
				v->has_spot[8 + d] = 1;
		if (v->has_spot[8 + d])
			v->spot[8 + d] = street_spot(v, (char)('1' + d));
	}
	v->has_spot[17] = v->monastery;
	v->spot[17] = monastery_at(v);
	v->has_spot[18] = v->foundation;
	v->spot[18] = rtile_tower_spot(0, 0);
	spread_spots(v);
}

pt rtile_part_anchor(const tileview *v, char part, int ox, int oy)
{
	int i = part_index(part);
	pt a = {ox + centre.x, oy + centre.y};
	if (i >= 0 && v->has_spot[i]) {
		a.x = ox + v->spot[i].x;
		a.y = oy + v->spot[i].y;
	}
	return a;
}

int rtile_view(const city_tileset *ts, int id, int rotation, tileview *v)
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
	v->foundation =
	    city_tileset_tower_foundation(ts, (unsigned)design) == 1;
	for (r = 0; r < 8; r++) {
		int c = v->half[r] - 'a';
		if (c >= 0 && c < 8)
			v->on_side[c] = 1;
	}
	compute_spots(v);
	return CITY_OK;
}

/* ------------------------------------------------------------------------
 * Drawing. */

/* The ground: the tile's background in the fill of its first ground
 * region, then each ground region as its fan (with data-part; streets,
 * roads and raised regions drawn on top part them). A tile with one ground
 * region gives it the whole square, so a click anywhere off the raised parts
 * hits it. */
static void draw_ground(svgw *s, const tileview *v, int ox, int oy)
{
	int r, grounds = 0, first = -1;
	for (r = 0; r < 8; r++)
		if (v->kind[r] >= 0 && v->on_side[r] && !raised(v->kind[r])) {
			grounds++;
			if (first < 0)
				first = r;
		}
	for (r = 0; r < 8 && first < 0; r++)
		if (v->kind[r] >= 0)
			first = r;
	svg_out(s,
	           "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	           "fill=\"%s\"/>",
	           ox, oy, T, T,
	           first >= 0 ? region_fill(v->kind[first], v->markets[first])
	                      : "#cccccc");
	for (r = 0; r < 8; r++) {
		if (v->kind[r] < 0 || !v->on_side[r] || raised(v->kind[r]))
			continue;
		svg_out(s, "<path data-part=\"%c\" fill=\"%s\"", 'a' + r,
		           region_fill(v->kind[r], v->markets[r]));
		if (grounds == 1) {
			svg_out(s, " d=\"M%d %dh%dv%dh%dZ\"/>", ox, oy, T, T,
			           -T);
			continue;
		}
		svg_out(s, " d=\"");
		fan_path(s, v, (char)('a' + r), ox, oy);
		svg_out(s, "\"/>");
	}
}

/* Raised regions: cities with a wall along their inner edge (a stone
 * band with crenels), markets with a cobbled border. */
static void draw_raised(svgw *s, const tileview *v, int ox, int oy)
{
	int r;
	for (r = 0; r < 8; r++) {
		char letter = (char)('a' + r);
		int city = v->kind[r] == CITY_REGION_CITY;
		if (v->kind[r] < 0 || !v->on_side[r] || !raised(v->kind[r]))
			continue;
		svg_out(s, "<path data-part=\"%c\" fill=\"%s\" d=\"", letter,
		           region_fill(v->kind[r], v->markets[r]));
		raised_path(s, v, letter, ox, oy, 0);
		svg_out(s,
		           "\"/><path class=\"rim\" fill=\"none\" "
		           "stroke-linecap=\"round\" stroke=\"%s\" "
		           "stroke-width=\"%s\" d=\"",
		           city ? "#5f5a52" : "#7d6b58", city ? "8" : "3");
		raised_path(s, v, letter, ox, oy, 1);
		if (city) {
			svg_out(s,
			           "\"/><path fill=\"none\" stroke=\"%s\" "
			           "stroke-width=\"5\" d=\"",
			           pal_feature[PAL_WALL].hex);
			raised_path(s, v, letter, ox, oy, 1);
			svg_out(
			    s,
			    "\"/><path fill=\"none\" stroke=\"#5f5a52\" "
			    "stroke-width=\"5\" stroke-dasharray=\"2 4\" d=\"");
			raised_path(s, v, letter, ox, oy, 1);
		}
		svg_out(s, "\"/>");
	}
	for (r = 0; r < 8; r++) {
		if (v->kind[r] < 0 || v->on_side[r])
			continue;
		svg_out(
		    s,
		    "<circle data-part=\"%c\" cx=\"%d\" cy=\"%d\" r=\"%d\" "
		    "fill=\"%s\" stroke=\"#5f5a52\" stroke-width=\"3\"/>",
		    'a' + r, ox + centre.x, oy + centre.y, T / 5,
		    region_fill(v->kind[r], v->markets[r]));
	}
}

/* Streets and roads: a dark verge, an edge, the light way; a way that
 * ends on the tile ends in a small square. */
static void draw_streets(svgw *s, const tileview *v, int ox, int oy)
{
	int r;
	for (r = 1; r <= 9; r++) {
		char d = (char)('0' + r);
		svgw none = {NULL, 0, 0};
		int n = street_path(&none, v, d, ox, oy), k;
		static const char *const pen[2] = {
		    "stroke=\"#3d3426\" stroke-opacity=\"0.22\" "
		    "stroke-width=\"20\"",
		    "stroke=\"#6e6253\" stroke-width=\"13\""};
		if (n == 0)
			continue;
		svg_out(s,
		           "<g data-part=\"%c\" fill=\"none\" "
		           "stroke-linejoin=\"round\">",
		           d);
		for (k = 0; k < 3; k++) {
			if (k < 2)
				svg_out(s, "<path %s d=\"", pen[k]);
			else
				svg_out(s,
				           "<path stroke=\"%s\" "
				           "stroke-width=\"8\" d=\"",
				           pal_feature[PAL_ROAD].hex);
			street_path(s, v, d, ox, oy);
			svg_out(s, "\"/>");
		}
		svg_out(s, "</g>");
		if (n == 1) { /* a way that ends on the tile: a small disc */
			int first, second;
			pt e;
			street_sides(v, d, &first, &second);
			e = street_stop(v, d, first);
			svg_out(
			    s,
			    "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" "
			    "stroke=\"#6e6253\" stroke-width=\"2.5\"/>",
			    ox + e.x, oy + e.y, T / 11, pal_feature[PAL_ROAD].hex);
		}
	}
}

/* The River's water (V-GEO-1: sides `~`): a band from each river side to
 * the centre, one curve for two sides; a pond where it springs or ends.
 * Drawn under the roads, which cross it by bridges. Not a part: the river
 * takes no follower (V-FOL-1). */
static void draw_river(svgw *s, const tileview *v, int ox, int oy)
{
	svgw none = {NULL, 0, 0};
	int n = street_path(&none, v, '~', ox, oy);
	if (n == 0)
		return;
	svg_out(s, "<g class=\"river\" fill=\"none\"><path stroke=\"%s\" "
	           "stroke-width=\"24\" d=\"",
	        RENDER_RIVER_BANK);
	street_path(s, v, '~', ox, oy);
	svg_out(s, "\"/><path stroke=\"%s\" stroke-width=\"18\" d=\"",
	        pal_feature[PAL_RIVER].hex);
	street_path(s, v, '~', ox, oy);
	svg_out(s, "\"/>");
	if (n == 1) /* the spring or the lake */
		svg_out(s,
		        "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" "
		        "stroke=\"%s\" stroke-width=\"3\"/>",
		        ox + centre.x, oy + centre.y, T / 5,
		        pal_feature[PAL_RIVER].hex, RENDER_RIVER_BANK);
	svg_out(s, "</g>");
}

/* A public building (columns under a pediment) or, larger, a historic
 * one (a hall with a spire), centred on (x, y). */
void rtile_building(svgw *s, int x, int y, int historic, const char *cls)
{
	if (historic)
		svg_out(
		    s,
		    "<path class=\"%s\" d=\"M%d %dh22v14h-22ZM%d %dh8v-12l-4 "
		    "-8l-4 8Z\" fill=\"%s\" stroke=\"#2e2438\" "
		    "stroke-width=\"1.5\" stroke-linejoin=\"round\"/>"
		    "<path d=\"M%d %dv-5a3 3 0 0 1 6 0v5\" fill=\"#2e2438\"/>",
		    cls ? cls : "hist", x - 11, y - 4, x + 3, y - 4,
		    pal_feature[PAL_HISTORIC].hex, x - 6, y + 10);
	else
		svg_out(
		    s,
		    "<path class=\"%s\" d=\"M%d %dh16v9h-16ZM%d %dl9 -6l9 6Z\" "
		    "fill=\"%s\" stroke=\"#3a2f26\" stroke-width=\"1.2\" "
		    "stroke-linejoin=\"round\"/><path d=\"M%d %dv9M%d %dv9M%d "
		    "%dv9\" stroke=\"#3a2f26\" stroke-width=\"1.2\"/>",
		    cls ? cls : "pub", x - 8, y - 3, x - 9, y - 3,
		    pal_feature[PAL_PUBLIC].hex, x - 4, y - 3, x, y - 3,
		    x + 4, y - 3);
}

/* The City's buildings in residential halves: 4/5 of the way out towards
 * the quarter of the side next to the corner, clear of the street on the
 * middle; the historic one first. A tile of markets only: at the centre. */
static void draw_buildings(svgw *s, const city_tileset *ts, const tileview *v,
                           int ox, int oy)
{
	static const int spread[8] = {0, 4, 2, 6, 1, 5, 3, 7};
	int pub = city_tileset_public_buildings(ts, (unsigned)v->design);
	const char *hist = city_tileset_historic_name(ts, (unsigned)v->design);
	int has_hist = hist && hist[0];
	int want = (pub > 0 ? pub : 0) + has_hist, i, placed = 0;
	for (i = 0; i < 8 + want && placed < want; i++) {
		int x, y, h = spread[i % 8], c = v->half[h] - 'a';
		if (i < 8) {
			const pt *a = &ring[h], *b = &ring[(h + 1) % 8];
			const pt *corner = (h % 2 == 0) ? a : b;
			const pt *mid = (h % 2 == 0) ? b : a;
			int qx = (3 * corner->x + mid->x) / 4;
			int qy = (3 * corner->y + mid->y) / 4;
			if (c < 0 || c >= 8 ||
			    v->kind[c] != CITY_REGION_RESIDENTIAL)
				continue;
			x = ox + centre.x + (qx - centre.x) * 4 / 5;
			y = oy + centre.y + (qy - centre.y) * 4 / 5;
		} else {
			x = ox + centre.x + (placed - want / 2) * T / 4;
			y = oy + centre.y;
		}
		if (placed == 0 && has_hist) {
			svg_out(s, "<g class=\"historic\"><title>%s</title>",
			           hist);
			rtile_building(s, x, y, 1, NULL);
			svg_out(s, "</g>");
		} else {
			rtile_building(s, x, y, 0, NULL);
		}
		placed++;
	}
}

/* A monastery: a chapel with a bell tower and a cross, the tower on the
 * west so that a tower of The Tower (north-east quarter) stays clear. */
void rtile_monastery(svgw *s, int x, int y, const char *cls)
{
	svg_out(s, "<g class=\"%s\"><title>monastery</title>",
	           cls ? cls : "monastery");
	svg_out(
	    s,
	    "<path d=\"M%d %dh30v20h-30Z\" fill=\"%s\" stroke=\"#3a2f26\" "
	    "stroke-width=\"1.5\"/>"
	    "<path d=\"M%d %dl17 -12l17 12Z\" fill=\"%s\" stroke=\"#3a2f26\" "
	    "stroke-width=\"1.5\" stroke-linejoin=\"round\"/>"
	    "<path d=\"M%d %dh10v-24h-10Z\" fill=\"%s\" stroke=\"#3a2f26\" "
	    "stroke-width=\"1.5\"/>"
	    "<path d=\"M%d %dl5 -8l5 8Z\" fill=\"%s\" stroke=\"#3a2f26\" "
	    "stroke-width=\"1.2\"/>"
	    "<path d=\"M%d %dv-9M%d %dh6\" stroke=\"#3a2f26\" "
	    "stroke-width=\"2\"/>"
	    "<path d=\"M%d %dv-8a4 4 0 0 1 8 0v8Z\" fill=\"#3a2f26\"/>",
	    x - 13, y - 2, pal_feature[PAL_MONASTERY].hex, x - 15, y - 2,
	    pal_feature[PAL_ROOF].hex, x - 20, y - 2,
	    pal_feature[PAL_MONASTERY].hex, x - 20, y - 26,
	    pal_feature[PAL_ROOF].hex, x - 15, y - 34, x - 18, y - 31, x - 2,
	    y + 18);
	svg_out(s, "</g>");
}

/* A coat of arms: a white shield with a dark chevron, beside the spot of
 * its city (across the line from the centre), inside the tile. */
static void coat_of_arms(svgw *s, const tileview *v, int r, int ox, int oy)
{
	pt a = rtile_part_anchor(v, (char)('a' + r), ox, oy);
	int dx = a.x - (ox + centre.x), dy = a.y - (oy + centre.y);
	int px = dy > 0 ? -1 : dy < 0 ? 1 : 0;
	int py = dx > 0 ? 1 : dx < 0 ? -1 : 0;
	int cx, cy;
	if (px == 0 && py == 0)
		px = 1;
	cx = a.x + px * 22;
	cy = a.y + py * 22;
	cx = cx < ox + 11 ? ox + 11 : cx > ox + T - 11 ? ox + T - 11 : cx;
	cy = cy < oy + 12 ? oy + 12 : cy > oy + T - 13 ? oy + T - 13 : cy;
	rtile_coat(s, cx, cy, NULL);
}

void rtile_coat(svgw *s, int cx, int cy, const char *cls)
{
	svg_out(
	    s,
	    "<path class=\"%s\" d=\"M%d %dh16v8Q%d %d %d %dQ%d %d %d %dZ\" "
	    "fill=\"%s\" stroke=\"#34405a\" stroke-width=\"1.5\"/>"
	    "<path d=\"M%d %dl7 5l7 -5\" fill=\"none\" stroke=\"#34405a\" "
	    "stroke-width=\"2.5\"/>",
	    cls ? cls : "coat", cx - 8, cy - 9, cx + 8, cy + 6, cx, cy + 10,
	    cx - 8, cy + 6, cx - 8, cy - 1, pal_feature[PAL_COAT].hex,
	    cx - 7, cy - 4);
}

/* What a design prints besides regions and streets. */
static void draw_tile_marks(svgw *s, const city_tileset *ts, const tileview *v,
                            int ox, int oy)
{
	int r;
	draw_buildings(s, ts, v, ox, oy);
	if (v->monastery) {
		pt m = monastery_at(v);
		rtile_monastery(s, ox + m.x, oy + m.y, NULL);
	}
	for (r = 0; r < 8; r++)
		if (v->coat[r])
			coat_of_arms(s, v, r, ox, oy);
	if (v->foundation) {
		pt t = rtile_tower_spot(ox, oy);
		svg_out(s,
		           "<circle class=\"foundation\" cx=\"%d\" cy=\"%d\" "
		           "r=\"%d\" fill=\"%s\" stroke=\"#4a4640\" "
		           "stroke-width=\"2\" stroke-dasharray=\"4 3\"/>",
		           t.x, t.y, T / 7, pal_feature[PAL_STONE].hex);
	}
}

void rtile_draw(svgw *s, const city_tileset *ts, const tileview *v,
                      int ox, int oy)
{
	draw_ground(s, v, ox, oy);
	draw_raised(s, v, ox, oy);
	draw_river(s, v, ox, oy);
	draw_streets(s, v, ox, oy);
	draw_tile_marks(s, ts, v, ox, oy);
	svg_out(s,
	           "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	           "fill=\"none\" stroke=\"#3b3026\" stroke-width=\"1\"/>",
	           ox, oy, T, T);
}
