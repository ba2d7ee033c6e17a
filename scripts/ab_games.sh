#!/usr/bin/env bash
# scripts/ab_games.sh: the best-of-N comparison of docs/performance.md,
# "Faster listing and turns (session 5)": bench/carc_play.c built against
# a Release libcity.a of each tree, run N times interleaved; prints each
# binary's best games/s (the run least disturbed by the host), then the
# median of its N runs.
#
#   scripts/ab_games.sh N ARGS -- BIN...   compare carc_play binaries
#
# ARGS are carc_play's: games players farmers tower [game], e.g.
#   scripts/ab_games.sh 7 10000 4 1 0 -- ./carc_play.before ./carc_play
# Build a binary (after scripts/bench.sh --quick built build/bench):
#   cc -O2 -Iinclude -Ibuild/bench/include bench/carc_play.c \
#      build/bench/libcity.a -lm -lpthread -o carc_play
set -euo pipefail
n=$1
shift
args=()
while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do
	args+=("$1")
	shift
done
[ "$#" -gt 1 ] || { echo "usage: $0 N ARGS -- BIN..." >&2; exit 2; }
shift
declare -A best all
for ((i = 0; i < n; i++)); do
	for b in "$@"; do
		r=$("$b" "${args[@]}" | awk '{print $(NF-1)}')
		all[$b]+="$r "
		if [ -z "${best[$b]:-}" ] || [ "$r" -gt "${best[$b]}" ]; then
			best[$b]=$r
		fi
	done
done
for b in "$@"; do
	median=$(tr ' ' '\n' <<<"${all[$b]}" | grep . | sort -n |
		awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}')
	echo "$b ${best[$b]} (median $median)"
done
