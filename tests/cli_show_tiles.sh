#!/usr/bin/env bash
# city-cli show FILE --tiles: the remaining designs (city_game_tiles_remaining)
# of records of the three games. The counts drawn under the tiles sum to the
# total line, which is the sum of the stacks' tiles left; the design ids are
# ascending; a bad option is a usage error. Usage: cli_show_tiles.sh CITY_CLI
set -euo pipefail
cli=$1
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

check() { # check RECORD [--game NAME]
	local rec=$1 out total designs sum ids
	shift
	out=$("$cli" show "$rec" --tiles "$@")
	total=$(sed -n 's/^tiles left to draw: \([0-9]*\), of \([0-9]*\) designs.*/\1 \2/p' <<<"$out")
	[[ -n $total ]] || { echo "no total line for $rec" >&2; exit 1; }
	read -r total designs <<<"$total"
	sum=$(grep -oE '#[0-9]+ x[0-9]+' <<<"$out" | awk '{s += substr($2, 2)} END {print s + 0}')
	ids=$(grep -oE '#[0-9]+ x' <<<"$out" | tr -dc '0-9\n' | grep .)
	[[ $sum == "$total" ]] || { echo "$rec: counts sum to $sum, total says $total" >&2; exit 1; }
	[[ $(wc -l <<<"$ids") == "$designs" ]] || { echo "$rec: $designs designs announced" >&2; exit 1; }
	[[ $ids == "$(sort -n <<<"$ids")" ]] || { echo "$rec: ids not ascending" >&2; exit 1; }
	echo "$rec: $total tiles of $designs designs"
}

check "$root/fuzz/corpus/record/p4-unfinished.city"
# the unfinished record: 54 tiles to come (stacks 9 + 30 + 15)
"$cli" show "$root/fuzz/corpus/record/p4-unfinished.city" --tiles |
	grep -qx 'tiles left to draw: 54, of 46 designs (the tile in hand not counted); stack 1: 9, stack 2: 30, stack 3: 15'
# mid-game records of the base game and The Tower: the first 41 moves of
# a whole game (a record may stop before the end)
mid() { # mid OUT PLAY-ARGS...
	local out=$1
	shift
	"$cli" play --ai random --record "$work/full.city" "$@" >/dev/null
	sed -n '1,/^moves$/p' "$work/full.city" >"$out"
	sed -n '/^moves$/,$p' "$work/full.city" | sed -n '2,42p' >>"$out"
	echo end >>"$out"
}
mid "$work/carc.city" --players 3 --seed 2 --game carcassonne
check "$work/carc.city"
mid "$work/tower.city" --players 2 --seed 3 --game carcassonne \
	--expansion tower
check "$work/tower.city"
if "$cli" show "$root/fuzz/corpus/record/p4-unfinished.city" --tiles --svg x.svg 2>/dev/null; then
	echo "show --tiles --svg was accepted" >&2
	exit 1
fi
echo "cli_show_tiles: ok"
