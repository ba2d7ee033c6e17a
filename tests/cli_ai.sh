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
# - the base game of Carcassonne (farmers) and The Tower: AI seats play
#   whole games that replay to the same trace, `hint` and `arena` take the
#   game choice (--game, --expansion, --rule) and print its categories;
# - usage errors exit with status 1.
set -euo pipefail

CLI=${1:?usage: cli_ai.sh PATH-TO-city-cli}
# shellcheck source=tests/cli_common.sh
. "$(dirname "${BASH_SOURCE[0]}")/cli_common.sh"

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
play_and_replay seats --players 3 --seed 4 --seat 0=mcts:60 --seat 1=greedy
head -n 1 "$TMP/seats.play" | grep -qx \
	'game players=3 seed=4 ai=random seat0=mcts:60 seat1=greedy' ||
	fail "seats: header line: $(head -n 1 "$TMP/seats.play")"
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
first_moves 9 "$TMP/seats.city" "$TMP/short.city"
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

# 6. The base game of Carcassonne (C-OPT-1 farmers) and The Tower.
play_and_replay carc --game carcassonne --rule farmers=yes --seed 4 \
	--seat 0=mcts:40 --seat 1=greedy
head -n 1 "$TMP/carc.play" | grep -qx \
	'game carcassonne players=2 seed=4 ai=random seat0=mcts:40 seat1=greedy' ||
	fail "carcassonne: header line: $(head -n 1 "$TMP/carc.play")"
grep -q '^winners' "$TMP/carc.play" || fail "carcassonne: no end"
play_and_replay tower --game carcassonne --expansion tower --players 3 \
	--seed 6 --seat 0=mcts:40 --seat 1=greedy --seat 2=random
grep -q '^winners' "$TMP/tower.play" || fail "tower: no end"
# hint: a base-game record cut after 9 moves, checked against --game
first_moves 9 "$TMP/carc.city" "$TMP/carc-short.rec"
expect_status 0 "$CLI" hint "$TMP/carc-short.rec" --game carcassonne \
	--ai mcts:300 --top 3
grep -q '^position after 9 moves: p' "$TMP/out" || fail "carc hint: position"
[[ $(grep -cE '^ +[0-9]+  ' "$TMP/out") -ge 1 ]] || fail "carc hint: no move"
grep -q '^line: p' "$TMP/out" || fail "carc hint: no line"
expect_status 2 "$CLI" hint "$TMP/carc-short.rec" --game the-city
grep -q 'is not a the-city game' "$TMP/err" || fail "carc hint: wrong game"
expect_status 2 "$CLI" hint "$TMP/carc-short.rec" --game carcassonne \
	--expansion tower
# hint without a record: the first decision of a new game
expect_status 0 "$CLI" hint --game carcassonne --expansion tower \
	--players 3 --game-seed 4 --ai greedy --top 2
grep -q '^position after 0 moves: p0 tile, tile design ' "$TMP/out" ||
	fail "hint new tower game: position"
[[ $(grep -cE '^ +[0-9]+  ' "$TMP/out") -eq 2 ]] || fail "hint --top 2"
# arena smoke match of the base game with farmers: the seeds paired and
# the base game's categories
expect_status 0 "$CLI" arena --game carcassonne --rule farmers=yes \
	--games 2 --seed 1 mcts:30 greedy
grep -q '^arena: carcassonne, 2 configurations' "$TMP/out" ||
	fail "carc arena: header"
grep -q '^game 1 seed 1 seats mcts:30 greedy ' "$TMP/out" ||
	fail "carc arena: game 1 seating"
grep -q '^game 2 seed 1 seats greedy mcts:30 ' "$TMP/out" ||
	fail "carc arena: game 2 not the same seed with the seats swapped"
grep -qE '^config .* roads +cities +monasteries +farms$' "$TMP/out" ||
	fail "carc arena: categories"
grep -qE '^mcts:30 +2 ' "$TMP/out" || fail "carc arena: no mcts row"
# The Tower, 5 players: the ransom category
expect_status 0 "$CLI" arena --game carcassonne --expansion tower \
	--players 5 --games 5 --seed 2 --quiet greedy random
grep -q '^arena: carcassonne + tower, 2 configurations, 5 players' "$TMP/out" ||
	fail "tower arena: header"
grep -qE '^config .* farms +ransom$' "$TMP/out" || fail "tower arena: ransom"
grep -qE '^greedy +5 ' "$TMP/out" || fail "tower arena: no greedy row"

# 7. Usage errors.
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
expect_status 1 "$CLI" hint "$TMP/short.city" --rule farmers=yes
expect_status 1 "$CLI" hint --game chess
expect_status 1 "$CLI" arena --expansion tower greedy random
grep -q 'after --game carcassonne' "$TMP/err" || fail "arena: --expansion"
expect_status 1 "$CLI" arena --players 5 greedy random
grep -q -- '--players must be 2..4 (2..5 in carcassonne), not 5' "$TMP/err" ||
	fail "arena: 5 players in the-city"
expect_status 1 "$CLI" arena --game carcassonne --rule farmers=maybe greedy random

echo "cli_ai.sh: OK"
