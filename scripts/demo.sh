#!/usr/bin/env bash
# scripts/demo.sh: build libcity (Release, build/release) and show it off:
# a 4-player game between greedy AIs with city-cli, or, while city-cli does
# not exist yet, the version and the built-in tile set.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# shellcheck source=scripts/deps.sh
source "$ROOT/scripts/deps.sh"

BUILD=$ROOT/build/release

city_deps
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release \
	-DCITY_SANITIZE=OFF -DCITY_TSAN=OFF -DCITY_BUILD_TESTS=OFF \
	-DCITY_BUILD_EXAMPLES=ON
cmake --build "$BUILD" -j"${JOBS:-2}"

if [[ -x $BUILD/examples/city-cli ]]; then
	exec "$BUILD/examples/city-cli" play --players 4 --seed 1 --ai greedy
fi
exec "$BUILD/examples/version_demo"
