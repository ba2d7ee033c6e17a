/*
 * Rule tests of the base game of Carcassonne (carcassonne.md C-SET ..
 * C-END, C-OPT-1; docs/carcassonne.md), through the public API only.
 *
 * Every position is hand-made with an inline `game=carcassonne` tile set
 * and an explicit draw order; every expected number is computed by hand
 * from the spec. Boards are drawn in comments: x grows east, y grows
 * SOUTH; design side d of a tile turned r shows on board side (d + r) % 4.
 * Sides are written `L M R` clockwise (tileset.md).
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "common.h"
#include "scenario.h"

/* Design bodies (after ID COUNT). */
/* D of the rules page: city north, road west-east; b north of the road,
 * c south of it. */
#define C_ROADSTART "a-a b1c c-c c1b a=C b=F c=F"
/* All field. */
#define C_BLANK "a-a a-a a-a a-a a=F"
/* City cap north, field b elsewhere. */
#define C_CAP "a-a b-b b-b b-b a=C b=F"
/* The same with a coat of arms. */
#define C_CAPC "a-a b-b b-b b-b a=C b=F pen=a"
/* Straight road west-east: a north of it, b south. */
#define C_ROAD "a-a a1b b-b b1a a=F b=F"
/* Road south-west: b the SW wedge inside the curve. */
#define C_CURVE "a-a a-a a1b b1a a=F b=F"
/* A road ending at a village on the east side. */
#define C_DEAD "a-a a1a a-a a-a a=F"
/* Two roads from the village at the centre, 1 north and 2 east; b is the
 * NE wedge between them. */
#define C_VILLAGE2 "a1b b2a a-a a-a a=F b=F"
/* Monastery with a road south (A of the rules page). */
#define C_MONROAD "a-a a-a a1a a-a a=F mon"
/* Monastery (B). */
#define C_MON "a-a a-a a-a a-a a=F mon"
/* A road from the south ending at the city north. */
#define C_CITYEND "a-a b-b b1b b-b a=C b=F"
/* City on north and west (one region). */
#define C_CORNER "a-a b-b b-b a-a a=C b=F"
/* City on north, east and west (one region), field south. */
#define C_THREE "a-a a-a b-b a-a a=C b=F"
/* City band west-east with a coat of arms; fields north (b), south (c). */
#define C_BANDC "b-b a-a c-c a-a a=C b=F c=F pen=a"
/* City on all four sides. */
#define C_CITY4 "a-a a-a a-a a-a a=C"
/* Two city caps, north (a) and south (c), apart; field b between them
 * (on the east and west sides). */
#define C_TWOCAPS "a-a b-b c-c b-b a=C b=F c=C"
/* City band north-south written west-east (turn it 1): fields b north,
 * c south, no coat of arms. */
#define C_BAND "b-b a-a c-c a-a a=C b=F c=F"
/* City north and south (one region); fields b east, c west. */
#define C_BANDNS "a-a b-b a-a c-c a=C b=F c=F"
/* Two roads: 1 from north to west (a the NW wedge), 2 from east to south
 * (c the SE wedge), field b between them. */
#define C_TWINROAD "a1b b2c c2b b1a a=F b=F c=F"
/* All field with a tower foundation (The Tower). */
#define C_TOWER "a-a a-a a-a a-a a=F tow"

/* ?ended and ?winners take plain integers. */
_Static_assert(CITY_ENDED_TILES == 2, "?ended = 2 below is CITY_ENDED_TILES");

/* The game of a spec and tiles as a scn_case writes them (scenario.h),
 * for the tests that check in C what the scripts cannot ask. */
static city_game *carc(const char *game, const char *tiles)
{
	const scn_case c = {game, game, tiles, ""};
	return scn_case_game(&c);
}

/* The design of the tile in hand. */
static void carc_expect_current(const city_game *g, int design)
{
	int d = 0, stack = 0;
	ck_assert_int_eq(city_game_current_tile(g, &d, &stack), CITY_OK);
	ck_assert_int_eq(d, design);
}

/* ------------------------------------------------------------------------
 * Set-up: C-SET-1..4
 * ---------------------------------------------------------------------- */

START_TEST(test_C_SET_3_start_tile_placed_before_the_first_turn)
{
	city_game *g =
	    carc("carc order=2,2", "1 1 " C_ROADSTART " start\n2 2 " C_CAP "\n");
	int design = 0, rot = -1;
	scn_play(g, "?tile_count = 1; ?follower_count = 0; ?ask tile 0\n"
	            /* C-SET-4: one stack, the start tile not in it; one tile
	             * drawn */
	            "?left 1 = 1; ?left 2 = 0");
	ck_assert_int_eq(city_game_tile_at(g, 0, 0, &design, &rot), CITY_OK);
	ck_assert_int_eq(design, 1);
	ck_assert_int_eq(rot, 0);
	ck_assert_int_eq(city_game_move_count(g), 0); /* not a move */
	carc_expect_current(g, 2);
	city_game_free(g);
}
END_TEST

START_TEST(test_C_SET_4_order_lists_the_drawn_tiles_only)
{
	static const int with_start[] = {1, 1, 2};
	static const int ok[] = {2, 1, 2};
	/* 3 tiles are drawn of the 4: listing 3 with the start design twice
	 * is too many of design 1 (one of its two instances is the start);
	 * 2 of 3 are too few */
	static const struct {
		const int *order;
		size_t n;
		int status;
	} tries[] = {{with_start, 3, CITY_EINVAL},
	             {ok, 2, CITY_EINVAL},
	             {ok, 3, CITY_OK}};
	city_options *o = NULL;
	city_tileset *ts =
	    scn_tileset("tileset t game=carcassonne\n1 2 " C_ROADSTART
	                " start\n2 2 " C_CAP "\n");
	city_game *g = NULL;
	size_t i;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_game(o, CITY_GAME_CARCASSONNE),
	                 CITY_OK);
	ck_assert_int_eq(city_options_set_tileset(o, ts), CITY_OK);
	city_tileset_free(ts);
	for (i = 0; i < N_OF(tries); i++) {
		ck_assert_int_eq(
		    city_options_set_order(o, tries[i].order, tries[i].n),
		    CITY_OK);
		ck_assert_int_eq(city_game_new(&g, o), tries[i].status);
	}
	scn_play(g, "?left 1 = 2");
	city_game_free(g);
	city_options_free(o);
}
END_TEST

START_TEST(test_C_SET_1_five_players_C_SET_2_seven_followers)
{
	city_options *o = NULL;
	city_game *g;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_game(o, CITY_GAME_CARCASSONNE),
	                 CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, 5), CITY_OK);
	g = scn_new(o); /* city_game_new succeeds; the options are freed */
	ck_assert_int_eq(city_game_players(g), 5);
	/* the built-in set: 72 tiles, the start tile placed, 71 to draw */
	scn_play(g, "?supply 0 = 7; ?supply 1 = 7; ?supply 2 = 7;"
	            "?supply 3 = 7; ?supply 4 = 7; ?tile_count = 1;"
	            "?left 1 = 70");
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * Scenarios that also check in C what the scripts cannot ask: the move
 * count, the tile in hand, events one by one, the followers one by one,
 * winners before final scoring, and moves through their own calls.
 * ---------------------------------------------------------------------- */

START_TEST(test_C_TILE_2_R_GEO_3_rotation_4)
{
	/* The game of "C-TILE-2, C-TILE-1, R-GEO-3: city sides face city
	 * sides" in the same position: a rotation has no move text. */
	city_game *g =
	    carc("carc order=2", "1 1 " C_ROADSTART " start\n2 1 " C_CAP "\n");
	SCN_REFUSED(g, city_place_tile(g, 0, -1, 4), CITY_EINVAL,
	            "R-GEO-3: rotation 4 is not 0..3");
	city_game_free(g);
}
END_TEST

START_TEST(test_C_DONE_1_road_closed_by_villages)
{
	/*  D=S=D   (-1,0) DEAD r0, (0,0) start, (1,0) DEAD r2.
	 * P0's highwayman on the east DEAD; P1's DEAD closes the road:
	 * 3 tiles = 3 for P0 (C-SCORE-1). */
	city_game *g = carc("carc order=2,2",
	                    "1 1 " C_ROADSTART " start\n2 2 " C_DEAD "\n");
	scn_play(g, "place 1 0 2\n"
	            "?followers = 1P\n" /* the field needs farmers */
	            "follower 1; ?complete 0 0 1 = 0\n"
	            "?fkind 0 0 1 = road; place -1 0 0\n"
	            /* the road is P0's and complete, the field needs
	             * farmers: P1's follower decision is skipped */
	            "?complete 0 0 1 = 1; ?ftiles 0 0 1 = 3\n"
	            "?ask end; ?scores = 3 0; ?detail 0 roads = 3\n"
	            "?points 0 road = 3\n"
	            "?supply 0 = 7"); /* C-SCORE-5 */
	ck_assert_int_eq(city_game_move_count(g), 3);
	city_game_free(g);
}
END_TEST

START_TEST(test_C_TURN_2_discards_repeat_until_a_tile_fits)
{
	/* Two cities on four sides drawn first are both discarded and P0
	 * places the blank; after P0's turn P1 draws a third one, discarded,
	 * and P1 (not P2) draws again and places the last blank. */
	city_game *g = carc("carc players=3 order=2,2,3,2,3",
	                    "1 1 " C_BLANK " start\n2 3 " C_CITY4
	                    "\n3 2 " C_BLANK "\n");
	scn_play(g, "?events discard * = 2; ?ask tile 0; ?left 1 = 2");
	carc_expect_current(g, 3);
	scn_play(g, "place 1 0 0; ?events discard * = 3; ?ask tile 1\n"
	            "?left 1 = 0");
	carc_expect_current(g, 3);
	/* discards are not moves */
	ck_assert_int_eq(city_game_move_count(g), 1);
	scn_play(g, "place 2 0 0; ?ask end; ?tile_count = 3");
	city_game_free(g);
}
END_TEST

START_TEST(test_C_TURN_2_unplayable_tile_discarded)
{
	/* A city on four sides never fits beside fields: drawn first, it is
	 * discarded and P0 draws the blank; drawn last, it ends the game. */
	city_game *g = carc("carc order=2,3,2", "1 1 " C_BLANK
	                                        " start\n2 2 " C_CITY4
	                                        "\n3 1 " C_BLANK "\n");
	city_event e;
	ck_assert_int_eq(city_game_event_count(g), 1);
	ck_assert_int_eq(city_game_event(g, 0, &e), CITY_OK);
	ck_assert_int_eq(e.kind, CITY_EVENT_DISCARD);
	ck_assert_int_eq(e.design, 2);
	ck_assert_int_eq(e.player, -1);
	carc_expect_current(g, 3);
	scn_play(g, "?ask tile 0; ?left 1 = 1\n"
	            "?legal = 16\n" /* 4 cells x 4 rotations */
	            "place 1 0 0");
	/* the last tile is drawn and discarded: C-END-1 */
	ck_assert_int_eq(city_game_event_count(g), 2);
	scn_play(g, "?ask end; ?ended = 2"); /* CITY_ENDED_TILES */
	city_game_free(g);
}
END_TEST

START_TEST(test_C_SCORE_6_features_completed_together_in_order)
{
	/*        [C ]            (1,-1) CAP r2, P0's knight
	 *   [B ][X ][B ]  y=-1   (0,-1) BLANK
	 *   [B ][S ]X [D ]       start DEAD (road end east); (2,0) DEAD r2,
	 *   [B ][M1][M2][B ]     P1's highwayman; M1 (0,1) P0's monk, M2
	 *   [B ][B ][B ][B ]     (1,1) P1's monk; blanks round them.
	 * The last tile X = ROADSTART r0 at (1,0) closes at once the road
	 * (3 tiles), the city (2 tiles) and both monasteries. Events: the
	 * road first although the city's part a comes before the road's
	 * digit 1 on X, then the city, then the monasteries by (y, x). */
	static const struct {
		int player, points, reason, x, y; /* x < 0: cell not checked */
	} want[] = {{1, 3, CITY_REASON_ROAD, -1, -1},
	            {0, 4, CITY_REASON_CITY, -1, -1},
	            {0, 9, CITY_REASON_MONASTERY, 0, 1},
	            {1, 9, CITY_REASON_MONASTERY, 1, 1}};
	city_game *g = carc("carc order=2,2,3,3,4,3,3,3,3,3,3,1,5",
	                    "1 2 " C_DEAD " start\n2 2 " C_MON
	                    "\n3 8 " C_BLANK "\n4 1 " C_CAP
	                    "\n5 1 " C_ROADSTART "\n");
	city_event e;
	int i;
	/* without a follower decision the next player draws */
	scn_play(g, "place 0 1 0; follower m; place 1 1 0; follower m\n"
	            "place 0 -1 0; ?ask tile 1; place -1 0 0; ?ask tile 0\n"
	            "place 1 -1 2; follower a\n"
	            "place -1 1 0; ?ask tile 0; place -1 2 0; ?ask tile 1\n"
	            "place 0 2 0; ?ask tile 0; place 1 2 0; ?ask tile 1\n"
	            "place 2 2 0; ?ask tile 0; place 2 1 0; ?ask tile 1\n"
	            "place 2 0 2; follower 1\n"
	            "?score 0 = 0; ?score 1 = 0; ?complete 0 1 m = 0\n"
	            "?complete 1 1 m = 0");
	ck_assert_int_eq(city_game_event_count(g), 0);
	/* every part of X is taken or a field: no follower decision */
	scn_play(g, "?ask tile 0; place 1 0 0; ?ask end");
	ck_assert_int_eq(city_game_event_count(g), 4);
	for (i = 0; i < (int)N_OF(want); i++) {
		scn_expect_score_event(g, i, want[i].player, want[i].points,
		                       want[i].reason);
		ck_assert_int_eq(city_game_event(g, (size_t)i, &e), CITY_OK);
		if (want[i].x >= 0) {
			ck_assert_int_eq(e.x, want[i].x);
			ck_assert_int_eq(e.y, want[i].y);
		}
		ck_assert_uint_eq(e.move, (unsigned)city_game_move_count(g));
	}
	ck_assert_int_eq(city_game_move_count(g), 17);
	scn_play(g, "?scores = 13 12; ?supply 0 = 7; ?supply 1 = 7");
	city_game_free(g);
}
END_TEST

START_TEST(test_C_TURN_1_turn_order_and_calls_out_of_turn)
{
	/* 3 players: player 0 starts, then 1, 2, 0 (C-SET-1); the tile
	 * decision comes before the follower decision, scoring after it
	 * (C-TURN-1); calls of the wrong decision are refused and change
	 * nothing. */
	city_game *g = carc("carc players=3 order=2,2,2,2",
	                    "1 1 " C_ROADSTART " start\n2 4 " C_MON "\n");
	scn_play(g,
	         "?ask tile 0\n"
	         "?call follower m = EDECISION \"C-TURN-1: the game waits for a "
	         "tile placement, not a follower\"\n"
	         "?call pass = EDECISION \"C-TURN-1: a tile placement cannot be "
	         "passed\"\n"
	         "?call gate 0 0 N = EDECISION \"C-TURN-1: the base game of "
	         "Carcassonne has no gate decision\"\n"
	         "?call guard = EDECISION \"C-TURN-1: the base game of "
	         "Carcassonne has no guard decision\"\n"
	         "?call tower cw = EDECISION \"C-TURN-1: the base game of "
	         "Carcassonne has no tower decision\"\n"
	         "place 0 1 0; ?ask follower 0\n"
	         "?call place 1 1 0 = EDECISION \"C-TURN-1: the game waits for a "
	         "follower, not a tile placement\"\n"
	         "follower m; ?ask tile 1; place 1 1 0; ?ask follower 1; pass\n"
	         "?ask tile 2; place -1 1 0; ?ask follower 2; pass\n"
	         "?ask tile 0; place 0 2 0; ?ask follower 0; pass\n"
	         "?ask end"); /* C-END-1: the last tile was placed */
	ck_assert_int_eq(city_game_move_count(g), 8);
	scn_play(g, "?call place 1 2 0 = EENDED \"C-END-1: the game has "
	            "ended\"\n"
	            "?call pass = EENDED \"C-END-1: the game has ended\"");
	city_game_free(g);
}
END_TEST

START_TEST(test_C_FOL_1_each_part_kind_takes_its_role)
{
	/* farmers on: a highwayman on a road digit, a knight on a city
	 * letter, a monk on m, a farmer on a field letter; the followers as
	 * city_game_follower lists them, in slot order. */
	static const struct {
		int player, role, x, y;
		char part;
	} want[] = {
	    {0, CITY_ROLE_HIGHWAYMAN, 1, 0, '1'},
	    {1, CITY_ROLE_KNIGHT, 0, -1, 'a'},
	    {0, CITY_ROLE_MONK, 0, 1, 'm'},
	    {1, CITY_ROLE_FARMER, -1, 1, 'a'},
	};
	city_game *g = carc("carc order=2,3,4,5 farmers=yes",
	                    "1 1 " C_ROADSTART " start\n2 1 " C_ROAD
	                    "\n3 1 " C_CORNER "\n4 1 " C_MON "\n5 1 " C_BLANK
	                    "\n");
	size_t i;
	scn_play(g, "place 1 0 0\n"
	            /* the road's fields join the start's, free */
	            "?followers = ab1P; follower 1\n"
	            "place 0 -1 2\n" /* city south and east: open */
	            "?followers = abP; follower a\n"
	            "place 0 1 0; ?followers = amP; follower m\n"
	            "place -1 1 0; ?followers = aP; follower a\n"
	            "?follower_count = 4");
	for (i = 0; i < N_OF(want); i++) {
		int p = -1, role = -1;
		int32_t x = 99, y = 99;
		char part = 0;
		ck_assert_int_eq(city_game_follower(g, i, &p, &role, &x, &y,
		                                    &part),
		                 CITY_OK);
		ck_assert_int_eq(p, want[i].player);
		ck_assert_int_eq(role, want[i].role);
		ck_assert_int_eq(x, want[i].x);
		ck_assert_int_eq(y, want[i].y);
		ck_assert_int_eq(part, want[i].part);
	}
	scn_play(g, "?supply 0 = 5; ?supply 1 = 5; ?invariants");
	city_game_free(g);
}
END_TEST

START_TEST(test_C_FOL_4_empty_supply_skips_the_follower_decision)
{
	/* 16 monasteries in a row east of the start, none ever complete. P0
	 * puts a monk on each of its first 7; P1 passes. P0's 8th tile asks
	 * no follower decision: P1 draws next. */
	city_game *g = carc("carc order=2,2,2,2,2,2,2,2,2,3,3,3,3,3,3,3",
	                    "1 1 " C_BLANK " start\n2 9 " C_MON "\n3 7 " C_MON
	                    "\n");
	scn_play(g, "place 1 0 0; ?followers = mP; follower m\n"
	            "place 2 0 0; ?followers = mP; pass\n"
	            "place 3 0 0; ?followers = mP; follower m\n"
	            "place 4 0 0; ?followers = mP; pass\n"
	            "place 5 0 0; ?followers = mP; follower m\n"
	            "place 6 0 0; ?followers = mP; pass\n"
	            "place 7 0 0; ?followers = mP; follower m\n"
	            "place 8 0 0; ?followers = mP; pass\n"
	            "place 9 0 0; ?followers = mP; follower m\n"
	            "place 10 0 0; ?followers = mP; pass\n"
	            "place 11 0 0; ?followers = mP; follower m\n"
	            "place 12 0 0; ?followers = mP; pass\n"
	            "place 13 0 0; ?followers = mP; follower m\n"
	            "place 14 0 0; ?followers = mP; pass\n"
	            "?supply 0 = 0; ?onboard 0 = 7; ?ask tile 0\n"
	            "place 15 0 0; ?ask tile 1");
	/* 15 tiles, 7 monks, 7 passes: no follower move after the last */
	ck_assert_int_eq(city_game_move_count(g), 15 + 7 + 7);
	scn_play(g, "?call follower m = EDECISION \"C-TURN-1: the game waits "
	            "for a tile placement, not a follower\"\n"
	            /* P1 still has followers */
	            "place 16 0 0; ?followers = mP");
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * The end: C-END-2, C-END-4, C-END-5
 * ---------------------------------------------------------------------- */

START_TEST(test_C_END_4_tower_tops_and_prisoners_score_nothing)
{
	/* The Tower. P0: highwayman on (1,0), on the start's road. P1: a
	 * tower at (1,1), one floor, takes the highwayman prisoner. P0: a
	 * blank at (0,1) and a follower on top of the tower. P1: a road at
	 * (-1,0) and a highwayman on the road, free again. Final: P1's road
	 * 3 tiles = 3; P0's top and its prisoner score nothing. The floor,
	 * the capture and the top go through their own calls. */
	city_game *g = carc("carc tower order=1,2,3,1",
	                    "1 3 " C_ROAD " start\n2 1 " C_TOWER "\n3 1 " C_BLANK
	                    "\n");
	scn_play(g, "place 1 0 0; follower 1; place 1 1 0");
	ck_assert_int_eq(city_place_floor(g, 1, 1), CITY_OK);
	ck_assert_int_eq(city_capture(g, 1, 0, '1'), CITY_OK);
	scn_play(g, "?prisoners 1 0 = 1\n"
	            "?ask tile 0\n" /* no ransom with 0 points */
	            "place 0 1 0");
	ck_assert_int_eq(city_place_top(g, 1, 1), CITY_OK);
	scn_play(g, "?tower 1 1 = 1 0\n"
	            "place -1 0 0; ?followers = 1P; follower 1; ?ask end\n"
	            "?supply 0 = 5; ?final = 0 3; ?detail 0 roads = 0\n"
	            "?detail 0 cities = 0; ?detail 0 monasteries = 0\n"
	            "?detail 0 farms = 0; ?detail 0 ransom = 0\n"
	            "?detail 1 roads = 3; ?events score 0 = 0\n"
	            /* the top goes home, the prisoner stays where it is
	             * (T-CAP-6) */
	            "?prisoners 1 0 = 1; ?supply 0 = 6; ?supply 1 = 7\n"
	            "?follower_count = 0; ?winners = 2");
	city_game_free(g);
}
END_TEST

/* Scenarios whose winners are asked before final scoring, which refuses
 * them (CITY_ENOTENDED), then after it: `script`, the refusal, `after`. */
static const struct {
	scn_case c;
	const char *after;
} winners_after_final[] = {
    /* P0: highwayman on the road start=(1,0) (2 tiles, open both ends):
     * 2; P1: knight on the band (0,-1) r1 joined to the start's city
     * (2 tiles, 1 coat, open north): 2 + 1 = 3; P0: monk at (1,1) with 2
     * tiles around ((0,0), (1,0)): 1 + 2 = 3. */
    {{"C-END-2: incomplete features of each kind", "carc order=2,3,4",
      "1 1 " C_ROADSTART " start\n2 1 " C_ROAD "\n3 1 " C_BANDC "\n4 1 " C_MON
      "\n",
      "place 1 0 0; follower 1; place 0 -1 1; follower a\n"
      "place 1 1 0; follower m; ?ask end; ?scores = 0 0"},
     "?final = 5 3; ?detail 0 roads = 2\n"
     "?detail 0 monasteries = 3; ?detail 1 cities = 3\n"
     "?detail 1 farms = 0; ?points 0 final_road = 2\n"
     "?points 0 final_monastery = 3; ?points 1 final_city = 3\n"
     "?winners = 1\n"
     "?final = 5 3\n" /* idempotent */
     "?follower_count = 0"},
    /* 3 players: P0's monk at (0,1) and P2's at (0,-2) each have one
     * tile around them at the end (1 + 1 = 2); P1 has nothing. Winners:
     * P0 and P2. */
    {{"C-END-5: tied players all win", "carc players=3 order=2,1,2",
      "1 2 " C_BLANK " start\n2 2 " C_MON "\n",
      "place 0 1 0; follower m; place 0 -1 0; ?ask tile 2\n"
      "place 0 -2 0; follower m; ?ask end"},
     "?final = 2 0 2; ?points 2 final_monastery = 2; ?winners = 5"},
};

START_TEST(test_C_END_winners_only_after_final_scoring)
{
	city_game *g = scn_case_game(&winners_after_final[_i].c);
	unsigned mask = 0;
	scn_play(g, "%s", winners_after_final[_i].c.script);
	ck_assert_int_eq(city_game_winners(g, &mask), CITY_ENOTENDED);
	scn_play(g, "%s", winners_after_final[_i].after);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * The scenarios as data (scn_case, run by scn_run_case): placing tiles
 * (C-TILE-1, C-TILE-2), roads, cities, monasteries, fields, followers and
 * the end. Every row's name starts with the rule ids it checks.
 * ---------------------------------------------------------------------- */

/* Three city caps around (1,-1), 3 players, the fifth tile of design
 * `closer` still to come (P1's turn):
 *   P0 [C>][  ][<C] P0    (0,-1) CAP r1, (2,-1) CAP r3: P0's knights
 *      [S ][C^][B ]       (1,0) CAP r0: P1's knight; (2,0) BLANK */
#define THREE_CAPS_GAME "carc players=3 order=2,2,1,2,3"
#define THREE_CAPS_TILES(closer)                                             \
	"1 2 " C_BLANK " start\n2 3 " C_CAP "\n3 1 " closer "\n"
#define THREE_CAPS_WITH_KNIGHTS                                              \
	"place 0 -1 1; follower a\n"                                         \
	"place 1 0 0; follower a\n"                                          \
	"place 2 0 0\n" /* P2: a field, no farmers: skipped */               \
	"?ask tile 0; place 2 -1 3; follower a\n"

/* C-GEO-3 through play: a field borders a city when the tile set's in-tile
 * adjacency says so. The start's south field c is cut off from its city a
 * by the road (the clockwise walk), unless an `adj=ac` pair joins them.
 * `farm` is P1's farmer's score. */
#define GEO3_TILES(start)                                                    \
	"1 1 " start " start\n2 1 " C_CAP "\n3 1 " C_BLANK "\n"
#define GEO3_SCRIPT(farm)                                                    \
	"place 0 -1 2\n" /* closes the start's city; no knight */             \
	"?followers = abP; pass; ?complete 0 0 a = 1\n"                      \
	"place 0 1 0\n" /* P1's farmer joins the start's field c */           \
	"?followers = aP; follower a; ?same 0 1 a 0 0 c = 1; ?ask end\n"     \
	"?final = 0 " farm "; ?detail 1 farms = " farm                       \
	"; ?points 1 farm = " farm

/* C-SCORE-3: a monastery placed into a cell whose 8 neighbours all hold
 * tiles is complete at once; a monk on it scores 9 in the same turn
 * (C-FOL-3); without a follower it scores nothing (C-SCORE-4). */
#define RING_GAME "carc order=1,1,1,1,1,1,1,2"
#define RING_TILES "1 8 " C_BLANK " start\n2 1 " C_MON "\n"
#define RING_SCRIPT(move, points, scores)                                    \
	"place 1 0 0; place 2 0 0; place 2 1 0; place 2 2 0; place 1 2 0;"   \
	"place 0 2 0; place 0 1 0; ?ask tile 1\n"                            \
	/* 12 cells round the 3 x 3 block and its centre, 4 turns each */     \
	"?legal = 52; place 1 1 0; ?complete 1 1 m = 1; ?ftiles 1 1 m = 1\n" \
	"?followers = mP; " move "; ?ask end; ?scores = 0 " points "\n"      \
	"?points 1 monastery = " points "; ?events score * = " scores "\n"   \
	"?supply 1 = 7; ?follower_count = 0"

/* P0 puts monks on the monasteries it places at x = 1, 3, ... 11 east of
 * the start; P1 passes on the others. */
#define MONKS_ON_SIX                                                         \
	"place 1 0 0; follower m; place 2 0 0; pass\n"                       \
	"place 3 0 0; follower m; place 4 0 0; pass\n"                       \
	"place 5 0 0; follower m; place 6 0 0; pass\n"                       \
	"place 7 0 0; follower m; place 8 0 0; pass\n"                       \
	"place 9 0 0; follower m; place 10 0 0; pass\n"                      \
	"place 11 0 0; follower m; place 12 0 0; pass\n"

static const scn_case cases[] = {
    /* Start (0,0): city N, road W-E, field S. A city cap fits only at
     * (0,-1) turned 2 (its city south, facing the start's city) and at
     * (0,1) turned 1, 2 or 3 (a field side north, facing the start's
     * field): 4 moves; the road sides W and E take no cap. */
    {"C-TILE-2, C-TILE-1, R-GEO-3: city sides face city sides",
     "carc order=2", "1 1 " C_ROADSTART " start\n2 1 " C_CAP "\n",
     "?legal = 4\n"
     /* rows north to south, rotations in order */
     "?moves = place 0 -1 2, place 0 1 1, place 0 1 2, place 0 1 3\n"
     /* the cap's city west facing the start's road side */
     "?call place 1 0 3 = EILLEGAL \"C-TILE-2: city side facing a field "
     "side of tile (0,0)\"\n"
     /* its city north facing the start's field south */
     "?call place 0 1 0 = EILLEGAL \"C-TILE-2: city side facing a field "
     "side of tile (0,0)\"\n"
     /* its field south facing the start's city north */
     "?call place 0 -1 0 = EILLEGAL \"C-TILE-2: field side facing a city "
     "side of tile (0,0)\"\n"
     /* C-TILE-1 */
     "?call place 0 0 0 = EILLEGAL \"C-TILE-1: cell (0,0) already holds a "
     "tile\"\n"
     "?call place 5 5 0 = EILLEGAL \"C-TILE-1: cell (5,5) shares no side "
     "with a placed tile\"\n"
     /* rotation 4 (no move text): test_C_TILE_2_R_GEO_3_rotation_4 */
     "place 0 -1 2"},
    /* A straight road after the start: (1,0) and (-1,0) turned 0 or 2
     * (road W-E continuing the start's road), (0,1) turned 0 or 2 (a
     * field side without a road north); (0,-1) faces the city: 6. */
    {"C-TILE-2: road ends face road ends", "carc order=2",
     "1 1 " C_ROADSTART " start\n2 1 " C_ROAD "\n",
     "?legal = 6\n"
     /* turned 1, its west side is its south side b-b: no road, facing
      * the start's road end */
     "?call place 1 0 1 = EILLEGAL \"C-TILE-2: field side without a road "
     "facing a field side with a road end of tile (0,0)\"\n"
     /* turned 1 at (0,1), its north side is its west side: a road end
      * facing the start's field south */
     "?call place 0 1 1 = EILLEGAL \"C-TILE-2: field side with a road end "
     "facing a field side without a road of tile (0,0)\"\n"
     "place 1 0 2"},

    /* Roads: C-DONE-1, C-SCORE-1.
     *  E=S=A   (-1,0) CITYEND r3 (its road east, city west), (0,0)
     * start, (1,0) MONROAD r1 (its road west). P0: highwayman on the
     * monastery tile's road; P1 closes it at the city: 3 for P0. */
    {"C-DONE-1: a road closed by a monastery and a city", "carc order=2,3",
     "1 1 " C_ROADSTART " start\n2 1 " C_MONROAD "\n3 1 " C_CITYEND "\n",
     "place 1 0 1; ?followers = 1mP; follower 1\n"
     "place -1 0 3\n"
     /* P1 may still take the city (the road is taken) */
     "?followers = aP; ?score 0 = 0\n" /* after the decision */
     "pass; ?scores = 3 0"},
    /*      S          four curves round the corner (0.5, 1.5):
     *     TL TR       TL (0,1) r3: road E-S; TR (1,1) r0: road W-S;
     *     BL BR       BR (1,2) r1: road N-W; BL (0,2) r2: road N-E.
     * P0's highwayman on TL; the loop closes with BL: 4 for P0. */
    {"C-DONE-1: a road closed by a loop", "carc order=2,2,2,2",
     "1 1 " C_ROADSTART " start\n2 4 " C_CURVE "\n",
     "place 0 1 3; ?followers = 1P; follower 1\n"
     "place 1 1 0\n" /* P1: road taken, fields need farmers */
     "?ask tile 0; place 1 2 1; ?complete 0 1 1 = 0\n"
     "place 0 2 2; ?complete 0 1 1 = 1; ?ftiles 1 2 1 = 4\n"
     "?scores = 4 0"},
    /* As the loop, with the village tile (roads 1 north and 2 east) in
     * BL's place: both its roads join one road through TL, TR and BR,
     * which ends at the village twice and is complete with it. Parts 1
     * and 2 are two moves (C-FOL-5); the follower goes on the road this
     * placement completes (C-FOL-3) and scores 4 at once. */
    {"C-FOL-5, C-FOL-3: two parts of one road are two moves",
     "carc order=2,2,2,3",
     "1 1 " C_ROADSTART " start\n2 3 " C_CURVE "\n3 1 " C_VILLAGE2 "\n",
     "place 0 1 3; pass\n"
     "place 1 1 0; pass\n"
     "place 1 2 1; pass\n"
     "place 0 2 0; ?same 0 2 1 0 2 2 = 1\n"
     "?complete 0 2 1 = 1; ?ask follower 1; ?followers = 12P\n"
     "follower 2; ?scores = 0 4; ?supply 1 = 7; ?invariants"},
    /*  [K ][K ]       start (0,0) BANDNS (city north-south); corners
     *  [S ][T ]       (0,-1) r2, (1,-1) r3, (0,1) r1, (1,1) r0 lead the
     *  [K ][K ]       city round to (1,0), where P0's TWOCAPS r0 meets it
     * with both caps: one complete city of 6 cells holding both caps.
     * Parts a and c are two moves (C-FOL-5); a knight on c scores 12 at
     * once (C-FOL-3). */
    {"C-FOL-5, C-FOL-3: two city caps joined round are two moves",
     "carc order=2,2,2,2,3",
     "1 1 " C_BANDNS " start\n2 4 " C_CORNER "\n3 1 " C_TWOCAPS "\n",
     /* the city is still free */
     "place 0 -1 2; ?followers = aP; pass\n"
     "place 1 -1 3; ?followers = aP; pass\n"
     "place 0 1 1; ?followers = aP; pass\n"
     "place 1 1 0; ?followers = aP; pass\n"
     "?same 1 -1 a 1 1 a = 1; ?ftiles 0 0 a = 5\n"
     "place 1 0 0; ?same 1 0 a 1 0 c = 1; ?complete 1 0 a = 1\n"
     "?ftiles 1 0 c = 6; ?ask follower 0; ?followers = acP; follower c\n"
     "?scores = 12 0; ?events score * = 1; ?supply 0 = 7"},

    /* Cities: C-DONE-2, C-SCORE-2, C-FOL-3, C-SCORE-4.
     * The cap at (0,-1) turned 2 closes the start's city: a knight may go
     * on it (C-FOL-3), it scores 2 x 2 = 4 at once and returns. */
    {"C-SCORE-2, C-FOL-3: a two-tile city scores 4", "carc order=2",
     "1 1 " C_ROADSTART " start\n2 1 " C_CAP "\n",
     "place 0 -1 2; ?complete 0 0 a = 1; ?fkind 0 -1 a = city\n"
     "?followers = aP; follower a; ?scores = 4 0; ?detail 0 cities = 4\n"
     "?points 0 city = 4; ?supply 0 = 7; ?follower_count = 0"},
    /* Two caps with coats of arms facing each other: 2 tiles x 2 + 2
     * coats x 2 = 8 for P0. */
    {"C-SCORE-2: coats of arms", "carc order=2,2",
     "1 1 " C_BLANK " start\n2 2 " C_CAPC "\n",
     "place 0 -1 0\n" /* city north, field south on the start */
     "follower a; place 0 -2 2; ?scores = 8 0; ?detail 0 cities = 8"},
    /*   P0 [C>][^C]      (0,-1) CAP r1: city east, P0's knight
     *      [S ][C^] P1   (1,0)  CAP r0: city north, P1's knight
     * (1,-1) CORNER r3 (city west and south) joins both and closes the
     * city: 3 tiles x 2 = 6 to each (a tie). */
    {"C-SCORE-4: a tie after a join", "carc order=2,2,3",
     "1 1 " C_BLANK " start\n2 2 " C_CAP "\n3 1 " C_CORNER "\n",
     "place 0 -1 1; follower a\n"
     "place 1 0 0; follower a; ?same 0 -1 a 1 0 a = 0\n"
     "place 1 -1 3; ?same 0 -1 a 1 0 a = 1; ?ftiles 1 -1 a = 3\n"
     "?scores = 6 6; ?supply 0 = 7; ?supply 1 = 7"},
    /* (1,-1) THREE r2 (city west, south, east) closes a 4-tile city:
     * 8 to P0 (two knights), nothing to P1 (one). */
    {"C-SCORE-4: the majority after a join", THREE_CAPS_GAME,
     THREE_CAPS_TILES(C_THREE),
     THREE_CAPS_WITH_KNIGHTS
     "place 1 -1 2; ?ftiles 1 -1 a = 4; ?scores = 8 0 0\n"
     "?events score 1 = 0; ?invariants"},

    /* Monasteries: C-DONE-3, C-SCORE-3.
     *  [R ][S ][R ]    (0,1) MON with P0's monk; roads (-1,0) and (1,0)
     *  [B ][M ][B ]    continue the start's; blanks fill the rest; the
     *  [B ][B ][B ]    blank at (1,2) is the 8th neighbour: 9 for P0. */
    {"C-DONE-3: a monastery completed by its 8th neighbour",
     "carc order=2,3,3,4,4,4,4,4",
     "1 1 " C_ROADSTART " start\n2 1 " C_MON "\n3 2 " C_ROAD
     "\n4 5 " C_BLANK "\n",
     "place 0 1 0; ?followers = mP; follower m\n"
     "?fkind 0 1 m = monastery\n"
     "place 1 0 0; ?followers = 1P\n" /* the start's road, free */
     "pass; place -1 0 0; pass\n"
     /* blanks: fields only, no farmers: skipped */
     "place 1 1 0; ?ask tile 0\n"
     "place -1 1 0; place -1 2 0; place 0 2 0\n"
     "?complete 0 1 m = 0; ?score 0 = 0; ?supply 0 = 6\n"
     "place 1 2 0; ?complete 0 1 m = 1; ?scores = 9 0\n"
     "?detail 0 monasteries = 9; ?points 0 monastery = 9; ?supply 0 = 7\n"
     "?ask end"},
    {"C-SCORE-3, C-FOL-3: a monastery placed into a full ring scores at "
     "once",
     RING_GAME, RING_TILES, RING_SCRIPT("follower m", "9", "1")},
    {"C-SCORE-3, C-SCORE-4: without a monk it scores nothing", RING_GAME,
     RING_TILES, RING_SCRIPT("pass", "0", "0")},
    /* start CAP (city north); (0,-1) CORNER r2 (city south and east):
     * a 2-tile city open east. (1,-1) CAP r3 (city west) faces it: the
     * 3-tile city is complete, 6 for P0's knight. */
    {"C-DONE-2: a city is complete when every city side is faced",
     "carc order=2,3",
     "1 1 " C_CAP " start\n2 1 " C_CORNER "\n3 1 " C_CAP "\n",
     "?complete 0 0 a = 0; place 0 -1 2; follower a\n"
     "?ftiles 0 0 a = 2; ?complete 0 0 a = 0; ?score 0 = 0\n"
     "place 1 -1 3; ?complete 0 0 a = 1; ?ftiles 1 -1 a = 3\n"
     "?scores = 6 0; ?points 0 city = 6"},

    /* The end: C-END-2, C-END-3.
     *  [B ][B ]     (0,-1) CAP r2 closes the start's city (no knight);
     *  [C ][B ]     P0's farmer on the cap's field (north of the city),
     *  [S ][B ]     P1's on the start's field (south of it) via (1,0).
     * (1,-1) BLANK joins the two fields round the east: one field that
     * borders the city on two tiles scores it once: 3 each (a tie). */
    {"C-END-3, C-DONE-4: a city bordered twice by one field",
     "carc order=2,3,3 farmers=yes",
     "1 1 " C_CAP " start\n2 1 " C_CAP "\n3 2 " C_BLANK "\n",
     "place 0 -1 2; ?followers = abP; follower b; ?complete 0 0 a = 1\n"
     "place 1 0 0; ?followers = aP; follower a\n"
     "?same 0 -1 b 0 0 b = 0; place 1 -1 0; ?same 0 -1 b 0 0 b = 1\n"
     "?fkind 0 0 b = field; ?complete 0 0 b = 0\n" /* C-DONE-4 */
     "?ask end; ?final = 3 3; ?detail 0 farms = 3; ?points 1 farm = 3"},
    /* As above without the joining blank: the cap's field (P0's farmer)
     * and the start's field (P1's) each border the completed city:
     * 3 each. */
    {"C-END-3: a city bordered by two fields", "carc order=2,3 farmers=yes",
     "1 1 " C_CAP " start\n2 1 " C_CAP "\n3 1 " C_BLANK "\n",
     "place 0 -1 2; follower b; place 1 0 0; follower a; ?final = 3 3"},
    {"C-GEO-3, C-END-3: a road cuts a field from its city",
     "carc order=2,3 farmers=yes", GEO3_TILES(C_ROADSTART),
     GEO3_SCRIPT("0")},
    {"C-GEO-3, C-END-3: ... unless adj joins them",
     "carc order=2,3 farmers=yes", GEO3_TILES(C_ROADSTART " adj=ac"),
     GEO3_SCRIPT("3")},
    /* P0's farmer on a blank below the start: its field joins the
     * start's field b, which borders the start's city, still open at
     * the end: final scoring completes nothing, 0 points. */
    {"C-END-3: an open city scores no farmer", "carc order=2 farmers=yes",
     "1 1 " C_CAP " start\n2 1 " C_BLANK "\n",
     "place 0 1 0; follower a; ?same 0 1 a 0 0 b = 1\n"
     "?complete 0 0 a = 0; ?final = 0 0; ?events score * = 0\n"
     "?events return 0 = 1; ?supply 0 = 7"},
    /* three caps with knights, then (1,-1) CITY4 joins the three caps
     * into one city left open north: at the end 4 tiles x 1 = 4 to P0
     * (two knights), nothing to P1 (one): C-END-2 with the majority of
     * C-SCORE-4. */
    {"C-END-2, C-SCORE-4: the majority at final scoring", THREE_CAPS_GAME,
     THREE_CAPS_TILES(C_CITY4),
     THREE_CAPS_WITH_KNIGHTS
     "place 1 -1 0\n" /* P1: the city is taken: skipped */
     "?same 0 -1 a 2 -1 a = 1; ?same 1 0 a 2 -1 a = 1\n"
     "?complete 1 -1 a = 0; ?ffollowers 1 -1 a 0 = 2\n"
     "?ffollowers 1 -1 a 1 = 1; ?ask end; ?scores = 0 0 0\n"
     "?final = 4 0 0; ?points 0 final_city = 4; ?events score 1 = 0\n"
     "?events return * = 3; ?supply 1 = 7"},

    /* Followers: C-FOL-2, C-OPT-1.
     *   P0 [C>][<C] P1   (0,-1) CAP r1: P0's knight on the city east;
     *      [S ]          (1,-1) CAP r3 closes the 2-tile city.
     * With farmers the follower decision of P1 is asked (field b, pass);
     * the knight on a is refused by C-FOL-2 although C-FOL-3 would allow
     * a follower on a feature the placement completes; P0 alone scores
     * 4. */
    {"C-FOL-2: no follower on an occupied feature",
     "carc order=2,2 farmers=yes", "1 1 " C_BLANK " start\n2 2 " C_CAP "\n",
     "place 0 -1 1; follower a; place 1 -1 3; ?ask follower 1\n"
     "?legal = 2\n" /* follower b, pass */
     "?call follower a = EILLEGAL \"C-FOL-2: part a of tile (1,-1) belongs "
     "to a feature that already holds a follower\"\n"
     "pass; ?scores = 4 0"},
    /* Farmers on. P0's farmer on a blank at (1,0): one field with the
     * start. P1's straight road at (0,1): its north field a joins that
     * field and is refused (game unchanged); its south field b and its
     * road are free. */
    {"C-FOL-2: a field joined to a farmer takes no farmer",
     "carc order=1,2 farmers=yes", "1 2 " C_BLANK " start\n2 1 " C_ROAD "\n",
     "place 1 0 0; follower a; place 0 1 0; ?same 0 1 a 1 0 a = 1\n"
     "?followers = b1P\n"
     "?call follower a = EILLEGAL \"C-FOL-2: part a of tile (0,1) belongs "
     "to a feature that already holds a follower\"\n"
     "follower b; ?ffollowers 0 1 b 1 = 1; ?ffollowers 0 0 a 0 = 1\n"
     "?ffollowers 0 0 a 1 = 0"},
    {"C-OPT-1, C-FOL-1, C-TURN-1: fields take no follower without farmers",
     "carc order=2", "1 1 " C_CAP " start\n2 1 " C_CAP "\n",
     "place 0 -1 2; ?followers = aP\n"
     "?call follower b = EILLEGAL \"C-FOL-1: part b of tile (0,-1) is a "
     "field and the game is played without farmers (C-OPT-1)\"\n"
     "?call follower m = EILLEGAL \"C-FOL-1: design 2 has no part 'm' (a "
     "region letter, a road digit or m for a monastery)\"\n"
     "?call wall cw = EDECISION \"C-TURN-1: the base game of Carcassonne "
     "has no wall piece decision\""},
    /* As C-FOL-4 below with The Tower: P0's 8th tile is a tower
     * foundation, so the follower decision is asked (a floor is legal,
     * T-ACT-1), and a follower is refused by C-FOL-4, the game
     * unchanged. */
    {"C-FOL-4, T-ACT-1: an empty supply refuses a follower with the tower",
     "carc tower order=2,2,2,2,2,2,2,2,2,3,3,3,3,3,4",
     "1 1 " C_BLANK " start\n2 9 " C_MON "\n3 5 " C_MON "\n4 1 " C_TOWER
     "\n",
     MONKS_ON_SIX "place 13 0 0; follower m; place 14 0 0; pass\n"
     "?supply 0 = 0; place 15 0 0; ?ask follower 0\n"
     "?moves = floor 15 0, pass\n"
     "?call follower a = EILLEGAL \"C-FOL-4: player 0 has no follower in "
     "supply\"\n"
     "pass; ?ask end"},
    /* P0 puts monks on 6 monasteries east of the start (P1 passes on the
     * others) and its last follower, a knight, on (0,-1) CORNER r2 (city
     * south and east, joined to the start's open city): supply 0. P1's
     * (1,-1) CAP r3 closes the city: 6 to P0, the knight returns, and on
     * its next tile P0 is asked the follower decision again. */
    {"C-SCORE-5: a returned follower is placed again next turn",
     "carc order=2,2,2,2,2,2,2,2,2,3,3,3,4,1,3",
     "1 2 " C_CAP " start\n2 9 " C_MON "\n3 4 " C_MON "\n4 1 " C_CORNER
     "\n",
     MONKS_ON_SIX "place 0 -1 2; ?followers = aP; follower a\n"
     "?supply 0 = 0; place 1 -1 3\n" /* P1: the city is taken: skipped */
     "?complete 0 0 a = 1; ?scores = 6 0; ?supply 0 = 1; ?invariants\n"
     "?ask tile 0; place 13 0 0; ?ask follower 0; ?followers = mP\n"
     "follower m; ?supply 0 = 0; ?ask end"},

    /* Features: C-GEO-2.
     *  [K ][K ]       start (0,0) TWOCAPS: caps a (north) and c (south),
     *  [B ][S ]       field b between. A city runs from the start's north
     *  [K ][K ]       cap round the west to its south cap:
     * (0,-1) CORNER r3 (city S, W), (-1,-1) CORNER r2 (E, S), (-1,0) BAND
     * r1 (N, S), (-1,1) CORNER r1 (N, E), (0,1) CORNER r0 (W, N), which
     * joins the two caps of the start into one city and closes it: 7
     * parts on 6 distinct cells, 6 x 2 = 12 for P0's knight. */
    {"C-GEO-2: features join through sides and count distinct cells",
     "carc order=2,2,3,2,2",
     "1 1 " C_TWOCAPS " start\n2 4 " C_CORNER "\n3 1 " C_BAND "\n",
     "?fkind 0 0 a = city; ?fkind 0 0 b = field\n"
     "?same 0 0 a 0 0 c = 0; place 0 -1 3; ?followers = aP; follower a\n"
     /* city halves facing city halves join */
     "?same 0 -1 a 0 0 a = 1; ?ftiles 0 0 a = 2\n"
     /* the two tiles' east fields touch only at a corner: apart */
     "?same 0 -1 b 0 0 b = 0\n"
     /* P1: the city is taken, fields need farmers */
     "place -1 -1 2; ?ask tile 0\n"
     /* (-1,-1) and (0,0) touch at a corner only */
     "?same -1 -1 b 0 0 b = 0; place -1 0 1\n"
     /* field halves facing field halves join: the band's east field b
      * faces the start's west side (its field b), its west field c does
      * not */
     "?same -1 0 b 0 0 b = 1; ?same -1 0 c 0 0 b = 0; ?ftiles 0 0 b = 2\n"
     "?ftiles 0 0 a = 4; ?ftiles 0 0 c = 1; place -1 1 1\n"
     "?ftiles 0 0 a = 5; ?same 0 0 a 0 0 c = 0; ?complete 0 0 a = 0\n"
     "?score 0 = 0; place 0 1 0\n"
     /* one city through both caps of the start: its cell counts once */
     "?same 0 0 a 0 0 c = 1; ?ftiles 0 0 c = 6; ?complete 0 1 a = 1\n"
     "?ask end; ?scores = 12 0; ?events score * = 1; ?points 0 city = 12\n"
     "?supply 0 = 7"},
    /*  [  ][ 3][ 4]    start TWINROAD: road 1 north-west, road 2
     *  [P0][S ][ 2]    east-south. Curves round it: (-1,0) r3, (-1,1)
     *  [ 5][ 6]        r2, (0,1) r1 join road 1 to road 2 through the
     * west; (1,0) r1, (1,-1) r0, (0,-1) r3 close the loop through the
     * east. One road of 8 segments on 7 cells: 7 points for P0. */
    {"C-GEO-2: a road through one tile twice counts it once",
     "carc order=2,2,2,2,2,2",
     "1 1 " C_TWINROAD " start\n2 6 " C_CURVE "\n",
     "place -1 0 3; ?followers = 1P; follower 1\n"
     "?same -1 0 1 0 0 1 = 1; place -1 1 2\n"
     "?same 0 0 1 0 0 2 = 0\n"
     "place 0 1 1\n" /* joins the start's two roads */
     "?same 0 0 1 0 0 2 = 1; ?ftiles 0 0 2 = 4\n"
     "?complete 0 0 2 = 0; place 1 0 1; place 1 -1 0\n"
     "?ftiles 0 0 1 = 6; ?score 0 = 0; place 0 -1 3\n"
     "?complete 0 0 1 = 1; ?ftiles 0 0 1 = 7\n"
     "?ask end; ?scores = 7 0; ?points 0 road = 7"},
    /* start (0,0) road west-east; (1,0) ROAD r0 continues it, (0,1)
     * CURVE r3 (road east-south) touches the start on a field side: its
     * road stays apart. Highwaymen on both roads are legal. */
    {"C-GEO-2: roads join through road middles only", "carc order=2,3",
     "1 1 " C_ROADSTART " start\n2 1 " C_ROAD "\n3 1 " C_CURVE "\n",
     "place 1 0 0; ?same 1 0 1 0 0 1 = 1\n"
     "?ftiles 0 0 1 = 2; ?fkind 1 0 1 = road\n"
     /* the straight road's north field a meets the start's field b
      * north of the road; its south field b meets the start's c */
     "?same 1 0 a 0 0 b = 1; ?same 1 0 b 0 0 c = 1; ?same 1 0 a 0 0 c = 0\n"
     "follower 1; place 0 1 3; ?same 0 1 1 0 0 1 = 0\n"
     "?ftiles 0 1 1 = 1; ?followers = 1P; follower 1\n"
     "?ffollowers 0 0 1 0 = 1; ?ffollowers 0 1 1 1 = 1\n"
     "?ffollowers 0 0 1 1 = 0"},
};

START_TEST(test_carc_scenario)
{
	scn_run_case(&cases[_i]);
}
END_TEST

static Suite *carc_rules_suite(void)
{
	Suite *s = suite_create("carc_rules");
	TCase *t = tcase_create("setup");
	tcase_add_test(t, test_C_SET_3_start_tile_placed_before_the_first_turn);
	tcase_add_test(t, test_C_SET_4_order_lists_the_drawn_tiles_only);
	tcase_add_test(t, test_C_SET_1_five_players_C_SET_2_seven_followers);
	suite_add_tcase(s, t);
	t = tcase_create("scenarios");
	tcase_add_loop_test(t, test_carc_scenario, 0, (int)N_OF(cases));
	suite_add_tcase(s, t);
	t = tcase_create("checked_in_c");
	tcase_add_test(t, test_C_TILE_2_R_GEO_3_rotation_4);
	tcase_add_test(t, test_C_DONE_1_road_closed_by_villages);
	tcase_add_test(t, test_C_TURN_2_discards_repeat_until_a_tile_fits);
	tcase_add_test(t, test_C_TURN_2_unplayable_tile_discarded);
	tcase_add_test(t, test_C_SCORE_6_features_completed_together_in_order);
	tcase_add_test(t, test_C_TURN_1_turn_order_and_calls_out_of_turn);
	tcase_add_test(t, test_C_FOL_1_each_part_kind_takes_its_role);
	tcase_add_test(t, test_C_FOL_4_empty_supply_skips_the_follower_decision);
	tcase_add_test(t, test_C_END_4_tower_tops_and_prisoners_score_nothing);
	tcase_add_loop_test(t, test_C_END_winners_only_after_final_scoring, 0,
	                    (int)N_OF(winners_after_final));
	suite_add_tcase(s, t);
	return s;
}

TEST_MAIN(carc_rules_suite)
