# shellcheck shell=bash
# Dependency step shared by scripts/test.sh and scripts/demo.sh (sourced).
#
#   city_deps        everything scripts/test.sh builds and checks with: a C
#                    compiler, CMake, pkg-config, Check, Doxygen,
#                    abigail-tools, Python 3 with venv, setuptools and wheel
#                    (the binding's offline pip install), Dask's
#                    distributed with tqdm (libcity.arena and its tests,
#                    docs/distributed.md), man-db (man -l)
#   city_deps demo   only what scripts/demo.sh needs: a C compiler and CMake
#
# Missing tools are installed as Debian packages, after saying which: as
# root directly, through sudo otherwise, or the apt-get command is printed
# and the script stops. apt-get waits up to 10 minutes for a dpkg lock held
# by another install.

# Per profile: the Debian packages, and what is checked for (a command,
# check:MODULE a pkg-config module or Debian package, py:MODULE a module of
# /usr/bin/python3); anything missing installs all the profile's packages.
CITY_DEBIAN_PACKAGES=(build-essential cmake pkg-config check doxygen
	abigail-tools python3 python3-venv python3-setuptools python3-wheel
	python3-distributed python3-tqdm man-db)
CITY_DEBIAN_TOOLS=(cmake gcc make pkg-config doxygen abidw python3 man
	check:check py:venv py:ensurepip py:setuptools py:wheel py:distributed
	py:tqdm)
CITY_DEMO_PACKAGES=(build-essential cmake)
CITY_DEMO_TOOLS=(cmake gcc make)

# city_deps_missing TOOL...: print each TOOL that is not there.
city_deps_missing() {
	local tool
	for tool in "$@"; do
		case $tool in
		check:*)
			{ command -v pkg-config >/dev/null 2>&1 &&
				pkg-config --exists "${tool#check:}"; } ||
				dpkg -s "${tool#check:}" >/dev/null 2>&1 ||
				echo "$tool"
			;;
		py:*)
			/usr/bin/python3 -c "import ${tool#py:}" >/dev/null 2>&1 ||
				echo "python3 module ${tool#py:}"
			;;
		*)
			command -v "$tool" >/dev/null 2>&1 || echo "$tool"
			;;
		esac
	done
}

city_deps() {
	local profile=${1:-all} missing
	local -a packages tools
	if [[ $profile == demo ]]; then
		packages=("${CITY_DEMO_PACKAGES[@]}")
		tools=("${CITY_DEMO_TOOLS[@]}")
	else
		packages=("${CITY_DEBIAN_PACKAGES[@]}")
		tools=("${CITY_DEBIAN_TOOLS[@]}")
	fi
	missing=$(city_deps_missing "${tools[@]}")
	if [[ -z $missing ]]; then
		return 0
	fi
	echo "deps: missing: $(echo "$missing" | tr '\n' ' ')" >&2
	echo "deps: installing the Debian packages: ${packages[*]}" >&2
	local apt=(apt-get -o DPkg::Lock::Timeout=600)
	if [[ $(id -u) -eq 0 ]]; then
		"${apt[@]}" update && "${apt[@]}" install -y "${packages[@]}"
	elif command -v sudo >/dev/null 2>&1; then
		sudo "${apt[@]}" update &&
			sudo "${apt[@]}" install -y "${packages[@]}"
	else
		echo "deps: cannot install packages (not root, no sudo); run:" >&2
		echo "  apt-get update && apt-get install -y ${packages[*]}" >&2
		exit 1
	fi
	missing=$(city_deps_missing "${tools[@]}")
	if [[ -n $missing ]]; then
		echo "deps: still missing after install: $(echo "$missing" | tr '\n' ' ')" >&2
		exit 1
	fi
}

# --- web (issue 15, scripts/wasm.sh, tests/browser): emscripten, chromium,
# node, npm and rsvg-convert from Debian when missing, then playwright-core
# from tests/browser/package-lock.json (no browser download). Best effort:
# without them the SVG's PNG check and the browser test are skipped.
#
#   city_web_deps        everything scripts/test.sh's web step uses
#   city_web_deps build  only what scripts/web.sh needs to build the page
#                        (emcc; its server is python3)
#
# emscripten (with its own LLVM) and chromium are large (Debian 12: 790 MB
# and 280 MB installed, more with their dependencies; about 1.2 GB on a
# fresh system), so the size is said before installing.
city_web_deps() {
	local root pkgs=() t p wanted size
	root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	wanted=(emcc:emscripten chromium:chromium node:nodejs npm:npm
		rsvg-convert:librsvg2-bin)
	[[ ${1:-} == build ]] && wanted=(emcc:emscripten python3:python3)
	for t in "${wanted[@]}"; do
		command -v "${t%%:*}" >/dev/null 2>&1 || pkgs+=("${t#*:}")
	done
	if ((${#pkgs[@]})); then
		echo "deps: web tools missing, installing the Debian packages:" \
			"${pkgs[*]}" >&2
		size=$(apt-cache show --no-all-versions "${pkgs[@]}" 2>/dev/null |
			awk '/^Installed-Size:/ { kb += $2 } END { print int(kb / 1024) }')
		echo "deps: they take ${size:-?} MB of disk, more with their" \
			"dependencies (emscripten and chromium: about 1.2 GB)" >&2
		p=()
		if [[ $(id -u) -ne 0 ]]; then
			if command -v sudo >/dev/null 2>&1; then
				p=(sudo)
			else
				echo "deps: cannot install packages (not root, no sudo); run:" >&2
				echo "  apt-get update && apt-get install -y ${pkgs[*]}" >&2
				return 0
			fi
		fi
		"${p[@]}" apt-get -o DPkg::Lock::Timeout=600 update &&
			"${p[@]}" apt-get -o DPkg::Lock::Timeout=600 install -y \
				"${pkgs[@]}" ||
			echo "deps: could not install ${pkgs[*]}" >&2
	fi
	[[ ${1:-} == build ]] && return 0
	if command -v npm >/dev/null 2>&1 &&
		[[ ! -d $root/tests/browser/node_modules/playwright-core ]]; then
		(cd "$root/tests/browser" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
			npm ci --no-audit --no-fund) || echo "deps: npm ci failed" >&2
	fi
	return 0
}
