#!/usr/bin/env bash
# scripts/ab_callgrind.sh: instructions per game (Callgrind, exact, not
# disturbed by the load) of a base commit and of the work tree, for The
# City, the base game (farmers) and The Tower: Release libcity.a of each,
# bench/carc_play.c linked against it, ((N games) - (0 games)) / N.
# Usage: scripts/ab_callgrind.sh [BASE_COMMIT] [GAMES]   (main 100)
# docs/performance.md, "Architecture, second step".
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BASE=${1:-main} GAMES=${2:-100}
W=${AB_DIR:-/tmp/libcity-abcg}
# shellcheck source=scripts/ab_build.sh
source "$ROOT/scripts/ab_build.sh"
ab_build "$ROOT" "$W" "$BASE" carc_play.c city_static
instr() { # binary games args... -> total instructions
	local b=$1 n=$2
	shift 2
	valgrind --tool=callgrind --callgrind-out-file="$W/cg.out" \
		"$b" "$n" "$@" >/dev/null 2>"$W/cg.err"
	sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$W/cg.err"
}
printf '%-28s %12s %12s %8s\n' "game (4 players, ARGS)" base new new:base
for cfg in "the-city:4 0 0 0" "base-game+farmers:4 1 0 1" \
	"tower+farmers:4 1 1 1"; do
	name=${cfg%%:*} args=${cfg#*:}
	per=()
	for v in base new; do
		# shellcheck disable=SC2086
		t=$(instr "$W/play-$v" "$GAMES" $args)
		# shellcheck disable=SC2086
		z=$(instr "$W/play-$v" 0 $args)
		per+=($(((t - z) / GAMES)))
	done
	per_base=${per[0]} per_new=${per[1]}
	printf '%-28s %12d %12d %8.4f\n' "$name ($args)" "$per_base" \
		"$per_new" "$(echo "$per_new / $per_base" | bc -l)"
done
