"""Arenas between AI configurations, on one machine or many (Dask).

The same matches as ``city-cli arena`` (docs/ai.md, "Tools"), played by
Dask workers in batches of games, with the same games and the same
summary, byte for byte (docs/distributed.md)::

    import libcity.arena
    result = libcity.arena.run(["greedy", "random"], games=40, seed=7)
    print(result.text(), end="")          # what city-cli arena prints
    result.games[0]["scores"], result.configs[0]["rate"]

From the shell (``--scheduler tcp://HOST:8786`` for a running cluster,
otherwise a local one of ``--workers K`` processes)::

    python3 -m libcity.arena greedy random --games 40 --seed 7

Game i (0-based) uses the draw seed ``S + i // P`` with the seats rotated
by ``i % P`` (seat s plays configuration ``(s + i % P) % C``), and the AI of
seat s is seeded with ``seed * 0x9E3779B97F4A7C15 + s`` (mod 2**64): a
game depends only on the arena's arguments and its index, never on the
worker, the batch or the order in which games finish. The summary sums
the games in index order, as city-cli does.

Dask (Debian: ``python3-distributed``) is imported only when a run starts;
the rest of this module (schedule, spec parsing, one game, the summary)
needs only the library.
"""

import math
import os
import re
import sys
import traceback

from .ai import AI, KINDS, LEVELS
from .game import CARC_CATEGORIES, CATEGORIES, Game

__all__ = ["run", "Arena", "ArenaResult", "GameFailed", "parse_spec",
           "schedule", "seat_seed", "play_game", "main"]

#: At most this many configurations (city-cli's ARENA_MAX_CONFIGS).
MAX_CONFIGS = 8
#: The seat seed's multiplier (examples/cli_ai.c, arena_game).
GOLDEN = 0x9E3779B97F4A7C15
MASK64 = (1 << 64) - 1
_SPEC_MAX = 47       # cli_seat.spec is char[48]
_NAMED_MAX = 47      # apply_named's buffer is char[48]
_Z = 1.959963984540054

#: Named seat parameters (``mcts:2000,c=0.5``) and the AI's names for them.
NAMED = {"iterations": "iterations", "time": "time_ms", "threads": "threads",
         "c": "exploration", "trees": "trees", "margin": "margin",
         "potential": "potential", "playout": "playout"}

_SPEC_HELP = ("human, random, greedy, mcts[:ITERATIONS[:THREADS]], easy, "
              "medium, hard; then ,name=value for iterations, time, threads,"
              " c, trees, margin, potential, playout")

# strtod's syntax (what city-cli accepts for a named value): decimal or
# hexadecimal, inf/infinity/nan, leading white space, nothing after.
_DEC = re.compile(r"[ \t\n\v\f\r]*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\Z")
_HEX = re.compile(r"[ \t\n\v\f\r]*([+-]?)(0[xX]([0-9a-fA-F]+\.?[0-9a-fA-F]*"
                  r"|\.[0-9a-fA-F]+)([pP][+-]?\d+)?)\Z")
_SPECIAL = re.compile(r"[ \t\n\v\f\r]*([+-]?)(inf|infinity|nan(\([0-9A-Za-z_]*"
                      r"\))?)\Z", re.IGNORECASE)


class GameFailed(Exception):
    """A game of an arena raised: ``index`` (1-based, as city-cli numbers
    games), ``seed`` (its draw seed) and ``error`` (the exception as text)."""

    def __init__(self, index, seed, error):
        super().__init__("game %d (seed %d) failed: %s" % (index, seed, error))
        self.index, self.seed, self.error = index, seed, error


def _strtod(text):
    """The value of a whole string as C's strtod reads it, or None."""
    if _DEC.match(text):
        return float(text)
    m = _HEX.match(text)
    if m:
        body = m.group(2)
        if not m.group(4):
            body += "p0"
        return float.fromhex(m.group(1) + body)
    m = _SPECIAL.match(text)
    if m:
        return float(m.group(1) + m.group(2).split("(")[0])
    return None


def _number(text, top):
    """cli_parse_number: decimal digits only, at most ``top``; or None."""
    if not text or not all("0" <= ch <= "9" for ch in text):
        return None
    v = int(text)
    return v if v <= top else None


def parse_spec(spec, seed=0):
    """An :class:`AI` for a seat spec as ``city-cli`` reads it
    (``random``, ``greedy``, ``mcts[:ITERATIONS[:THREADS]]``, ``easy``,
    ``medium``, ``hard``, then ``,name=value`` pairs), seeded with
    ``seed``. Raises ValueError with city-cli's message for a bad spec;
    ``human`` is refused (an arena seat must be an AI)."""
    bad = ValueError('bad seat "%s" (%s)' % (spec, _SPEC_HELP))
    if not isinstance(spec, str) or len(spec.encode()) > _SPEC_MAX:
        raise bad
    head, comma, named = spec.partition(",")
    kind, colon, rest = head.partition(":")
    if not kind or len(kind) >= 16:
        raise bad
    iters = threads = 0
    if colon:
        num, colon2, th = rest.partition(":")
        iters = _number(num, 100000000) if kind == "mcts" else None
        if not iters:
            raise bad
        if colon2:
            threads = _number(th, 64)
            if not threads:
                raise bad
    if kind == "human":
        raise ValueError("a seat must be an AI")
    if kind not in KINDS and kind not in LEVELS:
        raise bad
    ai = AI(kind, seed=seed)
    try:
        if iters:
            ai.set("iterations", iters)
        if threads:
            ai.set("threads", threads)
        if comma:
            if len(named.encode()) > _NAMED_MAX:
                raise ValueError(named)
            for tok in named.split(","):
                if not tok:  # strtok skips empty fields
                    continue
                name, eq, text = tok.partition("=")
                value = _strtod(text) if eq else None
                if value is None or name not in NAMED:
                    raise ValueError(tok)
                ai.set(NAMED[name], value)
    except Exception:
        ai.close()
        raise ValueError('cannot make the AI "%s": CITY_EINVAL' % head)
    return ai


def seat_seed(game_seed, seat):
    """The seed of the AI in ``seat`` of a game drawn with ``game_seed``."""
    return (game_seed * GOLDEN + seat) & MASK64


def schedule(index, players, configs, seed):
    """Game ``index`` (0-based) of an arena from ``seed``: ``(draw seed,
    [configuration of seat 0, seat 1, ...])``."""
    r = index % players
    return ((seed + index // players) & MASK64,
            [(s + r) % configs for s in range(players)])


class Arena:
    """The arguments of an arena (picklable: sent to every task)."""

    def __init__(self, specs, games=20, players=2, game="the-city",
                 expansions=(), rules=None, seed=1):
        specs = list(specs)
        if not 2 <= len(specs) <= MAX_CONFIGS:
            raise ValueError("an arena takes 2 to %d configurations, not %d"
                             % (MAX_CONFIGS, len(specs)))
        if isinstance(expansions, str):
            expansions = (expansions,)
        if not isinstance(games, int) or not 1 <= games <= 1000000:
            raise ValueError("games must be 1..1000000, not %r" % (games,))
        if not isinstance(seed, int) or not 0 <= seed <= MASK64:
            raise ValueError("seed must be 0..2**64-1, not %r" % (seed,))
        self.specs = specs
        self.games = games
        self.players = players
        self.game = game
        self.expansions = tuple(expansions)
        self.rules = dict(rules or {})
        self.seed = seed

    def check(self):
        """Raise ValueError (or the library's error) when a spec or the
        game choice is bad, before any game is sent out."""
        for spec in self.specs:
            parse_spec(spec).close()
        self.new_game(0).close()

    def new_game(self, seed):
        return Game(players=self.players, seed=seed, rules=self.rules,
                    game=self.game, expansions=self.expansions)

    def header(self):
        """city-cli arena's first line."""
        carc = self.game == "carcassonne"
        exps = [x for x in ("river", "tower") if x in self.expansions]
        kind = ("" if not carc
                else "carcassonne%s, " % "".join(" + " + x for x in exps))
        return ("arena: %s%d configurations, %d players, %d games from seed "
                "%d, seats rotated within each seed\n"
                % (kind, len(self.specs), self.players, self.games,
                   self.seed))


def _categories(g):
    """The names of the game's score categories (cli_ai.c,
    game_categories): The City's five, the base game's four, plus ransom
    with The Tower."""
    if g.game == "carcassonne":
        return CARC_CATEGORIES if "tower" in g.expansions \
            else CARC_CATEGORIES[:4]
    return CATEGORIES


def play_game(arena, index, record=False, analysis=0, line=0):
    """Play game ``index`` (0-based) of ``arena``: a dict with ``game``
    (1-based), ``seed``, ``seats`` (the spec of each seat), ``conf`` (the
    configuration number of each seat), ``scores``, ``winners``,
    ``categories`` (names) and ``detail`` (per seat, the points per
    category), ``moves``, ``end_reasons``, ``error`` (None); with
    ``record`` the game's ``.city`` record as ``record``; with ``analysis``
    N > 0, ``decisions``: per decision the deciding seat's analysis, its
    best N moves (and ``line`` steps of its principal line). Analysing
    plays the same moves as choosing (the first move of an analysis is the
    AI's choice, and the AI's state advances the same way)."""
    seed, conf = schedule(index, arena.players, len(arena.specs), arena.seed)
    out = {"game": index + 1, "seed": seed,
           "seats": [arena.specs[c] for c in conf], "conf": conf,
           "ai_seeds": [seat_seed(seed, s) for s in range(len(conf))],
           "error": None}
    ais = []
    g = None
    try:
        g = arena.new_game(seed)
        ais = [parse_spec(arena.specs[c], seat_seed(seed, s))
               for s, c in enumerate(conf)]
        decisions = [] if analysis > 0 else None
        while not g.ended:
            p = g.player
            if decisions is None:
                g.apply(ais[p].choose(g))
                continue
            stats, steps = ais[p].analyse(g, line=max(line, 1))
            decisions.append({
                "ply": g.move_count, "player": p, "decision": g.decision,
                "tile": g.current_tile, "move": str(stats[0].move),
                "legal": len(stats),
                "top": [[str(s.move), s.visits, s.mean]
                        for s in stats[:analysis]],
                "line": [[s.player, str(s.move), s.visits, s.mean,
                          s.design] for s in steps[:line]]})
            g.apply(stats[0].move)
        out["scores"] = g.score_final()
        out["winners"] = g.winners
        cats = _categories(g)
        out["categories"] = list(cats)
        out["detail"] = [[b[c] for c in cats] for b in g.breakdown]
        out["moves"] = g.move_count
        out["end_reasons"] = list(g.end_reasons)
        if record:
            out["record"] = g.save()
        if decisions is not None:
            out["decisions"] = decisions
    except Exception as exc:  # reported with the game's seed, not dropped
        out["error"] = "%s: %s" % (type(exc).__name__, exc)
        out["traceback"] = traceback.format_exc()
    finally:
        for ai in ais:
            ai.close()
        if g is not None:
            g.close()
    return out


def _play_batch(arena, first, stop, record, analysis, line):
    """A task: games first .. stop-1, each caught on its own."""
    out = [play_game(arena, i, record, analysis, line)
           for i in range(first, stop)]
    try:
        from distributed import get_worker
        where = get_worker().address
    except (ImportError, ValueError):
        where = None
    for r in out:
        r["worker"] = where
    return out


def _worker_library():
    """(version, path) of the library a worker loaded."""
    import libcity
    return libcity.version(), libcity.library_path


def game_line(r):
    """A game's line of city-cli arena's output."""
    return "game %d seed %d seats %s scores %s winners%s\n" % (
        r["game"], r["seed"], " ".join(r["seats"]),
        " ".join("%d" % v for v in r["scores"]),
        "".join(" p%d" % p for p in r["winners"]))


def wilson(p, n):
    """The 95 % Wilson score interval of a rate p over n trials
    (cli_ai.c's arithmetic, operation by operation)."""
    if n <= 0:
        return 0.0, 1.0
    z = _Z
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return centre - half, centre + half


def summarize(specs, results):
    """Per configuration: games, wins (sole first places), shared,
    losses, rate (a shared first place counts 1/k), ci (Wilson 95 %),
    score and categories (means per seat-game), summed over ``results``
    (finished games) in their order."""
    cs = [{"spec": s, "games": 0, "w": 0.0, "wins": 0, "shared": 0,
           "losses": 0, "score_sum": 0.0, "cat_sum": None, "seats": 0}
          for s in specs]
    cats = []
    for r in results:
        cats = r["categories"]
        mask = set(r["winners"])
        for c, st in enumerate(cs):
            won = 0
            present = False
            for s, conf in enumerate(r["conf"]):
                if conf != c:
                    continue
                present = True
                won += s in mask
                st["seats"] += 1
                st["score_sum"] += r["scores"][s]
                if st["cat_sum"] is None:
                    st["cat_sum"] = [0.0] * len(cats)
                for k, v in enumerate(r["detail"][s]):
                    st["cat_sum"][k] += v
            if not present:
                continue
            st["games"] += 1
            st["w"] += won / len(mask)
            if won and won == len(mask):
                st["wins"] += 1
            elif won:
                st["shared"] += 1
            else:
                st["losses"] += 1
    out = []
    for st in cs:
        p = st["w"] / st["games"] if st["games"] else 0
        seats = st["seats"] if st["seats"] else 1
        sums = st["cat_sum"] or [0.0] * len(cats)
        out.append({"spec": st["spec"], "games": st["games"],
                    "wins": st["wins"], "shared": st["shared"],
                    "losses": st["losses"], "rate": p,
                    "ci": wilson(p, st["games"]),
                    "score": st["score_sum"] / seats,
                    "categories": {name: sums[k] / seats
                                   for k, name in enumerate(cats)}})
    return out, list(cats)


def table(configs, cats):
    """city-cli arena's table of configurations."""
    lines = ["%-18s %5s %6s %6s %6s  %-6s %-17s %7s" % (
        "config", "games", "wins", "shared", "losses", "rate",
        "95% CI (Wilson)", "score") + "".join(" %8s" % c for c in cats)]
    for c in configs:
        lines.append("%-18s %5d %6d %6d %6d  %.3f  [%.3f, %.3f]  %7.1f" % (
            c["spec"], c["games"], c["wins"], c["shared"], c["losses"],
            c["rate"], c["ci"][0], c["ci"][1], c["score"]) +
            "".join(" %8.1f" % c["categories"][k] for k in cats))
    return "\n".join(lines) + "\n"


class ArenaResult:
    """What :func:`run` returns: ``games`` (one dict per game, in index
    order, see :func:`play_game`), ``failed`` (the games whose ``error`` is
    set), ``configs`` (the summary per configuration over the finished
    games, see :func:`summarize`), ``categories`` and :meth:`text`."""

    def __init__(self, arena, games):
        self.arena = arena
        self.games = games
        self.failed = [g for g in games if g["error"]]
        self.configs, self.categories = summarize(
            arena.specs, [g for g in games if not g["error"]])

    def summary(self):
        """The table city-cli arena prints at the end."""
        return table(self.configs, self.categories)

    def text(self, quiet=False):
        """Everything ``city-cli arena`` prints on stdout for the same
        arguments: the header, a line per game (unless ``quiet``), the
        table. Raises :class:`GameFailed` for the first failed game (city-cli
        stops there and prints no table)."""
        if self.failed:
            g = self.failed[0]
            raise GameFailed(g["game"], g["seed"], g["error"])
        return (self.arena.header() +
                ("" if quiet else "".join(game_line(g) for g in self.games)) +
                self.summary())


def _batches(games, batch, workers):
    """[first, stop) ranges: ``batch`` games each, or by default about
    eight tasks per worker (at most 50 games a task)."""
    if not batch:
        batch = max(1, min(50, games // (8 * max(1, workers))))
    return [(i, min(i + batch, games)) for i in range(0, games, batch)]


def _local_cluster(workers):
    import logging
    from distributed import Client, LocalCluster
    cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1,
                           threads_per_worker=1, processes=True,
                           dashboard_address=None,
                           silence_logs=logging.ERROR)
    return cluster, Client(cluster)


def run(specs, games=20, players=2, game="the-city", expansions=(),
        rules=None, seed=1, client=None, workers=None, batch=None,
        record=False, analysis=0, line=0, progress=False, on_game=None):
    """Play an arena on Dask and return an :class:`ArenaResult`.

    ``specs``: 2 to 8 seat specs as city-cli takes them; ``games``,
    ``players``, ``seed`` as ``city-cli arena --games --players --seed``;
    ``game``, ``expansions``, ``rules`` as :class:`libcity.Game` takes
    them. ``client``: a ``distributed.Client`` (its workers must import
    this package and load a libcity of the same version); None starts a
    ``LocalCluster`` of ``workers`` processes (default: one per core), one
    thread each, and closes it at the end (also on Ctrl-C). ``batch``:
    games per task (default: about eight tasks per worker). ``record``,
    ``analysis``, ``line``: see :func:`play_game`. ``progress``: show a
    tqdm bar on stderr. ``on_game(result)`` is called for each game in
    index order as soon as it and every game before it are done.
    ``result.seconds``: the wall time from the first task sent to the last
    result (a cluster's start not included); ``result.workers``: how many
    workers the scheduler had then.

    A game that raises is reported in ``result.failed`` with its seed; a
    worker that dies loses no game (Dask runs its tasks again elsewhere;
    a game's result does not depend on where it runs)."""
    arena = Arena(specs, games, players, game, expansions, rules, seed)
    arena.check()
    cluster = None
    if client is None:
        cluster, client = _local_cluster(workers)
    try:
        return _run_on(client, arena, batch, record, analysis, line,
                       progress, on_game)
    finally:
        if cluster is not None:
            client.close()
            cluster.close()


def _check_workers(client):
    """Warn when a worker loaded another version of the library (its games
    would not be the client's)."""
    import libcity
    mine = libcity.version()
    for addr, (version, path) in sorted(client.run(_worker_library).items()):
        if version != mine:
            sys.stderr.write("libcity.arena: warning: worker %s loaded "
                             "libcity %s (%s), this process %s\n"
                             % (addr, version, path, mine))


def _run_on(client, arena, batch, record, analysis, line, progress,
            on_game):
    from distributed import as_completed
    import time
    import uuid
    _check_workers(client)
    nworkers = max(1, len(client.scheduler_info().get("workers", {})))
    started = time.monotonic()
    tag = uuid.uuid4().hex[:12]
    futures = [client.submit(_play_batch, arena, a, b, record, analysis,
                             line, key="libcity-arena-%s-%d-%d" % (tag, a, b),
                             pure=False)
               for a, b in _batches(arena.games, batch, nworkers)]
    bar = None
    if progress:
        try:
            from tqdm import tqdm
        except ImportError:
            sys.stderr.write("libcity.arena: no progress bar without tqdm "
                             "(Debian: python3-tqdm)\n")
        else:
            bar = tqdm(total=arena.games, unit="game", file=sys.stderr,
                       dynamic_ncols=True)
    results = [None] * arena.games
    ready = 0
    try:
        for fut in as_completed(futures):
            for r in fut.result():
                # a task run again (its worker died) cannot report twice
                if results[r["game"] - 1] is None:
                    results[r["game"] - 1] = r
                    if bar is not None:
                        bar.update(1)
            fut.release()
            while ready < arena.games and results[ready] is not None:
                if on_game is not None:
                    on_game(results[ready])
                ready += 1
    except BaseException:
        client.cancel(futures)
        raise
    finally:
        if bar is not None:
            bar.close()
    result = ArenaResult(arena, results)
    result.seconds = time.monotonic() - started
    result.workers = nworkers
    return result


# ------------------------------------------------------------------------
# Command line: python3 -m libcity.arena


def _usage():
    return (
        "usage: python3 -m libcity.arena "
        "[--game NAME [--expansion tower|river]] [--games N]\n"
        "                      [--players P] [--seed S] "
        "[--rule name=value]...\n"
        "                      [--quiet] [--scheduler ADDRESS | --workers K]"
        " [--batch B]\n"
        "                      [--progress | --no-progress] [--timing] "
        "[--record DIR [--analysis N]]\n"
        "                      SPEC SPEC...\n"
        "  NAME: the-city (the default) or carcassonne; P: 2..4 "
        "(2..5 in carcassonne)\n"
        "  SPEC: random, greedy, mcts[:ITERATIONS[:THREADS]], easy, "
        "medium, hard\n"
        "  N games (default 20): seeds S, S+1, ... each played with the "
        "seats rotated\n"
        "  ADDRESS: a Dask scheduler (tcp://HOST:8786); otherwise a local "
        "cluster of K\n"
        "  worker processes (default: one per core). Same games and output "
        "as city-cli arena.\n"
        "  --record DIR: self-play data (DIR/games.jsonl, DIR/records/*.city;"
        " --analysis N:\n"
        "  DIR/decisions.jsonl with the best N moves of each decision)\n"
        "  --timing: games/s on stderr (from the first task sent, the "
        "cluster's start excluded)\n")


class _Usage(Exception):
    pass


def _parse_args(argv):
    """city-cli arena's options (same names and ranges) plus Dask's."""
    opts = {"specs": [], "games": 20, "players": 2, "seed": 1,
            "game": "the-city", "expansions": [], "rules": {}, "quiet": False,
            "scheduler": None, "workers": None, "batch": None,
            "progress": None, "record": None, "analysis": 0,
            "timing": False}
    k = 0
    while k < len(argv):
        a = argv[k]
        v = argv[k + 1] if k + 1 < len(argv) else None
        take = True
        if a == "--game" and v is not None:
            if v not in ("the-city", "carcassonne"):
                raise _Usage('--game must be the-city or carcassonne, not '
                             '"%s"' % v)
            opts["game"] = v
        elif a == "--expansion" and v is not None:
            if v not in ("tower", "river") or opts["game"] != "carcassonne":
                raise _Usage('--expansion must be tower or river (after '
                             '--game carcassonne), not "%s"' % v)
            if v not in opts["expansions"]:
                opts["expansions"].append(v)
        elif a == "--rule" and v is not None:
            name, eq, value = v.partition("=")
            if not eq or not name:
                raise _Usage('bad --rule (e.g. wall_trigger=any, end_gap=3, '
                             'farmers=yes): "%s"' % v)
            opts["rules"][name] = value
        elif a == "--games" and _number(v, 1000000):
            opts["games"] = _number(v, 1000000)
        elif a == "--players" and _number(v, 5) and _number(v, 5) >= 2:
            opts["players"] = _number(v, 5)
        elif a == "--seed" and _number(v, MASK64) is not None:
            opts["seed"] = _number(v, MASK64)
        elif a == "--scheduler" and v:
            opts["scheduler"] = v
        elif a == "--workers" and _number(v, 1024):
            opts["workers"] = _number(v, 1024)
        elif a == "--batch" and _number(v, 1000000):
            opts["batch"] = _number(v, 1000000)
        elif a == "--record" and v:
            opts["record"] = v
        elif a == "--analysis" and _number(v, 100000) is not None:
            opts["analysis"] = _number(v, 100000)
        else:
            take = False
            if a == "--quiet":
                opts["quiet"] = True
            elif a == "--timing":
                opts["timing"] = True
            elif a in ("--progress", "--no-progress"):
                opts["progress"] = a == "--progress"
            elif a in ("-h", "--help"):
                sys.stdout.write(_usage())
                sys.exit(0)
            elif not a.startswith("-") and len(opts["specs"]) < MAX_CONFIGS:
                opts["specs"].append(a)
            else:
                raise _Usage('bad argument "%s"' % a)
        k += 2 if take else 1
    if len(opts["specs"]) < 2:
        raise _Usage(None)
    if opts["scheduler"] and opts["workers"]:
        raise _Usage("--scheduler and --workers exclude each other")
    return opts


def main(argv=None):
    """``python3 -m libcity.arena``: exit status 0, 1 (usage) or 2 (a game
    failed: each failed game on stderr with its seed, no table)."""
    argv = sys.argv[1:] if argv is None else argv
    me = "libcity.arena"
    try:
        o = _parse_args(argv)
        arena = Arena(o["specs"], o["games"], o["players"], o["game"],
                      o["expansions"], o["rules"], o["seed"])
        for name, value in o["rules"].items():
            try:
                Game(game=o["game"], expansions=o["expansions"],
                     rules={name: value}).close()
            except Exception:
                raise _Usage('bad --rule (e.g. wall_trigger=any, end_gap=3,'
                             ' farmers=yes): "%s=%s"' % (name, value))
        try:
            arena.check()
        except ValueError as exc:
            raise _Usage(str(exc))
        except Exception:
            # as city-cli: the message alone, no usage
            sys.stderr.write("%s: --players must be 2..4 (2..5 in "
                             "carcassonne), not %d\n" % (me, o["players"]))
            return 1
    except _Usage as exc:
        if exc.args[0]:
            sys.stderr.write("%s: %s\n" % (me, exc.args[0]))
        if exc.args[0] is None or exc.args[0].startswith("bad argument"):
            sys.stderr.write(_usage())
        return 1
    try:
        import distributed  # noqa: F401
    except ImportError:
        sys.stderr.write("%s: needs Dask's distributed (Debian: apt-get "
                         "install python3-distributed)\n" % me)
        return 2
    progress = o["progress"]
    if progress is None:
        progress = sys.stderr.isatty()
    out = sys.stdout
    client = writer = None
    try:
        if o["scheduler"]:
            from distributed import Client
            client = Client(o["scheduler"])
        out.write(arena.header())
        out.flush()
        if o["record"]:
            from .selfplay import Writer
            writer = Writer(o["record"], analysis=o["analysis"] > 0,
                            arena=arena)

        def on_game(r):
            if writer is not None:
                writer.add(r)
            if not o["quiet"] and not r["error"]:
                out.write(game_line(r))
                out.flush()

        result = run(arena.specs, arena.games, arena.players, arena.game,
                     arena.expansions, arena.rules, arena.seed,
                     client=client, workers=o["workers"], batch=o["batch"],
                     record=writer is not None, analysis=o["analysis"],
                     progress=progress, on_game=on_game)
    except KeyboardInterrupt:
        sys.stderr.write("%s: interrupted\n" % me)
        return 130
    except (OSError, TimeoutError) as exc:  # e.g. no scheduler there
        sys.stderr.write("%s: %s: %s\n" % (me, type(exc).__name__, exc))
        return 2
    finally:
        if writer is not None:
            writer.close()
        if client is not None:
            client.close()
    if o["timing"]:
        sys.stderr.write("%s: %d games in %.2f s (%.2f games/s) on %d "
                         "workers\n" % (me, arena.games, result.seconds,
                                        arena.games / result.seconds,
                                        result.workers))
    for g in result.failed:
        sys.stderr.write("%s: game %d (seed %d) failed: %s\n"
                         % (me, g["game"], g["seed"], g["error"]))
    if result.failed:
        return 2
    out.write(result.summary())
    return 0


if __name__ == "__main__":
    # The package's own module, not this __main__ copy: the functions sent
    # to the workers must be importable there as libcity.arena.*.
    from libcity.arena import main as _main
    sys.exit(_main())
