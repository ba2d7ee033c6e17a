#!/usr/bin/env bash
# tests/cli_carc.sh CITY_CLI: city-cli plays, replays and shows the base
# game of Carcassonne (docs/carcassonne.md, carcassonne.md "Records, moves
# and traces"): the trace of `play --game carcassonne --record FILE` equals
# `replay FILE --trace` on the record it saved, with Carcassonne's detail
# line; `--game` refuses a record of the other game at line 1; `show`
# draws the board.
set -euo pipefail

CLI=${1:?usage: cli_carc.sh PATH-TO-city-cli}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/city-cli-carc.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

fail() {
	echo "cli_carc.sh: FAILED: $*" >&2
	exit 1
}

trace_lines() {
	grep -E '^([0-9]+ p[0-9] |final |detail |winners( |$))' "$1" || true
}

for args in "--players 4 --seed 1 --ai greedy" \
            "--players 5 --seed 7 --rule farmers=yes" \
            "--players 2 --seed 3 --ai greedy --rule farmers=yes" \
            "--expansion tower --players 3 --seed 5 --rule ransom_min=no"; do
	# shellcheck disable=SC2086
	"$CLI" play --game carcassonne $args --record "$TMP/g.city" \
		>"$TMP/play" || fail "play $args"
	head -1 "$TMP/play" | grep -q '^game carcassonne ' ||
		fail "play $args: first line"
	grep -q '^game carcassonne$' "$TMP/g.city" ||
		fail "play $args: the record has no 'game carcassonne' line"
	trace_lines "$TMP/play" >"$TMP/want"
	"$CLI" replay "$TMP/g.city" --trace >"$TMP/got" ||
		fail "replay $args"
	diff -u "$TMP/want" "$TMP/got" >/dev/null ||
		fail "replay $args differs from play"
	"$CLI" replay "$TMP/g.city" --game carcassonne >"$TMP/got2" ||
		fail "replay --game carcassonne $args"
	cmp -s "$TMP/got" "$TMP/got2" || fail "replay --game changes the trace"
	grep -qE '^detail p0 roads=[0-9]+ cities=[0-9]+ monasteries=[0-9]+ farms=[0-9]+ ransom=-?[0-9]+$' \
		"$TMP/got" || fail "no Carcassonne detail line ($args)"
	grep -qE '^[0-9]+ p[0-9] tile legal=[0-9]+ place ' "$TMP/got" ||
		fail "no tile decision in the trace"
	"$CLI" show "$TMP/g.city" --game carcassonne >"$TMP/show" ||
		fail "show $args"
	grep -q 'C      city' "$TMP/show" || fail "show: no Carcassonne legend"
done

# a record of The City read as Carcassonne, and the reverse: line 1
"$CLI" play --players 2 --seed 1 --record "$TMP/city.city" >/dev/null
st=0
"$CLI" replay "$TMP/city.city" --game carcassonne >"$TMP/out" || st=$?
[[ $st == 2 ]] || fail "replay --game carcassonne of a City record: $st"
grep -q '^error line 1: ' "$TMP/out" || fail "no error line 1"
st=0
"$CLI" replay "$TMP/g.city" --game the-city >"$TMP/out" || st=$?
[[ $st == 2 ]] || fail "replay --game the-city of a Carcassonne record"
# a Carcassonne record without players: error of line 1 (carcassonne.md,
# "Records"); a City record keeps its moves line (record.md)
printf 'citygame 1\ngame carcassonne\nseed 3\nmoves\nend\n' >"$TMP/np.city"
st=0
"$CLI" replay "$TMP/np.city" --trace >"$TMP/out" || st=$?
[[ $st == 2 ]] || fail "replay of a Carcassonne record without players: $st"
[[ $(cat "$TMP/out") == "error line 1: missing players line" ]] ||
	fail "Carcassonne record without players: $(cat "$TMP/out")"
printf 'citygame 1\nseed 3\nmoves\nend\n' >"$TMP/np.city"
st=0
"$CLI" replay "$TMP/np.city" --trace >"$TMP/out" || st=$?
[[ $st == 2 ]] || fail "replay of a City record without players: $st"
[[ $(cat "$TMP/out") == "error line 3: missing players line before moves" ]] ||
	fail "City record without players: $(cat "$TMP/out")"
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
st=0
"$CLI" replay "$TMP/e.city" --trace >"$TMP/out" || st=$?
[[ $st == 2 ]] || fail "floor without the expansion: $st"
printf '%s\nerror move 2: T-ACT-1: the expansion tower is not in play\n' \
	"$first" | diff -u - "$TMP/out" >&2 ||
	fail "floor without the expansion: trace"
carc_record >"$TMP/e.city"
st=0
"$CLI" replay "$TMP/e.city" --trace >"$TMP/out" || st=$?
[[ $st == 2 ]] || fail "missing end: $st"
[[ $(cat "$TMP/out") == "error line 7: missing end" ]] ||
	fail "missing end: $(cat "$TMP/out")"
carc_record scored end >"$TMP/e.city"
st=0
"$CLI" replay "$TMP/e.city" --trace >"$TMP/out" || st=$?
[[ $st == 2 ]] || fail "scored before the end: $st"
[[ $(head -1 "$TMP/out") == "$first" ]] ||
	fail "scored before the end: no trace of the move applied"
[[ $(wc -l <"$TMP/out") == 2 ]] || fail "scored before the end: $(cat "$TMP/out")"
grep -qE '^error line 7: C-END-1: scored before the game has ended$' \
	"$TMP/out" || fail "scored before the end: $(cat "$TMP/out")"
st=0
"$CLI" play --game chess >/dev/null 2>&1 || st=$?
[[ $st == 1 ]] || fail "play --game chess: $st"
echo "cli_carc.sh: ok"
