"""libcity.arena and libcity.selfplay (docs/distributed.md): the games and
the summary of `city-cli arena`, on Dask. These tests use an in-process
Dask cluster (threads); test_arena_cluster.py runs a scheduler and worker
processes. Skipped, with the reason, when Dask (Debian:
python3-distributed) is not installed.

Run as test_libcity.py says (LIBCITY_LIBRARY, CITY_CLI).
"""

import json
import logging
import os
import subprocess
import sys
import tempfile
import unittest

import libcity

try:
    import distributed
except ImportError:  # pragma: no cover - Debian: python3-distributed
    distributed = None

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_libcity import find_cli  # noqa: E402

NO_DASK = "Dask is not installed (Debian: apt-get install python3-distributed)"


def city_cli_arena(args):
    """city-cli arena's stdout for these arguments."""
    cli = find_cli()
    if not cli:
        raise unittest.SkipTest("city-cli not found (set CITY_CLI)")
    return subprocess.run([cli, "arena"] + args, check=True,
                          stdout=subprocess.PIPE,
                          universal_newlines=True).stdout


class TestSchedule(unittest.TestCase):
    """The derivation of city-cli arena (examples/cli_ai.c), without Dask."""

    def test_seats_and_seeds(self):
        from libcity.arena import schedule, seat_seed
        # game i: seed S + i / P, seat s plays configuration (s + i % P) % C
        self.assertEqual(schedule(0, 2, 2, 5), (5, [0, 1]))
        self.assertEqual(schedule(1, 2, 2, 5), (5, [1, 0]))
        self.assertEqual(schedule(2, 2, 2, 5), (6, [0, 1]))
        self.assertEqual(schedule(4, 3, 2, 7), (8, [1, 0, 1]))
        self.assertEqual(schedule(5, 3, 4, 7), (8, [2, 3, 0]))
        self.assertEqual(schedule(3, 2, 2, 2 ** 64 - 1), (0, [1, 0]))
        # the AI of seat s: seed * 0x9E3779B97F4A7C15 + s, mod 2**64
        self.assertEqual(seat_seed(1, 1), 0x9E3779B97F4A7C16)
        self.assertEqual(seat_seed(2, 0), 0x3C6EF372FE94F82A)

    def test_wilson(self):
        from libcity.arena import wilson
        self.assertEqual(wilson(0.5, 0), (0.0, 1.0))
        lo, hi = wilson(1.0, 12)
        self.assertEqual("%.3f %.3f" % (lo, hi), "0.758 1.000")
        lo, hi = wilson(126.0 / 200 + 2.5 / 200, 200)   # docs/ai.md: hard
        self.assertEqual("%.3f %.3f" % (lo, hi), "0.574 0.706")

    def test_specs_as_city_cli_reads_them(self):
        from libcity.arena import parse_spec
        ai = parse_spec("mcts:300:2,c=0.25,playout=-1,time=0x10", 3)
        self.assertEqual((ai.kind, ai.get("iterations"), ai.get("threads"),
                          ai.get("exploration"), ai.get("playout"),
                          ai.get("time_ms")), ("mcts", 300, 2, 0.25, -1, 16))
        ai.close()
        bad = ('bad seat "%s" (human, random, greedy, mcts[:ITERATIONS'
               '[:THREADS]], easy, medium, hard; then ,name=value for '
               'iterations, time, threads, c, trees, margin, potential, '
               'playout)')
        for spec in ("clever", "greedy:5", "mcts:0", "mcts:1:0", "mcts:x",
                     "", "x" * 48):
            with self.assertRaises(ValueError) as cm:
                parse_spec(spec)
            self.assertEqual(str(cm.exception), bad % spec)
        for spec, head in (("mcts,c=x", "mcts"), ("easy,speed=1", "easy"),
                           ("greedy,c", "greedy"), ("hard,c=nan", "hard"),
                           ("mcts:5,threads=0", "mcts:5")):
            with self.assertRaises(ValueError) as cm:
                parse_spec(spec)
            self.assertEqual(str(cm.exception),
                             'cannot make the AI "%s": CITY_EINVAL'
                             % head)
        with self.assertRaises(ValueError) as cm:
            parse_spec("human")
        self.assertEqual(str(cm.exception), "a seat must be an AI")

    def test_a_game_on_its_own(self):
        from libcity.arena import Arena, game_line, play_game
        arena = Arena(["greedy", "random"], games=4, seed=5)
        r = play_game(arena, 1)
        self.assertIsNone(r["error"])
        # city-cli arena --games 12 --seed 5 greedy random, its game 2
        self.assertEqual(game_line(r), "game 2 seed 5 seats random greedy "
                         "scores 43 138 winners p1\n")
        self.assertEqual(r["categories"], list(libcity.CATEGORIES))
        self.assertEqual([sum(d) for d in r["detail"]], r["scores"])

    def test_usage_errors_are_city_clis(self):
        import contextlib
        import io
        import libcity.arena as arena
        cli = find_cli()
        if not cli:
            self.skipTest("city-cli not found (set CITY_CLI)")
        for args in (["greedy", "random", "--players", "5"],
                     ["greedy", "random", "--rule", "end_gap=99"],
                     ["greedy", "mcts,c=x"], ["greedy", "human"],
                     ["greedy"], ["greedy", "random", "--frob"],
                     ["--games", "0", "greedy", "random"],
                     ["--expansion", "tower", "greedy", "random"],
                     ["--game", "carcassonne", "--expansion", "lake",
                      "greedy", "random"],
                     ["--game", "x", "greedy", "random"]):
            want = subprocess.run([cli, "arena"] + args,
                                  stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE,
                                  universal_newlines=True)
            err, out = io.StringIO(), io.StringIO()
            with contextlib.redirect_stderr(err), \
                    contextlib.redirect_stdout(out):
                rc = arena.main(args)
            self.assertEqual((rc, out.getvalue()),
                             (want.returncode, want.stdout), args)
            # the first line; the usage that may follow names the command
            self.assertEqual(
                err.getvalue().splitlines()[0],
                want.stderr.splitlines()[0]
                .replace("city-cli: arena:", "libcity.arena:")
                .replace("city-cli arena", "python3 -m libcity.arena"),
                args)


@unittest.skipIf(distributed is None, NO_DASK)
class TestArenaOnDask(unittest.TestCase):
    """One in-process cluster (threads) for the class."""

    @classmethod
    def setUpClass(cls):
        cls.cluster = distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False,
            dashboard_address=None, silence_logs=logging.ERROR)
        cls.client = distributed.Client(cls.cluster)

    @classmethod
    def tearDownClass(cls):
        cls.client.close()
        cls.cluster.close()

    def test_summary_is_city_clis(self):
        import libcity.arena as arena
        for args, kw in (
                (["--games", "8", "--seed", "11", "greedy", "random"],
                 dict(specs=["greedy", "random"], games=8, seed=11)),
                (["--game", "carcassonne", "--expansion", "tower",
                  "--players", "3", "--games", "5", "--seed", "3",
                  "greedy", "random", "mcts:40"],
                 dict(specs=["greedy", "random", "mcts:40"], games=5,
                      players=3, game="carcassonne", expansions=("tower",),
                      seed=3)),
                (["--game", "carcassonne", "--expansion", "tower",
                  "--expansion", "river", "--games", "4", "--seed", "5",
                  "greedy", "random"],
                 dict(specs=["greedy", "random"], games=4,
                      game="carcassonne", expansions=("tower", "river"),
                      seed=5)),
                (["--rule", "end_gap=3", "--games", "5", "--players", "3",
                  "random", "greedy"],
                 dict(specs=["random", "greedy"], games=5, players=3,
                      rules={"end_gap": "3"}))):
            want = city_cli_arena(args)
            got = arena.run(client=self.client, batch=2, **kw)
            self.assertEqual(got.text(), want)
            self.assertEqual(got.text(quiet=True),
                             city_cli_arena(["--quiet"] + args))

    def test_the_same_games_whatever_the_batches(self):
        import libcity.arena as arena
        runs = [arena.run(["random", "greedy", "mcts:20"], games=7,
                          players=2, seed=40, client=self.client,
                          batch=b) for b in (1, 3, 7)]
        keep = ("game", "seed", "seats", "scores", "winners", "detail")
        rows = [[{k: g[k] for k in keep} for g in r.games] for r in runs]
        self.assertEqual(rows[0], rows[1])
        self.assertEqual(rows[0], rows[2])
        self.assertEqual(runs[0].summary(), runs[2].summary())
        self.assertEqual([g["game"] for g in runs[0].games],
                         list(range(1, 8)))

    def test_a_game_that_raises_is_reported_with_its_seed(self):
        import libcity.arena as arena
        real = arena.parse_spec

        def failing(spec, seed=0):
            # game 4 (seed 10 + 3 // 2 = 11, seats rotated): greedy in
            # seat 1
            if seed == arena.seat_seed(11, 1) and spec == "greedy":
                raise MemoryError("injected")
            return real(spec, seed)
        arena.parse_spec = failing
        try:
            got = arena.run(["greedy", "random"], games=6, seed=10,
                            client=self.client, batch=3)
        finally:
            arena.parse_spec = real
        self.assertEqual([(g["game"], g["seed"], g["error"])
                          for g in got.failed],
                         [(4, 11, "MemoryError: injected")])
        self.assertEqual(len(got.games), 6)
        self.assertEqual(got.configs[0]["games"], 5)
        with self.assertRaises(arena.GameFailed) as cm:
            got.text()
        self.assertEqual(str(cm.exception),
                         "game 4 (seed 11) failed: MemoryError: injected")

    def test_bad_arguments_before_any_game(self):
        import libcity.arena as arena
        with self.assertRaises(ValueError):
            arena.run(["greedy"], client=self.client)
        with self.assertRaises(ValueError):
            arena.run(["greedy", "clever"], client=self.client)
        with self.assertRaises(libcity.InvalidArgument):
            arena.run(["greedy", "random"], players=5, client=self.client)

    def test_selfplay_folder(self):
        import libcity.selfplay as selfplay
        with tempfile.TemporaryDirectory() as d:
            got = selfplay.write(d, ["mcts:30", "greedy"], games=3, seed=21,
                                 analysis=3, line=2, client=self.client,
                                 batch=2)
            plain = __import__("libcity.arena").arena.run(
                ["mcts:30", "greedy"], games=3, seed=21, client=self.client)
            # analysing each decision plays the same games
            self.assertEqual(got.summary(), plain.summary())
            with open(os.path.join(d, "games.jsonl")) as f:
                rows = [json.loads(line) for line in f]
            self.assertEqual([r["game"] for r in rows], [1, 2, 3])
            for row, g in zip(rows, plain.games):
                self.assertEqual((row["seed"], row["scores"], row["error"]),
                                 (g["seed"], g["scores"], None))
                with open(os.path.join(d, row["record"])) as f:
                    with libcity.Game.load(f.read()) as replay:
                        self.assertEqual(replay.score_final(), g["scores"])
                        self.assertEqual(replay.move_count, row["moves"])
            with open(os.path.join(d, "decisions.jsonl")) as f:
                dec = [json.loads(line) for line in f]
            self.assertEqual(len(dec), sum(r["moves"] for r in rows))
            first = dec[0]
            self.assertEqual((first["game"], first["ply"], first["player"],
                              first["spec"], first["decision"]),
                             (1, 0, 0, "mcts:30", "tile"))
            self.assertEqual(first["top"][0][0], first["move"])
            self.assertLessEqual(len(first["top"]), 3)
            self.assertEqual(sum(t[1] for t in first["top"]) <= 30, True)
            self.assertEqual(first["line"][0][1], first["move"])
            with open(os.path.join(d, "arena.json")) as f:
                self.assertEqual(json.load(f)["specs"], ["mcts:30", "greedy"])
            try:
                import pandas
            except ImportError:
                return
            frame = pandas.read_json(os.path.join(d, "games.jsonl"),
                                     lines=True)
            self.assertEqual(list(frame["seed"]), [21, 21, 22])


if __name__ == "__main__":
    unittest.main()
