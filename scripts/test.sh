#!/usr/bin/env bash
# scripts/test.sh: the full check of libcity, as CI runs it.
#
#   1. dependencies (scripts/deps.sh)
#   2. Debug build with AddressSanitizer + UBSan in build/test, all tests
#      (ctest -j$JOBS; the long property run too with CITY_TEST_SLOW=1)
#   3. a plain Release build in build/pkg and its API reference (Doxygen
#      fails on any undocumented declaration or undescribed group)
#   4. packaging: build/pkg, configured for one prefix, installed with
#      `cmake --install --prefix` into another (a relocated install),
#      consumed through pkg-config and through find_package(city 1); the
#      versions (file libcity.so.1.x.y, SONAME, version.h, the CMake
#      package) and the exported symbols of the installed libcity.so
#   5. shared-only and static-only builds (BUILD_SHARED_LIBS), each
#      installed and consumed
#   6. the Python binding installed with pip into a venv, its tests run
#      from outside the source tree; the example on the installed library
#   7. the installed manual pages (man -l); scripts/demo.sh (build/demo)
#   8. the ABI of the installed library: abi/libcity.symbols, abidiff
#      against abi/libcity.abi (scripts/abi-update.sh)
#   9. valgrind memcheck of whole games on the packaging build
#  10. a short libFuzzer session of each harness (scripts/fuzz.sh)
#  11. the portable build (CITY_PORTABLE=ON: no SSE2, byte-order or
#      builtin fast paths) and its quick tests
#  12. the SSE2 build (CITY_NO_AVX2: no AVX2 paths; CITY_FROW_BIAS=4: a
#      narrow frontier row index) and its quick tests
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
# build/pkg is configured for this prefix but installed elsewhere ($PREFIX):
# the installed files must not depend on the configured prefix.
CONFIGURED_PREFIX=/nonexistent/libcity-configured-prefix

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

# Two tests at a time (no two tests write the same file: the CLI scripts
# work in their own mktemp directories, the replay example's record is a
# fixture). The property programs play their default games; their long run
# (label slow, README "Tests") only with CITY_TEST_SLOW=1. CTest's label
# summary prints the time per label.
step_ctest() {
	log "unit tests"
	python3 "$ROOT/scripts/check_lib.py" || fail "lib/ structure (scripts/check_lib.py)"
	local select=(-LE slow)
	[[ ${CITY_TEST_SLOW:-0} == 1 ]] && select=()
	ASAN_OPTIONS=detect_leaks=1 \
		UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		ctest --test-dir "$TEST_BUILD" --output-on-failure -j"$JOBS" \
		"${select[@]}"
}

# The plain Release build that is installed, checked and fuzzed below.
step_package_build() {
	log "Release build in build/pkg"
	# -g: the installed library keeps its DWARF so that step_abi can
	# compare its types with abi/libcity.abi (optimization is Release's).
	cmake -S "$ROOT" -B "$PKG_BUILD" -DCMAKE_BUILD_TYPE=Release \
		-DCMAKE_C_FLAGS=-g \
		-DCITY_SANITIZE=OFF -DCITY_TSAN=OFF -DCITY_BUILD_TESTS=OFF \
		-DCITY_BUILD_EXAMPLES=ON -DCMAKE_INSTALL_PREFIX="$CONFIGURED_PREFIX"
	cmake --build "$PKG_BUILD" -j"$JOBS"
}

# The API reference, built in build/pkg so that step_package installs it.
step_docs() {
	log "API reference (Doxygen)"
	cmake --build "$PKG_BUILD" --target docs
}

# The installed libcity.so: its path under $PREFIX.
installed_so() {
	local so
	# (the _* directories hold the other installs and builds of test.sh)
	so=$(find "$PREFIX" -path "$PREFIX/_*" -prune -o \
		-name 'libcity.so.*.*.*' -type f -print | head -n 1)
	[[ -n $so ]] || fail "no libcity.so.X.Y.Z installed under $PREFIX"
	echo "$so"
}

# The project version from the generated version.h of a build.
build_version() {
	awk '/#define CITY_VERSION_STRING/ { gsub(/"/, "", $3); print $3 }' \
		"$1/include/city/version.h"
}

# check_cmake_package PREFIX KINDS: configure cmake/package-check against
# PREFIX (version, kinds of library, include directories).
check_cmake_package() {
	local prefix=$1 kinds=$2 out
	out=$(mktemp -d "${TMPDIR:-/tmp}/libcity-pkgcheck.XXXXXX")
	cmake -S "$ROOT/cmake/package-check" -B "$out" \
		-DCMAKE_PREFIX_PATH="$prefix" \
		-DCITY_EXPECT_VERSION="$(build_version "$PKG_BUILD")" \
		-DCITY_EXPECT_KINDS="$kinds" >"$out/log" 2>&1 || {
		cat "$out/log" >&2
		rm -rf "$out"
		fail "CMake package under $prefix"
	}
	grep -- '-- city' "$out/log" || true
	rm -rf "$out"
}

# build_consumers PREFIX WORK: build and run both consumer examples
# against the libcity installed under PREFIX, with no LD_LIBRARY_PATH: the
# pkg-config one through its Makefile (its rpath is pkg-config's libdir),
# the CMake one with the RPATH CMake gives it.
build_consumers() {
	local prefix=$1 work=$2 pcdir libdir
	pcdir=$(dirname "$(find "$prefix" -path "$prefix/_*" -prune -o \
		-name libcity.pc -print | head -n 1)")
	[[ -f $pcdir/libcity.pc ]] || fail "libcity.pc not installed in $prefix"
	libdir=$(PKG_CONFIG_PATH=$pcdir pkg-config --variable=libdir libcity)
	[[ $(cd "$libdir" && pwd -P) == $(cd "$pcdir/.." && pwd -P) ]] ||
		fail "libcity.pc: libdir $libdir is not where it is installed"
	echo "consumer through pkg-config (libdir $libdir)"
	mkdir -p "$work/consumer-pkgconfig"
	cp "$ROOT/examples/consumer-pkgconfig/Makefile" \
		"$ROOT/examples/consumer-pkgconfig/main.c" "$work/consumer-pkgconfig/"
	PKG_CONFIG_PATH=$pcdir CFLAGS="-std=c11 -Wall -Wextra -Werror" \
		make -s -C "$work/consumer-pkgconfig" consumer ||
		fail "examples/consumer-pkgconfig/Makefile"
	env -u LD_LIBRARY_PATH "$work/consumer-pkgconfig/consumer" ||
		fail "the pkg-config consumer does not run without LD_LIBRARY_PATH"
	echo "consumer through find_package(city 1 CONFIG)"
	cmake -S "$ROOT/examples/consumer-cmake" -B "$work/consumer-cmake" \
		-DCMAKE_PREFIX_PATH="$prefix" >/dev/null
	cmake --build "$work/consumer-cmake" >/dev/null
	env -u LD_LIBRARY_PATH "$work/consumer-cmake/consumer"
}

step_package() {
	log "build/pkg installed with --prefix into a relocated prefix"
	PREFIX=$(mktemp -d "${TMPDIR:-/tmp}/libcity-prefix.XXXXXX")
	cmake --install "$PKG_BUILD" --prefix "$PREFIX"
	[[ ! -e $CONFIGURED_PREFIX ]] ||
		fail "cmake --install wrote into the configured prefix"

	local so libdir version
	so=$(installed_so)
	libdir=$(dirname "$so")
	[[ -f $libdir/libcity.a ]] || fail "libcity.a not installed"
	[[ -f $PREFIX/include/city/city.h ]] || fail "city/city.h not installed"
	[[ -f $PREFIX/include/city/version.h ]] || fail "city/version.h not installed"
	[[ -f $PREFIX/include/city/export.h ]] || fail "city/export.h not installed"
	[[ -x $PREFIX/bin/city-cli ]] || fail "city-cli not installed"
	[[ -f $PREFIX/share/doc/libcity/LICENSE ]] || fail "LICENSE not installed"
	if [[ -f $PKG_BUILD/docs/html/index.html ]]; then
		local html=$PREFIX/share/doc/libcity/html guide page
		[[ -f $html/index.html ]] ||
			fail "the HTML reference was built but not installed"
		# the main page links every guide of docs/, each a page
		for guide in "$ROOT"/docs/*.md; do
			page=$(basename "$guide" .md)
			page=md_docs_${page//-/_}.html # Doxygen's page name
			[[ $page == md_docs_mainpage.html ]] && continue
			[[ -f $html/$page ]] || fail "guide $guide: no page $page"
			grep -q "href=\"$page\"" "$html/index.html" ||
				fail "the main page does not link $page"
		done
	fi
	if grep -rl "$CONFIGURED_PREFIX" "$libdir/pkgconfig" "$libdir/cmake"; then
		fail "installed files name the configured prefix"
	fi

	log "versions: project, library file, SONAME, version.h, CMake package"
	local soname major
	version=$(build_version "$PKG_BUILD")
	major=${version%%.*}
	echo "project version $version"
	[[ $(basename "$so") == "libcity.so.$version" ]] ||
		fail "library file $(basename "$so") is not libcity.so.$version"
	soname=$(readelf -d "$so" | awk '/\(SONAME\)/ {print $NF}')
	[[ $soname == '[libcity.so.1]' ]] ||
		fail "SONAME of $so is '$soname', not libcity.so.1"
	[[ $major == 1 ]] ||
		fail "project major $major is not the ABI major 1 (docs/abi.md)"
	grep -q "^#define CITY_VERSION_MAJOR $major\$" \
		"$PREFIX/include/city/version.h" ||
		fail "installed version.h: CITY_VERSION_MAJOR is not $major"
	[[ $(PKG_CONFIG_PATH=$libdir/pkgconfig pkg-config --modversion libcity) == "$version" ]] ||
		fail "libcity.pc: version is not $version"
	[[ $("$PREFIX/bin/city-cli" --version) == "city-cli (libcity) $version" ]] ||
		fail "city-cli --version: $("$PREFIX/bin/city-cli" --version)"
	check_cmake_package "$PREFIX" "shared;static"

	log "consumers of the relocated install"
	build_consumers "$PREFIX" "$PREFIX/_consumers"

	log "SONAME and exported symbols of $(basename "$so")"
	local symbols strays
	symbols=$(nm -D --defined-only "$so" | awk '{print $NF}' | sed 's/@.*//')
	[[ -n $symbols ]] || fail "libcity.so exports nothing"
	strays=$(echo "$symbols" | grep -v -e '^city_' -e '^CITY_1$' || true)
	if [[ -n $strays ]]; then
		echo "$strays" >&2
		fail "libcity.so exports symbols outside city_*"
	fi
	echo "$(echo "$symbols" | grep -c '^city_') city_* symbols exported"
}

# BUILD_SHARED_LIBS=ON and OFF: each build installs only its kind of
# library and a CMake package that exports only it; both consumers build
# and run against it. (Lean: Release, library only, into build/kind-*.)
step_package_kinds() {
	local kind shared build prefix
	for kind in shared static; do
		[[ $kind == shared ]] && shared=ON || shared=OFF
		log "$kind-only build (BUILD_SHARED_LIBS=$shared) in build/kind-$kind"
		build=$ROOT/build/kind-$kind
		prefix=$PREFIX/_kind-$kind
		cmake -S "$ROOT" -B "$build" -DCMAKE_BUILD_TYPE=Release \
			-DBUILD_SHARED_LIBS=$shared \
			-DCITY_BUILD_TESTS=OFF -DCITY_BUILD_EXAMPLES=OFF \
			-DCITY_BUILD_BENCH=OFF -DCITY_SANITIZE=OFF -DCITY_TSAN=OFF \
			>/dev/null
		cmake --build "$build" -j"$JOBS" >/dev/null
		cmake --install "$build" --prefix "$prefix" >/dev/null
		if [[ $kind == shared ]]; then
			[[ -z $(find "$prefix" -name 'libcity.a') ]] ||
				fail "shared-only build installed libcity.a"
			[[ -n $(find "$prefix" -name 'libcity.so.1') ]] ||
				fail "shared-only build installed no libcity.so.1"
		else
			[[ -z $(find "$prefix" -name 'libcity.so*') ]] ||
				fail "static-only build installed libcity.so"
			[[ -n $(find "$prefix" -name 'libcity.a') ]] ||
				fail "static-only build installed no libcity.a"
		fi
		check_cmake_package "$prefix" "$kind"
		build_consumers "$prefix" "$prefix/_consumers"
	done
}

# The Python binding as a user installs it: `pip install
# --no-build-isolation` (offline, the venv's own setuptools) into a fresh
# venv, with pkg-config finding the relocated install, so that the package
# records where libcity.so.1 is. Its tests then run from a directory
# outside the source tree, with no PYTHONPATH, LD_LIBRARY_PATH or
# LIBCITY_LIBRARY: they must import the installed package and load the
# installed library. (CTest runs the same tests on the sanitized build.)
step_python() {
	log "Python binding: pip install into a venv, tests outside the tree"
	local py so venv work pcdir where
	py=$(command -v /usr/bin/python3 || command -v python3 || true)
	[[ -n $py ]] || fail "python3 not found (Debian: apt-get install python3)"
	so=$(installed_so)
	pcdir=$(dirname "$so")/pkgconfig
	work=$PREFIX/_python
	venv=$work/venv
	mkdir -p "$work"
	# --system-site-packages: the build needs setuptools and wheel, which a
	# fresh venv lacks (no wheel; no setuptools from Python 3.12), and
	# nothing may be downloaded (Debian: python3-setuptools python3-wheel).
	"$py" -m venv --system-site-packages "$venv" ||
		fail "python3 -m venv (Debian: apt-get install python3-venv)"
	"$venv/bin/python" -c 'import setuptools, wheel' ||
		fail "no setuptools/wheel for an offline pip install" \
			"(Debian: apt-get install python3-setuptools python3-wheel)"
	# A copy of the package source, so that the build leaves nothing in
	# the tree.
	cp -r "$ROOT/bindings/python" "$work/src"
	rm -rf "$work/src/build" "$work/src"/*.egg-info
	env -u PYTHONPATH -u LD_LIBRARY_PATH -u LIBCITY_LIBRARY \
		-u LIBCITY_LIBDIR PKG_CONFIG_PATH="$pcdir" PIP_NO_INDEX=1 \
		PIP_DISABLE_PIP_VERSION_CHECK=1 \
		"$venv/bin/python" -m pip install --no-build-isolation -q \
		"$work/src" || fail "pip install ./bindings/python"
	mkdir -p "$work/run"
	cp -r "$ROOT/bindings/python/tests" "$work/run/tests"
	where=$(cd "$work/run" && env -u PYTHONPATH -u LD_LIBRARY_PATH \
		-u LIBCITY_LIBRARY -u LIBCITY_BUILD_DIR PYTHONDONTWRITEBYTECODE=1 \
		"$venv/bin/python" -c \
		'import libcity, os; print(os.path.realpath(libcity.__file__)); print(os.path.realpath(libcity.library_path)); print(libcity.version())')
	echo "$where"
	[[ $(sed -n 1p <<<"$where") == "$(cd "$venv" && pwd -P)"/* ]] ||
		fail "import libcity did not load the venv's package"
	[[ $(sed -n 2p <<<"$where") == "$(cd "$(dirname "$so")" && pwd -P)"/* ]] ||
		fail "the installed package did not load the installed library"
	[[ $(sed -n 3p <<<"$where") == "$(build_version "$PKG_BUILD")" ]] ||
		fail "libcity.version() is not the project version"
	(cd "$work/run" && env -u PYTHONPATH -u LD_LIBRARY_PATH \
		-u LIBCITY_LIBRARY -u LIBCITY_BUILD_DIR \
		CITY_CLI=$PREFIX/bin/city-cli PYTHONDONTWRITEBYTECODE=1 \
		"$venv/bin/python" -m unittest discover -s tests -v) ||
		fail "Python binding tests on the installed package"
	LIBCITY_LIBRARY=$so PYTHONDONTWRITEBYTECODE=1 \
		"$py" "$ROOT/examples/python/play.py" 7 ||
		fail "examples/python/play.py"
}

# The installed manual pages render without warnings (man -l), and
# city-cli(1) names every subcommand and play option of `city-cli --help`.
step_man() {
	log "manual pages (man -l)"
	local page out words w
	command -v man >/dev/null || fail "man not found (Debian: apt-get install man-db)"
	for page in man1/city-cli.1 man3/libcity.3; do
		page=$(find "$PREFIX/share/man" -path "*/$page" | head -n 1)
		[[ -f $page ]] || fail "manual page $page not installed"
		out=$(MANWIDTH=80 LC_ALL=C man --warnings -l "$page" 2>&1 >/dev/null) ||
			fail "man -l $page failed: $out"
		[[ -z $out ]] || fail "man -l $page: warnings:"$'\n'"$out"
		MANWIDTH=80 LC_ALL=C man -l "$page" 2>/dev/null | grep -q "^NAME" ||
			fail "man -l $page: no NAME section"
		echo "$page: OK"
	done
	# the pages name the version installed
	local version
	version=$(build_version "$PKG_BUILD")
	for page in "$ROOT"/man/*.[1-9]; do
		grep -q "^\.TH .* \"libcity $version\" " "$page" ||
			fail "$page: its .TH line does not name libcity $version"
	done
	page=$(find "$PREFIX/share/man" -name city-cli.1 | head -n 1)
	out=$(MANWIDTH=200 LC_ALL=C man -l "$page" 2>/dev/null)
	words=$("$PREFIX/bin/city-cli" --help | grep -oE -- '(^  city-cli [a-z-]+|--[a-z]+)' |
		sed 's/^  city-cli //' | sort -u)
	for w in $words; do
		grep -qF -- "$w" <<<"$out" ||
			fail "city-cli(1) does not mention $w (city-cli --help does)"
	done
}

# scripts/demo.sh as a new user runs it: it plays its game, builds in
# build/demo only (the README's build/release is neither created nor
# reconfigured) and has nothing to install when the tools are there.
step_demo() {
	log "scripts/demo.sh"
	local cache=$ROOT/build/release/CMakeCache.txt before=absent after=absent out
	[[ -f $cache ]] && before=$(cksum <"$cache")
	out=$(JOBS=$JOBS bash "$ROOT/scripts/demo.sh" 2>&1) || {
		echo "$out" >&2
		fail "scripts/demo.sh"
	}
	[[ -f $cache ]] && after=$(cksum <"$cache")
	[[ $before == "$after" ]] || fail "scripts/demo.sh changed build/release"
	grep -q '^winners p' <<<"$out" || fail "scripts/demo.sh: no game played"
	! grep -q '^deps: ' <<<"$out" || fail "scripts/demo.sh wanted to install: $out"
	grep -E '^(demo.sh|final|winners|ended)' <<<"$out"
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

# A Release build in build/NAME with extra cmake arguments, and the quick
# tests that play every game through its code paths.
twin_build() {
	local name=$1 b=$ROOT/build/$1
	shift
	cmake -S "$ROOT" -B "$b" -DCMAKE_BUILD_TYPE=Release "$@" \
		-DCITY_BUILD_EXAMPLES=ON -DCITY_BUILD_BENCH=ON >/dev/null ||
		fail "$name configure"
	cmake --build "$b" -j"$JOBS" >/dev/null || fail "$name build"
	ctest --test-dir "$b" --output-on-failure -j"$JOBS" \
		-R '^(test_city_golden|test_carc_golden|test_tower_rules|test_city_wall|test_city_place|test_carc_river|cli_trace|cli_carc|cli_tower|bench_quick|bench_tower_quick)$' ||
		fail "$name tests"
}

# The portable twins of lib/compiler.h's fast paths (no SSE2, no byte-order
# words, no builtins): CITY_PORTABLE=ON in build/portable.
step_portable() {
	log "portable build (CITY_PORTABLE=ON) and its quick tests"
	twin_build portable -DCITY_PORTABLE=ON
}

# The twins that a random game on an AVX2 machine hardly ever takes: the
# SSE2 listing (-DCITY_NO_AVX2; listing.c) and the frontier's searches of
# a board wider than the row index's window (-DCITY_FROW_BIAS=4: a 6 x 6
# window, left by nearly every game; board.c), in build/sse2.
step_sse2() {
	log "SSE2 build (CITY_NO_AVX2, CITY_FROW_BIAS=4) and its quick tests"
	twin_build sse2 "-DCMAKE_C_FLAGS=-DCITY_NO_AVX2 -DCITY_FROW_BIAS=4"
}

CITY_TEST_STEPS=(
	step_deps
	step_sanitized_build
	step_ctest
	step_web
	step_package_build
	step_docs
	step_package
	step_package_kinds
	step_python
	step_man
	step_demo
	step_abi
	step_valgrind
	step_fuzz
	step_portable
	step_sse2
)

# `scripts/test.sh STEP...` runs only the steps named (e.g. step_package_build
# step_package step_python while working on packaging; a step may need the
# ones before it).
if (($#)); then
	CITY_TEST_STEPS=("$@")
fi

STEP_TIMES=()
for step in "${CITY_TEST_STEPS[@]}"; do
	started=$SECONDS
	"$step"
	STEP_TIMES+=("$step $((SECONDS - started)) s")
done

log "time per step"
printf '  %s\n' "${STEP_TIMES[@]}"

echo "test.sh: all checks passed"
