/*
 * render_overlay.c: the legal-move overlay (render_overlay.h). Every mark
 * that stands for one move carries the move's own text
 * (city_move_to_string) in data-move, so a page applies what it reads;
 * tests/test_api_render.c parses and applies every one of them.
 */
#include <stdio.h>
#include <stdlib.h>

#include "render_overlay.h"
#include "render_palette.h"
#include "render_piece.h"
#include "render_tile.h"

#define T RENDER_CELL

/* The mark's colours: the legal fill, a darker stroke. */
#define LEGAL_STROKE "#b0008a"

/* ` data-move="..."` for move m (nothing when it has no text). */
static void move_attr(svgw *s, const city_move *m)
{
	char text[48];
	if (city_move_to_string(m, text, sizeof text, NULL) == CITY_OK)
		svg_out(s, " data-move=\"%s\"", text);
}

/* Tile decision: one mark per fitting cell (moves sorted by y, x,
 * rotation) with its rotations in data-rot, and in it one small arrow per
 * fitting rotation, at the side the design's north edge turns to
 * (class legal-rot, data-move "place X Y R"). */
static void legal_tiles(svgw *s, const frame *f, const city_move *moves,
                        size_t n)
{
	static const int ax[4] = {T / 2, T - 10, T / 2, 10};
	static const int ay[4] = {10, T / 2, T - 10, T / 2};
	static const char *const arrow[4] = {"l-7 7h14Z", "l-7 -7v14Z",
	                                     "l-7 -7h14Z", "l7 -7v14Z"};
	size_t i, j;
	for (i = 0; i < n; i = j) {
		int ox = svg_cell_x(f, moves[i].x),
		    oy = svg_cell_y(f, moves[i].y);
		svg_out(s,
		           "<rect class=\"legal\" data-x=\"%d\" data-y=\"%d\" "
		           "data-rot=\"",
		           (int)moves[i].x, (int)moves[i].y);
		for (j = i; j < n && moves[j].x == moves[i].x &&
		            moves[j].y == moves[i].y;
		     j++)
			svg_out(s, "%s%d", j > i ? " " : "",
			           moves[j].rotation);
		svg_out(s,
		           "\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
		           "fill=\"%s\" fill-opacity=\"0.22\" stroke=\"%s\" "
		           "stroke-width=\"3\" stroke-dasharray=\"8 5\"/>",
		           ox + 4, oy + 4, T - 8, T - 8,
		           pal_overlay[PAL_LEGAL].hex, LEGAL_STROKE);
		for (j = i; j < n && moves[j].x == moves[i].x &&
		            moves[j].y == moves[i].y;
		     j++) {
			int r = moves[j].rotation & 3;
			svg_out(s, "<path class=\"legal-rot\"");
			move_attr(s, &moves[j]);
			svg_out(s,
			           " d=\"M%d %d%s\" fill=\"%s\" stroke=\"%s\" "
			           "stroke-width=\"1.5\"/>",
			           ox + ax[r], oy + ay[r], arrow[r],
			           pal_overlay[PAL_LEGAL].hex, LEGAL_STROKE);
		}
	}
}

/* The highlight of one legal part of the tile just placed. */
static void part_mark(svgw *s, const tileview *v, const city_move *m, int ox,
                      int oy)
{
	svgw none = {NULL, 0, 0};
	int shape = rtile_part_path(&none, v, m->part, ox, oy);
	if (shape == 0) {
		pt a = rtile_part_anchor(v, m->part, ox, oy);
		svg_out(s, "<circle class=\"legal-part\"");
		move_attr(s, m);
		svg_out(
		    s,
		    " cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" "
		    "fill-opacity=\"0.3\" stroke=\"%s\" stroke-width=\"2\"/>",
		    a.x, a.y, T / 5, pal_overlay[PAL_LEGAL].hex,
		    LEGAL_STROKE);
		return;
	}
	svg_out(s, "<path class=\"legal-part\"");
	move_attr(s, m);
	if (shape == 2)
		svg_out(
		    s,
		    " fill=\"none\" stroke=\"%s\" stroke-opacity=\"0.6\" "
		    "stroke-width=\"%d\" d=\"",
		    pal_overlay[PAL_LEGAL].hex, T / 6);
	else
		svg_out(s,
		           " fill=\"%s\" fill-opacity=\"0.25\" stroke=\"%s\" "
		           "stroke-width=\"2\" d=\"",
		           pal_overlay[PAL_LEGAL].hex, LEGAL_STROKE);
	rtile_part_path(s, v, m->part, ox, oy);
	svg_out(s, "\"/>");
}

/* Follower decision: each legal part of the tile just placed highlighted,
 * then above them a spot to click where the follower would stand (the
 * spots of a tile are spread apart: render_tile.c). */
static void legal_followers(svgw *s, const city_game *g, const city_tileset *ts,
                            const frame *f, const city_move *moves, size_t n)
{
	size_t i;
	int last = city_game_tile_count(g) - 1, design, rotation, ox, oy;
	int32_t x, y;
	tileview v;
	if (last < 0 ||
	    city_game_placed_tile(g, (size_t)last, &x, &y, &design,
	                          &rotation) != CITY_OK ||
	    rtile_view(ts, design, rotation, &v) != CITY_OK)
		return;
	ox = svg_cell_x(f, x);
	oy = svg_cell_y(f, y);
	for (i = 0; i < n; i++)
		if (moves[i].kind == CITY_MOVE_FOLLOWER)
			part_mark(s, &v, &moves[i], ox, oy);
	for (i = 0; i < n; i++) {
		pt a;
		if (moves[i].kind != CITY_MOVE_FOLLOWER)
			continue;
		a = rtile_part_anchor(&v, moves[i].part, ox, oy);
		svg_out(s, "<circle class=\"legal-spot\"");
		move_attr(s, &moves[i]);
		svg_out(
		    s,
		    " cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" "
		    "fill-opacity=\"0.9\" stroke=\"%s\" stroke-width=\"3\"/>",
		    a.x, a.y, RENDER_SPOT_R, pal_overlay[PAL_SPOT].hex,
		    LEGAL_STROKE);
	}
}

/* Follower decision, The Tower: on each open tower, a floor mark (a
 * 12-unit square whose middle is 7 west of the tower's spot) and a top
 * mark (a circle of radius 6, 7 east of it). The tower's spot is pinned and
 * every other spot of the tile is RENDER_SPOT_GAP away, so the marks stay clear
 * of the follower spots. */
static void legal_towers(svgw *s, const frame *f, const city_move *moves,
                         size_t n)
{
	size_t i;
	for (i = 0; i < n; i++) {
		pt t;
		if (moves[i].kind != CITY_MOVE_FLOOR &&
		    moves[i].kind != CITY_MOVE_TOP)
			continue;
		t = rtile_tower_spot(svg_cell_x(f, moves[i].x),
		                      svg_cell_y(f, moves[i].y));
		svg_out(s, "<%s class=\"legal-tower\"",
		           moves[i].kind == CITY_MOVE_FLOOR ? "rect"
		                                            : "circle");
		move_attr(s, &moves[i]);
		if (moves[i].kind == CITY_MOVE_FLOOR)
			svg_out(
			    s,
			    " x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" "
			    "fill=\"%s\" fill-opacity=\"0.9\" stroke=\"%s\" "
			    "stroke-width=\"3\"><title>floor</title></rect>",
			    t.x - 13, t.y - 6, pal_overlay[PAL_LEGAL].hex,
			    LEGAL_STROKE);
		else
			svg_out(
			    s,
			    " cx=\"%d\" cy=\"%d\" r=\"6\" fill=\"%s\" "
			    "fill-opacity=\"0.9\" stroke=\"%s\" "
			    "stroke-width=\"3\"><title>top</title></circle>",
			    t.x + 7, t.y, pal_overlay[PAL_SPOT].hex,
			    LEGAL_STROKE);
	}
}

/* Capture decision: a ring round each follower that can be taken. */
static void legal_captures(svgw *s, const city_game *g, const city_tileset *ts,
                           const frame *f, const city_move *moves, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++) {
		int design, rotation;
		tileview v;
		pt a;
		if (moves[i].kind != CITY_MOVE_CAPTURE ||
		    city_game_tile_at(g, moves[i].x, moves[i].y, &design,
		                      &rotation) != CITY_OK ||
		    rtile_view(ts, design, rotation, &v) != CITY_OK)
			continue;
		a = rtile_part_anchor(&v, moves[i].part,
		                       svg_cell_x(f, moves[i].x),
		                       svg_cell_y(f, moves[i].y));
		if (moves[i].part == 't')
			a.y -= T / 8;
		svg_out(s, "<circle class=\"legal-capture\"");
		move_attr(s, &moves[i]);
		svg_out(
		    s,
		    " cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" "
		    "fill-opacity=\"0.1\" stroke=\"%s\" stroke-width=\"4\"/>",
		    a.x, a.y, T / 5, pal_overlay[PAL_CAPTURE].hex,
		    pal_overlay[PAL_CAPTURE].hex);
	}
}

/* A mark on a wall piece's place: class cls, the move's text, a title;
 * thicker than the piece but no longer, so that the marks of neighbouring
 * sides never overlap. */
static void piece_mark(svgw *s, const char *cls, const city_move *m, int ox,
                       int oy, int side, const char *title)
{
	int rx, ry, rw, rh;
	piece_rect(ox, oy, side, &rx, &ry, &rw, &rh);
	svg_out(s, "<rect class=\"%s\"", cls);
	move_attr(s, m);
	svg_out(s,
	           " x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" "
	           "fill-opacity=\"0.6\" stroke=\"%s\" stroke-width=\"3\">"
	           "<title>%s</title></rect>",
	           rw > rh ? rx : rx - 2, rw > rh ? ry - 2 : ry,
	           rw > rh ? rw : rw + 4, rw > rh ? rh + 4 : rh,
	           pal_overlay[PAL_LEGAL].hex, LEGAL_STROKE, title);
}

/* Gate decision: each contour side that can take the gate. */
static void legal_gates(svgw *s, const frame *f, const city_move *moves,
                        size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		if (moves[i].kind == CITY_MOVE_GATE && moves[i].side <= 3)
			piece_mark(s, "legal-gate", &moves[i],
			           svg_cell_x(f, moves[i].x),
			           svg_cell_y(f, moves[i].y), moves[i].side,
			           "gate");
}

/* The wall piece a move adds, found by playing it on a copy: the piece at
 * the move's end (wall) or the one that gained a guard (guard). Returns
 * CITY_OK, CITY_ENOTFOUND or CITY_ENOMEM. */
static int probe_piece(const city_game *g, const city_move *m, int32_t *x,
                       int32_t *y, int *side)
{
	city_game *cl = NULL;
	int rc = city_game_clone(&cl, g), idx = -1, i, n;
	if (rc != CITY_OK)
		return rc == CITY_ENOMEM ? CITY_ENOMEM : CITY_ENOTFOUND;
	if (city_apply_move(cl, m) == CITY_OK) {
		if (m->kind == CITY_MOVE_WALL)
			idx = city_wall_end(cl, m->end);
		n = city_wall_length(cl);
		for (i = 0; m->kind == CITY_MOVE_GUARD && i < n; i++) {
			int before = -1, after = -1;
			city_wall_piece(cl, (size_t)i, NULL, NULL, NULL, NULL,
			                &after);
			city_wall_piece(g, (size_t)i, NULL, NULL, NULL, NULL,
			                &before);
			if (after >= 0 && before < 0)
				idx = i;
		}
	}
	rc = idx >= 0 && city_wall_piece(cl, (size_t)idx, x, y, side, NULL,
	                                 NULL) == CITY_OK
	         ? CITY_OK
	         : CITY_ENOTFOUND;
	city_game_free(cl);
	return rc;
}

/* Wall, guard and tower decisions (The City): the place of the next piece
 * at each end, the piece just built (its guard), the tower at each end. */
static int legal_wall_marks(svgw *s, const city_game *g, const frame *f,
                            const city_move *moves, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++) {
		const city_move *m = &moves[i];
		const char *end = m->end == CITY_END_CW
		                      ? "clockwise end"
		                      : "counter-clockwise end";
		char title[48];
		int32_t x, y;
		int side, rc;
		if (m->kind == CITY_MOVE_TOWER) {
			int idx = city_wall_end(g, m->end);
			pt t;
			if (idx < 0 ||
			    city_wall_piece(g, (size_t)idx, &x, &y, &side, NULL,
			                    NULL) != CITY_OK)
				continue;
			t = piece_wall_tower_spot(svg_cell_x(f, x),
			                           svg_cell_y(f, y), side,
			                           m->end);
			svg_out(s, "<rect class=\"legal-tower-end\"");
			move_attr(s, m);
			svg_out(
			    s,
			    " x=\"%d\" y=\"%d\" width=\"34\" height=\"30\" "
			    "fill=\"%s\" fill-opacity=\"0.6\" stroke=\"%s\" "
			    "stroke-width=\"3\"><title>tower: "
			    "%s</title></rect>",
			    t.x - 17, t.y - 16, pal_overlay[PAL_LEGAL].hex,
			    LEGAL_STROKE, end);
			continue;
		}
		if (m->kind != CITY_MOVE_WALL && m->kind != CITY_MOVE_GUARD)
			continue;
		rc = probe_piece(g, m, &x, &y, &side);
		if (rc == CITY_ENOMEM)
			return rc;
		if (rc != CITY_OK)
			continue;
		if (m->kind == CITY_MOVE_WALL) {
			snprintf(title, sizeof title, "wall: %s", end);
			piece_mark(s, "legal-wall", m, svg_cell_x(f, x),
			           svg_cell_y(f, y), side, title);
		} else {
			pt c = piece_mid(svg_cell_x(f, x),
			                        svg_cell_y(f, y), side);
			svg_out(s, "<circle class=\"legal-guard\"");
			move_attr(s, m);
			svg_out(
			    s,
			    " cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" "
			    "fill-opacity=\"0.9\" stroke=\"%s\" "
			    "stroke-width=\"3\"><title>guard on the new piece"
			    "</title></circle>",
			    c.x, c.y, RENDER_SPOT_R + 2,
			    pal_overlay[PAL_SPOT].hex, LEGAL_STROKE);
		}
	}
	return CITY_OK;
}

int overlay_legal(svgw *s, const city_game *g, const city_tileset *ts,
                 const frame *f)
{
	size_t n = 0;
	city_move *moves;
	int decision = city_game_decision(g), rc = CITY_OK;
	if (city_legal_moves(g, NULL, 0, &n) != CITY_OK || n == 0)
		return CITY_OK;
	moves = malloc(n * sizeof *moves);
	if (!moves)
		return CITY_ENOMEM;
	if (city_legal_moves(g, moves, n, &n) != CITY_OK) {
		free(moves);
		return CITY_OK;
	}
	svg_out(s, "<g class=\"overlay\">");
	if (decision == CITY_DECISION_TILE) {
		legal_tiles(s, f, moves, n);
	} else if (decision == CITY_DECISION_FOLLOWER) {
		legal_followers(s, g, ts, f, moves, n);
		legal_towers(s, f, moves, n);
	} else if (decision == CITY_DECISION_CAPTURE) {
		legal_captures(s, g, ts, f, moves, n);
	} else if (decision == CITY_DECISION_GATE) {
		legal_gates(s, f, moves, n);
	} else {
		rc = legal_wall_marks(s, g, f, moves, n);
	}
	svg_out(s, "</g>");
	free(moves);
	return rc;
}
