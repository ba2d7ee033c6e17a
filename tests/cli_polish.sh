#!/usr/bin/env bash
# tests/cli_polish.sh CITY_CLI SOURCE_DIR VERSION: city-cli's first-hour
# behaviour (issue 16, docs/cli.md): --version, check-tiles, play
# --tileset, diagnostics in FILE:LINE:COL form with the system's reason for
# I/O errors (the trace's `error ...` line stays on stdout), --rule
# messages, --record checked before playing, and `show` of a finished game
# after final scoring.
set -euo pipefail

CLI=${1:?usage: cli_polish.sh CITY-CLI SOURCE-DIR VERSION}
SRC=${2:?usage: cli_polish.sh CITY-CLI SOURCE-DIR VERSION}
VERSION=${3:?usage: cli_polish.sh CITY-CLI SOURCE-DIR VERSION}
# shellcheck source=tests/cli_common.sh
. "$(dirname "${BASH_SOURCE[0]}")/cli_common.sh"

# --version and --help
expect_status 0 "$CLI" --version
expect_out "city-cli (libcity) $VERSION"
expect_status 0 "$CLI" --help
grep -q '^  city-cli check-tiles FILE$' "$TMP/out" || fail "--help: no check-tiles"
grep -q -- '--tileset FILE' "$TMP/out" || fail "--help: no --tileset"

# I/O errors carry the system's reason.
expect_status 1 "$CLI" replay "$TMP/missing.city"
expect_err "city-cli: cannot read $TMP/missing.city: No such file or directory"
[[ ! -s $TMP/out ]] || fail "replay of a missing file printed a trace"
expect_status 1 "$CLI" show "$TMP"
expect_err "city-cli: cannot read $TMP: Is a directory"
expect_status 1 "$CLI" check-tiles "$TMP/missing.tiles"
expect_err "city-cli: cannot read $TMP/missing.tiles: No such file or directory"
expect_status 1 "$CLI" hint "$TMP/missing.city"
expect_err "city-cli: cannot read $TMP/missing.city: No such file or directory"
expect_status 1 "$CLI" show "$TMP/missing.city" --svg "$TMP/out.svg"
expect_err "city-cli: cannot read $TMP/missing.city: No such file or directory"

# --rule says what is wrong and lists the rules.
expect_status 1 "$CLI" play --rule end_gap=99
expect_err "city-cli: --rule end_gap=99: end_gap must be 0..20"
expect_status 1 "$CLI" play --rule wall_trigger=sometimes
expect_err "city-cli: --rule wall_trigger=sometimes: wall_trigger must be occupied or any"
expect_status 1 "$CLI" play --rule nosuch=1
grep -qx 'city-cli: --rule nosuch=1: unknown rule; rules are wall_trigger (occupied|any), first_round_guards (yes|no), returned_guard (yes|no), closing_tower (yes|no), end_gap (0..20)\(, .*\)\?' "$TMP/err" ||
	fail "--rule nosuch=1: $(cat "$TMP/err")"
expect_status 1 "$CLI" play --rule nonsense
grep -q '^city-cli: --rule nonsense: expected name=value; rules are wall_trigger ' "$TMP/err" ||
	fail "--rule nonsense: $(cat "$TMP/err")"
[[ ! -s $TMP/out ]] || fail "a bad --rule still played"

# --record PATH is checked before the game is played.
expect_status 1 "$CLI" play --seed 1 --record "$TMP/no/such/dir/g.city"
expect_err "city-cli: cannot write $TMP/no/such/dir/g.city: No such file or directory"
[[ ! -s $TMP/out ]] || fail "play with an unwritable --record played"
expect_status 1 "$CLI" play --seed 1 --record "$TMP"
expect_err "city-cli: cannot write $TMP: Is a directory"

# check-tiles: the built-in set's source is valid; errors are FILE:LINE:COL.
expect_status 0 "$CLI" check-tiles "$SRC/lib/data/the-city.tiles"
expect_out "$SRC/lib/data/the-city.tiles: tile set the-city: 64 designs, 75 tiles"
printf 'tileset broken\nfoo\n' >"$TMP/bad.tiles"
expect_status 2 "$CLI" check-tiles "$TMP/bad.tiles"
grep -q "^$TMP/bad.tiles:2:1: bad ID" "$TMP/err" ||
	fail "check-tiles bad.tiles: '$(cat "$TMP/err")'"
[[ $(wc -l <"$TMP/err") -eq 1 ]] || fail "check-tiles: more than one line"

# play --tileset: the source of the built-in set plays the same game as
# the built-in set (only the first line names the tile set).
expect_status 0 "$CLI" play --players 3 --seed 3 --record "$TMP/g.city"
cp "$TMP/out" "$TMP/builtin.play"
expect_status 0 "$CLI" play --players 3 --seed 3 --tileset "$SRC/lib/data/the-city.tiles"
[[ $(head -n 1 "$TMP/out") == "game players=3 seed=3 ai=random tileset=the-city" ]] ||
	fail "play --tileset: first line '$(head -n 1 "$TMP/out")'"
diff <(tail -n +2 "$TMP/builtin.play") <(tail -n +2 "$TMP/out") >/dev/null ||
	fail "play --tileset the-city.tiles differs from the built-in set"
expect_status 2 "$CLI" play --tileset "$TMP/bad.tiles"
grep -q "^$TMP/bad.tiles:2:1: " "$TMP/err" || fail "play --tileset bad.tiles: $(cat "$TMP/err")"

# Record errors: the trace's error line on stdout, FILE:LINE[:COL] on
# stderr (a rejected move: the line of that move).
bad_third_move "$TMP/g.city" "$TMP/bad.city"
line=$(grep -n '^place 999 999 0$' "$TMP/bad.city" | cut -d: -f1)
expect_status 2 "$CLI" replay "$TMP/bad.city"
reason=$(tail -n 1 "$TMP/out" | sed -n 's/^error move 3: //p')
[[ -n $reason ]] || fail "bad.city: no 'error move 3:' line on stdout"
expect_err "$TMP/bad.city:$line: move 3: $reason"
expect_status 2 "$CLI" show "$TMP/bad.city"
[[ $(head -n 1 "$TMP/err") == "$TMP/bad.city:$line: move 3: $reason" ]] ||
	fail "show bad.city: '$(cat "$TMP/err")'"
printf 'citygame 1\nplayers 2\nmoves\nplace 0 0\nend\n' >"$TMP/syntax.city"
expect_status 2 "$CLI" replay "$TMP/syntax.city"
expect_out 'error line 4: bad move "place 0 0"'
expect_err "$TMP/syntax.city:4: bad move \"place 0 0\""
printf 'citygame 1\nplayers 2\ntileset inline\ntileset x\nfoo\nend\nmoves\nend\n' \
	>"$TMP/inline.city"
expect_status 2 "$CLI" replay "$TMP/inline.city"
grep -q "^$TMP/inline.city:5:1: " "$TMP/err" ||
	fail "inline.city: '$(cat "$TMP/err")'"

# show of a finished game: the final scores (after final scoring), the
# breakdown and the winners, as the trace's final lines.
expect_status 0 "$CLI" replay "$TMP/g.city"
final_lines "$TMP/out" >"$TMP/final.trace"
[[ -s $TMP/final.trace ]] || fail "replay: no final lines"
final=$(grep '^final ' "$TMP/final.trace" | cut -d' ' -f2-)
expect_status 0 "$CLI" show "$TMP/g.city"
status_line=$(head -n 1 "$TMP/out")
want=$(awk '{ for (i = 1; i <= NF; i++) printf " p%d=%s", i - 1, $i }' <<<"$final")
[[ $status_line == *", ended, final scores$want" ]] ||
	fail "show: status line '$status_line', final scores$want expected"
final_lines "$TMP/out" | diff -u "$TMP/final.trace" - ||
	fail "show: the final lines differ from the trace's"
grep -q '^ended ' "$TMP/out" || fail "show: no 'ended' line"
grep -q '^legend:' "$TMP/out" || fail "show: no legend"

# ... and an unfinished game still shows the running scores only.
first_moves 5 "$TMP/g.city" "$TMP/short.city"
expect_status 0 "$CLI" show "$TMP/short.city"
head -n 1 "$TMP/out" | grep -q '^moves 5, tiles [0-9]*, next: p[0-9] [a-z]*, scores' ||
	fail "show short.city: '$(head -n 1 "$TMP/out")'"
! grep -qE '^(final|winners)' "$TMP/out" || fail "show short.city: final lines"

echo "cli_polish.sh: OK"
