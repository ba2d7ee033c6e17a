/*
 * Rule tests, part 2: features, completion, followers and scoring
 * (R-GEO-5..7, R-DONE, R-FOL, R-SCORE, R-END-2..6, R-TURN-1).
 *
 * Every position is hand-made with an inline tile set and an explicit draw
 * order, every game keeps all its tiles in stack 1 (no wall round), and
 * every expected number is computed by hand from rules.md. Boards are drawn
 * in comments: x grows east, y grows SOUTH. Tile names refer to the designs
 * of tests/scenario.h (BLANK, DEAD, STRAIGHT, CURVE, TWIN, MKT_F/G/L,
 * BAND_G, TRI_F, INNER); a design rotated by r has its design side d on
 * board side (d + r) % 4.
 *
 * Final scoring reminder: with no gate, R-END-2 closes the WHOLE contour
 * with notional walls, so streets and markets open towards the exterior
 * become complete at the end and score; sides facing holes stay open.
 */
#include <check.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "common.h"
#include "scenario.h"


/* ------------------------------------------------------------------------
 * Streets: R-SCORE-1, R-DONE-1, R-GEO-6
 * ---------------------------------------------------------------------- */

START_TEST(test_R_SCORE_1_street_three_tiles_single)
{
	/*   D=I=D      (0,0) DEAD r0, (1,0) STRAIGHT r0, (2,0) DEAD r2
	 * P0's citizen on the first DEAD; the third tile closes the street:
	 * 3 tiles x 1 = 3 for P0, in P0's closing turn. */
	static const int order[] = {2, 3, 2};
	city_game *g = scn_game("tileset t\n2 2 " SCN_DEAD "\n3 1 " SCN_STRAIGHT
	                        "\n",
	                        2, order, N_OF(order));
	scn_snapshot s;

	scn_play(g, "place 0 0 0");
	scn_expect_followers(g, "a1P");
	scn_play(g, "follower 1");
	ck_assert_int_eq(scn_supply(g, 0), 6);

	scn_play(g, "place 1 0 0");
	/* the street is P0's (R-FOL-2); both sides of the STRAIGHT join the
	 * DEAD's residential area, which is free */
	scn_expect_followers(g, "abP");
	scn_snap(g, &s);
	scn_refused(g, &s, city_place_follower(g, '1'), CITY_EILLEGAL,
	            "R-FOL-2: part 1 of tile (1,0) belongs to a feature that "
	            "already holds a follower");
	scn_snap_free(&s);
	scn_play(g, "pass");
	ck_assert_int_eq(city_feature_tiles(g, 1, 0, '1'), 2);
	ck_assert_int_eq(city_feature_complete(g, 1, 0, '1'), 0);
	ck_assert_int_eq(city_feature_followers(g, 1, 0, '1', 0), 1);
	ck_assert_int_eq(city_feature_followers(g, 1, 0, '1', 1), 0);

	scn_play(g, "place 2 0 2");
	ck_assert_int_eq(city_feature_complete(g, 0, 0, '1'), 1);
	ck_assert_int_eq(city_feature_tiles(g, 0, 0, '1'), 3);
	scn_expect_followers(g, "aP"); /* the street was completed (R-FOL-3) */
	scn_play(g, "pass");

	scn_expect_scores(g, 2, ((const int[]){3, 0}));
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_STREETS), 3);
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_STREET), 3);
	ck_assert_int_eq(scn_supply(g, 0), 7); /* R-SCORE-4 */
	scn_expect_conservation(g);

	scn_expect(g, CITY_DECISION_END, -1);
	scn_expect_final_scores(g, 2, ((const int[]){3, 0}));
	scn_expect_winners(g, 1u);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_SCORE_1_street_four_tiles_doubles)
{
	/*   D=I=I=D    4 tiles x 2 = 8 for P0. */
	static const int order[] = {2, 3, 3, 2};
	city_game *g = scn_game("tileset t\n2 2 " SCN_DEAD "\n3 2 " SCN_STRAIGHT
	                        "\n",
	                        2, order, N_OF(order));
	scn_play(g, "place 0 0 0; follower 1");
	scn_play(g, "place 1 0 2"); /* STRAIGHT r2: streets on W and E too */
	scn_play(g, "pass");
	scn_play(g, "place 2 0 0; pass");
	ck_assert_int_eq(city_game_score(g, 0), 0);
	scn_play(g, "place 3 0 2; pass");
	scn_expect_scores(g, 2, ((const int[]){8, 0}));
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_STREETS), 8);
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_STREET), 8);
	ck_assert_int_eq(city_feature_tiles(g, 3, 0, '1'), 4);
	scn_expect_final_scores(g, 2, ((const int[]){8, 0}));
	city_game_free(g);
}
END_TEST

START_TEST(test_R_FOL_3_completed_street_takes_no_follower_R_SCORE_5)
{
	/*   D=D        (0,0) DEAD r0, (1,0) DEAD r2: a 2-tile street completed
	 * by P1's tile with nobody on it: no follower may go on it (R-FOL-3)
	 * and it scores nothing (R-SCORE-5). */
	static const int order[] = {2, 2};
	city_game *g =
	        scn_game("tileset t\n2 2 " SCN_DEAD "\n", 2, order, N_OF(order));
	scn_snapshot s;
	scn_play(g, "place 0 0 0; pass");
	scn_play(g, "place 1 0 2");
	ck_assert_int_eq(city_feature_complete(g, 1, 0, '1'), 1);
	ck_assert_int_eq(city_feature_tiles(g, 1, 0, '1'), 2);
	scn_expect(g, CITY_DECISION_FOLLOWER, 1);
	scn_expect_followers(g, "aP");
	scn_snap(g, &s);
	scn_refused(g, &s, city_place_follower(g, '1'), CITY_EILLEGAL,
	            "R-FOL-3: the street of part 1 of tile (1,0) was "
	            "completed by this placement");
	scn_snap_free(&s);
	scn_play(g, "pass");
	scn_expect_scores(g, 2, ((const int[]){0, 0}));
	ck_assert_int_eq(scn_event_points(g, 0, 0) + scn_event_points(g, 1, 0),
	                 0);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_DONE_1_closed_loop_complete)
{
	/* Four CURVEs around the point (1,1):
	 *      x:   0        1
	 *  y=0   C r1 E-S  C r2 S-W
	 *  y=1   C r0 N-E  C r3 W-N
	 * The street is a closed loop: complete, 4 tiles x 2 = 8 for P0.
	 * Each curve's wedge b lies inside the loop: the four b form one
	 * residential area with no open half; the a parts form the outside. */
	static const int order[] = {4, 4, 4, 4};
	city_game *g =
	        scn_game("tileset t\n4 4 " SCN_CURVE "\n", 2, order, N_OF(order));
	scn_play(g, "place 0 0 1");
	scn_expect_followers(g, "ab1P");
	scn_play(g, "follower 1");
	scn_play(g, "place 1 0 2");
	scn_expect_followers(g, "abP");
	scn_play(g, "pass");
	scn_play(g, "place 1 1 3; pass");
	ck_assert_int_eq(city_feature_complete(g, 0, 0, '1'), 0);
	ck_assert_int_eq(city_feature_tiles(g, 0, 0, '1'), 3);
	scn_play(g, "place 0 1 0");
	ck_assert_int_eq(city_feature_complete(g, 0, 0, '1'), 1);
	ck_assert_int_eq(city_feature_tiles(g, 0, 0, '1'), 4);
	/* rotation keeps the halves' order: the inside wedges meet */
	ck_assert_int_eq(city_feature_same(g, 0, 0, 'b', 1, 0, 'b'), 1);
	ck_assert_int_eq(city_feature_same(g, 0, 0, 'b', 1, 1, 'b'), 1);
	ck_assert_int_eq(city_feature_same(g, 0, 0, 'b', 0, 1, 'b'), 1);
	ck_assert_int_eq(city_feature_same(g, 0, 0, 'a', 1, 1, 'a'), 1);
	ck_assert_int_eq(city_feature_same(g, 0, 0, 'a', 0, 0, 'b'), 0);
	ck_assert_int_eq(city_feature_complete(g, 0, 0, 'b'), 1);
	ck_assert_int_eq(city_feature_complete(g, 0, 0, 'a'), 0);
	ck_assert_int_eq(city_feature_tiles(g, 1, 1, 'b'), 4);
	scn_expect_followers(g, "abP");
	scn_play(g, "follower b"); /* P1's steward inside the loop */
	scn_expect_scores(g, 2, ((const int[]){8, 0}));
	ck_assert_int_eq(scn_supply(g, 0), 7);
	ck_assert_int_eq(scn_supply(g, 1), 6);
	scn_expect_conservation(g);
	/* final: the steward's area borders no market: 0 */
	scn_expect_final_scores(g, 2, ((const int[]){8, 0}));
	ck_assert_int_eq(city_game_score_detail(g, 1, CITY_CAT_STEWARDS), 0);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_GEO_6_street_passing_a_tile_twice_counts_it_once)
{
	/* TWIN at (0,0): segment 1 N-W, segment 2 E-S.
	 *      x:  -1      0        1
	 *  y=-1          C r1 E-S  C r2 S-W
	 *  y=0    D r0   TWIN      C r3 W-N
	 *  y=1           D r3
	 * The street leaves TWIN east (segment 2), turns through (1,0),
	 * (1,-1), (0,-1) and re-enters TWIN north (segment 1); its ends are
	 * closed by the DEADs at (-1,0) and (0,1). 7 parts on 6 distinct
	 * cells: 6 tiles x 2 = 12 (not 14). */
	static const int order[] = {5, 4, 4, 4, 2, 2};
	city_game *g = scn_game("tileset t\n2 2 " SCN_DEAD "\n4 3 " SCN_CURVE
	                        "\n5 1 " SCN_TWIN "\n",
	                        2, order, N_OF(order));
	scn_play(g, "place 0 0 0");
	scn_expect_followers(g, "abc12P");
	scn_play(g, "follower 2");
	scn_play(g, "place 1 0 3");
	scn_expect_followers(g, "abP");
	scn_play(g, "pass");
	scn_play(g, "place 1 -1 2; pass");
	scn_play(g, "place 0 -1 1; pass");
	/* the two segments of TWIN are now one street on 4 cells */
	ck_assert_int_eq(city_feature_same(g, 0, 0, '1', 0, 0, '2'), 1);
	ck_assert_int_eq(city_feature_tiles(g, 0, 0, '1'), 4);
	ck_assert_int_eq(city_feature_complete(g, 0, 0, '1'), 0);
	ck_assert_int_eq(city_feature_followers(g, 0, 0, '1', 0), 1);
	scn_play(g, "place -1 0 0; pass");
	scn_play(g, "place 0 1 3");
	ck_assert_int_eq(city_feature_tiles(g, 0, 0, '2'), 6);
	ck_assert_int_eq(city_feature_complete(g, 0, 0, '2'), 1);
	scn_expect_followers(g, "aP");
	scn_play(g, "pass");
	scn_expect_scores(g, 2, ((const int[]){12, 0}));
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_STREET), 12);
	scn_expect_final_scores(g, 2, ((const int[]){12, 0}));
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * Markets: R-SCORE-2, R-GEO-7, R-DONE-2, R-TURN-1
 * ---------------------------------------------------------------------- */

START_TEST(test_R_GEO_6_market_on_one_tile_twice_counts_it_once)
{
	/* TM (design 15): fish market b on the north side, grain market c on
	 * the south side, residential a east and d west.
	 *      x:   0              1
	 *  y=-1  CORNER_G r0    CORNER_G r1
	 *        (E, S)         (S, W)
	 *  y=0   TM             BAND_G r1 (N-S)
	 *  y=1   CORNER_G r3    CORNER_G r2
	 *        (N, E)         (N, W)
	 * The market leaves TM north (b), goes round the east and re-enters
	 * TM south (c): parts on 7 places but 6 distinct cells. Complete when
	 * the ring closes: 6 tiles x 2 kinds (F, G) = 12 for P0 (not 14). */
	static const int order[] = {15, 12, 12, 10, 12, 12};
	city_game *g = scn_game("tileset t\n10 1 " SCN_BAND_G "\n12 4 " SCN_CORNER_G
	                        "\n15 1 b-b a-a c-c d-d a=R b=F c=G d=R\n",
	                        2, order, N_OF(order));
	scn_play(g, "place 0 0 0");
	scn_expect_followers(g, "abcdP");
	scn_play(g, "follower b");
	scn_play(g, "place 0 -1 0");
	scn_expect_followers(g, "aP");
	scn_play(g, "pass");
	scn_play(g, "place 1 -1 1; pass");
	scn_play(g, "place 1 0 1");
	scn_expect_followers(g, "acP");
	scn_play(g, "pass");
	scn_play(g, "place 1 1 2; pass");
	ck_assert_int_eq(city_feature_same(g, 0, 0, 'b', 0, 0, 'c'), 0);
	ck_assert_int_eq(city_feature_tiles(g, 0, 0, 'b'), 5);
	ck_assert_int_eq(city_feature_complete(g, 0, 0, 'b'), 0);
	scn_play(g, "place 0 1 3");
	ck_assert_int_eq(city_feature_same(g, 0, 0, 'b', 0, 0, 'c'), 1);
	ck_assert_int_eq(city_feature_tiles(g, 0, 0, 'c'), 6);
	ck_assert_int_eq(city_feature_complete(g, 0, 0, 'c'), 1);
	ck_assert_int_eq(city_feature_market_kinds(g, 0, 0, 'c'),
	                 CITY_MARKET_FISH | CITY_MARKET_GRAIN);
	scn_expect_followers(g, "aP");
	scn_play(g, "pass");
	scn_expect_scores(g, 2, ((const int[]){12, 0}));
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_MARKET), 12);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_SCORE_2_two_tiles_two_kinds)
{
	/*   [F|G]      (0,0) MKT_F r1 (market E), (1,0) MKT_G r3 (market W):
	 * one market, 2 tiles x 2 kinds = 4 for P0. The residential areas on
	 * either side only border it (R-GEO-5). */
	static const int order[] = {7, 8};
	city_game *g = scn_game("tileset t\n7 1 " SCN_MKT_F "\n8 1 " SCN_MKT_G
	                        "\n",
	                        2, order, N_OF(order));
	scn_play(g, "place 0 0 1");
	scn_expect_followers(g, "abP");
	scn_play(g, "follower b");
	ck_assert_int_eq(city_feature_kind(g, 0, 0, 'b'), CITY_FEATURE_MARKET);
	ck_assert_int_eq(city_feature_market_kinds(g, 0, 0, 'b'),
	                 CITY_MARKET_FISH);
	scn_play(g, "place 1 0 3");
	ck_assert_int_eq(city_feature_same(g, 0, 0, 'b', 1, 0, 'b'), 1);
	ck_assert_int_eq(city_feature_same(g, 0, 0, 'a', 1, 0, 'a'), 0);
	ck_assert_int_eq(city_feature_market_kinds(g, 1, 0, 'b'),
	                 CITY_MARKET_FISH | CITY_MARKET_GRAIN);
	ck_assert_int_eq(city_feature_complete(g, 1, 0, 'b'), 1);
	scn_expect_followers(g, "aP");
	scn_play(g, "pass");
	scn_expect_scores(g, 2, ((const int[]){4, 0}));
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_MARKETS), 4);
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_MARKET), 4);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_SCORE_2_R_GEO_7_three_kinds_merge)
{
	/*   [F|GGG|L]  (0,0) MKT_F r1 (market E), (1,0) BAND_G r0 (market W-E),
	 *              (2,0) MKT_L r3 (market W).
	 * Mixed kinds merge into one market: 3 tiles x 3 kinds = 9 for P0,
	 * scored in P0's turn that closed it. */
	static const int order[] = {7, 10, 9};
	city_game *g = scn_game("tileset t\n7 1 " SCN_MKT_F "\n9 1 " SCN_MKT_L
	                        "\n10 1 " SCN_BAND_G "\n",
	                        2, order, N_OF(order));
	scn_play(g, "place 0 0 1; follower b");
	scn_play(g, "place 1 0 0");
	scn_expect_followers(g, "acP"); /* b: P0's market (R-FOL-2) */
	ck_assert_int_eq(city_feature_market_kinds(g, 1, 0, 'b'),
	                 CITY_MARKET_FISH | CITY_MARKET_GRAIN);
	ck_assert_int_eq(city_feature_tiles(g, 1, 0, 'b'), 2);
	ck_assert_int_eq(city_feature_complete(g, 1, 0, 'b'), 0);
	scn_play(g, "pass");
	scn_play(g, "place 2 0 3");
	ck_assert_int_eq(city_feature_market_kinds(g, 2, 0, 'b'),
	                 CITY_MARKET_FISH | CITY_MARKET_GRAIN |
	                         CITY_MARKET_LIVESTOCK);
	ck_assert_int_eq(city_feature_tiles(g, 2, 0, 'b'), 3);
	ck_assert_int_eq(city_feature_complete(g, 2, 0, 'b'), 1);
	scn_expect_followers(g, "aP");
	scn_play(g, "pass");
	scn_expect_scores(g, 2, ((const int[]){9, 0}));
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_MARKET), 9);
	scn_expect_final_scores(g, 2, ((const int[]){9, 0}));
	city_game_free(g);
}
END_TEST

START_TEST(test_R_DONE_2_market_closed_by_residential_half_R_TURN_1)
{
	/*   [F|.]      (0,0) MKT_F r1 (market E) with P0's seller;
	 *              (1,0) BLANK placed by P1: residential halves face the
	 * market halves and close them (R-DONE-2): 1 tile x 1 kind = 1 for P0,
	 * scored in P1's turn, after P1's follower decision (R-TURN-1). */
	static const int order[] = {7, 1};
	city_game *g = scn_game("tileset t\n1 1 " SCN_BLANK "\n7 1 " SCN_MKT_F
	                        "\n",
	                        2, order, N_OF(order));
	int i, found = 0;
	scn_play(g, "place 0 0 1; follower b");
	scn_expect(g, CITY_DECISION_TILE, 1);
	scn_expect_legal(g, 16); /* no streets: 4 cells x 4 rotations */
	scn_play(g, "place 1 0 0");
	ck_assert_int_eq(city_feature_complete(g, 0, 0, 'b'), 1);
	/* the BLANK's area only borders the market: free, its own */
	ck_assert_int_eq(city_feature_same(g, 1, 0, 'a', 0, 0, 'a'), 0);
	scn_expect(g, CITY_DECISION_FOLLOWER, 1);
	scn_expect_followers(g, "aP");
	/* not yet scored: scoring follows the follower decision */
	ck_assert_int_eq(city_game_score(g, 0), 0);
	ck_assert_int_eq(scn_supply(g, 0), 6);
	scn_play(g, "pass");
	scn_expect_scores(g, 2, ((const int[]){1, 0}));
	ck_assert_int_eq(scn_supply(g, 0), 7);
	ck_assert_int_eq(city_game_follower_count(g), 0);
	for (i = 0; i < city_game_event_count(g); i++) {
		city_event e;
		ck_assert_int_eq(city_game_event(g, (size_t)i, &e), CITY_OK);
		if (e.kind != CITY_EVENT_SCORE || e.points == 0)
			continue;
		found++;
		ck_assert_int_eq(e.player, 0);
		ck_assert_int_eq(e.points, 1);
		ck_assert_int_eq(e.reason, CITY_REASON_MARKET);
		ck_assert_int_eq(e.x, 0);
		ck_assert_int_eq(e.y, 0);
		ck_assert_int_eq(e.part, 'b');
		/* place, follower, place, pass */
		ck_assert_uint_eq(e.move, 4u);
	}
	ck_assert_int_eq(found, 1);
	scn_expect(g, CITY_DECISION_END, -1);
	scn_expect_final_scores(g, 2, ((const int[]){1, 0}));
	city_game_free(g);
}
END_TEST

START_TEST(test_R_DONE_2_interior_market_complete_on_placement)
{
	/* INNER at (0,0): residential a on every side, market b (fish+grain)
	 * touching no side, adjacent to a (adj=ab). b is complete when placed
	 * (R-DONE-2), so it takes no seller (R-FOL-3) and, empty, scores
	 * nothing. P0's steward on a. P1's BLANK at (1,0) joins that area:
	 * occupied, so P1's follower decision has only `pass` and is skipped;
	 * it was the last tile: the game ends.
	 * Final: the area borders one market (b): 2 points for P0. */
	static const int order[] = {13, 1};
	city_game *g = scn_game("tileset t\n1 1 " SCN_BLANK "\n13 1 " SCN_INNER
	                        "\n",
	                        2, order, N_OF(order));
	scn_snapshot s;
	scn_play(g, "place 0 0 0");
	ck_assert_int_eq(city_feature_kind(g, 0, 0, 'b'), CITY_FEATURE_MARKET);
	ck_assert_int_eq(city_feature_complete(g, 0, 0, 'b'), 1);
	ck_assert_int_eq(city_feature_tiles(g, 0, 0, 'b'), 1);
	ck_assert_int_eq(city_feature_market_kinds(g, 0, 0, 'b'),
	                 CITY_MARKET_FISH | CITY_MARKET_GRAIN);
	scn_expect_followers(g, "aP");
	scn_snap(g, &s);
	scn_refused(g, &s, city_place_follower(g, 'b'), CITY_EILLEGAL,
	            "R-FOL-3: the market of part b of tile (0,0) was "
	            "completed by this placement");
	scn_snap_free(&s);
	scn_play(g, "follower a");
	ck_assert_int_eq(city_game_score(g, 0), 0);
	scn_expect(g, CITY_DECISION_TILE, 1);
	scn_play(g, "place 1 0 0");
	ck_assert_int_eq(city_feature_same(g, 0, 0, 'a', 1, 0, 'a'), 1);
	scn_expect(g, CITY_DECISION_END, -1);
	ck_assert_int_eq(city_game_move_count(g), 3);
	scn_expect_final_scores(g, 2, ((const int[]){2, 0}));
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_STEWARDS), 2);
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_STEWARD), 2);
	/* (whether stewards go back to supply after final scoring is not
	 * specified; not checked) */
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * R-SCORE-3 majority and ties, R-SCORE-4 returns, R-END-6
 * ---------------------------------------------------------------------- */

START_TEST(test_R_SCORE_3_majority_two_sellers_beat_one)
{
	/* Three players.
	 *      x:   0          1            2
	 *  y=0   BLANK     MKT_F r2 (S)   BLANK
	 *  y=1   MKT_G r1  TRI_F r0       MKT_L r3 (W)
	 *        (E)       (N, E, W)
	 * P1 sells on MKT_F and MKT_L, P2 on MKT_G. P2's TRI_F joins the
	 * three markets and closes every market half: 4 tiles x 3 kinds
	 * (F, G, L) = 12 for P1 (2 sellers), nothing for P2 (1) or P0. */
	static const int order[] = {1, 7, 8, 1, 9, 11};
	city_game *g = scn_game("tileset t\n1 2 " SCN_BLANK "\n7 1 " SCN_MKT_F
	                        "\n8 1 " SCN_MKT_G "\n9 1 " SCN_MKT_L
	                        "\n11 1 " SCN_TRI_F "\n",
	                        3, order, N_OF(order));
	scn_expect(g, CITY_DECISION_TILE, 0);
	scn_play(g, "place 0 0 0; pass");
	scn_expect(g, CITY_DECISION_TILE, 1);
	scn_play(g, "place 1 0 2");
	scn_expect_followers(g, "abP");
	scn_play(g, "follower b");
	scn_expect(g, CITY_DECISION_TILE, 2);
	scn_play(g, "place 0 1 1");
	scn_expect_followers(g, "abP");
	scn_play(g, "follower b");
	scn_expect(g, CITY_DECISION_TILE, 0);
	scn_play(g, "place 2 0 0; pass");
	scn_expect(g, CITY_DECISION_TILE, 1);
	scn_play(g, "place 2 1 3; follower b");
	ck_assert_int_eq(scn_supply(g, 1), 5);
	ck_assert_int_eq(scn_supply(g, 2), 6);
	scn_expect_conservation(g);
	/* three separate markets so far */
	ck_assert_int_eq(city_feature_same(g, 1, 0, 'b', 0, 1, 'b'), 0);
	ck_assert_int_eq(city_feature_same(g, 1, 0, 'b', 2, 1, 'b'), 0);

	scn_expect(g, CITY_DECISION_TILE, 2);
	scn_play(g, "place 1 1 0");
	ck_assert_int_eq(city_feature_same(g, 1, 0, 'b', 0, 1, 'b'), 1);
	ck_assert_int_eq(city_feature_same(g, 2, 1, 'b', 1, 1, 'b'), 1);
	ck_assert_int_eq(city_feature_tiles(g, 1, 1, 'b'), 4);
	ck_assert_int_eq(city_feature_market_kinds(g, 1, 1, 'b'),
	                 CITY_MARKET_FISH | CITY_MARKET_GRAIN |
	                         CITY_MARKET_LIVESTOCK);
	ck_assert_int_eq(city_feature_complete(g, 1, 1, 'b'), 1);
	ck_assert_int_eq(city_feature_followers(g, 1, 1, 'b', 0), 0);
	ck_assert_int_eq(city_feature_followers(g, 1, 1, 'b', 1), 2);
	ck_assert_int_eq(city_feature_followers(g, 1, 1, 'b', 2), 1);
	scn_expect_followers(g, "aP");
	scn_play(g, "pass");

	scn_expect_scores(g, 3, ((const int[]){0, 12, 0}));
	ck_assert_int_eq(scn_event_points(g, 1, CITY_REASON_MARKET), 12);
	ck_assert_int_eq(scn_event_points(g, 2, 0), 0);
	ck_assert_int_eq(scn_event_points(g, 0, 0), 0);
	ck_assert_int_eq(scn_supply(g, 1), 7);
	ck_assert_int_eq(scn_supply(g, 2), 7);
	ck_assert_int_eq(city_game_follower_count(g), 0);
	scn_expect_conservation(g);

	scn_expect(g, CITY_DECISION_END, -1);
	scn_expect_final_scores(g, 3, ((const int[]){0, 12, 0}));
	scn_expect_winners(g, 2u);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_SCORE_3_tie_both_score_R_END_6_tied_winners)
{
	/*      x:   0        1
	 *  y=0   D r0 (E)  C r2 (S-W)
	 *  y=1   D r0 (E)  C r3 (W-N)
	 * P0's citizen on D(0,0), P1's on D(0,1): two streets. C(1,0) extends
	 * P0's, C(1,1) joins both and closes the street: 4 tiles x 2 = 8 for
	 * each (1 : 1 tie). Final 8 : 8, both win. */
	static const int order[] = {2, 2, 4, 4};
	city_game *g = scn_game("tileset t\n2 2 " SCN_DEAD "\n4 2 " SCN_CURVE
	                        "\n",
	                        2, order, N_OF(order));
	unsigned mask = 0;
	scn_play(g, "place 0 0 0; follower 1");
	scn_play(g, "place 0 1 0");
	scn_expect_followers(g, "a1P");
	scn_play(g, "follower 1");
	ck_assert_int_eq(city_feature_same(g, 0, 0, '1', 0, 1, '1'), 0);
	scn_play(g, "place 1 0 2");
	scn_expect_followers(g, "abP");
	scn_play(g, "pass");
	scn_play(g, "place 1 1 3");
	ck_assert_int_eq(city_feature_same(g, 0, 0, '1', 0, 1, '1'), 1);
	ck_assert_int_eq(city_feature_followers(g, 1, 1, '1', 0), 1);
	ck_assert_int_eq(city_feature_followers(g, 1, 1, '1', 1), 1);
	ck_assert_int_eq(city_feature_complete(g, 1, 1, '1'), 1);
	scn_expect_followers(g, "abP");
	scn_play(g, "pass");
	scn_expect_scores(g, 2, ((const int[]){8, 8}));
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_STREET), 8);
	ck_assert_int_eq(scn_event_points(g, 1, CITY_REASON_STREET), 8);
	ck_assert_int_eq(scn_supply(g, 0), 7);
	ck_assert_int_eq(scn_supply(g, 1), 7);
	scn_expect(g, CITY_DECISION_END, -1);
	ck_assert_int_eq(city_game_winners(g, &mask), CITY_ENOTENDED);
	scn_expect_final_scores(g, 2, ((const int[]){8, 8}));
	scn_expect_winners(g, 3u);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * R-FOL-2, R-FOL-4
 * ---------------------------------------------------------------------- */

START_TEST(test_R_FOL_2_occupied_feature_however_far_away)
{
	/*   D=I=I=I=D   (0,0) DEAD r0 .. (4,0) DEAD r2
	 * P0's citizen on the first DEAD. Three tiles later P1 may not put a
	 * citizen on the same street (R-FOL-2); P1 puts a steward on the
	 * residential area instead. P0's closing DEAD: the street is complete
	 * (R-FOL-3) and the area is P1's (R-FOL-2): only `pass`, skipped; the
	 * last tile: the game ends. 5 tiles x 2 = 10 for P0. */
	static const int order[] = {2, 3, 3, 3, 2};
	city_game *g = scn_game("tileset t\n2 2 " SCN_DEAD "\n3 3 " SCN_STRAIGHT
	                        "\n",
	                        2, order, N_OF(order));
	scn_snapshot s;
	scn_play(g, "place 0 0 0; follower 1");
	scn_play(g, "place 1 0 0; pass");
	scn_play(g, "place 2 0 0");
	scn_expect_followers(g, "abP");
	scn_play(g, "pass");
	scn_play(g, "place 3 0 0");
	scn_expect(g, CITY_DECISION_FOLLOWER, 1);
	scn_snap(g, &s);
	scn_refused(g, &s, city_place_follower(g, '1'), CITY_EILLEGAL,
	            "R-FOL-2: part 1 of tile (3,0) belongs to a feature that "
	            "already holds a follower");
	scn_snap_free(&s);
	scn_expect_followers(g, "abP");
	scn_play(g, "follower a");
	scn_play(g, "place 4 0 2");
	scn_expect(g, CITY_DECISION_END, -1);
	scn_expect_scores(g, 2, ((const int[]){10, 0}));
	ck_assert_int_eq(city_feature_tiles(g, 2, 0, '1'), 5);
	scn_expect_final_scores(g, 2, ((const int[]){10, 0}));
	ck_assert_int_eq(city_game_score_detail(g, 1, CITY_CAT_STEWARDS), 0);
	city_game_free(g);
}
END_TEST

/* Two players; `markets` MKT_Fs (id 7) drawn by P0 alternating with
 * BLANKs (id 1) drawn by P1, then one more BLANK for P0. */
static city_game *market_row_game(int markets)
{
	int order[17], i, n = 2 * markets + 1;
	char tiles[160];
	ck_assert_int_le(n, (int)N_OF(order));
	for (i = 0; i < n - 1; i++)
		order[i] = (i % 2 == 0) ? 7 : 1;
	order[n - 1] = 1;
	snprintf(tiles, sizeof tiles,
	         "tileset t\n1 %d " SCN_BLANK "\n7 %d " SCN_MKT_F "\n",
	         markets + 1, markets);
	return scn_game(tiles, 2, order, (size_t)n);
}

START_TEST(test_R_FOL_4_empty_supply_skips_follower_decision)
{
	/*      x:  0  1  2  3  4  5  6  7
	 *  y=-1    B  B                        <- turns 17 (P0) and 16 (P1)
	 *  y=0     M  M  M  M  M  M  M  M      MKT_F r0, market to the north
	 *  y=1     B  B  B  B  B  B  B         BLANK
	 * P0 places the MKT_Fs and a seller on each of the first seven: its
	 * supply is then empty. The eighth MKT_F: P0's follower decision is
	 * skipped (R-FOL-4), the turn passes to P1.
	 * Turn 16: P1's BLANK at (1,-1) closes P0's market at (1,0): 1 point,
	 * the seller returns (R-SCORE-4).
	 * Turn 17: P0's BLANK at (0,-1) closes the market at (0,0). P0 has the
	 * returned follower again, so the decision is asked (R-SCORE-4): P0
	 * puts a steward on the BLANKs' area; then the market scores 1 and its
	 * seller returns.
	 * Final: the five other occupied markets face the exterior and are
	 * closed by notional walls: 5 x 1; the eighth has no seller. The
	 * steward's area borders the markets of (0,0) and (1,0) across sides:
	 * 2 x 2 = 4. P0: 7 market points + 4 steward points = 11. */
	city_game *g = market_row_game(8);
	int i;
	for (i = 0; i < 8; i++) {
		scn_expect(g, CITY_DECISION_TILE, 0);
		scn_play(g, "place %d %d %d", i, 0, 0);
		if (i < 7) {
			scn_expect(g, CITY_DECISION_FOLLOWER, 0);
			scn_expect_followers(g, "abP");
			scn_play(g, "follower b");
			ck_assert_int_eq(scn_supply(g, 0), 6 - i);
		} else {
			ck_assert_int_eq(scn_supply(g, 0), 0);
			/* R-FOL-4: no follower decision */
		}
		scn_expect(g, CITY_DECISION_TILE, 1);
		scn_expect_conservation(g);
		if (i < 7)
			scn_play(g, "place %d %d %d", i, 1, 0);
		else
			scn_play(g, "place 1 -1 0");
		scn_expect(g, CITY_DECISION_FOLLOWER, 1);
		scn_expect_followers(g, "aP");
		scn_play(g, "pass");
	}
	scn_expect_scores(g, 2, ((const int[]){1, 0}));
	ck_assert_int_eq(scn_supply(g, 0), 1);
	ck_assert_int_eq(scn_on_board(g, 0), 6);
	scn_expect_conservation(g);

	scn_expect(g, CITY_DECISION_TILE, 0);
	scn_play(g, "place 0 -1 0");
	ck_assert_int_eq(city_feature_complete(g, 0, 0, 'b'), 1);
	scn_expect(g, CITY_DECISION_FOLLOWER, 0);
	scn_expect_followers(g, "aP");
	scn_play(g, "follower a");
	scn_expect(g, CITY_DECISION_END, -1);
	scn_expect_scores(g, 2, ((const int[]){2, 0}));
	ck_assert_int_eq(scn_supply(g, 0), 1);
	scn_expect_conservation(g);

	scn_expect_final_scores(g, 2, ((const int[]){11, 0}));
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_MARKETS), 7);
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_STEWARDS), 4);
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_MARKET), 2);
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_FINAL_MARKET), 5);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_FOL_4_empty_supply_own_completion_still_skipped)
{
	/* P0 with an empty supply closes its own market: the follower
	 * decision comes before scoring (R-TURN-1), so it is skipped even
	 * though the seller returns in the same turn.
	 *      x:  0  1  2  3  4  5  6
	 *  y=-1    B                         <- turn 15 (P0)
	 *  y=0     M  M  M  M  M  M  M       MKT_F r0 with P0's sellers
	 *  y=1     B  B  B  B  B  B  B       BLANK (P1) */
	city_game *g = market_row_game(7);
	int i;
	for (i = 0; i < 7; i++) {
		scn_play(g, "place %d %d %d", i, 0, 0);
		scn_play(g, "follower b");
		scn_play(g, "place %d %d %d", i, 1, 0);
		scn_play(g, "pass");
	}
	ck_assert_int_eq(scn_supply(g, 0), 0);
	scn_expect(g, CITY_DECISION_TILE, 0);
	scn_play(g, "place 0 -1 0");
	/* the BLANK's area is free, but P0 had nothing to place */
	scn_expect(g, CITY_DECISION_END, -1);
	scn_expect_scores(g, 2, ((const int[]){1, 0}));
	ck_assert_int_eq(scn_supply(g, 0), 1);
	ck_assert_int_eq(city_game_move_count(g), 29);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * Final scoring: R-END-2, R-END-3, R-END-4, R-END-6
 * ---------------------------------------------------------------------- */

START_TEST(test_R_END_2_street_to_outer_edge_scores_at_end)
{
	/*   D=I=I=I-   (0,0) DEAD r0 with P0's citizen, STRAIGHTs at (1..3,0).
	 * The street stays open towards (4,0) during play. At the end the
	 * notional walls close it: 4 tiles x 2 = 8 (R-SCORE-1 applies). */
	static const int order[] = {2, 3, 3, 3};
	city_game *g = scn_game("tileset t\n2 1 " SCN_DEAD "\n3 3 " SCN_STRAIGHT
	                        "\n",
	                        2, order, N_OF(order));
	unsigned mask = 0;
	int events;
	scn_play(g, "place 0 0 0; follower 1");
	scn_play(g, "place 1 0 0");
	ck_assert_int_eq(city_score_final(g), CITY_ENOTENDED);
	scn_play(g, "pass");
	scn_play(g, "place 2 0 0; pass");
	scn_play(g, "place 3 0 0; pass");
	scn_expect(g, CITY_DECISION_END, -1);
	ck_assert_int_eq(city_feature_complete(g, 0, 0, '1'), 0);
	scn_expect_scores(g, 2, ((const int[]){0, 0}));
	ck_assert_int_eq(city_game_final_scored(g), 0);
	ck_assert_int_eq(city_game_winners(g, &mask), CITY_ENOTENDED);

	ck_assert_int_eq(city_score_final(g), CITY_OK);
	ck_assert_int_eq(city_game_final_scored(g), 1);
	scn_expect_scores(g, 2, ((const int[]){8, 0}));
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_STREETS), 8);
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_FINAL_STREET), 8);
	ck_assert_int_eq(scn_supply(g, 0), 7);
	scn_expect_winners(g, 1u);

	/* idempotent */
	events = city_game_event_count(g);
	scn_expect_final_scores(g, 2, ((const int[]){8, 0}));
	ck_assert_int_eq(city_game_event_count(g), events);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_END_2_one_tile_street_scores_one)
{
	/*   D-         (0,0) DEAD r0 with P0's citizen; (0,1) BLANK.
	 *   B          At the end the notional wall closes the street on its
	 * only tile: 1 tile x 1 = 1. */
	static const int order[] = {2, 1};
	city_game *g = scn_game("tileset t\n1 1 " SCN_BLANK "\n2 1 " SCN_DEAD
	                        "\n",
	                        2, order, N_OF(order));
	scn_play(g, "place 0 0 0; follower 1");
	scn_play(g, "place 0 1 0");
	scn_expect_followers(g, "aP");
	scn_play(g, "pass");
	scn_expect_final_scores(g, 2, ((const int[]){1, 0}));
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_FINAL_STREET), 1);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_GEO_5_diagonal_contact_joins_nothing_final_market)
{
	/*      x:   0           1
	 *  y=0   MKT_F r1 (E)  TRI_F r2 (E, S, W)    <- placed last
	 *  y=1   BLANK         MKT_G r0 (N)
	 * Before TRI_F the two markets touch only diagonally: separate
	 * (R-GEO-5). TRI_F joins them: 3 tiles, fish + grain, still open
	 * east. At the end the notional wall closes it: 3 x 2 = 6 for P0. */
	static const int order[] = {7, 1, 8, 11};
	city_game *g = scn_game("tileset t\n1 1 " SCN_BLANK "\n7 1 " SCN_MKT_F
	                        "\n8 1 " SCN_MKT_G "\n11 1 " SCN_TRI_F "\n",
	                        2, order, N_OF(order));
	scn_play(g, "place 0 0 1; follower b");
	scn_play(g, "place 0 1 0; pass");
	scn_play(g, "place 1 1 0");
	ck_assert_int_eq(city_feature_same(g, 0, 0, 'b', 1, 1, 'b'), 0);
	scn_expect_followers(g, "abP");
	scn_play(g, "pass");
	scn_play(g, "place 1 0 2");
	ck_assert_int_eq(city_feature_same(g, 0, 0, 'b', 1, 1, 'b'), 1);
	ck_assert_int_eq(city_feature_tiles(g, 1, 0, 'b'), 3);
	ck_assert_int_eq(city_feature_market_kinds(g, 1, 0, 'b'),
	                 CITY_MARKET_FISH | CITY_MARKET_GRAIN);
	ck_assert_int_eq(city_feature_complete(g, 1, 0, 'b'), 0);
	scn_expect_followers(g, "aP");
	scn_play(g, "pass");
	scn_expect_scores(g, 2, ((const int[]){0, 0}));
	scn_expect_final_scores(g, 2, ((const int[]){6, 0}));
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_FINAL_MARKET), 6);
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_MARKETS), 6);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_END_3_followers_facing_a_hole_return_without_points)
{
	/* A ring of eight tiles around the hole (0,1):
	 *      x:  -1        0              1
	 *  y=0    BLANK   MKT_F r2 (S)    BLANK
	 *  y=1    BLANK     (hole)        DEAD r2 (street W, into the hole)
	 *  y=2    BLANK   MKT_F r2 (S)    BLANK
	 * P0: seller on (0,0) (market faces the hole), citizen on (1,1)
	 * (street ends at the hole), seller on (0,2) (market faces the
	 * exterior). Final: (0,2)'s market is closed by a notional wall:
	 * 1 x 1 = 1; the other two stay open (R-END-2: holes are not walled)
	 * and their followers return without points (R-END-3). */
	static const int order[] = {7, 1, 2, 1, 7, 1, 1, 1};
	city_game *g = scn_game("tileset t\n1 5 " SCN_BLANK "\n2 1 " SCN_DEAD
	                        "\n7 2 " SCN_MKT_F "\n",
	                        2, order, N_OF(order));
	int i, returns = 0;
	scn_play(g, "place 0 0 2; follower b");
	scn_play(g, "place 1 0 0; pass");
	scn_play(g, "place 1 1 2");
	scn_expect_followers(g, "a1P");
	scn_play(g, "follower 1");
	scn_play(g, "place 1 2 0; pass");
	scn_play(g, "place 0 2 2");
	scn_expect_followers(g, "abP");
	scn_play(g, "follower b");
	scn_play(g, "place -1 2 0; pass");
	scn_play(g, "place -1 1 0; pass");
	ck_assert_int_eq(city_game_cell(g, 0, 1), CITY_CELL_HOLE);
	/* the last BLANK: 11 exterior cells x 4; not the hole, whose east
	 * side faces the DEAD's street (R-TILE-2) */
	scn_expect_legal(g, 44);
	scn_play(g, "place -1 0 0; pass");
	scn_expect(g, CITY_DECISION_END, -1);
	scn_expect_scores(g, 2, ((const int[]){0, 0}));
	ck_assert_int_eq(scn_supply(g, 0), 4);

	scn_expect_final_scores(g, 2, ((const int[]){1, 0}));
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_FINAL_MARKET), 1);
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_STREETS), 0);
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_MARKETS), 1);
	ck_assert_int_eq(city_feature_complete(g, 0, 0, 'b'), 0);
	ck_assert_int_eq(city_feature_complete(g, 1, 1, '1'), 0);
	ck_assert_int_eq(scn_supply(g, 0), 7);
	ck_assert_int_eq(city_game_follower_count(g), 0);
	for (i = 0; i < city_game_event_count(g); i++) {
		city_event e;
		ck_assert_int_eq(city_game_event(g, (size_t)i, &e), CITY_OK);
		if (e.kind == CITY_EVENT_RETURN) {
			ck_assert_int_eq(e.player, 0);
			ck_assert_int_eq(e.points, 0);
			returns++;
		}
	}
	ck_assert_int_eq(returns, 2);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_END_4_stewards_in_tile_and_across_side_each_market_once)
{
	/*      x:  -1              0               1
	 *  y=-1  MKT_F r0 (N)   CORNER_G r0     CORNER_G r1
	 *                       (market E, S)   (market S, W)
	 *  y=0   MKT_L r1 (E)   MKT_F r0 (N)    MKT_F r0 (N)
	 *
	 * Markets: M12 = both MKT_F at y=0 + both CORNER_G (complete, empty);
	 *          M3  = MKT_L(-1,0) (closed by the residential side of
	 *                MKT_F(0,0)); M4 = MKT_F(-1,-1).
	 * P0's steward on area A = MKT_F(0,0).a + MKT_F(1,0).a:
	 *   borders M12 in-tile on two tiles (counted once) and M3 across the
	 *   west side of (0,0): 2 markets -> 4.
	 * P1's steward on area A' = MKT_F(-1,-1).a + MKT_L(-1,0).a +
	 *   CORNER_G(0,-1).a: borders M4, M3 and M12, each in-tile: 3 -> 6. */
	static const int order[] = {7, 7, 12, 12, 9, 7};
	city_game *g = scn_game("tileset t\n7 3 " SCN_MKT_F "\n9 1 " SCN_MKT_L
	                        "\n12 2 " SCN_CORNER_G "\n",
	                        2, order, N_OF(order));
	scn_play(g, "place 0 0 0; follower a");
	scn_play(g, "place 1 0 0");
	scn_expect_followers(g, "bP"); /* a is P0's area */
	scn_play(g, "pass");
	scn_play(g, "place 0 -1 0");
	scn_expect_followers(g, "abP");
	scn_play(g, "pass");
	scn_play(g, "place 1 -1 1");
	ck_assert_int_eq(city_feature_complete(g, 1, -1, 'b'), 1);
	ck_assert_int_eq(city_feature_tiles(g, 1, -1, 'b'), 4);
	ck_assert_int_eq(city_feature_market_kinds(g, 0, 0, 'b'),
	                 CITY_MARKET_FISH | CITY_MARKET_GRAIN);
	scn_expect_followers(g, "aP");
	scn_play(g, "pass");
	scn_play(g, "place -1 0 1");
	ck_assert_int_eq(city_feature_complete(g, -1, 0, 'b'), 1);
	ck_assert_int_eq(city_feature_same(g, -1, 0, 'a', 0, 0, 'a'), 0);
	scn_expect_followers(g, "aP");
	scn_play(g, "pass");
	scn_play(g, "place -1 -1 0");
	ck_assert_int_eq(city_feature_same(g, -1, -1, 'a', -1, 0, 'a'), 1);
	ck_assert_int_eq(city_feature_same(g, -1, -1, 'a', 0, -1, 'a'), 1);
	ck_assert_int_eq(city_feature_same(g, -1, -1, 'a', 0, 0, 'a'), 0);
	scn_expect_followers(g, "abP");
	scn_play(g, "follower a");
	scn_expect(g, CITY_DECISION_END, -1);
	scn_expect_scores(g, 2, ((const int[]){0, 0}));

	ck_assert_int_eq(city_score_final(g), CITY_OK);
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_STEWARDS), 4);
	ck_assert_int_eq(city_game_score_detail(g, 1, CITY_CAT_STEWARDS), 6);
	scn_expect_scores(g, 2, ((const int[]){4, 6}));
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_STEWARD), 4);
	ck_assert_int_eq(scn_event_points(g, 1, CITY_REASON_STEWARD), 6);
	scn_expect_winners(g, 2u);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_END_4_steward_tie_both_score)
{
	/*      x:   0              1
	 *  y=0   MKT_F r0 (N)    BLANK
	 *  y=1   BAND_G r1       BLANK
	 *        (market N-S: b; a east, c west)
	 * P0's steward on MKT_F(0,0).a, P1's on BAND_G(0,1).a: two areas
	 * (BAND_G's market side faces MKT_F's residential south side: a
	 * border, no join). The BLANKs join them into one area with one
	 * steward each; both BLANK follower decisions have only `pass`.
	 * The area borders MKT_F(0,0).b (in-tile) and BAND_G(0,1).b (in-tile
	 * and across (0,0)'s south side, once): 2 markets x 2 = 4 for each. */
	static const int order[] = {7, 10, 1, 1};
	city_game *g = scn_game("tileset t\n1 2 " SCN_BLANK "\n7 1 " SCN_MKT_F
	                        "\n10 1 " SCN_BAND_G "\n",
	                        2, order, N_OF(order));
	scn_play(g, "place 0 0 0; follower a");
	scn_play(g, "place 0 1 1");
	ck_assert_int_eq(city_feature_same(g, 0, 1, 'a', 0, 0, 'a'), 0);
	scn_expect_followers(g, "abcP");
	scn_play(g, "follower a");
	scn_play(g, "place 1 0 0");
	scn_expect(g, CITY_DECISION_TILE, 1);
	scn_play(g, "place 1 1 0");
	scn_expect(g, CITY_DECISION_END, -1);
	ck_assert_int_eq(city_feature_same(g, 0, 1, 'a', 0, 0, 'a'), 1);
	ck_assert_int_eq(city_feature_followers(g, 1, 1, 'a', 0), 1);
	ck_assert_int_eq(city_feature_followers(g, 1, 1, 'a', 1), 1);
	scn_expect_final_scores(g, 2, ((const int[]){4, 4}));
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_STEWARDS), 4);
	ck_assert_int_eq(city_game_score_detail(g, 1, CITY_CAT_STEWARDS), 4);
	scn_expect_winners(g, 3u);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_END_4_steward_majority_two_beat_one)
{
	/*      x:  0       1          2       3          4
	 *  y=0     B(P0)  BAND_G r1  B(P0)   BAND_G r1  B
	 *  y=1     B       B          B       B          B
	 * BAND_G r1 is a market band north-south: its west part c and east
	 * part a are separate residential areas. Row 0 makes three areas:
	 * P0's steward on (0,0), P0's on (2,0), P1's on BAND_G(3,0).a. Row 1
	 * merges them (every follower decision there has only `pass`).
	 * P0 2 stewards, P1 1: P0 scores 2 markets x 2 = 4, P1 nothing. */
	static const int order[] = {1, 10, 1, 10, 1, 1, 1, 1, 1, 1};
	city_game *g = scn_game("tileset t\n1 8 " SCN_BLANK "\n10 2 " SCN_BAND_G
	                        "\n",
	                        2, order, N_OF(order));
	int x;
	scn_play(g, "place 0 0 0; follower a");
	scn_play(g, "place 1 0 1");
	scn_expect_followers(g, "abP"); /* c joined P0's area */
	scn_play(g, "pass");
	scn_play(g, "place 2 0 0");
	scn_expect_followers(g, "aP");
	scn_play(g, "follower a");
	scn_play(g, "place 3 0 1");
	scn_expect_followers(g, "abP");
	scn_play(g, "follower a");
	scn_play(g, "place 4 0 0");
	ck_assert_int_eq(city_feature_same(g, 0, 0, 'a', 2, 0, 'a'), 0);
	ck_assert_int_eq(city_feature_same(g, 2, 0, 'a', 4, 0, 'a'), 0);
	for (x = 0; x < 5; x++) {
		scn_expect(g, CITY_DECISION_TILE, (x + 1) % 2);
		scn_play(g, "place %d %d %d", x, 1, 0);
	}
	scn_expect(g, CITY_DECISION_END, -1);
	ck_assert_int_eq(city_feature_same(g, 0, 0, 'a', 4, 0, 'a'), 1);
	ck_assert_int_eq(city_feature_followers(g, 4, 1, 'a', 0), 2);
	ck_assert_int_eq(city_feature_followers(g, 4, 1, 'a', 1), 1);
	scn_expect_final_scores(g, 2, ((const int[]){4, 0}));
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_STEWARDS), 4);
	ck_assert_int_eq(scn_event_points(g, 1, 0), 0);
	scn_expect_winners(g, 1u);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_TURN_1_one_placement_completes_street_and_market)
{
	/* Three players.
	 *      x:   0          1
	 *  y=0   D r0 (E)   D r2 (W)       <- P0's closing tile, turn 4
	 *  y=1   BLANK      MKT_G r0 (N)
	 * P0's citizen on D(0,0), P2's seller on MKT_G(1,1). D(1,0) closes the
	 * street (2 tiles x 1 = 2 for P0) and, with its residential south
	 * side, the market (1 x 1 = 1 for P2), both in P0's turn. */
	static const int order[] = {2, 1, 8, 2};
	city_game *g = scn_game("tileset t\n1 1 " SCN_BLANK "\n2 2 " SCN_DEAD
	                        "\n8 1 " SCN_MKT_G "\n",
	                        3, order, N_OF(order));
	scn_play(g, "place 0 0 0; follower 1");
	scn_play(g, "place 0 1 0; pass");
	scn_play(g, "place 1 1 0");
	scn_expect_followers(g, "abP");
	scn_play(g, "follower b");
	scn_expect(g, CITY_DECISION_TILE, 0);
	scn_play(g, "place 1 0 2");
	ck_assert_int_eq(city_feature_complete(g, 1, 0, '1'), 1);
	ck_assert_int_eq(city_feature_complete(g, 1, 1, 'b'), 1);
	scn_expect_followers(g, "aP");
	scn_play(g, "pass");
	scn_expect_scores(g, 3, ((const int[]){2, 0, 1}));
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_STREET), 2);
	ck_assert_int_eq(scn_event_points(g, 2, CITY_REASON_MARKET), 1);
	ck_assert_int_eq(city_game_follower_count(g), 0);
	scn_expect_conservation(g);
	scn_expect(g, CITY_DECISION_END, -1);
	scn_expect_final_scores(g, 3, ((const int[]){2, 0, 1}));
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------ */

static Suite *rules_score_suite(void)
{
	Suite *s = suite_create("rules_score");
	TCase *t;

	t = tcase_create("streets");
	tcase_add_test(t, test_R_SCORE_1_street_three_tiles_single);
	tcase_add_test(t, test_R_SCORE_1_street_four_tiles_doubles);
	tcase_add_test(t,
	               test_R_FOL_3_completed_street_takes_no_follower_R_SCORE_5);
	tcase_add_test(t, test_R_DONE_1_closed_loop_complete);
	tcase_add_test(t, test_R_GEO_6_street_passing_a_tile_twice_counts_it_once);
	suite_add_tcase(s, t);

	t = tcase_create("markets");
	tcase_add_test(t, test_R_SCORE_2_two_tiles_two_kinds);
	tcase_add_test(t, test_R_GEO_6_market_on_one_tile_twice_counts_it_once);
	tcase_add_test(t, test_R_SCORE_2_R_GEO_7_three_kinds_merge);
	tcase_add_test(t, test_R_DONE_2_market_closed_by_residential_half_R_TURN_1);
	tcase_add_test(t, test_R_DONE_2_interior_market_complete_on_placement);
	suite_add_tcase(s, t);

	t = tcase_create("followers");
	tcase_add_test(t, test_R_SCORE_3_majority_two_sellers_beat_one);
	tcase_add_test(t, test_R_SCORE_3_tie_both_score_R_END_6_tied_winners);
	tcase_add_test(t, test_R_FOL_2_occupied_feature_however_far_away);
	tcase_add_test(t, test_R_FOL_4_empty_supply_skips_follower_decision);
	tcase_add_test(t, test_R_FOL_4_empty_supply_own_completion_still_skipped);
	suite_add_tcase(s, t);

	t = tcase_create("final");
	tcase_add_test(t, test_R_END_2_street_to_outer_edge_scores_at_end);
	tcase_add_test(t, test_R_END_2_one_tile_street_scores_one);
	tcase_add_test(t, test_R_GEO_5_diagonal_contact_joins_nothing_final_market);
	tcase_add_test(t, test_R_END_3_followers_facing_a_hole_return_without_points);
	tcase_add_test(t,
	               test_R_END_4_stewards_in_tile_and_across_side_each_market_once);
	tcase_add_test(t, test_R_END_4_steward_tie_both_score);
	tcase_add_test(t, test_R_END_4_steward_majority_two_beat_one);
	tcase_add_test(t, test_R_TURN_1_one_placement_completes_street_and_market);
	suite_add_tcase(s, t);
	return s;
}

TEST_MAIN(rules_score_suite)
