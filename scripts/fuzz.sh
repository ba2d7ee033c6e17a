#!/usr/bin/env bash
# scripts/fuzz.sh [SECONDS] [HARNESS...]: run the libFuzzer harnesses of
# fuzz/ (docs/robustness.md).
#
# Configures a clang build with -DCITY_FUZZ=ON in build/fuzz, builds the
# harnesses (fuzz_tileset, fuzz_record, fuzz_api by default) and runs each in
# turn for SECONDS (default 60) on its committed corpus fuzz/corpus/NAME/.
# New inputs go to a scratch corpus in build/fuzz/corpus/NAME/ (kept between
# runs unless FUZZ_FRESH=1, never the committed one); a crash, a leak, a
# timeout or an invariant violation leaves its input in build/fuzz/findings/
# and makes the script exit non-zero.
#
# Environment: CC (default clang), FUZZ_BUILD (default build/fuzz),
# FUZZ_JOBS (build parallelism, default 2), FUZZ_ARGS (extra libFuzzer
# flags), FUZZ_LOG (directory for the libFuzzer logs, default
# build/fuzz/logs), FUZZ_FRESH=1 (empty the scratch corpora first, so that a
# short session starts from the committed corpus alone: scripts/test.sh).
set -Eeuo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

SECONDS_EACH=${1:-60}
shift || true
HARNESSES=("$@")
if [[ ${#HARNESSES[@]} -eq 0 ]]; then
	HARNESSES=(tileset record api)
fi
[[ $SECONDS_EACH =~ ^[0-9]+$ && $SECONDS_EACH -gt 0 ]] || {
	echo "usage: scripts/fuzz.sh [SECONDS] [tileset|record|api...]" >&2
	exit 2
}

CC=${CC:-clang}
BUILD=${FUZZ_BUILD:-$ROOT/build/fuzz}
JOBS=${FUZZ_JOBS:-2}
LOGS=${FUZZ_LOG:-$BUILD/logs}
FINDINGS=$BUILD/findings

command -v "$CC" >/dev/null || {
	echo "fuzz.sh: $CC not found (libFuzzer needs clang)" >&2
	exit 2
}

echo "== fuzz.sh: configuring $BUILD with $CC"
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_C_COMPILER="$CC" \
	-DCMAKE_BUILD_TYPE=RelWithDebInfo -DCITY_FUZZ=ON \
	-DCITY_BUILD_TESTS=OFF -DCITY_BUILD_EXAMPLES=OFF -DCITY_BUILD_BENCH=OFF \
	-DCITY_SANITIZE=OFF -DCITY_TSAN=OFF -DCITY_WERROR=OFF >/dev/null
targets=()
for h in "${HARNESSES[@]}"; do
	[[ -d $ROOT/fuzz/corpus/$h ]] || {
		echo "fuzz.sh: unknown harness '$h'" >&2
		exit 2
	}
	targets+=("fuzz_$h")
done
cmake --build "$BUILD" -j"$JOBS" --target "${targets[@]}"

mkdir -p "$FINDINGS" "$LOGS"
status=0
for h in "${HARNESSES[@]}"; do
	bin=$BUILD/fuzz/fuzz_$h
	scratch=$BUILD/corpus/$h
	log=$LOGS/fuzz_$h.log
	dict=()
	if [[ -f $ROOT/fuzz/dict/$h.dict ]]; then
		dict=(-dict="$ROOT/fuzz/dict/$h.dict")
	fi
	if [[ ${FUZZ_FRESH:-0} == 1 ]]; then
		rm -rf "$scratch"
	fi
	mkdir -p "$scratch"
	echo "== fuzz.sh: fuzz_$h for ${SECONDS_EACH}s (log: $log)"
	# The first corpus directory receives the new inputs: the scratch one.
	# shellcheck disable=SC2086 # FUZZ_ARGS is a list of flags
	if ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:symbolize=1 \
		UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		"$bin" -max_total_time="$SECONDS_EACH" -timeout=20 \
		-rss_limit_mb=2048 -max_len=16384 -print_final_stats=1 \
		-artifact_prefix="$FINDINGS/$h-" "${dict[@]}" ${FUZZ_ARGS:-} \
		"$scratch" "$ROOT/fuzz/corpus/$h" >"$log" 2>&1; then
		grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)' \
			"$log" | sed "s/^/  fuzz_$h /" || true
		grep -E '^#[0-9]+.*(DONE|pulse)' "$log" | tail -n 1 | sed "s/^/  /" || true
	else
		status=1
		echo "fuzz.sh: fuzz_$h FAILED; the end of its log:" >&2
		tail -n 40 "$log" >&2
		echo "fuzz.sh: reproducer(s): $(ls "$FINDINGS"/"$h"-* 2>/dev/null | tr '\n' ' ')" >&2
	fi
done
if [[ $status -ne 0 ]]; then
	echo "fuzz.sh: FAILED (see docs/robustness.md, \"Reproducing a finding\")" >&2
	exit 1
fi
echo "fuzz.sh: ${HARNESSES[*]}: ${SECONDS_EACH}s each, no finding"
