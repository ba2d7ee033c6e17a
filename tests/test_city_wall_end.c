/*
 * The end of the game and final scoring around the wall ring: R-END-1
 * (supply empty, no tile left, gap <= R-OPT-5, checked after every turn),
 * R-END-2 (final walls), R-END-5 (guards), R-TILE-5 (filling a hole).
 *
 * Expectations computed by hand from the spec (rules.md); boards drawn with
 * x east, y south; "(x,y)S" is side S of the tile at (x, y). See
 * tests/test_city_wall.c for the tile designs and conventions.
 */
#include "common.h"
#include "scenario.h"

/* ------------------------------------------------------------------ */
/* R-END-1 (c), R-OPT-5, and a gap shrunk by a tile placement alone.
 *
 *        x=-1  x=0   x=1   x=2   x=3
 *  y=0   [X ] [ A ] [ B ] [ C ] [ G ]    C: market facing east, seller p0
 *  y=1        [ D ] [ E ] [ F ]          B fills the notch (1,0) later
 *
 * Placed A D E F C G (stack 1: A..C; G, B, X stack 2). G completes C's
 * market (p0 +1) and p1 triggers: gate p1 (3,0)E; p0 cw (3,0)S, p1 cw
 * (2,1)E (concave), p0 ccw (3,0)N. Contour then 14 (6 tiles, 5 shared
 * sides: 24 - 10): (0,0)N (0,0)E (1,1)N (2,0)W (2,0)N (3,0)N (3,0)E
 * (3,0)S (2,1)E (2,1)S (1,1)S (0,1)S (0,1)W (0,0)W; gap 14 - 4 = 10.
 * B into the notch (3 shared sides): contour 12, gap 8, no wall round.
 * X west of A: contour 14, gap 10, no tile left.
 * end_gap >= 10: ends after G's turn; 8..9: after B's turn (gap only, a
 * tile is left); < 8: after X's turn with (b) only. */
static const char GAP_TILES[] = "tileset wall-gap\n"
                                "1 7 a-a a-a a-a a-a a=R\n"
                                "2 1 b-b a-a a-a a-a a=R b=F\n";
static const int GAP_ORDER[] = {1, 1, 1, 1, 2, 1, 1, 1};
static const int GAP_VALUES[] = {20, 10, 9, 8, 7, 0};
static const char *const GAP_RULES[] = {"end_gap=20", "end_gap=10",
                                        "end_gap=9",  "end_gap=8",
                                        "end_gap=7",  "end_gap=0"};
/* The moves up to the end of the wall round, and where they leave it. */
static const char GAP_SCRIPT[] =
        "p0 place 0 0 0; p0 follower pass; p1 place 0 1 0; p1 follower pass\n"
        "p0 place 1 1 0; p0 follower pass; p1 place 2 1 0; p1 follower pass\n"
        "p0 place 2 0 1; p0 follower b; p1 place 3 0 0; p1 follower pass\n"
        "p1 gate 3 0 E; p0 wall cw; p0 guard pass; p1 wall cw\n"
        "p1 guard pass; p0 wall ccw; p0 guard pass; p1 tower pass\n"
        "?score 0 = 1; ?piece 0 = 3 0 N 0 -1; ?piece 1 = 3 0 E 1 -1\n"
        "?piece 2 = 3 0 S 0 -1; ?piece 3 = 2 1 E 0 -1; ?contour = 14\n"
        "?gap = 10";

START_TEST(gap_ends_the_game)
{
	int end_gap = GAP_VALUES[_i];
	const char *const rules[] = {GAP_RULES[_i], NULL};
	city_game *g =
	        scn_city_game(GAP_TILES, 2, GAP_ORDER, 8, 5, 3, 0, rules);

	ck_assert_int_eq(city_game_rule(g, CITY_RULE_END_GAP), end_gap);
	scn_play(g, "%s", GAP_SCRIPT);
	if (end_gap >= 10) {
		/* ended by the gap (4) */
		scn_play(g, "?ask end; ?ended = 4\n"
		            "?call place 1 0 0 = EENDED \"R-END-1: the game "
		            "has ended\"");
	} else {
		scn_play(g, "?ended = 0");
		ck_assert_int_eq(city_score_final(g), CITY_ENOTENDED);
		scn_play(g, "p0 place 1 0 0; p0 follower pass; ?contour = 12\n"
		            "?gap = 8");
		if (end_gap >= 8)
			scn_play(g, "?ask end; ?ended = 4; ?left 2 = 1");
		else /* no tile left (2) */
			scn_play(g, "?ended = 0; p1 place -1 0 0\n"
			            "p1 follower pass; ?gap = 10; ?ask end\n"
			            "?ended = 2");
	}
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* R-END-1 (a): the wall supply runs out. 40 market tiles in one row, each
 * facing east and completing the previous one's market; R-OPT-1 any, no
 * follower ever. Stacks 30 0 10: tiles 31..39 (stack 3) trigger 9 rounds
 * of 2 x 4 = 8 pieces (2 players); tile 40 stays in the stack.
 * Round 1: gate + 7 walls, rounds 2..8: 8 walls (63 in all, 7 left),
 * round 9: 7 walls, the supply is empty, its 8th piece is not built.
 * Walls alternate cw (north sides) and ccw (south sides) from the gate on
 * (0,0)W: after 70 walls the arms cover (0..34,0)N and (0..34,0)S; the row
 * has 39 tiles, contour 80, gap 80 - 71 = 9 > 5. So only (a) holds. */
START_TEST(supply_empty_ends_the_game)
{
	static const char TILES[] = "tileset wall-supply\n"
	                            "1 9 b-b a-a a-a a-a a=R b=F\n"
	                            "2 9 b-b a-a a-a a-a a=R b=F\n"
	                            "3 9 b-b a-a a-a a-a a=R b=F\n"
	                            "4 9 b-b a-a a-a a-a a=R b=F\n"
	                            "5 4 b-b a-a a-a a-a a=R b=F\n";
	static const char *const rules[] = {"wall_trigger=any", NULL};
	int order[40];
	int k, round, walls = 0;
	city_game *g;

	for (k = 0; k < 40; k++)
		order[k] = 1 + k / 9;
	g = scn_city_game(TILES, 2, order, 40, 30, 0, 10, rules);
	for (k = 0; k < 30; k++) {
		scn_play(g, "p%d place %d 0 1", k % 2, k);
		scn_play(g, "p%d follower pass", k % 2);
	}
	scn_play(g, "?wall_length = 0");
	for (round = 1; round <= 9; round++) {
		int t = (29 + round) % 2, built = 0;
		k = 29 + round;
		scn_play(g, "p%d place %d 0 1", t, k);
		scn_play(g, "p%d follower pass; ?contour = %d", t,
		         2 * (k + 1) + 2);
		if (round == 1) {
			scn_play(g, "p%d gate 0 0 W", t);
			built = 1;
		}
		while (city_game_decision(g) == CITY_DECISION_WALL) {
			/* the i-th piece of the round is t's when i is even */
			scn_play(g, "p%d wall %s", built % 2 == 0 ? t : 1 - t,
			         walls % 2 == 0 ? "cw" : "ccw");
			walls++;
			built++;
			scn_play(g, "p%d guard pass",
			         (built - 1) % 2 == 0 ? t : 1 - t);
		}
		ck_assert_int_eq(built, round == 9 ? 7 : 8);
		scn_play(g, "?walls_left = %d; p%d tower pass",
		         round == 9 ? 0 : 70 - (8 * round - 1), t);
		if (round < 9)
			scn_play(g, "?ended = 0; ?ask tile");
	}
	ck_assert_int_eq(walls, 70);
	/* ended by the supply (1) */
	scn_play(g, "?wall_length = 71; ?gap = 9; ?left 3 = 1; ?ask end\n"
	            "?ended = 1; ?end cw = 70 34 0 N; ?end ccw = 0 34 0 S");
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* R-END-2 with no gate: the whole contour is closed by notional walls.
 *
 *        x=0
 *  y=0  [ M ]   market facing east, seller p0
 *  y=1  [ S ]   street from its south side ending on the tile, citizen p1
 *
 * All tiles in stack 1: no wall round, the game ends with no tile left.
 * Final walls close M's market (p0 +1) and S's street (p1 +1). */
START_TEST(final_walls_without_gate)
{
	static const char TILES[] = "tileset wall-nogate\n"
	                            "1 1 b-b a-a a-a a-a a=R b=F\n"
	                            "2 1 a1a a-a a-a a-a a=R\n";
	static const int ORDER[] = {1, 2};
	city_game *g = scn_city_game(TILES, 2, ORDER, 2, 2, 0, 0, NULL);
	unsigned mask = 0;
	scn_play(g, "p0 place 0 0 1; p0 follower b");
	ck_assert_int_eq(city_score_final(g), CITY_ENOTENDED);
	ck_assert_int_eq(city_game_winners(g, &mask), CITY_ENOTENDED);
	/* street 1, area a, pass; then no tile left (2), no wall, no gap */
	scn_play(g, "p1 place 0 1 2; ?legal = 3; p1 follower 1; ?ask end\n"
	            "?ended = 2; ?wall_length = 0; ?gap = %d; ?walls_left = 70",
	         CITY_ENOTFOUND);
	ck_assert_int_eq(city_game_final_scored(g), 0);
	scn_play(g, "?final = 1 1");
	ck_assert_int_eq(city_game_final_scored(g), 1);
	/* the second ?final: final scoring is idempotent */
	scn_play(g, "?invariants; ?detail 0 markets = 1\n"
	            "?detail 1 streets = 1; ?points 0 final_market = 1\n"
	            "?points 1 final_street = 1\n"
	            "?walls_left = 70; ?final = 1 1; ?winners = 3");
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The final-scoring scenarios as rows. */

static const scn_case final_cases[] = {
        /* R-END-5: two guards of one player on one row both score;
         * R-TILE-5.
         *
         *        x=0   x=1   x=2
         *  y=0  [ A ] [ B ] [ C ]     A: market facing east, seller p0
         *  y=1  [ D ]  hole [ E ]     D hist=Abbey, E pub=2
         *  y=2  [ F ] [ G ] [ H ]     X pub=1 fills the hole last
         *
         * B (stack 3, p1) completes A's market (p0 +1); round p1 p0 x 4:
         *   p1 gate (2,0)E; p0 cw (2,1)E guard (row y=1 meets the hole);
         *   p1 ccw (2,0)N; p0 ccw (1,0)N; p1 ccw (0,0)N; p0 ccw (0,0)W
         *   (the row's far side holds the gate, which is no wall piece
         *   and has no guard); p1 cw (2,2)E; p0 ccw (0,1)W guard:
         *   allowed, the hole separates it from (2,1)E. end_gap 0 keeps
         *   the game going (gap 4). Tower p1: cw 2 pieces, ccw 5, pass.
         * X (p0) fills the hole (1,1) (cell 2, then 0): the row y=1 is
         * D X E. Both guards score it: 3 + 2 + 2*2 = 9 each, 18 for p0,
         * plus 1 for the market; no tile left (2). */
        {"R-END-5, R-TILE-5: two guards on one row both score",
         "city order=2,3,1,1,1,4,1,1,5 stacks=7,0,2 end_gap=0",
         "tileset wall-row\n"
         "1 5 a-a a-a a-a a-a a=R\n"
         "2 1 b-b a-a a-a a-a a=R b=F\n"
         "3 1 a-a a-a a-a a-a a=R hist=Abbey\n"
         "4 1 a-a a-a a-a a-a a=R pub=2\n"
         "5 1 a-a a-a a-a a-a a=R pub=1\n",
         "p0 place 0 0 1; p0 follower b; p1 place 0 1 0; p1 follower pass\n"
         "p0 place 0 2 0; p0 follower pass; p1 place 1 2 0\n"
         "p1 follower pass; p0 place 2 2 0; p0 follower pass\n"
         "p1 place 2 1 0; p1 follower pass; p0 place 2 0 0\n"
         "p0 follower pass; p1 place 1 0 0; p1 follower pass\n"
         "p1 gate 2 0 E; p0 wall cw; p0 guard; p1 wall ccw; p1 guard pass\n"
         "p0 wall ccw; p0 guard pass; p1 wall ccw; p1 guard pass\n"
         "p0 wall ccw; p0 guard pass; p1 wall cw; p1 guard pass\n"
         "p0 wall ccw; p0 guard\n"
         "?piece 0 = 0 1 W 0 0; ?piece 1 = 0 0 W 0 -1\n"
         "?piece 2 = 0 0 N 0 -1; ?piece 3 = 1 0 N 0 -1\n"
         "?piece 4 = 2 0 N 0 -1; ?piece 5 = 2 0 E 1 -1\n"
         "?piece 6 = 2 1 E 0 0; ?piece 7 = 2 2 E 0 -1; ?legal = 3\n"
         "p1 tower pass; ?gap = 4; ?ended = 0; ?cell 1 1 = 2\n"
         "p0 place 1 1 0; p0 follower pass; ?cell 1 1 = 0; ?contour = 12\n"
         "?ask end; ?ended = 2; ?final = 19 0; ?invariants\n"
         "?detail 0 guards = 18; ?points 0 guard = 18\n"
         "?detail 0 markets = 1; ?winners = 1"},

        /* R-END-5: a guard's line stops at the first empty cell, an
         * exterior one too, even with a building beyond it; R-WALL-6 on
         * a one-tile-wide row.
         *
         *        x=0   x=1   x=2   x=3
         *  y=0  [ A ] [ B ] [ C ] [ T ]    C: market facing east, seller p0
         *  y=1  [ D ]  .    [ E ]          D pub=1, E pub=3; (1,1) is
         *                                  exterior (cell 1)
         *
         * Placed A B C D E T; T (stack 2, p1) completes C's market (p0
         * +1). Contour (6 tiles, 5 shared sides: 14): (0,0)N (1,0)N
         * (2,0)N (3,0)N (3,0)E (3,0)S (2,1)E (2,1)S (2,1)W (1,0)S (0,1)E
         * (0,1)S (0,1)W (0,0)W.
         * Round: p1 gate (0,1)S; p0 cw (0,1)W guard; p1 ccw (0,1)E:
         * looking west from it the row is D alone and D's W side holds
         * p0's guard: refused, no guard decision; p0 cw (0,0)W pass.
         * Tower p1: cw 2, ccw 1: pass. Gap 14 - 4 = 10 > 5, no tile left
         * (2).
         * Final: the guard on (0,1)W counts D (2) and stops at (1,1): E's
         * 3 public buildings (6) do not count. p0 = 1 + 2. */
        {"R-END-5, R-WALL-6: a guard's line stops at an empty cell",
         "city order=1,1,2,3,4,1 stacks=5,1,0",
         "tileset wall-line\n"
         "1 3 a-a a-a a-a a-a a=R\n"
         "2 1 b-b a-a a-a a-a a=R b=F\n"
         "3 1 a-a a-a a-a a-a a=R pub=1\n"
         "4 1 a-a a-a a-a a-a a=R pub=3\n",
         "p0 place 0 0 0; p0 follower pass; p1 place 1 0 0\n"
         "p1 follower pass; p0 place 2 0 1; p0 follower b\n"
         "p1 place 0 1 0; p1 follower pass; p0 place 2 1 0\n"
         "p0 follower pass; p1 place 3 0 0; p1 follower pass\n"
         "p1 gate 0 1 S; p0 wall cw; p0 guard; p1 wall ccw; p0 wall cw\n"
         "p0 guard pass\n"
         "?piece 0 = 0 1 E 0 -1; ?piece 1 = 0 1 S 1 -1\n"
         "?piece 2 = 0 1 W 0 0; ?piece 3 = 0 0 W 0 -1; ?cell 1 1 = 1\n"
         "?legal = 3; p1 tower pass; ?gap = 10; ?ended = 2\n"
         "?final = 3 0; ?invariants; ?detail 0 guards = 2\n"
         "?detail 1 guards = 0; ?detail 0 markets = 1"},
};

START_TEST(final_scenarios)
{
	scn_run_case(&final_cases[_i]);
}
END_TEST

static Suite *wall_end_suite(void)
{
	Suite *s = suite_create("wall-end");
	TCase *ends = tcase_create("end");
	TCase *final = tcase_create("final");

	tcase_add_loop_test(ends, gap_ends_the_game, 0,
	                    (int)(sizeof GAP_VALUES / sizeof GAP_VALUES[0]));
	tcase_add_test(ends, supply_empty_ends_the_game);
	tcase_set_timeout(ends, 60);
	suite_add_tcase(s, ends);

	tcase_add_test(final, final_walls_without_gate);
	tcase_add_loop_test(final, final_scenarios, 0,
	                    (int)N_OF(final_cases));
	suite_add_tcase(s, final);
	return s;
}

TEST_MAIN(wall_end_suite)
