#!/usr/bin/env python3
"""Structure checks of lib/ (issue "Architecture for more than one game").

1. No include cycle between modules. A module is a .c file with its private
   headers: lib/NAME.c, lib/NAME.h and lib/NAME_internal.h form module NAME;
   a header without a .c of its name is a module of its own. The graph has
   an edge A -> B when a file of A includes (#include "...") a header of B.
   Public headers (include/city/...) and system headers are not modules.
2. No function in lib/*.c longer than MAX_LINES lines, counted from the
   line of its opening brace to the line of its closing brace (a function's
   body starts with "{" alone on a line at column 0 and ends with "}" at
   column 0, the house style).

3. Which game is played is asked only where the meaning truly differs:
   outside the games' facts (facts.c) and the rules switch (games.c), a
   test of a game (`== CITY_GAME_X`, `case CITY_GAME_X`, `is_city(`,
   `rules->game ==`) is counted, and the count may not exceed
   MAX_GAME_TESTS (lower it as tests go; each that stays says why in a
   comment). Everything else reads facts_of(game) (facts.h).

Usage: scripts/check_lib.py [LIB_DIR]   (default: lib/ next to scripts/)
Exit status 0 when both hold, 1 otherwise (each problem on stderr).
"""
import os
import re
import sys

MAX_LINES = 80

# Functions of files owned by another change that still exceed the limit:
# named exactly, each allowed until its owner splits it. Empty it as they
# go; an entry that no longer exceeds the limit is reported as stale.
TEMPORARY_ALLOW = set()

# Include edges allowed for now, each closing a cycle that a pending change
# removes. Empty: every game is behind the rules seam (rules.h), the façade
# reaches a game only through games.c's table.
TEMPORARY_ALLOW_EDGES = set()

# The tests of which game is played outside facts.c and games.c, at most:
# render.c's three (it draws the base game's fields and cities, through
# the public city_game_kind()).
MAX_GAME_TESTS = 3
GAME_TEST_HOME = {"facts.c", "games.c"}
GAME_TEST = re.compile(r'(==|!=)\s*CITY_GAME_|CITY_GAME_\w+\s*(==|!=)|'
                       r'\bcase\s+CITY_GAME_|\bis_city\s*\(|'
                       r'rules->game\s*(==|!=)')

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
FUNC_NAME = re.compile(r'([A-Za-z_][A-Za-z0-9_]*)\s*\(')


def module_of(filename):
    base = os.path.splitext(os.path.basename(filename))[0]
    if base.endswith("_internal"):
        base = base[: -len("_internal")]
    return base


def include_graph(lib):
    headers = {f for f in os.listdir(lib) if f.endswith(".h")}
    graph = {}
    for f in sorted(os.listdir(lib)):
        if not f.endswith((".c", ".h")):
            continue
        mod = module_of(f)
        graph.setdefault(mod, set())
        with open(os.path.join(lib, f), encoding="utf-8") as fh:
            for line in fh:
                m = INCLUDE.match(line)
                if not m or "/" in m.group(1) or m.group(1) not in headers:
                    continue
                dep = module_of(m.group(1))
                if dep != mod and (mod, dep) not in TEMPORARY_ALLOW_EDGES:
                    graph[mod].add(dep)
    return graph


def find_cycle(graph):
    """A cycle as a list of modules, or None (depth-first search)."""
    state = {}
    stack = []

    def visit(node):
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def long_functions(lib):
    """(file, function, lines) for every function body in lib/*.c."""
    out = []
    for f in sorted(os.listdir(lib)):
        if not f.endswith(".c"):
            continue
        with open(os.path.join(lib, f), encoding="utf-8") as fh:
            lines = fh.read().split("\n")
        start = None
        for i, line in enumerate(lines):
            if line == "{" and start is None:
                start = i
            elif line.startswith("}") and start is not None:
                name = "?"
                j = start - 1
                while j >= 0 and j >= start - 8:
                    m = FUNC_NAME.search(lines[j])
                    if m and not lines[j].startswith((" ", "\t")):
                        name = m.group(1)
                        break
                    j -= 1
                out.append((f, name, i - start + 1))
                start = None
    return out


def game_tests(lib):
    """(file, line number, text) of every test of which game is played."""
    out = []
    for f in sorted(os.listdir(lib)):
        if not f.endswith((".c", ".h")) or f in GAME_TEST_HOME:
            continue
        with open(os.path.join(lib, f), encoding="utf-8") as fh:
            for no, line in enumerate(fh, 1):
                code = line.split("/*")[0]
                if GAME_TEST.search(code):
                    out.append((f, no, line.strip()))
    return out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    lib = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "lib")
    ok = True
    graph = include_graph(lib)
    cycle = find_cycle(graph)
    if cycle:
        ok = False
        print("check_lib: include cycle between modules: " +
              " -> ".join(cycle), file=sys.stderr)
    seen_allowed = set()
    for f, name, n in long_functions(lib):
        if n <= MAX_LINES:
            continue
        if (f, name) in TEMPORARY_ALLOW:
            seen_allowed.add((f, name))
            continue
        ok = False
        print(f"check_lib: {f}: {name}() is {n} lines (limit {MAX_LINES})",
              file=sys.stderr)
    for f, name in sorted(TEMPORARY_ALLOW - seen_allowed):
        print(f"check_lib: note: {f}: {name}() is allowed but no longer "
              "over the limit: remove it from TEMPORARY_ALLOW",
              file=sys.stderr)
    tests = game_tests(lib)
    if len(tests) > MAX_GAME_TESTS:
        ok = False
        print(f"check_lib: {len(tests)} tests of which game is played "
              f"outside facts.c and games.c (at most {MAX_GAME_TESTS}); "
              "read the game's facts (facts.h) instead:", file=sys.stderr)
        for f, no, text in tests:
            print(f"  {f}:{no}: {text}", file=sys.stderr)
    elif len(tests) < MAX_GAME_TESTS:
        print(f"check_lib: note: {len(tests)} game tests, fewer than "
              f"MAX_GAME_TESTS ({MAX_GAME_TESTS}): lower it", file=sys.stderr)
    if ok:
        edges = sum(len(v) for v in graph.values())
        print(f"check_lib: {len(graph)} modules, {edges} include edges, "
              f"no cycle; no function over {MAX_LINES} lines; "
              f"{len(tests)} game tests outside facts.c and games.c")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
