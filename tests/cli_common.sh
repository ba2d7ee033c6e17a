# shellcheck shell=bash
# tests/cli_common.sh: what the cli_*.sh tests of city-cli share. A test
# sets CLI (the path of city-cli) and sources this file:
#
#   CLI=${1:?usage: cli_x.sh PATH-TO-city-cli}
#   . "$(dirname "${BASH_SOURCE[0]}")/cli_common.sh"
#
# It makes the scratch folder $TMP (removed at exit) and defines:
#   fail MESSAGE...            the test fails, naming itself
#   trace_lines FILE           the lines of FILE in the trace format
#   final_lines FILE           its final, detail and winners lines
#   expect_status WANT CMD...  run CMD (stdin empty, stdout in $TMP/out,
#                              stderr in $TMP/err), check its exit status
#   expect_out TEXT            $TMP/out is exactly TEXT
#   expect_err TEXT            $TMP/err is exactly TEXT
#   has_line FILE LINE         FILE has exactly that line
#   first_moves N RECORD OUT   OUT: RECORD cut after its first N moves
#   bad_third_move RECORD OUT  OUT: RECORD with its third move illegal
#   play_and_replay NAME PLAY-ARG...
#                              play into $TMP/NAME.play with the record
#                              $TMP/NAME.city, whose replay --trace (in
#                              $TMP/NAME.trace) prints play's trace lines

CLI_TEST=${0##*/}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/city-${CLI_TEST%.sh}.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

fail() {
	echo "$CLI_TEST: FAILED: $*" >&2
	exit 1
}

trace_lines() {
	grep -E '^([0-9]+ p[0-9] |final |detail |winners( |$))' "$1" || true
}

final_lines() {
	grep -E '^(final|detail|winners)( |$)' "$1" || true
}

expect_status() {
	local want=$1 got=0
	shift
	"$@" >"$TMP/out" 2>"$TMP/err" </dev/null || got=$?
	[[ $got == "$want" ]] ||
		fail "'$*' exited $got, expected $want; stderr: $(cat "$TMP/err")"
}

expect_out() { expect_text out "$1"; }
expect_err() { expect_text err "$1"; }
expect_text() { # expect_text out|err TEXT
	[[ $(cat "$TMP/$1") == "$2" ]] ||
		fail "std$1 is '$(cat "$TMP/$1")', expected '$2'"
}

has_line() {
	grep -qxF -- "$2" "$1" || fail "$1: no line '$2'"
}

# The moves of a record are the lines between `moves` and `end`.
first_moves() {
	awk -v keep="$1" '/^moves$/ { print; n = 0; inmoves = 1; next }
		inmoves && !/^end$/ { if (n++ < keep) print; next }
		{ print }' "$2" >"$3"
}

bad_third_move() {
	awk 'BEGIN { n = 0 }
		/^moves$/ { inmoves = 1; print; next }
		inmoves && n == 2 { print "place 999 999 0"; n++; next }
		inmoves && !/^end$/ { n++ }
		{ print }' "$1" >"$2"
}

play_and_replay() {
	local name=$1
	shift
	"$CLI" play "$@" --record "$TMP/$name.city" >"$TMP/$name.play" ||
		fail "play $* exited $?"
	trace_lines "$TMP/$name.play" >"$TMP/$name.expected"
	[[ -s $TMP/$name.expected ]] || fail "play $* printed no trace lines"
	"$CLI" replay "$TMP/$name.city" --trace >"$TMP/$name.trace" ||
		fail "replay --trace of $name exited $?"
	diff -u "$TMP/$name.expected" "$TMP/$name.trace" >&2 ||
		fail "replay --trace of $name differs from play"
}
