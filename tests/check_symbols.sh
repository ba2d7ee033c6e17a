#!/usr/bin/env bash
# tests/check_symbols.sh LIBRARY [SYMBOLS-FILE]
#
# The ABI guard at the ELF level (docs/abi.md): the functions LIBRARY
# exports must be exactly the committed list abi/libcity.symbols (sorted,
# one name a line, the version node CITY_1 left out). Any difference fails
# and prints a unified diff: '-' a symbol the list promises but the library
# lost (an ABI break), '+' a symbol the library exports but the list does
# not name (a new function: add it to the list in the same change, see
# docs/abi.md "Adding a function").
#
# Also checked: every exported symbol carries a version node of ABI 1:
# CITY_1, or CITY_1.N for functions added after the first release.
set -euo pipefail

LIB=${1:?usage: check_symbols.sh LIBRARY [SYMBOLS-FILE]}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LIST=${2:-$ROOT/abi/libcity.symbols}

fail() {
	echo "check_symbols.sh: FAILED: $*" >&2
	exit 1
}

[[ -f $LIB ]] || fail "no library $LIB"
[[ -f $LIST ]] || fail "no symbol list $LIST"

# nm -D prints "ADDRESS TYPE NAME@@VERSION" for each defined dynamic symbol.
raw=$(nm -D --defined-only "$LIB" | awk 'NF == 3 {print $3}')
[[ -n $raw ]] || fail "$LIB exports nothing"

unversioned=$(echo "$raw" | grep -v -E '@@CITY_1(\.[0-9]+)?$|^CITY_1(\.[0-9]+)?$' ||
	true)
if [[ -n $unversioned ]]; then
	echo "$unversioned" >&2
	fail "symbols above are not in a CITY_1 version node (lib/libcity.map)"
fi

actual=$(echo "$raw" | sed 's/@.*//' | grep -v -E '^CITY_1(\.[0-9]+)?$' |
	LC_ALL=C sort -u)
if ! diff -u --label "abi/libcity.symbols (committed)" \
	--label "$(basename "$LIB") (built)" "$LIST" <(echo "$actual"); then
	fail "exported symbols differ from $LIST (see docs/abi.md)"
fi

# The public headers declare exactly those functions (a declaration with
# no exported definition would only fail at the user's link time).
declared=$(cat "$ROOT"/include/city/*.h | grep -o 'CITY_EXPORT[^(;]*(' |
	sed 's/.*[ *]\(city_[A-Za-z0-9_]*\)($/\1/' | LC_ALL=C sort -u)
if ! diff -u --label "CITY_EXPORT declarations in include/city/" \
	--label "abi/libcity.symbols" <(echo "$declared") "$LIST"; then
	fail "the public headers and $LIST disagree"
fi
echo "check_symbols.sh: $(echo "$actual" | wc -l) symbols match $LIST"
