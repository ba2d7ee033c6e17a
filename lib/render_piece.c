/*
 * render_piece.c: the pieces of the SVG (render_piece.h). Followers are
 * meeples whose silhouette says their role: standing citizens, sellers,
 * stewards and highwaymen (a mask), knights (a helmet), monks (a robe),
 * lying farmers, guards with a spear, tower tops with a pennant.
 */
#include "render_palette.h"
#include "render_piece.h"
#include "render_tile.h"

#define T RENDER_CELL
#define WALL RENDER_WALL

/* The standing meeple, centred on (0, 0): 24 wide, 28 tall. */
static const char meeple_body[] =
    "M0 -14C4 -14 5 -11 5 -9C5 -7 4 -6 3 -5L11 -3C13 -2 13 1 11 1L5 2"
    "L10 12C10 14 9 14 8 14L3 14L0 9L-3 14L-8 14C-9 14 -10 14 -10 12"
    "L-5 2L-11 1C-13 1 -13 -2 -11 -3L-3 -5C-4 -6 -5 -7 -5 -9"
    "C-5 -11 -4 -14 0 -14Z";
/* A monk: a hooded head over a long robe. */
static const char meeple_robe[] =
    "M0 -15C4 -14 5 -11 5 -9C5 -7 4 -6 3 -5L8 -3L12 14L-12 14L-8 -3"
    "L-3 -5C-4 -6 -5 -7 -5 -9C-5 -11 -4 -14 0 -15Z";

/* What a role adds to the silhouette, in the player's colour (fill) and
 * in ink that reads on it. */
static void meeple_extra(svgw *s, int role, const char *fill, const char *ink)
{
	switch (role) {
	case CITY_ROLE_KNIGHT: /* a pointed helmet with a visor */
		svg_out(
		    s,
		    "<path d=\"M-6 -9L0 -19L6 -9Z\" fill=\"%s\" "
		    "stroke=\"#111111\" stroke-width=\"1.5\"/>"
		    "<path d=\"M-4 -9h8\" stroke=\"%s\" stroke-width=\"2\"/>",
		    fill, ink);
		break;
	case CITY_ROLE_HIGHWAYMAN: /* a mask over the eyes */
		svg_out(s, "<path d=\"M-5 -11h10v3h-10Z\" fill=\"%s\"/>",
		           ink);
		break;
	case CITY_ROLE_MONK: /* a cord round the robe */
		svg_out(
		    s,
		    "<path d=\"M-8 3h16\" stroke=\"%s\" stroke-width=\"2\"/>",
		    ink);
		break;
	case CITY_ROLE_GUARD: /* a spear */
		svg_out(s,
		           "<path d=\"M13 15V-16\" stroke=\"#111111\" "
		           "stroke-width=\"2\"/><path d=\"M10 -14l3 -7l3 7Z\" "
		           "fill=\"#111111\"/>");
		break;
	case CITY_ROLE_TOWER_TOP: /* a pennant */
		svg_out(
		    s,
		    "<path d=\"M8 -4V-24\" stroke=\"#111111\" "
		    "stroke-width=\"2\"/><path d=\"M8 -24l11 4l-11 4Z\" "
		    "fill=\"%s\" stroke=\"#111111\" stroke-width=\"1.2\"/>",
		    fill);
		break;
	default:
		break;
	}
}

void piece_meeple(svgw *s, int x, int y, int player, int role, const char *cls)
{
	static const char *const roles[9] = {
	    "citizen", "seller", "steward", "guard",    "highwayman",
	    "knight",  "monk",   "farmer",  "tower-top"};
	const char *rn = role >= 0 && role < 9 ? roles[role] : "follower";
	const char *fill = pal_player_hex(player);
	/* a farmer lies: the meeple turned a quarter */
	if (!cls)
		cls = role == CITY_ROLE_GUARD ? "guard" : "follower";
	if (role == CITY_ROLE_FARMER)
		svg_out(s, "<g class=\"%s\" transform=\"rotate(-90 %d %d)\"",
		           cls, x, y);
	else
		svg_out(s, "<g class=\"%s\"", cls);
	svg_out(s,
	           " data-player=\"%d\" data-role=\"%s\"><title>%s %s</title>"
	           "<g transform=\"translate(%d %d)\">",
	           player, rn, pal_player_name(player), rn, x, y);
	svg_out(s,
	           "<path d=\"%s\" fill=\"%s\" stroke=\"#111111\" "
	           "stroke-width=\"2\" stroke-linejoin=\"round\"/>",
	           role == CITY_ROLE_MONK ? meeple_robe : meeple_body, fill);
	meeple_extra(s, role, fill, pal_player_ink(player));
	svg_out(s, "</g></g>");
}

/* ------------------------------------------------------------------------
 * The wall: pieces outside their tile's side. */

void piece_rect(int ox, int oy, int side, int *x, int *y, int *w, int *h)
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

pt piece_mid(int ox, int oy, int side)
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

pt piece_wall_tower_spot(int ox, int oy, int side, int end)
{
	pt m = piece_mid(ox, oy, side);
	/* beside the guard spot, towards the end it was built at */
	if (side_dx[side & 3] == 0)
		m.x += (end == CITY_END_CW ? 1 : -1) *
		       (side == CITY_SIDE_N ? 1 : -1) * T / 4;
	else
		m.y += (end == CITY_END_CW ? 1 : -1) *
		       (side == CITY_SIDE_E ? 1 : -1) * T / 4;
	return m;
}

/* One piece: stone with crenels on its outer edge (the gate: wood with a
 * door), its corners closed where the wall turns. */
static void wall_piece(svgw *s, const city_game *g, const frame *f, int32_t x,
                       int32_t y, int side, int gate)
{
	int rx, ry, rw, rh, k;
	piece_rect(svg_cell_x(f, x), svg_cell_y(f, y), side, &rx,
	                  &ry, &rw, &rh);
	svg_out(s,
	           "<rect class=\"%s\" x=\"%d\" y=\"%d\" width=\"%d\" "
	           "height=\"%d\" fill=\"%s\" stroke=\"#2e2e2e\" "
	           "stroke-width=\"1.5\"/>",
	           gate ? "gate" : "wall", rx, ry, rw, rh,
	           pal_feature[gate ? PAL_GATE : PAL_WALL].hex);
	if (!gate)
		svg_out(s,
		           "<path d=\"M%d %d%c%d\" stroke=\"#4a4640\" "
		           "stroke-width=\"4\" stroke-dasharray=\"6 6\"/>",
		           rx + (rw > rh ? 3 : rw / 2),
		           ry + (rw > rh ? rh / 2 : 3), rw > rh ? 'h' : 'v',
		           (rw > rh ? rw : rh) - 6);
	/* close convex corners: where the next cell along the side at either
	 * end holds no tile, the wall turns there */
	for (k = -1; k <= 1; k += 2) {
		int ax = side_dy[side] != 0 ? k : 0,
		    ay = side_dx[side] != 0 ? k : 0;
		int cx, cy;
		if (city_game_tile_at(g, x + ax, y + ay, NULL, NULL) == CITY_OK)
			continue;
		cx = side_dx[side] != 0 ? rx : (k < 0 ? rx - WALL : rx + rw);
		cy = side_dy[side] != 0 ? ry : (k < 0 ? ry - WALL : ry + rh);
		svg_out(s,
		           "<rect class=\"wall-corner\" x=\"%d\" y=\"%d\" "
		           "width=\"%d\" height=\"%d\" fill=\"%s\" "
		           "stroke=\"#2e2e2e\" stroke-width=\"1.5\"/>",
		           cx, cy, WALL, WALL, pal_feature[PAL_WALL].hex);
	}
	if (gate) {
		pt m = piece_mid(svg_cell_x(f, x),
		                        svg_cell_y(f, y), side);
		svg_out(
		    s,
		    "<rect class=\"door\" x=\"%d\" y=\"%d\" width=\"%d\" "
		    "height=\"%d\" fill=\"#3a2410\"/>",
		    m.x - (rw > rh ? T / 8 : WALL / 4),
		    m.y - (rh > rw ? T / 8 : WALL / 4),
		    rw > rh ? T / 4 : WALL / 2, rh > rw ? T / 4 : WALL / 2);
	}
}

/* The City's towers: a crenellated block in the owner's colour with the
 * points it scored. */
static void wall_towers(svgw *s, const city_game *g, const frame *f)
{
	int n = city_tower_count(g), i;
	for (i = 0; i < n; i++) {
		int player, end, piece, points, side;
		int32_t x, y;
		pt m;
		if (city_tower(g, (size_t)i, &player, &end, &piece, &points) !=
		        CITY_OK ||
		    city_wall_piece(g, (size_t)piece, &x, &y, &side, NULL,
		                    NULL) != CITY_OK)
			continue;
		m = piece_wall_tower_spot(svg_cell_x(f, x),
		                           svg_cell_y(f, y), side, end);
		svg_out(
		    s,
		    "<g class=\"tower\" data-player=\"%d\"><title>tower of "
		    "%s: %d points</title><path d=\"M%d %dh6v4h6v-4h6v4h6v-4h"
		    "6v24h-30Z\" fill=\"%s\" stroke=\"#111111\" "
		    "stroke-width=\"2\" stroke-linejoin=\"round\"/>"
		    "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" "
		    "font-size=\"%d\" font-weight=\"bold\" "
		    "text-anchor=\"middle\" fill=\"%s\">%d</text></g>",
		    player, pal_player_name(player), points, m.x - 15,
		    m.y - 14, pal_player_hex(player), m.x, m.y + 8, T / 6,
		    pal_player_ink(player), points);
	}
}

void piece_wall(svgw *s, const city_game *g, const frame *f)
{
	int n = city_wall_length(g), i;
	for (i = 0; i < n; i++) {
		int32_t x, y;
		int side, gate, guard;
		if (city_wall_piece(g, (size_t)i, &x, &y, &side, &gate,
		                    &guard) != CITY_OK)
			continue;
		wall_piece(s, g, f, x, y, side, gate);
		if (guard >= 0) {
			pt m = piece_mid(svg_cell_x(f, x),
			                        svg_cell_y(f, y), side);
			piece_meeple(s, m.x, m.y - 2, guard, CITY_ROLE_GUARD,
			              NULL);
		}
	}
	wall_towers(s, g, f);
}

/* The Tower: each tower on the board, a stone block with crenels, its
 * height written on it (its top follower is drawn with the followers). */
void piece_tower_stacks(svgw *s, const city_game *g, const frame *f)
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
		t = rtile_tower_spot(svg_cell_x(f, x), svg_cell_y(f, y));
		svg_out(
		    s,
		    "<g class=\"tower-stack\" data-x=\"%d\" data-y=\"%d\" "
		    "data-height=\"%d\" data-top=\"%d\"><title>tower: %d "
		    "floor%s%s%s</title>",
		    (int)x, (int)y, height, top, height, height == 1 ? "" : "s",
		    top >= 0 ? ", closed by " : "",
		    top >= 0 ? pal_player_name(top) : "");
		svg_out(
		    s,
		    "<path d=\"M%d %dh5v-5h5v5h5v-5h5v5h5v26h-25Z\" "
		    "fill=\"%s\" stroke=\"#212121\" stroke-width=\"2\" "
		    "stroke-linejoin=\"round\"/><path d=\"M%d %dh25M%d %dh25\" "
		    "stroke=\"#4a4640\" stroke-width=\"1\"/>"
		    "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" "
		    "font-size=\"%d\" font-weight=\"bold\" "
		    "text-anchor=\"middle\" fill=\"#212121\" "
		    "stroke=\"#ffffff\" "
		    "stroke-width=\"3\" paint-order=\"stroke\">%d</text></g>",
		    t.x - 12, t.y - 10, pal_feature[PAL_STONE].hex, t.x - 12,
		    t.y - 1, t.x - 12, t.y + 8, t.x, t.y + 13, T / 5, height);
	}
}

void piece_followers(svgw *s, const city_game *g, const city_tileset *ts,
                      const frame *f)
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
		    rtile_view(ts, design, rotation, &v) != CITY_OK)
			continue;
		a = rtile_part_anchor(&v, part, svg_cell_x(f, x),
		                       svg_cell_y(f, y));
		if (part == 't')
			a.y -= T / 8; /* on top of the tower */
		piece_meeple(s, a.x, a.y, player, role, NULL);
	}
}
