#!/usr/bin/env bash
# scripts/web.sh: build the web page (scripts/wasm.sh) and serve web/ on
# 127.0.0.1, printing the address. PORT=8000 by default (0: any free port).
#   scripts/web.sh            build when sources changed, then serve
#   scripts/web.sh --no-build serve what web/ holds
# A missing emcc is installed as scripts/test.sh does (scripts/deps.sh:
# Debian's emscripten, as root or through sudo, after saying so).
set -Eeuo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PORT=${PORT:-8000}
# shellcheck source=scripts/deps.sh
source "$ROOT/scripts/deps.sh"
if [[ ${1:-} != --no-build ]]; then
	# rebuild when the module is missing or older than a C source
	if [[ ! -f $ROOT/web/city.wasm ]] ||
		[[ -n $(find "$ROOT/lib" "$ROOT/include" "$ROOT/web" -name '*.[ch]' \
			-newer "$ROOT/web/city.wasm" -print -quit) ]]; then
		city_web_deps build
		command -v emcc >/dev/null || {
			echo "web.sh: emcc is still missing; install emscripten" \
				"(Debian: apt-get install emscripten), or serve what" \
				"web/ holds with scripts/web.sh --no-build" >&2
			exit 1
		}
		"$ROOT/scripts/wasm.sh"
	fi
fi
echo "web.sh: open the address below in a browser (Ctrl-C stops)"
exec python3 "$ROOT/scripts/web_serve.py" "$ROOT/web" "$PORT"
