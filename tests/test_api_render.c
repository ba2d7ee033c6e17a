/*
 * The SVG picture of a game (city/render.h, docs/render.md): the buffer
 * contract, byte stability (the same state gives the same bytes, through
 * city_game_clone() and a save/load round trip) and that the picture shows
 * what the queries say: one tile group per placed tile, one follower mark
 * per follower off the wall (R-FOL), one guard per guard (R-WALL-6), one
 * tower per tower (R-WALL-7), one wall or gate piece per piece of the chain
 * (R-WALL-3/4), one hole mark per hole (R-GEO-8), one last-tile highlight,
 * and with CITY_SVG_LEGAL one mark per cell where the current tile fits
 * (R-TILE-1..5) and one per legal follower part or gate side.
 * Carcassonne (carcassonne.md) and The Tower: one monastery per tile with
 * one (C-GEO-1), one coat of arms per city region with one (C-SCORE-2),
 * one foundation per tile with one (T-SET-2), one tower stack per tower
 * with its height and top (T-ACT-1..3), one lying farmer per farmer
 * (C-OPT-1), one prisoner mark per prisoner (T-CAP-3), the strip without
 * The City's walls, and the floor/top/capture marks of the overlay.
 * (Well-formed XML and rsvg-convert: tests/svg_check.py.)
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>
#include <city/render.h>

#include "common.h"

static char *svg_of(const city_game *g, unsigned flags, size_t *len)
{
	size_t needed = 0, again = 0;
	char *buf;
	ck_assert_int_eq(city_game_svg(g, flags, NULL, 0, &needed), CITY_ERANGE);
	ck_assert_uint_gt(needed, 1);
	buf = malloc(needed);
	ck_assert_ptr_nonnull(buf);
	ck_assert_int_eq(city_game_svg(g, flags, buf, needed, &again), CITY_OK);
	ck_assert_uint_eq(again, needed);
	ck_assert_uint_eq(strlen(buf), needed - 1);
	if (len)
		*len = needed - 1;
	return buf;
}

static int count(const char *hay, const char *needle)
{
	int n = 0;
	size_t k = strlen(needle);
	for (hay = strstr(hay, needle); hay; hay = strstr(hay + k, needle))
		n++;
	return n;
}

/* The prints of one design (Carcassonne): monastery, coats, foundation. */
static void design_prints(const city_tileset *ts, int id, int *mon,
                          int *coats, int *found)
{
	int d = city_tileset_find_design(ts, id), r;
	ck_assert_int_ge(d, 0);
	*mon += city_tileset_monastery(ts, (unsigned)d) == 1;
	*found += city_tileset_tower_foundation(ts, (unsigned)d) == 1;
	for (r = 0; r < 8; r++)
		if (city_tileset_region_kind(ts, (unsigned)d, (char)('a' + r),
		                             NULL) == CITY_REGION_CITY &&
		    city_tileset_coat_of_arms(ts, (unsigned)d, (char)('a' + r)) == 1)
			(*coats)++;
}

/* What the picture of a Carcassonne game shows besides The City's marks
 * (and that The City's picture shows none of it). */
static void check_carc_marks(const city_game *g, const char *svg, int strip)
{
	const city_tileset *ts = city_game_tileset(g);
	int carc = city_game_kind(g) == CITY_GAME_CARCASSONNE;
	int np = city_game_players(g), i, n = city_game_tile_count(g);
	int mon = 0, coats = 0, found = 0, stacks = 0, farmers = 0, pris = 0;
	int design, stack, p, o;
	char want[128];
	for (i = 0; i < n; i++) {
		int32_t x, y;
		int h = 0, top = -1;
		ck_assert_int_eq(city_game_placed_tile(g, (size_t)i, &x, &y, &design,
		                                       NULL),
		                 CITY_OK);
		design_prints(ts, design, &mon, &coats, &found);
		if (city_game_tower(g, x, y, &h, &top) == CITY_OK && h > 0) {
			stacks++;
			snprintf(want, sizeof want,
			         "class=\"tower-stack\" data-x=\"%d\" data-y=\"%d\" "
			         "data-height=\"%d\" data-top=\"%d\"",
			         (int)x, (int)y, h, top);
			ck_assert_msg(strstr(svg, want) != NULL, "no %s", want);
		}
	}
	/* the current tile is drawn in the strip */
	if (strip && city_game_decision(g) == CITY_DECISION_TILE &&
	    city_game_current_tile(g, &design, &stack) == CITY_OK)
		design_prints(ts, design, &mon, &coats, &found);
	for (i = 0; i < city_game_follower_count(g); i++) {
		int role;
		ck_assert_int_eq(
		    city_game_follower(g, (size_t)i, NULL, &role, NULL, NULL, NULL),
		    CITY_OK);
		farmers += role == CITY_ROLE_FARMER;
	}
	for (p = 0; p < np; p++) {
		int held = 0;
		for (o = 0; o < np; o++)
			held += city_game_prisoners(g, p, o);
		pris += strip ? (held < 10 ? held : 10) : 0;
	}
	ck_assert_int_eq(count(svg, "class=\"monastery\""), mon);
	ck_assert_int_eq(count(svg, "class=\"coat\""), coats);
	ck_assert_int_eq(count(svg, "class=\"foundation\""), found);
	ck_assert_int_eq(count(svg, "class=\"tower-stack\""), stacks);
	ck_assert_int_eq(count(svg, "transform=\"rotate(-90"), farmers);
	ck_assert_int_eq(count(svg, "class=\"prisoner\""), pris);
	ck_assert_int_eq(count(svg, ">walls "), carc || !strip ? 0 : 1);
	ck_assert_int_eq(count(svg, " floors</text>") + count(svg, " floor</text>"),
	                 strip && carc &&
	                         (city_game_expansions(g) & CITY_EXPANSION_TOWER)
	                     ? np
	                     : 0);
	ck_assert_int_eq(count(svg, "<g class=\"strip\""), strip ? 1 : 0);
	if (!carc)
		ck_assert_int_eq(mon + coats + found + stacks + farmers + pris, 0);
}

/* The overlay's marks for the tile decision's rotations and The City's
 * wall, guard and tower decisions (R-WALL-4, R-WALL-6, R-WALL-7): one mark
 * per move that has a place on the board ("pass" has none). */
static void check_choice_marks(const char *svg, int d, const city_move *mv,
                               size_t n)
{
	int kinds[12] = {0};
	size_t k;
	for (k = 0; k < n; k++)
		if (mv[k].kind < 12)
			kinds[mv[k].kind]++;
	ck_assert_int_eq(count(svg, "class=\"legal-rot\""),
	                 d == CITY_DECISION_TILE ? kinds[CITY_MOVE_PLACE] : 0);
	ck_assert_int_eq(count(svg, "class=\"legal-wall\""),
	                 d == CITY_DECISION_WALL ? kinds[CITY_MOVE_WALL] : 0);
	ck_assert_int_eq(count(svg, "class=\"legal-guard\""),
	                 d == CITY_DECISION_GUARD ? kinds[CITY_MOVE_GUARD] : 0);
	ck_assert_int_eq(count(svg, "class=\"legal-tower-end\""),
	                 d == CITY_DECISION_TOWER ? kinds[CITY_MOVE_TOWER] : 0);
}

/* The follower spots of the overlay never overlap (issue 23): any two
 * `legal-spot` circles are at least the sum of their radii apart. */
static void check_spots_apart(const char *svg)
{
	int x[32], y[32], r[32], n = 0, i, j;
	const char *p = svg;
	while ((p = strstr(p, "class=\"legal-spot\"")) != NULL && n < 32) {
		const char *c = strstr(p, " cx=\"");
		ck_assert_ptr_nonnull(c);
		ck_assert_int_eq(sscanf(c, " cx=\"%d\" cy=\"%d\" r=\"%d\"", &x[n],
		                        &y[n], &r[n]),
		                 3);
		n++;
		p = c;
	}
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++) {
			int dx = x[i] - x[j], dy = y[i] - y[j], rr = r[i] + r[j];
			ck_assert_msg(dx * dx + dy * dy >= rr * rr,
			              "spots at %d,%d and %d,%d overlap", x[i], y[i],
			              x[j], y[j]);
		}
}

/* The counts the picture must agree with. */
static void check_marks(const city_game *g, const char *svg, unsigned flags)
{
	int i, fol = 0, guards = 0, holes = 0;
	int32_t x0, y0, x1, y1, x, y;
	ck_assert_int_eq(count(svg, "<g class=\"tile\""),
	                 city_game_tile_count(g));
	for (i = 0; i < city_game_follower_count(g); i++) {
		int role;
		ck_assert_int_eq(
		    city_game_follower(g, (size_t)i, NULL, &role, NULL, NULL, NULL),
		    CITY_OK);
		if (role == CITY_ROLE_GUARD)
			guards++;
		else
			fol++;
	}
	ck_assert_int_eq(count(svg, "<g class=\"follower\""), fol);
	ck_assert_int_eq(count(svg, "class=\"guard\""), guards);
	ck_assert_int_eq(count(svg, "<g class=\"tower\""), city_tower_count(g));
	ck_assert_int_eq(count(svg, "class=\"wall\"") +
	                     count(svg, "class=\"gate\""),
	                 city_wall_length(g));
	ck_assert_int_eq(count(svg, "class=\"gate\""),
	                 city_wall_length(g) > 0 ? 1 : 0);
	if (city_game_bounds(g, &x0, &y0, &x1, &y1) == CITY_OK)
		for (y = y0; y <= y1; y++)
			for (x = x0; x <= x1; x++)
				holes += city_game_cell(g, x, y) == CITY_CELL_HOLE;
	ck_assert_int_eq(count(svg, "class=\"hole\""), holes);
	ck_assert_int_eq(count(svg, "class=\"last\""),
	                 city_game_tile_count(g) > 0 ? 1 : 0);
	check_carc_marks(g, svg, (flags & CITY_SVG_NO_STRIP) == 0);
	ck_assert_int_eq(count(svg, "<g class=\"legend\""),
	                 (flags & CITY_SVG_LEGEND) ? 1 : 0);
	if (flags & CITY_SVG_LEGAL) {
		check_spots_apart(svg);
		static city_move mv[4096];
		size_t n = 0, k, cells = 0;
		int d = city_game_decision(g);
		ck_assert_int_eq(city_legal_moves(g, mv, 4096, &n), CITY_OK);
		for (k = 0; k < n; k++)
			if (d == CITY_DECISION_TILE &&
			    (k == 0 || mv[k].x != mv[k - 1].x || mv[k].y != mv[k - 1].y))
				cells++;
		ck_assert_int_eq(count(svg, "class=\"legal\""), (int)cells);
		{
			int parts = 0, towers = 0, captures = 0;
			for (k = 0; k < n; k++) {
				parts += mv[k].kind == CITY_MOVE_FOLLOWER;
				towers += mv[k].kind == CITY_MOVE_FLOOR ||
				          mv[k].kind == CITY_MOVE_TOP;
				captures += mv[k].kind == CITY_MOVE_CAPTURE;
			}
			if (d == CITY_DECISION_FOLLOWER &&
			    city_game_kind(g) == CITY_GAME_THE_CITY)
				ck_assert_int_eq(parts, (int)n - 1);
			ck_assert_int_eq(count(svg, "class=\"legal-part\""),
			                 d == CITY_DECISION_FOLLOWER ? parts : 0);
			ck_assert_int_eq(count(svg, "class=\"legal-spot\""),
			                 d == CITY_DECISION_FOLLOWER ? parts : 0);
			ck_assert_int_eq(count(svg, "class=\"legal-tower\""),
			                 d == CITY_DECISION_FOLLOWER ? towers : 0);
			ck_assert_int_eq(count(svg, "class=\"legal-capture\""),
			                 d == CITY_DECISION_CAPTURE ? captures : 0);
		}
		ck_assert_int_eq(count(svg, "class=\"legal-gate\""),
		                 d == CITY_DECISION_GATE ? (int)n : 0);
		check_choice_marks(svg, d, mv, n);
	} else {
		ck_assert_int_eq(count(svg, "class=\"legal"), 0);
	}
}

static void check_stable(const city_game *g, unsigned flags)
{
	size_t l1, l2, l3, l4, need = 0;
	char *a = svg_of(g, flags, &l1), *b = svg_of(g, flags, &l2), *rec, *c,
	     *d, err[256];
	city_game *cl = NULL, *ld = NULL;
	ck_assert_uint_eq(l1, l2);
	ck_assert_int_eq(memcmp(a, b, l1), 0);
	ck_assert_int_eq(city_game_clone(&cl, g), CITY_OK);
	c = svg_of(cl, flags, &l3);
	ck_assert_uint_eq(l1, l3);
	ck_assert_int_eq(memcmp(a, c, l1), 0);
	ck_assert_int_eq(city_game_save(g, NULL, 0, &need), CITY_ERANGE);
	rec = malloc(need);
	ck_assert_ptr_nonnull(rec);
	ck_assert_int_eq(city_game_save(g, rec, need, &need), CITY_OK);
	ck_assert_int_eq(city_game_load(&ld, rec, need - 1, err, sizeof err),
	                 CITY_OK);
	/* final scoring is not part of a record: the loader's game is the
	 * game before it */
	if (city_game_final_scored(g) == 1)
		ck_assert_int_eq(city_score_final(ld), CITY_OK);
	d = svg_of(ld, flags, &l4);
	ck_assert_uint_eq(l1, l4);
	ck_assert_int_eq(memcmp(a, d, l1), 0);
	check_marks(g, a, flags);
	free(a);
	free(b);
	free(c);
	free(d);
	free(rec);
	city_game_free(cl);
	city_game_free(ld);
}

/* Random games, checked every few moves and at the end, with and without
 * the overlay. */
START_TEST(svg_is_stable_and_shows_the_state)
{
	static city_move mv[4096];
	int players = 2 + _i % 3, moves = 0;
	uint64_t r = 0x9E3779B97F4A7C15ULL * (uint64_t)(unsigned)(_i + 1);
	city_options *o;
	city_game *g;
	size_t n;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, players), CITY_OK);
	ck_assert_int_eq(city_options_set_seed(o, (uint64_t)(unsigned)_i * 7 + 1), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	check_stable(g, 0);
	check_stable(g, CITY_SVG_LEGAL);
	while (city_game_decision(g) != CITY_DECISION_END) {
		ck_assert_int_eq(city_legal_moves(g, mv, 4096, &n), CITY_OK);
		r = r * 6364136223846793005ULL + 1442695040888963407ULL;
		ck_assert_int_eq(city_apply_move(g, &mv[(r >> 33) % n]), CITY_OK);
		if (++moves % 23 == 0 ||
		    city_game_decision(g) == CITY_DECISION_GATE ||
		    city_game_decision(g) == CITY_DECISION_FOLLOWER ||
		    city_game_decision(g) == CITY_DECISION_WALL ||
		    city_game_decision(g) == CITY_DECISION_GUARD ||
		    city_game_decision(g) == CITY_DECISION_TOWER)
			check_stable(g, ((moves & 1) ? CITY_SVG_LEGAL
			                 : (moves & 2) ? CITY_SVG_LEGEND
			                               : 0) |
			                    ((moves & 4) ? CITY_SVG_NO_STRIP : 0));
	}
	ck_assert_int_eq(city_score_final(g), CITY_OK);
	check_stable(g, 0);
	check_stable(g, CITY_SVG_LEGAL);
	city_game_free(g);
	city_options_free(o);
}
END_TEST

/* Random games of the base game (farmers, 2..5 players) and of The Tower,
 * checked every few moves, at every follower and capture decision and at
 * the end; the prints and towers must show up (a game that drew none
 * would prove nothing). */
START_TEST(svg_carcassonne_shows_the_state)
{
	static city_move mv[4096];
	int players = 2 + _i % 4, moves = 0, tower = _i % 2;
	int saw_stack = 0, saw_prints = 0, saw_farmer = 0;
	uint64_t r = 0x2545F4914F6CDD1DULL * (uint64_t)(unsigned)(_i + 3);
	city_options *o;
	city_game *g;
	size_t n;
	char *svg;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_game(o, CITY_GAME_CARCASSONNE),
	                 CITY_OK);
	if (tower)
		ck_assert_int_eq(
		    city_options_set_expansion(o, CITY_EXPANSION_TOWER, 1), CITY_OK);
	else
		ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_FARMERS, 1),
		                 CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, players), CITY_OK);
	ck_assert_int_eq(city_options_set_seed(o, (uint64_t)(unsigned)_i * 11 + 2),
	                 CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	check_stable(g, 0);
	check_stable(g, CITY_SVG_LEGAL);
	while (city_game_decision(g) != CITY_DECISION_END) {
		int d;
		ck_assert_int_eq(city_legal_moves(g, mv, 4096, &n), CITY_OK);
		r = r * 6364136223846793005ULL + 1442695040888963407ULL;
		ck_assert_int_eq(city_apply_move(g, &mv[(r >> 33) % n]), CITY_OK);
		d = city_game_decision(g);
		if (++moves % 17 == 0 || d == CITY_DECISION_CAPTURE ||
		    (d == CITY_DECISION_FOLLOWER && moves % 3 == 0))
			check_stable(g, ((moves & 1) ? CITY_SVG_LEGAL : 0) |
			                    ((moves & 4) ? CITY_SVG_NO_STRIP : 0));
	}
	ck_assert_int_eq(city_score_final(g), CITY_OK);
	check_stable(g, 0);
	svg = svg_of(g, CITY_SVG_LEGAL, NULL);
	check_marks(g, svg, CITY_SVG_LEGAL);
	saw_stack = count(svg, "class=\"tower-stack\"");
	saw_prints = count(svg, "class=\"monastery\"") +
	             count(svg, "class=\"coat\"");
	saw_farmer = count(svg, "rotate(-90");
	ck_assert_int_gt(saw_prints, 0);
	if (tower)
		ck_assert_int_gt(saw_stack, 0);
	else
		ck_assert_int_eq(count(svg, "class=\"foundation\""), 0);
	(void)saw_farmer;
	free(svg);
	city_game_free(g);
	city_options_free(o);
}
END_TEST

/* Every data-move the overlay writes parses as move text (record.md) and
 * applies to a clone of the game (issue 25 item 3: the gate marks once
 * wrote a digit side, "gate 0 -4 0"). Returns the number of marks seen;
 * *gates counts the gate marks. */
static int check_data_moves(const city_game *g, city_game *cl,
                            const char *svg, int *gates)
{
	static const char key[] = "data-move=\"";
	const char *p = svg;
	int marks = 0;
	while ((p = strstr(p, key)) != NULL) {
		char text[64];
		size_t k = 0;
		city_move mv;
		int rc;
		p += sizeof key - 1;
		while (p[k] && p[k] != '"' && k + 1 < sizeof text) {
			text[k] = p[k];
			k++;
		}
		text[k] = '\0';
		ck_assert_msg(p[k] == '"', "data-move too long: %s", text);
		rc = city_move_parse(&mv, text);
		ck_assert_msg(rc == CITY_OK, "data-move=\"%s\" does not parse (%d)",
		              text, rc);
		ck_assert_int_eq(city_game_copy(cl, g), CITY_OK);
		rc = city_apply_move(cl, &mv);
		ck_assert_msg(rc == CITY_OK, "data-move=\"%s\" does not apply (%d)",
		              text, rc);
		*gates += mv.kind == CITY_MOVE_GATE;
		marks++;
		p += k;
	}
	return marks;
}

/* Every legal move with a place on the board (all but pass and ransom)
 * has a mark carrying its text (R-WALL-4 wall ends, R-WALL-6 the guard,
 * R-WALL-7 tower ends, R-TILE-1 each rotation, ...). */
static void check_every_move_marked(const city_game *g, const char *svg,
                                    const city_move *mv, size_t n)
{
	size_t k;
	(void)g;
	for (k = 0; k < n; k++) {
		char text[48], want[64];
		if (mv[k].kind == CITY_MOVE_PASS || mv[k].kind == CITY_MOVE_RANSOM)
			continue;
		ck_assert_int_eq(city_move_to_string(&mv[k], text, sizeof text, NULL),
		                 CITY_OK);
		snprintf(want, sizeof want, "data-move=\"%s\"", text);
		ck_assert_msg(strstr(svg, want) != NULL, "no mark for %s", text);
	}
}

/* Random play of The City, the base game (farmers) and The Tower from
 * several seeds: at every state, every data-move of the overlay is a move
 * that applies (R-WALL-3 gate sides, R-FOL-1 parts, T-ACT-1..2 floors and
 * tops, T-CAP-1 captures); the gate decision must have been seen. */
START_TEST(svg_every_data_move_applies)
{
	static city_move mv[4096];
	int game = _i % 3, marks = 0, gates = 0, states = 0, gate_legal = 0;
	uint64_t r = 0xD1B54A32D192ED03ULL * (uint64_t)(unsigned)(_i + 1);
	city_options *o;
	city_game *g, *scratch = NULL;
	size_t n;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	if (game > 0)
		ck_assert_int_eq(city_options_set_game(o, CITY_GAME_CARCASSONNE),
		                 CITY_OK);
	if (game == 1)
		ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_FARMERS, 1),
		                 CITY_OK);
	if (game == 2)
		ck_assert_int_eq(
		    city_options_set_expansion(o, CITY_EXPANSION_TOWER, 1), CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, 2 + _i % 3), CITY_OK);
	ck_assert_int_eq(city_options_set_seed(o, (uint64_t)(unsigned)_i * 13 + 5),
	                 CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	ck_assert_int_eq(city_game_clone(&scratch, g), CITY_OK);
	for (;;) {
		char *svg = svg_of(g, CITY_SVG_LEGAL, NULL);
		int gate_marks = 0;
		marks += check_data_moves(g, scratch, svg, &gate_marks);
		gates += gate_marks;
		states++;
		if (city_game_decision(g) == CITY_DECISION_END) {
			free(svg);
			break;
		}
		ck_assert_int_eq(city_legal_moves(g, mv, 4096, &n), CITY_OK);
		check_every_move_marked(g, svg, mv, n);
		free(svg);
		if (city_game_decision(g) == CITY_DECISION_GATE)
			gate_legal += (int)n;
		r = r * 6364136223846793005ULL + 1442695040888963407ULL;
		ck_assert_int_eq(city_apply_move(g, &mv[(r >> 33) % n]), CITY_OK);
	}
	ck_assert_int_gt(states, 40);
	ck_assert_int_gt(marks, states);
	/* one gate mark per gate side; the first game's seed reaches the
	 * wall (a game that never did would prove nothing) */
	ck_assert_int_eq(gates, gate_legal);
	if (_i == 0)
		ck_assert_int_gt(gates, 0);
	city_game_free(scratch);
	city_game_free(g);
	city_options_free(o);
}
END_TEST

START_TEST(svg_buffer_contract)
{
	city_game *g;
	size_t needed = 0, n2 = 0;
	char *buf, small[64];
	ck_assert_int_eq(city_game_new(&g, NULL), CITY_OK);
	ck_assert_int_eq(city_game_svg(NULL, 0, NULL, 0, &needed), CITY_EINVAL);
	/* an unknown bit (LEGAL, LEGEND and NO_STRIP are known) */
	ck_assert_int_eq(city_game_svg(g, 8u, NULL, 0, &needed), CITY_EINVAL);
	ck_assert_int_eq(city_game_svg(g, 0x80000000u, NULL, 0, &needed),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_game_svg(g, CITY_SVG_LEGEND, NULL, 0, &needed),
	                 CITY_ERANGE);
	ck_assert_int_eq(city_game_svg(g, 0, NULL, 5, &needed), CITY_EINVAL);
	ck_assert_int_eq(city_game_svg(g, 0, NULL, 0, NULL), CITY_ERANGE);
	ck_assert_int_eq(city_game_svg(g, 0, NULL, 0, &needed), CITY_ERANGE);
	/* too small: a NUL-terminated prefix, the size told */
	memset(small, 'x', sizeof small);
	ck_assert_int_eq(city_game_svg(g, 0, small, sizeof small, &n2),
	                 CITY_ERANGE);
	ck_assert_uint_eq(n2, needed);
	ck_assert_uint_eq(strlen(small), sizeof small - 1);
	ck_assert_int_eq(strncmp(small, "<?xml version=\"1.0\"", 19), 0);
	buf = malloc(needed);
	ck_assert_ptr_nonnull(buf);
	ck_assert_int_eq(city_game_svg(g, 0, buf, needed - 1, &n2), CITY_ERANGE);
	ck_assert_uint_eq(n2, needed);
	ck_assert_int_eq(city_game_svg(g, 0, buf, needed, &n2), CITY_OK);
	ck_assert_uint_eq(strlen(buf), needed - 1);
	ck_assert_ptr_nonnull(strstr(buf, "</svg>\n"));
	/* the start: no tile yet, the current tile in the strip */
	ck_assert_int_eq(count(buf, "<g class=\"tile\""), 0);
	ck_assert_int_eq(count(buf, "<g class=\"current\""), 1);
	free(buf);
	city_game_free(g);
}
END_TEST

/* After the start tile, the overlay marks exactly the cells that take the
 * second tile, with their rotations (R-TILE-1..5). */
/* The River (V-GEO-1): one `class="river"` group per placed tile with a
 * river side, a pond (a circle) in it for the spring and the lake (one
 * river side), the legend's river entry, and nothing of the kind in a game
 * without the river. */
START_TEST(svg_river_is_drawn_as_water)
{
	static city_move mv[4096];
	city_options *o;
	city_game *g;
	size_t n;
	char *svg;
	int moves = 0, river = _i == 0;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_game(o, CITY_GAME_CARCASSONNE),
	                 CITY_OK);
	if (river)
		ck_assert_int_eq(
		    city_options_set_expansion(o, CITY_EXPANSION_RIVER, 1), CITY_OK);
	ck_assert_int_eq(city_options_set_seed(o, 5), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	city_options_free(o);
	/* past the river phase (12 river tiles, V-SET-2) */
	while (city_game_tile_count(g) < 20 &&
	       city_game_decision(g) != CITY_DECISION_END) {
		ck_assert_int_eq(city_legal_moves(g, mv, 4096, &n), CITY_OK);
		ck_assert_int_eq(city_apply_move(g, &mv[(size_t)moves++ % n]),
		                 CITY_OK);
	}
	svg = svg_of(g, CITY_SVG_LEGEND, NULL);
	{
		const city_tileset *ts = city_game_tileset(g);
		int i, tiles = city_game_tile_count(g), with = 0, ponds = 0;
		const char *at;
		for (i = 0; i < tiles; i++) {
			int design, rot, side, sides = 0;
			ck_assert_int_eq(city_game_placed_tile(g, (size_t)i, NULL, NULL,
			                                       &design, &rot),
			                 CITY_OK);
			for (side = 0; side < 4; side++) {
				char l, m, r;
				ck_assert_int_eq(
				    city_tileset_side(
				        ts,
				        (unsigned)city_tileset_find_design(ts, design),
				        side, rot, &l, &m, &r),
				    CITY_OK);
				sides += m == '~';
			}
			with += sides > 0;
			ponds += sides == 1;
		}
		ck_assert_int_eq(with, river ? 12 : 0); /* spring, 10, lake */
		ck_assert_int_eq(ponds, river ? 2 : 0);
		ck_assert_int_eq(count(svg, "<g class=\"river\""), with);
		/* a pond: the circle inside a river group */
		for (at = strstr(svg, "<g class=\"river\""), i = 0; at;
		     at = strstr(at + 1, "<g class=\"river\"")) {
			const char *end = strstr(at, "</g>");
			const char *c = strstr(at, "<circle");
			ck_assert_ptr_nonnull(end);
			i += c && c < end;
		}
		ck_assert_int_eq(i, ponds);
		ck_assert_int_eq(count(svg, "river (no follower)"), river);
	}
	free(svg);
	city_game_free(g);
}
END_TEST

/* city_tileset_svg() of one design, through the size query. */
static char *tile_svg(const city_tileset *ts, int id, int rot)
{
	size_t needed = 0, again = 0;
	char *buf;
	ck_assert_int_eq(city_tileset_svg(ts, id, rot, NULL, 0, &needed),
	                 CITY_ERANGE);
	buf = malloc(needed);
	ck_assert_ptr_nonnull(buf);
	ck_assert_int_eq(city_tileset_svg(ts, id, rot, buf, needed, &again),
	                 CITY_OK);
	ck_assert_uint_eq(again, needed);
	ck_assert_uint_eq(strlen(buf), needed - 1);
	return buf;
}

/* Every design of every built-in set in its four rotations: a whole
 * document with its group; some designs of each set differ in all four. */
START_TEST(tileset_svg_draws_every_design)
{
	static const char *const sets[] = {"the-city", "carcassonne",
	                                   "carcassonne-tower",
	                                   "carcassonne-river"};
	const city_tileset *ts = city_tileset_builtin(sets[_i]);
	unsigned d, nd;
	int four = 0;
	ck_assert_ptr_nonnull(ts);
	nd = city_tileset_design_count(ts);
	for (d = 0; d < nd; d++) {
		int id = city_tileset_design_id(ts, d), r, distinct = 1;
		char *pic[4], head[64];
		for (r = 0; r < 4; r++) {
			pic[r] = tile_svg(ts, id, r);
			snprintf(head, sizeof head,
			         "<g class=\"design\" data-design=\"%d\" "
			         "data-rot=\"%d\">",
			         id, r);
			ck_assert_msg(strstr(pic[r], head) != NULL, "%s #%d: no %s",
			              sets[_i], id, head);
			ck_assert_int_eq(strncmp(pic[r], "<?xml", 5), 0);
			ck_assert_ptr_nonnull(strstr(pic[r], "</g>\n</svg>\n"));
			ck_assert_int_eq(count(pic[r], "<defs>"), 1);
			if (r > 0 && strcmp(pic[r], pic[0]) != 0)
				distinct++;
		}
		four += distinct == 4;
		for (r = 0; r < 4; r++)
			free(pic[r]);
	}
	/* every set has designs with four different rotations */
	ck_assert_int_gt(four, 0);
}
END_TEST

/* Rotation 0 is exactly the drawing of the board's strip when that design
 * is the tile in hand. */
START_TEST(tileset_svg_is_the_tile_in_hand)
{
	city_options *o;
	city_game *g;
	const city_tileset *ts = city_tileset_default();
	int design = 0, stack = 0;
	char *board, *pic, *inner, *end, *want;
	size_t n;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_seed(o, 4), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	city_options_free(o);
	ck_assert_int_eq(city_game_current_tile(g, &design, &stack), CITY_OK);
	board = svg_of(g, 0, NULL);
	pic = tile_svg(ts, design, 0);
	/* the drawing inside the design group */
	inner = strstr(pic, "data-rot=\"0\">");
	ck_assert_ptr_nonnull(inner);
	inner += strlen("data-rot=\"0\">");
	end = strstr(inner, "</g>\n</svg>\n");
	ck_assert_ptr_nonnull(end);
	n = (size_t)(end - inner);
	want = malloc(n + 1);
	ck_assert_ptr_nonnull(want);
	memcpy(want, inner, n);
	want[n] = '\0';
	ck_assert_ptr_nonnull(strstr(board, "<g class=\"current\""));
	ck_assert_msg(strstr(strstr(board, "<g class=\"current\""), want) != NULL,
	              "design %d: the strip's tile in hand is drawn otherwise",
	              design);
	free(want);
	free(pic);
	free(board);
	city_game_free(g);
}
END_TEST

START_TEST(svg_legal_cells_carry_rotations)
{
	static city_move mv[4096];
	city_options *o;
	city_game *g;
	size_t n, k, len;
	char *svg, want[96];
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_seed(o, 5), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	ck_assert_int_eq(city_place_tile(g, 0, 0, 0), CITY_OK);
	ck_assert_int_eq(city_pass(g), CITY_OK);
	ck_assert_int_eq(city_legal_moves(g, mv, 4096, &n), CITY_OK);
	ck_assert_uint_gt(n, 0);
	svg = svg_of(g, CITY_SVG_LEGAL, &len);
	for (k = 0; k < n; k++) {
		snprintf(want, sizeof want, "data-x=\"%d\" data-y=\"%d\" data-rot=\"",
		         (int)mv[k].x, (int)mv[k].y);
		ck_assert_msg(strstr(svg, want) != NULL, "no mark for %s", want);
	}
	ck_assert_ptr_null(strstr(svg, "data-x=\"0\" data-y=\"0\" data-rot=\"0"
	                                "\" x="));
	free(svg);
	city_game_free(g);
	city_options_free(o);
}
END_TEST

static Suite *render_suite(void)
{
	const test_row rows[] = {
	        {svg_buffer_contract, 0, 1},
	        {svg_legal_cells_carry_rotations, 0, 1},
	        {tileset_svg_draws_every_design, 0, 4},
	        {tileset_svg_is_the_tile_in_hand, 0, 1},
	        {svg_river_is_drawn_as_water, 0, 2},
	        {svg_is_stable_and_shows_the_state, 0, 6},
	        {svg_carcassonne_shows_the_state, 0, 6},
	        {svg_every_data_move_applies, 0, 9},
	};
	return test_suite("render", "svg", 120, rows, N_OF(rows));
}

TEST_MAIN(render_suite)
