#!/usr/bin/env bash
# tests/cli_ai.sh CITY_CLI: the AI side of city-cli (docs/ai.md).
#
# - `play --ai random` prints exactly what city-cli printed before the AIs
#   moved into the library (checksums of the output of the last version
#   with its own generator);
# - per-seat AIs play a game whose record replays to the same trace;
# - a human seat reads moves from stdin, refuses bad input with a reason,
#   and stops cleanly at the end of input;
# - `hint` analyses the position a record reaches;
# - a short arena (a smoke match) prints its table;
# - usage errors exit with status 1.
set -euo pipefail

CLI=${1:?usage: cli_ai.sh PATH-TO-city-cli}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/city-cli-ai.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

fail() {
	echo "cli_ai.sh: FAILED: $*" >&2
	exit 1
}

expect_status() { # expect_status WANT CMD...
	local want=$1 got=0
	shift
	"$@" >"$TMP/out" 2>"$TMP/err" </dev/null || got=$?
	[[ $got == "$want" ]] ||
		fail "'$*' exited $got, expected $want: $(cat "$TMP/err")"
}

# 1. --ai random is byte-identical to the CLI's own generator of before.
sum=$("$CLI" play --seed 3 --players 3 --ai random | sha256sum)
[[ ${sum%% *} == a7baab85b833a495b6090fcc32badc7bc90ee3821bf18e477c908fc90b27ea0e ]] ||
	fail "play --seed 3 --players 3 --ai random changed"
sum=$("$CLI" play --seed 8 --players 4 --ai random --rule wall_trigger=any \
	--rule end_gap=2 | sha256sum)
[[ ${sum%% *} == f6aa8ccda2c640f2e07eff8df0726e373a0739c6ee492d872a0f59137274cfb1 ]] ||
	fail "play --seed 8 --players 4 --ai random (rules) changed"

# 2. Seats: MCTS, greedy and random in one 3-player game; the record
# replays to the trace play printed.
"$CLI" play --players 3 --seed 4 --seat 0=mcts:60 --seat 1=greedy \
	--record "$TMP/seats.city" >"$TMP/seats.play" || fail "play with seats"
head -n 1 "$TMP/seats.play" | grep -qx \
	'game players=3 seed=4 ai=random seat0=mcts:60 seat1=greedy' ||
	fail "seats: header line: $(head -n 1 "$TMP/seats.play")"
grep -E '^([0-9]+ p[0-9] |final |detail |winners)' "$TMP/seats.play" \
	>"$TMP/seats.expected"
"$CLI" replay "$TMP/seats.city" >"$TMP/seats.trace" || fail "replay seats"
diff -u "$TMP/seats.expected" "$TMP/seats.trace" >&2 ||
	fail "replay of the seats game differs from play"
# the same command plays the same game (deterministic AIs)
"$CLI" play --players 3 --seed 4 --seat 0=mcts:60 --seat 1=greedy \
	>"$TMP/seats.again"
cmp -s "$TMP/seats.play" "$TMP/seats.again" || fail "seats: not deterministic"

# 3. A human seat: nonsense, an illegal placement, `moves`, then the end
# of input. Then one legal move and `quit`.
printf 'nonsense\nplace 99 99 0\nmoves\n' |
	"$CLI" play --seat 0=human --seat 1=random >"$TMP/human.out" \
		2>"$TMP/human.err" || fail "human: exit status $?"
grep -q '^legal moves (' "$TMP/human.out" || fail "human: no legal moves"
grep -q '^cannot read "nonsense" as a move' "$TMP/human.out" ||
	fail "human: nonsense not refused"
grep -q '^illegal move: R-TURN-2: ' "$TMP/human.out" ||
	fail "human: illegal move without its rule"
grep -q '^unfinished 0 0$' "$TMP/human.out" || fail "human: no unfinished line"
grep -q 'input ended' "$TMP/human.err" || fail "human: no end-of-input note"
first=$(grep -A1 '^legal moves (' "$TMP/human.out" | sed -n 2p |
	sed 's/^ *//; s/ |.*//')
printf '%s\nquit\n' "$first" |
	"$CLI" play --seat 0=human --seat 1=greedy --record "$TMP/human.city" \
		>"$TMP/human2.out" 2>/dev/null || fail "human: second game"
grep -q "^1 p0 tile legal=[0-9]* $first |" "$TMP/human2.out" ||
	fail "human: the move '$first' was not played"
grep -q '^city: ' "$TMP/human2.out" || fail "human: the city was not shown"

# 4. hint: the position after the first moves of the seats game.
awk '/^moves$/ { print; n = 0; inmoves = 1; next }
	inmoves && !/^end$/ { if (n++ < 9) print; next }
	{ print }' "$TMP/seats.city" >"$TMP/short.city"
expect_status 0 "$CLI" hint "$TMP/short.city" --ai mcts:300 --top 3
grep -q '^position after 9 moves: p' "$TMP/out" || fail "hint: no position"
[[ $(grep -cE '^ +[0-9]+  ' "$TMP/out") -ge 1 ]] || fail "hint: no ranked move"
grep -q '^line: p' "$TMP/out" || fail "hint: no line"
expect_status 0 "$CLI" hint "$TMP/short.city" --ai greedy
# the ended game has nothing to analyse
expect_status 0 "$CLI" hint "$TMP/seats.city"
grep -q 'has ended' "$TMP/out" || fail "hint: ended game"

# 5. Arena smoke match: 4 games, seats rotated within each seed.
expect_status 0 "$CLI" arena --games 4 --seed 5 --quiet greedy random
grep -qE '^greedy +4 ' "$TMP/out" || fail "arena: no greedy row"
grep -qE '^random +4 ' "$TMP/out" || fail "arena: no random row"
grep -q '95% CI (Wilson)' "$TMP/out" || fail "arena: no interval"
expect_status 0 "$CLI" arena --games 2 --seed 1 mcts:30 greedy
[[ $(grep -c '^game ' "$TMP/out") -eq 2 ]] || fail "arena: game lines"
grep -q '^game 1 seed 1 seats mcts:30 greedy ' "$TMP/out" ||
	fail "arena: game 1 seating"
grep -q '^game 2 seed 1 seats greedy mcts:30 ' "$TMP/out" ||
	fail "arena: game 2 not the same seed with the seats swapped"

# 6. Usage errors.
expect_status 1 "$CLI" play --seat 5=greedy
expect_status 1 "$CLI" play --seat 0=clever
expect_status 1 "$CLI" play --players 2 --seat 3=greedy
expect_status 1 "$CLI" play --ai human
expect_status 1 "$CLI" play --ai mcts:0
expect_status 1 "$CLI" play --ai mcts:100,threads=0
expect_status 1 "$CLI" arena greedy
expect_status 1 "$CLI" arena human greedy
expect_status 1 "$CLI" hint
expect_status 1 "$CLI" hint "$TMP/short.city" --ai human

echo "cli_ai.sh: OK"
