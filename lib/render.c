/*
 * render.c: the board of a game as SVG text (city/render.h,
 * docs/render.md): the document, its <defs> (the textures of the
 * features), the strip under the board and the legend. The tiles are
 * drawn by render_tile.c, the pieces by render_piece.c, the legal-move
 * overlay by render_overlay.c, in the colours of render_palette.c.
 *
 * The picture is built from the public queries of the game and the tile set
 * only, so it shows exactly what an embedding program could see. Everything
 * is integer arithmetic and fixed formats: the same state gives the same
 * bytes on every platform.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "city/city.h"
#include "city/render.h"
#include "render_legend.h"
#include "render_overlay.h"
#include "render_palette.h"
#include "render_piece.h"
#include "render_svg.h"
#include "render_tile.h"

#define T RENDER_CELL
/* Height of the strip under the board (current tile, scores). */
#define STRIP 112
/* Width the strip needs: the current tile and four players. */
#define STRIP_MIN_W (6 * T)
/* The flags city_game_svg knows. */
#define SVG_FLAGS (CITY_SVG_LEGAL | CITY_SVG_LEGEND | CITY_SVG_NO_STRIP)

/* ------------------------------------------------------------------------
 * The strip: the current tile and each player's score and supply. */

/* A player's group in the strip, left open for the game's own lines: the
 * colour (a thick border on the player to move), the score (any sign: The
 * Tower's ransom) and the followers in supply at height fol_y. */
static void draw_player_head(svgw *s, const city_game *g, int p, int x, int y0,
                             int fol_y, int fol)
{
	int score = 0;
	int to_move = city_game_decision(g) != CITY_DECISION_END &&
	              city_game_player(g) == p;
	city_game_score_get(g, p, &score);
	svg_out(s,
	           "<g class=\"player\"><rect x=\"%d\" y=\"%d\" width=\"20\" "
	           "height=\"20\" fill=\"%s\" stroke=\"#111111\"%s/>"
	           "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" "
	           "font-size=\"22\" font-weight=\"bold\" fill=\"#222222\">"
	           "%d</text>"
	           "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" "
	           "font-size=\"14\" fill=\"#444444\">%d follower%s</text>",
	           x, y0 + 16, pal_player_hex(p),
	           to_move ? " stroke-width=\"4\"" : " stroke-width=\"1\"",
	           x + 28, y0 + 34, score, x, fol_y, fol, fol == 1 ? "" : "s");
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
			svg_out(s,
			           "<text x=\"%d\" y=\"%d\" "
			           "font-family=\"sans-serif\" "
			           "font-size=\"14\" fill=\"#444444\">%d "
			           "floor%s</text>",
			           x, y0 + 74, city_game_floors(g, p),
			           city_game_floors(g, p) == 1 ? "" : "s");
			/* the prisoners this player holds, in their owners'
			 * colours */
			for (o = 0; o < np; o++) {
				int c = city_game_prisoners(g, p, o), j;
				for (j = 0; j < c && k < 10; j++, k++)
					svg_out(
					    s,
					    "<circle class=\"prisoner\" "
					    "data-holder=\"%d\" "
					    "data-owner=\"%d\" cx=\"%d\" "
					    "cy=\"%d\" r=\"5\" "
					    "fill=\"%s\" stroke=\"#111111\"/>",
					    p, o, x + 6 + k * 11, y0 + 86,
					    pal_player_hex(o));
			}
		}
		svg_out(s, "</g>");
	}
	svg_out(s,
	           "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" "
	           "font-size=\"13\" fill=\"#444444\">tiles %d%s</text></g>",
	           T + 24, y0 + 106, city_game_tiles_left(g, 1),
	           decision == CITY_DECISION_END ? ", ended" : "");
}

static void draw_strip(svgw *s, const city_game *g, const city_tileset *ts,
                       int y0)
{
	int np = city_game_players(g), p, design, stack;
	int decision = city_game_decision(g);
	svg_out(s,
	           "<g class=\"strip\"><rect x=\"0\" y=\"%d\" width=\"100%%\" "
	           "height=\"%d\" fill=\"#f4f1e8\"/>",
	           y0, STRIP);
	if (decision == CITY_DECISION_TILE &&
	    city_game_current_tile(g, &design, &stack) == CITY_OK) {
		tileview v;
		if (rtile_view(ts, design, 0, &v) == CITY_OK) {
			svg_out(s,
			           "<g class=\"current\" "
			           "transform=\"translate(%d %d)\">",
			           8, y0 + 8);
			rtile_draw(s, ts, &v, 0, 0);
			svg_out(s, "</g>");
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
		svg_out(
		    s,
		    "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" "
		    "font-size=\"14\" fill=\"#444444\">%d tower%s</text></g>",
		    x, y0 + 82, tow, tow == 1 ? "" : "s");
	}
	svg_out(
	    s,
	    "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" "
	    "font-size=\"13\" fill=\"#444444\">walls %d, tiles %d/%d/%d%s"
	    "</text></g>",
	    T + 24, y0 + 104, city_game_walls_left(g),
	    city_game_tiles_left(g, 1), city_game_tiles_left(g, 2),
	    city_game_tiles_left(g, 3),
	    decision == CITY_DECISION_END ? ", ended" : "");
}

/* ------------------------------------------------------------------------
 * <defs>: the textures of the features (patterns in user space, so
 * neighbouring tiles join without seams), and the style of a hint. */

/* A pattern `id` of size w: the fill, then `marks` (SVG elements). */
static void pattern(svgw *s, const char *id, int w, const char *fill,
                    const char *marks)
{
	svg_out(
	    s,
	    "<pattern id=\"%s\" patternUnits=\"userSpaceOnUse\" "
	    "width=\"%d\" height=\"%d\"><rect width=\"%d\" height=\"%d\" "
	    "fill=\"%s\"/>%s</pattern>",
	    id, w, w, w, w, fill, marks);
}

/* Markets with several kinds: diagonal stripes of each kind. */
static void mixed_markets(svgw *s)
{
	static const int kinds[3] = {PAL_FISH, PAL_GRAIN, PAL_LIVESTOCK};
	unsigned m;
	for (m = 3; m <= 7; m++) {
		int n = 0, k, x = 0;
		if (m == 4)
			continue;
		for (k = 0; k < 3; k++)
			n += (int)((m >> (unsigned)k) & 1u);
		svg_out(
		    s,
		    "<pattern id=\"city-mk%u\" patternUnits=\"userSpaceOnUse\" "
		    "width=\"24\" height=\"24\" "
		    "patternTransform=\"rotate(45)\">",
		    m);
		for (k = 0; k < 3; k++) {
			if (!((m >> (unsigned)k) & 1u))
				continue;
			svg_out(
			    s,
			    "<rect x=\"%d\" y=\"0\" width=\"%d\" height=\"24\" "
			    "fill=\"%s\"/>",
			    x, 24 / n, pal_feature[kinds[k]].hex);
			x += 24 / n;
		}
		svg_out(s, "</pattern>");
	}
}

static void defs(svgw *s)
{
	/* The plain textures: id, size, fill, marks (NULL: the houses, drawn
	 * in the palette's colour). */
	static const struct {
		const char *id;
		int w;
		int fill; /* index of pal_feature[] */
		const char *marks;
	} textures[] = {
	        {"city-field", 16, PAL_FIELD,
	         "<path d=\"M3 6l1 -3M11 13l1 -3M13 5l-1 -3M6 14l-1 -2\" "
	         "stroke=\"#7d9c58\" stroke-width=\"1.2\"/>"},
	        {"city-city", 24, PAL_CITY,
	         "<path d=\"M0 12h24M0 24h24M12 0v12M4 12v12M20 12v12\" "
	         "stroke=\"#a8916c\" stroke-width=\"0.8\"/>"},
	        {"city-res", 32, PAL_RESIDENTIAL, NULL},
	        {"city-mk0", 24, PAL_CITY, ""},
	        {"city-mk1", 24, PAL_FISH,
	         "<path d=\"M2 8q4 -4 8 0t8 0M8 20q4 -4 8 0t8 0\" "
	         "fill=\"none\" stroke=\"#6f93b8\" stroke-width=\"1.5\"/>"},
	        {"city-mk2", 24, PAL_GRAIN,
	         "<path d=\"M4 10l3 -6M8 10l0 -6M12 10l-3 -6M14 22l3 -6M18 "
	         "22l0 -6M22 22l-3 -6\" stroke=\"#94733c\" "
	         "stroke-width=\"1.3\"/>"},
	        {"city-mk4", 24, PAL_LIVESTOCK,
	         "<path d=\"M2 6h10M2 10h10M4 4v8M10 4v8M14 18h8M16 16v6M20 "
	         "16v6\" stroke=\"#6f9a70\" stroke-width=\"1.2\"/>"},
	};
	char house[160];
	snprintf(house, sizeof house,
	         "<path d=\"M4 14h9v-6l-4.5 -4l-4.5 4ZM21 30h9v-6l-4.5 -4l-4.5 "
	         "4Z\" fill=\"%s\" fill-opacity=\"0.6\"/>",
	         pal_feature[PAL_HOUSE].hex);
	svg_out(s,
	           "<defs><style>"
	           ".city-board .hint{stroke:%s;stroke-width:6px;"
	           "stroke-opacity:1}"
	           ".city-board circle.hint,.city-board rect.hint,"
	           ".city-board .legal-rot.hint{fill:%s;fill-opacity:0.85}"
	           "</style>",
	           pal_overlay[PAL_HINT].hex, pal_overlay[PAL_HINT].hex);
	for (size_t i = 0; i < sizeof textures / sizeof textures[0]; i++)
		pattern(s, textures[i].id, textures[i].w,
		        pal_feature[textures[i].fill].hex,
		        textures[i].marks ? textures[i].marks : house);
	mixed_markets(s);
	svg_out(
	    s,
	    "<pattern id=\"city-hole\" patternUnits=\"userSpaceOnUse\" "
	    "width=\"12\" height=\"12\"><rect width=\"12\" height=\"12\" "
	    "fill=\"%s\"/><path d=\"M0 12L12 0\" stroke=\"#3e4048\" "
	    "stroke-width=\"3\"/></pattern></defs>",
	    pal_feature[PAL_HOLE].hex);
}

/* ------------------------------------------------------------------------
 * The document. */

/* The board's frame and the picture's size: the placed tiles with one
 * cell of margin, at least as wide as the strip needs (when drawn). */
static void layout(const city_game *g, int strip, frame *f, int *w, int *h)
{
	int32_t min_x = 0, min_y = 0, max_x = 0, max_y = 0;
	int strip_w = STRIP_MIN_W, np = city_game_players(g);
	if (city_game_bounds(g, &min_x, &min_y, &max_x, &max_y) != CITY_OK)
		min_x = min_y = max_x = max_y = 0;
	f->min_x = min_x;
	f->min_y = min_y;
	f->off_x = 0;
	*w = (int)((int64_t)(max_x - min_x + 3) * T);
	*h = (int)((int64_t)(max_y - min_y + 3) * T);
	/* the strip: the current tile and the players (five in Carcassonne) */
	if (T + 24 + np * 116 > strip_w) /* five players (Carcassonne) */
		strip_w = T + 24 + np * 116;
	if (strip && *w < strip_w) {
		f->off_x = (strip_w - *w) / 2;
		*w = strip_w;
	}
}

/* The holes and the placed tiles. */
static void draw_board(svgw *s, const city_game *g, const city_tileset *ts,
                       const frame *f, int w, int h)
{
	int32_t min_x = 0, min_y = 0, max_x = 0, max_y = 0, x, y;
	int n = city_game_tile_count(g), i;
	svg_out(s,
	           "<rect class=\"ground\" width=\"%d\" height=\"%d\" "
	           "fill=\"%s\"/>\n",
	           w, h, pal_feature[PAL_GROUND].hex);
	if (city_game_bounds(g, &min_x, &min_y, &max_x, &max_y) == CITY_OK)
		for (y = min_y; y <= max_y; y++)
			for (x = min_x; x <= max_x; x++)
				if (city_game_cell(g, x, y) == CITY_CELL_HOLE)
					svg_out(
					    s,
					    "<rect class=\"hole\" "
					    "data-x=\"%d\" "
					    "data-y=\"%d\" x=\"%d\" y=\"%d\" "
					    "width=\"%d\" "
					    "height=\"%d\" "
					    "fill=\"url(#city-hole)\"/>\n",
					    (int)x, (int)y, svg_cell_x(f, x),
					    svg_cell_y(f, y), T, T);
	for (i = 0; i < n; i++) {
		int design, rotation;
		tileview v;
		if (city_game_placed_tile(g, (size_t)i, &x, &y, &design,
		                          &rotation) != CITY_OK ||
		    rtile_view(ts, design, rotation, &v) != CITY_OK)
			continue;
		svg_out(s,
		           "<g class=\"tile\" data-x=\"%d\" data-y=\"%d\" "
		           "data-design=\"%d\" data-rot=\"%d\">",
		           (int)x, (int)y, design, rotation);
		rtile_draw(s, ts, &v, svg_cell_x(f, x),
		                 svg_cell_y(f, y));
		svg_out(s, "</g>\n");
	}
}

static int render(svgw *s, const city_game *g, unsigned flags)
{
	const city_tileset *ts = city_game_tileset(g);
	int32_t x, y;
	int n, w, h, legend = 0, rc = CITY_OK;
	int strip = (flags & CITY_SVG_NO_STRIP) ? 0 : STRIP;
	frame f;
	if (!ts)
		return CITY_EINVAL;
	layout(g, strip, &f, &w, &h);
	if (flags & CITY_SVG_LEGEND)
		legend = legend_height(g, w);
	svg_out(s,
	           "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	           "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
	           "class=\"city-board\" width=\"%d\" height=\"%d\" "
	           "viewBox=\"0 0 %d %d\" data-min-x=\"%d\" data-min-y=\"%d\" "
	           "data-cell=\"%d\">\n",
	           w, h + strip + legend, w, h + strip + legend, (int)f.min_x,
	           (int)f.min_y, T);
	defs(s);
	draw_board(s, g, ts, &f, w, h);
	piece_wall(s, g, &f);
	svg_out(s, "\n");
	piece_tower_stacks(s, g, &f); /* none outside The Tower */
	svg_out(s, "\n");
	piece_followers(s, g, ts, &f);
	svg_out(s, "\n");
	n = city_game_tile_count(g);
	if (n > 0 && city_game_placed_tile(g, (size_t)(n - 1), &x, &y, NULL,
	                                   NULL) == CITY_OK)
		svg_out(
		    s,
		    "<rect class=\"last\" x=\"%d\" y=\"%d\" width=\"%d\" "
		    "height=\"%d\" fill=\"none\" stroke=\"#1a1a1a\" "
		    "stroke-width=\"7\"/><rect x=\"%d\" y=\"%d\" width=\"%d\" "
		    "height=\"%d\" fill=\"none\" stroke=\"%s\" "
		    "stroke-width=\"3\"/>\n",
		    svg_cell_x(&f, x) + 3, svg_cell_y(&f, y) + 3, T - 6,
		    T - 6, svg_cell_x(&f, x) + 3, svg_cell_y(&f, y) + 3,
		    T - 6, T - 6, pal_overlay[PAL_LAST].hex);
	if (flags & CITY_SVG_LEGAL) {
		rc = overlay_legal(s, g, ts, &f);
		svg_out(s, "\n");
	}
	if (strip)
		draw_strip(s, g, ts, h);
	if (legend)
		legend_draw(s, g, h + strip, w);
	svg_out(s, "\n</svg>\n");
	return rc;
}

/* The end of a document: the size query's answer (NUL included), and
 * CITY_ERANGE when it did not fit (svg_out kept a NUL-terminated
 * prefix). */
static int finish(const svgw *s, size_t *needed)
{
	if (needed)
		*needed = s->len + 1;
	return s->len + 1 > s->cap ? CITY_ERANGE : CITY_OK;
}

int city_game_svg(const city_game *game, unsigned flags, char *buf,
                  size_t capacity, size_t *needed)
{
	svgw s;
	int rc;
	if (!game || (!buf && capacity > 0) || (flags & ~SVG_FLAGS))
		return CITY_EINVAL;
	s.buf = buf;
	s.cap = capacity;
	s.len = 0;
	rc = render(&s, game, flags);
	return rc == CITY_OK ? finish(&s, needed) : rc;
}

int city_tileset_svg(const city_tileset *tileset, int design, int rotation,
                     char *buf, size_t capacity, size_t *needed)
{
	svgw s;
	tileview v;
	if (!tileset || (!buf && capacity > 0) || rotation < 0 || rotation > 3 ||
	    rtile_view(tileset, design, rotation, &v) != CITY_OK)
		return CITY_EINVAL;
	s.buf = buf;
	s.cap = capacity;
	s.len = 0;
	svg_out(&s,
	        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
	        "class=\"city-tile\" width=\"%d\" height=\"%d\" "
	        "viewBox=\"0 0 %d %d\">\n",
	        T, T, T, T);
	defs(&s);
	svg_out(&s, "\n<g class=\"design\" data-design=\"%d\" data-rot=\"%d\">",
	        design, rotation);
	rtile_draw(&s, tileset, &v, 0, 0);
	svg_out(&s, "</g>\n</svg>\n");
	return finish(&s, needed);
}
