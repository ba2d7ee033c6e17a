#!/usr/bin/env bash
# The River in city-cli's text (docs/cli.md): `~` for a river side and a
# river centre in `show` and in `show --board`, a legend line for it, and
# nothing of it in a game without the river (whose output is unchanged).
# Usage: cli_river.sh CITY_CLI
set -euo pipefail
cli=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$cli" play --game carcassonne --expansion river --players 3 --seed 8 \
	--ai greedy --record "$work/river.city" >/dev/null
"$cli" play --game carcassonne --players 3 --seed 8 --ai greedy \
	--record "$work/land.city" >/dev/null

# the spring (V-SET-2: the start tile) at 0,0, its river side east: in the
# 5x3 block of cell 0 the middle row is "west . follower centre east" with
# the centre and the east side `~`
show=$("$cli" show "$work/river.city")
row=$(grep -E '^ +0  ' <<<"$show")
grep -q -- '~' <<<"$row" || { echo "no river on row 0: $row" >&2; exit 1; }
# 12 river tiles: every one draws its river sides and centre (one or two
# sides each, a pond centre or a bend): at least 12 * 2 river characters
n=$(tr -cd '~' <<<"$(grep -vE '^  ~ ' <<<"$show")" | wc -c)
((n >= 24)) || { echo "only $n river characters" >&2; exit 1; }
grep -qx '  ~      the river' <<<"$show" || { echo "no river legend line" >&2; exit 1; }

board=$("$cli" show "$work/river.city" --board)
grep -q -- '~~~' <<<"$board" || { echo "no river in the play board" >&2; exit 1; }
grep -q '^  ~        the river' <<<"$board" || { echo "no river in the board's legend" >&2; exit 1; }

# without the river: no `~` anywhere
for v in show board; do
	out=$("$cli" show "$work/land.city" $([[ $v == board ]] && echo --board))
	if grep -q -- '~' <<<"$out"; then
		echo "a ~ in the $v of a game without the river" >&2
		exit 1
	fi
done
echo "cli_river: $n river characters in show; board and legends ok"
