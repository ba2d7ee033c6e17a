#!/usr/bin/env bash
# scripts/ab_arch.sh: the A/B run of docs/performance.md, "Architecture
# change (issue 11)": a Release build of a base commit and of the work tree
# side by side, then interleaved runs of city-bench (--json) and of a
# CPU-time loop of random 4-player games. Usage:
#   scripts/ab_arch.sh [BASE_COMMIT] [ROUNDS] [GAMES]   (a747a3e 6 3000)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BASE=${1:-a747a3e} ROUNDS=${2:-6} GAMES=${3:-3000}
W=${AB_DIR:-/tmp/libcity-ab}
# shellcheck source=scripts/ab_build.sh
source "$ROOT/scripts/ab_build.sh"
ab_build "$ROOT" "$W" "$BASE" ab_play.c
: >"$W/bench.jsonl"
: >"$W/cpu.txt"
for r in $(seq 1 "$ROUNDS"); do
	for v in base new; do
		"$W/$v/bench/city-bench" --games "$GAMES" --json 2>/dev/null |
			python3 -c "import json,sys; d=json.load(sys.stdin); d['ab']='$v'; print(json.dumps(d))" >>"$W/bench.jsonl"
	done
done
for r in $(seq 1 "$ROUNDS"); do
	for v in base new; do
		/usr/bin/time -f "$v %U" "$W/play-$v" 20000 2>>"$W/cpu.txt" >/dev/null
	done
done
python3 - "$W" <<'PY'
import json, statistics as st, sys
w = sys.argv[1]
rows = [json.loads(l) for l in open(w + "/bench.jsonl")]
def med(v, f):
    return st.median([f(r) for r in rows if r["ab"] == v])
print("city-bench medians (base / new / new:base):")
for p in ("2", "3", "4"):
    b, n = med("base", lambda r: r["games_per_second"][p]), med("new", lambda r: r["games_per_second"][p])
    print(f"  {p}p games/s  {b:9.0f} {n:9.0f}  {n / b:.3f}")
for k in ("copy_ns", "clone_free_ns"):
    b, n = med("base", lambda r: r[k]["median"]), med("new", lambda r: r[k]["median"])
    print(f"  {k:14s} {b:7.1f} {n:7.1f}")
print("  state bytes", rows[0]["state_bytes"]["4"], rows[1]["state_bytes"]["4"],
      " allocs/game", rows[1]["allocs_per_game"]["4"],
      " decisions equal", len({json.dumps(r["decisions_per_game"]) for r in rows}) == 1)
cpu = [l.split() for l in open(w + "/cpu.txt") if l[:4] in ("base", "new ")]
b = [float(x[1]) for x in cpu if x[0] == "base"]
n = [float(x[1]) for x in cpu if x[0] == "new"]
print(f"CPU s per 20000 4p games: base {st.median(b):.3f} new {st.median(n):.3f} new:base {st.median(n) / st.median(b):.3f}")
PY
