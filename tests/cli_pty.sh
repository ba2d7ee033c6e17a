#!/usr/bin/env bash
# tests/cli_pty.sh CITY_CLI: `city-cli play` with a human seat on a
# terminal (a pseudo-terminal made by `script` of util-linux), as a person
# plays it (docs/cli.md "Playing in the terminal"): the screen shows the
# board, the tile in hand in its rotations with the cells where it fits,
# the follower choices named by part and role, in colour unless NO_COLOR
# is set. Exit status 77 (skipped) without `script`.
set -euo pipefail

CLI=${1:?usage: cli_pty.sh PATH-TO-city-cli}
# shellcheck source=tests/cli_common.sh
. "$(dirname "${BASH_SOURCE[0]}")/cli_common.sh"

# script(1) of util-linux (-q -e -c); BSD's takes other options
script --version 2>/dev/null | grep -q util-linux || {
	echo "cli_pty.sh: skipped: no script(1) of util-linux"
	exit 77
}

# on_terminal OUT INPUT ENV...: play on a pseudo-terminal, the keys typed
# ahead; OUT receives the screen without colours and carriage returns,
# OUT.raw the bytes.
on_terminal() {
	local out=$1 input=$2
	shift 2
	printf '%b' "$input" |
		env "$@" timeout 60 script -qec "$CLI play --game carcassonne --seat 0=human --ai greedy --seed 3 ${HINT_AI:+--hint-ai $HINT_AI}" /dev/null \
			>"$out.raw" 2>&1 || fail "script exited $?"
	sed 's/\x1b\[[0-9;]*m//g' "$out.raw" | tr -d '\r' >"$out"
}


# The first tile (design 16, a city corner with a road) placed by number,
# a knight by number, then quit.
on_terminal "$TMP/screen" '1\n1\nquit\ny\n' TERM=xterm
s=$TMP/screen
has_line "$s" "board of carcassonne: x -1..1, y -1..0 (x grows east, y grows south)"
has_line "$s" "your tile: design 16, in each rotation that fits:"
has_line "$s" "  rotation 0 rotation 1 rotation 2 rotation 3"
has_line "$s" "  CCCCCCC    CCCCCCC    ...|.CC    CC.|..."
has_line "$s" "  CCC+---    ---+CCC    ---+CCC    CCC+---"
has_line "$s" "  CC.|...    ...|.CC    CCCCCCC    CCCCCCC"
has_line "$s" "  rotation 2:  3) 0,-1  4) 1,0"
# the follower choices, named, and the tile with its parts
has_line "$s" "the tile you placed at (-1,0), its parts named:"
has_line "$s" "    CaCCCCC"
has_line "$s" "    CCC+-1-"
has_line "$s" "   1) follower a       city (knight), 1 tile, open"
has_line "$s" "   2) follower 1       road (thief), 2 tiles, open"
has_line "$s" "   3) pass             no follower"
# the knight on the board, a letter for the role and the player's digit
grep -qE '^ +0 +-2,0 +CCC\+--- ------- ' "$s" ||
	fail "the second board is not the one expected"
grep -qE 'Ck0CCCC CCCCCCC' "$s" || fail "the knight k0 is not drawn"
# colour on a terminal: the knight in p0's colour
grep -qF $'\033[1;34mk0' "$s.raw" || fail "no colour on a terminal"
grep -qE "unfinished 0 0$" "$s" || fail "no unfinished line"

# NO_COLOR: the same screen without escape sequences
on_terminal "$TMP/plain" '1\n1\nquit\ny\n' TERM=xterm NO_COLOR=1
! grep -qF $'\033[' "$TMP/plain.raw" || fail "colour despite NO_COLOR"
grep -qF 'Ck0CCCC CCCCCCC' "$TMP/plain" || fail "NO_COLOR: no knight"

# `hint` on a terminal: Enter stops the search (city_ai_cancel) and the
# options found so far are shown; a search of 10^8 playouts would not end
# within the timeout otherwise.
HINT_AI=mcts:100000000 on_terminal "$TMP/hint" 'hint\n\nquit\ny\n' TERM=xterm NO_COLOR=1
grep -qF "hint (mcts:100000000) thinking... (Enter stops it)" "$TMP/hint" ||
	fail "hint: no 'Enter stops it'"
has_line "$TMP/hint" "stopped: the options as far as the search got"
grep -qE '^  1\. option [0-9]+\) place ' "$TMP/hint" || fail "no option after the stop"
echo "cli_pty.sh: ok"
