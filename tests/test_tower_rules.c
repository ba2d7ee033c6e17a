/*
 * Scenario tests of The Tower (carcassonne.md T-SET, T-ACT, T-CAP, T-OPT;
 * issue 13's list), through the public API only, named by rule id.
 * Positions are hand-made with the SCN_TW_* designs of scenario.h and an
 * explicit draw order; every legal-move list, score and message is exact
 * and worked out by hand from the spec. x grows east, y grows SOUTH.
 *
 * The scenarios are data (issue 26): rows of scenario.h cases (game spec,
 * tiles, script of moves and '?' expectations), run by one loop test. A
 * step "!MOVE" makes MOVE through its own call (city_place_floor,
 * city_capture, city_pay_ransom, ...) where the original test called it
 * directly, so that entry point stays tested. Tests that need C between
 * their steps (a clone, a loop of turns, a call no move text carries)
 * stay START_TESTs.
 *
 * Designs (scenario.h, SCN_TW_*), by the ids the `order=` lists use:
 * 1 ROAD road W-E; 2 TOWER field + foundation; 3 BLANK field; 4 RTOWER
 * road W-E + foundation; 5 CAP city on N; 6 MON monastery; 7 CAPTOW city
 * on N + foundation; 8, 9, 10 BLANK again; 11 DEAD a road from the east
 * ending on the tile. Farmers are off: fields take no follower.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "common.h"
#include "scenario.h"

/* ------------------------------------------------------------------------
 * Shared openings (game specs and script prefixes)
 * ---------------------------------------------------------------------- */

/* The two-tower opening: P0 puts the foundation (0,1) south of the start
 * and a floor on it; P1 ... (the scenarios go on from here). */
#define TWO_TOWERS "tw start=1 tower order=2,2,3,3,1,3,3"

/* The row board: P0's highwayman on the road (1,0), P0's monk on (2,1),
 * P1's tower (0,1) raised to 1 then 2, (1,1) left empty (a gap):
 *
 *        x=-1   0     1     2
 *   y=0        road  road  road
 *                     P0h
 *   y=1  blank tower  gap   mon
 *                           P0m
 *   y=2        blank
 *
 * Up to P0's fifth-turn follower decision (the tower at height 1). */
#define ROW_GAME "tw start=1 tower order=1,1,6,2,3,3,3,3"
#define ROW_BOARD                                                            \
	"place 1 0 0; ?ask follower 0; ?moves = follower 1, pass\n"          \
	"follower 1; place 2 0 0\n" /* P1: road taken, skipped */            \
	"place 2 1 0; follower m\n"                                          \
	"place 0 1 0; ?ask follower 1; ?moves = floor 0 1, pass\n"           \
	/* height 1: (0,0), (1,1), (-1,1), (0,2): nobody */                  \
	"floor 0 1\n"                                                        \
	"place -1 1 0; ?ask follower 0; ?moves = floor 0 1, top 0 1, pass\n"

/* The column board: the start tile is a road with a foundation (a tower
 * at (0,0), height 0); P0's knight on the city cap (0,-1); P1's tower
 * (0,1) raised to 2 reaches it over the tower (0,0). */
#define COLUMN_GAME "tw start=4 tower order=5,2,3,3,3,3"
#define COLUMN_BOARD                                                         \
	"?tower 0 0 = 0 -1\n"                                                \
	"place 0 -1 0; ?ask follower 0; ?moves = follower a, floor 0 0, pass\n" \
	"follower a; place 0 1 0\n"                                          \
	"?ask follower 1; ?moves = floor 0 0, floor 0 1, pass\n"             \
	"floor 0 1; place 1 1 0\n"                                           \
	"?ask follower 0; ?moves = floor 0 0, floor 0 1, top 0 1, pass\n"    \
	"pass; place -1 1 0; floor 0 1\n"

/* P0 tops the tower (0,1); P1 raises (1,1) to 2: (0,1) is in range. */
#define TOP_BOARD                                                            \
	"place 0 1 0; floor 0 1; place 1 1 0; floor 1 1\n"                   \
	"place -1 1 0; top 0 1; place 2 1 0; floor 1 1\n"

/* P0 closes a 2-tile city (4 points); P1's tower (1,1) takes P0's
 * highwayman (1,0) at height 1 and P0's monk (2,1) at height 2. Up to
 * P0's first ransom decision (P1 holds one of P0's followers). */
#define RANSOM_GAME "tw start=1 tower order=5,5,1,2,6,3,3,3,3,3"
#define RANSOM_BOARD                                                         \
	"place 0 -1 0; follower a; place 0 -2 2; ?scores = 4 0\n"            \
	"place 1 0 0; follower 1; place 1 1 0; floor 1 1\n"                  \
	"?ask capture 1; ?moves = capture 1 0 1, pass\n"                     \
	"capture 1 0 1; ?prisoners 1 0 = 1\n"
/* ... on to P0's second ransom decision: P1 holds two. */
#define RANSOM_BOARD2                                                        \
	RANSOM_BOARD                                                         \
	"?ask ransom 0; ?moves = ransom 1, pass\n"                           \
	"pass; place 2 1 0\n"                                                \
	"?ask follower 0; ?moves = follower m, floor 1 1, top 1 1, pass\n"   \
	"follower m; place 0 1 0; floor 1 1\n"                               \
	"?ask capture 1; ?moves = capture 2 1 m, pass\n"                     \
	"capture 2 1 m; ?prisoners 1 0 = 2; ?supply 0 = 5\n"

/* C-TURN-1: at P0's draw a ransom is refused, whatever is held. */
#define REFUSE_RANSOM_AT_DRAW                                                \
	"?call ransom 1 = EDECISION \"C-TURN-1: the game waits for a tile "  \
	"placement, not a ransom\"\n"

/* P0 puts monks north of the start, P1 blanks south of it: monk k at
 * (0,-k), blank k at (0,k); the 13th tile is the 7th monk, the 14th a
 * tower. */
#define MONKS_GAME "tw start=1 tower order=6,3,6,3,6,3,6,3,6,3,6,3,6,2,1,3"
#define SIX_MONKS                                                            \
	"place 0 -1 0; follower m; place 0 1 0\n"                            \
	"place 0 -2 0; follower m; place 0 2 0\n"                            \
	"place 0 -3 0; follower m; place 0 3 0\n"                            \
	"place 0 -4 0; follower m; place 0 4 0\n"                            \
	"place 0 -5 0; follower m; place 0 5 0\n"                            \
	"place 0 -6 0; follower m; place 0 6 0\n"                            \
	"place 0 -7 0; follower m\n"

/* A road under a tower, the base game's tiles: the start road (1), a
 * foundation (2), a blank (3). P0 puts a highwayman on the road at (1,0);
 * P1 places the tower tile at (1,1) below it and takes the floor
 * decision. */
#define T_ROAD "a-a a1b b-b b1a a=F b=F"
#define T_TOWER "a-a a-a a-a a-a a=F tow"
#define T_BLANK "a-a a-a a-a a-a a=F"
#define ROAD_GAME "carc tower order=1,2,3,2,3,3,1,1"
#define ROAD_TILES "1 4 " T_ROAD " start\n2 2 " T_TOWER "\n3 3 " T_BLANK "\n"
#define ROAD_OPENING "place 1 0 0; follower 1; place 1 1 0\n"
#define FLOORS_TILES "1 1 " T_BLANK " start\n2 1 " T_TOWER "\n"

static const scn_case rows[] = {
        /* ---------------------------------------------------------------
         * T-SET
         * ------------------------------------------------------------- */
        {"T-SET-1: floors per player by the player count (2 players)",
         "tw start=1 tower players=2 order=2", "",
         "?floors 0 = 10; ?floors 1 = 10\n"
         "?floors 2 = EINVAL; ?floors -1 = EINVAL"},
        {"T-SET-1: floors per player by the player count (3 players)",
         "tw start=1 tower players=3 order=2", "",
         "?floors 0 = 9; ?floors 1 = 9; ?floors 2 = 9\n"
         "?floors 3 = EINVAL; ?floors -1 = EINVAL"},
        {"T-SET-1: floors per player by the player count (4 players)",
         "tw start=1 tower players=4 order=2", "",
         "?floors 0 = 7; ?floors 1 = 7; ?floors 2 = 7; ?floors 3 = 7\n"
         "?floors 4 = EINVAL; ?floors -1 = EINVAL"},
        {"T-SET-1: floors per player by the player count (5 players)",
         "tw start=1 tower players=5 order=2", "",
         "?floors 0 = 6; ?floors 1 = 6; ?floors 2 = 6; ?floors 3 = 6;"
         "?floors 4 = 6\n"
         "?floors 5 = EINVAL; ?floors -1 = EINVAL"},
        /* T-SET-1 on the base game's tiles: the first and the last seat */
        {"T-SET-1: floors per player count (2)",
         "carc tower players=2 order=2", FLOORS_TILES,
         "?floors 0 = 10; ?floors 1 = 10"},
        {"T-SET-1: floors per player count (3)",
         "carc tower players=3 order=2", FLOORS_TILES,
         "?floors 0 = 9; ?floors 2 = 9"},
        {"T-SET-1: floors per player count (4)",
         "carc tower players=4 order=2", FLOORS_TILES,
         "?floors 0 = 7; ?floors 3 = 7"},
        {"T-SET-1: floors per player count (5)",
         "carc tower players=5 order=2", FLOORS_TILES,
         "?floors 0 = 6; ?floors 4 = 6"},
        /* T-SET-3: without the expansion a foundation changes nothing: no
         * tower, no floors, the tower calls refused naming the rule. */
        {"T-SET-3: a foundation is inert without the expansion",
         "tw start=1 order=4,3", "",
         "place 1 0 0\n"
         /* the road part only: no floor on the foundation */
         "?ask follower 0; ?moves = follower 1, pass\n"
         "?floors 0 = 0; ?prisoners 1 0 = 0\n"
         "?call floor 1 0 = EILLEGAL \"T-ACT-1: the expansion tower is "
         "not in play\"\n"
         "?call top 1 0 = EILLEGAL \"T-ACT-1: the expansion tower is not "
         "in play\"\n"
         "?refuse floor 1 0 = EILLEGAL \"T-ACT-1: the expansion tower is "
         "not in play\"\n"
         "?tower 1 0 = ENOTFOUND"},
        /* T-SET-3: the expansion with a set that has no foundation:
         * floors are dealt and never placed. */
        {"T-SET-3: the expansion without foundations",
         "tw start=1 tower players=3 order=1,3", "",
         "?floors 2 = 9; place 1 0 0\n"
         "?ask follower 0; ?moves = follower 1, pass\n"
         "?tower 0 0 = ENOTFOUND"},

        /* ---------------------------------------------------------------
         * T-ACT
         * ------------------------------------------------------------- */
        {"T-ACT-1: a floor on the tile just placed and on an old tower",
         TWO_TOWERS, "",
         "place 0 1 0\n"
         /* the bare foundation just placed takes a floor; no top at
          * height 0 */
         "?ask follower 0; ?moves = floor 0 1, pass; ?tower 0 1 = 0 -1\n"
         "floor 0 1; ?tower 0 1 = 1 -1; ?floors 0 = 9\n"
         /* T-CAP-1: nobody in range, the capture decision is skipped */
         "?ask tile 1\n"
         /* P1 raises the old tower rather than the one just placed */
         "place 1 1 0\n"
         "?ask follower 1; ?moves = floor 0 1, floor 1 1, top 0 1, pass\n"
         "floor 0 1; ?tower 0 1 = 2 -1; ?tower 1 1 = 0 -1; ?floors 1 = 9\n"
         /* T-SET-1: floors are neutral once placed */
         "?ask tile 0; place -1 1 0\n"
         "?ask follower 0; ?moves = floor 0 1, floor 1 1, top 0 1, pass"},
        {"T-ACT-2: a bare foundation refuses a top", TWO_TOWERS, "",
         "place 0 1 0\n"
         "?call top 0 1 = EILLEGAL \"T-ACT-2: tile (0,1): the tower has "
         "no floor yet\"\n"
         "?call top 0 0 = EILLEGAL \"T-ACT-2: tile (0,0): the tile has no "
         "tower foundation\"\n"
         "?call top 7 7 = EILLEGAL \"T-ACT-2: no tile at (7,7)\"\n"
         "?call floor 0 0 = EILLEGAL \"T-ACT-1: tile (0,0) has no tower "
         "foundation\"\n"
         "?call floor 5 -5 = EILLEGAL \"T-ACT-1: no tile at (5,-5)\"\n"
         /* a capture or ransom answers another decision */
         "?call capture 0 0 1 = EDECISION \"C-TURN-1: the game waits for "
         "a follower, not a capture\"\n"
         "?call ransom 1 = EDECISION \"C-TURN-1: the game waits for a "
         "follower, not a ransom\""},
        /* T-ACT-3: with no follower in supply, neither C-FOL nor T-ACT-2.
         * P0 puts seven monks north of the start, P1 blanks south of it
         * and a tower at (0,7) with one floor; then P0's road (1,0) takes
         * a floor only. */
        {"T-ACT-3: no follower in supply", MONKS_GAME, "",
         SIX_MONKS "place 0 7 0\n"
         /* P1's last tile is the tower (0,7): a floor, nobody in range */
         "?ask follower 1; ?moves = floor 0 7, pass\n"
         "floor 0 7; ?supply 0 = 0; place 1 0 0\n"
         "?ask follower 0; ?moves = floor 0 7, pass\n"
         "?call top 0 7 = EILLEGAL \"T-ACT-3: player 0 has no follower in "
         "supply\"\n"
         "?call follower 1 = EILLEGAL \"C-FOL-4: player 0 has no follower "
         "in supply\""},
        /* T-ACT-2, C-END-4: a follower on top stays to the end, scores
         * nothing and goes home at final scoring (a RETURN event with part
         * 't'). */
        {"T-ACT-2: a top scores nothing at the end", TWO_TOWERS, "",
         "place 0 1 0; floor 0 1; place 1 1 0; top 0 1\n"
         "place -1 1 0; pass; place 2 1 0; pass\n"
         "place 1 0 0; pass; place 3 1 0; pass; place 0 2 0; pass\n"
         "?ask end; ?tower 0 1 = 1 1; ?final = 0 0; ?supply 1 = 7\n"
         "?events score * = 0\n"
         "?event -1 = return 1 * * 0 1 t"},

        /* ---------------------------------------------------------------
         * T-CAP-1 range, T-OPT-4/5/6 (the row board)
         * ------------------------------------------------------------- */
        {"T-CAP-1: range along the row over a gap", ROW_GAME, "",
         ROW_BOARD "pass; place 0 2 0\n"
         "?ask follower 1; ?moves = floor 0 1, top 0 1, pass\n"
         "floor 0 1\n"
         /* height 2: (2,1) two cells east over the empty (1,1); the
          * highwayman (1,0) is not on the row or the column */
         "?ask capture 1; ?moves = capture 2 1 m, pass\n"
         "?call capture 1 0 1 = EILLEGAL \"T-CAP-1: the follower is out "
         "of the tower's range\"\n"
         "?call capture 2 1 a = EILLEGAL \"T-CAP-2: no follower on part "
         "'a' of tile (2,1)\"\n"
         "?call capture 1 1 m = EILLEGAL \"T-CAP-2: no tile at (1,1)\"\n"
         "?call floor 0 1 = EDECISION \"C-TURN-1: the game waits for a "
         "capture, not a follower\"\n"
         "capture 2 1 m\n"
         /* T-CAP-3: P0's monk is P1's prisoner */
         "?prisoners 1 0 = 1; ?prisoners 0 1 = 0; ?supply 0 = 5\n"
         "?onboard 0 = 1; ?ffollowers 2 1 m 0 = 0; ?invariants\n"
         "?events exchange * = 0\n"
         /* P0 has 0 points: no ransom (T-OPT-3), the draw */
         "?ask tile 0\n"
         /* the capture by P1 of P0's monk: owner P0 + 1 */
         "?event -1 = capture 1 * * 2 1 m * * 1"},
        {"T-OPT-4: the range stops at the first gap",
         ROW_GAME " capture_gaps=no", "",
         ROW_BOARD "pass; place 0 2 0; floor 0 1\n"
         /* (1,1) is empty: (2,1) is out of range, the capture is
          * skipped */
         "?ask tile 0; ?prisoners 1 0 = 0; ?onboard 0 = 2"},
        {"T-OPT-6: range by Manhattan distance",
         ROW_GAME " capture_diagonal=yes", "",
         ROW_BOARD "pass; place 0 2 0; floor 0 1\n"
         /* h = 2: (1,0) at distance 1+1 and (2,1) at 2, in slot order */
         "?ask capture 1; ?moves = capture 1 0 1, capture 2 1 m, pass\n"
         "capture 1 0 1; ?prisoners 1 0 = 1\n"
         "?ffollowers 0 0 1 0 = 0"},
        {"T-OPT-6: with capture_gaps=no, paths through placed cells only",
         ROW_GAME " capture_diagonal=yes capture_gaps=no", "",
         ROW_BOARD "pass; place 0 2 0; floor 0 1\n"
         /* (1,0) by (0,0); (2,1) only by the empty (1,1) in two steps */
         "?ask capture 1; ?moves = capture 1 0 1, pass\n"
         "?call capture 2 1 m = EILLEGAL \"T-CAP-1: the follower is out "
         "of the tower's range\""},
        /* T-CAP-2 / T-OPT-1 (default yes): P0 raises the tower to 2 and
         * takes their own monk: back to supply at once, no prisoner, and
         * the turn is over (it cannot be placed again this turn). */
        {"T-CAP-2: an own follower goes back to supply", ROW_GAME, "",
         ROW_BOARD "floor 0 1\n"
         "?ask capture 0; ?moves = capture 2 1 m, pass; ?supply 0 = 5\n"
         "capture 2 1 m; ?supply 0 = 6; ?onboard 0 = 1\n"
         "?prisoners 0 0 = 0; ?prisoners 1 0 = 0; ?invariants\n"
         "?events exchange * = 0\n"
         /* the turn is over: P1 draws, P0's follower waits for a later
          * turn */
         "?ask tile 1\n"
         "?call follower m = EDECISION \"C-TURN-1: the game waits for a "
         "tile placement, not a follower\"\n"
         "?event -1 = capture 0 * * * * * * * 1"},
        {"T-OPT-1: no capture of own followers", ROW_GAME " capture_own=no",
         "",
         ROW_BOARD "floor 0 1\n"
         /* only P0's own monk is in range: the capture is skipped */
         "?tower 0 1 = 2 -1; ?ask tile 1; ?onboard 0 = 2"},
        /* Range over another tower along the row: the tower (1,1) stands
         * between the raised tower (0,1) and the monk (2,1). */
        {"T-CAP-1: range along the row over another tower",
         "tw start=1 tower order=1,1,6,2,2,3,3,3", "",
         "place 1 0 0; follower 1; place 2 0 0\n"
         "place 2 1 0; follower m\n"
         "place 0 1 0; floor 0 1\n"
         "place 1 1 0\n"
         "?ask follower 0; ?moves = floor 0 1, floor 1 1, top 0 1, pass\n"
         "pass; place 0 2 0\n"
         "?ask follower 1; ?moves = floor 0 1, floor 1 1, top 0 1, pass\n"
         "floor 0 1; ?ask capture 1; ?moves = capture 2 1 m, pass\n"
         "capture 2 1 m; ?prisoners 1 0 = 1"},

        /* The column board */
        {"T-CAP-1: range along the column over another tower", COLUMN_GAME,
         "",
         COLUMN_BOARD "?ask capture 1; ?moves = capture 0 -1 a, pass\n"
         "capture 0 -1 a; ?prisoners 1 0 = 1; ?ffollowers 0 -1 a 0 = 0\n"
         "?tower 0 0 = 0 -1; ?tower 0 1 = 2 -1"},
        {"T-OPT-5: short range is the height minus one",
         COLUMN_GAME " tower_range=short", "",
         COLUMN_BOARD
         /* h = 2, r = 1: (0,0) holds nobody, (0,-1) is out of range */
         "?ask tile 0; ?prisoners 1 0 = 0; ?ffollowers 0 -1 a 0 = 1"},

        /* ---------------------------------------------------------------
         * T-CAP-2 / T-OPT-2: the follower on top of a tower
         * ------------------------------------------------------------- */
        {"T-CAP-2: capture from the top of a tower", TWO_TOWERS, "",
         TOP_BOARD "?ask capture 1; ?moves = capture 0 1 t, pass\n"
         "capture 0 1 t\n"
         /* T-CAP-3: the tower is open again, its floor stays */
         "?tower 0 1 = 1 -1; ?prisoners 1 0 = 1; ?follower_count = 0\n"
         "?invariants\n"
         /* P0 (0 points, no ransom) may close it again */
         "place 1 0 0; ?ask follower 0\n"
         "?moves = follower 1, floor 0 1, floor 1 1, top 0 1, top 1 1, "
         "pass"},
        {"T-OPT-2: tops cannot be captured", TWO_TOWERS " capture_top=no",
         "",
         TOP_BOARD
         /* the only follower in range is on top: the capture is
          * skipped */
         "?tower 1 1 = 2 -1; ?tower 0 1 = 1 0; ?ask tile 0\n"
         "?prisoners 1 0 = 0"},
        /* T-OPT-2 with another follower in range too: the top is not
         * listed and its capture is refused naming the option. */
        {"T-OPT-2: a top is refused by name",
         "tw start=1 tower order=2,2,3,6,3,3 capture_top=no", "",
         "place 0 1 0; floor 0 1; place 1 1 0; floor 1 1\n"
         "place -1 1 0; top 0 1; place 2 1 0; follower m\n"
         /* P0: a floor on (1,1): height 2 reaches (0,1) (top) and
          * (2,1) */
         "place 3 1 0; floor 1 1\n"
         "?ask capture 0; ?moves = capture 2 1 m, pass\n"
         "?call capture 0 1 t = EILLEGAL \"T-OPT-2: followers on top of "
         "towers cannot be taken (capture_top=no)\""},

        /* ---------------------------------------------------------------
         * T-CAP-4
         * ------------------------------------------------------------- */
        /* P1's monk (0,-1) is taken by P0's tower (-1,-1); then P1's tower
         * (1,1) takes P0's highwayman (1,0): each holds one of the
         * other's, both go home (T-CAP-4). */
        {"T-CAP-4: exchange", "tw start=1 tower order=1,6,2,2,3,3", "",
         "place 1 0 0; follower 1; place 0 -1 0; follower m\n"
         "place -1 -1 0; ?ask follower 0; ?moves = floor -1 -1, pass\n"
         "floor -1 -1; ?ask capture 0; ?moves = capture 0 -1 m, pass\n"
         "capture 0 -1 m; ?prisoners 0 1 = 1\n"
         /* P1 has 0 points: no ransom */
         "place 1 1 0\n"
         "?ask follower 1; ?moves = floor -1 -1, floor 1 1, top -1 -1, "
         "pass\n"
         "floor 1 1; ?ask capture 1; ?moves = capture 1 0 1, pass\n"
         "capture 1 0 1; ?prisoners 0 1 = 0; ?prisoners 1 0 = 0\n"
         "?supply 0 = 7; ?supply 1 = 7; ?follower_count = 0; ?invariants\n"
         "?events capture * = 2; ?events exchange * = 1\n"
         /* the exchange with P0, after P1's capture */
         "?event -1 = exchange 1 * * * * * * * 1\n"
         "?event -2 = capture 1 * * 1 0 1"},
        /* T-CAP-4: only the capturer and the captured follower's owner can
         * qualify. 3 players: P0 holds P1's monk; P2 takes P0's
         * highwayman: P0 holds none of P2's, so nobody goes home. */
        {"T-CAP-4: no exchange with a third player",
         "tw start=1 tower players=3 order=1,6,3,2,3,2,3", "",
         "place 1 0 0; follower 1; place 0 -1 0; follower m\n"
         "place 0 1 0\n" /* P2: no tower yet, skipped */
         "place -1 -1 0; floor -1 -1; capture 0 -1 m\n"
         "place -1 1 0; pass; place 1 1 0\n"
         "?ask follower 2; ?moves = floor -1 -1, floor 1 1, top -1 -1, "
         "pass\n"
         "floor 1 1; ?ask capture 2; ?moves = capture 1 0 1, pass\n"
         "capture 1 0 1; ?prisoners 0 1 = 1; ?prisoners 2 0 = 1\n"
         "?events exchange * = 0; ?supply 0 = 6; ?supply 1 = 6\n"
         "?invariants"},
        /* T-CAP-2: each capturable follower is one move: a highwayman on
         * the road of the tower tile (1,0) and the follower on top of that
         * tower are two. */
        {"T-CAP-2: a part and the top of one tile are two moves",
         "tw start=1 tower order=4,3,2,3,3", "",
         "place 1 0 0; follower 1; place 1 1 0; floor 1 0\n"
         /* height 1 reaches the tower's own tile */
         "?ask capture 1; ?moves = capture 1 0 1, pass\n"
         "pass; place 1 -1 0\n"
         "?ask follower 0; ?moves = floor 1 0, floor 1 -1, top 1 0, pass\n"
         "top 1 0; place 1 2 0\n"
         "?ask follower 1; ?moves = floor 1 -1, pass\n"
         "floor 1 -1\n"
         "?ask capture 1; ?moves = capture 1 0 1, capture 1 0 t, pass\n"
         "capture 1 0 t; ?tower 1 0 = 1 -1\n"
         "?ffollowers 1 0 1 0 = 1"},

        /* ---------------------------------------------------------------
         * T-CAP-5 ransom, T-OPT-3, T-OPT-7, T-CAP-6 (the ransom board)
         * ------------------------------------------------------------- */
        /* T-OPT-3 (default yes): with 1 point P0 may not pay the second
         * ransom. */
        {"T-OPT-3: no ransom below three points", RANSOM_GAME, "",
         RANSOM_BOARD2 "ransom 1; place -1 1 0; pass; place 0 2 0; pass\n"
         "?prisoners 1 0 = 1; ?score 0 = 1; ?ask tile 0"},
        {"T-OPT-7: ransom disabled", RANSOM_GAME " ransom=no", "",
         RANSOM_BOARD
         /* 4 points and a prisoner held, but no ransom decision */
         "?ask tile 0\n" REFUSE_RANSOM_AT_DRAW},
        /* T-CAP-6: prisoners still held at the end score nothing. */
        {"T-CAP-6: prisoners at the end score nothing", RANSOM_GAME, "",
         RANSOM_BOARD2 "pass; place -1 1 0; pass; place 0 2 0; pass\n"
         "pass; place -1 2 0; pass; place 0 3 0; pass\n"
         "?ask end; ?prisoners 1 0 = 2\n"
         /* P0: the city only; P1: nothing (floors score nothing) */
         "?final = 4 0; ?detail 0 ransom = 0; ?detail 1 ransom = 0\n"
         "?prisoners 1 0 = 2; ?supply 0 = 5; ?invariants"},
        /* T-OPT-5 short: a one-floor tower reaches only its own tile,
         * where P0's highwayman stands on the road of the tower tile
         * (1,0). */
        {"T-OPT-5: one floor reaches its own tile",
         "tw start=1 tower order=4,3,3 tower_range=short", "",
         "place 1 0 0; ?ask follower 0; ?moves = follower 1, floor 1 0, "
         "pass\n"
         "follower 1; place 1 1 0; ?ask follower 1; ?moves = floor 1 0, "
         "pass\n"
         "floor 1 0; ?ask capture 1; ?moves = capture 1 0 1, pass\n"
         "capture 1 0 1; ?prisoners 1 0 = 1"},
        /* T-OPT-3 (default yes): exactly 3 points is enough. P0's
         * highwayman scores the 3-tile road (-1,0)..(1,0) closed by two
         * dead ends; P1's tower (-1,-1) takes P0's monk (0,-1). */
        {"T-OPT-3: a ransom with exactly three points",
         "tw start=1 tower order=11,11,6,2,3,3", "",
         "place -1 0 0; follower 1; place 1 0 2; ?scores = 3 0\n"
         "place 0 -1 0; follower m; place -1 -1 0; floor -1 -1\n"
         "?ask capture 1; ?moves = capture 0 -1 m, pass\n"
         "capture 0 -1 m; ?ask ransom 0; ?moves = ransom 1, pass\n"
         "ransom 1; ?scores = 0 3; ?supply 0 = 7; ?ask tile 0"},
        /* T-CAP-5: the follower bought back may be placed in the same
         * turn. P0 has all seven followers out (monks north of the start),
         * P1's tower (1,-1) takes the monk (0,-1); with ransom_min=no P0
         * (0 points) buys it back and puts it on the road drawn next. */
        {"T-CAP-5: a follower bought back is placed the same turn",
         MONKS_GAME " ransom_min=no", "",
         SIX_MONKS "?supply 0 = 0; place 1 -1 0\n"
         "?ask follower 1; ?moves = floor 1 -1, pass\n"
         "floor 1 -1; ?ask capture 1; ?moves = capture 0 -1 m, pass\n"
         "capture 0 -1 m; ?ask ransom 0; ?moves = ransom 1, pass\n"
         "ransom 1; ?scores = -3 3; ?supply 0 = 1; place 1 0 0\n"
         "?ask follower 0; ?moves = follower 1, floor 1 -1, top 1 -1, pass\n"
         "follower 1; ?supply 0 = 0; ?onboard 0 = 7; ?invariants"},

        /* ---------------------------------------------------------------
         * The road opening (base game tiles), direct calls
         * ------------------------------------------------------------- */
        {"T-ACT-1: a floor on the tile just placed; T-CAP-3: a prisoner",
         ROAD_GAME, ROAD_TILES,
         ROAD_OPENING
         /* follower decision: no part (a field without farmers), one
          * floor on the bare foundation just placed, no top (height 0),
          * pass */
         "?ask follower 1; ?legal = 2; ?tower 1 1 = 0 -1\n"
         /* T-ACT-2: a bare foundation takes no follower on top */
         "?call top 1 1 = EILLEGAL \"T-ACT-2: tile (1,1): the tower has no "
         "floor yet\"\n"
         "?call floor 0 0 = EILLEGAL \"T-ACT-1: tile (0,0) has no tower "
         "foundation\"\n"
         "!floor 1 1; ?floors 1 = 9; ?tower 1 1 = 1 -1\n"
         /* T-CAP-1: height 1 reaches (1,0), where P0's highwayman
          * stands */
         "?ask capture 1; ?legal = 2\n"
         "!capture 1 0 1; ?prisoners 1 0 = 1; ?supply 0 = 6\n"
         "?onboard 0 = 0; ?events capture 1 = 1\n"
         /* T-OPT-3 (default yes): P0 has 0 points, no ransom: P0 draws */
         "?ask tile 0\n"
         "?ffollowers 1 0 1 0 = 0"},
        {"T-CAP-5: a ransom without the minimum goes below zero",
         ROAD_GAME " ransom_min=no", ROAD_TILES,
         ROAD_OPENING "!floor 1 1; !capture 1 0 1\n"
         /* P0's turn starts with the ransom decision: ransom 1, pass */
         "?ask ransom 0; ?legal = 2\n"
         "!ransom 1; ?scores = -3 3; ?detail 0 ransom = -3\n"
         "?detail 1 ransom = 3; ?prisoners 1 0 = 0; ?supply 0 = 7\n"
         /* once per turn: the tile decision follows */
         "?ask tile 0"},
        {"T-OPT-7: no ransom", ROAD_GAME " ransom_min=no ransom=no",
         ROAD_TILES,
         ROAD_OPENING "!floor 1 1; !capture 1 0 1; ?ask tile 0"},
        {"T-OPT-5: short range reaches only its own tile",
         ROAD_GAME " tower_range=short", ROAD_TILES,
         ROAD_OPENING
         /* r = h - 1 = 0: (1,0) is out of range, the capture is
          * skipped */
         "!floor 1 1; ?ask tile 0; ?prisoners 1 0 = 0"},
        {"T-ACT-2: a top closes the tower", ROAD_GAME, ROAD_TILES,
         ROAD_OPENING "!floor 1 1\n"
         "pass\n" /* no capture */
         /* P0: a blank at (0,1); floor, top on (1,1) and pass are
          * legal */
         "place 0 1 0; ?legal = 3\n"
         "!top 1 1; ?tower 1 1 = 1 0\n"
         /* P1: a second tower at (2,1): a floor on it or pass; the
          * closed tower takes no floor (T-ACT-2) */
         "place 2 1 0; ?legal = 2\n"
         "?call floor 1 1 = EILLEGAL \"T-ACT-2: the tower of tile (1,1) "
         "is closed by a follower on top\""},
        {"T-ACT-2: a closed tower refuses a floor", TWO_TOWERS, "",
         "place 0 1 0; floor 0 1; place 1 1 0; floor 1 1\n"
         "place -1 1 0\n"
         "?ask follower 0; ?moves = floor 0 1, floor 1 1, top 0 1, top 1 "
         "1, pass\n"
         "top 0 1; ?tower 0 1 = 1 0; ?supply 0 = 6\n"
         "?floors 0 = 9\n" /* a top is no floor */
         "?follower_count = 1; ?follower 0 = 0 top 0 1 t\n"
         /* P1: the closed tower takes neither a floor nor a top */
         "place 2 1 0; ?ask follower 1\n"
         "?moves = floor 1 1, top 1 1, pass\n"
         "?call floor 0 1 = EILLEGAL \"T-ACT-2: the tower of tile "
         "(0,1) is closed by a follower on top\"\n"
         "?call top 0 1 = EILLEGAL \"T-ACT-2: tile (0,1): the tower "
         "is closed by a follower on top\""},
        /* T-CAP-2: farmers are taken like the others (C-OPT-1
         * farmers=yes). */
        {"T-CAP-2: capture a farmer", "tw start=1 tower order=2,2,3 "
                                      "farmers=yes",
         "",
         "place 0 1 0; ?ask follower 0; ?moves = follower a, floor 0 1, "
         "pass\n"
         "follower a; ?follower 0 = * farmer\n"
         /* P1: the field of (1,1) is P0's farmer's: no part */
         "place 1 1 0\n"
         "?ask follower 1; ?moves = floor 0 1, floor 1 1, pass\n"
         "floor 1 1; ?ask capture 1; ?moves = capture 0 1 a, pass\n"
         "capture 0 1 a; ?prisoners 1 0 = 1\n"
         "?ffollowers 1 1 a 0 = 0"},
};

/* ------------------------------------------------------------------------
 * Scenarios with C between their steps
 * ---------------------------------------------------------------------- */

/* T-ACT-3: 5 players have 6 floors each; once P0 has put all six on
 * the tower (0,1), P0's follower decision has no floor. */
START_TEST(test_T_ACT_3_no_floor_in_supply)
{
	/* a TOWER, then 32 blanks, at most 9 of a design */
	static const scn_case c = {
	        "T-ACT-3: no floor in supply",
	        "tw start=1 tower players=5 order=2,3,3,3,3,3,3,3,3,"
	        "8,8,8,8,8,8,8,8,9,9,9,9,9,9,9,9,10,10,10,10,10,10,10,10",
	        "", "place 0 1 0; floor 0 1"};
	city_game *g = scn_case_played(&c);
	int i;
	for (i = 1; i < 30; i++) /* P0 every fifth turn, the others pass */
		scn_play(g, "place %d 1 0; %s", -i,
		         i % 5 == 0 ? "floor 0 1" : "pass");
	scn_play(g, "?floors 0 = 0; ?floors 1 = 6; ?tower 0 1 = 6 -1\n"
	            "place -30 1 0; ?ask follower 0; ?moves = top 0 1, pass\n"
	            "?call floor 0 1 = EILLEGAL \"T-ACT-3: player 0 has no "
	            "tower floor in supply\"\n"
	            "top 0 1; ?tower 0 1 = 6 0");
	city_game_free(g);
}
END_TEST

/* P0's knight on the cap (0,-1); P1's tower cap (0,-2) turned 2 closes
 * the city (2 tiles, 4 points) and takes a floor on the tile just placed:
 * the knight taken does not score the city it would have won. */
START_TEST(test_T_CAP_1b_capture_before_scoring)
{
	static const scn_case c = {
	        "T-CAP-1b: capture before scoring", "tw start=1 tower order=5,7,3",
	        "",
	        "place 0 -1 0; follower a; place 0 -2 2\n"
	        /* the city is P0's: no part for P1, the foundation just
	         * placed */
	        "?ask follower 1; ?moves = floor 0 -2, pass\n"
	        "floor 0 -2; ?ask capture 1; ?moves = capture 0 -1 a, pass"};
	city_game *g = scn_case_played(&c), *passed = NULL;
	ck_assert_int_eq(city_game_clone(&passed, g), CITY_OK);
	/* taken: the city completes with nobody on it */
	scn_play(g, "capture 0 -1 a; ?complete 0 -1 a = 1; ?scores = 0 0\n"
	            "?events score * = 0; ?prisoners 1 0 = 1");
	/* passed: the knight scores it and goes home */
	scn_play(passed, "pass; ?scores = 4 0; ?detail 0 cities = 4\n"
	                  "?supply 0 = 7");
	city_game_free(passed);
	city_game_free(g);
}
END_TEST

START_TEST(test_T_CAP_5_ransom_three_points_once_per_turn)
{
	static const scn_case c = {"T-CAP-5: a ransom of three points, once "
	                           "per turn",
	                           RANSOM_GAME, "",
	                           RANSOM_BOARD2
	                           "?ask ransom 0; ?moves = ransom 1, pass"};
	city_game *g = scn_case_played(&c);
	/* before the draw: no current tile; a 2-player game: seat 2 is no
	 * seat, a bad argument (seat -1 has no record text: C) */
	scn_play(g, "?current = ENOTFOUND\n"
	            "?call ransom 0 = EILLEGAL \"T-CAP-5: player 0 holds no "
	            "follower of player 0 to ransom\"\n"
	            "?call ransom 2 = EINVAL \"T-CAP-5: seat 2 is not 0..1\"");
	SCN_REFUSED(g, city_pay_ransom(g, -1), CITY_EINVAL,
	            "T-CAP-5: seat -1 is not 0..1");
	scn_play(g, "?call place 0 2 0 = EDECISION \"C-TURN-1: the game waits "
	            "for a ransom, not a tile placement\"\n"
	            "!ransom 1; ?scores = 1 3; ?detail 0 ransom = -3\n"
	            "?detail 1 ransom = 3; ?prisoners 1 0 = 1; ?supply 0 = 6\n"
	            "?points 1 ransom = 3; ?points 0 ransom = -3; ?invariants\n"
	            /* once per turn: P1 still holds one, but P0 now draws */
	            "?ask tile 0\n" REFUSE_RANSOM_AT_DRAW);
	/* the follower bought back may be placed this turn: none here
	 * (a blank), but the supply is 6 */
	city_game_free(g);
}
END_TEST

/* T-OPT-3 no: the second ransom takes P0 below zero (T-CAP-6). */
START_TEST(test_T_OPT_3_ransom_below_three_points_goes_negative)
{
	static const scn_case c = {
	        "T-OPT-3: a ransom below three points goes negative",
	        RANSOM_GAME " ransom_min=no", "",
	        RANSOM_BOARD2 "ransom 1; place -1 1 0; pass; place 0 2 0; pass\n"
	        "?ask ransom 0; ?moves = ransom 1, pass\n"
	        "ransom 1; ?scores = -2 6; ?prisoners 1 0 = 0\n"
	        /* nobody holds anything now: the next turn starts with the
	         * draw */
	        "place -1 2 0; pass; place 0 3 0; pass\n"
	        "?ask end; ?final = -2 6; ?detail 0 ransom = -6\n"
	        "?detail 0 cities = 4"};
	city_game *g = scn_case_played(&c);
	/* the _get calls keep a negative score apart from a status */
	int v = 0;
	ck_assert_int_eq(city_game_score_get(g, 0, &v), CITY_OK);
	ck_assert_int_eq(v, -2);
	ck_assert_int_eq(city_game_score_detail_get(g, 0, CITY_CAT_RANSOM, &v),
	                 CITY_OK);
	ck_assert_int_eq(v, -6);
	ck_assert_int_eq(city_game_score_detail_get(g, 2, CITY_CAT_RANSOM, &v),
	                 CITY_EINVAL);
	ck_assert_int_eq(v, -6);
	city_game_free(g);
}
END_TEST

/* Every row. */
START_TEST(tower_scenario)
{
	scn_run_case(&rows[_i]);
}
END_TEST

static Suite *tower_rules_suite(void)
{
	Suite *s = suite_create("tower_rules");
	TCase *t = tcase_create("tower");
	tcase_add_test(t, test_T_ACT_3_no_floor_in_supply);
	tcase_add_test(t, test_T_CAP_1b_capture_before_scoring);
	tcase_add_test(t, test_T_CAP_5_ransom_three_points_once_per_turn);
	tcase_add_test(t, test_T_OPT_3_ransom_below_three_points_goes_negative);
	tcase_add_loop_test(t, tower_scenario, 0, (int)N_OF(rows));
	suite_add_tcase(s, t);
	return s;
}

TEST_MAIN(tower_rules_suite)
