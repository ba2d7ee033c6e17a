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
 * The scenarios are rows of data (scn_case): the game, its tiles and a
 * script of moves and '?' expectations (tests/scenario.h, "Scripts"), run
 * by scn_run_case.
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
 * The scenarios
 * ---------------------------------------------------------------------- */

static const scn_case cases[] = {

        /* ----------------------------------------------------------------
         * Streets: R-SCORE-1, R-DONE-1, R-GEO-6
         * ------------------------------------------------------------- */

        /*   D=I=D      (0,0) DEAD r0, (1,0) STRAIGHT r0, (2,0) DEAD r2
         * P0's citizen on the first DEAD; the third tile closes the street:
         * 3 tiles x 1 = 3 for P0, in P0's closing turn. */
        {"R-SCORE-1: a street of three tiles scores 1 a tile",
         "city order=2,3,2",
         "tileset t\n2 2 " SCN_DEAD "\n3 1 " SCN_STRAIGHT "\n",
         "place 0 0 0; ?followers = a1P; follower 1; ?supply 0 = 6\n"
         "place 1 0 0\n"
         /* the street is P0's (R-FOL-2); both sides of the STRAIGHT join
          * the DEAD's residential area, which is free */
         "?followers = abP\n"
         "?call follower 1 = EILLEGAL \"R-FOL-2: part 1 of tile (1,0) "
         "belongs to a feature that already holds a follower\"\n"
         "pass; ?ftiles 1 0 1 = 2; ?complete 1 0 1 = 0\n"
         "?ffollowers 1 0 1 0 = 1; ?ffollowers 1 0 1 1 = 0\n"
         "place 2 0 2; ?complete 0 0 1 = 1; ?ftiles 0 0 1 = 3\n"
         /* the street was completed (R-FOL-3) */
         "?followers = aP; pass\n"
         "?scores = 3 0; ?detail 0 streets = 3; ?points 0 street = 3\n"
         "?supply 0 = 7\n" /* R-SCORE-4 */
         "?invariants; ?ask end; ?final = 3 0; ?winners = 1"},

        /*   D=I=I=D    4 tiles x 2 = 8 for P0. */
        {"R-SCORE-1: a street of four tiles scores 2 a tile",
         "city order=2,3,3,2",
         "tileset t\n2 2 " SCN_DEAD "\n3 2 " SCN_STRAIGHT "\n",
         "place 0 0 0; follower 1\n"
         "place 1 0 2\n" /* STRAIGHT r2: streets on W and E too */
         "pass\n"
         "place 2 0 0; pass; ?score 0 = 0\n"
         "place 3 0 2; pass; ?scores = 8 0; ?detail 0 streets = 8\n"
         "?points 0 street = 8; ?ftiles 3 0 1 = 4; ?final = 8 0"},

        /*   D=D        (0,0) DEAD r0, (1,0) DEAD r2: a 2-tile street
         * completed by P1's tile with nobody on it: no follower may go on
         * it (R-FOL-3) and it scores nothing (R-SCORE-5). */
        {"R-FOL-3, R-SCORE-5: a completed street takes no follower",
         "city order=2,2", "tileset t\n2 2 " SCN_DEAD "\n",
         "place 0 0 0; pass\n"
         "place 1 0 2; ?complete 1 0 1 = 1; ?ftiles 1 0 1 = 2\n"
         "?ask follower 1; ?followers = aP\n"
         "?call follower 1 = EILLEGAL \"R-FOL-3: the street of part 1 of "
         "tile (1,0) was completed by this placement\"\n"
         "pass; ?scores = 0 0; ?points 0 any = 0; ?points 1 any = 0"},

        /* Four CURVEs around the point (1,1):
         *      x:   0        1
         *  y=0   C r1 E-S  C r2 S-W
         *  y=1   C r0 N-E  C r3 W-N
         * The street is a closed loop: complete, 4 tiles x 2 = 8 for P0.
         * Each curve's wedge b lies inside the loop: the four b form one
         * residential area with no open half; the a parts form the
         * outside. */
        {"R-DONE-1: a closed loop of street is complete",
         "city order=4,4,4,4", "tileset t\n4 4 " SCN_CURVE "\n",
         "place 0 0 1; ?followers = ab1P; follower 1\n"
         "place 1 0 2; ?followers = abP; pass\n"
         "place 1 1 3; pass; ?complete 0 0 1 = 0\n"
         "?ftiles 0 0 1 = 3\n"
         "place 0 1 0; ?complete 0 0 1 = 1; ?ftiles 0 0 1 = 4\n"
         /* rotation keeps the halves' order: the inside wedges meet */
         "?same 0 0 b 1 0 b = 1; ?same 0 0 b 1 1 b = 1\n"
         "?same 0 0 b 0 1 b = 1; ?same 0 0 a 1 1 a = 1\n"
         "?same 0 0 a 0 0 b = 0; ?complete 0 0 b = 1; ?complete 0 0 a = 0\n"
         "?ftiles 1 1 b = 4; ?followers = abP\n"
         "follower b\n" /* P1's steward inside the loop */
         "?scores = 8 0; ?supply 0 = 7; ?supply 1 = 6; ?invariants\n"
         /* final: the steward's area borders no market: 0 */
         "?final = 8 0; ?detail 1 stewards = 0"},

        /* TWIN at (0,0): segment 1 N-W, segment 2 E-S.
         *      x:  -1      0        1
         *  y=-1          C r1 E-S  C r2 S-W
         *  y=0    D r0   TWIN      C r3 W-N
         *  y=1           D r3
         * The street leaves TWIN east (segment 2), turns through (1,0),
         * (1,-1), (0,-1) and re-enters TWIN north (segment 1); its ends
         * are closed by the DEADs at (-1,0) and (0,1). 7 parts on 6
         * distinct cells: 6 tiles x 2 = 12 (not 14). */
        {"R-GEO-6: a street passing a tile twice counts it once",
         "city order=5,4,4,4,2,2",
         "tileset t\n2 2 " SCN_DEAD "\n4 3 " SCN_CURVE "\n5 1 " SCN_TWIN "\n",
         "place 0 0 0; ?followers = abc12P; follower 2\n"
         "place 1 0 3; ?followers = abP; pass\n"
         "place 1 -1 2; pass\n"
         "place 0 -1 1; pass\n"
         /* the two segments of TWIN are now one street on 4 cells */
         "?same 0 0 1 0 0 2 = 1; ?ftiles 0 0 1 = 4\n"
         "?complete 0 0 1 = 0; ?ffollowers 0 0 1 0 = 1\n"
         "place -1 0 0; pass\n"
         "place 0 1 3; ?ftiles 0 0 2 = 6; ?complete 0 0 2 = 1\n"
         "?followers = aP; pass\n"
         "?scores = 12 0; ?points 0 street = 12; ?final = 12 0"},

        /* ----------------------------------------------------------------
         * Markets: R-SCORE-2, R-GEO-7, R-DONE-2, R-TURN-1
         * ------------------------------------------------------------- */

        /*   [F|G]      (0,0) MKT_F r1 (market E), (1,0) MKT_G r3 (market
         * W): one market, 2 tiles x 2 kinds = 4 for P0. The residential
         * areas on either side only border it (R-GEO-5). */
        {"R-SCORE-2: two tiles, two kinds",
         "city order=7,8", "tileset t\n7 1 " SCN_MKT_F "\n8 1 " SCN_MKT_G "\n",
         "place 0 0 1; ?followers = abP; follower b\n"
         "?fkind 0 0 b = market; ?market 0 0 b = F\n"
         "place 1 0 3; ?same 0 0 b 1 0 b = 1; ?same 0 0 a 1 0 a = 0\n"
         "?market 1 0 b = FG; ?complete 1 0 b = 1; ?followers = aP; pass\n"
         "?scores = 4 0; ?detail 0 markets = 4; ?points 0 market = 4"},

        /* TM (design 15): fish market b on the north side, grain market c
         * on the south side, residential a east and d west.
         *      x:   0              1
         *  y=-1  CORNER_G r0    CORNER_G r1
         *        (E, S)         (S, W)
         *  y=0   TM             BAND_G r1 (N-S)
         *  y=1   CORNER_G r3    CORNER_G r2
         *        (N, E)         (N, W)
         * The market leaves TM north (b), goes round the east and
         * re-enters TM south (c): parts on 7 places but 6 distinct cells.
         * Complete when the ring closes: 6 tiles x 2 kinds (F, G) = 12 for
         * P0 (not 14). */
        {"R-GEO-6: a market on one tile twice counts it once",
         "city order=15,12,12,10,12,12",
         "tileset t\n10 1 " SCN_BAND_G "\n12 4 " SCN_CORNER_G
         "\n15 1 b-b a-a c-c d-d a=R b=F c=G d=R\n",
         "place 0 0 0; ?followers = abcdP; follower b\n"
         "place 0 -1 0; ?followers = aP; pass\n"
         "place 1 -1 1; pass\n"
         "place 1 0 1; ?followers = acP; pass\n"
         "place 1 1 2; pass\n"
         "?same 0 0 b 0 0 c = 0; ?ftiles 0 0 b = 5; ?complete 0 0 b = 0\n"
         "place 0 1 3; ?same 0 0 b 0 0 c = 1; ?ftiles 0 0 c = 6\n"
         "?complete 0 0 c = 1; ?market 0 0 c = FG; ?followers = aP; pass\n"
         "?scores = 12 0; ?points 0 market = 12"},

        /*   [F|GGG|L]  (0,0) MKT_F r1 (market E), (1,0) BAND_G r0 (market
         *              W-E), (2,0) MKT_L r3 (market W).
         * Mixed kinds merge into one market: 3 tiles x 3 kinds = 9 for P0,
         * scored in P0's turn that closed it. */
        {"R-SCORE-2, R-GEO-7: three kinds merge",
         "city order=7,10,9",
         "tileset t\n7 1 " SCN_MKT_F "\n9 1 " SCN_MKT_L "\n10 1 " SCN_BAND_G
         "\n",
         "place 0 0 1; follower b\n"
         "place 1 0 0\n"
         "?followers = acP\n" /* b: P0's market (R-FOL-2) */
         "?market 1 0 b = FG; ?ftiles 1 0 b = 2; ?complete 1 0 b = 0; pass\n"
         "place 2 0 3; ?market 2 0 b = FGL; ?ftiles 2 0 b = 3\n"
         "?complete 2 0 b = 1; ?followers = aP; pass\n"
         "?scores = 9 0; ?points 0 market = 9; ?final = 9 0"},

        /* INNER at (0,0): residential a on every side, market b
         * (fish+grain) touching no side, adjacent to a (adj=ab). b is
         * complete when placed (R-DONE-2), so it takes no seller (R-FOL-3)
         * and, empty, scores nothing. P0's steward on a. P1's BLANK at
         * (1,0) joins that area: occupied, so P1's follower decision has
         * only `pass` and is skipped; it was the last tile: the game ends.
         * Final: the area borders one market (b): 2 points for P0.
         * (Whether stewards go back to supply after final scoring is not
         * specified; not checked.) */
        {"R-DONE-2: an interior market is complete when placed",
         "city order=13,1",
         "tileset t\n1 1 " SCN_BLANK "\n13 1 " SCN_INNER "\n",
         "place 0 0 0; ?fkind 0 0 b = market\n"
         "?complete 0 0 b = 1; ?ftiles 0 0 b = 1; ?market 0 0 b = FG\n"
         "?followers = aP\n"
         "?call follower b = EILLEGAL \"R-FOL-3: the market of part b of "
         "tile (0,0) was completed by this placement\"\n"
         "follower a; ?score 0 = 0; ?ask tile 1\n"
         "place 1 0 0; ?same 0 0 a 1 0 a = 1; ?ask end; ?move_count = 3\n"
         "?final = 2 0; ?detail 0 stewards = 2; ?points 0 steward = 2"},

        /* ----------------------------------------------------------------
         * R-SCORE-3 majority and ties, R-SCORE-4 returns, R-END-6,
         * R-FOL-2, R-FOL-4
         * ------------------------------------------------------------- */

        /* Three players.
         *      x:   0          1            2
         *  y=0   BLANK     MKT_F r2 (S)   BLANK
         *  y=1   MKT_G r1  TRI_F r0       MKT_L r3 (W)
         *        (E)       (N, E, W)
         * P1 sells on MKT_F and MKT_L, P2 on MKT_G. P2's TRI_F joins the
         * three markets and closes every market half: 4 tiles x 3 kinds
         * (F, G, L) = 12 for P1 (2 sellers), nothing for P2 (1) or P0. */
        {"R-SCORE-3: two sellers beat one",
         "city players=3 order=1,7,8,1,9,11",
         "tileset t\n1 2 " SCN_BLANK "\n7 1 " SCN_MKT_F "\n8 1 " SCN_MKT_G
         "\n9 1 " SCN_MKT_L "\n11 1 " SCN_TRI_F "\n",
         "?ask tile 0; place 0 0 0; pass\n"
         "?ask tile 1; place 1 0 2; ?followers = abP; follower b\n"
         "?ask tile 2; place 0 1 1; ?followers = abP; follower b\n"
         "?ask tile 0; place 2 0 0; pass\n"
         "?ask tile 1; place 2 1 3; follower b\n"
         "?supply 1 = 5; ?supply 2 = 6; ?invariants\n"
         /* three separate markets so far */
         "?same 1 0 b 0 1 b = 0; ?same 1 0 b 2 1 b = 0\n"
         "?ask tile 2; place 1 1 0; ?same 1 0 b 0 1 b = 1\n"
         "?same 2 1 b 1 1 b = 1; ?ftiles 1 1 b = 4; ?market 1 1 b = FGL\n"
         "?complete 1 1 b = 1; ?ffollowers 1 1 b 0 = 0\n"
         "?ffollowers 1 1 b 1 = 2; ?ffollowers 1 1 b 2 = 1\n"
         "?followers = aP; pass\n"
         "?scores = 0 12 0; ?points 1 market = 12; ?points 2 any = 0\n"
         "?points 0 any = 0; ?supply 1 = 7; ?supply 2 = 7\n"
         "?follower_count = 0; ?invariants\n"
         "?ask end; ?final = 0 12 0; ?winners = 2"},

        /*      x:   0        1
         *  y=0   D r0 (E)  C r2 (S-W)
         *  y=1   D r0 (E)  C r3 (W-N)
         * P0's citizen on D(0,0), P1's on D(0,1): two streets. C(1,0)
         * extends P0's, C(1,1) joins both and closes the street: 4 tiles x
         * 2 = 8 for each (1 : 1 tie). Final 8 : 8, both win. */
        {"R-SCORE-3, R-END-6: a tie scores for both, both win",
         "city order=2,2,4,4",
         "tileset t\n2 2 " SCN_DEAD "\n4 2 " SCN_CURVE "\n",
         "place 0 0 0; follower 1\n"
         "place 0 1 0; ?followers = a1P; follower 1\n"
         "?same 0 0 1 0 1 1 = 0\n"
         "place 1 0 2; ?followers = abP; pass\n"
         "place 1 1 3; ?same 0 0 1 0 1 1 = 1\n"
         "?ffollowers 1 1 1 0 = 1; ?ffollowers 1 1 1 1 = 1\n"
         "?complete 1 1 1 = 1; ?followers = abP; pass\n"
         "?scores = 8 8; ?points 0 street = 8; ?points 1 street = 8\n"
         "?supply 0 = 7; ?supply 1 = 7\n"
         "?ask end; ?winners = ENOTENDED; ?final = 8 8; ?winners = 3"},

        /*   D=I=I=I=D   (0,0) DEAD r0 .. (4,0) DEAD r2
         * P0's citizen on the first DEAD. Three tiles later P1 may not put
         * a citizen on the same street (R-FOL-2); P1 puts a steward on the
         * residential area instead. P0's closing DEAD: the street is
         * complete (R-FOL-3) and the area is P1's (R-FOL-2): only `pass`,
         * skipped; the last tile: the game ends. 5 tiles x 2 = 10 for P0. */
        {"R-FOL-2: an occupied feature, however far away",
         "city order=2,3,3,3,2",
         "tileset t\n2 2 " SCN_DEAD "\n3 3 " SCN_STRAIGHT "\n",
         "place 0 0 0; follower 1\n"
         "place 1 0 0; pass\n"
         "place 2 0 0; ?followers = abP; pass\n"
         "place 3 0 0; ?ask follower 1\n"
         "?call follower 1 = EILLEGAL \"R-FOL-2: part 1 of tile (3,0) "
         "belongs to a feature that already holds a follower\"\n"
         "?followers = abP; follower a\n"
         "place 4 0 2; ?ask end; ?scores = 10 0; ?ftiles 2 0 1 = 5\n"
         "?final = 10 0; ?detail 1 stewards = 0"},

        /*      x:  0  1  2  3  4  5  6  7
         *  y=-1    B  B                        <- turns 17 (P0), 16 (P1)
         *  y=0     M  M  M  M  M  M  M  M      MKT_F r0, market north
         *  y=1     B  B  B  B  B  B  B         BLANK
         * P0 places the MKT_Fs and a seller on each of the first seven:
         * its supply is then empty. The eighth MKT_F: P0's follower
         * decision is skipped (R-FOL-4), the turn passes to P1.
         * Turn 16: P1's BLANK at (1,-1) closes P0's market at (1,0): 1
         * point, the seller returns (R-SCORE-4).
         * Turn 17: P0's BLANK at (0,-1) closes the market at (0,0). P0 has
         * the returned follower again, so the decision is asked
         * (R-SCORE-4): P0 puts a steward on the BLANKs' area; then the
         * market scores 1 and its seller returns.
         * Final: the five other occupied markets face the exterior and are
         * closed by notional walls: 5 x 1; the eighth has no seller. The
         * steward's area borders the markets of (0,0) and (1,0) across
         * sides: 2 x 2 = 4. P0: 7 market points + 4 steward points = 11. */
        {"R-FOL-4: an empty supply skips the follower decision",
         "city order=7,1,7,1,7,1,7,1,7,1,7,1,7,1,7,1,1",
         "tileset t\n1 9 " SCN_BLANK "\n7 8 " SCN_MKT_F "\n",
         "?ask tile 0; place 0 0 0; ?ask follower 0; ?followers = abP\n"
         "follower b; ?supply 0 = 6; ?ask tile 1; ?invariants; place 0 1 0\n"
         "?ask follower 1; ?followers = aP; pass\n"
         "?ask tile 0; place 1 0 0; ?ask follower 0; ?followers = abP\n"
         "follower b; ?supply 0 = 5; ?ask tile 1; ?invariants; place 1 1 0\n"
         "?ask follower 1; ?followers = aP; pass\n"
         "?ask tile 0; place 2 0 0; ?ask follower 0; ?followers = abP\n"
         "follower b; ?supply 0 = 4; ?ask tile 1; ?invariants; place 2 1 0\n"
         "?ask follower 1; ?followers = aP; pass\n"
         "?ask tile 0; place 3 0 0; ?ask follower 0; ?followers = abP\n"
         "follower b; ?supply 0 = 3; ?ask tile 1; ?invariants; place 3 1 0\n"
         "?ask follower 1; ?followers = aP; pass\n"
         "?ask tile 0; place 4 0 0; ?ask follower 0; ?followers = abP\n"
         "follower b; ?supply 0 = 2; ?ask tile 1; ?invariants; place 4 1 0\n"
         "?ask follower 1; ?followers = aP; pass\n"
         "?ask tile 0; place 5 0 0; ?ask follower 0; ?followers = abP\n"
         "follower b; ?supply 0 = 1; ?ask tile 1; ?invariants; place 5 1 0\n"
         "?ask follower 1; ?followers = aP; pass\n"
         "?ask tile 0; place 6 0 0; ?ask follower 0; ?followers = abP\n"
         "follower b; ?supply 0 = 0; ?ask tile 1; ?invariants; place 6 1 0\n"
         "?ask follower 1; ?followers = aP; pass\n"
         "?ask tile 0; place 7 0 0; ?supply 0 = 0\n"
         /* R-FOL-4: no follower decision */
         "?ask tile 1; ?invariants; place 1 -1 0\n"
         "?ask follower 1; ?followers = aP; pass\n"
         "?scores = 1 0; ?supply 0 = 1; ?onboard 0 = 6; ?invariants\n"
         "?ask tile 0; place 0 -1 0; ?complete 0 0 b = 1\n"
         "?ask follower 0; ?followers = aP; follower a\n"
         "?ask end; ?scores = 2 0; ?supply 0 = 1; ?invariants\n"
         "?final = 11 0; ?detail 0 markets = 7; ?detail 0 stewards = 4\n"
         "?points 0 market = 2; ?points 0 final_market = 5"},

        /* P0 with an empty supply closes its own market: the follower
         * decision comes before scoring (R-TURN-1), so it is skipped even
         * though the seller returns in the same turn.
         *      x:  0  1  2  3  4  5  6
         *  y=-1    B                         <- turn 15 (P0)
         *  y=0     M  M  M  M  M  M  M       MKT_F r0 with P0's sellers
         *  y=1     B  B  B  B  B  B  B       BLANK (P1) */
        {"R-FOL-4: an empty supply, own completion: still skipped",
         "city order=7,1,7,1,7,1,7,1,7,1,7,1,7,1,1",
         "tileset t\n1 8 " SCN_BLANK "\n7 7 " SCN_MKT_F "\n",
         "place 0 0 0; follower b; place 0 1 0; pass\n"
         "place 1 0 0; follower b; place 1 1 0; pass\n"
         "place 2 0 0; follower b; place 2 1 0; pass\n"
         "place 3 0 0; follower b; place 3 1 0; pass\n"
         "place 4 0 0; follower b; place 4 1 0; pass\n"
         "place 5 0 0; follower b; place 5 1 0; pass\n"
         "place 6 0 0; follower b; place 6 1 0; pass\n"
         "?supply 0 = 0; ?ask tile 0; place 0 -1 0\n"
         /* the BLANK's area is free, but P0 had nothing to place */
         "?ask end; ?scores = 1 0; ?supply 0 = 1; ?move_count = 29"},

        /* ----------------------------------------------------------------
         * Final scoring: R-END-2, R-END-3, R-END-4, R-END-6, R-GEO-5
         * ------------------------------------------------------------- */

        /*   D=I=I=I-   (0,0) DEAD r0 with P0's citizen, STRAIGHTs at
         * (1..3,0). The street stays open towards (4,0) during play. At the
         * end the notional walls close it: 4 tiles x 2 = 8 (R-SCORE-1
         * applies). Final scoring is idempotent. */
        {"R-END-2: a street to the outer edge scores at the end",
         "city order=2,3,3,3",
         "tileset t\n2 1 " SCN_DEAD "\n3 3 " SCN_STRAIGHT "\n",
         "place 0 0 0; follower 1\n"
         "place 1 0 0; ?score_final = ENOTENDED; pass\n"
         "place 2 0 0; pass\n"
         "place 3 0 0; pass\n"
         "?ask end; ?complete 0 0 1 = 0; ?scores = 0 0\n"
         "?final_scored = 0; ?winners = ENOTENDED\n"
         "?final = 8 0; ?final_scored = 1; ?detail 0 streets = 8\n"
         "?points 0 final_street = 8; ?supply 0 = 7; ?winners = 1\n"
         "?final_again = 8 0"},

        /*   D-         (0,0) DEAD r0 with P0's citizen; (0,1) BLANK.
         *   B          At the end the notional wall closes the street on
         * its only tile: 1 tile x 1 = 1. */
        {"R-END-2: a one-tile street scores 1",
         "city order=2,1", "tileset t\n1 1 " SCN_BLANK "\n2 1 " SCN_DEAD "\n",
         "place 0 0 0; follower 1\n"
         "place 0 1 0; ?followers = aP; pass\n"
         "?final = 1 0; ?points 0 final_street = 1"},

        /*      x:   0           1
         *  y=0   MKT_F r1 (E)  TRI_F r2 (E, S, W)    <- placed last
         *  y=1   BLANK         MKT_G r0 (N)
         * Before TRI_F the two markets touch only diagonally: separate
         * (R-GEO-5). TRI_F joins them: 3 tiles, fish + grain, still open
         * east. At the end the notional wall closes it: 3 x 2 = 6 for P0. */
        {"R-GEO-5: a diagonal contact joins nothing; the market scores at "
         "the end",
         "city order=7,1,8,11",
         "tileset t\n1 1 " SCN_BLANK "\n7 1 " SCN_MKT_F "\n8 1 " SCN_MKT_G
         "\n11 1 " SCN_TRI_F "\n",
         "place 0 0 1; follower b\n"
         "place 0 1 0; pass\n"
         "place 1 1 0; ?same 0 0 b 1 1 b = 0; ?followers = abP; pass\n"
         "place 1 0 2; ?same 0 0 b 1 1 b = 1; ?ftiles 1 0 b = 3\n"
         "?market 1 0 b = FG; ?complete 1 0 b = 0; ?followers = aP; pass\n"
         "?scores = 0 0; ?final = 6 0; ?points 0 final_market = 6\n"
         "?detail 0 markets = 6"},

        /*      x:  -1              0               1
         *  y=-1  MKT_F r0 (N)   CORNER_G r0     CORNER_G r1
         *                       (market E, S)   (market S, W)
         *  y=0   MKT_L r1 (E)   MKT_F r0 (N)    MKT_F r0 (N)
         *
         * Markets: M12 = both MKT_F at y=0 + both CORNER_G (complete,
         *          empty); M3 = MKT_L(-1,0) (closed by the residential side
         *          of MKT_F(0,0)); M4 = MKT_F(-1,-1).
         * P0's steward on area A = MKT_F(0,0).a + MKT_F(1,0).a:
         *   borders M12 in-tile on two tiles (counted once) and M3 across
         *   the west side of (0,0): 2 markets -> 4.
         * P1's steward on area A' = MKT_F(-1,-1).a + MKT_L(-1,0).a +
         *   CORNER_G(0,-1).a: borders M4, M3 and M12, each in-tile: 3 ->
         *   6. */
        {"R-END-4: stewards, in the tile and across a side, each market "
         "once",
         "city order=7,7,12,12,9,7",
         "tileset t\n7 3 " SCN_MKT_F "\n9 1 " SCN_MKT_L "\n12 2 " SCN_CORNER_G
         "\n",
         "place 0 0 0; follower a\n"
         "place 1 0 0\n"
         "?followers = bP\n" /* a is P0's area */
         "pass\n"
         "place 0 -1 0; ?followers = abP; pass\n"
         "place 1 -1 1; ?complete 1 -1 b = 1; ?ftiles 1 -1 b = 4\n"
         "?market 0 0 b = FG; ?followers = aP; pass\n"
         "place -1 0 1; ?complete -1 0 b = 1; ?same -1 0 a 0 0 a = 0\n"
         "?followers = aP; pass\n"
         "place -1 -1 0; ?same -1 -1 a -1 0 a = 1\n"
         "?same -1 -1 a 0 -1 a = 1; ?same -1 -1 a 0 0 a = 0\n"
         "?followers = abP; follower a; ?ask end; ?scores = 0 0\n"
         "?final = 4 6; ?detail 0 stewards = 4; ?detail 1 stewards = 6\n"
         "?points 0 steward = 4; ?points 1 steward = 6; ?winners = 2"},

        /*      x:   0              1
         *  y=0   MKT_F r0 (N)    BLANK
         *  y=1   BAND_G r1       BLANK
         *        (market N-S: b; a east, c west)
         * P0's steward on MKT_F(0,0).a, P1's on BAND_G(0,1).a: two areas
         * (BAND_G's market side faces MKT_F's residential south side: a
         * border, no join). The BLANKs join them into one area with one
         * steward each; both BLANK follower decisions have only `pass`.
         * The area borders MKT_F(0,0).b (in-tile) and BAND_G(0,1).b
         * (in-tile and across (0,0)'s south side, once): 2 markets x 2 = 4
         * for each. */
        {"R-END-4: a steward tie, both score",
         "city order=7,10,1,1",
         "tileset t\n1 2 " SCN_BLANK "\n7 1 " SCN_MKT_F "\n10 1 " SCN_BAND_G
         "\n",
         "place 0 0 0; follower a\n"
         "place 0 1 1; ?same 0 1 a 0 0 a = 0; ?followers = abcP; follower a\n"
         "place 1 0 0; ?ask tile 1\n"
         "place 1 1 0; ?ask end; ?same 0 1 a 0 0 a = 1\n"
         "?ffollowers 1 1 a 0 = 1; ?ffollowers 1 1 a 1 = 1\n"
         "?final = 4 4; ?detail 0 stewards = 4; ?detail 1 stewards = 4\n"
         "?winners = 3"},

        /*      x:  0       1          2       3          4
         *  y=0     B(P0)  BAND_G r1  B(P0)   BAND_G r1  B
         *  y=1     B       B          B       B          B
         * BAND_G r1 is a market band north-south: its west part c and east
         * part a are separate residential areas. Row 0 makes three areas:
         * P0's steward on (0,0), P0's on (2,0), P1's on BAND_G(3,0).a. Row
         * 1 merges them (every follower decision there has only `pass`).
         * P0 2 stewards, P1 1: P0 scores 2 markets x 2 = 4, P1 nothing. */
        {"R-END-4: a steward majority, two beat one",
         "city order=1,10,1,10,1,1,1,1,1,1",
         "tileset t\n1 8 " SCN_BLANK "\n10 2 " SCN_BAND_G "\n",
         "place 0 0 0; follower a\n"
         "place 1 0 1\n"
         "?followers = abP\n" /* c joined P0's area */
         "pass\n"
         "place 2 0 0; ?followers = aP; follower a\n"
         "place 3 0 1; ?followers = abP; follower a\n"
         "place 4 0 0; ?same 0 0 a 2 0 a = 0; ?same 2 0 a 4 0 a = 0\n"
         "?ask tile 1; place 0 1 0; ?ask tile 0; place 1 1 0\n"
         "?ask tile 1; place 2 1 0; ?ask tile 0; place 3 1 0\n"
         "?ask tile 1; place 4 1 0\n"
         "?ask end; ?same 0 0 a 4 0 a = 1; ?ffollowers 4 1 a 0 = 2\n"
         "?ffollowers 4 1 a 1 = 1; ?final = 4 0; ?detail 0 stewards = 4\n"
         "?points 1 any = 0; ?winners = 1"},

        /* Three players.
         *      x:   0          1
         *  y=0   D r0 (E)   D r2 (W)       <- P0's closing tile, turn 4
         *  y=1   BLANK      MKT_G r0 (N)
         * P0's citizen on D(0,0), P2's seller on MKT_G(1,1). D(1,0) closes
         * the street (2 tiles x 1 = 2 for P0) and, with its residential
         * south side, the market (1 x 1 = 1 for P2), both in P0's turn. */
        {"R-TURN-1: one placement completes a street and a market",
         "city players=3 order=2,1,8,2",
         "tileset t\n1 1 " SCN_BLANK "\n2 2 " SCN_DEAD "\n8 1 " SCN_MKT_G "\n",
         "place 0 0 0; follower 1\n"
         "place 0 1 0; pass\n"
         "place 1 1 0; ?followers = abP; follower b\n"
         "?ask tile 0; place 1 0 2; ?complete 1 0 1 = 1\n"
         "?complete 1 1 b = 1; ?followers = aP; pass\n"
         "?scores = 2 0 1; ?points 0 street = 2; ?points 2 market = 1\n"
         "?follower_count = 0; ?invariants; ?ask end; ?final = 2 0 1"},
};

START_TEST(test_rules_score)
{
	scn_run_case(&cases[_i]);
}
END_TEST

/* ------------------------------------------------------------------------
 * Scenarios that also read the events in C: after its script, each case
 * counts the events its `check` accepts (asserting their fields), then
 * runs `after`.
 * ---------------------------------------------------------------------- */

typedef struct event_case {
	scn_case c;
	int (*check)(const city_event *e);
	int count;
	const char *after;
} event_case;

/* R-DONE-2, R-TURN-1: a SCORE event with points is P0's market point,
 * scored at move 4 (place, follower, place, pass). */
static int market_point(const city_event *e)
{
	if (e->kind != CITY_EVENT_SCORE || e->points == 0)
		return 0;
	ck_assert_int_eq(e->player, 0);
	ck_assert_int_eq(e->points, 1);
	ck_assert_int_eq(e->reason, CITY_REASON_MARKET);
	ck_assert_int_eq(e->x, 0);
	ck_assert_int_eq(e->y, 0);
	ck_assert_int_eq(e->part, 'b');
	ck_assert_uint_eq(e->move, 4u);
	return 1;
}

/* R-END-3: a RETURN event gives P0's follower back without points. */
static int returned_free(const city_event *e)
{
	if (e->kind != CITY_EVENT_RETURN)
		return 0;
	ck_assert_int_eq(e->player, 0);
	ck_assert_int_eq(e->points, 0);
	return 1;
}

static const event_case event_cases[] = {
        /*   [F|.]      (0,0) MKT_F r1 (market E) with P0's seller;
         *              (1,0) BLANK placed by P1: residential halves face
         * the market halves and close them (R-DONE-2): 1 tile x 1 kind = 1
         * for P0, scored in P1's turn, after P1's follower decision
         * (R-TURN-1): one scoring event. */
        {{"R-DONE-2, R-TURN-1: a market closed by a residential half",
          "city order=7,1",
          "tileset t\n1 1 " SCN_BLANK "\n7 1 " SCN_MKT_F "\n",
          "place 0 0 1; follower b; ?ask tile 1\n"
          "?legal = 16\n" /* no streets: 4 cells x 4 rotations */
          "place 1 0 0; ?complete 0 0 b = 1\n"
          /* the BLANK's area only borders the market: free, its own */
          "?same 1 0 a 0 0 a = 0; ?ask follower 1; ?followers = aP\n"
          /* not yet scored: scoring follows the follower decision */
          "?score 0 = 0; ?supply 0 = 6\n"
          "pass; ?scores = 1 0; ?supply 0 = 7; ?follower_count = 0"},
         market_point, 1, "?ask end; ?final = 1 0"},

        /* A ring of eight tiles around the hole (0,1):
         *      x:  -1        0              1
         *  y=0    BLANK   MKT_F r2 (S)    BLANK
         *  y=1    BLANK     (hole)        DEAD r2 (street W, into the
         *                                 hole)
         *  y=2    BLANK   MKT_F r2 (S)    BLANK
         * P0: seller on (0,0) (market faces the hole), citizen on (1,1)
         * (street ends at the hole), seller on (0,2) (market faces the
         * exterior). Final: (0,2)'s market is closed by a notional wall: 1
         * x 1 = 1; the other two stay open (R-END-2: holes are not walled)
         * and their followers return without points (R-END-3): two
         * returns. */
        {{"R-END-3: followers facing a hole return without points",
          "city order=7,1,2,1,7,1,1,1",
          "tileset t\n1 5 " SCN_BLANK "\n2 1 " SCN_DEAD "\n7 2 " SCN_MKT_F
          "\n",
          "place 0 0 2; follower b\n"
          "place 1 0 0; pass\n"
          "place 1 1 2; ?followers = a1P; follower 1\n"
          "place 1 2 0; pass\n"
          "place 0 2 2; ?followers = abP; follower b\n"
          "place -1 2 0; pass\n"
          "place -1 1 0; pass; ?cell 0 1 = hole\n"
          /* the last BLANK: 11 exterior cells x 4; not the hole, whose
           * east side faces the DEAD's street (R-TILE-2) */
          "?legal = 44\n"
          "place -1 0 0; pass; ?ask end; ?scores = 0 0; ?supply 0 = 4\n"
          "?final = 1 0; ?points 0 final_market = 1\n"
          "?detail 0 streets = 0; ?detail 0 markets = 1\n"
          "?complete 0 0 b = 0; ?complete 1 1 1 = 0\n"
          "?supply 0 = 7; ?follower_count = 0"},
         returned_free, 2, ""},
};

START_TEST(test_rules_score_events)
{
	const event_case *ec = &event_cases[_i];
	city_game *g = scn_case_game(&ec->c);
	int i, n = 0;
	scn_play(g, "%s", ec->c.script);
	for (i = 0; i < city_game_event_count(g); i++) {
		city_event e;
		ck_assert_int_eq(city_game_event(g, (size_t)i, &e), CITY_OK);
		n += ec->check(&e);
	}
	ck_assert_msg(n == ec->count, "%s: %d events, expected %d", ec->c.name,
	              n, ec->count);
	scn_play(g, "%s", ec->after);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------ */

static Suite *rules_score_suite(void)
{
	Suite *s = suite_create("rules_score");
	TCase *t = tcase_create("scenarios");
	tcase_add_loop_test(t, test_rules_score, 0, (int)N_OF(cases));
	tcase_add_loop_test(t, test_rules_score_events, 0,
	                    (int)N_OF(event_cases));
	suite_add_tcase(s, t);
	return s;
}

TEST_MAIN(rules_score_suite)
