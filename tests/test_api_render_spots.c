/*
 * Follower spots of the SVG (lib/render_tile.c, docs/render.md, issue 23):
 * for every design of every built-in tile set (The City, the base game,
 * The Tower's) in each of its four rotations, the spot of every part
 * (R-FOL-1, C-FOL-1, T-ACT-2) lies inside the tile and any two spots are
 * at least RENDER_SPOT_GAP apart, so the overlay's spots (radius
 * RENDER_SPOT_R) never overlap; The Tower's floor and top marks, drawn
 * beside the pinned tower spot, keep clear of every other spot.
 */
#include <check.h>
#include <stdlib.h>

#include <city/city.h>

#include "common.h"

#include "render_tile.h"

static const char *const sets[] = {"the-city", "carcassonne",
                                   "carcassonne-tower"};

static int dist2(pt a, pt b)
{
	return (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y);
}

START_TEST(spots_apart_in_every_design)
{
	const city_tileset *ts = city_tileset_builtin(sets[_i]);
	unsigned d, n;
	int checked = 0;
	ck_assert_msg(ts != NULL, "no built-in set %s", sets[_i]);
	n = city_tileset_design_count(ts);
	ck_assert_uint_gt(n, 0);
	ck_assert_int_lt(2 * RENDER_SPOT_R, RENDER_SPOT_GAP);
	for (d = 0; d < n; d++) {
		int rot, i, j;
		for (rot = 0; rot < 4; rot++) {
			tileview v;
			ck_assert_int_eq(
			    rtile_view(ts, city_tileset_design_id(ts, d),
			                     rot, &v),
			    CITY_OK);
			for (i = 0; i < RENDER_PARTS; i++) {
				if (!v.has_spot[i])
					continue;
				checked++;
				ck_assert(v.spot[i].x >= RENDER_SPOT_R &&
				          v.spot[i].x <=
				              RENDER_CELL - RENDER_SPOT_R &&
				          v.spot[i].y >= RENDER_SPOT_R &&
				          v.spot[i].y <=
				              RENDER_CELL - RENDER_SPOT_R);
				for (j = i + 1; j < RENDER_PARTS; j++)
					ck_assert_msg(
					    !v.has_spot[j] ||
						dist2(v.spot[i], v.spot[j]) >=
						    RENDER_SPOT_GAP *
							RENDER_SPOT_GAP,
					    "%s design %d rot %d: spots %d "
					    "(%d,%d) and "
					    "%d (%d,%d) too close",
					    sets[_i],
					    city_tileset_design_id(ts, d), rot,
					    i, v.spot[i].x, v.spot[i].y, j,
					    v.spot[j].x, v.spot[j].y);
			}
		}
	}
	ck_assert_int_gt(checked, (int)n * 4);
}
END_TEST

/* The Tower's floor mark (a 12-unit square whose middle is 7 west of the
 * tower spot, lib/render_overlay.c) and top mark (radius 6, 7 east) keep
 * clear of every other spot of a tile with a foundation. */
START_TEST(tower_marks_clear_of_spots)
{
	const city_tileset *ts = city_tileset_builtin("carcassonne-tower");
	unsigned d, n = ts ? city_tileset_design_count(ts) : 0;
	int towers = 0;
	ck_assert_ptr_nonnull(ts);
	for (d = 0; d < n; d++) {
		int rot, i;
		for (rot = 0; rot < 4; rot++) {
			tileview v;
			pt t, floor_mark, top_mark;
			ck_assert_int_eq(
			    rtile_view(ts, city_tileset_design_id(ts, d),
			                     rot, &v),
			    CITY_OK);
			if (!v.foundation)
				continue;
			towers++;
			t = rtile_tower_spot(0, 0);
			floor_mark.x = t.x - 7, floor_mark.y = t.y;
			top_mark.x = t.x + 7, top_mark.y = t.y;
			for (i = 0; i < RENDER_PARTS - 1; i++) {
				int r = RENDER_SPOT_R +
				        9; /* the square's half diagonal */
				if (!v.has_spot[i])
					continue;
				ck_assert(dist2(v.spot[i], floor_mark) >=
				          r * r);
				ck_assert(dist2(v.spot[i], top_mark) >=
				          (RENDER_SPOT_R + 6) *
				              (RENDER_SPOT_R + 6));
			}
		}
	}
	ck_assert_int_gt(towers, 0);
}
END_TEST

static Suite *render_spots_suite(void)
{
	Suite *s = suite_create("render_spots");
	TCase *t = tcase_create("spots");
	tcase_add_loop_test(t, spots_apart_in_every_design, 0, 3);
	tcase_add_test(t, tower_marks_clear_of_spots);
	suite_add_tcase(s, t);
	return s;
}

TEST_MAIN(render_spots_suite)
