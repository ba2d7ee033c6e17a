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

4. Each part of the state is written by its owner only (lib/README.md,
   "Who writes which part of the state"): an assignment, ++/--, a
   non-const pointer taken (`follower *f = &s->pl.fol[i]`) or a writing
   call (bits_put, memset, memcpy, wp_set) on `s->pl.`, `s->city.` or
   `s->cc.` (also `g->st.`) outside the files of WRITERS fails, as an
   include edge would; ALLOWED_WRITES (file, part.field) is empty.

5. CMakeLists.txt's CITY_TILEGEN_SOURCES (the host tool that embeds the
   built-in tile sets) holds the .c file of every module that tileset.c
   and tileset_parse.c reach through includes, and only files that exist.

6. A prefix is a file: every function or object with external linkage
   that lib/X.c defines, other than the public `city_` ones, starts with
   X.c's prefix in PREFIXES (docs/conventions.md's table), and the longest
   prefix a name starts with is its own file's (so `ai_mcts_` names live
   in ai_mcts.c, not ai.c). A .c file missing from PREFIXES defines public
   names only.

7. lib/README.md's include table (between the markers TABLE_BEGIN and
   TABLE_END) is the graph of 1., as `scripts/check_lib.py --table`
   prints it: one row per module, lowest layer first.
8. No private header shares a public header's name (include/city/X.h's
   private view is lib/X_internal.h).

Usage: scripts/check_lib.py [--table] [LIB_DIR]   (default: lib/ next to scripts/)
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
# render.c's strip and render_legend.c's entries, through the public
# city_game_kind() (what each game's players see differs).
MAX_GAME_TESTS = 2
GAME_TEST_HOME = {"facts.c", "games.c"}
GAME_TEST = re.compile(r'(==|!=)\s*CITY_GAME_|CITY_GAME_\w+\s*(==|!=)|'
                       r'\bcase\s+CITY_GAME_|\bis_city\s*\(|'
                       r'rules->game\s*(==|!=)')

# Who may write which part of the state: part -> files, or part.member ->
# files where a member has an owner of its own (The Tower's st_tw, cc.tw;
# The River's st_rv, cc.rv; the rest of st_cc is cc_rules.c's and
# cc_score.c's).
WRITERS = {"pl": {"players.c"}, "city": {"wall.c", "tc_rules.c"},
           "cc": {"cc_rules.c", "cc_score.c"}, "cc.tw": {"tower.c"},
           "cc.rv": {"river.c"}}
ALLOWED_WRITES = set()
STATE_REF = re.compile(r'(?:\bs->|\bg->st\.|\bst\.)(pl|cc|city)\.(\w+)')
ASSIGNED = re.compile(r'^(?:\[[^\]]*\]|\.\w+)*\s*(?:[-+*/|&^]?=(?!=)|\+\+|--)')
WRITING_CALL = re.compile(r'\b(?:bits_put|memset|memcpy|memmove|wp_set)'
                          r'\(\s*&?\s*$')
POINTER_TAKEN = re.compile(r'(\w+)\s*=\s*&\s*$')

# Each file's prefix (docs/conventions.md): the names with external linkage
# it defines start with it. Files not listed define public names only.
PREFIXES = {
    "ai.c": "ai_", "ai_mcts.c": "ai_mcts_",
    "ai_pick.c": "ai_pick_", "ai_potential.c": "ai_potential_",
    "board.c": "board_",
    "cc_rules.c": "cc_", "cc_score.c": "ccs_", "expansions.c": "expansions_",
    "facts.c": "facts_", "feature.c": "feat_", "game.c": "game_",
    "games.c": "games_", "lex.c": "lex_", "listing.c": "list_",
    "log.c": "log_", "msg.c": "msg_", "options.c": "options_",
    "players.c": "players_", "state.c": "state_",
    "state_check.c": "state_check", "tc_rules.c": "tc_",
    "tc_score.c": "tcs_", "tileset.c": "ts_", "tileset_parse.c": "ts_parse",
    "tower.c": "tw_", "river.c": "rv_", "wall.c": "wall_",
    "render_svg.c": "svg_", "render_palette.c": "pal_",
    "render_piece.c": "piece_", "render_tile.c": "rtile_",
    "render_legend.c": "legend_", "render_overlay.c": "overlay_",
}
EXTERN_OBJECT = re.compile(r'^(?!static\b|typedef\b|extern\b)(?:const\s+)?'
                           r'\w+(?:\s+\w+)*?(?:\s+|\s*\*\s*)(?:const\s+)?'
                           r'(\w+)\s*(?:\[[^\]]*\])*\s*=')

TABLE_BEGIN = "<!-- include table: scripts/check_lib.py --table -->"
TABLE_END = "<!-- end of the include table -->"

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
FUNC_NAME = re.compile(r'([A-Za-z_][A-Za-z0-9_]*)\s*\(')


def lib_files(lib, exts=(".c", ".h")):
    """(name, text) of each file of lib/ ending in one of exts, by name."""
    for f in sorted(os.listdir(lib)):
        if f.endswith(exts):
            with open(os.path.join(lib, f), encoding="utf-8") as fh:
                yield f, fh.read()


def module_of(filename):
    base = os.path.splitext(os.path.basename(filename))[0]
    if base.endswith("_internal"):
        base = base[: -len("_internal")]
    return base


def include_graph(lib):
    headers = {f for f in os.listdir(lib) if f.endswith(".h")}
    graph = {}
    for f, text in lib_files(lib):
        mod = module_of(f)
        graph.setdefault(mod, set())
        for line in text.split("\n"):
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
    for f, text in lib_files(lib, ".c"):
        lines = text.split("\n")
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
    for f, text in lib_files(lib):
        if f not in GAME_TEST_HOME:
            for no, line in enumerate(text.split("\n"), 1):
                code = line.split("/*")[0]
                if GAME_TEST.search(code):
                    out.append((f, no, line.strip()))
    return out


def write_kind(code, m, consts):
    """How the state reference m in a line of code writes, or None."""
    before, after = code[:m.start()], code[m.end():]
    if ASSIGNED.match(after):
        return "assigns"
    if re.search(r'(\+\+|--)\s*$', before):
        return "assigns"
    if WRITING_CALL.search(before):
        return "writes through a call to"
    taken = POINTER_TAKEN.search(before)
    if not taken or re.match(r'\s*const\b', code):
        return None
    # a declaration on this line says const or not; a bare assignment
    # goes by the variable's declaration in the file
    declared = re.search(r'\w\s*\*\s*' + taken.group(1) + r'\s*=\s*&\s*$',
                         before)
    if declared or taken.group(1) not in consts:
        return "takes a writable pointer to"
    return None


def state_writes(lib):
    """(file, line number, part.field, how) of each write outside its
    owners."""
    out = []
    for f, text in lib_files(lib):
        consts = set(re.findall(r'\bconst\s+\w+\s*\*\s*(\w+)', text))
        for no, line in enumerate(text.split("\n"), 1):
            code = line.split("/*")[0]
            for m in STATE_REF.finditer(code):
                how = write_kind(code, m, consts)
                if not how:
                    continue
                part, field = m.group(1), m.group(2)
                owners = WRITERS.get(f"{part}.{field}", WRITERS[part])
                if f in owners or (f, f"{part}.{field}") in ALLOWED_WRITES:
                    continue
                out.append((f, no, f"{part}.{field}", how))
    return out


def tilegen_problems(lib, graph):
    """What CITY_TILEGEN_SOURCES (CMakeLists.txt next to lib/) lacks."""
    cmake = os.path.join(lib, "..", "CMakeLists.txt")
    if not os.path.exists(cmake):
        return []
    with open(cmake, encoding="utf-8") as fh:
        m = re.search(r'set\(CITY_TILEGEN_SOURCES([^)]*)\)', fh.read())
    if not m:
        return ["CMakeLists.txt sets no CITY_TILEGEN_SOURCES"]
    listed = {os.path.basename(f) for f in m.group(1).split()}
    out = [f"CITY_TILEGEN_SOURCES names {f}, which lib/ lacks"
           for f in sorted(listed)
           if not os.path.exists(os.path.join(lib, f))]
    seen, todo = set(), ["tileset", "tileset_parse"]
    while todo:
        mod = todo.pop()
        if mod in seen:
            continue
        seen.add(mod)
        todo.extend(graph.get(mod, ()))
    for mod in sorted(seen):
        if os.path.exists(os.path.join(lib, mod + ".c")) and \
                mod + ".c" not in listed:
            out.append(f"CITY_TILEGEN_SOURCES lacks {mod}.c (the tile-set "
                       "layer includes it)")
    return out


def external_names(lib):
    """(file, name) of every function and object with external linkage
    that lib/*.c defines."""
    out = []
    for f, text in lib_files(lib, ".c"):
        lines = text.split("\n")
        for i, line in enumerate(lines):
            m = EXTERN_OBJECT.match(line)
            if m and not line.startswith((" ", "\t", "#", "/", "*")):
                out.append((f, m.group(1)))
            if line != "{":
                continue
            # the function's header: the lines above up to a blank line,
            # a comment's end, a directive or the previous definition
            j = i - 1
            while j > 0 and lines[j - 1].strip() and \
                    not lines[j - 1].startswith(("}", "#", "/*", " *")) and \
                    not lines[j - 1].rstrip().endswith((";", "*/")):
                j -= 1
            header = re.sub(r'^\s*CITY_PRINTF\([^)]*\)\s*', "",
                            " ".join(lines[j:i]))
            if re.match(r'\s*(static|typedef|struct|enum|union)\b', header):
                continue
            m = FUNC_NAME.search(header.split("(")[0] + "(")
            if m:
                out.append((f, m.group(1)))
    return out


def prefix_problems(lib):
    """Names defined outside the file their prefix names."""
    out = []
    for f, name in external_names(lib):
        if name.startswith("city_"):
            continue
        owners = [(len(p), g) for g, p in PREFIXES.items()
                  if name.startswith(p)]
        owner = max(owners)[1] if owners else None
        if owner != f:
            where = f"the prefix of {owner}" if owner else "no file's prefix"
            out.append(f"{f}: {name} carries {where} (docs/conventions.md)")
    return out


def include_table(graph):
    """The include table as lib/README.md holds it (markdown lines)."""
    level = {}

    def depth(mod):
        if mod not in level:
            level[mod] = 0
            level[mod] = 1 + max((depth(d) for d in graph[mod]), default=-1)
        return level[mod]

    rows = ["| module | includes a header of |", "|---|---|"]
    for mod in sorted(graph, key=lambda m: (depth(m), m)):
        deps = ", ".join(sorted(graph[mod])) or "—"
        rows.append(f"| `{mod}` | {deps} |")
    return rows


def header_name_problems(lib):
    """Private headers named like public ones."""
    public = os.path.join(lib, "..", "include", "city")
    if not os.path.isdir(public):
        return []
    shared = {f for f in os.listdir(lib) if f.endswith(".h")} & \
        set(os.listdir(public))
    return [f"lib/{f} shares its name with include/city/{f} (call it "
            f"{f[:-2]}_internal.h)" for f in sorted(shared)]


def table_problems(lib, graph):
    """Whether lib/README.md's include table is the graph's."""
    readme = os.path.join(lib, "README.md")
    if not os.path.exists(readme):
        return []
    with open(readme, encoding="utf-8") as fh:
        text = fh.read()
    if TABLE_BEGIN not in text or TABLE_END not in text:
        return ["lib/README.md has no include table between the markers"]
    held = text.split(TABLE_BEGIN)[1].split(TABLE_END)[0].strip().split("\n")
    if held != include_table(graph):
        return ["lib/README.md's include table differs from lib/'s includes "
                "(paste `scripts/check_lib.py --table`)"]
    return []


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    args = [a for a in sys.argv[1:] if a != "--table"]
    lib = args[0] if args else os.path.join(here, "..", "lib")
    ok = True
    graph = include_graph(lib)
    if "--table" in sys.argv[1:]:
        print("\n".join(include_table(graph)))
        return 0
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
    for f, no, what, how in state_writes(lib):
        ok = False
        part = what.split(".")[0]
        owners = WRITERS.get(what, WRITERS[part])
        print(f"check_lib: {f}:{no} {how} s->{what}, which only "
              f"{', '.join(sorted(owners))} may write", file=sys.stderr)
    for problem in (prefix_problems(lib) + tilegen_problems(lib, graph) +
                    header_name_problems(lib) + table_problems(lib, graph)):
        ok = False
        print(f"check_lib: {problem}", file=sys.stderr)
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
              f"{len(tests)} game tests outside facts.c and games.c; "
              "the state written by its owners only; a prefix per file")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
