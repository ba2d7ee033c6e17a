#!/usr/bin/env bash
# tests/cli_play.sh CITY_CLI: `city-cli play` with a human seat played
# through standard input (docs/cli.md "Playing in the terminal").
#
# For each game (The City, the base game of Carcassonne, The Tower) a whole
# game of seat 0 against AIs: moves by text (`place X Y R`, `pass`) and by
# number, help, tiles, scores, board --legend, hint, save, undo, quit
# declined, then option 1 to the end. Checked:
#   - the prompt answers each command (its first line);
#   - the record of --record and the one `save` wrote replay with `city-cli
#     replay` to the final scores play printed;
#   - `play --resume` of the mid-game save, fed the same input after the
#     save, ends exactly as the uninterrupted game (same final lines, same
#     record bytes);
#   - `quit` confirmed stops the game: `unfinished`, the record saved;
#   - `show --board` draws a record as the prompt's board.
set -euo pipefail

CLI=${1:?usage: cli_play.sh PATH-TO-city-cli}
# shellcheck source=tests/cli_common.sh
. "$(dirname "${BASH_SOURCE[0]}")/cli_common.sh"

# has FILE REGEX: FILE has a line matching REGEX.
has() {
	grep -qE -- "$2" "$1" || fail "$1: no line matching '$2'"
}

# one_game NAME HINT-AI PLAY-ARGS...: the whole scenario for one game.
one_game() {
	local name=$1 hint=$2 first
	shift 2
	local args=(--seat "0=human" --hint-ai "$hint" "$@")
	# the first legal placement, in record syntax (`moves` lists them)
	printf 'moves\n' | "$CLI" play "${args[@]}" >"$TMP/$name.probe" 2>/dev/null ||
		fail "$name: probe exited $?"
	first=$(grep -A1 '^legal moves (' "$TMP/$name.probe" | sed -n 2p |
		sed 's/^ *//; s/ |.*//')
	[[ $first == place\ * ]] || fail "$name: no first placement in '$first'"
	# The input: help and tiles, the first tile and `pass` by text, then at
	# the next decision the save; after it (the part --resume is fed too):
	# hint, one option by number, undo, the same again, scores, the board
	# with its legend, quit declined, then option 1 to the end.
	{
		printf 'help\ntiles\n%s\npass\n' "$first"
		printf 'save %s\n' "$TMP/$name.mid.city"
	} >"$TMP/$name.head"
	{
		printf 'hint 2\n1\nundo\n1\nscores\nboard --legend\nquit\nn\n'
		printf 'nonsense\n9999\n'
		printf '1\n%.0s' {1..2000}
	} >"$TMP/$name.tail"
	cat "$TMP/$name.head" "$TMP/$name.tail" >"$TMP/$name.in"
	"$CLI" play "${args[@]}" --record "$TMP/$name.city" <"$TMP/$name.in" \
		>"$TMP/$name.out" 2>"$TMP/$name.err" ||
		fail "$name: play exited $?: $(cat "$TMP/$name.err")"
	local o=$TMP/$name.out
	has "$o" '^commands \(a number chooses that option\):$'
	has "$o" '^tiles left to draw: [0-9]+, of [0-9]+ designs'
	has "$o" "^1 p0 tile legal=[0-9]+ $first \|"
	has "$o" '^2 p0 follower legal=[0-9]+ pass \|'
	has "$o" "^saved to $TMP/$name.mid.city after [0-9]+ moves; "
	local saved
	saved=$(sed -n "s|^saved to $TMP/$name.mid.city after \([0-9]*\) moves; .*|\1|p" "$o")
	has "$o" "^hint \\($hint\\) thinking\\.\\.\\.$"
	has "$o" '^  1\. option [0-9]+\) '
	has "$o" '^undo: [0-9]+ moves? taken back; you decide move [0-9]+ again$'
	has "$o" '^  p0 +[0-9]+  \('
	has "$o" '^legend: each tile is a 7x3 block'
	has "$o" '^quit the game\? It is saved to '
	has "$o" '^cannot read "nonsense" as a move or a command'
	has "$o" '^there is no option 9999: choose 1 to [0-9]+$'
	has "$o" '^your tile: design [0-9]+'
	has "$o" '^  rotation [0-3]: +1\) '
	has "$o" '^ended '
	# the legend is printed once unless asked for
	[[ $(grep -c '^legend: ' "$o") == 2 ]] ||
		fail "$name: the legend printed $(grep -c '^legend: ' "$o") times, not 2"
	# the records replay to the final scores play printed
	final_lines "$o" >"$TMP/$name.final"
	[[ -s $TMP/$name.final ]] || fail "$name: no final lines"
	"$CLI" replay "$TMP/$name.city" >"$TMP/$name.replay" ||
		fail "$name: replay of the record exited $?"
	final_lines "$TMP/$name.replay" | diff -u "$TMP/$name.final" - >&2 ||
		fail "$name: the record replays to other scores"
	"$CLI" replay "$TMP/$name.mid.city" >"$TMP/$name.midreplay" ||
		fail "$name: replay of the save exited $?"
	has "$TMP/$name.midreplay" '^unfinished( -?[0-9]+)+$'
	[[ $(grep -cE '^[0-9]+ p' "$TMP/$name.midreplay") == "$saved" ]] ||
		fail "$name: the save does not hold $saved moves"
	head -n 1 "$TMP/$name.mid.city" | grep -qx -- "# city-cli play --seed [0-9]* --ai [a-z:0-9]* --seat 0=human.* --hint-ai $hint" ||
		fail "$name: the save's first line: $(head -n 1 "$TMP/$name.mid.city")"
	# --resume of the mid-game save, the same input after it: the same end
	"$CLI" play --resume "$TMP/$name.mid.city" --record "$TMP/$name.resumed.city" \
		<"$TMP/$name.tail" >"$TMP/$name.resumed" 2>"$TMP/$name.rerr" ||
		fail "$name: resume exited $?: $(cat "$TMP/$name.rerr")"
	has "$TMP/$name.resumed" " resume=$TMP/$name.mid.city moves=$saved\$"
	final_lines "$TMP/$name.resumed" | diff -u "$TMP/$name.final" - >&2 ||
		fail "$name: the resumed game ends otherwise"
	cmp -s "$TMP/$name.city" "$TMP/$name.resumed.city" ||
		fail "$name: the resumed game's record differs"
	# quit confirmed: unfinished, saved to --record
	printf '1\nquit\ny\n' | "$CLI" play "${args[@]}" --record "$TMP/$name.quit.city" \
		>"$TMP/$name.quit" 2>"$TMP/$name.qerr" || fail "$name: quit exited $?"
	has "$TMP/$name.quit" '^unfinished( -?[0-9]+)+$'
	grep -q '^city-cli: quit: the game stops after [0-9]* moves$' "$TMP/$name.qerr" ||
		fail "$name: quit: '$(cat "$TMP/$name.qerr")'"
	"$CLI" replay "$TMP/$name.quit.city" | grep -qE '^unfinished' ||
		fail "$name: the record of a quit game does not replay"
	echo "cli_play.sh: $name: $(head -n 1 "$TMP/$name.final")"
}

one_game the-city greedy --ai greedy --seed 7
one_game carcassonne easy --game carcassonne --ai random --seed 3 --players 3
one_game tower greedy --game carcassonne --expansion tower --ai greedy \
	--seat 2=random --seed 5 --players 3

# The Tower's choices are named by cell and owner (floors, tops, captures).
has "$TMP/tower.out" '^ +[0-9]+\) floor -?[0-9]+ -?[0-9]+ +a floor on the tower at \(-?[0-9]+,-?[0-9]+\): height [0-9]+ to [0-9]+'
has "$TMP/tower.out" '^ +[0-9]+\) capture -?[0-9]+ -?[0-9]+ [a-z0-9] +p[0-9]'"'"'s [a-z]+ (on top of the tower )?at \(-?[0-9]+,-?[0-9]+\)'
# the base game's follower choices name the part and the role
has "$TMP/carcassonne.out" '^ +[0-9]+\) follower [a-h] +city \(knight\), [0-9]+ tiles?, (open|complete)'
has "$TMP/carcassonne.out" '^ +[0-9]+\) follower [1-9] +road \(thief\), [0-9]+ tiles?'
has "$TMP/the-city.out" '^ +[0-9]+\) follower [a-h] +residential area \(steward\)'

# Scripts see no change: without a human seat the output has no prompt.
"$CLI" play --seed 7 --ai greedy >"$TMP/ai.out"
! grep -qE '^(== |your tile|legend: each tile is a 7x3)' "$TMP/ai.out" ||
	fail "a game without a human seat prints the prompt's pictures"

# show --board: the play board of a record, its legend after; the classic
# picture stays the default.
"$CLI" show "$TMP/tower.city" --board >"$TMP/board" || fail "show --board exited $?"
has "$TMP/board" '^board of carcassonne \+ the tower: x -?[0-9]+\.\.-?[0-9]+, y '
has "$TMP/board" '^legend: each tile is a 7x3 block, north up$'
has "$TMP/board" '^towers: '
"$CLI" show "$TMP/tower.city" >"$TMP/classic" || fail "show exited $?"
has "$TMP/classic" '^city: x '
"$CLI" show "$TMP/tower.city" --board --svg "$TMP/x.svg" >/dev/null 2>"$TMP/err" &&
	fail "show --board --svg accepted"
grep -q '^city-cli: show: --board is the text picture' "$TMP/err" ||
	fail "show --board --svg: '$(head -n 1 "$TMP/err")'"

# Bad use of --resume.
"$CLI" play --resume "$TMP/the-city.mid.city" --players 3 >/dev/null \
	2>"$TMP/err" && fail "--resume with --players accepted"
grep -q '^city-cli: play --resume: the record gives the game' "$TMP/err" ||
	fail "--resume --players: '$(head -n 1 "$TMP/err")'"
echo "cli_play.sh: ok"
