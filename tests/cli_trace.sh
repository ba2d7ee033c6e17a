#!/usr/bin/env bash
# tests/cli_trace.sh CITY_CLI: city-cli's trace agrees with its own play.
#
# `city-cli play --record FILE` prints one trace line per move and the
# final lines in the format of record.md; `city-cli replay FILE --trace`
# on the record it saved must print exactly those lines. Also checked: the
# exit statuses (0, 1 usage, 2 record error), the error line of a record
# with a rejected move, a syntax error, `show`, and that a replay is the
# same with and without --trace.
set -euo pipefail

CLI=${1:?usage: cli_trace.sh PATH-TO-city-cli}
# shellcheck source=tests/cli_common.sh
. "$(dirname "${BASH_SOURCE[0]}")/cli_common.sh"

# play and replay --trace agree (play_and_replay); a replay is the same
# with and without --trace.
check_game() { # check_game NAME PLAY-ARGS...
	local name=$1
	play_and_replay "$@"
	grep -q '^final ' "$TMP/$name.trace" || fail "$name: no final line"
	grep -q '^winners p' "$TMP/$name.trace" || fail "$name: no winners"
	"$CLI" replay "$TMP/$name.city" >"$TMP/$name.plain" ||
		fail "replay of $name exited $?"
	cmp -s "$TMP/$name.trace" "$TMP/$name.plain" ||
		fail "replay of $name differs with and without --trace"
}

check_game random3 --seed 3 --players 3 --ai random
check_game greedy2 --seed 1 --players 2 --ai greedy
check_game rules4 --seed 8 --players 4 --ai random --rule wall_trigger=any \
	--rule end_gap=2

# The final scores of the trace are the ones play printed.
[[ $(grep '^final ' "$TMP/random3.trace") == \
	$(grep '^final ' "$TMP/random3.play") ]] || fail "final scores differ"

# A record whose 3rd move is rejected: the two moves before, then the
# error line, exit status 2.
bad_third_move "$TMP/random3.city" "$TMP/bad.city"
expect_status 2 "$CLI" replay "$TMP/bad.city" --trace
[[ $(wc -l <"$TMP/out") -eq 3 ]] || fail "bad.city: expected 3 lines"
head -n 2 "$TMP/random3.trace" | cmp -s - <(head -n 2 "$TMP/out") ||
	fail "bad.city: the first two lines differ from the good trace"
tail -n 1 "$TMP/out" | grep -q '^error move 3: ' ||
	fail "bad.city: last line is not 'error move 3: ...'"

# A syntax error: one error line naming the record line.
printf 'citygame 1\nplayers 2\nmoves\nplace 0 0\nend\n' >"$TMP/syntax.city"
expect_status 2 "$CLI" replay "$TMP/syntax.city" --trace
expect_out 'error line 4: bad move "place 0 0"'

# An unfinished record ends with `unfinished`.
first_moves 5 "$TMP/random3.city" "$TMP/short.city"
expect_status 0 "$CLI" replay "$TMP/short.city" --trace
[[ $(wc -l <"$TMP/out") -eq 6 ]] || fail "short.city: expected 6 lines"
tail -n 1 "$TMP/out" | grep -Eq '^unfinished( [0-9]+){3}$' ||
	fail "short.city: no unfinished line"

# show prints the city and its legend.
expect_status 0 "$CLI" show "$TMP/random3.city"
grep -q '^legend:' "$TMP/out" || fail "show: no legend"

# Usage errors exit with status 1.
expect_status 1 "$CLI"
expect_status 1 "$CLI" frobnicate
expect_status 1 "$CLI" replay
expect_status 1 "$CLI" play --players 5
expect_status 1 "$CLI" play --ai clever
expect_status 1 "$CLI" play --rule nonsense
expect_status 1 "$CLI" show

echo "cli_trace.sh: OK"
