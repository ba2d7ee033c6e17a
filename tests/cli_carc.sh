#!/usr/bin/env bash
# tests/cli_carc.sh CITY_CLI: city-cli plays, replays and shows the base
# game of Carcassonne (docs/carcassonne.md, carcassonne.md "Records, moves
# and traces"): the trace of `play --game carcassonne --record FILE` equals
# `replay FILE --trace` on the record it saved, with Carcassonne's detail
# line; `--game` refuses a record of the other game at line 1; `show`
# draws the board.
set -euo pipefail

CLI=${1:?usage: cli_carc.sh PATH-TO-city-cli}
# shellcheck source=tests/cli_common.sh
. "$(dirname "${BASH_SOURCE[0]}")/cli_common.sh"

for args in "--players 4 --seed 1 --ai greedy" \
            "--players 5 --seed 7 --rule farmers=yes" \
            "--players 2 --seed 3 --ai greedy --rule farmers=yes" \
            "--expansion tower --players 3 --seed 5 --rule ransom_min=no"; do
	# shellcheck disable=SC2086
	play_and_replay g --game carcassonne $args
	head -1 "$TMP/g.play" | grep -q '^game carcassonne ' ||
		fail "play $args: first line"
	grep -q '^game carcassonne$' "$TMP/g.city" ||
		fail "play $args: the record has no 'game carcassonne' line"
	"$CLI" replay "$TMP/g.city" --game carcassonne >"$TMP/got2" ||
		fail "replay --game carcassonne $args"
	cmp -s "$TMP/g.trace" "$TMP/got2" ||
		fail "replay --game changes the trace"
	grep -qE '^detail p0 roads=[0-9]+ cities=[0-9]+ monasteries=[0-9]+ farms=[0-9]+ ransom=-?[0-9]+$' \
		"$TMP/g.trace" || fail "no Carcassonne detail line ($args)"
	grep -qE '^[0-9]+ p[0-9] tile legal=[0-9]+ place ' "$TMP/g.trace" ||
		fail "no tile decision in the trace"
	"$CLI" show "$TMP/g.city" --game carcassonne >"$TMP/show" ||
		fail "show $args"
	grep -q 'C      city' "$TMP/show" || fail "show: no Carcassonne legend"
done

# a record of The City read as Carcassonne, and the reverse: line 1
"$CLI" play --players 2 --seed 1 --record "$TMP/city.city" >/dev/null
expect_status 2 "$CLI" replay "$TMP/city.city" --game carcassonne
grep -q '^error line 1: ' "$TMP/out" || fail "no error line 1"
expect_status 2 "$CLI" replay "$TMP/g.city" --game the-city
# replay_refused WANT <RECORD: the replay of RECORD exits with status 2
# and prints the error line WANT only
replay_refused() {
	cat >"$TMP/e.city"
	expect_status 2 "$CLI" replay "$TMP/e.city" --trace
	expect_out "$1"
}
# a Carcassonne record without players: error of line 1 (carcassonne.md,
# "Records"); a City record keeps its moves line (record.md)
printf 'citygame 1\ngame carcassonne\nseed 3\nmoves\nend\n' |
	replay_refused "error line 1: missing players line"
printf 'citygame 1\nseed 3\nmoves\nend\n' |
	replay_refused "error line 3: missing players line before moves"
# carcassonne.md "Records", errors: a tower move without the expansion is
# a well-formed illegal move (error move n, after the trace of the moves
# before it); a missing end is an error of its line with no trace line; a
# scored line before the end comes after the trace of the moves applied
# (carc_record LINE...: the record of one move, then the lines given)
carc_record() {
	printf 'citygame 1\ngame carcassonne\nplayers 2\nseed 1\nmoves\n'
	printf 'place 0 -1 2\n'
	if (($#)); then printf '%s\n' "$@"; fi
}
first='1 p0 tile legal=4 place 0 -1 2 | 0 0'
carc_record 'floor 0 0' end >"$TMP/e.city"
expect_status 2 "$CLI" replay "$TMP/e.city" --trace
printf '%s\nerror move 2: T-ACT-1: the expansion tower is not in play\n' \
	"$first" | diff -u - "$TMP/out" >&2 ||
	fail "floor without the expansion: trace"
carc_record | replay_refused "error line 7: missing end"
carc_record scored end >"$TMP/e.city"
expect_status 2 "$CLI" replay "$TMP/e.city" --trace
[[ $(head -1 "$TMP/out") == "$first" ]] ||
	fail "scored before the end: no trace of the move applied"
[[ $(wc -l <"$TMP/out") == 2 ]] || fail "scored before the end: $(cat "$TMP/out")"
grep -qE '^error line 7: C-END-1: scored before the game has ended$' \
	"$TMP/out" || fail "scored before the end: $(cat "$TMP/out")"
expect_status 1 "$CLI" play --game chess
echo "cli_carc.sh: ok"
