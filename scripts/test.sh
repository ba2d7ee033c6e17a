#!/usr/bin/env bash
# scripts/test.sh: the full check of libcity, as CI runs it.
#
#   1. dependencies (scripts/deps.sh)
#   2. Debug build with AddressSanitizer + UBSan in build/test, all tests
#   3. the API reference (Doxygen fails on any undocumented declaration)
#   4. packaging: a plain Release build installed into a temporary prefix,
#      consumed through pkg-config and through find_package(city CONFIG);
#      the SONAME and the exported symbols of the installed libcity.so
#
# Each step is a function listed in CITY_TEST_STEPS; later checks (ABI,
# fuzzing) are added as new functions appended to that list.
set -Eeuo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# shellcheck source=scripts/deps.sh
source "$ROOT/scripts/deps.sh"

JOBS=${JOBS:-2}
TEST_BUILD=$ROOT/build/test
PKG_BUILD=$ROOT/build/pkg
PREFIX=

log() { printf '\n== test.sh: %s\n' "$*"; }
fail() {
	echo "test.sh: FAILED: $*" >&2
	exit 1
}

cleanup() {
	if [[ -n $PREFIX && -d $PREFIX ]]; then
		rm -rf "$PREFIX"
	fi
}
trap cleanup EXIT
trap 'echo "test.sh: FAILED (line $LINENO: $BASH_COMMAND)" >&2' ERR

step_deps() {
	log "dependencies"
	city_deps
}

step_sanitized_build() {
	log "Debug build with ASan+UBSan in build/test"
	cmake -S "$ROOT" -B "$TEST_BUILD" -DCMAKE_BUILD_TYPE=Debug \
		-DCITY_SANITIZE=ON -DCITY_BUILD_TESTS=ON -DCITY_BUILD_EXAMPLES=ON
	cmake --build "$TEST_BUILD" -j"$JOBS"
}

step_ctest() {
	log "unit tests"
	ASAN_OPTIONS=detect_leaks=1 \
		UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		ctest --test-dir "$TEST_BUILD" --output-on-failure
}

step_docs() {
	log "API reference (Doxygen)"
	cmake --build "$TEST_BUILD" --target docs
}

# The installed libcity.so: its path under $PREFIX.
installed_so() {
	local so
	so=$(find "$PREFIX" -name 'libcity.so.*.*.*' -type f | head -n 1)
	[[ -n $so ]] || fail "no libcity.so.X.Y.Z installed under $PREFIX"
	echo "$so"
}

step_package() {
	log "Release build in build/pkg, installed into a temporary prefix"
	PREFIX=$(mktemp -d "${TMPDIR:-/tmp}/libcity-prefix.XXXXXX")
	cmake -S "$ROOT" -B "$PKG_BUILD" -DCMAKE_BUILD_TYPE=Release \
		-DCITY_SANITIZE=OFF -DCITY_TSAN=OFF -DCITY_BUILD_TESTS=OFF \
		-DCITY_BUILD_EXAMPLES=ON -DCMAKE_INSTALL_PREFIX="$PREFIX"
	cmake --build "$PKG_BUILD" -j"$JOBS"
	cmake --install "$PKG_BUILD"

	local so libdir pcdir
	so=$(installed_so)
	libdir=$(dirname "$so")
	pcdir=$(dirname "$(find "$PREFIX" -name libcity.pc | head -n 1)")
	[[ -f $pcdir/libcity.pc ]] || fail "libcity.pc not installed"
	[[ -f $libdir/libcity.a ]] || fail "libcity.a not installed"
	[[ -f $PREFIX/include/city/city.h ]] || fail "city/city.h not installed"
	[[ -f $PREFIX/include/city/version.h ]] || fail "city/version.h not installed"
	[[ -f $PREFIX/include/city/export.h ]] || fail "city/export.h not installed"

	log "consumer through pkg-config"
	local work=$PREFIX/_consumers
	mkdir -p "$work"
	PKG_CONFIG_PATH=$pcdir pkg-config --exists --print-errors libcity
	local pc_flags
	pc_flags=$(PKG_CONFIG_PATH=$pcdir pkg-config --cflags --libs libcity)
	# shellcheck disable=SC2086 # pc_flags is a list of flags
	cc -std=c11 -Wall -Wextra -Werror \
		"$ROOT/examples/consumer-pkgconfig/main.c" \
		-o "$work/consumer-pkgconfig" $pc_flags
	LD_LIBRARY_PATH=$libdir "$work/consumer-pkgconfig"

	log "consumer through find_package(city CONFIG)"
	cmake -S "$ROOT/examples/consumer-cmake" -B "$work/consumer-cmake" \
		-DCMAKE_PREFIX_PATH="$PREFIX"
	cmake --build "$work/consumer-cmake"
	"$work/consumer-cmake/consumer"

	log "SONAME and exported symbols of $(basename "$so")"
	local soname symbols strays
	soname=$(readelf -d "$so" | awk '/\(SONAME\)/ {print $NF}')
	[[ $soname == '[libcity.so.1]' ]] ||
		fail "SONAME of $so is '$soname', not libcity.so.1"
	symbols=$(nm -D --defined-only "$so" | awk '{print $NF}' | sed 's/@.*//')
	[[ -n $symbols ]] || fail "libcity.so exports nothing"
	strays=$(echo "$symbols" | grep -v -e '^city_' -e '^CITY_1$' || true)
	if [[ -n $strays ]]; then
		echo "$strays" >&2
		fail "libcity.so exports symbols outside city_*"
	fi
	echo "$(echo "$symbols" | grep -c '^city_') city_* symbols exported"
}

CITY_TEST_STEPS=(
	step_deps
	step_sanitized_build
	step_ctest
	step_docs
	step_package
)

for step in "${CITY_TEST_STEPS[@]}"; do
	"$step"
done

echo "test.sh: all checks passed"
