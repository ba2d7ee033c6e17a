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

/* A Carcassonne game on an inline set (its text after the `tileset`
 * line) with an explicit draw order (the start tile excluded). */
static city_game *carc_game(const char *designs, int players, int farmers,
                            const int *order, size_t n)
{
	static const char *const with_farmers[] = {"farmers=yes", NULL};
	return scn_carc_game(designs, players, 0, order, n,
	                     farmers ? with_farmers : NULL);
}

/* ------------------------------------------------------------------------
 * Set-up: C-SET-1..4
 * ---------------------------------------------------------------------- */

START_TEST(test_C_SET_3_start_tile_placed_before_the_first_turn)
{
	static const int order[] = {2, 2};
	city_game *g = carc_game("1 1 " C_ROADSTART " start\n2 2 " C_CAP "\n",
	                         2, 0, order, N_OF(order));
	int design = 0, rot = -1, stack = 0;
	ck_assert_int_eq(city_game_tile_count(g), 1);
	ck_assert_int_eq(city_game_tile_at(g, 0, 0, &design, &rot), CITY_OK);
	ck_assert_int_eq(design, 1);
	ck_assert_int_eq(rot, 0);
	ck_assert_int_eq(city_game_move_count(g), 0); /* not a move */
	ck_assert_int_eq(city_game_follower_count(g), 0);
	scn_expect(g, CITY_DECISION_TILE, 0);
	ck_assert_int_eq(city_game_current_tile(g, &design, &stack), CITY_OK);
	ck_assert_int_eq(design, 2);
	/* C-SET-4: one stack, the start tile not in it; one tile drawn */
	ck_assert_int_eq(city_game_tiles_left(g, 1), 1);
	ck_assert_int_eq(city_game_tiles_left(g, 2), 0);
	city_game_free(g);
}
END_TEST

START_TEST(test_C_SET_4_order_lists_the_drawn_tiles_only)
{
	static const int with_start[] = {1, 1, 2};
	static const int ok[] = {2, 1, 2};
	city_options *o = NULL;
	city_tileset *ts =
	    scn_tileset("tileset t game=carcassonne\n1 2 " C_ROADSTART
	                " start\n2 2 " C_CAP "\n");
	city_game *g = NULL;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_game(o, CITY_GAME_CARCASSONNE),
	                 CITY_OK);
	ck_assert_int_eq(city_options_set_tileset(o, ts), CITY_OK);
	city_tileset_free(ts);
	/* 3 tiles are drawn of the 4: listing 3 with the start design twice
	 * is too many of design 1 (one of its two instances is the start) */
	ck_assert_int_eq(city_options_set_order(o, with_start, 3), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_EINVAL);
	ck_assert_int_eq(city_options_set_order(o, ok, 2), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_EINVAL); /* 2 of 3 */
	ck_assert_int_eq(city_options_set_order(o, ok, 3), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	ck_assert_int_eq(city_game_tiles_left(g, 1), 2);
	city_game_free(g);
	city_options_free(o);
}
END_TEST

START_TEST(test_C_SET_1_five_players_C_SET_2_seven_followers)
{
	city_options *o = NULL;
	city_game *g = NULL;
	int p;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_game(o, CITY_GAME_CARCASSONNE),
	                 CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, 5), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	ck_assert_int_eq(city_game_players(g), 5);
	for (p = 0; p < 5; p++)
		ck_assert_int_eq(scn_supply(g, p), 7);
	/* the built-in set: 72 tiles, the start tile placed, 71 to draw */
	ck_assert_int_eq(city_game_tile_count(g), 1);
	ck_assert_int_eq(city_game_tiles_left(g, 1), 70);
	city_game_free(g);
	city_options_free(o);
}
END_TEST

/* ------------------------------------------------------------------------
 * Placing tiles: C-TILE-1, C-TILE-2
 * ---------------------------------------------------------------------- */

START_TEST(test_C_TILE_2_city_sides_face_city_sides)
{
	/* Start (0,0): city N, road W-E, field S. A city cap fits only at
	 * (0,-1) turned 2 (its city south, facing the start's city) and at
	 * (0,1) turned 1, 2 or 3 (a field side north, facing the start's
	 * field): 4 moves; the road sides W and E take no cap. */
	static const int order[] = {2};
	city_game *g = carc_game("1 1 " C_ROADSTART " start\n2 1 " C_CAP "\n",
	                         2, 0, order, N_OF(order));
	scn_snapshot s;
	city_move mv[8];
	size_t n = 0;
	scn_expect_legal(g, 4);
	ck_assert_int_eq(city_legal_moves(g, mv, 8, &n), CITY_OK);
	/* rows north to south, rotations in order */
	ck_assert_int_eq(mv[0].x, 0);
	ck_assert_int_eq(mv[0].y, -1);
	ck_assert_int_eq(mv[0].rotation, 2);
	ck_assert_int_eq(mv[1].y, 1);
	ck_assert_int_eq(mv[1].rotation, 1);
	ck_assert_int_eq(mv[3].rotation, 3);
	scn_snap(g, &s);
	/* the cap's city west facing the start's road side */
	scn_refused(g, &s, city_place_tile(g, 1, 0, 3), CITY_EILLEGAL,
	            "C-TILE-2: city side facing a field side of tile (0,0)");
	/* its city north facing the start's field south */
	scn_refused(g, &s, city_place_tile(g, 0, 1, 0), CITY_EILLEGAL,
	            "C-TILE-2: city side facing a field side of tile (0,0)");
	/* its field south facing the start's city north */
	scn_refused(g, &s, city_place_tile(g, 0, -1, 0), CITY_EILLEGAL,
	            "C-TILE-2: field side facing a city side of tile (0,0)");
	/* C-TILE-1 */
	scn_refused(g, &s, city_place_tile(g, 0, 0, 0), CITY_EILLEGAL,
	            "C-TILE-1: cell (0,0) already holds a tile");
	scn_refused(g, &s, city_place_tile(g, 5, 5, 0), CITY_EILLEGAL,
	            "C-TILE-1: cell (5,5) shares no side with a placed tile");
	scn_refused(g, &s, city_place_tile(g, 0, -1, 4), CITY_EINVAL,
	            "R-GEO-3: rotation 4 is not 0..3");
	scn_snap_free(&s);
	scn_play(g, "place 0 -1 2");
	city_game_free(g);
}
END_TEST

START_TEST(test_C_TILE_2_road_ends_face_road_ends)
{
	/* A straight road after the start: (1,0) and (-1,0) turned 0 or 2
	 * (road W-E continuing the start's road), (0,1) turned 0 or 2 (a
	 * field side without a road north); (0,-1) faces the city: 6. */
	static const int order[] = {2};
	city_game *g = carc_game("1 1 " C_ROADSTART " start\n2 1 " C_ROAD "\n",
	                         2, 0, order, N_OF(order));
	scn_snapshot s;
	scn_expect_legal(g, 6);
	scn_snap(g, &s);
	/* turned 1, its west side is its south side b-b: no road, facing the
	 * start's road end */
	scn_refused(g, &s, city_place_tile(g, 1, 0, 1), CITY_EILLEGAL,
	            "C-TILE-2: field side without a road facing a field side "
	            "with a road end of tile (0,0)");
	/* turned 1 at (0,1), its north side is its west side: a road end
	 * facing the start's field south */
	scn_refused(g, &s, city_place_tile(g, 0, 1, 1), CITY_EILLEGAL,
	            "C-TILE-2: field side with a road end facing a field "
	            "side without a road of tile (0,0)");
	scn_snap_free(&s);
	scn_play(g, "place 1 0 2");
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * Roads: C-DONE-1, C-SCORE-1
 * ---------------------------------------------------------------------- */

START_TEST(test_C_DONE_1_road_closed_by_villages)
{
	/*  D=S=D   (-1,0) DEAD r0, (0,0) start, (1,0) DEAD r2.
	 * P0's highwayman on the east DEAD; P1's DEAD closes the road:
	 * 3 tiles = 3 for P0 (C-SCORE-1). */
	static const int order[] = {2, 2};
	city_game *g = carc_game("1 1 " C_ROADSTART " start\n2 2 " C_DEAD "\n",
	                         2, 0, order, N_OF(order));
	scn_play(g, "place 1 0 2");
	scn_expect_followers(g, "1P"); /* the field needs farmers */
	scn_play(g, "follower 1");
	ck_assert_int_eq(city_feature_complete(g, 0, 0, '1'), 0);
	ck_assert_int_eq(city_feature_kind(g, 0, 0, '1'), CITY_FEATURE_ROAD);
	scn_play(g, "place -1 0 0");
	/* the road is P0's and complete, the field needs farmers: P1's
	 * follower decision is skipped */
	ck_assert_int_eq(city_feature_complete(g, 0, 0, '1'), 1);
	ck_assert_int_eq(city_feature_tiles(g, 0, 0, '1'), 3);
	scn_expect(g, CITY_DECISION_END, -1);
	scn_expect_scores(g, 2, ((const int[]){3, 0}));
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_ROADS), 3);
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_ROAD), 3);
	ck_assert_int_eq(scn_supply(g, 0), 7); /* C-SCORE-5 */
	ck_assert_int_eq(city_game_move_count(g), 3);
	city_game_free(g);
}
END_TEST

START_TEST(test_C_DONE_1_road_closed_by_a_monastery_and_a_city)
{
	/*  E=S=A   (-1,0) CITYEND r3 (its road east, city west), (0,0)
	 * start, (1,0) MONROAD r1 (its road west). P0: highwayman on the
	 * monastery tile's road; P1 closes it at the city: 3 for P0. */
	static const int order[] = {2, 3};
	city_game *g = carc_game("1 1 " C_ROADSTART " start\n2 1 " C_MONROAD
	                         "\n3 1 " C_CITYEND "\n",
	                         2, 0, order, N_OF(order));
	scn_play(g, "place 1 0 1");
	scn_expect_followers(g, "1mP");
	scn_play(g, "follower 1");
	scn_play(g, "place -1 0 3");
	/* P1 may still take the city (the road is taken) */
	scn_expect_followers(g, "aP");
	ck_assert_int_eq(city_game_score(g, 0), 0); /* after the decision */
	scn_play(g, "pass");
	scn_expect_scores(g, 2, ((const int[]){3, 0}));
	city_game_free(g);
}
END_TEST

START_TEST(test_C_DONE_1_road_closed_by_a_loop)
{
	/*      S          four curves round the corner (0.5, 1.5):
	 *     TL TR       TL (0,1) r3: road E-S; TR (1,1) r0: road W-S;
	 *     BL BR       BR (1,2) r1: road N-W; BL (0,2) r2: road N-E.
	 * P0's highwayman on TL; the loop closes with BL: 4 for P0. */
	static const int order[] = {2, 2, 2, 2};
	city_game *g = carc_game("1 1 " C_ROADSTART " start\n2 4 " C_CURVE
	                         "\n",
	                         2, 0, order, N_OF(order));
	scn_play(g, "place 0 1 3");
	scn_expect_followers(g, "1P");
	scn_play(g, "follower 1");
	scn_play(g, "place 1 1 0"); /* P1: road taken, fields need farmers */
	scn_expect(g, CITY_DECISION_TILE, 0);
	scn_play(g, "place 1 2 1");
	ck_assert_int_eq(city_feature_complete(g, 0, 1, '1'), 0);
	scn_play(g, "place 0 2 2");
	ck_assert_int_eq(city_feature_complete(g, 0, 1, '1'), 1);
	ck_assert_int_eq(city_feature_tiles(g, 1, 2, '1'), 4);
	scn_expect_scores(g, 2, ((const int[]){4, 0}));
	city_game_free(g);
}
END_TEST

START_TEST(test_C_FOL_5_two_city_caps_joined_round_are_two_moves)
{
	/*  [K ][K ]       start (0,0) BANDNS (city north-south); corners
	 *  [S ][T ]       (0,-1) r2, (1,-1) r3, (0,1) r1, (1,1) r0 lead the
	 *  [K ][K ]       city round to (1,0), where P0's TWOCAPS r0 meets it
	 * with both caps: one complete city of 6 cells holding both caps.
	 * Parts a and c are two moves (C-FOL-5); a knight on c scores 12 at
	 * once (C-FOL-3). */
	static const int order[] = {2, 2, 2, 2, 3};
	static const int at[4][3] = {{0, -1, 2}, {1, -1, 3}, {0, 1, 1},
	                             {1, 1, 0}};
	city_game *g = carc_game("1 1 " C_BANDNS " start\n2 4 " C_CORNER
	                         "\n3 1 " C_TWOCAPS "\n",
	                         2, 0, order, N_OF(order));
	int i;
	for (i = 0; i < 4; i++) {
		scn_play(g, "place %d %d %d", at[i][0], at[i][1], at[i][2]);
		scn_expect_followers(g, "aP"); /* the city is still free */
		scn_play(g, "pass");
	}
	ck_assert_int_eq(city_feature_same(g, 1, -1, 'a', 1, 1, 'a'), 1);
	ck_assert_int_eq(city_feature_tiles(g, 0, 0, 'a'), 5);
	scn_play(g, "place 1 0 0");
	ck_assert_int_eq(city_feature_same(g, 1, 0, 'a', 1, 0, 'c'), 1);
	ck_assert_int_eq(city_feature_complete(g, 1, 0, 'a'), 1);
	ck_assert_int_eq(city_feature_tiles(g, 1, 0, 'c'), 6);
	scn_expect(g, CITY_DECISION_FOLLOWER, 0);
	scn_expect_followers(g, "acP");
	scn_play(g, "follower c");
	scn_expect_scores(g, 2, ((const int[]){12, 0}));
	ck_assert_int_eq(scn_count_events(g, CITY_EVENT_SCORE, -2), 1);
	ck_assert_int_eq(scn_supply(g, 0), 7);
	city_game_free(g);
}
END_TEST

START_TEST(test_C_TURN_2_discards_repeat_until_a_tile_fits)
{
	/* Two cities on four sides drawn first are both discarded and P0
	 * places the blank; after P0's turn P1 draws a third one, discarded,
	 * and P1 (not P2) draws again and places the last blank. */
	static const int order[] = {2, 2, 3, 2, 3};
	city_game *g = carc_game("1 1 " C_BLANK " start\n2 3 " C_CITY4
	                         "\n3 2 " C_BLANK "\n",
	                         3, 0, order, N_OF(order));
	int design = 0, stack = 0;
	ck_assert_int_eq(scn_count_events(g, CITY_EVENT_DISCARD, -2), 2);
	scn_expect(g, CITY_DECISION_TILE, 0);
	ck_assert_int_eq(city_game_current_tile(g, &design, &stack), CITY_OK);
	ck_assert_int_eq(design, 3);
	ck_assert_int_eq(city_game_tiles_left(g, 1), 2);
	scn_play(g, "place 1 0 0");
	ck_assert_int_eq(scn_count_events(g, CITY_EVENT_DISCARD, -2), 3);
	scn_expect(g, CITY_DECISION_TILE, 1);
	ck_assert_int_eq(city_game_current_tile(g, &design, &stack), CITY_OK);
	ck_assert_int_eq(design, 3);
	ck_assert_int_eq(city_game_tiles_left(g, 1), 0);
	/* discards are not moves */
	ck_assert_int_eq(city_game_move_count(g), 1);
	scn_play(g, "place 2 0 0");
	scn_expect(g, CITY_DECISION_END, -1);
	ck_assert_int_eq(city_game_tile_count(g), 3);
	city_game_free(g);
}
END_TEST

START_TEST(test_C_FOL_5_two_parts_of_one_road_are_two_moves)
{
	/* As the loop, with the village tile (roads 1 north and 2 east) in
	 * BL's place: both its roads join one road through TL, TR and BR,
	 * which ends at the village twice and is complete with it. Parts 1
	 * and 2 are two moves (C-FOL-5); the follower goes on the road this
	 * placement completes (C-FOL-3) and scores 4 at once. */
	static const int order[] = {2, 2, 2, 3};
	city_game *g = carc_game("1 1 " C_ROADSTART " start\n2 3 " C_CURVE
	                         "\n3 1 " C_VILLAGE2 "\n",
	                         2, 0, order, N_OF(order));
	scn_play(g, "place 0 1 3; pass");
	scn_play(g, "place 1 1 0; pass");
	scn_play(g, "place 1 2 1; pass");
	scn_play(g, "place 0 2 0");
	ck_assert_int_eq(city_feature_same(g, 0, 2, '1', 0, 2, '2'), 1);
	ck_assert_int_eq(city_feature_complete(g, 0, 2, '1'), 1);
	scn_expect(g, CITY_DECISION_FOLLOWER, 1);
	scn_expect_followers(g, "12P");
	scn_play(g, "follower 2");
	scn_expect_scores(g, 2, ((const int[]){0, 4}));
	ck_assert_int_eq(scn_supply(g, 1), 7);
	scn_expect_conservation(g);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * Cities: C-DONE-2, C-SCORE-2, C-FOL-3, C-SCORE-4
 * ---------------------------------------------------------------------- */

START_TEST(test_C_SCORE_2_two_tile_city_scores_4_C_FOL_3)
{
	/* The cap at (0,-1) turned 2 closes the start's city: a knight may go
	 * on it (C-FOL-3), it scores 2 x 2 = 4 at once and returns. */
	static const int order[] = {2};
	city_game *g = carc_game("1 1 " C_ROADSTART " start\n2 1 " C_CAP "\n",
	                         2, 0, order, N_OF(order));
	scn_play(g, "place 0 -1 2");
	ck_assert_int_eq(city_feature_complete(g, 0, 0, 'a'), 1);
	ck_assert_int_eq(city_feature_kind(g, 0, -1, 'a'), CITY_FEATURE_CITY);
	scn_expect_followers(g, "aP");
	scn_play(g, "follower a");
	scn_expect_scores(g, 2, ((const int[]){4, 0}));
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_CITIES), 4);
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_CITY), 4);
	ck_assert_int_eq(scn_supply(g, 0), 7);
	ck_assert_int_eq(city_game_follower_count(g), 0);
	city_game_free(g);
}
END_TEST

START_TEST(test_C_SCORE_2_coats_of_arms)
{
	/* Two caps with coats of arms facing each other: 2 tiles x 2 + 2
	 * coats x 2 = 8 for P0. */
	static const int order[] = {2, 2};
	city_game *g = carc_game("1 1 " C_BLANK " start\n2 2 " C_CAPC "\n", 2,
	                         0, order, N_OF(order));
	scn_play(g, "place 0 -1 0"); /* city north, field south on the start */
	scn_play(g, "follower a");
	scn_play(g, "place 0 -2 2");
	scn_expect_scores(g, 2, ((const int[]){8, 0}));
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_CITIES), 8);
	city_game_free(g);
}
END_TEST

START_TEST(test_C_SCORE_4_tie_after_a_join)
{
	/*   P0 [C>][^C]      (0,-1) CAP r1: city east, P0's knight
	 *      [S ][C^] P1   (1,0)  CAP r0: city north, P1's knight
	 * (1,-1) CORNER r3 (city west and south) joins both and closes the
	 * city: 3 tiles x 2 = 6 to each (a tie). */
	static const int order[] = {2, 2, 3};
	city_game *g = carc_game("1 1 " C_BLANK " start\n2 2 " C_CAP
	                         "\n3 1 " C_CORNER "\n",
	                         2, 0, order, N_OF(order));
	scn_play(g, "place 0 -1 1; follower a");
	scn_play(g, "place 1 0 0; follower a");
	ck_assert_int_eq(city_feature_same(g, 0, -1, 'a', 1, 0, 'a'), 0);
	scn_play(g, "place 1 -1 3");
	ck_assert_int_eq(city_feature_same(g, 0, -1, 'a', 1, 0, 'a'), 1);
	ck_assert_int_eq(city_feature_tiles(g, 1, -1, 'a'), 3);
	scn_expect_scores(g, 2, ((const int[]){6, 6}));
	ck_assert_int_eq(scn_supply(g, 0), 7);
	ck_assert_int_eq(scn_supply(g, 1), 7);
	city_game_free(g);
}
END_TEST

/* Three city caps around (1,-1), 3 players, the fifth tile of design
 * `closer` still to come (P1's turn):
 *   P0 [C>][  ][<C] P0    (0,-1) CAP r1, (2,-1) CAP r3: P0's knights
 *      [S ][C^][B ]       (1,0) CAP r0: P1's knight; (2,0) BLANK */
static city_game *three_caps_with_knights(const char *closer)
{
	static const int order[] = {2, 2, 1, 2, 3};
	char text[256];
	city_game *g;
	snprintf(text, sizeof text, "1 2 %s start\n2 3 %s\n3 1 %s\n", C_BLANK,
	         C_CAP, closer);
	g = carc_game(text, 3, 0, order, N_OF(order));
	scn_play(g, "place 0 -1 1; follower a");
	scn_play(g, "place 1 0 0; follower a");
	scn_play(g, "place 2 0 0"); /* P2: a field, no farmers: skipped */
	scn_expect(g, CITY_DECISION_TILE, 0);
	scn_play(g, "place 2 -1 3; follower a");
	return g;
}

START_TEST(test_C_SCORE_4_majority_after_a_join)
{
	/* (1,-1) THREE r2 (city west, south, east) closes a 4-tile city:
	 * 8 to P0 (two knights), nothing to P1 (one). */
	city_game *g = three_caps_with_knights(C_THREE);
	scn_play(g, "place 1 -1 2");
	ck_assert_int_eq(city_feature_tiles(g, 1, -1, 'a'), 4);
	scn_expect_scores(g, 3, ((const int[]){8, 0, 0}));
	ck_assert_int_eq(scn_count_events(g, CITY_EVENT_SCORE, 1), 0);
	scn_expect_conservation(g);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * Monasteries: C-DONE-3, C-SCORE-3
 * ---------------------------------------------------------------------- */

START_TEST(test_C_DONE_3_monastery_completed_by_its_8th_neighbour)
{
	/*  [R ][S ][R ]    (0,1) MON with P0's monk; roads (-1,0) and (1,0)
	 *  [B ][M ][B ]    continue the start's; blanks fill the rest; the
	 *  [B ][B ][B ]    blank at (1,2) is the 8th neighbour: 9 for P0. */
	static const int order[] = {2, 3, 3, 4, 4, 4, 4, 4};
	city_game *g = carc_game("1 1 " C_ROADSTART " start\n2 1 " C_MON
	                         "\n3 2 " C_ROAD "\n4 5 " C_BLANK "\n",
	                         2, 0, order, N_OF(order));
	scn_play(g, "place 0 1 0");
	scn_expect_followers(g, "mP");
	scn_play(g, "follower m");
	ck_assert_int_eq(city_feature_kind(g, 0, 1, 'm'),
	                 CITY_FEATURE_MONASTERY);
	scn_play(g, "place 1 0 0");
	scn_expect_followers(g, "1P"); /* the start's road, free */
	scn_play(g, "pass");
	scn_play(g, "place -1 0 0; pass");
	/* blanks: fields only, no farmers: skipped */
	scn_play(g, "place 1 1 0");
	scn_expect(g, CITY_DECISION_TILE, 0);
	scn_play(g, "place -1 1 0");
	scn_play(g, "place -1 2 0");
	scn_play(g, "place 0 2 0");
	ck_assert_int_eq(city_feature_complete(g, 0, 1, 'm'), 0);
	ck_assert_int_eq(city_game_score(g, 0), 0);
	ck_assert_int_eq(scn_supply(g, 0), 6);
	scn_play(g, "place 1 2 0");
	ck_assert_int_eq(city_feature_complete(g, 0, 1, 'm'), 1);
	scn_expect_scores(g, 2, ((const int[]){9, 0}));
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_MONASTERIES), 9);
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_MONASTERY), 9);
	ck_assert_int_eq(scn_supply(g, 0), 7);
	scn_expect(g, CITY_DECISION_END, -1);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * The end: C-END-1..3, C-TURN-2
 * ---------------------------------------------------------------------- */

START_TEST(test_C_TURN_2_unplayable_tile_discarded)
{
	/* A city on four sides never fits beside fields: drawn first, it is
	 * discarded and P0 draws the blank; drawn last, it ends the game. */
	static const int order[] = {2, 3, 2};
	city_game *g = carc_game("1 1 " C_BLANK " start\n2 2 " C_CITY4
	                         "\n3 1 " C_BLANK "\n",
	                         2, 0, order, N_OF(order));
	city_event e;
	int design = 0, stack = 0;
	ck_assert_int_eq(city_game_event_count(g), 1);
	ck_assert_int_eq(city_game_event(g, 0, &e), CITY_OK);
	ck_assert_int_eq(e.kind, CITY_EVENT_DISCARD);
	ck_assert_int_eq(e.design, 2);
	ck_assert_int_eq(e.player, -1);
	scn_expect(g, CITY_DECISION_TILE, 0);
	ck_assert_int_eq(city_game_current_tile(g, &design, &stack), CITY_OK);
	ck_assert_int_eq(design, 3);
	ck_assert_int_eq(city_game_tiles_left(g, 1), 1);
	scn_expect_legal(g, 16); /* 4 cells x 4 rotations */
	scn_play(g, "place 1 0 0");
	/* the last tile is drawn and discarded: C-END-1 */
	ck_assert_int_eq(city_game_event_count(g), 2);
	scn_expect_ended(g, CITY_ENDED_TILES);
	city_game_free(g);
}
END_TEST

START_TEST(test_C_END_2_incomplete_features_of_each_kind)
{
	/* P0: highwayman on the road start=(1,0) (2 tiles, open both ends):
	 * 2; P1: knight on the band (0,-1) r1 joined to the start's city
	 * (2 tiles, 1 coat, open north): 2 + 1 = 3; P0: monk at (1,1) with 2
	 * tiles around ((0,0), (1,0)): 1 + 2 = 3. */
	static const int order[] = {2, 3, 4};
	city_game *g = carc_game("1 1 " C_ROADSTART " start\n2 1 " C_ROAD
	                         "\n3 1 " C_BANDC "\n4 1 " C_MON "\n",
	                         2, 0, order, N_OF(order));
	unsigned mask = 0;
	scn_play(g, "place 1 0 0; follower 1");
	scn_play(g, "place 0 -1 1; follower a");
	scn_play(g, "place 1 1 0; follower m");
	scn_expect(g, CITY_DECISION_END, -1);
	scn_expect_scores(g, 2, ((const int[]){0, 0}));
	ck_assert_int_eq(city_game_winners(g, &mask), CITY_ENOTENDED);
	scn_expect_final_scores(g, 2, ((const int[]){5, 3}));
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_ROADS), 2);
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_MONASTERIES),
	                 3);
	ck_assert_int_eq(city_game_score_detail(g, 1, CITY_CAT_CITIES), 3);
	ck_assert_int_eq(city_game_score_detail(g, 1, CITY_CAT_FARMS), 0);
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_FINAL_ROAD), 2);
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_FINAL_MONASTERY),
	                 3);
	ck_assert_int_eq(scn_event_points(g, 1, CITY_REASON_FINAL_CITY), 3);
	scn_expect_winners(g, 1u);
	/* idempotent */
	scn_expect_final_scores(g, 2, ((const int[]){5, 3}));
	ck_assert_int_eq(city_game_follower_count(g), 0);
	city_game_free(g);
}
END_TEST

START_TEST(test_C_END_3_city_bordered_twice_by_one_field)
{
	/*  [B ][B ]     (0,-1) CAP r2 closes the start's city (no knight);
	 *  [C ][B ]     P0's farmer on the cap's field (north of the city),
	 *  [S ][B ]     P1's on the start's field (south of it) via (1,0).
	 * (1,-1) BLANK joins the two fields round the east: one field that
	 * borders the city on two tiles scores it once: 3 each (a tie). */
	static const int order[] = {2, 3, 3};
	city_game *g = carc_game("1 1 " C_CAP " start\n2 1 " C_CAP "\n3 2 "
	                         C_BLANK "\n",
	                         2, 1, order, N_OF(order));
	scn_play(g, "place 0 -1 2");
	scn_expect_followers(g, "abP");
	scn_play(g, "follower b");
	ck_assert_int_eq(city_feature_complete(g, 0, 0, 'a'), 1);
	scn_play(g, "place 1 0 0");
	scn_expect_followers(g, "aP");
	scn_play(g, "follower a");
	ck_assert_int_eq(city_feature_same(g, 0, -1, 'b', 0, 0, 'b'), 0);
	scn_play(g, "place 1 -1 0");
	ck_assert_int_eq(city_feature_same(g, 0, -1, 'b', 0, 0, 'b'), 1);
	ck_assert_int_eq(city_feature_kind(g, 0, 0, 'b'), CITY_FEATURE_FIELD);
	ck_assert_int_eq(city_feature_complete(g, 0, 0, 'b'), 0); /* C-DONE-4 */
	scn_expect(g, CITY_DECISION_END, -1);
	scn_expect_final_scores(g, 2, ((const int[]){3, 3}));
	ck_assert_int_eq(city_game_score_detail(g, 0, CITY_CAT_FARMS), 3);
	ck_assert_int_eq(scn_event_points(g, 1, CITY_REASON_FARM), 3);
	city_game_free(g);
}
END_TEST

START_TEST(test_C_END_3_city_bordered_by_two_fields)
{
	/* As above without the joining blank: the cap's field (P0's farmer)
	 * and the start's field (P1's) each border the completed city:
	 * 3 each. */
	static const int order[] = {2, 3};
	city_game *g = carc_game("1 1 " C_CAP " start\n2 1 " C_CAP "\n3 1 "
	                         C_BLANK "\n",
	                         2, 1, order, N_OF(order));
	scn_play(g, "place 0 -1 2; follower b");
	scn_play(g, "place 1 0 0; follower a");
	scn_expect_final_scores(g, 2, ((const int[]){3, 3}));
	city_game_free(g);
}
END_TEST

START_TEST(test_C_FOL_2_no_follower_on_an_occupied_feature)
{
	/*   P0 [C>][<C] P1   (0,-1) CAP r1: P0's knight on the city east;
	 *      [S ]          (1,-1) CAP r3 closes the 2-tile city.
	 * With farmers the follower decision of P1 is asked (field b, pass);
	 * the knight on a is refused by C-FOL-2 although C-FOL-3 would allow
	 * a follower on a feature the placement completes; P0 alone scores 4. */
	static const int order[] = {2, 2};
	scn_snapshot before;
	city_game *g = carc_game("1 1 " C_BLANK " start\n2 2 " C_CAP "\n", 2,
	                         1, order, N_OF(order));
	scn_play(g, "place 0 -1 1; follower a");
	scn_play(g, "place 1 -1 3");
	scn_expect(g, CITY_DECISION_FOLLOWER, 1);
	scn_expect_legal(g, 2); /* follower b, pass */
	scn_snap(g, &before);
	scn_refused(g, &before, city_place_follower(g, 'a'), CITY_EILLEGAL,
	            "C-FOL-2: part a of tile (1,-1) belongs to a feature "
	            "that already holds a follower");
	scn_snap_free(&before);
	scn_play(g, "pass");
	scn_expect_scores(g, 2, ((const int[]){4, 0}));
	city_game_free(g);
}
END_TEST

START_TEST(test_C_FOL_2_a_field_joined_to_a_farmer_takes_no_farmer)
{
	/* Farmers on. P0's farmer on a blank at (1,0): one field with the
	 * start. P1's straight road at (0,1): its north field a joins that
	 * field and is refused (game unchanged); its south field b and its
	 * road are free. */
	static const int order[] = {1, 2};
	city_game *g = carc_game("1 2 " C_BLANK " start\n2 1 " C_ROAD "\n", 2,
	                         1, order, N_OF(order));
	scn_snapshot s;
	scn_play(g, "place 1 0 0; follower a");
	scn_play(g, "place 0 1 0");
	ck_assert_int_eq(city_feature_same(g, 0, 1, 'a', 1, 0, 'a'), 1);
	scn_expect_followers(g, "b1P");
	scn_snap(g, &s);
	scn_refused(g, &s, city_place_follower(g, 'a'), CITY_EILLEGAL,
	            "C-FOL-2: part a of tile (0,1) belongs to a feature that "
	            "already holds a follower");
	scn_snap_free(&s);
	scn_play(g, "follower b");
	ck_assert_int_eq(city_feature_followers(g, 0, 1, 'b', 1), 1);
	ck_assert_int_eq(city_feature_followers(g, 0, 0, 'a', 0), 1);
	ck_assert_int_eq(city_feature_followers(g, 0, 0, 'a', 1), 0);
	city_game_free(g);
}
END_TEST

START_TEST(test_C_OPT_1_fields_take_no_follower_without_farmers)
{
	static const int order[] = {2};
	city_game *g = carc_game("1 1 " C_CAP " start\n2 1 " C_CAP "\n", 2, 0,
	                         order, N_OF(order));
	scn_snapshot s;
	scn_play(g, "place 0 -1 2");
	scn_expect_followers(g, "aP");
	scn_snap(g, &s);
	scn_refused(g, &s, city_place_follower(g, 'b'), CITY_EILLEGAL,
	            "C-FOL-1: part b of tile (0,-1) is a field and the game "
	            "is played without farmers (C-OPT-1)");
	scn_refused(g, &s, city_place_follower(g, 'm'), CITY_EILLEGAL,
	            "C-FOL-1: design 2 has no part 'm' (a region letter, a "
	            "road digit or m for a monastery)");
	scn_refused(g, &s, city_build_wall(g, CITY_END_CW), CITY_EDECISION,
	            "C-TURN-1: the base game of Carcassonne has no wall "
	            "piece decision");
	scn_snap_free(&s);
	city_game_free(g);
}
END_TEST


/* ------------------------------------------------------------------------
 * Features: C-GEO-2, C-GEO-3
 * ---------------------------------------------------------------------- */

START_TEST(test_C_GEO_2_features_join_through_sides_count_distinct_cells)
{
	/*  [K ][K ]       start (0,0) TWOCAPS: caps a (north) and c (south),
	 *  [B ][S ]       field b between. A city runs from the start's north
	 *  [K ][K ]       cap round the west to its south cap:
	 * (0,-1) CORNER r3 (city S, W), (-1,-1) CORNER r2 (E, S), (-1,0) BAND
	 * r1 (N, S), (-1,1) CORNER r1 (N, E), (0,1) CORNER r0 (W, N), which
	 * joins the two caps of the start into one city and closes it: 7
	 * parts on 6 distinct cells, 6 x 2 = 12 for P0's knight. */
	static const int order[] = {2, 2, 3, 2, 2};
	city_game *g = carc_game("1 1 " C_TWOCAPS " start\n2 4 " C_CORNER
	                         "\n3 1 " C_BAND "\n",
	                         2, 0, order, N_OF(order));
	ck_assert_int_eq(city_feature_kind(g, 0, 0, 'a'), CITY_FEATURE_CITY);
	ck_assert_int_eq(city_feature_kind(g, 0, 0, 'b'), CITY_FEATURE_FIELD);
	ck_assert_int_eq(city_feature_same(g, 0, 0, 'a', 0, 0, 'c'), 0);
	scn_play(g, "place 0 -1 3");
	scn_expect_followers(g, "aP");
	scn_play(g, "follower a");
	/* city halves facing city halves join */
	ck_assert_int_eq(city_feature_same(g, 0, -1, 'a', 0, 0, 'a'), 1);
	ck_assert_int_eq(city_feature_tiles(g, 0, 0, 'a'), 2);
	/* the two tiles' east fields touch only at a corner: apart */
	ck_assert_int_eq(city_feature_same(g, 0, -1, 'b', 0, 0, 'b'), 0);
	/* P1: the city is taken, fields need farmers */
	scn_play(g, "place -1 -1 2");
	scn_expect(g, CITY_DECISION_TILE, 0);
	/* (-1,-1) and (0,0) touch at a corner only */
	ck_assert_int_eq(city_feature_same(g, -1, -1, 'b', 0, 0, 'b'), 0);
	scn_play(g, "place -1 0 1");
	/* field halves facing field halves join: the band's east field b
	 * faces the start's west side (its field b), its west field c does
	 * not */
	ck_assert_int_eq(city_feature_same(g, -1, 0, 'b', 0, 0, 'b'), 1);
	ck_assert_int_eq(city_feature_same(g, -1, 0, 'c', 0, 0, 'b'), 0);
	ck_assert_int_eq(city_feature_tiles(g, 0, 0, 'b'), 2);
	ck_assert_int_eq(city_feature_tiles(g, 0, 0, 'a'), 4);
	ck_assert_int_eq(city_feature_tiles(g, 0, 0, 'c'), 1);
	scn_play(g, "place -1 1 1");
	ck_assert_int_eq(city_feature_tiles(g, 0, 0, 'a'), 5);
	ck_assert_int_eq(city_feature_same(g, 0, 0, 'a', 0, 0, 'c'), 0);
	ck_assert_int_eq(city_feature_complete(g, 0, 0, 'a'), 0);
	ck_assert_int_eq(city_game_score(g, 0), 0);
	scn_play(g, "place 0 1 0");
	/* one city through both caps of the start: its cell counts once */
	ck_assert_int_eq(city_feature_same(g, 0, 0, 'a', 0, 0, 'c'), 1);
	ck_assert_int_eq(city_feature_tiles(g, 0, 0, 'c'), 6);
	ck_assert_int_eq(city_feature_complete(g, 0, 1, 'a'), 1);
	scn_expect(g, CITY_DECISION_END, -1);
	scn_expect_scores(g, 2, ((const int[]){12, 0}));
	ck_assert_int_eq(scn_count_events(g, CITY_EVENT_SCORE, -2), 1);
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_CITY), 12);
	ck_assert_int_eq(scn_supply(g, 0), 7);
	city_game_free(g);
}
END_TEST

START_TEST(test_C_GEO_2_a_road_through_one_tile_twice_counts_it_once)
{
	/*  [  ][ 3][ 4]    start TWINROAD: road 1 north-west, road 2
	 *  [P0][S ][ 2]    east-south. Curves round it: (-1,0) r3, (-1,1)
	 *  [ 5][ 6]        r2, (0,1) r1 join road 1 to road 2 through the
	 * west; (1,0) r1, (1,-1) r0, (0,-1) r3 close the loop through the
	 * east. One road of 8 segments on 7 cells: 7 points for P0. */
	static const int order[] = {2, 2, 2, 2, 2, 2};
	city_game *g = carc_game("1 1 " C_TWINROAD " start\n2 6 " C_CURVE
	                         "\n",
	                         2, 0, order, N_OF(order));
	scn_play(g, "place -1 0 3");
	scn_expect_followers(g, "1P");
	scn_play(g, "follower 1");
	ck_assert_int_eq(city_feature_same(g, -1, 0, '1', 0, 0, '1'), 1);
	scn_play(g, "place -1 1 2");
	ck_assert_int_eq(city_feature_same(g, 0, 0, '1', 0, 0, '2'), 0);
	scn_play(g, "place 0 1 1"); /* joins the start's two roads */
	ck_assert_int_eq(city_feature_same(g, 0, 0, '1', 0, 0, '2'), 1);
	ck_assert_int_eq(city_feature_tiles(g, 0, 0, '2'), 4);
	ck_assert_int_eq(city_feature_complete(g, 0, 0, '2'), 0);
	scn_play(g, "place 1 0 1");
	scn_play(g, "place 1 -1 0");
	ck_assert_int_eq(city_feature_tiles(g, 0, 0, '1'), 6);
	ck_assert_int_eq(city_game_score(g, 0), 0);
	scn_play(g, "place 0 -1 3");
	ck_assert_int_eq(city_feature_complete(g, 0, 0, '1'), 1);
	ck_assert_int_eq(city_feature_tiles(g, 0, 0, '1'), 7);
	scn_expect(g, CITY_DECISION_END, -1);
	scn_expect_scores(g, 2, ((const int[]){7, 0}));
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_ROAD), 7);
	city_game_free(g);
}
END_TEST

START_TEST(test_C_GEO_2_roads_join_through_road_middles_only)
{
	/* start (0,0) road west-east; (1,0) ROAD r0 continues it, (0,1)
	 * CURVE r3 (road east-south) touches the start on a field side: its
	 * road stays apart. Highwaymen on both roads are legal. */
	static const int order[] = {2, 3};
	city_game *g = carc_game("1 1 " C_ROADSTART " start\n2 1 " C_ROAD
	                         "\n3 1 " C_CURVE "\n",
	                         2, 0, order, N_OF(order));
	scn_play(g, "place 1 0 0");
	ck_assert_int_eq(city_feature_same(g, 1, 0, '1', 0, 0, '1'), 1);
	ck_assert_int_eq(city_feature_tiles(g, 0, 0, '1'), 2);
	ck_assert_int_eq(city_feature_kind(g, 1, 0, '1'), CITY_FEATURE_ROAD);
	/* the straight road's north field a meets the start's field b north
	 * of the road; its south field b meets the start's c */
	ck_assert_int_eq(city_feature_same(g, 1, 0, 'a', 0, 0, 'b'), 1);
	ck_assert_int_eq(city_feature_same(g, 1, 0, 'b', 0, 0, 'c'), 1);
	ck_assert_int_eq(city_feature_same(g, 1, 0, 'a', 0, 0, 'c'), 0);
	scn_play(g, "follower 1");
	scn_play(g, "place 0 1 3");
	ck_assert_int_eq(city_feature_same(g, 0, 1, '1', 0, 0, '1'), 0);
	ck_assert_int_eq(city_feature_tiles(g, 0, 1, '1'), 1);
	scn_expect_followers(g, "1P");
	scn_play(g, "follower 1");
	ck_assert_int_eq(city_feature_followers(g, 0, 0, '1', 0), 1);
	ck_assert_int_eq(city_feature_followers(g, 0, 1, '1', 1), 1);
	ck_assert_int_eq(city_feature_followers(g, 0, 0, '1', 1), 0);
	city_game_free(g);
}
END_TEST

/* C-GEO-3 through play: a field borders a city when the tile set's in-tile
 * adjacency says so. The start's south field c is cut off from its city a
 * by the road (the clockwise walk), unless an `adj=ac` pair joins them. */
static void geo3_game(const char *start, int farm)
{
	static const int order[] = {2, 3};
	char designs[512];
	city_game *g;
	snprintf(designs, sizeof designs,
	         "1 1 %s start\n2 1 " C_CAP "\n3 1 " C_BLANK "\n", start);
	g = carc_game(designs, 2, 1, order, N_OF(order));
	scn_play(g, "place 0 -1 2"); /* closes the start's city; no knight */
	scn_expect_followers(g, "abP");
	scn_play(g, "pass");
	ck_assert_int_eq(city_feature_complete(g, 0, 0, 'a'), 1);
	scn_play(g, "place 0 1 0"); /* P1's farmer joins the start's field c */
	scn_expect_followers(g, "aP");
	scn_play(g, "follower a");
	ck_assert_int_eq(city_feature_same(g, 0, 1, 'a', 0, 0, 'c'), 1);
	scn_expect(g, CITY_DECISION_END, -1);
	scn_expect_final_scores(g, 2, ((const int[]){0, farm}));
	ck_assert_int_eq(city_game_score_detail(g, 1, CITY_CAT_FARMS), farm);
	ck_assert_int_eq(scn_event_points(g, 1, CITY_REASON_FARM), farm);
	city_game_free(g);
}

START_TEST(test_C_GEO_3_a_road_cuts_a_field_from_its_city_unless_adj)
{
	geo3_game(C_ROADSTART, 0);
	geo3_game(C_ROADSTART " adj=ac", 3);
}
END_TEST

START_TEST(test_C_END_3_an_open_city_scores_no_farmer)
{
	/* P0's farmer on a blank below the start: its field joins the
	 * start's field b, which borders the start's city, still open at
	 * the end: final scoring completes nothing, 0 points. */
	static const int order[] = {2};
	city_game *g = carc_game("1 1 " C_CAP " start\n2 1 " C_BLANK "\n", 2,
	                         1, order, N_OF(order));
	scn_play(g, "place 0 1 0; follower a");
	ck_assert_int_eq(city_feature_same(g, 0, 1, 'a', 0, 0, 'b'), 1);
	ck_assert_int_eq(city_feature_complete(g, 0, 0, 'a'), 0);
	scn_expect_final_scores(g, 2, ((const int[]){0, 0}));
	ck_assert_int_eq(scn_count_events(g, CITY_EVENT_SCORE, -2), 0);
	ck_assert_int_eq(scn_count_events(g, CITY_EVENT_RETURN, 0), 1);
	ck_assert_int_eq(scn_supply(g, 0), 7);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * Completion and scoring: C-DONE-2, C-SCORE-3, C-SCORE-6
 * ---------------------------------------------------------------------- */

START_TEST(test_C_DONE_2_city_complete_when_every_city_side_is_faced)
{
	/* start CAP (city north); (0,-1) CORNER r2 (city south and east):
	 * a 2-tile city open east. (1,-1) CAP r3 (city west) faces it: the
	 * 3-tile city is complete, 6 for P0's knight. */
	static const int order[] = {2, 3};
	city_game *g = carc_game("1 1 " C_CAP " start\n2 1 " C_CORNER
	                         "\n3 1 " C_CAP "\n",
	                         2, 0, order, N_OF(order));
	ck_assert_int_eq(city_feature_complete(g, 0, 0, 'a'), 0);
	scn_play(g, "place 0 -1 2; follower a");
	ck_assert_int_eq(city_feature_tiles(g, 0, 0, 'a'), 2);
	ck_assert_int_eq(city_feature_complete(g, 0, 0, 'a'), 0);
	ck_assert_int_eq(city_game_score(g, 0), 0);
	scn_play(g, "place 1 -1 3");
	ck_assert_int_eq(city_feature_complete(g, 0, 0, 'a'), 1);
	ck_assert_int_eq(city_feature_tiles(g, 1, -1, 'a'), 3);
	scn_expect_scores(g, 2, ((const int[]){6, 0}));
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_CITY), 6);
	city_game_free(g);
}
END_TEST

/* C-SCORE-3: a monastery placed into a cell whose 8 neighbours all hold
 * tiles is complete at once; a monk on it scores 9 in the same turn
 * (C-FOL-3); without a follower it scores nothing (C-SCORE-4). */
static void monastery_into_a_ring(int monk)
{
	static const int order[] = {1, 1, 1, 1, 1, 1, 1, 2};
	static const int ring[7][2] = {{1, 0}, {2, 0}, {2, 1}, {2, 2},
	                               {1, 2}, {0, 2}, {0, 1}};
	city_game *g = carc_game("1 8 " C_BLANK " start\n2 1 " C_MON "\n", 2,
	                         0, order, N_OF(order));
	int i;
	for (i = 0; i < 7; i++)
		scn_play(g, "place %d %d %d", ring[i][0], ring[i][1], 0);
	scn_expect(g, CITY_DECISION_TILE, 1);
	/* 12 cells round the 3 x 3 block and its centre, 4 turns each */
	scn_expect_legal(g, 52);
	scn_play(g, "place 1 1 0");
	ck_assert_int_eq(city_feature_complete(g, 1, 1, 'm'), 1);
	ck_assert_int_eq(city_feature_tiles(g, 1, 1, 'm'), 1);
	scn_expect_followers(g, "mP");
	if (monk)
		scn_play(g, "follower m");
	else
		scn_play(g, "pass");
	scn_expect(g, CITY_DECISION_END, -1);
	scn_expect_scores(g, 2, ((const int[]){0, monk ? 9 : 0}));
	ck_assert_int_eq(scn_event_points(g, 1, CITY_REASON_MONASTERY),
	                 monk ? 9 : 0);
	ck_assert_int_eq(scn_count_events(g, CITY_EVENT_SCORE, -2), monk);
	ck_assert_int_eq(scn_supply(g, 1), 7);
	ck_assert_int_eq(city_game_follower_count(g), 0);
	city_game_free(g);
}

START_TEST(test_C_SCORE_3_monastery_placed_into_a_full_ring_scores_at_once)
{
	monastery_into_a_ring(1);
	monastery_into_a_ring(0);
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
	static const int order[] = {2, 2, 3, 3, 4, 3, 3, 3, 3, 3, 3, 1, 5};
	static const struct {
		int x, y, r;
		char part; /* follower, 0: none asked */
	} steps[] = {
	    {0, 1, 0, 'm'},  {1, 1, 0, 'm'},  {0, -1, 0, 0}, {-1, 0, 0, 0},
	    {1, -1, 2, 'a'}, {-1, 1, 0, 0},   {-1, 2, 0, 0}, {0, 2, 0, 0},
	    {1, 2, 0, 0},    {2, 2, 0, 0},    {2, 1, 0, 0},  {2, 0, 2, '1'},
	};
	city_game *g = carc_game("1 2 " C_DEAD " start\n2 2 " C_MON
	                         "\n3 8 " C_BLANK "\n4 1 " C_CAP
	                         "\n5 1 " C_ROADSTART "\n",
	                         2, 0, order, N_OF(order));
	city_event e;
	int i, first;
	for (i = 0; i < (int)N_OF(steps); i++) {
		scn_play(g, "place %d %d %d", steps[i].x, steps[i].y,
		         steps[i].r);
		if (steps[i].part)
			scn_play(g, "follower %c", steps[i].part);
		else
			scn_expect(g, CITY_DECISION_TILE, (i + 1) % 2);
	}
	ck_assert_int_eq(city_game_score(g, 0), 0);
	ck_assert_int_eq(city_game_score(g, 1), 0);
	ck_assert_int_eq(city_feature_complete(g, 0, 1, 'm'), 0);
	ck_assert_int_eq(city_feature_complete(g, 1, 1, 'm'), 0);
	first = city_game_event_count(g);
	ck_assert_int_eq(first, 0);
	scn_expect(g, CITY_DECISION_TILE, 0);
	scn_play(g, "place 1 0 0");
	/* every part of X is taken or a field: no follower decision */
	scn_expect(g, CITY_DECISION_END, -1);
	ck_assert_int_eq(city_game_event_count(g), 4);
	scn_expect_score_event(g, 0, 1, 3, CITY_REASON_ROAD);
	scn_expect_score_event(g, 1, 0, 4, CITY_REASON_CITY);
	scn_expect_score_event(g, 2, 0, 9, CITY_REASON_MONASTERY);
	scn_expect_score_event(g, 3, 1, 9, CITY_REASON_MONASTERY);
	ck_assert_int_eq(city_game_event(g, 2, &e), CITY_OK);
	ck_assert_int_eq(e.x, 0);
	ck_assert_int_eq(e.y, 1);
	ck_assert_int_eq(city_game_event(g, 3, &e), CITY_OK);
	ck_assert_int_eq(e.x, 1);
	ck_assert_int_eq(e.y, 1);
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(city_game_event(g, (size_t)i, &e), CITY_OK);
		ck_assert_uint_eq(e.move, (unsigned)city_game_move_count(g));
	}
	ck_assert_int_eq(city_game_move_count(g), 17);
	scn_expect_scores(g, 2, ((const int[]){13, 12}));
	ck_assert_int_eq(scn_supply(g, 0), 7);
	ck_assert_int_eq(scn_supply(g, 1), 7);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * Turns and followers: C-TURN-1, C-SET-1, C-FOL-1, C-FOL-4
 * ---------------------------------------------------------------------- */

START_TEST(test_C_TURN_1_turn_order_and_calls_out_of_turn)
{
	/* 3 players: player 0 starts, then 1, 2, 0 (C-SET-1); the tile
	 * decision comes before the follower decision, scoring after it
	 * (C-TURN-1); calls of the wrong decision are refused and change
	 * nothing. */
	static const int order[] = {2, 2, 2, 2};
	city_game *g = carc_game("1 1 " C_ROADSTART " start\n2 4 " C_MON "\n",
	                         3, 0, order, N_OF(order));
	scn_snapshot s;
	scn_expect(g, CITY_DECISION_TILE, 0);
	scn_snap(g, &s);
	scn_refused(g, &s, city_place_follower(g, 'm'), CITY_EDECISION,
	            "C-TURN-1: the game waits for a tile placement, not a "
	            "follower");
	scn_refused(g, &s, city_pass(g), CITY_EDECISION,
	            "C-TURN-1: a tile placement cannot be passed");
	scn_refused(g, &s, city_build_gate(g, 0, 0, 0), CITY_EDECISION,
	            "C-TURN-1: the base game of Carcassonne has no gate "
	            "decision");
	scn_refused(g, &s, city_place_guard(g), CITY_EDECISION,
	            "C-TURN-1: the base game of Carcassonne has no guard "
	            "decision");
	scn_refused(g, &s, city_place_tower(g, CITY_END_CW), CITY_EDECISION,
	            "C-TURN-1: the base game of Carcassonne has no tower "
	            "decision");
	scn_snap_free(&s);
	scn_play(g, "place 0 1 0");
	scn_expect(g, CITY_DECISION_FOLLOWER, 0);
	scn_snap(g, &s);
	scn_refused(g, &s, city_place_tile(g, 1, 1, 0), CITY_EDECISION,
	            "C-TURN-1: the game waits for a follower, not a tile "
	            "placement");
	scn_snap_free(&s);
	scn_play(g, "follower m");
	scn_expect(g, CITY_DECISION_TILE, 1);
	scn_play(g, "place 1 1 0");
	scn_expect(g, CITY_DECISION_FOLLOWER, 1);
	scn_play(g, "pass");
	scn_expect(g, CITY_DECISION_TILE, 2);
	scn_play(g, "place -1 1 0");
	scn_expect(g, CITY_DECISION_FOLLOWER, 2);
	scn_play(g, "pass");
	scn_expect(g, CITY_DECISION_TILE, 0);
	scn_play(g, "place 0 2 0");
	scn_expect(g, CITY_DECISION_FOLLOWER, 0);
	scn_play(g, "pass");
	/* C-END-1: the last tile was placed */
	scn_expect(g, CITY_DECISION_END, -1);
	ck_assert_int_eq(city_game_move_count(g), 8);
	scn_snap(g, &s);
	scn_refused(g, &s, city_place_tile(g, 1, 2, 0), CITY_EENDED,
	            "C-END-1: the game has ended");
	scn_refused(g, &s, city_pass(g), CITY_EENDED,
	            "C-END-1: the game has ended");
	scn_snap_free(&s);
	city_game_free(g);
}
END_TEST

START_TEST(test_C_FOL_1_each_part_kind_takes_its_role)
{
	/* farmers on: a highwayman on a road digit, a knight on a city
	 * letter, a monk on m, a farmer on a field letter; the followers as
	 * city_game_follower lists them, in slot order. */
	static const int order[] = {2, 3, 4, 5};
	static const struct {
		int player, role, x, y;
		char part;
	} want[] = {
	    {0, CITY_ROLE_HIGHWAYMAN, 1, 0, '1'},
	    {1, CITY_ROLE_KNIGHT, 0, -1, 'a'},
	    {0, CITY_ROLE_MONK, 0, 1, 'm'},
	    {1, CITY_ROLE_FARMER, -1, 1, 'a'},
	};
	city_game *g = carc_game("1 1 " C_ROADSTART " start\n2 1 " C_ROAD
	                         "\n3 1 " C_CORNER "\n4 1 " C_MON "\n5 1 "
	                         C_BLANK "\n",
	                         2, 1, order, N_OF(order));
	size_t i;
	scn_play(g, "place 1 0 0");
	scn_expect_followers(g, "ab1P"); /* the road's fields join the
	                                    start's, free */
	scn_play(g, "follower 1");
	scn_play(g, "place 0 -1 2"); /* city south and east: open */
	scn_expect_followers(g, "abP");
	scn_play(g, "follower a");
	scn_play(g, "place 0 1 0");
	scn_expect_followers(g, "amP");
	scn_play(g, "follower m");
	scn_play(g, "place -1 1 0");
	scn_expect_followers(g, "aP");
	scn_play(g, "follower a");
	ck_assert_int_eq(city_game_follower_count(g), 4);
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
	ck_assert_int_eq(scn_supply(g, 0), 5);
	ck_assert_int_eq(scn_supply(g, 1), 5);
	scn_expect_conservation(g);
	city_game_free(g);
}
END_TEST

START_TEST(test_C_FOL_4_empty_supply_skips_the_follower_decision)
{
	/* 16 monasteries in a row east of the start, none ever complete. P0
	 * puts a monk on each of its first 7; P1 passes. P0's 8th tile asks
	 * no follower decision: P1 draws next. */
	static const int order[] = {2, 2, 2, 2, 2, 2, 2, 2, 2,
	                            3, 3, 3, 3, 3, 3, 3};
	city_game *g = carc_game("1 1 " C_BLANK " start\n2 9 " C_MON
	                         "\n3 7 " C_MON "\n",
	                         2, 0, order, N_OF(order));
	scn_snapshot s;
	int x;
	for (x = 1; x <= 14; x++) {
		scn_play(g, "place %d %d %d", x, 0, 0);
		scn_expect_followers(g, "mP");
		if (x % 2)
			scn_play(g, "follower m");
		else
			scn_play(g, "pass");
	}
	ck_assert_int_eq(scn_supply(g, 0), 0);
	ck_assert_int_eq(scn_on_board(g, 0), 7);
	scn_expect(g, CITY_DECISION_TILE, 0);
	scn_play(g, "place 15 0 0");
	scn_expect(g, CITY_DECISION_TILE, 1);
	/* 15 tiles, 7 monks, 7 passes: no follower move after the last */
	ck_assert_int_eq(city_game_move_count(g), 15 + 7 + 7);
	scn_snap(g, &s);
	scn_refused(g, &s, city_place_follower(g, 'm'), CITY_EDECISION,
	            "C-TURN-1: the game waits for a tile placement, not a "
	            "follower");
	scn_snap_free(&s);
	/* P1 still has followers */
	scn_play(g, "place 16 0 0");
	scn_expect_followers(g, "mP");
	city_game_free(g);
}
END_TEST

START_TEST(test_C_FOL_4_empty_supply_refuses_a_follower_with_the_tower)
{
	/* As above with The Tower: P0's 8th tile is a tower foundation, so
	 * the follower decision is asked (a floor is legal, T-ACT-1), and a
	 * follower is refused by C-FOL-4, the game unchanged. */
	static const int order[] = {2, 2, 2, 2, 2, 2, 2, 2, 2,
	                            3, 3, 3, 3, 3, 4};
	city_game *g = scn_carc_game(
	    "1 1 " C_BLANK " start\n2 9 " C_MON "\n3 5 " C_MON "\n4 1 " C_TOWER
	    "\n",
	    2, 1, order, N_OF(order), NULL);
	scn_snapshot s;
	city_move mv[4];
	size_t n = 0;
	int x;
	for (x = 1; x <= 14; x++) {
		scn_play(g, "place %d %d %d", x, 0, 0);
		if (x % 2)
			scn_play(g, "follower m");
		else
			scn_play(g, "pass");
	}
	ck_assert_int_eq(scn_supply(g, 0), 0);
	scn_play(g, "place 15 0 0");
	scn_expect(g, CITY_DECISION_FOLLOWER, 0);
	ck_assert_int_eq(city_legal_moves(g, mv, 4, &n), CITY_OK);
	ck_assert_uint_eq(n, 2);
	ck_assert_int_eq(mv[0].kind, CITY_MOVE_FLOOR);
	ck_assert_int_eq(mv[0].x, 15);
	ck_assert_int_eq(mv[1].kind, CITY_MOVE_PASS);
	scn_snap(g, &s);
	scn_refused(g, &s, city_place_follower(g, 'a'), CITY_EILLEGAL,
	            "C-FOL-4: player 0 has no follower in supply");
	scn_snap_free(&s);
	scn_play(g, "pass");
	scn_expect(g, CITY_DECISION_END, -1);
	city_game_free(g);
}
END_TEST

START_TEST(test_C_SCORE_5_a_returned_follower_is_placed_again_next_turn)
{
	/* P0 puts monks on 6 monasteries east of the start (P1 passes on the
	 * others) and its last follower, a knight, on (0,-1) CORNER r2 (city
	 * south and east, joined to the start's open city): supply 0. P1's
	 * (1,-1) CAP r3 closes the city: 6 to P0, the knight returns, and on
	 * its next tile P0 is asked the follower decision again. */
	static const int order[] = {2, 2, 2, 2, 2, 2, 2, 2, 2,
	                            3, 3, 3, 4, 1, 3};
	city_game *g = carc_game("1 2 " C_CAP " start\n2 9 " C_MON
	                         "\n3 4 " C_MON "\n4 1 " C_CORNER "\n",
	                         2, 0, order, N_OF(order));
	int x;
	for (x = 1; x <= 12; x++) {
		scn_play(g, "place %d %d %d", x, 0, 0);
		if (x % 2)
			scn_play(g, "follower m");
		else
			scn_play(g, "pass");
	}
	scn_play(g, "place 0 -1 2");
	scn_expect_followers(g, "aP");
	scn_play(g, "follower a");
	ck_assert_int_eq(scn_supply(g, 0), 0);
	scn_play(g, "place 1 -1 3"); /* P1: the city is taken: skipped */
	ck_assert_int_eq(city_feature_complete(g, 0, 0, 'a'), 1);
	scn_expect_scores(g, 2, ((const int[]){6, 0}));
	ck_assert_int_eq(scn_supply(g, 0), 1);
	scn_expect_conservation(g);
	scn_expect(g, CITY_DECISION_TILE, 0);
	scn_play(g, "place 13 0 0");
	scn_expect(g, CITY_DECISION_FOLLOWER, 0);
	scn_expect_followers(g, "mP");
	scn_play(g, "follower m");
	ck_assert_int_eq(scn_supply(g, 0), 0);
	scn_expect(g, CITY_DECISION_END, -1);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------
 * The end: C-END-4, C-END-5
 * ---------------------------------------------------------------------- */

START_TEST(test_C_END_4_tower_tops_and_prisoners_score_nothing)
{
	/* The Tower. P0: highwayman on (1,0), on the start's road. P1: a
	 * tower at (1,1), one floor, takes the highwayman prisoner. P0: a
	 * blank at (0,1) and a follower on top of the tower. P1: a road at
	 * (-1,0) and a highwayman on the road, free again. Final: P1's road
	 * 3 tiles = 3; P0's top and its prisoner score nothing. */
	static const int order[] = {1, 2, 3, 1};
	city_game *g = scn_carc_game(
	    "1 3 " C_ROAD " start\n2 1 " C_TOWER "\n3 1 " C_BLANK "\n", 2, 1, order,
	    N_OF(order), NULL);
	int c, top = -1;
	scn_play(g, "place 1 0 0; follower 1");
	scn_play(g, "place 1 1 0");
	ck_assert_int_eq(city_place_floor(g, 1, 1), CITY_OK);
	ck_assert_int_eq(city_capture(g, 1, 0, '1'), CITY_OK);
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 1);
	scn_expect(g, CITY_DECISION_TILE, 0); /* no ransom with 0 points */
	scn_play(g, "place 0 1 0");
	ck_assert_int_eq(city_place_top(g, 1, 1), CITY_OK);
	ck_assert_int_eq(city_game_tower(g, 1, 1, NULL, &top), CITY_OK);
	ck_assert_int_eq(top, 0);
	scn_play(g, "place -1 0 0");
	scn_expect_followers(g, "1P");
	scn_play(g, "follower 1");
	scn_expect(g, CITY_DECISION_END, -1);
	ck_assert_int_eq(scn_supply(g, 0), 5);
	scn_expect_final_scores(g, 2, ((const int[]){0, 3}));
	for (c = CITY_CAT_ROADS; c <= CITY_CAT_RANSOM; c++)
		ck_assert_int_eq(city_game_score_detail(g, 0, c), 0);
	ck_assert_int_eq(city_game_score_detail(g, 1, CITY_CAT_ROADS), 3);
	ck_assert_int_eq(scn_count_events(g, CITY_EVENT_SCORE, 0), 0);
	/* the top goes home, the prisoner stays where it is (T-CAP-6) */
	ck_assert_int_eq(city_game_prisoners(g, 1, 0), 1);
	ck_assert_int_eq(scn_supply(g, 0), 6);
	ck_assert_int_eq(scn_supply(g, 1), 7);
	ck_assert_int_eq(city_game_follower_count(g), 0);
	scn_expect_winners(g, 2u);
	city_game_free(g);
}
END_TEST

START_TEST(test_C_END_5_tied_players_all_win)
{
	/* 3 players: P0's monk at (0,1) and P2's at (0,-2) each have one
	 * tile around them at the end (1 + 1 = 2); P1 has nothing. Winners:
	 * P0 and P2. */
	static const int order[] = {2, 1, 2};
	city_game *g = carc_game("1 2 " C_BLANK " start\n2 2 " C_MON "\n", 3,
	                         0, order, N_OF(order));
	unsigned mask = 99;
	scn_play(g, "place 0 1 0; follower m");
	scn_play(g, "place 0 -1 0");
	scn_expect(g, CITY_DECISION_TILE, 2);
	scn_play(g, "place 0 -2 0; follower m");
	scn_expect(g, CITY_DECISION_END, -1);
	ck_assert_int_eq(city_game_winners(g, &mask), CITY_ENOTENDED);
	scn_expect_final_scores(g, 3, ((const int[]){2, 0, 2}));
	ck_assert_int_eq(scn_event_points(g, 2, CITY_REASON_FINAL_MONASTERY),
	                 2);
	scn_expect_winners(g, 5u);
	city_game_free(g);
}
END_TEST

START_TEST(test_C_END_2_majority_at_final_scoring)
{
	/* three_caps_with_knights, then (1,-1) CITY4 joins the three caps
	 * into one city left open north: at the end 4 tiles x 1 = 4 to P0
	 * (two knights), nothing to P1 (one): C-END-2 with the majority of
	 * C-SCORE-4. */
	city_game *g = three_caps_with_knights(C_CITY4);
	scn_play(g, "place 1 -1 0"); /* P1: the city is taken: skipped */
	ck_assert_int_eq(city_feature_same(g, 0, -1, 'a', 2, -1, 'a'), 1);
	ck_assert_int_eq(city_feature_same(g, 1, 0, 'a', 2, -1, 'a'), 1);
	ck_assert_int_eq(city_feature_complete(g, 1, -1, 'a'), 0);
	ck_assert_int_eq(city_feature_followers(g, 1, -1, 'a', 0), 2);
	ck_assert_int_eq(city_feature_followers(g, 1, -1, 'a', 1), 1);
	scn_expect(g, CITY_DECISION_END, -1);
	scn_expect_scores(g, 3, ((const int[]){0, 0, 0}));
	scn_expect_final_scores(g, 3, ((const int[]){4, 0, 0}));
	ck_assert_int_eq(scn_event_points(g, 0, CITY_REASON_FINAL_CITY), 4);
	ck_assert_int_eq(scn_count_events(g, CITY_EVENT_SCORE, 1), 0);
	ck_assert_int_eq(scn_count_events(g, CITY_EVENT_RETURN, -2), 3);
	ck_assert_int_eq(scn_supply(g, 1), 7);
	city_game_free(g);
}
END_TEST

static Suite *carc_rules_suite(void)
{
	Suite *s = suite_create("carc_rules");
	TCase *t = tcase_create("setup_tiles");
	tcase_add_test(t, test_C_SET_3_start_tile_placed_before_the_first_turn);
	tcase_add_test(t, test_C_SET_4_order_lists_the_drawn_tiles_only);
	tcase_add_test(t, test_C_SET_1_five_players_C_SET_2_seven_followers);
	tcase_add_test(t, test_C_TILE_2_city_sides_face_city_sides);
	tcase_add_test(t, test_C_TILE_2_road_ends_face_road_ends);
	suite_add_tcase(s, t);
	t = tcase_create("features");
	tcase_add_test(t, test_C_DONE_1_road_closed_by_villages);
	tcase_add_test(t, test_C_DONE_1_road_closed_by_a_monastery_and_a_city);
	tcase_add_test(t, test_C_DONE_1_road_closed_by_a_loop);
	tcase_add_test(t, test_C_FOL_5_two_parts_of_one_road_are_two_moves);
	tcase_add_test(t, test_C_FOL_5_two_city_caps_joined_round_are_two_moves);
	tcase_add_test(t, test_C_TURN_2_discards_repeat_until_a_tile_fits);
	tcase_add_test(t, test_C_SCORE_2_two_tile_city_scores_4_C_FOL_3);
	tcase_add_test(t, test_C_SCORE_2_coats_of_arms);
	tcase_add_test(t, test_C_SCORE_4_tie_after_a_join);
	tcase_add_test(t, test_C_SCORE_4_majority_after_a_join);
	tcase_add_test(t, test_C_DONE_3_monastery_completed_by_its_8th_neighbour);
	suite_add_tcase(s, t);
	t = tcase_create("end");
	tcase_add_test(t, test_C_TURN_2_unplayable_tile_discarded);
	tcase_add_test(t, test_C_END_2_incomplete_features_of_each_kind);
	tcase_add_test(t, test_C_END_3_city_bordered_twice_by_one_field);
	tcase_add_test(t, test_C_END_3_city_bordered_by_two_fields);
	tcase_add_test(t, test_C_OPT_1_fields_take_no_follower_without_farmers);
	tcase_add_test(t, test_C_FOL_2_no_follower_on_an_occupied_feature);
	tcase_add_test(t, test_C_FOL_2_a_field_joined_to_a_farmer_takes_no_farmer);
	tcase_add_test(t, test_C_END_3_an_open_city_scores_no_farmer);
	tcase_add_test(t, test_C_END_4_tower_tops_and_prisoners_score_nothing);
	tcase_add_test(t, test_C_END_5_tied_players_all_win);
	tcase_add_test(t, test_C_END_2_majority_at_final_scoring);
	suite_add_tcase(s, t);
	t = tcase_create("gaps");
	tcase_add_test(t,
	               test_C_GEO_2_features_join_through_sides_count_distinct_cells);
	tcase_add_test(t, test_C_GEO_2_roads_join_through_road_middles_only);
	tcase_add_test(t,
	               test_C_GEO_2_a_road_through_one_tile_twice_counts_it_once);
	tcase_add_test(t,
	               test_C_GEO_3_a_road_cuts_a_field_from_its_city_unless_adj);
	tcase_add_test(t,
	               test_C_DONE_2_city_complete_when_every_city_side_is_faced);
	tcase_add_test(t,
	               test_C_SCORE_3_monastery_placed_into_a_full_ring_scores_at_once);
	tcase_add_test(t, test_C_SCORE_6_features_completed_together_in_order);
	tcase_add_test(t, test_C_TURN_1_turn_order_and_calls_out_of_turn);
	tcase_add_test(t, test_C_FOL_1_each_part_kind_takes_its_role);
	tcase_add_test(t, test_C_FOL_4_empty_supply_skips_the_follower_decision);
	tcase_add_test(t,
	               test_C_FOL_4_empty_supply_refuses_a_follower_with_the_tower);
	tcase_add_test(t,
	               test_C_SCORE_5_a_returned_follower_is_placed_again_next_turn);
	suite_add_tcase(s, t);
	return s;
}

TEST_MAIN(carc_rules_suite)
