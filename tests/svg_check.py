#!/usr/bin/env python3
"""The SVG of golden positions (city-cli show FILE --svg, city/render.h).

For each record given: the picture is written twice and must be the same
bytes (byte-stable), parses as XML (xml.etree), has an <svg> root with a
viewBox and the class city-board, one tile group per placed tile (the count
`city-cli show` prints), every data-move in the move vocabulary
(record.md, carcassonne.md), no two follower spots of the overlay
overlapping, and, when rsvg-convert (Debian librsvg2-bin) is installed,
renders to a PNG without error. Plain, with --legal, and with --legend
and --no-strip.

usage: svg_check.py CITY-CLI OUTDIR RECORD...
"""
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

SVG_NS = "{http://www.w3.org/2000/svg}"

# The move text a data-move may hold (record.md's table, The Tower's words).
MOVE = re.compile(r"^(place -?\d+ -?\d+ [0-3]|follower [a-h1-9m]|"
                  r"gate -?\d+ -?\d+ [NESW]|wall (cw|ccw)|guard|"
                  r"tower (cw|ccw)|pass|floor -?\d+ -?\d+|top -?\d+ -?\d+|"
                  r"capture -?\d+ -?\d+ [a-h1-9mt]|ransom [0-4])$")


def overlay_problems(root):
    """Moves outside the vocabulary and overlapping follower spots."""
    bad = []
    spots = []
    for el in root.iter():
        move = el.get("data-move")
        if move is not None and not MOVE.match(move):
            bad.append(f"data-move {move!r} is not move text")
        if el.get("class") == "legal-spot":
            spots.append((int(el.get("cx")), int(el.get("cy")),
                          int(el.get("r"))))
    for i, (x1, y1, r1) in enumerate(spots):
        for x2, y2, r2 in spots[i + 1:]:
            if (x1 - x2) ** 2 + (y1 - y2) ** 2 < (r1 + r2) ** 2:
                bad.append(f"spots at {x1},{y1} and {x2},{y2} overlap")
    return bad


def main():
    cli, outdir, records = sys.argv[1], sys.argv[2], sys.argv[3:]
    os.makedirs(outdir, exist_ok=True)
    rsvg = shutil.which("rsvg-convert")
    if not rsvg:
        print("svg_check: rsvg-convert not installed: PNG check skipped "
              "(Debian: apt-get install librsvg2-bin)")
    failures = 0
    for rec in records:
        name = os.path.splitext(os.path.basename(rec))[0]
        show = subprocess.run([cli, "show", rec], capture_output=True,
                              text=True)
        m = re.search(r"tiles (\d+)", show.stdout)
        if not m:
            print(f"FAIL {name}: city-cli show printed no tile count")
            failures += 1
            continue
        tiles = int(m.group(1))
        for extra in ([], ["--legal"], ["--legend", "--no-strip"]):
            tag = name + "".join(x[1:] for x in extra)
            outs = []
            for k in (1, 2):
                path = os.path.join(outdir, f"{tag}.{k}.svg")
                r = subprocess.run([cli, "show", rec, "--svg", path] + extra,
                                   capture_output=True, text=True)
                if r.returncode not in (0, 2) or not os.path.exists(path):
                    print(f"FAIL {tag}: city-cli exit {r.returncode}: "
                          f"{r.stderr.strip()}")
                    failures += 1
                    break
                with open(path, "rb") as f:
                    outs.append(f.read())
            if len(outs) != 2:
                continue
            if outs[0] != outs[1]:
                print(f"FAIL {tag}: two runs gave different bytes")
                failures += 1
            try:
                root = ET.fromstring(outs[0])
            except ET.ParseError as e:
                print(f"FAIL {tag}: not well-formed XML: {e}")
                failures += 1
                continue
            if (root.tag != SVG_NS + "svg" or "viewBox" not in root.attrib
                    or root.get("class") != "city-board"):
                print(f"FAIL {tag}: root is {root.tag}, not an svg with a "
                      "viewBox and the class city-board")
                failures += 1
            for problem in overlay_problems(root):
                print(f"FAIL {tag}: {problem}")
                failures += 1
            groups = [g for g in root.iter(SVG_NS + "g")
                      if g.get("class") == "tile"]
            if len(groups) != tiles:
                print(f"FAIL {tag}: {len(groups)} tile groups, city-cli "
                      f"show says {tiles} tiles")
                failures += 1
            if rsvg:
                png = os.path.join(outdir, f"{tag}.png")
                r = subprocess.run([rsvg, "-o", png,
                                    os.path.join(outdir, f"{tag}.1.svg")],
                                   capture_output=True, text=True)
                if r.returncode != 0 or os.path.getsize(png) < 1000:
                    print(f"FAIL {tag}: rsvg-convert exit {r.returncode}: "
                          f"{r.stderr.strip()}")
                    failures += 1
            print(f"ok {tag}: {len(outs[0])} bytes, {tiles} tiles")
    if failures:
        print(f"svg_check: {failures} failure(s)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
