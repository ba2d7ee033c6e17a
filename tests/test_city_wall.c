/*
 * The wall ring: contour, gate, wall pieces, guards, towers, wall rounds
 * (R-GEO-8, R-TILE-3/4, R-WALL-1..7, R-OPT-1..4).
 *
 * Every expectation here is computed by hand from docs/spec rules.md, never
 * taken from the engine. Boards are drawn with x growing east and y growing
 * south; a contour side is written "(x,y)S" for side S of the tile at
 * (x, y). The contour is walked clockwise (the city on the walker's right:
 * a tile's north side from west to east); the wall chain is indexed from
 * the ccw end (0) to the cw end.
 *
 * Tile designs used (tileset.md):
 *   plain   `a-a a-a a-a a-a a=R`          residential only, no street
 *   market  `b-b a-a a-a a-a a=R b=F`      a fish market on design side N;
 *           placed with rotation 1 the market faces east
 *   street  `a1a a-a a-a a-a a=R`          a street from side N ending on
 *           the tile
 *   steward `a-a a-a a-a a-a a=R b=R`      plain with an interior
 *           residential region b (a fresh feature on every tile)
 * A market touching one side is complete when that side is faced by any
 * tile or closed by a wall piece or the gate (R-DONE-2): 1 tile x 1 kind =
 * 1 point (R-SCORE-2). A street ending on its tile and closed on its one
 * side scores 1 (R-SCORE-1).
 */
#include "common.h"
#include "internal_checks.h"
#include "scenario.h"

/* ------------------------------------------------------------------ */
/* R-GEO-8, R-WALL-3, R-WALL-4, R-OPT-4: an L-shaped city walled all round.
 *
 *        x=0   x=1
 *  y=0  [ A ] [ B ]        A: market, facing east (rotation 1), seller p0
 *  y=1  [ C ]              B, C: plain
 *
 * Order A C B, stacks 2 0 1: B is a stack-3 tile; it faces A's market and
 * completes it with p0's seller in it, so p0 scores 1 and (R-WALL-1) a
 * first wall round starts with p0 as trigger player. 2 players, stack 3:
 * shares 2 x 2 = 4 each, order p0 p1 p0 p1 p0 p1 p0 p1, p0's first piece
 * the gate (R-WALL-2/3).
 *
 * Contour, clockwise from A's north side (8 sides):
 *   (0,0)N -straight- (1,0)N -convex- (1,0)E -convex- (1,0)S -concave-
 *   (0,1)E -convex- (0,1)S -convex- (0,1)W -straight- (0,0)W -convex-
 *   back to (0,0)N.
 * Gate on (1,0)S. Then:
 *   p1 cw  -> (0,1)E   next side after a concave corner
 *   p0 cw  -> (0,1)S   after a convex corner
 *   p1 ccw -> (1,0)E   backwards over a convex corner
 *   p0 cw  -> (0,1)W   convex
 *   p1 cw  -> (0,0)W   after a straight vertex
 *   p0 ccw -> (1,0)N   backwards, convex
 *   p1 cw  -> (0,0)N   the last side: the ring closes with the 8th piece
 * Chain from the ccw end: (1,0)N (1,0)E gate(1,0)S (0,1)E (0,1)S (0,1)W
 * (0,0)W (0,0)N. Since the gate the cw arm has 5 pieces and the ccw arm 2
 * (R-WALL-7, R-OPT-4). */
static const char L_TILES[] = "tileset wall-l\n"
                              "1 2 a-a a-a a-a a-a a=R\n"
                              "2 1 b-b a-a a-a a-a a=R b=F\n";
static const int L_ORDER[] = {2, 1, 1};

static city_game *l_city_to_gate(int closing_tower)
{
	const char *const rules[] = {
	        closing_tower ? "closing_tower=yes" : "closing_tower=no", NULL};
	city_game *g = scn_city_game(L_TILES, 2, L_ORDER, 3, 2, 0, 1, rules);
	scn_play(g, "p0 place 0 0 1");
	ck_assert_int_eq(city_contour_length(g), 4);
	scn_play(g, "p0 follower b");
	scn_play(g, "p1 place 0 1 0");
	ck_assert_int_eq(city_contour_length(g), 6);
	scn_play(g, "p1 follower pass");
	scn_play(g, "p0 place 1 0 0");
	ck_assert_int_eq(city_contour_length(g), 8);
	scn_play(g, "p0 follower pass");
	return g;
}

START_TEST(l_city_contour_and_first_round_order)
{
	city_game *g = l_city_to_gate(1);

	/* A's market scored for p0 when B was placed; the round starts. */
	ck_assert_int_eq(city_game_score(g, 0), 1);
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_MARKETS), 1);
	ck_assert_int_eq(city_game_decision(g), CITY_DECISION_GATE);
	ck_assert_int_eq(city_game_player(g), 0);
	ck_assert_uint_eq(scn_legal_count(g), 8);
	ck_assert_int_eq(city_wall_length(g), 0);
	ck_assert_int_eq(city_wall_end(g, CITY_END_CW), CITY_ENOTFOUND);
	ck_assert_int_eq(city_wall_gap(g), CITY_ENOTFOUND);
	ck_assert_int_eq(city_game_cell(g, 1, 1), CITY_CELL_EXTERIOR);

	scn_play(g, "p0 gate 1 0 S");
	scn_expect_piece(g, 0, 1, 0, 'S', 1, -1);
	ck_assert_int_eq(city_wall_end(g, CITY_END_CW), 0);
	ck_assert_int_eq(city_wall_end(g, CITY_END_CCW), 0);
	ck_assert_int_eq(city_wall_gap(g), 7);
	ck_assert_int_eq(city_game_walls_left(g), 70); /* the gate is extra */

	/* The gate holds no guard: the next decision is p1's wall. */
	scn_play(g, "p1 wall cw");
	scn_expect_end(g, CITY_END_CW, 1, 0, 1, 'E'); /* concave corner */
	scn_expect_end(g, CITY_END_CCW, 0, 1, 0, 'S');
	scn_play(g, "p1 guard pass; p0 wall cw");
	scn_expect_end(g, CITY_END_CW, 2, 0, 1, 'S'); /* convex corner */
	scn_play(g, "p0 guard pass; p1 wall ccw");
	/* ccw over a convex corner */
	scn_expect_end(g, CITY_END_CCW, 0, 1, 0, 'E');
	/* indices shift by one */
	scn_expect_end(g, CITY_END_CW, 3, 0, 1, 'S');
	scn_play(g, "p1 guard pass; p0 wall cw");
	scn_expect_end(g, CITY_END_CW, 4, 0, 1, 'W');
	scn_play(g, "p0 guard pass; p1 wall cw");
	scn_expect_end(g, CITY_END_CW, 5, 0, 0, 'W'); /* straight vertex */
	scn_play(g, "p1 guard pass; p0 wall ccw");
	scn_expect_end(g, CITY_END_CCW, 0, 1, 0, 'N');
	ck_assert_int_eq(city_wall_gap(g), 1);
	scn_play(g, "p0 guard pass");
	/* One side left: both ends would fill it, still 2 legal moves. */
	ck_assert_int_eq(city_game_decision(g), CITY_DECISION_WALL);
	ck_assert_int_eq(city_game_player(g), 1);
	ck_assert_uint_eq(scn_legal_count(g), 2);
	scn_play(g, "p1 wall cw");
	ck_assert_int_eq(city_wall_gap(g), 0);
	ck_assert_int_eq(city_wall_length(g), 8);
	scn_expect_piece(g, 0, 1, 0, 'N', 0, -1);
	scn_expect_piece(g, 1, 1, 0, 'E', 0, -1);
	scn_expect_piece(g, 2, 1, 0, 'S', 1, -1);
	scn_expect_piece(g, 3, 0, 1, 'E', 0, -1);
	scn_expect_piece(g, 4, 0, 1, 'S', 0, -1);
	scn_expect_piece(g, 5, 0, 1, 'W', 0, -1);
	scn_expect_piece(g, 6, 0, 0, 'W', 0, -1);
	scn_expect_piece(g, 7, 0, 0, 'N', 0, -1);
	ck_assert_int_eq(city_wall_end(g, CITY_END_CW), 7);
	ck_assert_int_eq(city_wall_end(g, CITY_END_CCW), 0);
	ck_assert_int_eq(city_game_walls_left(g), 63);
	scn_play(g, "p1 guard pass");
	city_game_free(g);
}
END_TEST

/* R-WALL-3: the gate goes on a contour side only; refused calls change
 * nothing (R-ERR-1) and name the rule (R-ERR-2). */
START_TEST(gate_only_on_contour_side)
{
	city_game *g = l_city_to_gate(1);
	scn_snapshot s;
	scn_snap(g, &s);
	/* (0,0)E faces B and (0,0)S faces C: no contour sides. */
	scn_refused(g, &s, city_build_gate(g, 0, 0, CITY_SIDE_E), CITY_EILLEGAL,
	            "R-WALL-3: the east side of tile (0,0) is not on the "
	            "contour (it faces a tile)");
	scn_refused(g, &s, city_build_gate(g, 0, 0, CITY_SIDE_S), CITY_EILLEGAL,
	            "R-WALL-3: the south side of tile (0,0) is not on the "
	            "contour (it faces a tile)");
	/* Not the decision for a wall piece, a guard or a tower. */
	scn_refused(g, &s, city_build_wall(g, CITY_END_CW), CITY_EDECISION,
	            "R-TURN-1: the game waits for a gate, not a wall piece");
	scn_refused(g, &s, city_place_guard(g), CITY_EDECISION,
	            "R-TURN-1: the game waits for a gate, not a guard");
	scn_refused(g, &s, city_place_tower(g, CITY_END_CW), CITY_EDECISION,
	            "R-TURN-1: the game waits for a gate, not a tower");
	scn_snap_free(&s);
	city_game_free(g);
}
END_TEST

/* R-OPT-4: the ring closed during the round. _i = 0: tower cw scores the
 * cw arm (5), _i = 1: tower ccw scores the ccw arm (2), _i = 2: the rule
 * is off and the tower decision is not asked. */
START_TEST(l_city_closing_tower)
{
	static const char *const round[] = {
	        "p0 gate 1 0 S", "p1 wall cw", "p1 guard pass", "p0 wall cw",
	        "p0 guard pass", "p1 wall ccw", "p1 guard pass", "p0 wall cw",
	        "p0 guard pass", "p1 wall cw", "p1 guard pass", "p0 wall ccw",
	        "p0 guard pass", "p1 wall cw", "p1 guard pass", NULL};
	city_game *g = l_city_to_gate(_i == 2 ? 0 : 1);
	int player = -1, end = -1, piece = -1, points = -1, towers = -1;
	scn_play_steps(g, round);
	ck_assert_int_eq(city_wall_gap(g), 0);
	if (_i == 2) {
		ck_assert_int_eq(city_game_decision(g), CITY_DECISION_END);
		ck_assert_int_eq(city_tower_count(g), 0);
		ck_assert_int_eq(city_game_score(g, 0), 1);
	} else {
		ck_assert_int_eq(city_game_decision(g), CITY_DECISION_TOWER);
		ck_assert_int_eq(city_game_player(g), 0);
		ck_assert_uint_eq(scn_legal_count(g), 3); /* cw, ccw, pass */
		scn_play(g, _i == 0 ? "p0 tower cw" : "p0 tower ccw");
		ck_assert_int_eq(city_tower_count(g), 1);
		ck_assert_int_eq(city_tower(g, 0, &player, &end, &piece, &points),
		                 CITY_OK);
		ck_assert_int_eq(player, 0);
		ck_assert_int_eq(end, _i == 0 ? CITY_END_CW : CITY_END_CCW);
		ck_assert_int_eq(piece, _i == 0 ? 7 : 0);
		ck_assert_int_eq(points, _i == 0 ? 5 : 2);
		ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_TOWERS),
		                 points);
		ck_assert_int_eq(city_game_score(g, 0), 1 + points);
		ck_assert_int_eq(city_game_supply(g, 0, NULL, &towers), CITY_OK);
		ck_assert_int_eq(towers, 5);
	}
	/* Ring closed (gap 0 <= 5) and no tile left: R-END-1 (b) and (c). */
	scn_expect_ended(g, CITY_ENDED_GAP | CITY_ENDED_TILES);
	ck_assert_int_eq(city_game_player(g), 0);
	ck_assert_int_eq(city_score_final(g), CITY_OK);
	scn_expect_invariants(g);
	ck_assert_int_eq(city_game_score(g, 0), _i == 0 ? 6 : _i == 1 ? 3 : 1);
	ck_assert_int_eq(city_game_score(g, 1), 0);
	scn_expect_winners(g, 1u);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* R-GEO-8: two tiles touching only at a corner; the free cell between them
 * on the city side is a hole and the contour follows the other one.
 *
 *        x=0   x=1   x=2
 *  y=0  [ A ] [ B ] [ C ]
 *  y=1  [ D ]  hole [ E ]
 *  y=2  [ F ] [ G ]  .        F: market facing east, seller p1
 *
 * G (1,2) and E (2,1) touch only at the vertex (2,2); of the free cells
 * (1,1) and (2,2), (1,1) is enclosed by B, D, E, G: a hole. Contour
 * (12 sides): (0,0)N (1,0)N (2,0)N (2,0)E (2,1)E (2,1)S (1,2)E (1,2)S
 * (0,2)S (0,2)W (0,1)W (0,0)W. (2,1)S is followed by (1,2)E (a concave
 * turn through the open cell (2,2)); (1,0)S, (0,1)E, (2,1)W, (1,2)N face
 * the hole and are no contour sides.
 * Before G the U is open: 6 tiles, 5 shared sides, contour 24 - 10 = 14.
 * G (stack 2, p0) completes F's market: p1 scores 1, p0 is the trigger
 * player. 2 players, stack 2: gate p0, walls p1 p0 p1. */
static const char HOLE_TILES[] = "tileset wall-hole\n"
                                 "1 6 a-a a-a a-a a-a a=R\n"
                                 "2 1 b-b a-a a-a a-a a=R b=F\n";
static const int HOLE_ORDER[] = {1, 1, 1, 1, 1, 2, 1};

START_TEST(corner_contact_hole_and_contour)
{
	static const char *const build[] = {
	        "p0 place 0 0 0", "p0 follower pass", "p1 place 1 0 0",
	        "p1 follower pass", "p0 place 2 0 0", "p0 follower pass",
	        "p1 place 0 1 0", "p1 follower pass", "p0 place 2 1 0",
	        "p0 follower pass", "p1 place 0 2 1", "p1 follower b", NULL};
	static const char *const round[] = {
	        "p0 gate 2 1 S", "p1 wall cw", "p1 guard pass", "p0 wall ccw",
	        "p0 guard pass", "p1 wall cw", "p1 guard pass", NULL};
	static const int hole_sides[4][3] = {
	        {1, 0, CITY_SIDE_S},
	        {0, 1, CITY_SIDE_E},
	        {2, 1, CITY_SIDE_W},
	        {1, 2, CITY_SIDE_N}};
	static const char *const hole_refusals[4] = {
	        "R-WALL-3: the south side of tile (1,0) is not on the contour "
	        "(it faces a hole)",
	        "R-WALL-3: the east side of tile (0,1) is not on the contour "
	        "(it faces a hole)",
	        "R-WALL-3: the west side of tile (2,1) is not on the contour "
	        "(it faces a hole)",
	        "R-WALL-3: the north side of tile (1,2) is not on the contour "
	        "(it faces a hole)"};
	city_game *g =
	        scn_city_game(HOLE_TILES, 2, HOLE_ORDER, 7, 6, 1, 0, NULL);
	scn_snapshot s;
	int i, player = -1, end = -1, piece = -1, points = -1;

	scn_play_steps(g, build);
	ck_assert_int_eq(city_game_cell(g, 1, 1), CITY_CELL_EXTERIOR);
	ck_assert_int_eq(city_contour_length(g), 14);
	scn_play(g, "p0 place 1 2 0; p0 follower pass");
	ck_assert_int_eq(city_game_cell(g, 1, 1), CITY_CELL_HOLE);
	ck_assert_int_eq(city_game_cell(g, 2, 2), CITY_CELL_EXTERIOR);
	ck_assert_int_eq(city_game_cell(g, 1, 3), CITY_CELL_EXTERIOR);
	ck_assert_int_eq(city_game_cell(g, -5, 7), CITY_CELL_EXTERIOR);
	ck_assert_int_eq(city_game_cell(g, 1, 2), CITY_CELL_TILE);
	ck_assert_int_eq(city_contour_length(g), 12);
	ck_assert_int_eq(city_game_score(g, 1), 1);
	ck_assert_int_eq(city_game_decision(g), CITY_DECISION_GATE);
	ck_assert_int_eq(city_game_player(g), 0);
	ck_assert_uint_eq(scn_legal_count(g), 12);

	/* R-WALL-3: never against a hole. */
	scn_snap(g, &s);
	for (i = 0; i < 4; i++) {
		scn_refused(g, &s,
		            city_build_gate(g, hole_sides[i][0],
		                            hole_sides[i][1], hole_sides[i][2]),
		            CITY_EILLEGAL, hole_refusals[i]);
	}
	scn_snap_free(&s);

	scn_play(g, "%s", round[0]);
	scn_play(g, "%s", round[1]);
	/* across the corner contact */
	scn_expect_end(g, CITY_END_CW, 1, 1, 2, 'E');
	scn_play_steps(g, round + 2);
	scn_expect_piece(g, 0, 2, 1, 'E', 0, -1);
	scn_expect_piece(g, 1, 2, 1, 'S', 1, -1);
	scn_expect_piece(g, 2, 1, 2, 'E', 0, -1);
	scn_expect_piece(g, 3, 1, 2, 'S', 0, -1);
	ck_assert_int_eq(city_wall_gap(g), 8);
	ck_assert_int_eq(city_game_decision(g), CITY_DECISION_TOWER);
	ck_assert_int_eq(city_game_player(g), 0);
	ck_assert_uint_eq(scn_legal_count(g), 3);
	scn_play(g, "p0 tower cw");
	ck_assert_int_eq(city_tower(g, 0, &player, &end, &piece, &points),
	                 CITY_OK);
	ck_assert_int_eq(player, 0);
	ck_assert_int_eq(end, CITY_END_CW);
	ck_assert_int_eq(piece, 3);
	ck_assert_int_eq(points, 2);

	/* R-END-1: only (b) no tile left; gap 8 > 5, 67 pieces left. */
	scn_expect_ended(g, CITY_ENDED_TILES);
	ck_assert_int_eq(city_game_walls_left(g), 67);
	ck_assert_int_eq(city_score_final(g), CITY_OK);
	scn_expect_invariants(g);
	ck_assert_int_eq(city_game_score(g, 0), 2);
	ck_assert_int_eq(city_game_score(g, 1), 1);
	scn_expect_winners(g, 1u);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* R-WALL-5, R-OPT-3: a wall piece completes a street and another a market;
 * the returned follower is a guard at once (R-OPT-3 yes, _i = 1) or only
 * after the guard decision (no, _i = 0).
 *
 *   x=-11 -10  -9  -8  -7  -6  -5  -4  -3  -2  -1   0   1   2
 *   [ I ][ P ][ I ][ P ][ I ][ P ][ I ][ P ][ I ][ P ][ I ][ S ][ M ][ T ]
 *
 * S (0,0): street from its north side ending on the tile, citizen p0.
 * M (1,0): market facing east, seller p1. I: interior region b, a steward
 * of p0 on each (6). P: plain. p0 has then 7 followers on the board and
 * an empty supply. T (2,0): market facing north, p1's second seller; T is
 * the only stack-2 tile; it faces M's market, completing it (p1 +1, the
 * seller returns), so p1 triggers the first round: gate p1, walls p0 p1
 * p0. p1: gate on (1,0)N; p0 ccw -> (0,0)N closes S's street (p0 +1);
 * p1 cw -> (2,0)N closes T's market (p1 +1); p0 ccw -> (-1,0)N. */
static const char RET_TILES[] = "tileset wall-return\n"
                                "1 5 a-a a-a a-a a-a a=R\n"
                                "2 2 b-b a-a a-a a-a a=R b=F\n"
                                "3 1 a1a a-a a-a a-a a=R\n"
                                "4 6 a-a a-a a-a a-a a=R b=R\n";
static const int RET_ORDER[] = {3, 2, 4, 1, 4, 1, 4, 1, 4, 1, 4, 1, 4, 2};

START_TEST(wall_completes_street_and_market_returned_guard)
{
	static const char *const build[] = {
	        "p0 place 0 0 0", "p0 follower 1", "p1 place 1 0 1",
	        "p1 follower b", "p0 place -1 0 0", "p0 follower b",
	        "p1 place -2 0 0", "p1 follower pass", "p0 place -3 0 0",
	        "p0 follower b", "p1 place -4 0 0", "p1 follower pass",
	        "p0 place -5 0 0", "p0 follower b", "p1 place -6 0 0",
	        "p1 follower pass", "p0 place -7 0 0", "p0 follower b",
	        "p1 place -8 0 0", "p1 follower pass", "p0 place -9 0 0",
	        "p0 follower b", "p1 place -10 0 0", "p1 follower pass",
	        "p0 place -11 0 0", NULL};
	const char *const rules[] = {
	        _i ? "returned_guard=yes" : "returned_guard=no", NULL};
	city_game *g =
	        scn_city_game(RET_TILES, 2, RET_ORDER, 14, 13, 1, 0, rules);
	int f = -1, gu = -2;

	scn_play_steps(g, build);
	/* A steward tile offers its residential a, its interior b, pass. */
	ck_assert_uint_eq(scn_legal_count(g), 3);
	scn_play(g, "p0 follower b");
	ck_assert_int_eq(city_game_supply(g, 0, &f, NULL), CITY_OK);
	ck_assert_int_eq(f, 0);
	scn_play(g, "p1 place 2 0 0");
	ck_assert_uint_eq(scn_legal_count(g), 3); /* a, b, pass */
	scn_play(g, "p1 follower b");
	ck_assert_int_eq(city_game_score(g, 1), 1);
	ck_assert_int_eq(city_game_supply(g, 1, &f, NULL), CITY_OK);
	ck_assert_int_eq(f, 6);
	scn_play(g, "p1 gate 1 0 N; p0 wall ccw");
	scn_expect_piece(g, 0, 0, 0, 'N', 0, -1);
	/* The street is scored at once whatever R-OPT-3 says. */
	ck_assert_int_eq(city_game_score(g, 0), 1);
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_STREETS), 1);
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_WALL_STREET), 1);
	if (_i == 1) {
		/* Back before the guard decision: it may be the guard. */
		ck_assert_int_eq(city_game_supply(g, 0, &f, NULL), CITY_OK);
		ck_assert_int_eq(f, 1);
		scn_play(g, "p0 guard");
		scn_expect_piece(g, 0, 0, 0, 'N', 0, 0);
		ck_assert_int_eq(city_game_supply(g, 0, &f, NULL), CITY_OK);
		ck_assert_int_eq(f, 0);
		scn_play(g, "p1 wall cw");
		ck_assert_int_eq(city_game_score(g, 1), 2);
		ck_assert_int_eq(city_game_supply(g, 1, &f, NULL), CITY_OK);
		ck_assert_int_eq(f, 7);
		scn_play(g, "p1 guard pass");
		/* p0's supply is empty: the guard decision is skipped. */
		scn_play(g, "p0 wall ccw");
	} else {
		/* Still out during the (skipped) guard decision: p0 had no
		 * follower, so it is not asked; the citizen is back after. */
		ck_assert_int_eq(city_game_decision(g), CITY_DECISION_WALL);
		ck_assert_int_eq(city_game_player(g), 1);
		ck_assert_int_eq(city_game_supply(g, 0, &f, NULL), CITY_OK);
		ck_assert_int_eq(f, 1);
		ck_assert_int_eq(city_wall_piece(g, 0, NULL, NULL, NULL, NULL,
		                                 &gu),
		                 CITY_OK);
		ck_assert_int_eq(gu, -1);
		scn_play(g, "p1 wall cw");
		ck_assert_int_eq(city_game_score(g, 1), 2);
		ck_assert_int_eq(city_game_supply(g, 1, &f, NULL), CITY_OK);
		/* R-OPT-3 "no": "the followers return only after the guard
		 * decision on that piece". During p1's guard decision T's
		 * seller is not back in p1's supply (7 - 1 = 6); it is still
		 * on the board until then (the invariant supply + board = 7
		 * is checked after every step). */
		ck_assert_int_eq(f, 6);
		scn_play(g, "p1 guard pass");
		ck_assert_int_eq(city_game_supply(g, 1, &f, NULL), CITY_OK);
		ck_assert_int_eq(f, 7);
		scn_play(g, "p0 wall ccw");
		scn_play(g, "p0 guard"); /* the returned citizen */
		scn_expect_piece(g, 0, -1, 0, 'N', 0, 0);
		scn_expect_piece(g, 1, 0, 0, 'N', 0, -1);
	}
	ck_assert_int_eq(city_game_score_detail(g, 1, CITY_CAT_MARKETS), 2);
	ck_assert_int_eq(scn_event_points(g, 1, CITY_REASON_WALL_MARKET), 1);
	ck_assert_int_eq(city_game_supply(g, 0, &f, NULL), CITY_OK);
	ck_assert_int_eq(f, 0);
	/* Tower: cw 1 piece, ccw 2 pieces since the gate. */
	ck_assert_int_eq(city_game_decision(g), CITY_DECISION_TOWER);
	ck_assert_uint_eq(scn_legal_count(g), 3);
	scn_play(g, "p1 tower pass");
	ck_assert_int_eq(city_game_end_reasons(g), (int)CITY_ENDED_TILES);
	ck_assert_int_eq(city_wall_gap(g), 30 - 4);
	city_game_free(g);
}
END_TEST

/* R-WALL-5, R-OPT-3 no: the gate has no guard decision, so what it
 * completes returns at once even under "no".
 *
 *        x=0   x=1   x=2
 *  y=0  [ S ] [ M ] [ M ]    S: street from its north side, citizen p0
 *                            M (1,0): market facing east, seller p1
 * The stack-2 tile (2,0) (p0, pass) completes M's market: p1 +1, p0
 * triggers. p0's gate on (0,0)N closes S's street: p0 +1 and the citizen
 * is back in p0's supply right away (7). Then p1 cw (1,0)N, p0 ccw
 * (0,0)W, p1 ccw (0,0)S. */
START_TEST(gate_completion_returns_at_once)
{
	static const char *const script[] = {
	        "p0 place 0 0 0", "p0 follower 1", "p1 place 1 0 1",
	        "p1 follower b", "p0 place 2 0 1", "p0 follower pass",
	        "p0 gate 0 0 N", NULL};
	static const char *const rest[] = {
	        "p1 wall cw", "p1 guard pass", "p0 wall ccw", "p0 guard pass",
	        "p1 wall ccw", "p1 guard pass", "p0 tower pass", NULL};
	static const char TILES[] = "tileset wall-gate\n"
	                            "1 2 b-b a-a a-a a-a a=R b=F\n"
	                            "2 1 a1a a-a a-a a-a a=R\n";
	static const int ORDER[] = {2, 1, 1};
	static const char *const rules[] = {"returned_guard=no", "end_gap=0",
	                                    NULL};
	city_game *g = scn_city_game(TILES, 2, ORDER, 3, 2, 1, 0, rules);
	int f = -1;
	scn_play_steps(g, script);
	ck_assert_int_eq(city_game_score(g, 1), 1);
	ck_assert_int_eq(city_game_score(g, 0), 1);
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_WALL_STREET), 1);
	ck_assert_int_eq(city_game_supply(g, 0, &f, NULL), CITY_OK);
	ck_assert_int_eq(f, 7);
	ck_assert_int_eq(city_game_follower_count(g), 0);
	scn_play_steps(g, rest);
	scn_expect_piece(g, 0, 0, 0, 'S', 0, -1);
	scn_expect_piece(g, 1, 0, 0, 'W', 0, -1);
	scn_expect_piece(g, 2, 0, 0, 'N', 1, -1);
	scn_expect_piece(g, 3, 1, 0, 'N', 0, -1);
	ck_assert_int_eq(city_wall_gap(g), 4);
	ck_assert_int_eq(city_game_end_reasons(g), (int)CITY_ENDED_TILES);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* R-WALL-6: opposite guards; R-END-5: guard scoring with a hole.
 *
 *        x=0   x=1   x=2
 *  y=0  [ A ] [ B ] [ C ]     A: market facing east, seller p0
 *  y=1  [ D ]  hole [ E ]     B pub=1, C pub=2, E pub=1
 *  y=2  [ F ] [ G ] [ H ]     G hist=Belfry, H hist=Cathedral; D, F plain
 *
 * Placed A D F G H E C B; B (stack 3, p1) completes A's market (p0 +1)
 * and closes the hole (1,1). Contour 12: (0,0)N (1,0)N (2,0)N (2,0)E
 * (2,1)E (2,2)E (2,2)S (1,2)S (0,2)S (0,2)W (0,1)W (0,0)W.
 * Round (2 players, stack 3): p1 p0 p1 p0 p1 p0 p1 p0.
 *   p1 gate (2,0)E
 *   p0 ccw (2,0)N  guard p0
 *   p1 ccw (1,0)N  guard p1   (column x=1 meets the hole: no opposite)
 *   p0 cw  (2,1)E  pass
 *   p1 cw  (2,2)E  pass
 *   p0 cw  (2,2)S  refused: column x=2 is C E H, the opposite piece is
 *                  (2,0)N and holds p0's guard -> no guard decision
 *   p1 cw  (1,2)S  allowed although (1,0)N across the hole holds a guard
 *   p0 cw  (0,2)S  pass (opposite (0,0)N has no wall piece)
 *   p1 tower cw: 5 pieces since the gate.
 * Gap 12 - 8 = 4 <= 5 and no tile left: ends (b) and (c).
 * Final: guard (2,0)N scores C E H = 2*2 + 2*1 + 3 = 9 for p0; (1,0)N
 * scores B only = 2 (the hole stops it), (1,2)S scores G only = 3: p1 5.
 * p0 = 1 + 9 = 10, p1 = 5 (tower) + 5 = 10: both win. */
static const char GUARD_TILES[] =
        "tileset wall-guard\n"
        "1 2 a-a a-a a-a a-a a=R\n"
        "2 1 b-b a-a a-a a-a a=R b=F\n"
        "3 2 a-a a-a a-a a-a a=R pub=1\n"
        "4 1 a-a a-a a-a a-a a=R pub=2\n"
        "5 1 a-a a-a a-a a-a a=R hist=Belfry\n"
        "6 1 a-a a-a a-a a-a a=R hist=Cathedral\n";
static const int GUARD_ORDER[] = {2, 1, 1, 5, 6, 3, 4, 3};

START_TEST(opposite_guard_refused_hole_allows)
{
	static const char *const build[] = {
	        "p0 place 0 0 1", "p0 follower b", "p1 place 0 1 0",
	        "p1 follower pass", "p0 place 0 2 0", "p0 follower pass",
	        "p1 place 1 2 0", "p1 follower pass", "p0 place 2 2 0",
	        "p0 follower pass", "p1 place 2 1 0", "p1 follower pass",
	        "p0 place 2 0 0", "p0 follower pass", "p1 place 1 0 0",
	        "p1 follower pass", "p1 gate 2 0 E", "p0 wall ccw", "p0 guard",
	        "p1 wall ccw", "p1 guard", "p0 wall cw", "p0 guard pass",
	        "p1 wall cw", "p1 guard pass", "p0 wall cw", NULL};
	city_game *g =
	        scn_city_game(GUARD_TILES, 2, GUARD_ORDER, 8, 7, 0, 1, NULL);
	scn_snapshot s;
	int f = -1;

	scn_play_steps(g, build);
	/* (2,2)S was just built by p0: its guard decision is skipped. */
	scn_expect_piece(g, 5, 2, 2, 'S', 0, -1);
	ck_assert_int_eq(city_game_decision(g), CITY_DECISION_WALL);
	ck_assert_int_eq(city_game_player(g), 1);
	scn_snap(g, &s);
	scn_refused(g, &s, city_place_guard(g), CITY_EDECISION,
	            "R-TURN-1: the game waits for a wall piece, not a guard");
	scn_snap_free(&s);

	scn_play(g, "p1 wall cw");
	ck_assert_int_eq(city_game_decision(g), CITY_DECISION_GUARD);
	scn_play(g, "p1 guard; p0 wall cw; p0 guard pass");
	ck_assert_uint_eq(scn_legal_count(g), 3);
	scn_play(g, "p1 tower cw");

	scn_expect_piece(g, 0, 1, 0, 'N', 0, 1);
	scn_expect_piece(g, 1, 2, 0, 'N', 0, 0);
	scn_expect_piece(g, 2, 2, 0, 'E', 1, -1);
	scn_expect_piece(g, 3, 2, 1, 'E', 0, -1);
	scn_expect_piece(g, 4, 2, 2, 'E', 0, -1);
	scn_expect_piece(g, 5, 2, 2, 'S', 0, -1);
	scn_expect_piece(g, 6, 1, 2, 'S', 0, 1);
	scn_expect_piece(g, 7, 0, 2, 'S', 0, -1);
	ck_assert_int_eq(city_game_score(g, 1), 5);
	ck_assert_int_eq(city_game_supply(g, 0, &f, NULL), CITY_OK);
	ck_assert_int_eq(f, 6);
	ck_assert_int_eq(city_game_supply(g, 1, &f, NULL), CITY_OK);
	ck_assert_int_eq(f, 5);

	scn_expect_ended(g, CITY_ENDED_TILES | CITY_ENDED_GAP);
	ck_assert_int_eq(city_game_walls_left(g), 63);

	ck_assert_int_eq(city_score_final(g), CITY_OK);
	scn_expect_invariants(g);
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_MARKETS), 1);
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_GUARDS), 9);
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_TOWERS), 0);
	ck_assert_int_eq(city_game_score_detail(g, 1, CITY_CAT_TOWERS), 5);
	ck_assert_int_eq(city_game_score_detail(g, 1, CITY_CAT_GUARDS), 5);
	ck_assert_int_eq(city_game_score_detail(g, 1, CITY_CAT_MARKETS), 0);
	ck_assert_int_eq(city_game_score(g, 0), 10);
	ck_assert_int_eq(city_game_score(g, 1), 10);
	scn_expect_winners(g, 3u);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* R-OPT-2 and the 2-player order. A chain of markets, each facing east:
 *
 *        x=0   x=1   x=2   x=3
 *  y=0  [M0 ] [M1 ] [M2 ] [M3 ]
 *
 * Each tile faces the previous tile's market and completes it. Stacks
 * 2 2 0. t1 p0 seller; t2 p1 seller, completes M0 with p0's seller
 * (stack 1: no round, R-WALL-1); t3 p0 seller, completes M1 (p1 +1),
 * stack 2: first round, 2 players: gate p0, walls p1 p0 p1. Gate (0,0)W,
 * p1 cw (0,0)N, p0 cw (1,0)N, p1 ccw (0,0)S. With R-OPT-2 no (_i = 0)
 * none of these three gets a guard decision; with yes (_i = 1) each does.
 * t4 p1 (pass) completes M2 (p0 +1): second round p1 p0 p1 p0 with guard
 * decisions: p1 cw (2,0)N guard, p0 cw (3,0)N, p1 ccw (1,0)S (its
 * opposite (1,0)N holds no guard), p0 ccw (2,0)S refused (opposite
 * (2,0)N guarded). Tower p1 cw: 4 pieces since the gate. end_gap 0. */
static const char CHAIN4_TILES[] = "tileset wall-chain\n"
                                   "1 4 b-b a-a a-a a-a a=R b=F\n";
static const int CHAIN_ORDER[] = {1, 1, 1, 1, 1, 1, 1, 1, 1};

START_TEST(first_round_guards_option)
{
	static const char *const first_no[] = {
	        "p0 gate 0 0 W", "p1 wall cw", "p0 wall cw", "p1 wall ccw",
	        NULL};
	static const char *const first_yes[] = {
	        "p0 gate 0 0 W", "p1 wall cw", "p1 guard pass", "p0 wall cw",
	        "p0 guard pass", "p1 wall ccw", "p1 guard pass", NULL};
	static const char *const second[] = {
	        "p1 place 3 0 1", "p1 follower pass", "p1 wall cw", "p1 guard",
	        "p0 wall cw", "p0 guard pass", "p1 wall ccw", "p1 guard pass",
	        "p0 wall ccw", NULL};
	const char *const rules[] = {
	        _i ? "first_round_guards=yes" : "first_round_guards=no",
	        "end_gap=0", NULL};
	city_game *g =
	        scn_city_game(CHAIN4_TILES, 2, CHAIN_ORDER, 4, 2, 2, 0, rules);
	int player = -1, end = -1, piece = -1, points = -1;

	scn_play(g, "p0 place 0 0 1; p0 follower b");
	scn_play(g, "p1 place 1 0 1");
	ck_assert_uint_eq(scn_legal_count(g), 3); /* a, b, pass */
	scn_play(g, "p1 follower b");
	ck_assert_int_eq(city_game_score(g, 0), 1);
	/* A stack-1 completion holding a follower triggers nothing. */
	ck_assert_int_eq(city_game_decision(g), CITY_DECISION_TILE);
	ck_assert_int_eq(city_game_player(g), 0);
	scn_play(g, "p0 place 2 0 1; p0 follower b");
	ck_assert_int_eq(city_game_score(g, 1), 1);
	scn_play_steps(g, _i ? first_yes : first_no);
	scn_expect_piece(g, 0, 0, 0, 'S', 0, -1);
	scn_expect_piece(g, 1, 0, 0, 'W', 1, -1);
	scn_expect_piece(g, 2, 0, 0, 'N', 0, -1);
	scn_expect_piece(g, 3, 1, 0, 'N', 0, -1);
	ck_assert_int_eq(city_game_decision(g), CITY_DECISION_TOWER);
	ck_assert_int_eq(city_game_player(g), 0);
	ck_assert_uint_eq(scn_legal_count(g), 3); /* cw (2), ccw (1), pass */
	scn_play(g, "p0 tower pass");
	ck_assert_int_eq(city_wall_gap(g), 4);

	scn_play_steps(g, second);
	ck_assert_int_eq(city_game_score(g, 0), 2);
	scn_expect_piece(g, 0, 2, 0, 'S', 0, -1);
	scn_expect_piece(g, 6, 2, 0, 'N', 0, 1);
	ck_assert_int_eq(city_game_decision(g), CITY_DECISION_TOWER);
	ck_assert_int_eq(city_game_player(g), 1);
	ck_assert_uint_eq(scn_legal_count(g), 3);
	scn_play(g, "p1 tower cw");
	ck_assert_int_eq(city_tower(g, 0, &player, &end, &piece, &points),
	                 CITY_OK);
	ck_assert_int_eq(player, 1);
	ck_assert_int_eq(end, CITY_END_CW);
	ck_assert_int_eq(piece, 7);
	ck_assert_int_eq(points, 4);
	ck_assert_int_eq(city_game_score(g, 1), 5);
	ck_assert_int_eq(city_game_end_reasons(g), (int)CITY_ENDED_TILES);
	ck_assert_int_eq(city_wall_gap(g), 2);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* R-WALL-7: towers score back to the previous tower at that end or to the
 * gate. 3 players, chain of 5 markets (stacks 2 3 0), each tile with a
 * seller: t3 p2, t4 p0, t5 p1 trigger rounds of 1 piece each.
 *
 *        x=0   x=1   x=2   x=3   x=4
 *  y=0  [M0 ] [M1 ] [M2 ] [M3 ] [M4 ]
 *
 * Round 1 (p2): gate (0,0)W p2, p0 cw (0,0)N, p1 cw (1,0)N. Tower: only
 *   cw is eligible (2 pieces); ccw is refused (R-WALL-7). p2 tower cw: 2.
 * Round 2 (p0): p0 cw (2,0)N, p1 ccw (0,0)S, p2 cw (3,0)N. p0 tower cw:
 *   2 (the pieces since p2's tower, not 4).
 * Round 3 (p1): p1 ccw (1,0)S, p2 ccw (2,0)S, p0 ccw (3,0)S. cw has no
 *   new piece: refused; p1 tower ccw: 4 (all ccw pieces since the gate).
 * Chain at the end: (3,0)S (2,0)S (1,0)S (0,0)S gate (0,0)N (1,0)N (2,0)N
 * (3,0)N; the towers stand on 6, 8 and 0.
 * Markets: M0 p0, M1 p1, M2 p2, M3 p0 (1 each). Scores p0 1+1+2 = 4,
 * p1 1+4 = 5, p2 1+2 = 3. end_gap 0; ends with no tile left. */
static const char CHAIN5_TILES[] = "tileset wall-chain5\n"
                                   "1 5 b-b a-a a-a a-a a=R b=F\n";

static city_game *towers_game(void)
{
	static const char *const script[] = {
	        "p0 place 0 0 1", "p0 follower b", "p1 place 1 0 1",
	        "p1 follower b", "p2 place 2 0 1", "p2 follower b",
	        "p2 gate 0 0 W", "p0 wall cw", "p0 guard pass", "p1 wall cw",
	        "p1 guard pass", NULL};
	static const char *const round2[] = {
	        "p0 place 3 0 1", "p0 follower b", "p0 wall cw",
	        "p0 guard pass", "p1 wall ccw", "p1 guard pass", "p2 wall cw",
	        "p2 guard pass", NULL};
	static const char *const round3[] = {
	        "p1 place 4 0 1", "p1 follower b", "p1 wall ccw",
	        "p1 guard pass", "p2 wall ccw", "p2 guard pass", "p0 wall ccw",
	        "p0 guard pass", NULL};
	static const char *const rules[] = {"end_gap=0", NULL};
	city_game *g =
	        scn_city_game(CHAIN5_TILES, 3, CHAIN_ORDER, 5, 2, 3, 0, rules);
	int player = -1, end = -1, piece = -1, points = -1, t = -1;
	scn_snapshot s;

	ck_assert_int_eq(city_score_final(g), CITY_ENOTENDED);
	scn_play_steps(g, script);
	ck_assert_int_eq(city_game_decision(g), CITY_DECISION_TOWER);
	ck_assert_int_eq(city_game_player(g), 2);
	ck_assert_uint_eq(scn_legal_count(g), 2); /* tower cw, pass */
	scn_snap(g, &s);
	scn_refused(g, &s, city_place_tower(g, CITY_END_CCW), CITY_EILLEGAL,
	            "R-WALL-7: no wall piece was built at the ccw end since "
	            "its last tower or the gate");
	scn_snap_free(&s);
	scn_play(g, "p2 tower cw");
	ck_assert_int_eq(city_tower(g, 0, &player, &end, &piece, &points),
	                 CITY_OK);
	ck_assert_int_eq(player, 2);
	ck_assert_int_eq(end, CITY_END_CW);
	ck_assert_int_eq(piece, 2);
	ck_assert_int_eq(points, 2);
	ck_assert_int_eq(city_game_supply(g, 2, NULL, &t), CITY_OK);
	ck_assert_int_eq(t, 3);
	ck_assert_int_eq(city_score_final(g), CITY_ENOTENDED);

	scn_play_steps(g, round2);
	ck_assert_uint_eq(scn_legal_count(g), 3); /* cw 2, ccw 1, pass */
	scn_play(g, "p0 tower cw");
	ck_assert_int_eq(city_tower(g, 1, &player, &end, &piece, &points),
	                 CITY_OK);
	ck_assert_int_eq(player, 0);
	ck_assert_int_eq(end, CITY_END_CW);
	ck_assert_int_eq(piece, 5);
	ck_assert_int_eq(points, 2);

	scn_play_steps(g, round3);
	ck_assert_int_eq(city_game_player(g), 1);
	ck_assert_uint_eq(scn_legal_count(g), 2); /* tower ccw, pass */
	scn_snap(g, &s);
	scn_refused(g, &s, city_place_tower(g, CITY_END_CW), CITY_EILLEGAL,
	            "R-WALL-7: no wall piece was built at the cw end since "
	            "its last tower or the gate");
	scn_snap_free(&s);
	scn_play(g, "p1 tower ccw");
	return g;
}

START_TEST(towers_score_back_to_previous_tower)
{
	city_game *g = towers_game();
	int player = -1, end = -1, piece = -1, points = -1;
	ck_assert_int_eq(city_tower_count(g), 3);
	ck_assert_int_eq(city_tower(g, 2, &player, &end, &piece, &points),
	                 CITY_OK);
	ck_assert_int_eq(player, 1);
	ck_assert_int_eq(end, CITY_END_CCW);
	ck_assert_int_eq(piece, 0);
	ck_assert_int_eq(points, 4);
	ck_assert_int_eq(city_tower(g, 0, NULL, NULL, &piece, NULL), CITY_OK);
	ck_assert_int_eq(piece, 6);
	ck_assert_int_eq(city_tower(g, 1, NULL, NULL, &piece, NULL), CITY_OK);
	ck_assert_int_eq(piece, 8);
	scn_expect_piece(g, 0, 3, 0, 'S', 0, -1);
	scn_expect_piece(g, 3, 0, 0, 'S', 0, -1);
	scn_expect_piece(g, 4, 0, 0, 'W', 1, -1);
	scn_expect_piece(g, 8, 3, 0, 'N', 0, -1);
	ck_assert_int_eq(city_game_score(g, 0), 4);
	ck_assert_int_eq(city_game_score(g, 1), 5);
	ck_assert_int_eq(city_game_score(g, 2), 3);
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_TOWERS), 2);
	ck_assert_int_eq(city_game_score_detail(g, 1, CITY_CAT_TOWERS), 4);
	ck_assert_int_eq(city_game_score_detail(g, 2, CITY_CAT_TOWERS), 2);
	ck_assert_int_eq(scn_event_points(g, 1, CITY_REASON_TOWER), 4);
	scn_expect_ended(g, CITY_ENDED_TILES);
	ck_assert_int_eq(city_wall_gap(g), 12 - 9);
	city_game_free(g);
}
END_TEST

/* R-END-2: the final walls close the rest of the contour: M4's market
 * (facing east, p1's seller) is completed and scored, 1 point. */
START_TEST(final_walls_complete_open_market)
{
	city_game *g = towers_game();
	ck_assert_int_eq(city_score_final(g), CITY_OK);
	scn_expect_invariants(g);
	ck_assert_int_eq(city_game_score_detail(g, 1, CITY_CAT_MARKETS), 2);
	ck_assert_int_eq(scn_event_points(g, 1, CITY_REASON_FINAL_MARKET), 1);
	ck_assert_int_eq(city_game_score(g, 0), 4);
	ck_assert_int_eq(city_game_score(g, 1), 6);
	ck_assert_int_eq(city_game_score(g, 2), 3);
	/* Final walls are notional: nothing taken from the supply. */
	ck_assert_int_eq(city_game_walls_left(g), 70 - 8);
	ck_assert_int_eq(city_wall_length(g), 9);
	/* Idempotent. */
	ck_assert_int_eq(city_score_final(g), CITY_OK);
	ck_assert_int_eq(city_game_score(g, 1), 6);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* R-WALL-2 shares with 3 and 4 players (R-OPT-1 any, no followers).
 * 3 players, stack 3 (shares 2): t u v t u v = p2 p0 p1 p2 p0 p1, p2's
 * first piece the gate: 6 pieces on the 8-side contour of a 3-tile row.
 * 4 players, stack 2 (shares 1): p2 p3 p0 p1, the order wraps. */
START_TEST(shares_three_players_stack3)
{
	static const char *const script[] = {
	        "p0 place 0 0 1", "p0 follower pass", "p1 place 1 0 1",
	        "p1 follower pass", "p2 place 2 0 1", "p2 follower pass",
	        "p2 gate 0 0 W", "p0 wall cw", "p0 guard pass", "p1 wall ccw",
	        "p1 guard pass", "p2 wall cw", "p2 guard pass", "p0 wall ccw",
	        "p0 guard pass", "p1 wall cw", "p1 guard pass", NULL};
	static const char TILES[] = "tileset wall-3p\n"
	                            "1 3 b-b a-a a-a a-a a=R b=F\n";
	static const char *const rules[] = {"wall_trigger=any", NULL};
	city_game *g = scn_city_game(TILES, 3, CHAIN_ORDER, 3, 2, 0, 1, rules);
	scn_play_steps(g, script);
	ck_assert_int_eq(city_wall_length(g), 6);
	ck_assert_int_eq(city_game_walls_left(g), 65);
	ck_assert_int_eq(city_game_decision(g), CITY_DECISION_TOWER);
	ck_assert_int_eq(city_game_player(g), 2);
	ck_assert_uint_eq(scn_legal_count(g), 3); /* cw 3 pieces, ccw 2, pass */
	scn_play(g, "p2 tower pass");
	ck_assert_int_eq(city_wall_gap(g), 2);
	ck_assert_int_eq(city_game_end_reasons(g),
	                 (int)(CITY_ENDED_GAP | CITY_ENDED_TILES));
	city_game_free(g);
}
END_TEST

START_TEST(shares_four_players_stack2)
{
	static const char *const script[] = {
	        "p0 place 0 0 1", "p0 follower pass", "p1 place 1 0 1",
	        "p1 follower pass", "p2 place 2 0 1", "p2 follower pass",
	        "p2 gate 0 0 W", "p3 wall cw", "p3 guard pass", "p0 wall cw",
	        "p0 guard pass", "p1 wall ccw", "p1 guard pass",
	        "p2 tower pass", NULL};
	static const char TILES[] = "tileset wall-4p\n"
	                            "1 3 b-b a-a a-a a-a a=R b=F\n";
	static const char *const rules[] = {"wall_trigger=any", NULL};
	city_game *g = scn_city_game(TILES, 4, CHAIN_ORDER, 3, 2, 1, 0, rules);
	int t = -1;
	scn_play_steps(g, script);
	ck_assert_int_eq(city_wall_length(g), 4);
	ck_assert_int_eq(city_game_supply(g, 3, NULL, &t), CITY_OK);
	ck_assert_int_eq(t, 3); /* 12 / 4 */
	ck_assert_int_eq(city_game_decision(g), CITY_DECISION_END);
	city_game_free(g);
}
END_TEST

/* R-WALL-2: building stops when the ring is closed. Two tiles, contour 6:
 *
 *        x=0   x=1
 *  y=0  [M0 ] [M1 ]     M1's market faces east, p1's seller
 *
 * M1 (stack 3, p1) completes M0's empty market; R-OPT-1 any: p1 triggers
 * a round of 8 planned pieces: gate p1 (0,0)W, p0 cw (0,0)N, p1 cw (1,0)N,
 * p0 cw (1,0)E (closes M1's market: p1 +1, its seller back), p1 ccw
 * (0,0)S, p0 cw (1,0)S closes the ring: the 7th and 8th pieces are not
 * built. R-OPT-4: tower ccw scores the ccw arm, 1 piece. */
START_TEST(ring_closed_stops_the_round)
{
	static const char *const script[] = {
	        "p0 place 0 0 1", "p0 follower pass", "p1 place 1 0 1",
	        "p1 follower b", "p1 gate 0 0 W", "p0 wall cw", "p0 guard pass",
	        "p1 wall cw", "p1 guard pass", "p0 wall cw", NULL};
	static const char *const rest[] = {
	        "p0 guard pass", "p1 wall ccw", "p1 guard pass", "p0 wall cw",
	        "p0 guard pass", NULL};
	static const char TILES[] = "tileset wall-ring\n"
	                            "1 2 b-b a-a a-a a-a a=R b=F\n";
	static const char *const rules[] = {"wall_trigger=any", NULL};
	city_game *g = scn_city_game(TILES, 2, CHAIN_ORDER, 2, 1, 0, 1, rules);
	int f = -1, points = -1;
	scn_play_steps(g, script);
	ck_assert_int_eq(city_game_score(g, 1), 1);
	ck_assert_int_eq(scn_event_points(g, 1, CITY_REASON_WALL_MARKET), 1);
	ck_assert_int_eq(city_game_supply(g, 1, &f, NULL), CITY_OK);
	ck_assert_int_eq(f, 7);
	scn_play_steps(g, rest);
	ck_assert_int_eq(city_wall_gap(g), 0);
	ck_assert_int_eq(city_wall_length(g), 6);
	ck_assert_int_eq(city_game_walls_left(g), 65);
	ck_assert_int_eq(city_game_decision(g), CITY_DECISION_TOWER);
	ck_assert_int_eq(city_game_player(g), 1);
	ck_assert_uint_eq(scn_legal_count(g), 3);
	scn_play(g, "p1 tower ccw");
	ck_assert_int_eq(city_tower(g, 0, NULL, NULL, NULL, &points), CITY_OK);
	ck_assert_int_eq(points, 1);
	ck_assert_int_eq(city_game_score(g, 1), 2);
	ck_assert_int_eq(city_game_end_reasons(g),
	                 (int)(CITY_ENDED_GAP | CITY_ENDED_TILES));
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* R-OPT-1: a stack-2 tile completes a market holding no follower. Default
 * (occupied, _i = 0): no wall round; any (_i = 1): the round starts. */
START_TEST(wall_trigger_option)
{
	static const char TILES[] = "tileset wall-trig\n"
	                            "1 3 b-b a-a a-a a-a a=R b=F\n";
	const char *const rules[] = {
	        _i ? "wall_trigger=any" : "wall_trigger=occupied", NULL};
	city_game *g = scn_city_game(TILES, 2, CHAIN_ORDER, 3, 1, 2, 0, rules);
	scn_play(g, "p0 place 0 0 1; p0 follower pass");
	scn_play(g, "p1 place 1 0 1; p1 follower pass");
	ck_assert_int_eq(city_feature_complete(g, 0, 0, 'b'), 1);
	ck_assert_int_eq(city_game_score(g, 0) + city_game_score(g, 1), 0);
	if (_i) {
		ck_assert_int_eq(city_game_decision(g), CITY_DECISION_GATE);
		ck_assert_int_eq(city_game_player(g), 1);
	} else {
		ck_assert_int_eq(city_game_decision(g), CITY_DECISION_TILE);
		ck_assert_int_eq(city_game_player(g), 0);
		ck_assert_int_eq(city_wall_length(g), 0);
	}
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* R-TILE-3 and R-TILE-4.
 *
 *        x=-1  x=0   x=1   x=2
 *  y=-2        [P2 ]  .     .
 *  y=-1        [Pm ]  o    [ Q ]
 *  y=0         [ A ] [ B ] [ C ]
 *
 * Pm: market facing north (p1's seller), completed by P2 (stack 2, p1):
 * first round, gate p1, walls p0 p1 p0. Contour (14): (0,-2)N (0,-2)E
 * (0,-1)E (1,0)N (2,-1)W (2,-1)N (2,-1)E (2,0)E (2,0)S (1,0)S (0,0)S
 * (0,0)W (0,-1)W (0,-2)W. Gate (1,0)N; p0 cw -> (2,-1)W (concave), p1 cw
 * -> (2,-1)N (convex), p0 ccw -> (0,-1)E (concave). The cell o = (1,-1)
 * lies outside the gate and two wall pieces, (2,-2) outside (2,-1)N.
 * Then p0's tile: o and (2,-2) break R-TILE-3; (1,-2) is no outside cell
 * but would enclose o (then bordered by Pm, B, Q and the new tile): R-TILE-4.
 * (-1,0) is legal. */
START_TEST(placement_across_or_around_the_wall)
{
	static const char *const script[] = {
	        "p0 place 0 0 0", "p0 follower pass", "p1 place 1 0 0",
	        "p1 follower pass", "p0 place 2 0 0", "p0 follower pass",
	        "p1 place 0 -1 0", "p1 follower b", "p0 place 2 -1 0",
	        "p0 follower pass", "p1 place 0 -2 0", "p1 follower pass",
	        NULL};
	static const char *const round[] = {
	        "p1 gate 1 0 N", "p0 wall cw", "p0 guard pass", "p1 wall cw",
	        "p1 guard pass", "p0 wall ccw", "p0 guard pass",
	        "p1 tower pass", NULL};
	static const char TILES[] = "tileset wall-place\n"
	                            "1 6 a-a a-a a-a a-a a=R\n"
	                            "2 1 b-b a-a a-a a-a a=R b=F\n";
	static const int ORDER[] = {1, 1, 1, 2, 1, 1, 1};
	static const char *const rules[] = {"end_gap=0", NULL};
	city_game *g = scn_city_game(TILES, 2, ORDER, 7, 5, 2, 0, rules);
	scn_snapshot s;

	scn_play_steps(g, script);
	ck_assert_int_eq(city_game_score(g, 1), 1);
	ck_assert_int_eq(city_contour_length(g), 14);
	scn_play_steps(g, round);
	scn_expect_piece(g, 0, 0, -1, 'E', 0, -1);
	scn_expect_piece(g, 1, 1, 0, 'N', 1, -1);
	scn_expect_piece(g, 2, 2, -1, 'W', 0, -1);
	scn_expect_piece(g, 3, 2, -1, 'N', 0, -1);
	ck_assert_int_eq(city_wall_gap(g), 10);
	ck_assert_int_eq(city_game_cell(g, 1, -1), CITY_CELL_EXTERIOR);

	ck_assert_int_eq(city_game_decision(g), CITY_DECISION_TILE);
	ck_assert_int_eq(city_game_player(g), 0);
	scn_snap(g, &s);
	scn_refused(g, &s, city_place_tile(g, 1, -1, 0), CITY_EILLEGAL,
	            "R-TILE-3: cell (1,-1) lies outside the wall on the west "
	            "side of tile (2,-1)");
	scn_refused(g, &s, city_place_tile(g, 2, -2, 0), CITY_EILLEGAL,
	            "R-TILE-3: cell (2,-2) lies outside the wall on the "
	            "north side of tile (2,-1)");
	scn_refused(g, &s, city_place_tile(g, 1, -2, 0), CITY_EILLEGAL,
	            "R-TILE-4: a tile at (1,-2) would surround the wall (3 "
	            "of 4 pieces would no longer face the exterior)");
	scn_snap_free(&s);
	ck_assert_int_eq(city_game_cell(g, 1, -1), CITY_CELL_EXTERIOR);

	scn_play(g, "p0 place -1 0 0; p0 follower pass");
	ck_assert_int_eq(city_game_end_reasons(g), (int)CITY_ENDED_TILES);
	city_game_free(g);
}
END_TEST

/* Legal moves listed == placements accepted, for every cell around the
 * city and every rotation (R-TILE-1..4), tried on a copy. */
static void w_listing_matches_rules(const city_game *g)
{
	city_move moves[512], m;
	city_game *scratch = NULL;
	int32_t x0, y0, x1, y1, x, y;
	size_t n, i;
	int r;
	ck_assert_int_eq(city_legal_moves(g, moves, 512, &n), CITY_OK);
	ck_assert_int_eq(city_game_bounds(g, &x0, &y0, &x1, &y1), CITY_OK);
	ck_assert_int_eq(city_game_clone(&scratch, g), CITY_OK);
	for (y = y0 - 1; y <= y1 + 1; y++)
		for (x = x0 - 1; x <= x1 + 1; x++)
			for (r = 0; r < 4; r++) {
				int found = 0;
				memset(&m, 0, sizeof m);
				m.kind = CITY_MOVE_PLACE;
				m.x = x;
				m.y = y;
				m.rotation = (uint8_t)r;
				for (i = 0; i < n; i++)
					found |= memcmp(&moves[i], &m, sizeof m) == 0;
				ck_assert_int_eq(city_game_copy(scratch, g), CITY_OK);
				ck_assert_msg((city_apply_move(scratch, &m) == CITY_OK) ==
				                  found,
				              "place %d %d %d: listed %d", (int)x,
				              (int)y, r, found);
			}
	city_game_free(scratch);
}

/* R-TILE-4 after many placements at the same stretch of the contour: an
 * arm grows west from the city of placement_across_or_around_the_wall
 * (below) once the wall is built. Each tile lays its new contour sides
 * between the same two neighbours, so the engine's contour labels run out
 * of room there and are renumbered; the wall rules must hold throughout. */
START_TEST(arm_grows_after_the_wall)
{
	static const char *const script[] = {
	        "p0 place 0 0 0", "p0 follower pass", "p1 place 1 0 0",
	        "p1 follower pass", "p0 place 2 0 0", "p0 follower pass",
	        "p1 place 0 -1 0", "p1 follower b", "p0 place 2 -1 0",
	        "p0 follower pass", "p1 place 0 -2 0", "p1 follower pass",
	        "p1 gate 1 0 N", "p0 wall cw", "p0 guard pass", "p1 wall cw",
	        "p1 guard pass", "p0 wall ccw", "p0 guard pass",
	        "p1 tower pass", NULL};
	static const char TILES[] = "tileset wall-arm\n"
	                            "1 9 a-a a-a a-a a-a a=R\n"
	                            "2 1 b-b a-a a-a a-a a=R b=F\n"
	                            "3 9 a-a a-a a-a a-a a=R\n"
	                            "4 4 a-a a-a a-a a-a a=R\n";
	int order[23], i;
	static const char *const rules[] = {"end_gap=0", NULL};
	city_game *g;
	for (i = 0; i < 23; i++) /* the market fourth, blanks around it */
		order[i] = i == 3 ? 2 : i < 10 ? 1 : i < 19 ? 3 : 4;
	g = scn_city_game(TILES, 2, order, 23, 5, 18, 0, rules);
	scn_play_steps(g, script);
	ck_assert_int_eq(city_wall_gap(g), 10);
	for (i = 1; i <= 14; i++) {
		int p = (i + 1) % 2;
		scn_play(g, "p%d place %d 0 0", p, -i);
		scn_play(g, "p%d follower pass", p);
		/* 3 sides per tile: the gap from the cw end grows by 2 */
		ck_assert_int_eq(city_wall_gap(g), 10 + 2 * i);
		/* the labels against the contour walked from scratch, the
		 * list against the rule-by-rule check (R-TILE-4 by a walk) */
		check_contour_labels(g);
		check_listing_explicit(g);
		if (i % 7 == 0)
			w_listing_matches_rules(g);
	}
	SCN_REFUSED(g, city_place_tile(g, 1, -2, 0), CITY_EILLEGAL,
	            "R-TILE-4: a tile at (1,-2) would surround the wall (3 "
	            "of 4 pieces would no longer face the exterior)");
	SCN_REFUSED(g, city_place_tile(g, 1, -1, 0), CITY_EILLEGAL,
	            "R-TILE-3: cell (1,-1) lies outside the wall on the west "
	            "side of tile (2,-1)");
	city_game_free(g);
}
END_TEST

static Suite *wall_suite(void)
{
	Suite *s = suite_create("wall");
	TCase *geo = tcase_create("contour");
	TCase *guards = tcase_create("guards");
	TCase *towers = tcase_create("towers");
	TCase *rounds = tcase_create("rounds");
	TCase *tiles = tcase_create("placement");

	tcase_add_test(geo, l_city_contour_and_first_round_order);
	tcase_add_test(geo, gate_only_on_contour_side);
	tcase_add_test(geo, corner_contact_hole_and_contour);
	suite_add_tcase(s, geo);

	tcase_add_loop_test(guards,
	                    wall_completes_street_and_market_returned_guard, 0,
	                    2);
	tcase_add_test(guards, gate_completion_returns_at_once);
	tcase_add_test(guards, opposite_guard_refused_hole_allows);
	tcase_add_loop_test(guards, first_round_guards_option, 0, 2);
	suite_add_tcase(s, guards);

	tcase_add_loop_test(towers, l_city_closing_tower, 0, 3);
	tcase_add_test(towers, towers_score_back_to_previous_tower);
	tcase_add_test(towers, final_walls_complete_open_market);
	suite_add_tcase(s, towers);

	tcase_add_test(rounds, shares_three_players_stack3);
	tcase_add_test(rounds, shares_four_players_stack2);
	tcase_add_test(rounds, ring_closed_stops_the_round);
	tcase_add_loop_test(rounds, wall_trigger_option, 0, 2);
	suite_add_tcase(s, rounds);

	tcase_add_test(tiles, placement_across_or_around_the_wall);
	tcase_add_test(tiles, arm_grows_after_the_wall);
	suite_add_tcase(s, tiles);
	return s;
}

TEST_MAIN(wall_suite)
