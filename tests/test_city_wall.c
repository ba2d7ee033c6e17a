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
/* The scenarios are rows of data (scn_case): the game, the tiles and a
 * script of moves and '?' expectations (tests/scenario.h, "Scripts").
 * Values of the scripts: ?ended is a set of CITY_ENDED_* bits (2: no tile
 * left, R-END-1 (b); 4: the gap, (c); 6: both); ?cell is a cell's name
 * (tile, exterior, hole); ?winners a bit set of players;
 * ?wall_tower I is a tower's owner, end, wall piece and points.
 * ------------------------------------------------------------------ */

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
#define L_TILES                                                              \
	"tileset wall-l\n"                                                   \
	"1 2 a-a a-a a-a a-a a=R\n"                                          \
	"2 1 b-b a-a a-a a-a a=R b=F\n"
#define L_GAME "city order=2,1,1 stacks=2,0,1 "
#define L_TO_GATE                                                            \
	"p0 place 0 0 1; ?contour = 4; p0 follower b\n"                      \
	"p1 place 0 1 0; ?contour = 6; p1 follower pass\n"                   \
	"p0 place 1 0 0; ?contour = 8; p0 follower pass\n"
/* The whole round, the ring closed. */
#define L_ROUND                                                              \
	"p0 gate 1 0 S; p1 wall cw; p1 guard pass; p0 wall cw; p0 guard pass\n" \
	"p1 wall ccw; p1 guard pass; p0 wall cw; p0 guard pass\n"            \
	"p1 wall cw; p1 guard pass; p0 wall ccw; p0 guard pass\n"            \
	"p1 wall cw; p1 guard pass; ?gap = 0\n"

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
#define HOLE_TILES                                                           \
	"tileset wall-hole\n"                                                \
	"1 6 a-a a-a a-a a-a a=R\n"                                          \
	"2 1 b-b a-a a-a a-a a=R b=F\n"

/* ------------------------------------------------------------------ */
/* R-WALL-5, R-OPT-3: a wall piece completes a street and another a market;
 * the returned follower is a guard at once (R-OPT-3 yes) or only after the
 * guard decision (no).
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
#define RET_TILES                                                            \
	"tileset wall-return\n"                                              \
	"1 5 a-a a-a a-a a-a a=R\n"                                          \
	"2 2 b-b a-a a-a a-a a=R b=F\n"                                      \
	"3 1 a1a a-a a-a a-a a=R\n"                                          \
	"4 6 a-a a-a a-a a-a a=R b=R\n"
#define RET_GAME "city order=3,2,4,1,4,1,4,1,4,1,4,1,4,2 stacks=13,1,0 "
#define RET_BUILD                                                            \
	"p0 place 0 0 0; p0 follower 1; p1 place 1 0 1; p1 follower b\n"     \
	"p0 place -1 0 0; p0 follower b; p1 place -2 0 0; p1 follower pass\n" \
	"p0 place -3 0 0; p0 follower b; p1 place -4 0 0; p1 follower pass\n" \
	"p0 place -5 0 0; p0 follower b; p1 place -6 0 0; p1 follower pass\n" \
	"p0 place -7 0 0; p0 follower b; p1 place -8 0 0; p1 follower pass\n" \
	"p0 place -9 0 0; p0 follower b; p1 place -10 0 0\n"                 \
	"p1 follower pass; p0 place -11 0 0\n"                               \
	/* A steward tile offers its residential a, its interior b, pass. */ \
	"?legal = 3; p0 follower b; ?supply 0 = 0\n"                         \
	"p1 place 2 0 0; ?legal = 3; p1 follower b; ?score 1 = 1\n"          \
	"?supply 1 = 6; p1 gate 1 0 N; p0 wall ccw; ?piece 0 = 0 0 N 0 -1\n"  \
	/* The street is scored at once whatever R-OPT-3 says. */            \
	"?score 0 = 1; ?detail 0 streets = 1; ?points 0 wall_street = 1\n"
/* Tower: cw 1 piece, ccw 2 pieces since the gate. */
#define RET_END                                                              \
	"?detail 1 markets = 2; ?points 1 wall_market = 1; ?supply 0 = 0\n"  \
	"?ask tower; ?legal = 3; p1 tower pass; ?ended = 2\n"                \
	"?gap = 26\n" /* 30 - 4 */

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
#define GUARD_TILES                                                          \
	"tileset wall-guard\n"                                               \
	"1 2 a-a a-a a-a a-a a=R\n"                                          \
	"2 1 b-b a-a a-a a-a a=R b=F\n"                                      \
	"3 2 a-a a-a a-a a-a a=R pub=1\n"                                    \
	"4 1 a-a a-a a-a a-a a=R pub=2\n"                                    \
	"5 1 a-a a-a a-a a-a a=R hist=Belfry\n"                              \
	"6 1 a-a a-a a-a a-a a=R hist=Cathedral\n"

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
 * p1 cw (0,0)N, p0 cw (1,0)N, p1 ccw (0,0)S. With R-OPT-2 no none of
 * these three gets a guard decision; with yes each does.
 * t4 p1 (pass) completes M2 (p0 +1): second round p1 p0 p1 p0 with guard
 * decisions: p1 cw (2,0)N guard, p0 cw (3,0)N, p1 ccw (1,0)S (its
 * opposite (1,0)N holds no guard), p0 ccw (2,0)S refused (opposite
 * (2,0)N guarded). Tower p1 cw: 4 pieces since the gate. end_gap 0. */
#define CHAIN4_TILES                                                         \
	"tileset wall-chain\n"                                               \
	"1 4 b-b a-a a-a a-a a=R b=F\n"
#define CHAIN4_GAME "city order=1,1,1,1 stacks=2,2,0 end_gap=0 "
#define CHAIN4_START                                                         \
	"p0 place 0 0 1; p0 follower b\n"                                    \
	"p1 place 1 0 1; ?legal = 3; p1 follower b; ?score 0 = 1\n"          \
	/* A stack-1 completion holding a follower triggers nothing. */      \
	"?ask tile 0; p0 place 2 0 1; p0 follower b; ?score 1 = 1\n"
#define CHAIN4_END                                                           \
	"?piece 0 = 0 0 S 0 -1; ?piece 1 = 0 0 W 1 -1\n"                     \
	"?piece 2 = 0 0 N 0 -1; ?piece 3 = 1 0 N 0 -1\n"                     \
	"?ask tower 0; ?legal = 3; p0 tower pass; ?gap = 4\n"                \
	"p1 place 3 0 1; p1 follower pass; p1 wall cw; p1 guard\n"           \
	"p0 wall cw; p0 guard pass; p1 wall ccw; p1 guard pass; p0 wall ccw\n" \
	"?score 0 = 2; ?piece 0 = 2 0 S 0 -1; ?piece 6 = 2 0 N 0 1\n"        \
	"?ask tower 1; ?legal = 3; p1 tower cw; ?wall_tower 0 = 1 cw 7 4\n"  \
	"?score 1 = 5; ?ended = 2; ?gap = 2\n"

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
#define CHAIN5_TILES                                                         \
	"tileset wall-chain5\n"                                              \
	"1 5 b-b a-a a-a a-a a=R b=F\n"
#define TOWERS_GAME "city players=3 order=1,1,1,1,1 stacks=2,3,0 end_gap=0"
#define TOWERS_SCRIPT                                                        \
	"?score_final = ENOTENDED\n"                                        \
	"p0 place 0 0 1; p0 follower b; p1 place 1 0 1; p1 follower b\n"     \
	"p2 place 2 0 1; p2 follower b; p2 gate 0 0 W; p0 wall cw\n"         \
	"p0 guard pass; p1 wall cw; p1 guard pass\n"                         \
	"?ask tower 2; ?legal = 2\n" /* tower cw, pass */                    \
	"?call tower ccw = EILLEGAL \"R-WALL-7: no wall piece was built at " \
	"the ccw end since its last tower or the gate\"\n"                   \
	"p2 tower cw; ?wall_tower 0 = 2 cw 2 2; ?towers 2 = 3\n"             \
	"?score_final = ENOTENDED\n"                                        \
	"p0 place 3 0 1; p0 follower b; p0 wall cw; p0 guard pass\n"         \
	"p1 wall ccw; p1 guard pass; p2 wall cw; p2 guard pass\n"            \
	"?legal = 3\n" /* cw 2, ccw 1, pass */                               \
	"p0 tower cw; ?wall_tower 1 = 0 cw 5 2\n"                            \
	"p1 place 4 0 1; p1 follower b; p1 wall ccw; p1 guard pass\n"        \
	"p2 wall ccw; p2 guard pass; p0 wall ccw; p0 guard pass\n"           \
	"?player = 1; ?legal = 2\n" /* tower ccw, pass */                    \
	"?call tower cw = EILLEGAL \"R-WALL-7: no wall piece was built at "  \
	"the cw end since its last tower or the gate\"\n"                    \
	"p1 tower ccw\n"

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
#define PLACE_BUILD                                                          \
	"p0 place 0 0 0; p0 follower pass; p1 place 1 0 0; p1 follower pass\n" \
	"p0 place 2 0 0; p0 follower pass; p1 place 0 -1 0; p1 follower b\n" \
	"p0 place 2 -1 0; p0 follower pass; p1 place 0 -2 0\n"               \
	"p1 follower pass; ?score 1 = 1; ?contour = 14\n"                    \
	"p1 gate 1 0 N; p0 wall cw; p0 guard pass; p1 wall cw\n"             \
	"p1 guard pass; p0 wall ccw; p0 guard pass; p1 tower pass\n"
#define TILE3_OUTSIDE                                                        \
	"?call place 1 -1 0 = EILLEGAL \"R-TILE-3: cell (1,-1) lies outside " \
	"the wall on the west side of tile (2,-1)\"\n"
#define TILE4_AROUND                                                         \
	"?call place 1 -2 0 = EILLEGAL \"R-TILE-4: a tile at (1,-2) would "  \
	"surround the wall (3 of 4 pieces would no longer face the "         \
	"exterior)\"\n"

static const scn_case cases[] = {
        {"R-GEO-8, R-WALL-3, R-WALL-4, R-OPT-4: the L city's contour and "
         "first round order",
         L_GAME "closing_tower=yes", L_TILES,
         L_TO_GATE
         /* A's market scored for p0 when B was placed; the round starts. */
         "?score 0 = 1; ?detail 0 markets = 1; ?ask gate 0; ?legal = 8\n"
         "?wall_length = 0; ?wall_end cw = ENOTFOUND\n"
         "?gap = ENOTFOUND; ?cell 1 1 = exterior\n"
         "p0 gate 1 0 S; ?piece 0 = 1 0 S 1 -1; ?end cw = 0 1 0 S\n"
         "?end ccw = 0 1 0 S; ?gap = 7\n"
         "?walls_left = 70\n" /* the gate is extra */
         /* The gate holds no guard: the next decision is p1's wall. */
         "p1 wall cw; ?end cw = 1 0 1 E\n" /* concave corner */
         "?end ccw = 0 1 0 S; p1 guard pass; p0 wall cw\n"
         "?end cw = 2 0 1 S\n" /* convex corner */
         "p0 guard pass; p1 wall ccw\n"
         "?end ccw = 0 1 0 E\n" /* ccw over a convex corner */
         "?end cw = 3 0 1 S\n"  /* indices shift by one */
         "p1 guard pass; p0 wall cw; ?end cw = 4 0 1 W\n"
         "p0 guard pass; p1 wall cw; ?end cw = 5 0 0 W\n" /* straight */
         "p1 guard pass; p0 wall ccw; ?end ccw = 0 1 0 N; ?gap = 1\n"
         "p0 guard pass\n"
         /* One side left: both ends would fill it, still 2 legal moves. */
         "?ask wall 1; ?legal = 2\n"
         "p1 wall cw; ?gap = 0; ?wall_length = 8\n"
         "?piece 0 = 1 0 N 0 -1; ?piece 1 = 1 0 E 0 -1\n"
         "?piece 2 = 1 0 S 1 -1; ?piece 3 = 0 1 E 0 -1\n"
         "?piece 4 = 0 1 S 0 -1; ?piece 5 = 0 1 W 0 -1\n"
         "?piece 6 = 0 0 W 0 -1; ?piece 7 = 0 0 N 0 -1\n"
         "?end cw = 7 0 0 N; ?end ccw = 0 1 0 N; ?walls_left = 63\n"
         "p1 guard pass"},

        /* R-WALL-3: the gate goes on a contour side only; refused calls
         * change nothing (R-ERR-1) and name the rule (R-ERR-2). */
        {"R-WALL-3, R-ERR-1: the gate only on a contour side",
         L_GAME "closing_tower=yes", L_TILES,
         L_TO_GATE
         /* (0,0)E faces B and (0,0)S faces C: no contour sides. */
         "?call gate 0 0 E = EILLEGAL \"R-WALL-3: the east side of tile "
         "(0,0) is not on the contour (it faces a tile)\"\n"
         "?call gate 0 0 S = EILLEGAL \"R-WALL-3: the south side of tile "
         "(0,0) is not on the contour (it faces a tile)\"\n"
         /* Not the decision for a wall piece, a guard or a tower. */
         "?call wall cw = EDECISION \"R-TURN-1: the game waits for a gate, "
         "not a wall piece\"\n"
         "?call guard = EDECISION \"R-TURN-1: the game waits for a gate, "
         "not a guard\"\n"
         "?call tower cw = EDECISION \"R-TURN-1: the game waits for a "
         "gate, not a tower\""},

        /* R-OPT-4: the ring closed during the round. The tower cw scores
         * the cw arm (5), ccw the ccw arm (2); with the rule off the tower
         * decision is not asked. Ring closed (gap 0 <= 5) and no tile
         * left: R-END-1 (b) and (c). */
        {"R-OPT-4: closing tower cw scores the cw arm",
         L_GAME "closing_tower=yes", L_TILES,
         L_TO_GATE L_ROUND
         "?ask tower 0; ?legal = 3\n" /* cw, ccw, pass */
         "p0 tower cw; ?tower_count = 1; ?wall_tower 0 = 0 cw 7 5\n"
         "?detail 0 towers = 5; ?score 0 = 6; ?towers 0 = 5\n"
         "?ask end; ?ended = 6; ?player = 0; ?final = 6 0; ?invariants\n"
         "?winners = 1"},
        {"R-OPT-4: closing tower ccw scores the ccw arm",
         L_GAME "closing_tower=yes", L_TILES,
         L_TO_GATE L_ROUND
         "?ask tower 0; ?legal = 3\n" /* cw, ccw, pass */
         "p0 tower ccw; ?tower_count = 1; ?wall_tower 0 = 0 ccw 0 2\n"
         "?detail 0 towers = 2; ?score 0 = 3; ?towers 0 = 5\n"
         "?ask end; ?ended = 6; ?player = 0; ?final = 3 0; ?invariants\n"
         "?winners = 1"},
        {"R-OPT-4: no closing tower when the rule is off",
         L_GAME "closing_tower=no", L_TILES,
         L_TO_GATE L_ROUND
         "?ask end; ?tower_count = 0; ?score 0 = 1\n"
         "?ended = 6; ?player = 0; ?final = 1 0; ?invariants\n"
         "?winners = 1"},

        {"R-GEO-8, R-WALL-3: a corner contact, a hole and the contour",
         "city order=1,1,1,1,1,2,1 stacks=6,1,0", HOLE_TILES,
         "p0 place 0 0 0; p0 follower pass; p1 place 1 0 0\n"
         "p1 follower pass; p0 place 2 0 0; p0 follower pass\n"
         "p1 place 0 1 0; p1 follower pass; p0 place 2 1 0\n"
         "p0 follower pass; p1 place 0 2 1; p1 follower b\n"
         "?cell 1 1 = exterior; ?contour = 14\n"
         "p0 place 1 2 0; p0 follower pass\n"
         "?cell 1 1 = hole; ?cell 2 2 = exterior\n"
         "?cell 1 3 = exterior; ?cell -5 7 = exterior\n"
         "?cell 1 2 = tile; ?contour = 12; ?score 1 = 1\n"
         "?ask gate 0; ?legal = 12\n"
         /* R-WALL-3: never against a hole. */
         "?call gate 1 0 S = EILLEGAL \"R-WALL-3: the south side of tile "
         "(1,0) is not on the contour (it faces a hole)\"\n"
         "?call gate 0 1 E = EILLEGAL \"R-WALL-3: the east side of tile "
         "(0,1) is not on the contour (it faces a hole)\"\n"
         "?call gate 2 1 W = EILLEGAL \"R-WALL-3: the west side of tile "
         "(2,1) is not on the contour (it faces a hole)\"\n"
         "?call gate 1 2 N = EILLEGAL \"R-WALL-3: the north side of tile "
         "(1,2) is not on the contour (it faces a hole)\"\n"
         "p0 gate 2 1 S; p1 wall cw\n"
         "?end cw = 1 1 2 E\n" /* across the corner contact */
         "p1 guard pass; p0 wall ccw; p0 guard pass; p1 wall cw\n"
         "p1 guard pass; ?piece 0 = 2 1 E 0 -1; ?piece 1 = 2 1 S 1 -1\n"
         "?piece 2 = 1 2 E 0 -1; ?piece 3 = 1 2 S 0 -1; ?gap = 8\n"
         "?ask tower 0; ?legal = 3; p0 tower cw\n"
         "?wall_tower 0 = 0 cw 3 2\n"
         /* R-END-1: only (b) no tile left; gap 8 > 5, 67 pieces left. */
         "?ask end; ?ended = 2; ?walls_left = 67; ?final = 2 1\n"
         "?invariants; ?winners = 1"},

        {"R-WALL-5, R-OPT-3 yes: the returned citizen may be the guard",
         RET_GAME "returned_guard=yes", RET_TILES,
         RET_BUILD
         /* Back before the guard decision: it may be the guard. */
         "?supply 0 = 1; p0 guard; ?piece 0 = 0 0 N 0 0; ?supply 0 = 0\n"
         "p1 wall cw; ?score 1 = 2; ?supply 1 = 7; p1 guard pass\n"
         /* p0's supply is empty: the guard decision is skipped. */
         "p0 wall ccw\n" RET_END},
        {"R-WALL-5, R-OPT-3 no: followers return after the guard decision",
         RET_GAME "returned_guard=no", RET_TILES,
         RET_BUILD
         /* Still out during the (skipped) guard decision: p0 had no
          * follower, so it is not asked; the citizen is back after. */
         "?ask wall 1; ?supply 0 = 1; ?piece 0 = 0 0 N 0 -1\n"
         "p1 wall cw; ?score 1 = 2\n"
         /* R-OPT-3 "no": "the followers return only after the guard
          * decision on that piece". During p1's guard decision T's seller
          * is not back in p1's supply (7 - 1 = 6); it is still on the
          * board until then (the invariant supply + board = 7 is checked
          * after every step). */
         "?supply 1 = 6; p1 guard pass; ?supply 1 = 7; p0 wall ccw\n"
         "p0 guard\n" /* the returned citizen */
         "?piece 0 = -1 0 N 0 0; ?piece 1 = 0 0 N 0 -1\n" RET_END},

        /* R-WALL-5, R-OPT-3 no: the gate has no guard decision, so what
         * it completes returns at once even under "no".
         *
         *        x=0   x=1   x=2
         *  y=0  [ S ] [ M ] [ M ]    S: street from its north side,
         *                            citizen p0; M (1,0): market facing
         *                            east, seller p1
         * The stack-2 tile (2,0) (p0, pass) completes M's market: p1 +1,
         * p0 triggers. p0's gate on (0,0)N closes S's street: p0 +1 and
         * the citizen is back in p0's supply right away (7). Then p1 cw
         * (1,0)N, p0 ccw (0,0)W, p1 ccw (0,0)S. */
        {"R-WALL-5, R-OPT-3: what the gate completes returns at once",
         "city order=2,1,1 stacks=2,1,0 returned_guard=no end_gap=0",
         "tileset wall-gate\n"
         "1 2 b-b a-a a-a a-a a=R b=F\n"
         "2 1 a1a a-a a-a a-a a=R\n",
         "p0 place 0 0 0; p0 follower 1; p1 place 1 0 1; p1 follower b\n"
         "p0 place 2 0 1; p0 follower pass; p0 gate 0 0 N\n"
         "?score 1 = 1; ?score 0 = 1; ?points 0 wall_street = 1\n"
         "?supply 0 = 7; ?follower_count = 0\n"
         "p1 wall cw; p1 guard pass; p0 wall ccw; p0 guard pass\n"
         "p1 wall ccw; p1 guard pass; p0 tower pass\n"
         "?piece 0 = 0 0 S 0 -1; ?piece 1 = 0 0 W 0 -1\n"
         "?piece 2 = 0 0 N 1 -1; ?piece 3 = 1 0 N 0 -1; ?gap = 4\n"
         "?ended = 2"},

        {"R-WALL-6, R-END-5: opposite guard refused, the hole allows it",
         "city order=2,1,1,5,6,3,4,3 stacks=7,0,1", GUARD_TILES,
         "p0 place 0 0 1; p0 follower b; p1 place 0 1 0; p1 follower pass\n"
         "p0 place 0 2 0; p0 follower pass; p1 place 1 2 0\n"
         "p1 follower pass; p0 place 2 2 0; p0 follower pass\n"
         "p1 place 2 1 0; p1 follower pass; p0 place 2 0 0\n"
         "p0 follower pass; p1 place 1 0 0; p1 follower pass\n"
         "p1 gate 2 0 E; p0 wall ccw; p0 guard; p1 wall ccw; p1 guard\n"
         "p0 wall cw; p0 guard pass; p1 wall cw; p1 guard pass; p0 wall cw\n"
         /* (2,2)S was just built by p0: its guard decision is skipped. */
         "?piece 5 = 2 2 S 0 -1; ?ask wall 1\n"
         "?call guard = EDECISION \"R-TURN-1: the game waits for a wall "
         "piece, not a guard\"\n"
         "p1 wall cw; ?ask guard; p1 guard; p0 wall cw; p0 guard pass\n"
         "?legal = 3; p1 tower cw\n"
         "?piece 0 = 1 0 N 0 1; ?piece 1 = 2 0 N 0 0\n"
         "?piece 2 = 2 0 E 1 -1; ?piece 3 = 2 1 E 0 -1\n"
         "?piece 4 = 2 2 E 0 -1; ?piece 5 = 2 2 S 0 -1\n"
         "?piece 6 = 1 2 S 0 1; ?piece 7 = 0 2 S 0 -1\n"
         "?score 1 = 5; ?supply 0 = 6; ?supply 1 = 5\n"
         "?ask end; ?ended = 6; ?walls_left = 63\n"
         "?final = 10 10; ?invariants; ?detail 0 markets = 1\n"
         "?detail 0 guards = 9; ?detail 0 towers = 0\n"
         "?detail 1 towers = 5; ?detail 1 guards = 5\n"
         "?detail 1 markets = 0; ?winners = 3"},

        {"R-OPT-2 no: no guard decision in the first round",
         CHAIN4_GAME "first_round_guards=no", CHAIN4_TILES,
         CHAIN4_START
         "p0 gate 0 0 W; p1 wall cw; p0 wall cw; p1 wall ccw\n" CHAIN4_END},
        {"R-OPT-2 yes: guard decisions in the first round",
         CHAIN4_GAME "first_round_guards=yes", CHAIN4_TILES,
         CHAIN4_START
         "p0 gate 0 0 W; p1 wall cw; p1 guard pass; p0 wall cw\n"
         "p0 guard pass; p1 wall ccw; p1 guard pass\n" CHAIN4_END},

        {"R-WALL-7: towers score back to the previous tower",
         TOWERS_GAME, CHAIN5_TILES,
         TOWERS_SCRIPT
         "?tower_count = 3; ?wall_tower 2 = 1 ccw 0 4\n"
         "?wall_tower 0 = 2 cw 6 2; ?wall_tower 1 = 0 cw 8 2\n"
         "?piece 0 = 3 0 S 0 -1; ?piece 3 = 0 0 S 0 -1\n"
         "?piece 4 = 0 0 W 1 -1; ?piece 8 = 3 0 N 0 -1\n"
         "?score 0 = 4; ?score 1 = 5; ?score 2 = 3\n"
         "?detail 0 towers = 2; ?detail 1 towers = 4\n"
         "?detail 2 towers = 2; ?points 1 tower = 4\n"
         "?ask end; ?ended = 2\n"
         "?gap = 3"}, /* 12 - 9 */

        /* R-END-2: the final walls close the rest of the contour: M4's
         * market (facing east, p1's seller) is completed and scored, 1
         * point. */
        {"R-END-2: the final walls complete an open market",
         TOWERS_GAME, CHAIN5_TILES,
         TOWERS_SCRIPT
         "?final = 4 6 3; ?invariants; ?detail 1 markets = 2\n"
         "?points 1 final_market = 1\n"
         /* Final walls are notional: nothing taken from the supply. */
         "?walls_left = 62; ?wall_length = 9\n" /* 70 - 8 */
         "?final = 4 6 3"},                      /* idempotent */

        /* R-WALL-2 shares with 3 and 4 players (R-OPT-1 any, no
         * followers). 3 players, stack 3 (shares 2): t u v t u v = p2 p0
         * p1 p2 p0 p1, p2's first piece the gate: 6 pieces on the 8-side
         * contour of a 3-tile row. 4 players, stack 2 (shares 1): p2 p3
         * p0 p1, the order wraps. */
        {"R-WALL-2: shares of three players, stack 3",
         "city players=3 order=1,1,1 stacks=2,0,1 wall_trigger=any",
         "tileset wall-3p\n"
         "1 3 b-b a-a a-a a-a a=R b=F\n",
         "p0 place 0 0 1; p0 follower pass; p1 place 1 0 1\n"
         "p1 follower pass; p2 place 2 0 1; p2 follower pass\n"
         "p2 gate 0 0 W; p0 wall cw; p0 guard pass; p1 wall ccw\n"
         "p1 guard pass; p2 wall cw; p2 guard pass; p0 wall ccw\n"
         "p0 guard pass; p1 wall cw; p1 guard pass\n"
         "?wall_length = 6; ?walls_left = 65; ?ask tower 2\n"
         "?legal = 3\n" /* cw 3 pieces, ccw 2, pass */
         "p2 tower pass; ?gap = 2; ?ended = 6"},
        {"R-WALL-2: shares of four players, stack 2",
         "city players=4 order=1,1,1 stacks=2,1,0 wall_trigger=any",
         "tileset wall-4p\n"
         "1 3 b-b a-a a-a a-a a=R b=F\n",
         "p0 place 0 0 1; p0 follower pass; p1 place 1 0 1\n"
         "p1 follower pass; p2 place 2 0 1; p2 follower pass\n"
         "p2 gate 0 0 W; p3 wall cw; p3 guard pass; p0 wall cw\n"
         "p0 guard pass; p1 wall ccw; p1 guard pass; p2 tower pass\n"
         "?wall_length = 4; ?towers 3 = 3; ?ask end"}, /* 12 / 4 */

        /* R-WALL-2: building stops when the ring is closed. Two tiles,
         * contour 6:
         *
         *        x=0   x=1
         *  y=0  [M0 ] [M1 ]     M1's market faces east, p1's seller
         *
         * M1 (stack 3, p1) completes M0's empty market; R-OPT-1 any: p1
         * triggers a round of 8 planned pieces: gate p1 (0,0)W, p0 cw
         * (0,0)N, p1 cw (1,0)N, p0 cw (1,0)E (closes M1's market: p1 +1,
         * its seller back), p1 ccw (0,0)S, p0 cw (1,0)S closes the ring:
         * the 7th and 8th pieces are not built. R-OPT-4: tower ccw scores
         * the ccw arm, 1 piece. */
        {"R-WALL-2, R-OPT-4: a closed ring stops the round",
         "city order=1,1 stacks=1,0,1 wall_trigger=any",
         "tileset wall-ring\n"
         "1 2 b-b a-a a-a a-a a=R b=F\n",
         "p0 place 0 0 1; p0 follower pass; p1 place 1 0 1; p1 follower b\n"
         "p1 gate 0 0 W; p0 wall cw; p0 guard pass; p1 wall cw\n"
         "p1 guard pass; p0 wall cw; ?score 1 = 1\n"
         "?points 1 wall_market = 1; ?supply 1 = 7; p0 guard pass\n"
         "p1 wall ccw; p1 guard pass; p0 wall cw; p0 guard pass\n"
         "?gap = 0; ?wall_length = 6; ?walls_left = 65; ?ask tower 1\n"
         "?legal = 3; p1 tower ccw; ?wall_tower 0 = 1 ccw 0 1\n"
         "?score 1 = 2; ?ended = 6"},

        /* R-OPT-1: a stack-2 tile completes a market holding no follower.
         * Default (occupied): no wall round; any: the round starts. */
        {"R-OPT-1 occupied: an empty market triggers no round",
         "city order=1,1,1 stacks=1,2,0 wall_trigger=occupied",
         "tileset wall-trig\n"
         "1 3 b-b a-a a-a a-a a=R b=F\n",
         "p0 place 0 0 1; p0 follower pass; p1 place 1 0 1\n"
         "p1 follower pass; ?complete 0 0 b = 1; ?scores = 0 0\n"
         "?ask tile 0; ?wall_length = 0"},
        {"R-OPT-1 any: an empty market triggers the round",
         "city order=1,1,1 stacks=1,2,0 wall_trigger=any",
         "tileset wall-trig\n"
         "1 3 b-b a-a a-a a-a a=R b=F\n",
         "p0 place 0 0 1; p0 follower pass; p1 place 1 0 1\n"
         "p1 follower pass; ?complete 0 0 b = 1; ?scores = 0 0\n"
         "?ask gate 1"},

        {"R-TILE-3, R-TILE-4: no tile across or around the wall",
         "city order=1,1,1,2,1,1,1 stacks=5,2,0 end_gap=0",
         "tileset wall-place\n"
         "1 6 a-a a-a a-a a-a a=R\n"
         "2 1 b-b a-a a-a a-a a=R b=F\n",
         PLACE_BUILD
         "?piece 0 = 0 -1 E 0 -1; ?piece 1 = 1 0 N 1 -1\n"
         "?piece 2 = 2 -1 W 0 -1; ?piece 3 = 2 -1 N 0 -1; ?gap = 10\n"
         "?cell 1 -1 = exterior; ?ask tile 0\n" TILE3_OUTSIDE
         "?call place 2 -2 0 = EILLEGAL \"R-TILE-3: cell (2,-2) lies "
         "outside the wall on the north side of tile (2,-1)\"\n" TILE4_AROUND
         "?cell 1 -1 = exterior\n"
         "p0 place -1 0 0; p0 follower pass; ?ended = 2"},
};

START_TEST(wall_scenarios)
{
	scn_run_case(&cases[_i]);
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
 * arm grows west from the city of "R-TILE-3, R-TILE-4: no tile across or
 * around the wall" (above) once the wall is built. Each tile lays its new
 * contour sides between the same two neighbours, so the engine's contour
 * labels run out of room there and are renumbered; the wall rules must
 * hold throughout. */
START_TEST(arm_grows_after_the_wall)
{
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
	scn_play(g, PLACE_BUILD "?gap = 10");
	for (i = 1; i <= 14; i++) {
		/* 3 sides per tile: the gap from the cw end grows by 2 */
		scn_play(g, "p%d place %d 0 0; p%d follower pass; ?gap = %d",
		         (i + 1) % 2, -i, (i + 1) % 2, 10 + 2 * i);
		/* the labels against the contour walked from scratch, the
		 * list against the rule-by-rule check (R-TILE-4 by a walk) */
		check_contour_labels(g);
		check_listing_explicit(g);
		if (i % 7 == 0)
			w_listing_matches_rules(g);
	}
	scn_play(g, TILE4_AROUND TILE3_OUTSIDE);
	city_game_free(g);
}
END_TEST

static Suite *wall_suite(void)
{
	const test_row rows[] = {{wall_scenarios, 0, (int)N_OF(cases)},
	                         {arm_grows_after_the_wall, 0, 1}};
	return test_suite("wall", "rules", 0, rows, N_OF(rows));
}

TEST_MAIN(wall_suite)
