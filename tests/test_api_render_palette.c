/*
 * The palette rule of the SVG (docs/render.md, issue 23): every player
 * colour is at least RENDER_MIN_DE_FEATURE (CIEDE2000) from every feature
 * fill and every overlay fill, and any two player colours at least
 * RENDER_MIN_DE_PLAYERS apart, for 2, 3, 4 and 5 players. The colours are
 * read from the tables lib/render_palette.c draws with (not a copy), and
 * the pictures are checked to use them.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "common.h"

#include "render_palette.h"

typedef struct lab {
	double l, a, b;
} lab;

static double lin(double c)
{
	return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double lab_f(double t)
{
	return t > 216.0 / 24389.0 ? cbrt(t)
	                           : (24389.0 / 27.0 * t + 16.0) / 116.0;
}

/* sRGB "#rrggbb" to CIELAB (D65). */
static lab to_lab(const char *hex)
{
	unsigned v = 0;
	double r, g, b, x, y, z;
	lab o;
	ck_assert_msg(hex[0] == '#' && strlen(hex) == 7, "bad colour %s", hex);
	ck_assert_int_eq(sscanf(hex + 1, "%6x", &v), 1);
	r = lin((double)((v >> 16) & 255u) / 255.0);
	g = lin((double)((v >> 8) & 255u) / 255.0);
	b = lin((double)(v & 255u) / 255.0);
	x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
	y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
	z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883;
	o.l = 116.0 * lab_f(y) - 16.0;
	o.a = 500.0 * (lab_f(x) - lab_f(y));
	o.b = 200.0 * (lab_f(y) - lab_f(z));
	return o;
}

#define PI 3.14159265358979323846

static double deg(double r)
{
	return r * 180.0 / PI;
}

static double rad(double d)
{
	return d * PI / 180.0;
}

/* The mean hue of two (CIEDE2000, Sharma et al. 2005, eq. 14). */
static double mean_hue(double h1, double h2, double c1, double c2)
{
	if (c1 * c2 == 0.0)
		return h1 + h2;
	if (fabs(h1 - h2) <= 180.0)
		return (h1 + h2) / 2.0;
	return h1 + h2 < 360.0 ? (h1 + h2 + 360.0) / 2.0
	                       : (h1 + h2 - 360.0) / 2.0;
}

/* CIEDE2000 colour difference (kL = kC = kH = 1) of two Lab colours. */
static double de2000_lab(lab p, lab q)
{
	double c1 = hypot(p.a, p.b), c2 = hypot(q.a, q.b), cb = (c1 + c2) / 2.0;
	double g = 0.5 * (1.0 - sqrt(pow(cb, 7) / (pow(cb, 7) + pow(25.0, 7))));
	double a1 = (1.0 + g) * p.a, a2 = (1.0 + g) * q.a;
	double c1p = hypot(a1, p.b), c2p = hypot(a2, q.b);
	double h1 = c1p == 0.0 ? 0.0 : fmod(deg(atan2(p.b, a1)) + 360.0, 360.0);
	double h2 = c2p == 0.0 ? 0.0 : fmod(deg(atan2(q.b, a2)) + 360.0, 360.0);
	double dl = q.l - p.l, dc = c2p - c1p, dh = 0.0, lb, cbp, hb, t, sl, sc,
	       sh, rt;
	if (c1p * c2p != 0.0) {
		dh = h2 - h1;
		dh = dh > 180.0 ? dh - 360.0 : dh < -180.0 ? dh + 360.0 : dh;
	}
	dh = 2.0 * sqrt(c1p * c2p) * sin(rad(dh / 2.0));
	lb = (p.l + q.l) / 2.0;
	cbp = (c1p + c2p) / 2.0;
	hb = mean_hue(h1, h2, c1p, c2p);
	t = 1.0 - 0.17 * cos(rad(hb - 30.0)) + 0.24 * cos(rad(2.0 * hb)) +
	    0.32 * cos(rad(3.0 * hb + 6.0)) - 0.20 * cos(rad(4.0 * hb - 63.0));
	sl = 1.0 + 0.015 * (lb - 50.0) * (lb - 50.0) /
	               sqrt(20.0 + (lb - 50.0) * (lb - 50.0));
	sc = 1.0 + 0.045 * cbp;
	sh = 1.0 + 0.015 * cbp * t;
	rt = -sin(rad(2.0 * 30.0 * exp(-pow((hb - 275.0) / 25.0, 2)))) * 2.0 *
	     sqrt(pow(cbp, 7) / (pow(cbp, 7) + pow(25.0, 7)));
	return sqrt(pow(dl / sl, 2) + pow(dc / sc, 2) + pow(dh / sh, 2) +
	            rt * (dc / sc) * (dh / sh));
}

static double de2000(const char *x, const char *y)
{
	return de2000_lab(to_lab(x), to_lab(y));
}

/* The formula against the published test data (Sharma, Wu, Dalal, "The
 * CIEDE2000 color-difference formula", 2005, table 1: pairs 1, 7, 17 and
 * 25, to four decimals), and the sRGB conversion at black and white. */
START_TEST(de2000_is_the_formula)
{
	static const struct {
		lab p, q;
		double de;
	} pairs[4] = {{{50.0, 2.6772, -79.7751}, {50.0, 0.0, -82.7485}, 2.0425},
	              {{50.0, 0.0, 0.0}, {50.0, -1.0, 2.0}, 2.3669},
	              {{50.0, 2.5, 0.0}, {73.0, 25.0, -18.0}, 27.1492},
	              {{60.2574, -34.0099, 36.2677},
	               {60.4626, -34.1751, 39.4387},
	               1.2644}};
	int k;
	for (k = 0; k < 4; k++) {
		double d = de2000_lab(pairs[k].p, pairs[k].q);
		ck_assert_msg(fabs(d - pairs[k].de) < 5e-5,
		              "pair %d: %.4f, not %.4f", k, d, pairs[k].de);
	}
	ck_assert(fabs(de2000("#000000", "#000000")) < 1e-9);
	ck_assert(fabs(de2000("#000000", "#ffffff") - 100.0) < 1e-3);
}
END_TEST

/* The rule for `players` seats (_i + 2). */
START_TEST(palette_rule_holds)
{
	int players = _i + 2, p, q, k;
	double worst = 1e9;
	for (p = 0; p < players; p++) {
		const char *pc = pal_player[p].hex;
		for (k = 0; k < PAL_FEATURES; k++) {
			double d = de2000(pc, pal_feature[k].hex);
			ck_assert_msg(d >= RENDER_MIN_DE_FEATURE,
			              "%s player %s is %.1f from %s %s (< %d)",
			              pal_player[p].name, pc, d,
			              pal_feature[k].name,
			              pal_feature[k].hex,
			              RENDER_MIN_DE_FEATURE);
			worst = d < worst ? d : worst;
		}
		for (k = 0; k < PAL_OVERLAYS; k++) {
			double d = de2000(pc, pal_overlay[k].hex);
			ck_assert_msg(
			    d >= RENDER_MIN_DE_FEATURE,
			    "%s player is %.1f from overlay %s (< %d)",
			    pal_player[p].name, d, pal_overlay[k].name,
			    RENDER_MIN_DE_FEATURE);
		}
		for (q = p + 1; q < players; q++) {
			double d = de2000(pc, pal_player[q].hex);
			ck_assert_msg(d >= RENDER_MIN_DE_PLAYERS,
			              "players %s and %s are %.1f apart (< %d)",
			              pal_player[p].name,
			              pal_player[q].name, d,
			              RENDER_MIN_DE_PLAYERS);
		}
	}
	ck_assert(worst < 1e9);
}
END_TEST

/* Every table entry is filled (a feature added to the enum but not to the
 * table would be NULL and escape the rule). */
START_TEST(palette_tables_are_complete)
{
	int k;
	for (k = 0; k < RENDER_PLAYERS; k++)
		ck_assert(pal_player[k].hex && pal_player[k].name);
	for (k = 0; k < PAL_FEATURES; k++)
		ck_assert_msg(pal_feature[k].hex && pal_feature[k].name,
		              "feature %d has no colour", k);
	for (k = 0; k < PAL_OVERLAYS; k++)
		ck_assert_msg(pal_overlay[k].hex && pal_overlay[k].name,
		              "overlay %d has no colour", k);
}
END_TEST

/* The pictures draw with these tables: a follower of each seat is filled
 * with its table colour, fields and cities with the table's fills. */
START_TEST(svg_uses_the_palette)
{
	static city_move mv[4096];
	city_options *o;
	city_game *g;
	size_t n, need = 0;
	char *svg, want[64];
	int p, moves = 0;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_game(o, CITY_GAME_CARCASSONNE),
	                 CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, 5), CITY_OK);
	ck_assert_int_eq(city_options_set_seed(o, 3), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	/* play first legal moves (a follower whenever one may be placed)
	 * until every seat has a follower on the board */
	while (moves++ < 40 && city_game_decision(g) != CITY_DECISION_END) {
		ck_assert_int_eq(city_legal_moves(g, mv, 4096, &n), CITY_OK);
		ck_assert_int_eq(city_apply_move(g, &mv[0]), CITY_OK);
	}
	ck_assert_int_eq(city_game_svg(g, 0, NULL, 0, &need), CITY_ERANGE);
	svg = malloc(need);
	ck_assert_ptr_nonnull(svg);
	ck_assert_int_eq(city_game_svg(g, 0, svg, need, NULL), CITY_OK);
	for (p = 0; p < city_game_players(g); p++) {
		int placed = 0, i;
		for (i = 0; i < city_game_follower_count(g); i++) {
			int owner;
			city_game_follower(g, (size_t)i, &owner, NULL, NULL,
			                   NULL, NULL);
			placed += owner == p;
		}
		snprintf(want, sizeof want, "fill=\"%s\"",
		         pal_player[p].hex);
		if (placed)
			ck_assert_msg(strstr(svg, want) != NULL, "no %s", want);
	}
	snprintf(want, sizeof want, "fill=\"%s\"",
	         pal_feature[PAL_FIELD].hex);
	ck_assert_ptr_nonnull(strstr(svg, want));
	snprintf(want, sizeof want, "fill=\"%s\"",
	         pal_feature[PAL_CITY].hex);
	ck_assert_ptr_nonnull(strstr(svg, want));
	free(svg);
	city_game_free(g);
	city_options_free(o);
}
END_TEST

static Suite *render_palette_suite(void)
{
	const test_row rows[] = {
	    {de2000_is_the_formula, 0, 1},
	    {palette_rule_holds, 0, 4},
	    {palette_tables_are_complete, 0, 1},
	    {svg_uses_the_palette, 0, 1},
	};
	return test_suite("render_palette", "palette", 0, rows, N_OF(rows));
}

TEST_MAIN(render_palette_suite)
