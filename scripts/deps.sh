# shellcheck shell=bash
# Dependency step shared by scripts/test.sh and scripts/demo.sh (sourced).
#
# city_deps: make sure the tools libcity builds and checks with are present
# (a C compiler, CMake, pkg-config, Check, Doxygen, abigail-tools, Python 3
# for the binding's tests); install
# the Debian packages when something is missing: directly as root, through
# sudo otherwise, or print the command and fail.

CITY_DEBIAN_PACKAGES=(build-essential cmake pkg-config check doxygen
	abigail-tools python3)

city_deps_missing() {
	local missing=() tool
	for tool in cmake gcc pkg-config doxygen abidw python3; do
		command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
	done
	if ! { command -v pkg-config >/dev/null 2>&1 &&
		pkg-config --exists check; } &&
		! dpkg -s check >/dev/null 2>&1; then
		missing+=(check)
	fi
	printf '%s\n' "${missing[@]}"
}

city_deps() {
	local missing
	missing=$(city_deps_missing)
	if [[ -z $missing ]]; then
		return 0
	fi
	echo "deps: missing: $(echo "$missing" | tr '\n' ' ')" >&2
	local install="apt-get update && apt-get install -y ${CITY_DEBIAN_PACKAGES[*]}"
	if [[ $(id -u) -eq 0 ]]; then
		apt-get update && apt-get install -y "${CITY_DEBIAN_PACKAGES[@]}"
	elif command -v sudo >/dev/null 2>&1; then
		sudo apt-get update &&
			sudo apt-get install -y "${CITY_DEBIAN_PACKAGES[@]}"
	else
		echo "deps: cannot install packages (not root, no sudo); run:" >&2
		echo "  $install" >&2
		exit 1
	fi
	missing=$(city_deps_missing)
	if [[ -n $missing ]]; then
		echo "deps: still missing after install: $(echo "$missing" | tr '\n' ' ')" >&2
		exit 1
	fi
}

# --- web (issue 15, scripts/wasm.sh, tests/browser): emscripten, chromium,
# node, npm and rsvg-convert from Debian when missing, then playwright-core
# from tests/browser/package-lock.json (no browser download). Best effort:
# without them the SVG's PNG check and the browser test are skipped.
city_web_deps() {
	local root pkgs=() t p
	root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	for t in emcc:emscripten chromium:chromium node:nodejs npm:npm \
		rsvg-convert:librsvg2-bin; do
		command -v "${t%%:*}" >/dev/null 2>&1 || pkgs+=("${t#*:}")
	done
	if ((${#pkgs[@]})); then
		echo "deps: web tools missing, installing: ${pkgs[*]}" >&2
		p=(); [[ $(id -u) -eq 0 ]] || p=(sudo)
		"${p[@]}" apt-get update && "${p[@]}" apt-get install -y "${pkgs[@]}" ||
			echo "deps: could not install ${pkgs[*]}" >&2
	fi
	if command -v npm >/dev/null 2>&1 &&
		[[ ! -d $root/tests/browser/node_modules/playwright-core ]]; then
		(cd "$root/tests/browser" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
			npm ci --no-audit --no-fund) || echo "deps: npm ci failed" >&2
	fi
	return 0
}
