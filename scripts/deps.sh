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
