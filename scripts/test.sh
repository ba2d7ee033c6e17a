#!/usr/bin/env bash
# scripts/test.sh: the full check of libcity, as CI runs it.
#
#   1. dependencies (scripts/deps.sh)
#   2. Debug build with AddressSanitizer + UBSan in build/test, all tests
#   3. the API reference (Doxygen fails on any undocumented declaration)
#   4. packaging: a plain Release build installed into a temporary prefix,
#      consumed through pkg-config and through find_package(city CONFIG);
#      the SONAME and the exported symbols of the installed libcity.so
#   5. the Python binding's tests and example on the installed library
#   6. the ABI of the installed library: abi/libcity.symbols, abidiff
#      against abi/libcity.abi (scripts/abi-update.sh)
#   7. valgrind memcheck of whole games on the packaging build
#   8. a short libFuzzer session of each harness (scripts/fuzz.sh)
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
	python3 "$ROOT/scripts/check_lib.py" || fail "lib/ structure (scripts/check_lib.py)"
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
	# -g: the installed library keeps its DWARF so that step_abi can
	# compare its types with abi/libcity.abi (optimization is Release's).
	cmake -S "$ROOT" -B "$PKG_BUILD" -DCMAKE_BUILD_TYPE=Release \
		-DCMAKE_C_FLAGS=-g \
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

# The Python binding on the installed (plain Release) library: its tests,
# whose traces are compared with the packaging build's city-cli, and the
# example bots. (CTest runs the same tests on the sanitized build, with the
# ASan runtime preloaded.)
step_python() {
	log "Python binding (bindings/python) on the installed library"
	local py so
	py=$(command -v /usr/bin/python3 || command -v python3 || true)
	[[ -n $py ]] || fail "python3 not found (Debian: apt-get install python3)"
	so=$(installed_so)
	(cd "$ROOT/bindings/python" &&
		LIBCITY_LIBRARY=$so CITY_CLI=$PKG_BUILD/examples/city-cli \
			PYTHONDONTWRITEBYTECODE=1 \
			"$py" -m unittest discover -s tests -v) ||
		fail "Python binding tests"
	LIBCITY_LIBRARY=$so PYTHONDONTWRITEBYTECODE=1 \
		"$py" "$ROOT/examples/python/play.py" 7 ||
		fail "examples/python/play.py"
}

# The ABI guard (docs/abi.md) on the installed library: its exported
# symbols are exactly abi/libcity.symbols, and abidiff against the
# committed baseline abi/libcity.abi finds no change but additions.
step_abi() {
	log "ABI of the installed library against abi/"
	local so
	so=$(installed_so)
	bash "$ROOT/tests/check_symbols.sh" "$so" "$ROOT/abi/libcity.symbols" ||
		fail "exported symbols"
	if [[ $(uname -m) != x86_64 ]]; then
		echo "abi/libcity.abi is an x86_64 baseline; abidiff skipped on" \
			"$(uname -m)"
		return 0
	fi
	# shellcheck source=scripts/abi-update.sh
	source "$ROOT/scripts/abi-update.sh"
	city_abi_check "$so" || fail "ABI check against abi/libcity.abi"
}

# Valgrind memcheck on the plain (non-sanitized) packaging build: whole
# games played and replayed by city-cli, no memory error and no leak
# (docs/robustness.md). Skipped with a message when valgrind is missing.
step_valgrind() {
	log "valgrind memcheck of city-cli (build/pkg)"
	local vg cli=$PKG_BUILD/examples/city-cli
	vg=$(command -v valgrind || true)
	if [[ -z $vg ]]; then
		echo "valgrind not installed: memcheck skipped" \
			"(Debian: apt-get install valgrind)"
		return 0
	fi
	[[ -x $cli ]] || fail "$cli not built"
	local memcheck=("$vg" --tool=memcheck --error-exitcode=1
		--leak-check=full --errors-for-leak-kinds=definite,indirect -q)
	local spec players seed ai rec
	for spec in "2 3 random" "3 5 greedy" "4 11 random" "4 9 greedy"; do
		read -r players seed ai <<<"$spec"
		echo "city-cli play --players $players --seed $seed --ai $ai"
		"${memcheck[@]}" "$cli" play --players "$players" --seed "$seed" \
			--ai "$ai" >/dev/null ||
			fail "valgrind: city-cli play --players $players --seed $seed"
	done
	for rec in p3-seed5-random p4-seed9-greedy-47walls inline-markets-p3 \
		p4-order-stacks p4-unfinished; do
		echo "city-cli replay fuzz/corpus/record/$rec.city --trace"
		"${memcheck[@]}" "$cli" replay \
			"$ROOT/fuzz/corpus/record/$rec.city" --trace >/dev/null ||
			fail "valgrind: city-cli replay $rec.city --trace"
	done
}

# A short libFuzzer session of each harness (scripts/fuzz.sh, about 10 s
# each; FUZZ_SECONDS overrides) when clang and its libFuzzer runtime are
# there. The committed corpora also run in every ctest (fuzz_corpus_*).
step_fuzz() {
	log "fuzzing (scripts/fuzz.sh)"
	local probe
	if ! command -v clang >/dev/null; then
		echo "clang not installed: fuzzing skipped (Debian: apt-get" \
			"install clang libclang-rt-dev)"
		return 0
	fi
	probe=$(mktemp -d "${TMPDIR:-/tmp}/libcity-fuzzprobe.XXXXXX")
	if ! printf '%s\n' '#include <stddef.h>' \
		'int LLVMFuzzerTestOneInput(const unsigned char *d, size_t n)' \
		'{ (void)d; (void)n; return 0; }' |
		clang -x c -fsanitize=fuzzer - -o "$probe/probe" 2>/dev/null; then
		rm -rf "$probe"
		echo "the libFuzzer runtime is missing: fuzzing skipped" \
			"(Debian: apt-get install libclang-rt-dev)"
		return 0
	fi
	rm -rf "$probe"
	FUZZ_JOBS=$JOBS FUZZ_FRESH=1 \
		bash "$ROOT/scripts/fuzz.sh" "${FUZZ_SECONDS:-10}" ||
		fail "fuzzing found a problem (inputs in build/fuzz/findings/)"
}

# --- web (issue 15): the WASM build (scripts/wasm.sh) and the browser test
# (tests/browser/play.mjs: a whole game in Debian's chromium, its record
# replayed by city-cli), when emcc, node, chromium and playwright-core are
# there (city_web_deps in scripts/deps.sh installs them).
step_web() {
	log "WASM build and browser test"
	city_web_deps
	local t
	for t in emcc node chromium; do
		if ! command -v "$t" >/dev/null; then
			echo "$t not installed: browser test skipped"
			return 0
		fi
	done
	[[ -d $ROOT/tests/browser/node_modules/playwright-core ]] || {
		echo "playwright-core not installed: browser test skipped"
		return 0
	}
	"$ROOT/scripts/wasm.sh" || fail "WASM build (scripts/wasm.sh)"
	CITY_CLI=$TEST_BUILD/examples/city-cli OUT=$ROOT/build/browser \
		node "$ROOT/tests/browser/play.mjs" || fail "browser test"
}

CITY_TEST_STEPS=(
	step_deps
	step_sanitized_build
	step_ctest
	step_web
	step_docs
	step_package
	step_python
	step_abi
	step_valgrind
	step_fuzz
)

for step in "${CITY_TEST_STEPS[@]}"; do
	"$step"
done

echo "test.sh: all checks passed"
