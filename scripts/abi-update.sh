#!/usr/bin/env bash
# scripts/abi-update.sh: the ABI baseline of libcity (docs/abi.md).
#
#   scripts/abi-update.sh           rebuild build/abi and rewrite the
#                                   committed abi/libcity.abi and
#                                   abi/libcity.symbols from it
#   scripts/abi-update.sh --check LIB
#                                   compare LIB (built with -g) with the
#                                   baseline, as scripts/test.sh does
#
# The baseline is `abidw` (Debian: abigail-tools) of a plain build: Debug
# (-g -O0), no sanitizers, in build/abi. It holds the exported functions
# and the types they reach (--exported-interfaces-only), without private
# types where abidw can tell (--drop-private-types). It is reproducible
# and free of noise: the sources are named relative to the tree
# (-ffile-prefix-map), the corpus and compilation directories and the
# source locations are left out (--no-corpus-path, --no-comp-dir-path,
# --no-show-locs), so it changes only when the ABI does. (The check tells
# public types from private ones by the locations in the library checked,
# abi/libcity.suppr.) The file is written for x86_64, the architecture CI
# runs on.
#
# Run the update only for a change that docs/abi.md allows (an added
# function, say) and commit the new files with it; the review of the diff
# of abi/ is the review of the ABI change.
#
# This file is also sourced by scripts/test.sh for city_abi_check.

# city_abi_dump LIB BUILD-DIR OUT: the abidw baseline of LIB.
city_abi_dump() {
	local lib=$1 build=$2 out=$3 root
	root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	abidw --no-corpus-path --no-comp-dir-path --no-show-locs \
		--exported-interfaces-only --drop-private-types \
		--headers-dir "$root/include/city" \
		--headers-dir "$build/include/city" \
		--out-file "$out" "$lib"
}

# city_abi_symbols LIB: the sorted exported function names (abi/libcity.symbols).
city_abi_symbols() {
	nm -D --defined-only "$1" | awk 'NF == 3 {print $3}' | sed 's/@.*//' |
		grep -v -E "^CITY_1(\.[0-9]+)?$" | LC_ALL=C sort -u
}

# city_abi_check LIB: compare LIB with abi/libcity.abi. Prints the full
# abidiff report (added functions included); fails on any change that is
# not an addition: a removed function or variable, a changed symbol
# (abidiff exit bit 8, incompatible), and a changed signature or public
# type, such as a parameter's type or the layout of city_move (bit 4).
# Changes to types outside include/city/ are suppressed
# (abi/libcity.suppr).
city_abi_check() {
	local lib=$1 root baseline status gate
	root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	baseline=$root/abi/libcity.abi
	[[ -f $baseline ]] || {
		echo "abi: no baseline $baseline" >&2
		return 1
	}
	# Without DWARF abidiff could only compare symbol names, silently.
	local sections
	sections=$(readelf -S "$lib") || return 1
	if [[ $sections != *.debug_info* ]]; then
		echo "abi: $lib has no debug information (build it with -g)" >&2
		return 1
	fi
	local supp=(--suppressions "$root/abi/libcity.suppr")
	status=0
	abidiff "${supp[@]}" "$baseline" "$lib" || status=$?
	city_abi_explain_summary
	gate=0
	abidiff --no-added-syms "${supp[@]}" "$baseline" "$lib" >/dev/null ||
		gate=$?
	if ((gate & 3)); then
		echo "abi: abidiff failed (status $gate)" >&2
		return 1
	fi
	if ((gate & 8)); then
		echo "abi: INCOMPATIBLE change against abi/libcity.abi (a function" \
			"or variable removed or its symbol changed): see docs/abi.md" >&2
		return 1
	fi
	if ((gate & 4)); then
		echo "abi: ABI change against abi/libcity.abi (a public function's" \
			"signature or a type it uses changed): see docs/abi.md" >&2
		return 1
	fi
	if ((status & 4)); then
		echo "abi: compatible additions only (listed above); run" \
			"scripts/abi-update.sh to take them into the baseline"
	else
		echo "abi: no change against abi/libcity.abi"
	fi
	return 0
}

# What abidiff's summary line `Functions changes summary: 0 Removed,
# 0 Changed (86 filtered out), 0 Added functions` means (docs/abi.md,
# "Reading the abidiff summary").
city_abi_explain_summary() {
	cat <<'TXT'
abi: reading the summary above: "Removed" and "Changed" must be 0 (a
abi: changed function's signature or a public type it reaches); "Added"
abi: functions are the compatible additions. "(N filtered out)" counts the
abi: functions whose only difference is inside the opaque handles
abi: (city_game, city_options, city_tileset, city_ai): the baseline keeps them
abi: declaration-only (abidw --drop-private-types) while the library's
abi: DWARF defines them in lib/, a change abidiff deems harmless, and any
abi: other change of a type defined outside include/city/ is suppressed by
abi: abi/libcity.suppr. They are not ABI changes; list them with
abi:   abidiff --harmless abi/libcity.abi LIB
TXT
}

city_abi_update() {
	local root build jobs
	root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	build=$root/build/abi
	jobs=${JOBS:-2}
	# -ffile-prefix-map: the translation units are named relative to the
	# tree in the baseline, whatever the checkout's path.
	cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Debug \
		-DCMAKE_C_FLAGS_DEBUG="-g -O0" \
		-DCMAKE_C_FLAGS="-ffile-prefix-map=$root/=" \
		-DCITY_SANITIZE=OFF -DCITY_TSAN=OFF -DCITY_BUILD_TESTS=OFF \
		-DCITY_BUILD_EXAMPLES=OFF -DCITY_BUILD_BENCH=OFF
	cmake --build "$build" -j"$jobs" --target city
	mkdir -p "$root/abi"
	city_abi_dump "$build/libcity.so" "$build" "$root/abi/libcity.abi"
	city_abi_symbols "$build/libcity.so" >"$root/abi/libcity.symbols"
	echo "abi-update.sh: wrote abi/libcity.abi and abi/libcity.symbols" \
		"($(wc -l <"$root/abi/libcity.symbols") symbols); review and commit"
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	set -euo pipefail
	case ${1:-} in
	--check)
		shift
		city_abi_check "${1:?usage: abi-update.sh --check LIB}"
		;;
	"")
		city_abi_update
		;;
	*)
		echo "usage: abi-update.sh [--check LIB]" >&2
		exit 1
		;;
	esac
fi
