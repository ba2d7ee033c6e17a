#!/usr/bin/env bash
# tests/cli_tower.sh CITY_CLI SOURCE_DIR: city-cli and The Tower
# (docs/carcassonne.md "The Tower", docs/cli.md):
#   1. `show` of a Tower record draws each tower with its height and the
#      owner of the follower on top (T<h>, T<h>p<i>) and lists towers,
#      floors and prisoners (who holds whose): exact text;
#   2. the documented seed (issue 13): `play --game carcassonne --expansion
#      tower --players 3 --ai greedy --seed 5` has floors, captures and an
#      exchange; the trace lines of play equal `replay --trace`; the
#      exchange, which is no move and so no trace line, is play's event
#      line after the capture that caused it;
#   3. a ransom: `--ai random --seed 1`, move 39 and its event line.
set -euo pipefail

CLI=${1:?usage: cli_tower.sh PATH-TO-city-cli SOURCE-DIR}
SRC=${2:?usage: cli_tower.sh PATH-TO-city-cli SOURCE-DIR}
# shellcheck source=tests/cli_common.sh
. "$(dirname "${BASH_SOURCE[0]}")/cli_common.sh"

# 1. show: 22 moves of the seed-5 game (tower (1,1) closed by p2, p1
#    holds one of p0's followers)
cat >"$TMP/want" <<'SHOW'
moves 22, tiles 11, next: p1 tile, scores p0=4 p1=0 p2=0
city: x -3..1, y -2..2 (x grows east, y grows south)
         -3    -2    -1    0     1

                    .....
    -2              . + -
                    ..|..

              ..... ..|..
    -1        . . C C | .
              CCCCC ..|..

        ..... CCCCC ..|.. CCCCC
     0  . . C C2C C C0+ - - - -
        CCCCC ..... CCCCC .....

              .....       ..... .....
     1        -2+ .       .1.M. . . .
              ..|..       ..... CCCCC
              T0                T1p2
                          .....
     2                    -1+ -
                          ..|..

legend: each tile is a 5x3 block
  C      city; . field
  | -    road middle on the north/south, west/east side
  centre + roads meet or end there; | or - a road passes through
  left of the centre   0-4 follower of that player
  right of the centre  M monastery
  under a tile  T<h> tower of height h, T<h>p<i> closed by player i's follower
                on top
towers: (-2,1) height 0, (1,1) height 1 top p2
floors: p0=9 p1=8 p2=9
prisoners: p0 holds none; p1 holds 1 of p0; p2 holds none
SHOW
"$CLI" show "$SRC/tests/data/tower-show-p3-seed5.city" >"$TMP/show" ||
	fail "show tower-show-p3-seed5.city"
diff -u "$TMP/want" "$TMP/show" >&2 || fail "show: the picture differs"

# 2. the documented seed
play_and_replay s5 --game carcassonne --expansion tower --players 3 \
	--ai greedy --seed 5
# floors, a capture (T-CAP-3), a top (T-ACT-2)
has_line "$TMP/s5.trace" "16 p1 follower legal=3 floor 1 1 | 0 0 0"
has_line "$TMP/s5.trace" "17 p1 capture legal=3 capture 1 1 a | 4 0 0"
has_line "$TMP/s5.trace" "19 p2 follower legal=4 top 1 1 | 4 0 0"
has_line "$TMP/s5.trace" "63 p0 follower legal=8 floor 0 4 | 12 6 3"
# p0 takes p1's monk while p1 holds p0's knight (move 17): T-CAP-4
has_line "$TMP/s5.trace" "64 p0 capture legal=4 capture 0 1 m | 12 16 13"
grep -A3 -xF "64 p0 capture legal=4 capture 0 1 m | 12 16 13" \
	"$TMP/s5.play" >"$TMP/s5.after"
[[ $(sed -n 2p "$TMP/s5.after") == "  capture p0 takes p1's follower at 0 1 m prisoner (T-CAP-3)" ]] ||
	fail "seed 5: no capture event line after move 64"
[[ $(sed -n 3p "$TMP/s5.after") == "  exchange p0 and p1 each get a prisoner back (T-CAP-4)" ]] ||
	fail "seed 5: no exchange event line after move 64"
[[ $(sed -n 4p "$TMP/s5.after") == "65 p1 tile legal=19 place 3 0 1 | 12 16 13" ]] ||
	fail "seed 5: move 65 does not follow the exchange"
# event lines are not trace lines
! grep -q 'exchange' "$TMP/s5.trace" || fail "an exchange in the trace"

# 3. a ransom (the greedy AI never pays one): random AI, seed 1
play_and_replay r1 --game carcassonne --expansion tower --players 3 \
	--ai random --seed 1
has_line "$TMP/r1.trace" "39 p0 ransom legal=2 ransom 2 | 1 0 9"
grep -A1 -xF "39 p0 ransom legal=2 ransom 2 | 1 0 9" "$TMP/r1.play" |
	sed -n 2p >"$TMP/r1.event"
has_line "$TMP/r1.event" "  ransom p0 pays p2 3 points for a prisoner (T-CAP-5)"
echo "cli_tower.sh: ok"
