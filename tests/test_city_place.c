/*
 * Rule tests, part 1: set-up, turns, tile placement, legal-move counts,
 * discards, stacks, the seeded order, errors and rule options.
 *
 * Every expectation below is computed by hand from rules.md, tileset.md and
 * record.md; the boards are drawn in comments ("x" grows east, "y" grows
 * south). Tile names refer to the designs of tests/scenario.h:
 *   BLANK  residential only         DEAD  street east, ends on the tile
 *   STRAIGHT street W-E              CURVE street N-E
 *   CROSS  streets 1N 2E 3S 4W       MKT_F market on the north side
 * A design rotated by r has its design side d on board side (d + r) % 4.
 */
#include <check.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "common.h"
#include "scenario.h"


/* ------------------------------------------------------------------------
 * R-SET-1, R-SET-2: players, supplies, turn order
 * ---------------------------------------------------------------------- */

START_TEST(test_R_SET_2_supplies_per_player_count)
{
	/* 12 / n towers: 6, 4, 3; 7 followers; 70 wall pieces. */
	static const int towers[5] = {0, 0, 6, 4, 3};
	int n;
	for (n = 2; n <= 4; n++) {
		city_options *o = NULL;
		city_game *g = NULL;
		int p;
		ck_assert_int_eq(city_options_new(&o), CITY_OK);
		ck_assert_int_eq(city_options_set_players(o, n), CITY_OK);
		ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
		ck_assert_int_eq(city_game_players(g), n);
		for (p = 0; p < n; p++) {
			int f = -1, t = -1;
			ck_assert_int_eq(city_game_supply(g, p, &f, &t), CITY_OK);
			ck_assert_int_eq(f, 7);
			ck_assert_int_eq(t, towers[n]);
			ck_assert_int_eq(city_game_score(g, p), 0);
		}
		ck_assert_int_eq(city_game_walls_left(g), 70);
		ck_assert_int_eq(city_game_follower_count(g), 0);
		ck_assert_int_eq(city_game_supply(g, n, NULL, NULL), CITY_EINVAL);
		city_game_free(g);
		city_options_free(o);
	}
}
END_TEST

START_TEST(test_R_SET_1_players_range)
{
	city_options *o = NULL;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, 1), CITY_EINVAL);
	ck_assert_int_eq(city_options_set_players(o, 5), CITY_EINVAL);
	ck_assert_int_eq(city_options_set_players(o, 0), CITY_EINVAL);
	ck_assert_int_eq(city_options_set_players(o, 4), CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, 2), CITY_OK);
	city_options_free(o);
}
END_TEST

START_TEST(test_R_SET_1_turn_order_three_players)
{
	/* Four blanks in a row; player 0 starts and play goes 0, 1, 2, 0.
	 * Player 0 puts a steward on the start tile; every later blank joins
	 * that residential area, so every later follower decision has only
	 * `pass` and is skipped (record.md). */
	static const int order[] = {1, 1, 1, 1};
	city_game *g = scn_game("tileset t\n1 4 " SCN_BLANK "\n", 3, order,
	                        N_OF(order));
	scn_expect(g, CITY_DECISION_TILE, 0);
	scn_play(g, "place 0 0 0");
	scn_expect(g, CITY_DECISION_FOLLOWER, 0);
	scn_expect_followers(g, "aP");
	scn_play(g, "follower a");
	scn_expect(g, CITY_DECISION_TILE, 1);
	scn_play(g, "place 1 0 0");
	scn_expect(g, CITY_DECISION_TILE, 2);
	scn_play(g, "place 2 0 0");
	scn_expect(g, CITY_DECISION_TILE, 0);
	scn_play(g, "place 3 0 0");
	scn_expect(g, CITY_DECISION_END, -1);
	ck_assert_int_eq(city_game_move_count(g), 5);
	ck_assert_int_eq(scn_supply(g, 0), 6);
	scn_expect_conservation(g);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * R-TURN-2: the start tile
 * ---------------------------------------------------------------------- */

START_TEST(test_R_TURN_2_start_tile_four_rotations_at_origin)
{
	static const int order[] = {2, 1};
	city_game *g = scn_game("tileset t\n1 1 " SCN_BLANK "\n2 1 " SCN_DEAD
	                        "\n",
	                        2, order, N_OF(order));
	city_move mv[8];
	size_t n = 0, i;
	int design = 0, stack = 0, rot = -1;
	scn_snapshot s;

	scn_expect(g, CITY_DECISION_TILE, 0);
	ck_assert_int_eq(city_game_current_tile(g, &design, &stack), CITY_OK);
	ck_assert_int_eq(design, 2);
	ck_assert_int_eq(stack, 1);
	ck_assert_int_eq(city_game_tile_count(g), 0);
	ck_assert_int_eq(city_game_bounds(g, NULL, NULL, NULL, NULL),
	                 CITY_ENOTFOUND);

	/* Exactly (0,0) r0..r3, sorted by rotation. */
	ck_assert_int_eq(city_legal_moves(g, mv, 8, &n), CITY_OK);
	ck_assert_uint_eq(n, 4);
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(mv[i].kind, CITY_MOVE_PLACE);
		ck_assert_int_eq(mv[i].x, 0);
		ck_assert_int_eq(mv[i].y, 0);
		ck_assert_int_eq(mv[i].rotation, (int)i);
	}

	/* Anywhere else breaks R-TURN-2 and changes nothing. */
	scn_snap(g, &s);
	scn_refused(g, &s, city_place_tile(g, 1, 0, 0), CITY_EILLEGAL,
	            "R-TURN-2: the start tile goes at (0,0), not (1,0)");
	scn_refused(g, &s, city_place_tile(g, 0, -1, 2), CITY_EILLEGAL,
	            "R-TURN-2: the start tile goes at (0,0), not (0,-1)");
	scn_refused(g, &s, city_place_tile(g, 0, 0, 4), CITY_EINVAL,
	            "R-GEO-3: rotation 4 is not 0..3");
	scn_refused(g, &s, city_place_tile(g, 0, 0, -1), CITY_EINVAL,
	            "R-GEO-3: rotation -1 is not 0..3");
	scn_snap_free(&s);

	/* A follower may be placed on the start tile as on any tile. */
	scn_play(g, "place 0 0 3");
	ck_assert_int_eq(city_game_tile_at(g, 0, 0, &design, &rot), CITY_OK);
	ck_assert_int_eq(design, 2);
	ck_assert_int_eq(rot, 3);
	scn_expect(g, CITY_DECISION_FOLLOWER, 0);
	scn_expect_followers(g, "a1P");
	scn_play(g, "follower 1");
	ck_assert_int_eq(city_feature_followers(g, 0, 0, '1', 0), 1);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * R-TILE-1, R-TILE-2, R-GEO-3 and exact legal-move counts
 * ---------------------------------------------------------------------- */

START_TEST(test_R_TILE_1_must_touch_a_side_of_a_placed_tile)
{
	/* Board after the start tile:   . . .
	 *                               . B .      B = BLANK at (0,0)
	 *                               . . .
	 * A second BLANK fits on the 4 side neighbours in 4 rotations: 16. */
	static const int order[] = {1, 1};
	city_game *g =
	        scn_game("tileset t\n1 2 " SCN_BLANK "\n", 2, order, N_OF(order));
	scn_snapshot s;
	scn_play(g, "place 0 0 0; pass");
	scn_expect(g, CITY_DECISION_TILE, 1);
	scn_expect_legal(g, 16);
	scn_snap(g, &s);
	scn_refused(g, &s, city_place_tile(g, 0, 0, 0), CITY_EILLEGAL,
	            "R-TILE-1: cell (0,0) is not empty"); /* occupied */
	/* corner contact only */
	scn_refused(g, &s, city_place_tile(g, 1, 1, 0), CITY_EILLEGAL,
	            "R-TILE-1: cell (1,1) shares no side with a placed tile");
	scn_refused(g, &s, city_place_tile(g, -1, -1, 2), CITY_EILLEGAL,
	            "R-TILE-1: cell (-1,-1) shares no side with a placed tile");
	/* no contact */
	scn_refused(g, &s, city_place_tile(g, 2, 0, 0), CITY_EILLEGAL,
	            "R-TILE-1: cell (2,0) shares no side with a placed tile");
	scn_refused(g, &s, city_place_tile(g, 1, 0, 5), CITY_EINVAL,
	            "R-GEO-3: rotation 5 is not 0..3");
	scn_snap_free(&s);
	scn_play(g, "place 0 -1 1");
	ck_assert_int_eq(city_game_tile_count(g), 2);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_TILE_2_street_must_continue_blank_after_dead_end)
{
	/* DEAD at (0,0) r0: its street ends on the east side.
	 *        .
	 *     .  D- .      the street faces (1,0)
	 *        .
	 * BLANK has no street in any rotation, so (1,0) is illegal (R-TILE-2)
	 * and the other three neighbours take 4 rotations each: 12. */
	static const int order[] = {2, 1};
	city_game *g = scn_game("tileset t\n1 1 " SCN_BLANK "\n2 1 " SCN_DEAD
	                        "\n",
	                        2, order, N_OF(order));
	scn_snapshot s;
	city_move mv[16];
	size_t n = 0, i;
	scn_play(g, "place 0 0 0; pass");
	scn_expect_legal(g, 12);
	ck_assert_int_eq(city_legal_moves(g, mv, 16, &n), CITY_OK);
	ck_assert_uint_eq(n, 12);
	for (i = 0; i < n; i++)
		ck_assert(!(mv[i].x == 1 && mv[i].y == 0));
	scn_snap(g, &s);
	for (i = 0; i < 4; i++)
		scn_refused(g, &s, city_place_tile(g, 1, 0, (int)i),
		            CITY_EILLEGAL,
		            "R-TILE-2: no street on west side at (1,0) "
		            "leaves open the street of tile (0,0)");
	scn_snap_free(&s);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_TILE_2_dead_end_after_dead_end_counts_ten)
{
	/* DEAD at (0,0) r0 (street east). A second DEAD (street on design E,
	 * so on board side (1+r)%4):
	 *   (1,0)  needs its street west:        r=2 only           -> 1
	 *   (0,-1) its south must have none:     r!=1               -> 3
	 *   (0,1)  its north must have none:     r!=3               -> 3
	 *   (-1,0) its east must have none:      r!=0               -> 3
	 * total 10. */
	static const int order[] = {2, 2};
	city_game *g =
	        scn_game("tileset t\n2 2 " SCN_DEAD "\n", 2, order, N_OF(order));
	scn_snapshot s;
	scn_play(g, "place 0 0 0; pass");
	scn_expect_legal(g, 10);
	scn_snap(g, &s);
	scn_refused(g, &s, city_place_tile(g, 1, 0, 0), CITY_EILLEGAL,
	            "R-TILE-2: no street on west side at (1,0) leaves open "
	            "the street of tile (0,0)");
	scn_refused(g, &s, city_place_tile(g, 0, -1, 1), CITY_EILLEGAL,
	            "R-TILE-2: street on south side at (0,-1) meets no "
	            "street of tile (0,0)");
	scn_refused(g, &s, city_place_tile(g, -1, 0, 0), CITY_EILLEGAL,
	            "R-TILE-2: street on east side at (-1,0) meets no street "
	            "of tile (0,0)");
	scn_snap_free(&s);
	scn_play(g, "place 1 0 2");
	city_game_free(g);
}
END_TEST

START_TEST(test_R_TILE_2_straight_after_dead_end_sorted_list)
{
	/* DEAD at (0,0) r0; STRAIGHT has streets on design E and W:
	 *   r0, r2: streets E+W;  r1, r3: streets S+N.
	 *   (0,-1) south free of street: r0 r2     (y=-1 first)
	 *   (-1,0) east free of street:  r1 r3
	 *   (1,0)  west has a street:    r0 r2
	 *   (0,1)  north free of street: r0 r2
	 * 8 moves, sorted by (y, x, rotation). */
	static const struct {
		int x, y, r;
	} want[8] = {{0, -1, 0}, {0, -1, 2}, {-1, 0, 1}, {-1, 0, 3},
	             {1, 0, 0},  {1, 0, 2},  {0, 1, 0},  {0, 1, 2}};
	static const int order[] = {2, 3};
	city_game *g = scn_game("tileset t\n2 1 " SCN_DEAD "\n3 1 " SCN_STRAIGHT
	                        "\n",
	                        2, order, N_OF(order));
	city_move mv[16];
	size_t n = 0, i;
	scn_play(g, "place 0 0 0; pass");
	ck_assert_int_eq(city_legal_moves(g, mv, 16, &n), CITY_OK);
	ck_assert_uint_eq(n, 8);
	for (i = 0; i < 8; i++) {
		ck_assert_int_eq(mv[i].kind, CITY_MOVE_PLACE);
		ck_assert_int_eq(mv[i].x, want[i].x);
		ck_assert_int_eq(mv[i].y, want[i].y);
		ck_assert_int_eq(mv[i].rotation, want[i].r);
	}
	/* A too small buffer: ERANGE, the count, the first moves. */
	memset(mv, 0, sizeof mv);
	ck_assert_int_eq(city_legal_moves(g, mv, 3, &n), CITY_ERANGE);
	ck_assert_uint_eq(n, 8);
	ck_assert_int_eq(mv[2].x, -1);
	ck_assert_int_eq(mv[2].rotation, 1);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_GEO_3_rotation_is_clockwise)
{
	/* CURVE (design street N-E) placed with r1 turns clockwise: N->E and
	 * E->S, so its street is on E and S.
	 *        .
	 *     .  C-  .       C = CURVE r1 at (0,0), street E and S
	 *        |
	 *        .
	 * A DEAD then fits (street on board side (1+r)%4):
	 *   (0,-1) south free:  r0 r2 r3      (-1,0) east free: r1 r2 r3
	 *   (1,0)  west street: r2            (0,1) north street: r3
	 * 8 moves. A counter-clockwise engine would put the curve on N and W. */
	static const struct {
		int x, y, r;
	} want[8] = {{0, -1, 0}, {0, -1, 2}, {0, -1, 3}, {-1, 0, 1},
	             {-1, 0, 2}, {-1, 0, 3}, {1, 0, 2},  {0, 1, 3}};
	static const int order[] = {4, 2};
	city_game *g = scn_game("tileset t\n2 1 " SCN_DEAD "\n4 1 " SCN_CURVE
	                        "\n",
	                        2, order, N_OF(order));
	city_move mv[16];
	size_t n = 0, i;
	scn_snapshot s;
	int design = 0, rot = -1;
	scn_play(g, "place 0 0 1");
	ck_assert_int_eq(city_game_tile_at(g, 0, 0, &design, &rot), CITY_OK);
	ck_assert_int_eq(design, 4);
	ck_assert_int_eq(rot, 1);
	ck_assert_int_eq(city_game_tile_at(g, 1, 0, NULL, NULL),
	                 CITY_ENOTFOUND);
	scn_play(g, "pass");
	ck_assert_int_eq(city_legal_moves(g, mv, 16, &n), CITY_OK);
	ck_assert_uint_eq(n, 8);
	for (i = 0; i < 8; i++) {
		ck_assert_int_eq(mv[i].x, want[i].x);
		ck_assert_int_eq(mv[i].y, want[i].y);
		ck_assert_int_eq(mv[i].rotation, want[i].r);
	}
	scn_snap(g, &s);
	scn_refused(g, &s, city_place_tile(g, 0, 1, 1), CITY_EILLEGAL,
	            "R-TILE-2: no street on north side at (0,1) leaves open "
	            "the street of tile (0,0)");
	scn_refused(g, &s, city_place_tile(g, 0, -1, 1), CITY_EILLEGAL,
	            "R-TILE-2: street on south side at (0,-1) meets no "
	            "street of tile (0,0)");
	scn_snap_free(&s);
	/* The DEAD at (0,1) r3 closes the curve's south end: the street
	 * C(0,0)+D(0,1) is now open only on the curve's east side. */
	scn_play(g, "place 0 1 3");
	ck_assert_int_eq(city_feature_same(g, 0, 0, '1', 0, 1, '1'), 1);
	ck_assert_int_eq(city_feature_tiles(g, 0, 0, '1'), 2);
	ck_assert_int_eq(city_feature_complete(g, 0, 0, '1'), 0);
	ck_assert_int_eq(city_feature_kind(g, 0, 0, '1'), CITY_FEATURE_STREET);
	ck_assert_int_eq(city_feature_kind(g, 0, 0, 'b'),
	                 CITY_FEATURE_RESIDENTIAL);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_FOL_1_follower_moves_in_part_order)
{
	/* CROSS as start tile: regions a b c d, then streets 1 2 3 4, then
	 * pass: 9 legal moves in that order. */
	static const int order[] = {6, 5};
	city_game *g = scn_game("tileset t\n5 1 " SCN_TWIN "\n6 1 " SCN_CROSS
	                        "\n",
	                        2, order, N_OF(order));
	city_move mv[16];
	size_t n = 0;
	scn_snapshot s;
	scn_play(g, "place 0 0 0");
	scn_expect(g, CITY_DECISION_FOLLOWER, 0);
	scn_expect_legal(g, 9);
	scn_expect_followers(g, "abcd1234P");
	ck_assert_int_eq(city_legal_moves(g, mv, 16, &n), CITY_OK);
	ck_assert_int_eq(mv[8].kind, CITY_MOVE_PASS);

	/* A part that the design does not have is refused, nothing changes. */
	scn_snap(g, &s);
	{
		int rc = city_place_follower(g, 'h');
		ck_assert(rc == CITY_EINVAL || rc == CITY_EILLEGAL);
		scn_refused(g, &s, rc, rc,
		            "R-FOL-1: design 6 has no part 'h' (a region "
		            "letter or street digit)");
		rc = city_place_follower(g, '7');
		ck_assert(rc == CITY_EINVAL || rc == CITY_EILLEGAL);
		scn_refused(g, &s, rc, rc,
		            "R-FOL-1: design 6 has no part '7' (a region "
		            "letter or street digit)");
	}
	scn_snap_free(&s);

	/* At most one follower per turn: the decision moves on. */
	scn_play(g, "follower 3");
	scn_expect(g, CITY_DECISION_TILE, 1);
	ck_assert_int_eq(scn_supply(g, 0), 6);
	scn_snap(g, &s);
	scn_refused(g, &s, city_place_follower(g, 'a'), CITY_EDECISION,
	            "R-TURN-1: the game waits for a tile placement, not a "
	            "follower");
	scn_snap_free(&s);
	{
		int role = -1, p = -1;
		int32_t x = 9, y = 9;
		char part = 0;
		ck_assert_int_eq(city_game_follower_count(g), 1);
		ck_assert_int_eq(city_game_follower(g, 0, &p, &role, &x, &y,
		                                    &part),
		                 CITY_OK);
		ck_assert_int_eq(p, 0);
		ck_assert_int_eq(role, CITY_ROLE_CITIZEN);
		ck_assert_int_eq(x, 0);
		ck_assert_int_eq(y, 0);
		ck_assert_int_eq(part, '3');
	}

	/* TWIN below the cross: the cross' south street (3) needs a street on
	 * the TWIN's north: design N (segment 1) at r0, design W at r1,
	 * design S at r2, design E at r3 - every rotation has a street on
	 * every side, so all 4 fit at (0,1); and every other neighbour too.
	 * 4 cells x 4 = 16. */
	scn_expect_legal(g, 16);
	scn_play(g, "place 0 1 0");
	/* Segment 1 joins the cross' street 3, occupied by player 0
	 * (R-FOL-2); the regions: TWIN a (NW) meets cross d, TWIN b meets
	 * cross c; c (SE wedge) is alone; segment 2 is free. */
	scn_expect_followers(g, "abc2P");
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * R-TILE-5 and R-GEO-8: holes
 * ---------------------------------------------------------------------- */

START_TEST(test_R_TILE_5_hole_may_be_filled)
{
	/* Eight blanks around the cell (0,1), placed in ring order:
	 *      x: -1  0  1
	 *  y=0     8  1  2
	 *  y=1     7  .  3        . = (0,1) becomes a hole
	 *  y=2     6  5  4
	 * Player 0's steward on the start tile holds the single residential
	 * area, so every later follower decision (only pass) is skipped.
	 * The ninth blank: 12 exterior neighbours of the 3x3 block + the hole
	 * = 13 cells x 4 rotations = 52 legal moves. */
	static const int order[] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
	static const int ring[8][2] = {{0, 0},  {1, 0},  {1, 1},  {1, 2},
	                               {0, 2},  {-1, 2}, {-1, 1}, {-1, 0}};
	city_game *g =
	        scn_game("tileset t\n1 9 " SCN_BLANK "\n", 2, order, N_OF(order));
	int i;
	int32_t x0, y0, x1, y1;
	for (i = 0; i < 8; i++) {
		scn_expect(g, CITY_DECISION_TILE, i % 2);
		if (i < 6)
			ck_assert_int_eq(city_game_cell(g, 0, 1),
			                 CITY_CELL_EXTERIOR);
		scn_play(g, "place %d %d %d", ring[i][0], ring[i][1], 0);
		if (i == 0)
			scn_play(g, "follower a");
	}
	ck_assert_int_eq(city_game_cell(g, 0, 1), CITY_CELL_HOLE);
	ck_assert_int_eq(city_game_cell(g, 0, 0), CITY_CELL_TILE);
	ck_assert_int_eq(city_game_cell(g, 2, 1), CITY_CELL_EXTERIOR);
	ck_assert_int_eq(city_game_cell(g, 100, -100), CITY_CELL_EXTERIOR);
	ck_assert_int_eq(city_game_bounds(g, &x0, &y0, &x1, &y1), CITY_OK);
	ck_assert_int_eq(x0, -1);
	ck_assert_int_eq(y0, 0);
	ck_assert_int_eq(x1, 1);
	ck_assert_int_eq(y1, 2);
	scn_expect(g, CITY_DECISION_TILE, 0);
	scn_expect_legal(g, 52);
	scn_play(g, "place 0 1 2");
	ck_assert_int_eq(city_game_cell(g, 0, 1), CITY_CELL_TILE);
	ck_assert_int_eq(city_game_tile_count(g), 9);
	scn_expect_ended(g, CITY_ENDED_TILES);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_GEO_8_hole_once_enclosed_on_four_sides)
{
	/* A hole needs no corner tile at (-1,0): (0,1) is enclosed as soon as
	 * its four side neighbours are tiles. Placement order:
	 *      x: -1  0  1
	 *  y=0     .  1  2
	 *  y=1     7  .  3
	 *  y=2     6  5  4
	 * Before the 7th tile (0,1) reaches the outside through (-1,1); after
	 * it, (0,1) is a hole while (-1,0) is still exterior. */
	static const int order[] = {1, 1, 1, 1, 1, 1, 1};
	static const int cells[7][2] = {{0, 0}, {1, 0},  {1, 1}, {1, 2},
	                                {0, 2}, {-1, 2}, {-1, 1}};
	city_game *g =
	        scn_game("tileset t\n1 7 " SCN_BLANK "\n", 2, order, N_OF(order));
	int i;
	for (i = 0; i < 7; i++) {
		if (i == 6)
			ck_assert_int_eq(city_game_cell(g, 0, 1),
			                 CITY_CELL_EXTERIOR);
		scn_play(g, "place %d %d %d", cells[i][0], cells[i][1], 0);
		if (city_game_decision(g) == CITY_DECISION_FOLLOWER)
			scn_play(g, "pass");
	}
	ck_assert_int_eq(city_game_cell(g, 0, 1), CITY_CELL_HOLE);
	ck_assert_int_eq(city_game_cell(g, -1, 0), CITY_CELL_EXTERIOR);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * R-TURN-4 discards, R-END-1b
 * ---------------------------------------------------------------------- */

/* Two players on two BLANKs (id 1) and two CROSSes (id 6) in `order`. */
static city_game *cross_blank_game(const int order[4])
{
	return scn_game("tileset t\n1 2 " SCN_BLANK "\n6 2 " SCN_CROSS "\n", 2,
	                order, 4);
}

/* The discard events so far: each of a BLANK (id 1), by nobody (player
 * -1), for no points. */
static int blank_discards(const city_game *g)
{
	int i, n = 0;
	for (i = 0; i < city_game_event_count(g); i++) {
		city_event e;
		ck_assert_int_eq(city_game_event(g, (size_t)i, &e), CITY_OK);
		if (e.kind == CITY_EVENT_DISCARD) {
			ck_assert_int_eq(e.design, 1);
			ck_assert_int_eq(e.player, -1);
			ck_assert_int_eq(e.points, 0);
			n++;
		}
	}
	return n;
}

START_TEST(test_R_TURN_4_unplayable_tile_discarded_then_R_END_1b)
{
	/* Order: CROSS, BLANK, CROSS, BLANK.
	 * 1. P0 places the CROSS at (0,0): a street on every side.
	 * 2. P1 draws a BLANK: every neighbour of (0,0) faces a street and a
	 *    BLANK has none -> no legal placement -> discarded (event), and
	 *    P1 draws the CROSS: 4 cells x 4 rotations = 16 legal moves.
	 * 3. P1 places the CROSS at (1,0) r0: its street 4 meets the first
	 *    cross' street 2 (both end at crossings): complete, 2 tiles,
	 *    nobody on it. Follower moves: a b c d 1 2 3 pass (4 completed).
	 * 4. P0 draws the last BLANK: still no legal place (all 6 free
	 *    neighbours face streets) -> discarded; no tile left -> the game
	 *    ends (R-END-1b) with reason TILES only. */
	static const int order[] = {6, 1, 6, 1};
	city_game *g = cross_blank_game(order);
	int design = 0, stack = 0;

	scn_play(g, "place 0 0 0; pass");
	scn_expect(g, CITY_DECISION_TILE, 1);
	ck_assert_int_eq(city_game_current_tile(g, &design, &stack), CITY_OK);
	ck_assert_int_eq(design, 6);
	ck_assert_int_eq(stack, 1);
	ck_assert_int_eq(city_game_tiles_left(g, 1), 1);
	ck_assert_int_eq(scn_count_events(g, CITY_EVENT_DISCARD, -2), 1);
	ck_assert_int_eq(blank_discards(g), 1);
	/* The discard is not a move. */
	ck_assert_int_eq(city_game_move_count(g), 2);
	scn_expect_legal(g, 16);

	scn_play(g, "place 1 0 0");
	scn_expect(g, CITY_DECISION_FOLLOWER, 1);
	scn_expect_followers(g, "abcd123P");
	ck_assert_int_eq(city_feature_complete(g, 1, 0, '4'), 1);
	ck_assert_int_eq(city_feature_tiles(g, 1, 0, '4'), 2);
	ck_assert_int_eq(city_feature_same(g, 1, 0, '4', 0, 0, '2'), 1);
	scn_play(g, "pass");

	scn_expect_ended(g, CITY_ENDED_TILES);
	ck_assert_int_eq(city_game_move_count(g), 4);
	ck_assert_int_eq(blank_discards(g), 2);
	ck_assert_int_eq(city_game_tile_count(g), 2);
	ck_assert_int_eq(city_game_tiles_left(g, 1), 0);
	scn_expect_legal(g, 0);

	/* Final scoring: nobody has a follower; 0 : 0 is a tie (R-END-6). */
	scn_expect_final_scores(g, 2, ((const int[]){0, 0}));
	scn_expect_winners(g, 3u);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_TURN_4_consecutive_discards_same_player)
{
	/* Order: CROSS, BLANK, BLANK, CROSS. After the start CROSS, P1 draws
	 * two unplayable BLANKs in a row (both discarded, in draw order) and
	 * then the CROSS, which P1 places; no tile is left: the game ends. */
	static const int order[] = {6, 1, 1, 6};
	city_game *g = cross_blank_game(order);
	int design = 0;
	scn_play(g, "place 0 0 0; pass");
	scn_expect(g, CITY_DECISION_TILE, 1);
	ck_assert_int_eq(scn_count_events(g, CITY_EVENT_DISCARD, -2), 2);
	ck_assert_int_eq(city_game_current_tile(g, &design, NULL), CITY_OK);
	ck_assert_int_eq(design, 6);
	ck_assert_int_eq(city_game_tiles_left(g, 1), 0);
	scn_play(g, "place 0 1 1; pass");
	scn_expect_ended(g, CITY_ENDED_TILES);
	ck_assert_int_eq(city_game_tile_count(g), 2);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_TURN_4_playable_tile_is_not_discarded)
{
	/* Order: DEAD, BLANK, BLANK, DEAD.  P0: DEAD (0,0) r0 (street E).
	 * P1 draws BLANK: playable (N, S, W) -> not discarded, placed at
	 * (0,1). P0: BLANK at (0,-1). P1: DEAD must be placed, legal
	 * everywhere its street is free or continued. No discard event. */
	static const int order[] = {2, 1, 1, 2};
	city_game *g = scn_game("tileset t\n1 2 " SCN_BLANK "\n2 2 " SCN_DEAD
	                        "\n",
	                        2, order, N_OF(order));
	scn_play(g, "place 0 0 0; pass");
	scn_play(g, "place 0 1 0; pass");
	scn_play(g, "place 0 -1 0; pass");
	ck_assert_int_eq(scn_count_events(g, CITY_EVENT_DISCARD, -2), 0);
	/* DEAD now: cells (1,0) r2; (-1,0) r1 r2 r3; (0,-2) r0 r2 r3 (its
	 * south faces the blank); (1,-1) all but r2 (its west faces a blank)
	 * -> r0 r1 r3; (-1,-1) r1 r2 r3; (1,1) r0 r1 r3; (-1,1) r1 r2 r3;
	 * (0,2) r0 r1 r2.
	 * (1,0)=1, (-1,0)=3, (0,-2)=3, (1,-1)=3, (-1,-1)=3, (1,1)=3,
	 * (-1,1)=3, (0,2)=3  -> 22. */
	scn_expect_legal(g, 22);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * R-SET-4, R-TURN-3: stacks
 * ---------------------------------------------------------------------- */

/* Play every tile of the game with the first legal move (passing every
 * follower decision) and check, at each tile decision i, the current
 * design, its stack and the tiles left in every stack. */
static void play_and_check_stacks(city_game *g, const int *order, size_t n,
                                  const unsigned sizes[3])
{
	size_t i;
	for (i = 0; i < n; i++) {
		int design = 0, stack = 0, s;
		unsigned before = 0;
		city_move mv;
		size_t cnt = 0;
		scn_expect(g, CITY_DECISION_TILE, (int)(i % 2));
		ck_assert_int_eq(city_game_current_tile(g, &design, &stack),
		                 CITY_OK);
		ck_assert_int_eq(design, order[i]);
		/* stack of tile i, and tiles left per stack */
		for (s = 0; s < 3; s++) {
			unsigned lo = before, hi = before + sizes[s];
			int left;
			if (i >= lo && i < hi)
				ck_assert_int_eq(stack, s + 1);
			if (i >= hi)
				left = 0;
			else if (i >= lo)
				left = (int)(hi - i - 1);
			else
				left = (int)sizes[s];
			ck_assert_msg(city_game_tiles_left(g, s + 1) == left,
			              "draw %zu: stack %d has %d left, expected %d",
			              i, s + 1, city_game_tiles_left(g, s + 1),
			              left);
			before = hi;
		}
		s = city_legal_moves(g, &mv, 1, &cnt);
		ck_assert(s == CITY_OK || s == CITY_ERANGE);
		ck_assert_uint_gt(cnt, 0);
		ck_assert_int_eq(city_apply_move(g, &mv), CITY_OK);
		if (city_game_decision(g) == CITY_DECISION_FOLLOWER) {
			/* R-TURN-3: the turn belongs to its tile's stack. */
			int d2 = 0, s2 = 0;
			ck_assert_int_eq(city_game_current_tile(g, &d2, &s2),
			                 CITY_OK);
			ck_assert_int_eq(d2, order[i]);
			ck_assert_int_eq(s2, stack);
			scn_play(g, "pass");
		}
	}
	scn_expect_ended(g, CITY_ENDED_TILES);
	ck_assert_int_eq(city_game_tiles_left(g, 1), 0);
	ck_assert_int_eq(city_game_tiles_left(g, 2), 0);
	ck_assert_int_eq(city_game_tiles_left(g, 3), 0);
	ck_assert_int_eq(city_game_tile_count(g), (int)n);
}

/* Ten tiles without streets: they fit anywhere next to the city, and
 * markets complete only without followers (we always pass), so no wall
 * round is ever triggered (R-OPT-1 default). */
#define TEN_TILES "tileset t\n1 5 " SCN_BLANK "\n7 5 " SCN_MKT_F "\n"
static const int ten_order[10] = {1, 7, 7, 1, 1, 7, 1, 7, 7, 1};

START_TEST(test_R_SET_4_default_split_ten_tiles_is_5_3_2)
{
	static const unsigned sizes[3] = {5, 3, 2};
	city_options *o = scn_options(TEN_TILES, 2, ten_order, 10, 0, 0, 0);
	city_game *g = NULL;
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	city_options_free(o);
	ck_assert_int_eq(city_game_tiles_left(g, 0), CITY_EINVAL);
	ck_assert_int_eq(city_game_tiles_left(g, 4), CITY_EINVAL);
	play_and_check_stacks(g, ten_order, 10, sizes);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_SET_4_explicit_sizes_empty_stack_skipped)
{
	/* 4 0 6: stack 2 is empty and skipped, the 5th tile is from stack 3. */
	static const unsigned sizes[3] = {4, 0, 6};
	city_options *o = scn_options(TEN_TILES, 2, ten_order, 10, 4, 0, 6);
	city_game *g = NULL;
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	city_options_free(o);
	play_and_check_stacks(g, ten_order, 10, sizes);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_SET_4_explicit_sizes_all_in_stack_one)
{
	static const unsigned sizes[3] = {10, 0, 0};
	city_options *o = scn_options(TEN_TILES, 2, ten_order, 10, 10, 0, 0);
	city_game *g = NULL;
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	city_options_free(o);
	play_and_check_stacks(g, ten_order, 10, sizes);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_SET_4_proportional_split_small_sets)
{
	/* stack 2 = floor(n*25/75), stack 3 = floor(n*20/75), stack 1 the
	 * rest:  n=1 1/0/0, n=3 2/1/0, n=4 2/1/1, n=7 4/2/1, n=13 6/4/3. */
	static const unsigned ns[5] = {1, 3, 4, 7, 13};
	size_t k;
	for (k = 0; k < 5; k++) {
		unsigned n = ns[k], sizes[3], i;
		int order[13];
		char text[256];
		city_options *o;
		city_game *g = NULL;
		sizes[1] = n * 25 / 75;
		sizes[2] = n * 20 / 75;
		sizes[0] = n - sizes[1] - sizes[2];
		/* two identical street-less designs (a COUNT is at most 9) */
		if (n > 9)
			snprintf(text, sizeof text,
			         "tileset t\n1 9 " SCN_BLANK "\n14 %u " SCN_BLANK
			         "\n",
			         n - 9);
		else
			snprintf(text, sizeof text, "tileset t\n1 %u " SCN_BLANK "\n",
			         n);
		for (i = 0; i < n; i++)
			order[i] = i < 9 ? 1 : 14;
		o = scn_options(text, 2, order, n, 0, 0, 0);
		ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
		city_options_free(o);
		play_and_check_stacks(g, order, n, sizes);
		city_game_free(g);
	}
}
END_TEST

START_TEST(test_R_SET_4_bad_sizes_and_orders_rejected)
{
	city_options *o = NULL;
	city_game *g = NULL;
	static const int short_order[9] = {1, 7, 7, 1, 1, 7, 1, 7, 7};
	static const int wrong_mix[10] = {1, 7, 7, 1, 1, 7, 1, 7, 7, 7};
	static const int unknown[10] = {1, 7, 7, 1, 1, 7, 1, 7, 7, 2};

	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_stacks(o, 0, 5, 5), CITY_EINVAL);
	city_options_free(o);

	/* sizes that do not sum to the set's size */
	o = scn_options(TEN_TILES, 2, ten_order, 10, 3, 3, 3);
	ck_assert_int_eq(city_game_new(&g, o), CITY_EINVAL);
	ck_assert_ptr_null(g);
	city_options_free(o);
	o = scn_options(TEN_TILES, 2, ten_order, 10, 9, 1, 1);
	ck_assert_int_eq(city_game_new(&g, o), CITY_EINVAL);
	city_options_free(o);

	/* orders that are not a permutation of the set's instances */
	o = scn_options(TEN_TILES, 2, short_order, 9, 0, 0, 0);
	ck_assert_int_eq(city_game_new(&g, o), CITY_EINVAL);
	city_options_free(o);
	o = scn_options(TEN_TILES, 2, wrong_mix, 10, 0, 0, 0);
	ck_assert_int_eq(city_game_new(&g, o), CITY_EINVAL);
	city_options_free(o);
	o = scn_options(TEN_TILES, 2, unknown, 10, 0, 0, 0);
	ck_assert_int_eq(city_game_new(&g, o), CITY_EINVAL);
	city_options_free(o);
	ck_assert_ptr_null(g);

	ck_assert_int_eq(city_game_new(NULL, NULL), CITY_EINVAL);
}
END_TEST

START_TEST(test_R_SET_4_builtin_set_default_30_25_20)
{
	city_game *g = NULL;
	int design = 0, stack = 0;
	ck_assert_int_eq(city_game_new(&g, NULL), CITY_OK);
	ck_assert_int_eq(city_game_players(g), 2);
	ck_assert_int_eq(city_game_tiles_left(g, 1), 29);
	ck_assert_int_eq(city_game_tiles_left(g, 2), 25);
	ck_assert_int_eq(city_game_tiles_left(g, 3), 20);
	ck_assert_int_eq(city_game_current_tile(g, &design, &stack), CITY_OK);
	ck_assert_int_eq(stack, 1);
	scn_expect_legal(g, 4);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * R-RNG: the seeded order
 * ---------------------------------------------------------------------- */

/* The spec's shuffle, written from R-RNG: instances in design order, then
 * Fisher-Yates from the last index down. Returns the number of tiles. */
static size_t spec_order(const city_tileset *ts, uint64_t seed, int *out,
                         size_t cap)
{
	unsigned d, nd = city_tileset_design_count(ts);
	size_t n = 0, i;
	uint64_t st = seed;
	for (d = 0; d < nd; d++) {
		int c, cnt = city_tileset_design_count_of(ts, d);
		for (c = 0; c < cnt; c++) {
			ck_assert_uint_lt(n, cap);
			out[n++] = city_tileset_design_id(ts, d);
		}
	}
	for (i = n - 1; i >= 1; i--) {
		size_t j = (size_t)(test_rand(&st) % (uint64_t)(i + 1));
		int t = out[i];
		out[i] = out[j];
		out[j] = t;
	}
	return n;
}

/* Play the first legal move at every decision (passing followers) and
 * write the designs drawn, in draw order (discarded tiles included, from
 * the event log), until `want` draws are seen or the game ends. */
static size_t observe_draws(city_game *g, int *draws, size_t want)
{
	size_t n = 0;
	int seen = 0;
	while (n < want) {
		int d = city_game_decision(g), i, ne = city_game_event_count(g);
		for (i = seen; i < ne && n < want; i++) {
			city_event e;
			ck_assert_int_eq(city_game_event(g, (size_t)i, &e), CITY_OK);
			if (e.kind == CITY_EVENT_DISCARD)
				draws[n++] = e.design;
		}
		seen = ne;
		if (d == CITY_DECISION_END || n >= want)
			break;
		if (d == CITY_DECISION_TILE) {
			city_move mv[1];
			size_t cnt = 0;
			int design = 0;
			ck_assert_int_eq(city_game_current_tile(g, &design, NULL),
			                 CITY_OK);
			draws[n++] = design;
			city_legal_moves(g, mv, 1, &cnt);
			ck_assert_uint_gt(cnt, 0);
			ck_assert_int_eq(city_apply_move(g, &mv[0]), CITY_OK);
		} else if (d == CITY_DECISION_FOLLOWER) {
			scn_play(g, "pass");
		} else {
			ck_abort_msg("unexpected decision %d in stack 1", d);
		}
	}
	return n;
}

START_TEST(test_R_RNG_splitmix_vectors)
{
	/* Our own generator against the spec's vectors (so the next tests
	 * compare the engine with a correct reference). */
	uint64_t st = 1234567;
	ck_assert(test_rand(&st) == UINT64_C(6457827717110365317));
	ck_assert(test_rand(&st) == UINT64_C(3203168211198807973));
	ck_assert(test_rand(&st) == UINT64_C(9817491932198370423));
}
END_TEST

START_TEST(test_R_RNG_seed_42_builtin_first_draws)
{
	static const int want[20] = {2,  36, 42, 4,  21, 2,  3, 43, 37, 12,
	                             60, 54, 6,  44, 1,  34, 13, 5, 58, 51};
	int ref[255], draws[30];
	size_t n, i;
	city_options *o = NULL;
	city_game *g = NULL;

	/* The reference shuffle reproduces the spec's vector ... */
	n = spec_order(city_tileset_default(), 42, ref, 255);
	ck_assert_uint_eq(n, 75);
	for (i = 0; i < 20; i++)
		ck_assert_int_eq(ref[i], want[i]);

	/* ... and the engine draws it: all 30 tiles of stack 1. */
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_seed(o, 42), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	city_options_free(o);
	{
		int design = 0, stack = 0;
		ck_assert_int_eq(city_game_current_tile(g, &design, &stack),
		                 CITY_OK);
		ck_assert_int_eq(design, 2);
		ck_assert_int_eq(stack, 1);
	}
	n = observe_draws(g, draws, 30);
	ck_assert_uint_eq(n, 30);
	for (i = 0; i < n; i++)
		ck_assert_msg(draws[i] == ref[i], "draw %zu: design %d, expected %d",
		              i, draws[i], ref[i]);
	city_game_free(g);
}
END_TEST

START_TEST(test_R_RNG_custom_set_seeded_order)
{
	/* Ten distinct street-less designs; any seed: the engine's order is
	 * the spec's shuffle of the instance list 1,2,2,3,3,3,4,4,4,4. */
	static const char *text = "tileset t\n"
	                          "1 1 " SCN_BLANK "\n"
	                          "2 2 " SCN_MKT_F "\n"
	                          "3 3 " SCN_MKT_G "\n"
	                          "4 4 " SCN_MKT_L "\n";
	static const uint64_t seeds[3] = {0, 7, UINT64_C(18446744073709551615)};
	size_t k;
	city_tileset *ts = scn_tileset(text);
	for (k = 0; k < 3; k++) {
		int ref[16], draws[16];
		size_t n, i;
		city_options *o = NULL;
		city_game *g = NULL;
		n = spec_order(ts, seeds[k], ref, 16);
		ck_assert_uint_eq(n, 10);
		ck_assert_int_eq(city_options_new(&o), CITY_OK);
		ck_assert_int_eq(city_options_set_tileset(o, ts), CITY_OK);
		ck_assert_int_eq(city_options_set_seed(o, seeds[k]), CITY_OK);
		ck_assert_int_eq(city_options_set_stacks(o, 10, 0, 0), CITY_OK);
		ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
		city_options_free(o);
		n = observe_draws(g, draws, 10);
		ck_assert_uint_eq(n, 10);
		for (i = 0; i < n; i++)
			ck_assert_msg(draws[i] == ref[i],
			              "seed %" PRIu64 " draw %zu: %d, expected %d",
			              seeds[k], i, draws[i], ref[i]);
		city_game_free(g);
	}
	city_tileset_free(ts);
}
END_TEST

START_TEST(test_R_SET_4_seed_clears_explicit_order)
{
	/* set_order then set_seed: the seeded order is used. */
	static const char *text = "tileset t\n"
	                          "1 1 " SCN_BLANK "\n"
	                          "2 2 " SCN_MKT_F "\n"
	                          "3 3 " SCN_MKT_G "\n"
	                          "4 4 " SCN_MKT_L "\n";
	static const int explicit_order[10] = {4, 4, 4, 4, 3, 3, 3, 2, 2, 1};
	city_tileset *ts = scn_tileset(text);
	int ref[16], draws[16];
	size_t n, i;
	city_options *o = NULL;
	city_game *g = NULL;
	n = spec_order(ts, 99, ref, 16);
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_tileset(o, ts), CITY_OK);
	ck_assert_int_eq(city_options_set_order(o, explicit_order, 10), CITY_OK);
	ck_assert_int_eq(city_options_set_seed(o, 99), CITY_OK);
	ck_assert_int_eq(city_options_set_stacks(o, 10, 0, 0), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	city_options_free(o);
	n = observe_draws(g, draws, 10);
	ck_assert_uint_eq(n, 10);
	for (i = 0; i < n; i++)
		ck_assert_int_eq(draws[i], ref[i]);
	city_game_free(g);
	city_tileset_free(ts);
}
END_TEST

/* ------------------------------------------------------------------------
 * R-ERR-1, R-ERR-2: statuses, atomicity
 * ---------------------------------------------------------------------- */

START_TEST(test_R_ERR_1_wrong_decision_changes_nothing)
{
	static const int order[] = {2, 2, 1};
	city_game *g = scn_game("tileset t\n1 1 " SCN_BLANK "\n2 2 " SCN_DEAD
	                        "\n",
	                        2, order, N_OF(order));
	scn_snapshot s;
	city_move mv;

	/* Tile decision: follower, pass, walls, guards, towers are refused. */
	scn_snap(g, &s);
	scn_refused(g, &s, city_place_follower(g, 'a'), CITY_EDECISION,
	            "R-TURN-1: the game waits for a tile placement, not a "
	            "follower");
	scn_refused(g, &s, city_pass(g), CITY_EDECISION,
	            "R-TURN-1: a tile placement cannot be passed");
	scn_refused(g, &s, city_build_gate(g, 0, 0, CITY_SIDE_N),
	            CITY_EDECISION,
	            "R-TURN-1: the game waits for a tile placement, not a "
	            "gate");
	scn_refused(g, &s, city_build_wall(g, CITY_END_CW), CITY_EDECISION,
	            "R-TURN-1: the game waits for a tile placement, not a "
	            "wall piece");
	scn_refused(g, &s, city_place_guard(g), CITY_EDECISION,
	            "R-TURN-1: the game waits for a tile placement, not a "
	            "guard");
	scn_refused(g, &s, city_place_tower(g, CITY_END_CCW), CITY_EDECISION,
	            "R-TURN-1: the game waits for a tile placement, not a "
	            "tower");
	memset(&mv, 0, sizeof mv);
	mv.kind = CITY_MOVE_PASS;
	scn_refused(g, &s, city_apply_move(g, &mv), CITY_EDECISION,
	            "R-TURN-1: a tile placement cannot be passed");
	ck_assert_int_eq(city_score_final(g), CITY_ENOTENDED);
	scn_snap_free(&s);

	/* Follower decision: a tile placement is refused. */
	scn_play(g, "place 0 0 0");
	scn_snap(g, &s);
	scn_refused(g, &s, city_place_tile(g, 1, 0, 2), CITY_EDECISION,
	            "R-TURN-1: the game waits for a follower, not a tile "
	            "placement");
	memset(&mv, 0, sizeof mv);
	mv.kind = CITY_MOVE_PLACE;
	mv.x = 1;
	mv.rotation = 2;
	scn_refused(g, &s, city_apply_move(g, &mv), CITY_EDECISION,
	            "R-TURN-1: the game waits for a follower, not a tile "
	            "placement");
	scn_refused(g, &s, city_place_guard(g), CITY_EDECISION,
	            "R-TURN-1: the game waits for a follower, not a guard");
	scn_snap_free(&s);

	/* The generic form works like the named call. */
	memset(&mv, 0, sizeof mv);
	mv.kind = CITY_MOVE_FOLLOWER;
	mv.part = '1';
	ck_assert_int_eq(city_apply_move(g, &mv), CITY_OK);
	scn_expect(g, CITY_DECISION_TILE, 1);
	ck_assert_int_eq(scn_supply(g, 0), 6);

	/* NULL handles. */
	ck_assert_int_eq(city_place_tile(NULL, 0, 0, 0), CITY_EINVAL);
	ck_assert_int_eq(city_place_follower(NULL, 'a'), CITY_EINVAL);
	ck_assert_int_eq(city_pass(NULL), CITY_EINVAL);
	ck_assert_int_eq(city_game_decision(NULL), CITY_EINVAL);
	ck_assert_int_eq(city_score_final(NULL), CITY_EINVAL);
	ck_assert_ptr_nonnull(city_game_last_error(NULL));
	{
		size_t n = 0;
		ck_assert_int_eq(city_legal_moves(NULL, NULL, 0, &n), CITY_EINVAL);
	}
	city_game_free(g);
}
END_TEST

START_TEST(test_R_ERR_2_last_error_names_rule)
{
	static const int order[] = {2, 1};
	city_game *g = scn_game("tileset t\n1 1 " SCN_BLANK "\n2 1 " SCN_DEAD
	                        "\n",
	                        2, order, N_OF(order));
	ck_assert_str_eq(city_game_last_error(g), "");
	scn_play(g, "place 0 0 0; pass");
	ck_assert_int_eq(city_place_tile(g, 1, 0, 0), CITY_EILLEGAL);
	ck_assert_ptr_nonnull(strstr(city_game_last_error(g), "R-TILE-2"));
	ck_assert_int_eq(city_place_tile(g, 3, 3, 0), CITY_EILLEGAL);
	ck_assert_ptr_nonnull(strstr(city_game_last_error(g), "R-TILE-1"));
	city_game_free(g);
}
END_TEST

START_TEST(test_R_ERR_1_calls_after_end_return_eended)
{
	static const int order[] = {1};
	city_game *g = scn_game("tileset t\n1 1 " SCN_BLANK "\n", 2, order, 1);
	scn_snapshot s;
	scn_play(g, "place 0 0 0; pass");
	scn_expect_ended(g, CITY_ENDED_TILES);
	ck_assert_int_eq(city_game_tiles_left(g, 1), 0);
	scn_expect_legal(g, 0);
	scn_snap(g, &s);
	scn_refused(g, &s, city_place_tile(g, 1, 0, 0), CITY_EENDED,
	            "R-END-1: the game has ended");
	scn_refused(g, &s, city_place_follower(g, 'a'), CITY_EENDED,
	            "R-END-1: the game has ended");
	scn_refused(g, &s, city_pass(g), CITY_EENDED,
	            "R-END-1: the game has ended");
	scn_refused(g, &s, city_build_wall(g, CITY_END_CW), CITY_EENDED,
	            "R-END-1: the game has ended");
	scn_snap_free(&s);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * Rule options (R-OPT) through the options builder
 * ---------------------------------------------------------------------- */

START_TEST(test_R_OPT_defaults_and_set_rule_ranges)
{
	city_options *o = NULL;
	city_game *g = NULL;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_get_rule(o, CITY_RULE_WALL_TRIGGER),
	                 CITY_TRIGGER_OCCUPIED);
	ck_assert_int_eq(city_options_get_rule(o, CITY_RULE_FIRST_ROUND_GUARDS),
	                 1);
	ck_assert_int_eq(city_options_get_rule(o, CITY_RULE_RETURNED_GUARD), 1);
	ck_assert_int_eq(city_options_get_rule(o, CITY_RULE_CLOSING_TOWER), 1);
	ck_assert_int_eq(city_options_get_rule(o, CITY_RULE_END_GAP), 5);
	ck_assert_int_eq(city_options_get_rule(o, 0), CITY_EINVAL);
	/* 6..14 are the rules of Carcassonne (C-OPT, T-OPT, V-OPT) */
	ck_assert_int_eq(city_options_get_rule(o, CITY_RULE_RIVER_START),
	                 CITY_RIVER_SHUFFLE);
	ck_assert_int_eq(city_options_get_rule(o, 15), CITY_EINVAL);
	ck_assert_int_eq(city_options_get_rule(NULL, 1), CITY_EINVAL);

	ck_assert_int_eq(city_options_set_rule(o, 0, 0), CITY_EINVAL);
	ck_assert_int_eq(city_options_set_rule(o, 15, 0), CITY_EINVAL);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_WALL_TRIGGER, 2),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_WALL_TRIGGER, -1),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_CLOSING_TOWER, 2),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_END_GAP, 21),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_END_GAP, -1),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_options_set_rule(NULL, CITY_RULE_END_GAP, 1),
	                 CITY_EINVAL);
	/* a refused value leaves the old one */
	ck_assert_int_eq(city_options_get_rule(o, CITY_RULE_END_GAP), 5);

	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_END_GAP, 0), CITY_OK);
	ck_assert_int_eq(city_options_get_rule(o, CITY_RULE_END_GAP), 0);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_END_GAP, 20),
	                 CITY_OK);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_WALL_TRIGGER,
	                                       CITY_TRIGGER_ANY),
	                 CITY_OK);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_FIRST_ROUND_GUARDS,
	                                       0),
	                 CITY_OK);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_RETURNED_GUARD, 0),
	                 CITY_OK);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_CLOSING_TOWER, 0),
	                 CITY_OK);

	/* the game takes the options' rules */
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	test_expect_city_rules(g, (const int[]){CITY_TRIGGER_ANY, 0, 0, 0, 20});
	ck_assert_int_eq(city_game_rule(g, 0), CITY_EINVAL);
	city_game_free(g);

	/* the game's rules are copied: changing the options later does not
	 * change the game */
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_END_GAP, 3), CITY_OK);
	ck_assert_int_eq(city_game_rule(g, CITY_RULE_END_GAP), 20);
	city_game_free(g);
	city_options_free(o);

	/* defaults in a game made without options */
	ck_assert_int_eq(city_game_new(&g, NULL), CITY_OK);
	test_expect_city_rules(g,
	                       (const int[]){CITY_TRIGGER_OCCUPIED, 1, 1, 1, 5});
	city_game_free(g);
}
END_TEST

START_TEST(test_R_OPT_parse_rule_text)
{
	static const struct {
		const char *text;
		int rule, value;
	} good[] = {
		{"wall_trigger=any", CITY_RULE_WALL_TRIGGER, CITY_TRIGGER_ANY},
		{"wall_trigger=occupied", CITY_RULE_WALL_TRIGGER,
		 CITY_TRIGGER_OCCUPIED},
		{"first_round_guards=no", CITY_RULE_FIRST_ROUND_GUARDS, 0},
		{"first_round_guards=yes", CITY_RULE_FIRST_ROUND_GUARDS, 1},
		{"returned_guard=no", CITY_RULE_RETURNED_GUARD, 0},
		{"returned_guard=yes", CITY_RULE_RETURNED_GUARD, 1},
		{"closing_tower=no", CITY_RULE_CLOSING_TOWER, 0},
		{"closing_tower=yes", CITY_RULE_CLOSING_TOWER, 1},
		{"end_gap=3", CITY_RULE_END_GAP, 3},
		{"end_gap=0", CITY_RULE_END_GAP, 0},
		{"end_gap=20", CITY_RULE_END_GAP, 20},
		{"end_gap=5", CITY_RULE_END_GAP, 5},
	};
	static const char *const bad[] = {
		"end_gap=21", "end_gap=-1", "end_gap=", "end_gap=x",
		"end_gap=3x", "wall_trigger=all", "wall_trigger",
		"first_round_guards=maybe", "closing_tower=1x", "bogus=1",
		"=yes", "", "Wall_trigger=any", "wall_trigger=ANY",
	};
	city_options *o = NULL;
	size_t i;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	for (i = 0; i < N_OF(good); i++) {
		ck_assert_msg(city_options_parse_rule(o, good[i].text) == CITY_OK,
		              "\"%s\" refused", good[i].text);
		ck_assert_int_eq(city_options_get_rule(o, good[i].rule),
		                 good[i].value);
	}
	/* now: wall_trigger=occupied, guards yes, returned yes, tower yes,
	 * end_gap 5 */
	for (i = 0; i < N_OF(bad); i++) {
		ck_assert_msg(city_options_parse_rule(o, bad[i]) == CITY_EPARSE,
		              "\"%s\" accepted", bad[i]);
		ck_assert_int_eq(city_options_get_rule(o, CITY_RULE_END_GAP), 5);
		ck_assert_int_eq(city_options_get_rule(o, CITY_RULE_WALL_TRIGGER),
		                 CITY_TRIGGER_OCCUPIED);
		ck_assert_int_eq(
		        city_options_get_rule(o, CITY_RULE_FIRST_ROUND_GUARDS), 1);
		ck_assert_int_eq(city_options_get_rule(o, CITY_RULE_CLOSING_TOWER),
		                 1);
	}
	ck_assert_int_eq(city_options_parse_rule(o, NULL), CITY_EINVAL);
	ck_assert_int_eq(city_options_parse_rule(NULL, "end_gap=3"),
	                 CITY_EINVAL);
	city_options_free(o);
}
END_TEST

/* ------------------------------------------------------------------------ */

static Suite *rules_place_suite(void)
{
	Suite *s = suite_create("rules_place");
	TCase *t;

	t = tcase_create("setup");
	tcase_add_test(t, test_R_SET_2_supplies_per_player_count);
	tcase_add_test(t, test_R_SET_1_players_range);
	tcase_add_test(t, test_R_SET_1_turn_order_three_players);
	tcase_add_test(t, test_R_TURN_2_start_tile_four_rotations_at_origin);
	suite_add_tcase(s, t);

	t = tcase_create("placement");
	tcase_add_test(t, test_R_TILE_1_must_touch_a_side_of_a_placed_tile);
	tcase_add_test(t,
	               test_R_TILE_2_street_must_continue_blank_after_dead_end);
	tcase_add_test(t, test_R_TILE_2_dead_end_after_dead_end_counts_ten);
	tcase_add_test(t, test_R_TILE_2_straight_after_dead_end_sorted_list);
	tcase_add_test(t, test_R_GEO_3_rotation_is_clockwise);
	tcase_add_test(t, test_R_FOL_1_follower_moves_in_part_order);
	tcase_add_test(t, test_R_TILE_5_hole_may_be_filled);
	tcase_add_test(t, test_R_GEO_8_hole_once_enclosed_on_four_sides);
	suite_add_tcase(s, t);

	t = tcase_create("draws");
	tcase_add_test(t, test_R_TURN_4_unplayable_tile_discarded_then_R_END_1b);
	tcase_add_test(t,
	               test_R_TURN_4_playable_tile_is_not_discarded);
	tcase_add_test(t, test_R_TURN_4_consecutive_discards_same_player);
	tcase_add_test(t, test_R_SET_4_default_split_ten_tiles_is_5_3_2);
	tcase_add_test(t, test_R_SET_4_explicit_sizes_empty_stack_skipped);
	tcase_add_test(t, test_R_SET_4_explicit_sizes_all_in_stack_one);
	tcase_add_test(t, test_R_SET_4_proportional_split_small_sets);
	tcase_add_test(t, test_R_SET_4_bad_sizes_and_orders_rejected);
	tcase_add_test(t, test_R_SET_4_builtin_set_default_30_25_20);
	tcase_add_test(t, test_R_RNG_splitmix_vectors);
	tcase_add_test(t, test_R_RNG_seed_42_builtin_first_draws);
	tcase_add_test(t, test_R_RNG_custom_set_seeded_order);
	tcase_add_test(t, test_R_SET_4_seed_clears_explicit_order);
	suite_add_tcase(s, t);

	t = tcase_create("errors");
	tcase_add_test(t, test_R_ERR_1_wrong_decision_changes_nothing);
	tcase_add_test(t, test_R_ERR_2_last_error_names_rule);
	tcase_add_test(t, test_R_ERR_1_calls_after_end_return_eended);
	suite_add_tcase(s, t);

	t = tcase_create("options");
	tcase_add_test(t, test_R_OPT_defaults_and_set_rule_ranges);
	tcase_add_test(t, test_R_OPT_parse_rule_text);
	suite_add_tcase(s, t);
	return s;
}

TEST_MAIN(rules_place_suite)
