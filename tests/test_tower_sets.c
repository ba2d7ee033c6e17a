/*
 * Rule tests of The Tower (carcassonne.md T-SET, T-ACT, T-CAP, T-OPT),
 * through the public API, on hand-made `game=carcassonne` sets with an
 * explicit draw order. x grows east, y grows SOUTH.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "common.h"
#include "scenario.h"


/* Straight road west-east (the start design here). */
#define T_ROAD "a-a a1b b-b b1a a=F b=F"
/* All field with a tower foundation. */
#define T_TOWER "a-a a-a a-a a-a a=F tow"
/* All field. */
#define T_BLANK "a-a a-a a-a a-a a=F"

/* The common opening: P0 puts a highwayman on the road at (1,0); P1
 * places the tower tile at (1,1) below it and takes the floor decision. */
static city_game *opening(const char *const *rules)
{
	static const int order[] = {1, 2, 3, 2, 3, 3, 1, 1};
	city_game *g = scn_carc_game("1 4 " T_ROAD " start\n2 2 " T_TOWER
	                          "\n3 3 " T_BLANK "\n",
	                          2, 1, order, N_OF(order), rules);
	scn_play(g, "place 1 0 0; follower 1");
	scn_play(g, "place 1 1 0");
	return g;
}

START_TEST(test_T_SET_1_floors_per_player_count)
{
	static const int order[] = {2};
	static const int floors[4] = {10, 9, 7, 6};
	int players;
	for (players = 2; players <= 5; players++) {
		city_game *g = scn_carc_game("1 1 " T_BLANK " start\n2 1 " T_TOWER
		                          "\n",
		                          players, 1, order, 1, NULL);
		ck_assert_int_eq(city_game_floors(g, 0), floors[players - 2]);
		ck_assert_int_eq(city_game_floors(g, players - 1),
		                 floors[players - 2]);
		city_game_free(g);
	}
}
END_TEST

START_TEST(test_T_ACT_1_floor_on_the_tile_just_placed_T_CAP_3_prisoner)
{
	city_game *g = opening(NULL);
	scn_snapshot s;
	int h = -1, top = 5;
	/* follower decision: no part (a field without farmers), one floor on
	 * the bare foundation just placed, no top (height 0), pass */
	scn_expect(g, CITY_DECISION_FOLLOWER, 1);
	scn_expect_legal(g, 2);
	ck_assert_int_eq(city_game_tower(g, 1, 1, &h, &top), CITY_OK);
	ck_assert_int_eq(h, 0);
	ck_assert_int_eq(top, -1);
	/* T-ACT-2: a bare foundation takes no follower on top */
	scn_snap(g, &s);
	scn_refused(g, &s, city_place_top(g, 1, 1), CITY_EILLEGAL,
	            "T-ACT-2: tile (1,1): the tower has no floor yet");
	scn_refused(g, &s, city_place_floor(g, 0, 0), CITY_EILLEGAL,
	            "T-ACT-1: tile (0,0) has no tower foundation");
	scn_snap_free(&s);
	ck_assert_int_eq(city_place_floor(g, 1, 1), CITY_OK);
	ck_assert_int_eq(city_game_floors(g, 1), 9);
	ck_assert_int_eq(city_game_tower(g, 1, 1, &h, NULL), CITY_OK);
	ck_assert_int_eq(h, 1);
	/* T-CAP-1: height 1 reaches (1,0), where P0's highwayman stands */
	scn_expect(g, CITY_DECISION_CAPTURE, 1);
	scn_expect_legal(g, 2);
	ck_assert_int_eq(city_capture(g, 1, 0, '1'), CITY_OK);
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 1);
	ck_assert_int_eq(city_feature_followers(g, 1, 0, '1', 0), 0);
	ck_assert_int_eq(scn_supply(g, 0), 6);
	ck_assert_int_eq(scn_on_board(g, 0), 0);
	ck_assert_int_eq(scn_count_events(g, CITY_EVENT_CAPTURE, 1), 1);
	/* T-OPT-3 (default yes): P0 has 0 points, no ransom: P0 draws */
	scn_expect(g, CITY_DECISION_TILE, 0);
	city_game_free(g);
}
END_TEST

START_TEST(test_T_CAP_5_ransom_without_minimum_goes_below_zero)
{
	static const char *const rules[] = {"ransom_min=no", NULL};
	city_game *g = opening(rules);
	ck_assert_int_eq(city_place_floor(g, 1, 1), CITY_OK);
	ck_assert_int_eq(city_capture(g, 1, 0, '1'), CITY_OK);
	/* P0's turn starts with the ransom decision: ransom 1, pass */
	scn_expect(g, CITY_DECISION_RANSOM, 0);
	scn_expect_legal(g, 2);
	ck_assert_int_eq(city_pay_ransom(g, 1), CITY_OK);
	scn_expect_scores(g, 2, ((const int[]){-3, 3}));
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_RANSOM), -3);
	ck_assert_int_eq(city_game_score_detail(g, 1, CITY_CAT_RANSOM), 3);
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 0);
	ck_assert_int_eq(scn_supply(g, 0), 7);
	/* once per turn: the tile decision follows */
	scn_expect(g, CITY_DECISION_TILE, 0);
	city_game_free(g);
}
END_TEST

START_TEST(test_T_OPT_7_no_ransom)
{
	static const char *const rules[] = {"ransom_min=no", "ransom=no",
	                                    NULL};
	city_game *g = opening(rules);
	ck_assert_int_eq(city_place_floor(g, 1, 1), CITY_OK);
	ck_assert_int_eq(city_capture(g, 1, 0, '1'), CITY_OK);
	scn_expect(g, CITY_DECISION_TILE, 0);
	city_game_free(g);
}
END_TEST

START_TEST(test_T_OPT_5_short_range_reaches_only_its_own_tile)
{
	static const char *const rules[] = {"tower_range=short", NULL};
	city_game *g = opening(rules);
	/* r = h - 1 = 0: (1,0) is out of range, the capture is skipped */
	ck_assert_int_eq(city_place_floor(g, 1, 1), CITY_OK);
	scn_expect(g, CITY_DECISION_TILE, 0);
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 0);
	city_game_free(g);
}
END_TEST

START_TEST(test_T_ACT_2_top_closes_the_tower)
{
	city_game *g = opening(NULL);
	scn_snapshot s;
	int top = -1;
	ck_assert_int_eq(city_place_floor(g, 1, 1), CITY_OK);
	scn_play(g, "pass"); /* no capture */
	/* P0: a blank at (0,1); floor, top on (1,1) and pass are legal */
	scn_play(g, "place 0 1 0");
	scn_expect_legal(g, 3);
	ck_assert_int_eq(city_place_top(g, 1, 1), CITY_OK);
	ck_assert_int_eq(city_game_tower(g, 1, 1, NULL, &top), CITY_OK);
	ck_assert_int_eq(top, 0);
	/* P1: a second tower at (2,1): a floor on it or pass; the closed
	 * tower takes no floor (T-ACT-2) */
	scn_play(g, "place 2 1 0");
	scn_expect_legal(g, 2);
	scn_snap(g, &s);
	scn_refused(g, &s, city_place_floor(g, 1, 1), CITY_EILLEGAL,
	            "T-ACT-2: the tower of tile (1,1) is closed by a "
	            "follower on top");
	scn_snap_free(&s);
	city_game_free(g);
}
END_TEST

static Suite *carc_tower_suite(void)
{
	Suite *s = suite_create("carc_tower");
	TCase *t = tcase_create("tower");
	tcase_add_test(t, test_T_SET_1_floors_per_player_count);
	tcase_add_test(t,
	               test_T_ACT_1_floor_on_the_tile_just_placed_T_CAP_3_prisoner);
	tcase_add_test(t, test_T_CAP_5_ransom_without_minimum_goes_below_zero);
	tcase_add_test(t, test_T_OPT_7_no_ransom);
	tcase_add_test(t, test_T_OPT_5_short_range_reaches_only_its_own_tile);
	tcase_add_test(t, test_T_ACT_2_top_closes_the_tower);
	suite_add_tcase(s, t);
	return s;
}

TEST_MAIN(carc_tower_suite)
