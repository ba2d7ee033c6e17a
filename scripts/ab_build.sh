# shellcheck shell=bash
# scripts/ab_build.sh (sourced by ab_arch.sh, ab_callgrind.sh): the two
# Release builds of an A/B run.
#   ab_build ROOT W BASE PROGRAM [TARGET]
# The work tree at ROOT is built in W/new, the commit BASE (unpacked into
# W/base-src) in W/base, each with TARGET (default: all); PROGRAM (a .c
# file of bench/) is linked against each libcity.a as W/play-base and
# W/play-new.
ab_build() {
	local root=$1 w=$2 base=$3 program=$4 target=${5:-all} v src
	rm -rf "$w/base-src"
	mkdir -p "$w/base-src"
	git -C "$root" archive "$base" | tar -x -C "$w/base-src"
	for v in base new; do
		src=$w/base-src
		[[ $v == new ]] && src=$root
		cmake -S "$src" -B "$w/$v" -DCMAKE_BUILD_TYPE=Release \
			-DCITY_BUILD_TESTS=OFF -DCITY_BUILD_EXAMPLES=OFF >/dev/null
		nice cmake --build "$w/$v" -j"${JOBS:-2}" --target "$target" \
			>/dev/null
		cc -O2 -std=gnu11 -I"$root/include" -I"$w/$v/include" \
			"$root/bench/$program" "$w/$v/libcity.a" -lm -lpthread \
			-o "$w/play-$v"
	done
}
