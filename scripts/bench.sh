#!/usr/bin/env bash
# scripts/bench.sh: build libcity in Release (build/bench, no sanitizers)
# and run city-bench with the arguments given (docs/performance.md).
#
#   scripts/bench.sh                  # the table
#   scripts/bench.sh --json > b.json  # one JSON object on stdout
#   scripts/bench.sh --quick          # a smoke run, well under 2 s
#
# The build's output goes to stderr, so stdout holds only city-bench's.
# CITY_BENCH_CMAKE_ARGS adds configure arguments (split on blanks, given
# after the script's own, so they win), e.g. -DCITY_WERROR=OFF; every run
# restates the script's settings, so nothing sticks in the build's cache.
# JOBS sets the build's parallelism (default 2).
#
# The compiler: CC when set, else clang when installed (libcity plays
# about 10 % faster built by clang 14 than by gcc 12: docs/performance.md,
# "Compilers, and what did not help"), else cc. city-bench prints which; a build/bench made by
# another compiler is configured again from scratch.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# shellcheck source=scripts/deps.sh
source "$ROOT/scripts/deps.sh"

BUILD=$ROOT/build/bench
read -r -a extra <<<"${CITY_BENCH_CMAKE_ARGS:-}"

city_deps >&2
compiler=${CC:-}
if [ -z "$compiler" ]; then
	if command -v clang >/dev/null 2>&1; then compiler=clang; else compiler=cc; fi
fi
compiler_path=$(command -v "$compiler") ||
	{ echo "bench.sh: compiler '$compiler' not found" >&2; exit 1; }
if [ -f "$BUILD/CMakeCache.txt" ] &&
	! grep -qx "CMAKE_C_COMPILER:[A-Z]*=$compiler_path" "$BUILD/CMakeCache.txt"; then
	rm -rf "$BUILD/CMakeCache.txt" "$BUILD/CMakeFiles"
fi
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release \
	-DCMAKE_C_COMPILER="$compiler_path" \
	-DCITY_SANITIZE=OFF -DCITY_TSAN=OFF -DCITY_BUILD_TESTS=OFF \
	-DCITY_BUILD_EXAMPLES=OFF -DCITY_BUILD_BENCH=ON -DCITY_WERROR=ON \
	"${extra[@]}" >&2
cmake --build "$BUILD" -j"${JOBS:-2}" --target city-bench >&2

exec "$BUILD/bench/city-bench" "$@"
