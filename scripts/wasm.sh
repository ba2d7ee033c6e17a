#!/usr/bin/env bash
# scripts/wasm.sh: the WebAssembly build of libcity for the web page.
#
#   scripts/wasm.sh            build web/city.mjs + web/city.wasm
#   scripts/wasm.sh --bench    also measure random games/s: native (the glue
#                              compiled with gcc -O2), WASM in node; prints
#                              one JSON line each, for The City, the base
#                              game and The Tower (docs/performance.md)
#
# With Debian's emscripten (3.1.6). The build-time tool (tilegen, which
# embeds the built-in tile sets) runs natively: a host CMake tree in
# build/wasm-host generates lib's generated sources and city/version.h,
# city/export.h; emcc then compiles lib/*.c, those generated sources and
# web/glue.c (the JS-facing API) into one ES module (MODULARIZE,
# EXPORT_ES6, ALLOW_MEMORY_GROWTH). CMake is not run through emcmake: its
# cross-compiling emulator is node with flags that node 20 rejects.
# Known traps of this emscripten: NODE_PATH=/usr/share/nodejs, and
# -sTOTAL_STACK (not -sSTACK_SIZE).
set -Eeuo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HOST=$ROOT/build/wasm-host
OUT=$ROOT/web
JOBS=${JOBS:-2}
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}

command -v emcc >/dev/null || {
	echo "wasm.sh: emcc not found (Debian: apt-get install emscripten)" >&2
	exit 1
}

# 1. native host tree: the generated sources and headers
cmake -S "$ROOT" -B "$HOST" -DCMAKE_BUILD_TYPE=Release \
	-DCITY_BUILD_TESTS=OFF -DCITY_BUILD_EXAMPLES=OFF \
	-DCITY_BUILD_BENCH=OFF -DCITY_SANITIZE=OFF -DCITY_TSAN=OFF >/dev/null
cmake --build "$HOST" -j"$JOBS" --target city_static >/dev/null

mapfile -t SOURCES < <(ls "$ROOT"/lib/*.c "$HOST"/generated/*.c 2>/dev/null)
CFLAGS=(-std=c11 -O3 -DCITY_STATIC_DEFINE -DNDEBUG
	-I"$ROOT/include" -I"$HOST/include" -iquote "$ROOT/lib")

# 2. emcc: the library and the glue as one ES module
EXPORTS=_malloc,_free,_wc_new,_wc_load,_wc_free,_wc_ok,_wc_error,_wc_apply
EXPORTS+=,_wc_undo,_wc_svg,_wc_svg_after,_wc_save,_wc_state,_wc_bench_game
EXPORTS+=,_wc_design_svg,_wc_legend_svg,_wc_svg_before_final,_wc_final_followers
# the remaining designs (city_game_tiles_remaining): the page's grid
if grep -q city_game_tiles_remaining "$ROOT/include/city/query.h"; then
	CFLAGS+=(-DWC_WITH_REMAINING)
	EXPORTS+=,_wc_remaining
fi
# the AI module (city/ai.h): the page's AI seats and hint use it
if [[ -f $ROOT/include/city/ai.h ]]; then
	CFLAGS+=(-DWC_WITH_AI)
	EXPORTS+=,_wc_ai_choose
fi
emcc "${CFLAGS[@]}" "${SOURCES[@]}" "$ROOT/web/glue.c" \
	-o "$OUT/city.mjs" \
	-sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createCity \
	-sALLOW_MEMORY_GROWTH=1 -sTOTAL_STACK=1048576 \
	-sENVIRONMENT=web,worker,node \
	-sEXPORTED_FUNCTIONS="[$EXPORTS]" \
	-sEXPORTED_RUNTIME_METHODS='[cwrap,UTF8ToString]'
echo "wasm.sh: wrote web/city.mjs and web/city.wasm" \
	"($(stat -c %s "$OUT/city.wasm") bytes)"

if [[ ${1:-} == --bench ]]; then
	GAMES=${GAMES:-1000}
	gcc "${CFLAGS[@]/-O3/-O2}" -D_POSIX_C_SOURCE=200809L -DWC_NATIVE_MAIN "${SOURCES[@]}" \
		"$ROOT/web/glue.c" -o "$HOST/glue-bench" -lm -lpthread
	for game in 0 1 2; do # The City, the base game, The Tower
		for p in 2 4; do
			echo "native $("$HOST/glue-bench" "$p" "$GAMES" 1 "$game")"
			echo "node   $(node "$ROOT/web/bench-node.mjs" "$p" "$GAMES" 1 "$game")"
		done
	done
fi
