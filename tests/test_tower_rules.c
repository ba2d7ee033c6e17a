/*
 * Scenario tests of The Tower (carcassonne.md T-SET, T-ACT, T-CAP, T-OPT;
 * issue 13's list), through the public API only, one test per case, named
 * by rule id. Positions are hand-made with the SCN_TW_* designs of
 * scenario.h and an explicit draw order; every legal-move list, score and
 * message is exact and worked out by hand from the spec. x grows east, y
 * grows SOUTH.
 *
 * Designs (scenario.h, SCN_TW_*): ROAD road W-E; TOWER field + foundation;
 * BLANK field; RTOWER road W-E + foundation; CAP city on N; MON monastery;
 * CAPTOW city on N + foundation. Farmers are off: fields take no follower.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "common.h"
#include "scenario.h"

/* ------------------------------------------------------------------------
 * T-SET
 * ---------------------------------------------------------------------- */

START_TEST(test_T_SET_1_floors_per_player_by_player_count)
{
	static const int order[] = {SCN_TW_TOWER};
	static const int floors[4] = {10, 9, 7, 6};
	int players, p;
	for (players = 2; players <= 5; players++) {
		city_game *g =
		        scn_tower_game(SCN_TW_ROAD, order, 1, players, 1, NULL);
		for (p = 0; p < players; p++)
			ck_assert_int_eq(city_game_floors(g, p),
			                 floors[players - 2]);
		ck_assert_int_eq(city_game_floors(g, players), CITY_EINVAL);
		ck_assert_int_eq(city_game_floors(g, -1), CITY_EINVAL);
		city_game_free(g);
	}
}
END_TEST

/* T-SET-3: without the expansion a foundation changes nothing: no tower,
 * no floors, the tower calls refused naming the rule. */
START_TEST(test_T_SET_3_foundation_inert_without_the_expansion)
{
	static const int order[] = {SCN_TW_RTOWER, SCN_TW_BLANK};
	city_game *g =
	        scn_tower_game(SCN_TW_ROAD, order, N_OF(order), 2, 0, NULL);
	scn_play(g, "place 1 0 0");
	/* the road part only: no floor on the foundation */
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 0, "follower 1, pass");
	ck_assert_int_eq(city_game_tower(g, 1, 0, NULL, NULL), CITY_ENOTFOUND);
	ck_assert_int_eq(city_game_floors(g, 0), 0);
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 0);
	SCN_REFUSED(g, city_place_floor(g, 1, 0), CITY_EILLEGAL,
	            "T-ACT-1: the expansion tower is not in play");
	SCN_REFUSED(g, city_place_top(g, 1, 0), CITY_EILLEGAL,
	            "T-ACT-1: the expansion tower is not in play");
	scn_refuse_move(g, "floor 1 0", CITY_EILLEGAL,
	                "T-ACT-1: the expansion tower is not in play");
	city_game_free(g);
}
END_TEST

/* T-SET-3: the expansion with a set that has no foundation: floors are
 * dealt and never placed. */
START_TEST(test_T_SET_3_expansion_without_foundations)
{
	static const int order[] = {SCN_TW_ROAD, SCN_TW_BLANK};
	city_game *g =
	        scn_tower_game(SCN_TW_ROAD, order, N_OF(order), 3, 1, NULL);
	ck_assert_int_eq(city_game_floors(g, 2), 9);
	scn_play(g, "place 1 0 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 0, "follower 1, pass");
	ck_assert_int_eq(city_game_tower(g, 0, 0, NULL, NULL), CITY_ENOTFOUND);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * T-ACT
 * ---------------------------------------------------------------------- */

/* The two-tower opening: P0 puts the foundation (0,1) south of the start
 * and a floor on it; P1 ... (the tests go on from here). */
static const int two_towers[] = {SCN_TW_TOWER, SCN_TW_TOWER, SCN_TW_BLANK,
                                 SCN_TW_BLANK, SCN_TW_ROAD, SCN_TW_BLANK,
                                 SCN_TW_BLANK};

START_TEST(test_T_ACT_1_floor_on_the_tile_just_placed_and_on_an_old_tower)
{
	city_game *g = scn_tower_game(SCN_TW_ROAD, two_towers, N_OF(two_towers),
	                              2, 1, NULL);
	scn_play(g, "place 0 1 0");
	/* the bare foundation just placed takes a floor; no top at height 0 */
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 0, "floor 0 1, pass");
	scn_expect_tower(g, 0, 1, 0, -1);
	scn_play(g, "floor 0 1");
	scn_expect_tower(g, 0, 1, 1, -1);
	ck_assert_int_eq(city_game_floors(g, 0), 9);
	/* T-CAP-1: nobody in range, the capture decision is skipped */
	scn_expect(g, CITY_DECISION_TILE, 1);
	/* P1 raises the old tower rather than the one just placed */
	scn_play(g, "place 1 1 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 1,
	                "floor 0 1, floor 1 1, top 0 1, pass");
	scn_play(g, "floor 0 1");
	scn_expect_tower(g, 0, 1, 2, -1);
	scn_expect_tower(g, 1, 1, 0, -1);
	ck_assert_int_eq(city_game_floors(g, 1), 9);
	/* T-SET-1: floors are neutral once placed */
	scn_expect(g, CITY_DECISION_TILE, 0);
	scn_play(g, "place -1 1 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 0,
	                "floor 0 1, floor 1 1, top 0 1, pass");
	city_game_free(g);
}
END_TEST

START_TEST(test_T_ACT_2_bare_foundation_refuses_top)
{
	city_game *g = scn_tower_game(SCN_TW_ROAD, two_towers, N_OF(two_towers),
	                              2, 1, NULL);
	scn_play(g, "place 0 1 0");
	SCN_REFUSED(g, city_place_top(g, 0, 1), CITY_EILLEGAL,
	            "T-ACT-2: tile (0,1): the tower has no floor yet");
	SCN_REFUSED(g, city_place_top(g, 0, 0), CITY_EILLEGAL,
	            "T-ACT-2: tile (0,0): the tile has no tower foundation");
	SCN_REFUSED(g, city_place_top(g, 7, 7), CITY_EILLEGAL,
	            "T-ACT-2: no tile at (7,7)");
	SCN_REFUSED(g, city_place_floor(g, 0, 0), CITY_EILLEGAL,
	            "T-ACT-1: tile (0,0) has no tower foundation");
	SCN_REFUSED(g, city_place_floor(g, 5, -5), CITY_EILLEGAL,
	            "T-ACT-1: no tile at (5,-5)");
	/* a capture or ransom answers another decision */
	SCN_REFUSED(g, city_capture(g, 0, 0, '1'), CITY_EDECISION,
	            "C-TURN-1: the game waits for a follower, not a capture");
	SCN_REFUSED(g, city_pay_ransom(g, 1), CITY_EDECISION,
	            "C-TURN-1: the game waits for a follower, not a ransom");
	city_game_free(g);
}
END_TEST

START_TEST(test_T_ACT_2_closed_tower_refuses_a_floor)
{
	city_game *g = scn_tower_game(SCN_TW_ROAD, two_towers, N_OF(two_towers),
	                              2, 1, NULL);
	int player = -1, role = -1;
	int32_t x = 9, y = 9;
	char part = 0;
	scn_play(g, "place 0 1 0; floor 0 1; place 1 1 0; floor 1 1");
	scn_play(g, "place -1 1 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 0,
	                "floor 0 1, floor 1 1, top 0 1, top 1 1, pass");
	scn_play(g, "top 0 1");
	scn_expect_tower(g, 0, 1, 1, 0);
	ck_assert_int_eq(scn_supply(g, 0), 6);
	ck_assert_int_eq(city_game_floors(g, 0), 9); /* a top is no floor */
	ck_assert_int_eq(city_game_follower_count(g), 1);
	ck_assert_int_eq(city_game_follower(g, 0, &player, &role, &x, &y,
	                                    &part),
	                 CITY_OK);
	ck_assert_int_eq(player, 0);
	ck_assert_int_eq(role, CITY_ROLE_TOWER_TOP);
	ck_assert_int_eq(x, 0);
	ck_assert_int_eq(y, 1);
	ck_assert_int_eq(part, 't');
	/* P1: the closed tower takes neither a floor nor a top */
	scn_play(g, "place 2 1 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 1,
	                "floor 1 1, top 1 1, pass");
	SCN_REFUSED(g, city_place_floor(g, 0, 1), CITY_EILLEGAL,
	            "T-ACT-2: the tower of tile (0,1) is closed by a "
	            "follower on top");
	SCN_REFUSED(g, city_place_top(g, 0, 1), CITY_EILLEGAL,
	            "T-ACT-2: tile (0,1): the tower is closed by a follower "
	            "on top");
	city_game_free(g);
}
END_TEST

/* T-ACT-3: 5 players have 6 floors each; once P0 has put all six on
 * the tower (0,1), P0's follower decision has no floor. */
START_TEST(test_T_ACT_3_no_floor_in_supply)
{
	int order[33];
	city_game *g;
	int i, x = -1;
	static const int blanks[4] = {SCN_TW_BLANK, SCN_TW_BLANK2,
	                              SCN_TW_BLANK3, SCN_TW_BLANK4};
	order[0] = SCN_TW_TOWER;
	for (i = 1; i < 33; i++) /* at most 9 of a design */
		order[i] = blanks[(i - 1) / 8];
	g = scn_tower_game(SCN_TW_ROAD, order, N_OF(order), 5, 1, NULL);
	scn_play(g, "place 0 1 0; floor 0 1");
	for (i = 1; i < 30; i++) {
		scn_play(g, "place %d 1 0", x--);
		/* P0 every fifth turn, the others pass */
		scn_play(g, i % 5 == 0 ? "floor 0 1" : "pass");
	}
	ck_assert_int_eq(city_game_floors(g, 0), 0);
	ck_assert_int_eq(city_game_floors(g, 1), 6);
	scn_expect_tower(g, 0, 1, 6, -1);
	scn_play(g, "place %d 1 0", x);
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 0, "top 0 1, pass");
	SCN_REFUSED(g, city_place_floor(g, 0, 1), CITY_EILLEGAL,
	            "T-ACT-3: player 0 has no tower floor in supply");
	scn_play(g, "top 0 1");
	scn_expect_tower(g, 0, 1, 6, 0);
	city_game_free(g);
}
END_TEST

/* T-ACT-3: with no follower in supply, neither C-FOL nor T-ACT-2. P0 puts
 * seven monks north of the start, P1 blanks south of it and a tower at
 * (0,7) with one floor; then P0's road (1,0) takes a floor only. */
START_TEST(test_T_ACT_3_no_follower_in_supply)
{
	int order[16];
	city_game *g;
	int k;
	for (k = 0; k < 7; k++) {
		order[2 * k] = SCN_TW_MON;
		order[2 * k + 1] = k == 6 ? SCN_TW_TOWER : SCN_TW_BLANK;
	}
	order[14] = SCN_TW_ROAD;
	order[15] = SCN_TW_BLANK;
	g = scn_tower_game(SCN_TW_ROAD, order, N_OF(order), 2, 1, NULL);
	for (k = 1; k <= 7; k++) {
		scn_play(g, "place 0 %d 0; follower m", -k);
		scn_play(g, "place 0 %d 0", k);
	}
	/* P1's last tile is the tower (0,7): a floor, nobody in range */
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 1, "floor 0 7, pass");
	scn_play(g, "floor 0 7");
	ck_assert_int_eq(scn_supply(g, 0), 0);
	scn_play(g, "place 1 0 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 0, "floor 0 7, pass");
	SCN_REFUSED(g, city_place_top(g, 0, 7), CITY_EILLEGAL,
	            "T-ACT-3: player 0 has no follower in supply");
	SCN_REFUSED(g, city_place_follower(g, '1'), CITY_EILLEGAL,
	            "C-FOL-4: player 0 has no follower in supply");
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * T-CAP-1 range, T-OPT-4/5/6
 *
 * The row board: P0's highwayman on the road (1,0), P0's monk on (2,1),
 * P1's tower (0,1) raised to 1 then 2, (1,1) left empty (a gap):
 *
 *        x=-1   0     1     2
 *   y=0        road  road  road
 *                     P0h
 *   y=1  blank tower  gap   mon
 *                           P0m
 *   y=2        blank
 * ---------------------------------------------------------------------- */

static const int row_order[] = {SCN_TW_ROAD, SCN_TW_ROAD, SCN_TW_MON,
                                SCN_TW_TOWER, SCN_TW_BLANK, SCN_TW_BLANK,
                                SCN_TW_BLANK, SCN_TW_BLANK};

/* Up to P0's fifth-turn follower decision (the tower at height 1). */
static city_game *row_board(const char *const *rules)
{
	city_game *g = scn_tower_game(SCN_TW_ROAD, row_order, N_OF(row_order),
	                              2, 1, rules);
	scn_play(g, "place 1 0 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 0, "follower 1, pass");
	scn_play(g, "follower 1; place 2 0 0"); /* P1: road taken, skipped */
	scn_play(g, "place 2 1 0; follower m");
	scn_play(g, "place 0 1 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 1, "floor 0 1, pass");
	/* height 1: (0,0), (1,1), (-1,1), (0,2): nobody */
	scn_play(g, "floor 0 1");
	scn_play(g, "place -1 1 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 0,
	                "floor 0 1, top 0 1, pass");
	return g;
}

START_TEST(test_T_CAP_1_range_along_the_row_over_a_gap)
{
	city_game *g = row_board(NULL);
	city_event e;
	int n;
	scn_play(g, "pass; place 0 2 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 1,
	                "floor 0 1, top 0 1, pass");
	scn_play(g, "floor 0 1");
	/* height 2: (2,1) two cells east over the empty (1,1); the
	 * highwayman (1,0) is not on the row or the column */
	scn_expect_moves(g, CITY_DECISION_CAPTURE, 1, "capture 2 1 m, pass");
	SCN_REFUSED(g, city_capture(g, 1, 0, '1'), CITY_EILLEGAL,
	            "T-CAP-1: the follower is out of the tower's range");
	SCN_REFUSED(g, city_capture(g, 2, 1, 'a'), CITY_EILLEGAL,
	            "T-CAP-2: no follower on part 'a' of tile (2,1)");
	SCN_REFUSED(g, city_capture(g, 1, 1, 'm'), CITY_EILLEGAL,
	            "T-CAP-2: no tile at (1,1)");
	SCN_REFUSED(g, city_place_floor(g, 0, 1), CITY_EDECISION,
	            "C-TURN-1: the game waits for a capture, not a follower");
	scn_play(g, "capture 2 1 m");
	/* T-CAP-3: P0's monk is P1's prisoner */
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 1);
	ck_assert_int_eq(city_game_prisoners(g, 0, 1), 0);
	ck_assert_int_eq(scn_supply(g, 0), 5);
	ck_assert_int_eq(scn_on_board(g, 0), 1);
	ck_assert_int_eq(city_feature_followers(g, 2, 1, 'm', 0), 0);
	scn_expect_conservation(g);
	n = city_game_event_count(g);
	ck_assert_int_eq(city_game_event(g, (size_t)n - 1, &e), CITY_OK);
	ck_assert_int_eq(e.kind, CITY_EVENT_CAPTURE);
	ck_assert_int_eq(e.player, 1);
	ck_assert_int_eq(e.x, 2);
	ck_assert_int_eq(e.y, 1);
	ck_assert_int_eq(e.part, 'm');
	ck_assert_uint_eq(e.reserved1, 1); /* owner P0 + 1 */
	ck_assert_int_eq(scn_count_events(g, CITY_EVENT_EXCHANGE, -2), 0);
	/* P0 has 0 points: no ransom (T-OPT-3), the draw */
	scn_expect(g, CITY_DECISION_TILE, 0);
	city_game_free(g);
}
END_TEST

START_TEST(test_T_OPT_4_range_stops_at_the_first_gap)
{
	static const char *const rules[] = {"capture_gaps=no", NULL};
	city_game *g = row_board(rules);
	scn_play(g, "pass; place 0 2 0; floor 0 1");
	/* (1,1) is empty: (2,1) is out of range, the capture is skipped */
	scn_expect(g, CITY_DECISION_TILE, 0);
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 0);
	ck_assert_int_eq(scn_on_board(g, 0), 2);
	city_game_free(g);
}
END_TEST

START_TEST(test_T_OPT_6_range_by_manhattan_distance)
{
	static const char *const rules[] = {"capture_diagonal=yes", NULL};
	city_game *g = row_board(rules);
	scn_play(g, "pass; place 0 2 0; floor 0 1");
	/* h = 2: (1,0) at distance 1+1 and (2,1) at 2, in slot order */
	scn_expect_moves(g, CITY_DECISION_CAPTURE, 1,
	                "capture 1 0 1, capture 2 1 m, pass");
	scn_play(g, "capture 1 0 1");
	ck_assert_int_eq(city_feature_followers(g, 0, 0, '1', 0), 0);
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 1);
	city_game_free(g);
}
END_TEST

START_TEST(test_T_OPT_6_with_gaps_no_paths_through_placed_cells_only)
{
	static const char *const rules[] = {"capture_diagonal=yes",
	                                    "capture_gaps=no", NULL};
	city_game *g = row_board(rules);
	scn_play(g, "pass; place 0 2 0; floor 0 1");
	/* (1,0) by (0,0); (2,1) only by the empty (1,1) in two steps */
	scn_expect_moves(g, CITY_DECISION_CAPTURE, 1, "capture 1 0 1, pass");
	SCN_REFUSED(g, city_capture(g, 2, 1, 'm'), CITY_EILLEGAL,
	            "T-CAP-1: the follower is out of the tower's range");
	city_game_free(g);
}
END_TEST

/* T-CAP-2 / T-OPT-1 (default yes): P0 raises the tower to 2 and takes
 * their own monk: back to supply at once, no prisoner, and the turn is
 * over (it cannot be placed again this turn). */
START_TEST(test_T_CAP_2_own_follower_back_to_supply)
{
	city_game *g = row_board(NULL);
	city_event e;
	int n;
	scn_play(g, "floor 0 1");
	scn_expect_moves(g, CITY_DECISION_CAPTURE, 0, "capture 2 1 m, pass");
	ck_assert_int_eq(scn_supply(g, 0), 5);
	scn_play(g, "capture 2 1 m");
	ck_assert_int_eq(scn_supply(g, 0), 6);
	ck_assert_int_eq(scn_on_board(g, 0), 1);
	ck_assert_int_eq(city_game_prisoners(g, 0, 0), 0);
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 0);
	scn_expect_conservation(g);
	n = city_game_event_count(g);
	ck_assert_int_eq(city_game_event(g, (size_t)n - 1, &e), CITY_OK);
	ck_assert_int_eq(e.kind, CITY_EVENT_CAPTURE);
	ck_assert_int_eq(e.player, 0);
	ck_assert_uint_eq(e.reserved1, 1);
	ck_assert_int_eq(scn_count_events(g, CITY_EVENT_EXCHANGE, -2), 0);
	/* the turn is over: P1 draws, P0's follower waits for a later turn */
	scn_expect(g, CITY_DECISION_TILE, 1);
	SCN_REFUSED(g, city_place_follower(g, 'm'), CITY_EDECISION,
	            "C-TURN-1: the game waits for a tile placement, not a "
	            "follower");
	city_game_free(g);
}
END_TEST

START_TEST(test_T_OPT_1_no_capture_of_own_followers)
{
	static const char *const rules[] = {"capture_own=no", NULL};
	city_game *g = row_board(rules);
	scn_play(g, "floor 0 1");
	/* only P0's own monk is in range: the capture is skipped */
	scn_expect_tower(g, 0, 1, 2, -1);
	scn_expect(g, CITY_DECISION_TILE, 1);
	ck_assert_int_eq(scn_on_board(g, 0), 2);
	city_game_free(g);
}
END_TEST

/* Range over another tower along the row: the tower (1,1) stands between
 * the raised tower (0,1) and the monk (2,1). */
START_TEST(test_T_CAP_1_range_along_the_row_over_another_tower)
{
	static const int order[] = {SCN_TW_ROAD, SCN_TW_ROAD, SCN_TW_MON,
	                            SCN_TW_TOWER, SCN_TW_TOWER, SCN_TW_BLANK,
	                            SCN_TW_BLANK, SCN_TW_BLANK};
	city_game *g =
	        scn_tower_game(SCN_TW_ROAD, order, N_OF(order), 2, 1, NULL);
	scn_play(g, "place 1 0 0; follower 1; place 2 0 0");
	scn_play(g, "place 2 1 0; follower m");
	scn_play(g, "place 0 1 0; floor 0 1");
	scn_play(g, "place 1 1 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 0,
	                "floor 0 1, floor 1 1, top 0 1, pass");
	scn_play(g, "pass; place 0 2 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 1,
	                "floor 0 1, floor 1 1, top 0 1, pass");
	scn_play(g, "floor 0 1");
	scn_expect_moves(g, CITY_DECISION_CAPTURE, 1, "capture 2 1 m, pass");
	scn_play(g, "capture 2 1 m");
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 1);
	city_game_free(g);
}
END_TEST

/* The column board: the start tile is a road with a foundation (a tower
 * at (0,0), height 0); P0's knight on the city cap (0,-1); P1's tower
 * (0,1) raised to 2 reaches it over the tower (0,0). */
static const int col_order[] = {SCN_TW_CAP, SCN_TW_TOWER, SCN_TW_BLANK,
                                SCN_TW_BLANK, SCN_TW_BLANK, SCN_TW_BLANK};

static city_game *column_board(const char *const *rules)
{
	city_game *g = scn_tower_game(SCN_TW_RTOWER, col_order, N_OF(col_order),
	                              2, 1, rules);
	scn_expect_tower(g, 0, 0, 0, -1);
	scn_play(g, "place 0 -1 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 0,
	                "follower a, floor 0 0, pass");
	scn_play(g, "follower a; place 0 1 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 1,
	                "floor 0 0, floor 0 1, pass");
	scn_play(g, "floor 0 1; place 1 1 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 0,
	                "floor 0 0, floor 0 1, top 0 1, pass");
	scn_play(g, "pass; place -1 1 0; floor 0 1");
	return g;
}

START_TEST(test_T_CAP_1_range_along_the_column_over_another_tower)
{
	city_game *g = column_board(NULL);
	scn_expect_moves(g, CITY_DECISION_CAPTURE, 1, "capture 0 -1 a, pass");
	scn_play(g, "capture 0 -1 a");
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 1);
	ck_assert_int_eq(city_feature_followers(g, 0, -1, 'a', 0), 0);
	scn_expect_tower(g, 0, 0, 0, -1);
	scn_expect_tower(g, 0, 1, 2, -1);
	city_game_free(g);
}
END_TEST

START_TEST(test_T_OPT_5_short_range_is_height_minus_one)
{
	static const char *const rules[] = {"tower_range=short", NULL};
	city_game *g = column_board(rules);
	/* h = 2, r = 1: (0,0) holds nobody, (0,-1) is out of range */
	scn_expect(g, CITY_DECISION_TILE, 0);
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 0);
	ck_assert_int_eq(city_feature_followers(g, 0, -1, 'a', 0), 1);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * T-CAP-2 / T-OPT-2: the follower on top of a tower
 * ---------------------------------------------------------------------- */

/* P0 tops the tower (0,1); P1 raises (1,1) to 2: (0,1) is in range. */
static city_game *top_board(const char *const *rules)
{
	city_game *g = scn_tower_game(SCN_TW_ROAD, two_towers, N_OF(two_towers),
	                              2, 1, rules);
	scn_play(g, "place 0 1 0; floor 0 1; place 1 1 0; floor 1 1");
	scn_play(g, "place -1 1 0; top 0 1; place 2 1 0; floor 1 1");
	return g;
}

START_TEST(test_T_CAP_2_capture_from_the_top_of_a_tower)
{
	city_game *g = top_board(NULL);
	scn_expect_moves(g, CITY_DECISION_CAPTURE, 1, "capture 0 1 t, pass");
	scn_play(g, "capture 0 1 t");
	/* T-CAP-3: the tower is open again, its floor stays */
	scn_expect_tower(g, 0, 1, 1, -1);
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 1);
	ck_assert_int_eq(city_game_follower_count(g), 0);
	scn_expect_conservation(g);
	/* P0 (0 points, no ransom) may close it again */
	scn_play(g, "place 1 0 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 0,
	                "follower 1, floor 0 1, floor 1 1, top 0 1, top 1 1, "
	                "pass");
	city_game_free(g);
}
END_TEST

START_TEST(test_T_OPT_2_tops_cannot_be_captured)
{
	static const char *const rules[] = {"capture_top=no", NULL};
	city_game *g = top_board(rules);
	/* the only follower in range is on top: the capture is skipped */
	scn_expect_tower(g, 1, 1, 2, -1);
	scn_expect_tower(g, 0, 1, 1, 0);
	scn_expect(g, CITY_DECISION_TILE, 0);
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 0);
	city_game_free(g);
}
END_TEST

/* T-OPT-2 with another follower in range too: the top is not listed and
 * its capture is refused naming the option. */
START_TEST(test_T_OPT_2_top_refused_by_name)
{
	static const char *const rules[] = {"capture_top=no", NULL};
	static const int order[] = {SCN_TW_TOWER, SCN_TW_TOWER, SCN_TW_BLANK,
	                            SCN_TW_MON, SCN_TW_BLANK, SCN_TW_BLANK};
	city_game *g =
	        scn_tower_game(SCN_TW_ROAD, order, N_OF(order), 2, 1, rules);
	scn_play(g, "place 0 1 0; floor 0 1; place 1 1 0; floor 1 1");
	scn_play(g, "place -1 1 0; top 0 1; place 2 1 0; follower m");
	/* P0: a floor on (1,1): height 2 reaches (0,1) (top) and (2,1) */
	scn_play(g, "place 3 1 0; floor 1 1");
	scn_expect_moves(g, CITY_DECISION_CAPTURE, 0, "capture 2 1 m, pass");
	SCN_REFUSED(g, city_capture(g, 0, 1, 't'), CITY_EILLEGAL,
	            "T-OPT-2: followers on top of towers cannot be taken "
	            "(capture_top=no)");
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * T-CAP-1b, T-CAP-4
 * ---------------------------------------------------------------------- */

/* P0's knight on the cap (0,-1); P1's tower cap (0,-2) turned 2 closes
 * the city (2 tiles, 4 points) and takes a floor on the tile just placed:
 * the knight taken does not score the city it would have won. */
START_TEST(test_T_CAP_1b_capture_before_scoring)
{
	static const int order[] = {SCN_TW_CAP, SCN_TW_CAPTOW, SCN_TW_BLANK};
	city_game *g =
	        scn_tower_game(SCN_TW_ROAD, order, N_OF(order), 2, 1, NULL);
	city_game *c = NULL;
	scn_play(g, "place 0 -1 0; follower a; place 0 -2 2");
	/* the city is P0's: no part for P1, the foundation just placed */
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 1, "floor 0 -2, pass");
	scn_play(g, "floor 0 -2");
	scn_expect_moves(g, CITY_DECISION_CAPTURE, 1, "capture 0 -1 a, pass");
	ck_assert_int_eq(city_game_clone(&c, g), CITY_OK);
	/* taken: the city completes with nobody on it */
	scn_play(g, "capture 0 -1 a");
	ck_assert_int_eq(city_feature_complete(g, 0, -1, 'a'), 1);
	scn_expect_scores(g, 2, ((const int[]){0, 0}));
	ck_assert_int_eq(scn_count_events(g, CITY_EVENT_SCORE, -2), 0);
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 1);
	/* passed: the knight scores it and goes home */
	scn_play(c, "pass");
	scn_expect_scores(c, 2, ((const int[]){4, 0}));
	ck_assert_int_eq(city_game_score_detail(c, 0, CITY_CAT_CITIES), 4);
	ck_assert_int_eq(scn_supply(c, 0), 7);
	city_game_free(c);
	city_game_free(g);
}
END_TEST

/* P1's monk (0,-1) is taken by P0's tower (-1,-1); then P1's tower (1,1)
 * takes P0's highwayman (1,0): each holds one of the other's, both go
 * home (T-CAP-4). */
START_TEST(test_T_CAP_4_exchange)
{
	static const int order[] = {SCN_TW_ROAD, SCN_TW_MON, SCN_TW_TOWER,
	                            SCN_TW_TOWER, SCN_TW_BLANK, SCN_TW_BLANK};
	city_game *g =
	        scn_tower_game(SCN_TW_ROAD, order, N_OF(order), 2, 1, NULL);
	city_event e;
	int n;
	scn_play(g, "place 1 0 0; follower 1; place 0 -1 0; follower m");
	scn_play(g, "place -1 -1 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 0, "floor -1 -1, pass");
	scn_play(g, "floor -1 -1");
	scn_expect_moves(g, CITY_DECISION_CAPTURE, 0, "capture 0 -1 m, pass");
	scn_play(g, "capture 0 -1 m");
	ck_assert_int_eq(city_game_prisoners(g, 0, 1), 1);
	/* P1 has 0 points: no ransom */
	scn_play(g, "place 1 1 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 1,
	                "floor -1 -1, floor 1 1, top -1 -1, pass");
	scn_play(g, "floor 1 1");
	scn_expect_moves(g, CITY_DECISION_CAPTURE, 1, "capture 1 0 1, pass");
	scn_play(g, "capture 1 0 1");
	ck_assert_int_eq(city_game_prisoners(g, 0, 1), 0);
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 0);
	ck_assert_int_eq(scn_supply(g, 0), 7);
	ck_assert_int_eq(scn_supply(g, 1), 7);
	ck_assert_int_eq(city_game_follower_count(g), 0);
	scn_expect_conservation(g);
	ck_assert_int_eq(scn_count_events(g, CITY_EVENT_CAPTURE, -2), 2);
	ck_assert_int_eq(scn_count_events(g, CITY_EVENT_EXCHANGE, -2), 1);
	n = city_game_event_count(g);
	ck_assert_int_eq(city_game_event(g, (size_t)n - 1, &e), CITY_OK);
	ck_assert_int_eq(e.kind, CITY_EVENT_EXCHANGE);
	ck_assert_int_eq(e.player, 1);
	ck_assert_uint_eq(e.reserved1, 1); /* with P0 */
	ck_assert_int_eq(city_game_event(g, (size_t)n - 2, &e), CITY_OK);
	ck_assert_int_eq(e.kind, CITY_EVENT_CAPTURE);
	ck_assert_int_eq(e.player, 1);
	ck_assert_int_eq(e.x, 1);
	ck_assert_int_eq(e.y, 0);
	ck_assert_int_eq(e.part, '1');
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * T-CAP-5 ransom, T-OPT-3, T-OPT-7, T-CAP-6
 *
 * P0 closes a 2-tile city (4 points); P1's tower (1,1) takes P0's
 * highwayman (1,0) at height 1 and P0's monk (2,1) at height 2.
 * ---------------------------------------------------------------------- */

static const int ransom_order[] = {SCN_TW_CAP, SCN_TW_CAP, SCN_TW_ROAD,
                                   SCN_TW_TOWER, SCN_TW_MON, SCN_TW_BLANK,
                                   SCN_TW_BLANK, SCN_TW_BLANK, SCN_TW_BLANK,
                                   SCN_TW_BLANK};

/* Up to P0's first ransom decision (P1 holds one of P0's followers). */
static city_game *ransom_board(const char *const *rules)
{
	city_game *g = scn_tower_game(SCN_TW_ROAD, ransom_order,
	                              N_OF(ransom_order), 2, 1, rules);
	scn_play(g, "place 0 -1 0; follower a; place 0 -2 2");
	scn_expect_scores(g, 2, ((const int[]){4, 0}));
	scn_play(g, "place 1 0 0; follower 1; place 1 1 0; floor 1 1");
	scn_expect_moves(g, CITY_DECISION_CAPTURE, 1, "capture 1 0 1, pass");
	scn_play(g, "capture 1 0 1");
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 1);
	return g;
}

/* ... on to P0's second ransom decision: P1 holds two. */
static city_game *ransom_board2(const char *const *rules)
{
	city_game *g = ransom_board(rules);
	scn_expect_moves(g, CITY_DECISION_RANSOM, 0, "ransom 1, pass");
	scn_play(g, "pass; place 2 1 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 0,
	                "follower m, floor 1 1, top 1 1, pass");
	scn_play(g, "follower m; place 0 1 0; floor 1 1");
	scn_expect_moves(g, CITY_DECISION_CAPTURE, 1, "capture 2 1 m, pass");
	scn_play(g, "capture 2 1 m");
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 2);
	ck_assert_int_eq(scn_supply(g, 0), 5);
	return g;
}

/* C-TURN-1: at P0's draw a ransom is refused, whatever is held. */
static void refuse_ransom_at_draw(city_game *g)
{
	SCN_REFUSED(g, city_pay_ransom(g, 1), CITY_EDECISION,
	            "C-TURN-1: the game waits for a tile placement, not a "
	            "ransom");
}

START_TEST(test_T_CAP_5_ransom_three_points_once_per_turn)
{
	city_game *g = ransom_board2(NULL);
	int design = 0;
	scn_expect_moves(g, CITY_DECISION_RANSOM, 0, "ransom 1, pass");
	/* before the draw: no current tile */
	ck_assert_int_ne(city_game_current_tile(g, &design, NULL), CITY_OK);
	SCN_REFUSED(g, city_pay_ransom(g, 0), CITY_EILLEGAL,
	            "T-CAP-5: player 0 holds no follower of player 0 to "
	            "ransom");
	/* a 2-player game: seat 2 is no seat, a bad argument */
	SCN_REFUSED(g, city_pay_ransom(g, 2), CITY_EINVAL,
	            "T-CAP-5: seat 2 is not 0..1");
	SCN_REFUSED(g, city_pay_ransom(g, -1), CITY_EINVAL,
	            "T-CAP-5: seat -1 is not 0..1");
	SCN_REFUSED(g, city_place_tile(g, 0, 2, 0), CITY_EDECISION,
	            "C-TURN-1: the game waits for a ransom, not a tile "
	            "placement");
	ck_assert_int_eq(city_pay_ransom(g, 1), CITY_OK);
	scn_expect_scores(g, 2, ((const int[]){1, 3}));
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_RANSOM), -3);
	ck_assert_int_eq(city_game_score_detail(g, 1, CITY_CAT_RANSOM), 3);
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 1);
	ck_assert_int_eq(scn_supply(g, 0), 6);
	ck_assert_int_eq(scn_event_points(g, 1, CITY_REASON_RANSOM), 3);
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_RANSOM), -3);
	scn_expect_conservation(g);
	/* once per turn: P1 still holds one, but P0 now draws */
	scn_expect(g, CITY_DECISION_TILE, 0);
	refuse_ransom_at_draw(g);
	/* the follower bought back may be placed this turn: none here
	 * (a blank), but the supply is 6 */
	city_game_free(g);
}
END_TEST

/* T-OPT-3 (default yes): with 1 point P0 may not pay the second ransom. */
START_TEST(test_T_OPT_3_no_ransom_below_three_points)
{
	city_game *g = ransom_board2(NULL);
	scn_play(g, "ransom 1; place -1 1 0; pass; place 0 2 0; pass");
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 1);
	ck_assert_int_eq(city_game_score(g, 0), 1);
	scn_expect(g, CITY_DECISION_TILE, 0);
	city_game_free(g);
}
END_TEST

/* T-OPT-3 no: the second ransom takes P0 below zero (T-CAP-6). */
START_TEST(test_T_OPT_3_ransom_below_three_points_goes_negative)
{
	static const char *const rules[] = {"ransom_min=no", NULL};
	city_game *g = ransom_board2(rules);
	scn_play(g, "ransom 1; place -1 1 0; pass; place 0 2 0; pass");
	scn_expect_moves(g, CITY_DECISION_RANSOM, 0, "ransom 1, pass");
	scn_play(g, "ransom 1");
	scn_expect_scores(g, 2, ((const int[]){-2, 6}));
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 0);
	/* nobody holds anything now: the next turn starts with the draw */
	scn_play(g, "place -1 2 0; pass; place 0 3 0; pass");
	scn_expect(g, CITY_DECISION_END, -1);
	scn_expect_final_scores(g, 2, ((const int[]){-2, 6}));
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_RANSOM), -6);
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_CITIES), 4);
	{
		/* the _get calls keep a negative score apart from a status */
		int v = 0;
		ck_assert_int_eq(city_game_score_get(g, 0, &v), CITY_OK);
		ck_assert_int_eq(v, -2);
		ck_assert_int_eq(city_game_score_detail_get(g, 0, CITY_CAT_RANSOM,
		                                            &v),
		                 CITY_OK);
		ck_assert_int_eq(v, -6);
		ck_assert_int_eq(city_game_score_detail_get(g, 2, CITY_CAT_RANSOM,
		                                            &v),
		                 CITY_EINVAL);
		ck_assert_int_eq(v, -6);
	}
	city_game_free(g);
}
END_TEST

START_TEST(test_T_OPT_7_ransom_disabled)
{
	static const char *const rules[] = {"ransom=no", NULL};
	city_game *g = ransom_board(rules);
	/* 4 points and a prisoner held, but no ransom decision */
	scn_expect(g, CITY_DECISION_TILE, 0);
	refuse_ransom_at_draw(g);
	city_game_free(g);
}
END_TEST

/* T-CAP-6: prisoners still held at the end score nothing. */
START_TEST(test_T_CAP_6_prisoners_at_the_end_score_nothing)
{
	city_game *g = ransom_board2(NULL);
	int p;
	scn_play(g, "pass; place -1 1 0; pass; place 0 2 0; pass");
	scn_play(g, "pass; place -1 2 0; pass; place 0 3 0; pass");
	scn_expect(g, CITY_DECISION_END, -1);
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 2);
	ck_assert_int_eq(city_score_final(g), CITY_OK);
	/* P0: the city only; P1: nothing (floors score nothing) */
	scn_expect_scores(g, 2, ((const int[]){4, 0}));
	for (p = 0; p < 2; p++)
		ck_assert_int_eq(city_game_score_detail(g, p, CITY_CAT_RANSOM),
		                 0);
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 2);
	ck_assert_int_eq(scn_supply(g, 0), 5);
	scn_expect_conservation(g);
	city_game_free(g);
}
END_TEST

/* T-OPT-5 short: a one-floor tower reaches only its own tile, where
 * P0's highwayman stands on the road of the tower tile (1,0). */
START_TEST(test_T_OPT_5_one_floor_reaches_its_own_tile)
{
	static const char *const rules[] = {"tower_range=short", NULL};
	static const int order[] = {SCN_TW_RTOWER, SCN_TW_BLANK, SCN_TW_BLANK};
	city_game *g =
	        scn_tower_game(SCN_TW_ROAD, order, N_OF(order), 2, 1, rules);
	scn_play(g, "place 1 0 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 0,
	                "follower 1, floor 1 0, pass");
	scn_play(g, "follower 1; place 1 1 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 1, "floor 1 0, pass");
	scn_play(g, "floor 1 0");
	scn_expect_moves(g, CITY_DECISION_CAPTURE, 1, "capture 1 0 1, pass");
	scn_play(g, "capture 1 0 1");
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 1);
	city_game_free(g);
}
END_TEST

/* T-CAP-2: farmers are taken like the others (C-OPT-1 farmers=yes). */
START_TEST(test_T_CAP_2_capture_a_farmer)
{
	static const char *const rules[] = {"farmers=yes", NULL};
	static const int order[] = {SCN_TW_TOWER, SCN_TW_TOWER, SCN_TW_BLANK};
	city_game *g =
	        scn_tower_game(SCN_TW_ROAD, order, N_OF(order), 2, 1, rules);
	int role = -1;
	scn_play(g, "place 0 1 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 0,
	                "follower a, floor 0 1, pass");
	scn_play(g, "follower a");
	ck_assert_int_eq(city_game_follower(g, 0, NULL, &role, NULL, NULL,
	                                    NULL),
	                 CITY_OK);
	ck_assert_int_eq(role, CITY_ROLE_FARMER);
	/* P1: the field of (1,1) is P0's farmer's: no part */
	scn_play(g, "place 1 1 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 1,
	                "floor 0 1, floor 1 1, pass");
	scn_play(g, "floor 1 1");
	scn_expect_moves(g, CITY_DECISION_CAPTURE, 1, "capture 0 1 a, pass");
	scn_play(g, "capture 0 1 a");
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 1);
	ck_assert_int_eq(city_feature_followers(g, 1, 1, 'a', 0), 0);
	city_game_free(g);
}
END_TEST

/* T-ACT-2, C-END-4: a follower on top stays to the end, scores nothing
 * and goes home at final scoring (a RETURN event with part 't'). */
START_TEST(test_T_ACT_2_top_scores_nothing_at_the_end)
{
	city_game *g = scn_tower_game(SCN_TW_ROAD, two_towers, N_OF(two_towers),
	                              2, 1, NULL);
	city_event e;
	int n;
	scn_play(g, "place 0 1 0; floor 0 1; place 1 1 0; top 0 1");
	scn_play(g, "place -1 1 0; pass; place 2 1 0; pass");
	scn_play(g, "place 1 0 0; pass; place 3 1 0; pass; place 0 2 0; pass");
	scn_expect(g, CITY_DECISION_END, -1);
	scn_expect_tower(g, 0, 1, 1, 1);
	scn_expect_final_scores(g, 2, ((const int[]){0, 0}));
	ck_assert_int_eq(scn_supply(g, 1), 7);
	n = city_game_event_count(g);
	ck_assert_int_eq(city_game_event(g, (size_t)n - 1, &e), CITY_OK);
	ck_assert_int_eq(e.kind, CITY_EVENT_RETURN);
	ck_assert_int_eq(e.player, 1);
	ck_assert_int_eq(e.x, 0);
	ck_assert_int_eq(e.y, 1);
	ck_assert_int_eq(e.part, 't');
	ck_assert_int_eq(scn_count_events(g, CITY_EVENT_SCORE, -2), 0);
	city_game_free(g);
}
END_TEST

/* T-OPT-3 (default yes): exactly 3 points is enough. P0's highwayman
 * scores the 3-tile road (-1,0)..(1,0) closed by two dead ends; P1's
 * tower (-1,-1) takes P0's monk (0,-1). */
START_TEST(test_T_OPT_3_ransom_with_exactly_three_points)
{
	static const int order[] = {SCN_TW_DEAD, SCN_TW_DEAD, SCN_TW_MON,
	                            SCN_TW_TOWER, SCN_TW_BLANK, SCN_TW_BLANK};
	city_game *g =
	        scn_tower_game(SCN_TW_ROAD, order, N_OF(order), 2, 1, NULL);
	scn_play(g, "place -1 0 0; follower 1; place 1 0 2");
	scn_expect_scores(g, 2, ((const int[]){3, 0}));
	scn_play(g, "place 0 -1 0; follower m; place -1 -1 0; floor -1 -1");
	scn_expect_moves(g, CITY_DECISION_CAPTURE, 1, "capture 0 -1 m, pass");
	scn_play(g, "capture 0 -1 m");
	scn_expect_moves(g, CITY_DECISION_RANSOM, 0, "ransom 1, pass");
	scn_play(g, "ransom 1");
	scn_expect_scores(g, 2, ((const int[]){0, 3}));
	ck_assert_int_eq(scn_supply(g, 0), 7);
	scn_expect(g, CITY_DECISION_TILE, 0);
	city_game_free(g);
}
END_TEST

/* T-CAP-5: the follower bought back may be placed in the same turn. P0
 * has all seven followers out (monks north of the start), P1's tower
 * (1,-1) takes the monk (0,-1); with ransom_min=no P0 (0 points) buys it
 * back and puts it on the road drawn next. */
START_TEST(test_T_CAP_5_bought_back_follower_placed_the_same_turn)
{
	static const char *const rules[] = {"ransom_min=no", NULL};
	int order[16];
	city_game *g;
	int k;
	for (k = 0; k < 6; k++) {
		order[2 * k] = SCN_TW_MON;
		order[2 * k + 1] = SCN_TW_BLANK;
	}
	order[12] = SCN_TW_MON;
	order[13] = SCN_TW_TOWER;
	order[14] = SCN_TW_ROAD;
	order[15] = SCN_TW_BLANK;
	g = scn_tower_game(SCN_TW_ROAD, order, N_OF(order), 2, 1, rules);
	for (k = 1; k <= 7; k++) {
		scn_play(g, "place 0 %d 0; follower m", -k);
		if (k < 7) {
			scn_play(g, "place 0 %d 0", k);
		}
	}
	ck_assert_int_eq(scn_supply(g, 0), 0);
	scn_play(g, "place 1 -1 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 1, "floor 1 -1, pass");
	scn_play(g, "floor 1 -1");
	scn_expect_moves(g, CITY_DECISION_CAPTURE, 1, "capture 0 -1 m, pass");
	scn_play(g, "capture 0 -1 m");
	scn_expect_moves(g, CITY_DECISION_RANSOM, 0, "ransom 1, pass");
	scn_play(g, "ransom 1");
	scn_expect_scores(g, 2, ((const int[]){-3, 3}));
	ck_assert_int_eq(scn_supply(g, 0), 1);
	scn_play(g, "place 1 0 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 0,
	                "follower 1, floor 1 -1, top 1 -1, pass");
	scn_play(g, "follower 1");
	ck_assert_int_eq(scn_supply(g, 0), 0);
	ck_assert_int_eq(scn_on_board(g, 0), 7);
	scn_expect_conservation(g);
	city_game_free(g);
}
END_TEST

/* T-CAP-4: only the capturer and the captured follower's owner can
 * qualify. 3 players: P0 holds P1's monk; P2 takes P0's highwayman: P0
 * holds none of P2's, so nobody goes home. */
START_TEST(test_T_CAP_4_no_exchange_with_a_third_player)
{
	static const int order[] = {SCN_TW_ROAD, SCN_TW_MON, SCN_TW_BLANK,
	                            SCN_TW_TOWER, SCN_TW_BLANK, SCN_TW_TOWER,
	                            SCN_TW_BLANK};
	city_game *g =
	        scn_tower_game(SCN_TW_ROAD, order, N_OF(order), 3, 1, NULL);
	scn_play(g, "place 1 0 0; follower 1; place 0 -1 0; follower m");
	scn_play(g, "place 0 1 0"); /* P2: no tower yet, skipped */
	scn_play(g, "place -1 -1 0; floor -1 -1; capture 0 -1 m");
	scn_play(g, "place -1 1 0; pass; place 1 1 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 2,
	                "floor -1 -1, floor 1 1, top -1 -1, pass");
	scn_play(g, "floor 1 1");
	scn_expect_moves(g, CITY_DECISION_CAPTURE, 2, "capture 1 0 1, pass");
	scn_play(g, "capture 1 0 1");
	ck_assert_int_eq(city_game_prisoners(g, 0, 1), 1);
	ck_assert_int_eq(city_game_prisoners(g, 2, 0), 1);
	ck_assert_int_eq(scn_count_events(g, CITY_EVENT_EXCHANGE, -2), 0);
	ck_assert_int_eq(scn_supply(g, 0), 6);
	ck_assert_int_eq(scn_supply(g, 1), 6);
	scn_expect_conservation(g);
	city_game_free(g);
}
END_TEST

/* T-CAP-2: each capturable follower is one move: a highwayman on the road
 * of the tower tile (1,0) and the follower on top of that tower are two. */
START_TEST(test_T_CAP_2_part_and_top_of_one_tile_are_two_moves)
{
	static const int order[] = {SCN_TW_RTOWER, SCN_TW_BLANK, SCN_TW_TOWER,
	                            SCN_TW_BLANK, SCN_TW_BLANK};
	city_game *g =
	        scn_tower_game(SCN_TW_ROAD, order, N_OF(order), 2, 1, NULL);
	scn_play(g, "place 1 0 0; follower 1; place 1 1 0; floor 1 0");
	/* height 1 reaches the tower's own tile */
	scn_expect_moves(g, CITY_DECISION_CAPTURE, 1, "capture 1 0 1, pass");
	scn_play(g, "pass; place 1 -1 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 0,
	                "floor 1 0, floor 1 -1, top 1 0, pass");
	scn_play(g, "top 1 0; place 1 2 0");
	scn_expect_moves(g, CITY_DECISION_FOLLOWER, 1, "floor 1 -1, pass");
	scn_play(g, "floor 1 -1");
	scn_expect_moves(g, CITY_DECISION_CAPTURE, 1,
	                "capture 1 0 1, capture 1 0 t, pass");
	scn_play(g, "capture 1 0 t");
	scn_expect_tower(g, 1, 0, 1, -1);
	ck_assert_int_eq(city_feature_followers(g, 1, 0, '1', 0), 1);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* A road under a tower: the first opening of the Tower tests             */

/* Straight road west-east (the start design here). */
#define T_ROAD "a-a a1b b-b b1a a=F b=F"
/* All field with a tower foundation. */
#define T_TOWER "a-a a-a a-a a-a a=F tow"
/* All field. */
#define T_BLANK "a-a a-a a-a a-a a=F"

/* The road opening (the tests below it): P0 puts a highwayman on the road at (1,0); P1
 * places the tower tile at (1,1) below it and takes the floor decision. */
static city_game *road_opening(const char *const *rules)
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
	city_game *g = road_opening(NULL);
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
	city_game *g = road_opening(rules);
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
	city_game *g = road_opening(rules);
	ck_assert_int_eq(city_place_floor(g, 1, 1), CITY_OK);
	ck_assert_int_eq(city_capture(g, 1, 0, '1'), CITY_OK);
	scn_expect(g, CITY_DECISION_TILE, 0);
	city_game_free(g);
}
END_TEST

START_TEST(test_T_OPT_5_short_range_reaches_only_its_own_tile)
{
	static const char *const rules[] = {"tower_range=short", NULL};
	city_game *g = road_opening(rules);
	/* r = h - 1 = 0: (1,0) is out of range, the capture is skipped */
	ck_assert_int_eq(city_place_floor(g, 1, 1), CITY_OK);
	scn_expect(g, CITY_DECISION_TILE, 0);
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 0);
	city_game_free(g);
}
END_TEST

START_TEST(test_T_ACT_2_top_closes_the_tower)
{
	city_game *g = road_opening(NULL);
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

static Suite *tower_rules_suite(void)
{
	Suite *s = suite_create("tower_rules");
	TCase *t = tcase_create("tower");
	tcase_add_test(t, test_T_SET_1_floors_per_player_by_player_count);
	tcase_add_test(t, test_T_SET_3_foundation_inert_without_the_expansion);
	tcase_add_test(t, test_T_SET_3_expansion_without_foundations);
	tcase_add_test(
	    t, test_T_ACT_1_floor_on_the_tile_just_placed_and_on_an_old_tower);
	tcase_add_test(t, test_T_ACT_2_bare_foundation_refuses_top);
	tcase_add_test(t, test_T_ACT_2_closed_tower_refuses_a_floor);
	tcase_add_test(t, test_T_ACT_3_no_floor_in_supply);
	tcase_add_test(t, test_T_ACT_3_no_follower_in_supply);
	tcase_add_test(t, test_T_CAP_1_range_along_the_row_over_a_gap);
	tcase_add_test(t, test_T_CAP_1_range_along_the_row_over_another_tower);
	tcase_add_test(t,
	               test_T_CAP_1_range_along_the_column_over_another_tower);
	tcase_add_test(t, test_T_CAP_1b_capture_before_scoring);
	tcase_add_test(t, test_T_CAP_2_own_follower_back_to_supply);
	tcase_add_test(t, test_T_CAP_2_capture_from_the_top_of_a_tower);
	tcase_add_test(t, test_T_CAP_4_exchange);
	tcase_add_test(t, test_T_CAP_5_ransom_three_points_once_per_turn);
	tcase_add_test(t, test_T_CAP_6_prisoners_at_the_end_score_nothing);
	tcase_add_test(t, test_T_OPT_1_no_capture_of_own_followers);
	tcase_add_test(t, test_T_OPT_2_tops_cannot_be_captured);
	tcase_add_test(t, test_T_OPT_2_top_refused_by_name);
	tcase_add_test(t, test_T_OPT_3_no_ransom_below_three_points);
	tcase_add_test(t, test_T_OPT_3_ransom_below_three_points_goes_negative);
	tcase_add_test(t, test_T_OPT_4_range_stops_at_the_first_gap);
	tcase_add_test(t, test_T_OPT_5_short_range_is_height_minus_one);
	tcase_add_test(t, test_T_OPT_6_range_by_manhattan_distance);
	tcase_add_test(t,
	               test_T_OPT_6_with_gaps_no_paths_through_placed_cells_only);
	tcase_add_test(t, test_T_OPT_7_ransom_disabled);
	tcase_add_test(t, test_T_OPT_5_one_floor_reaches_its_own_tile);
	tcase_add_test(t, test_T_CAP_2_capture_a_farmer);
	tcase_add_test(t, test_T_ACT_2_top_scores_nothing_at_the_end);
	tcase_add_test(t, test_T_OPT_3_ransom_with_exactly_three_points);
	tcase_add_test(t,
	               test_T_CAP_5_bought_back_follower_placed_the_same_turn);
	tcase_add_test(t, test_T_CAP_4_no_exchange_with_a_third_player);
	tcase_add_test(t, test_T_CAP_2_part_and_top_of_one_tile_are_two_moves);
	tcase_add_test(t, test_T_SET_1_floors_per_player_count);
	tcase_add_test(t, test_T_ACT_1_floor_on_the_tile_just_placed_T_CAP_3_prisoner);
	tcase_add_test(t, test_T_CAP_5_ransom_without_minimum_goes_below_zero);
	tcase_add_test(t, test_T_OPT_7_no_ransom);
	tcase_add_test(t, test_T_OPT_5_short_range_reaches_only_its_own_tile);
	tcase_add_test(t, test_T_ACT_2_top_closes_the_tower);
	suite_add_tcase(s, t);
	return s;
}

TEST_MAIN(tower_rules_suite)
