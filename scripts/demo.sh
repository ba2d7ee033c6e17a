#!/usr/bin/env bash
# scripts/demo.sh: build libcity (Release, in its own build/demo) and show
# it off: a 4-player game between greedy AIs with city-cli.
#
# It needs only a C compiler and CMake; when one is missing it says which
# Debian packages it installs (build-essential cmake) before installing
# them (scripts/deps.sh). It builds in build/demo, never in the README's
# build/release, whose cache (tests on) it leaves alone.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# shellcheck source=scripts/deps.sh
source "$ROOT/scripts/deps.sh"

BUILD=$ROOT/build/demo

city_deps demo
echo "demo.sh: building libcity and city-cli (Release) in build/demo"
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release \
	-DCITY_SANITIZE=OFF -DCITY_TSAN=OFF -DCITY_BUILD_TESTS=OFF \
	-DCITY_BUILD_EXAMPLES=ON -DCITY_BUILD_BENCH=OFF >/dev/null
cmake --build "$BUILD" -j"${JOBS:-2}" --target city-cli

echo "demo.sh: city-cli play --players 4 --seed 1 --ai greedy"
exec "$BUILD/examples/city-cli" play --players 4 --seed 1 --ai greedy
