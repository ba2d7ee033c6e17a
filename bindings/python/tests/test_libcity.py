"""Tests of the Python binding (unittest, standard library only).

Run from bindings/python:

    LIBCITY_LIBRARY=/path/to/libcity.so.1 CITY_CLI=/path/to/city-cli \\
        python3 -m unittest discover -s tests -v

CTest runs them (test `python_binding`) and so does scripts/test.sh against
the packaging build. CITY_CLI is the city-cli binary whose
`replay FILE --trace` the Python-built traces must equal; when it is not
set, city-cli is looked for in <library dir>/examples/.
"""

import ctypes
import gc
import os
import random
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir))

import libcity  # noqa: E402
from libcity import _ffi  # noqa: E402


def find_cli():
    cli = os.environ.get("CITY_CLI")
    if cli:
        return cli
    guess = os.path.join(os.path.dirname(os.path.abspath(
        libcity.library_path)), "examples", "city-cli")
    return guess if os.access(guess, os.X_OK) else None


def play_traced(game, rng, apply=None):
    """Play random legal moves to the end, building the trace of record.md
    ("Trace") in Python; returns its lines. ``apply(move)`` makes each
    move (by default ``game.apply``)."""
    apply = apply or game.apply
    categories = (libcity.CARC_CATEGORIES if game.game == "carcassonne"
                  else libcity.CATEGORIES)
    lines = []
    n = 0
    while not game.ended:
        player, decision = game.player, game.decision
        legal = game.legal_moves()
        move = rng.choice(legal)
        apply(move)
        n += 1
        lines.append("%d p%d %s legal=%d %s |%s" % (
            n, player, decision, len(legal), move,
            "".join(" %d" % s for s in game.scores)))
    game.score_final()
    lines.append("final" + "".join(" %d" % s for s in game.scores))
    for p, d in enumerate(game.breakdown):
        lines.append("detail p%d " % p + " ".join(
            "%s=%d" % (c, d[c]) for c in categories))
    lines.append("winners" + "".join(" p%d" % p for p in game.winners))
    return lines


def assert_cli_trace(test, cli, record, ours):
    """`cli replay FILE --trace` of the record text prints exactly the
    lines ``ours``."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "game.city")
        with open(path, "w") as f:
            f.write(record)
        out = subprocess.run([cli, "replay", path, "--trace"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             universal_newlines=True)
    test.assertEqual(out.returncode, 0, out.stderr)
    test.assertEqual(out.stdout.splitlines(), ours)


def play_random(game, rng, limit=None):
    n = 0
    while not game.ended and (limit is None or n < limit):
        game.apply(rng.choice(game.legal_moves()))
        n += 1
    return n


class CountingAllocator:
    """A city allocator written in Python (ctypes callbacks over the C
    library's malloc), counting live blocks."""

    def __init__(self):
        libc = ctypes.CDLL(None)
        libc.malloc.restype = ctypes.c_void_p
        libc.malloc.argtypes = [ctypes.c_size_t]
        libc.realloc.restype = ctypes.c_void_p
        libc.realloc.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
        libc.free.restype = None
        libc.free.argtypes = [ctypes.c_void_p]
        self.live = 0
        self.total = 0

        def alloc(size, user):
            p = libc.malloc(size)
            if p:
                self.live += 1
                self.total += 1
            return p

        def realloc(ptr, size, user):
            p = libc.realloc(ptr, size)
            if p and not ptr:
                self.live += 1
                self.total += 1
            return p

        def free(ptr, user):
            self.live -= 1
            libc.free(ptr)

        # The callbacks must outlive every game that uses them.
        self.fns = (_ffi.MALLOC_FN(alloc), _ffi.REALLOC_FN(realloc),
                    _ffi.FREE_FN(free))

    def new_game(self, players=2, seed=0):
        lib = _ffi.lib
        opts = ctypes.c_void_p()
        assert lib.city_options_new(ctypes.byref(opts)) == 0
        try:
            assert lib.city_options_set_players(opts, players) == 0
            assert lib.city_options_set_seed(opts, seed) == 0
            assert lib.city_options_set_allocator(opts, *self.fns,
                                                  None) == 0
            h = ctypes.c_void_p()
            assert lib.city_game_new(ctypes.byref(h), opts) == 0
        finally:
            lib.city_options_free(opts)
        return libcity.Game._adopt(h)


class TestLayout(unittest.TestCase):
    def test_frozen_struct_sizes(self):
        self.assertEqual(ctypes.sizeof(libcity.Move), 24)
        self.assertEqual(ctypes.sizeof(libcity.Event), 40)

    def test_library_loaded(self):
        self.assertTrue(libcity.version())
        n = libcity.version_number()
        major, minor, patch = libcity.version().split(".")[:3]
        self.assertEqual(n, int(major) * 10000 + int(minor) * 100 +
                         int(patch))

    def test_move_text_round_trip(self):
        for text in ("place 1 -2 3", "follower a", "follower 2",
                     "gate 0 0 N", "gate -1 4 W", "wall cw", "wall ccw",
                     "guard", "tower ccw", "pass"):
            m = libcity.Move.parse(text)
            self.assertEqual(str(m), text)
            self.assertEqual(libcity.Move.parse(str(m)), m)
        self.assertEqual(libcity.Move.place(1, -2, 3),
                         libcity.Move.parse("place 1 -2 3"))
        self.assertEqual(libcity.Move.gate(0, 0, "N"),
                         libcity.Move.parse("gate 0 0 N"))
        self.assertEqual(libcity.Move.tower("ccw"),
                         libcity.Move.parse("tower ccw"))
        self.assertEqual(len({libcity.Move.pass_(),
                              libcity.Move.parse("pass")}), 1)
        with self.assertRaises(libcity.ParseError) as cm:
            libcity.Move.parse("place 1")
        self.assertEqual(cm.exception.status, -6)
        with self.assertRaises(libcity.InvalidArgument):
            libcity.Move.place(2 ** 31, 0, 0)  # would truncate in ctypes


class TestTraceAgainstCli(unittest.TestCase):
    """A whole random game driven from Python: its trace, built here, is
    exactly what `city-cli replay FILE --trace` prints for its record."""

    def setUp(self):
        self.cli = find_cli()
        if not self.cli:
            self.skipTest("city-cli not found (set CITY_CLI)")

    def check(self, rng_seed, **options):
        with libcity.Game(**options) as g:
            ours = play_traced(g, random.Random(rng_seed))
            record = g.save()
        assert_cli_trace(self, self.cli, record, ours)
        self.assertTrue(ours[-1].startswith("winners p"))

    def test_two_players(self):
        self.check(11, players=2, seed=1)

    def test_four_players_with_rules(self):
        self.check(5, players=4, seed=8,
                   rules={"wall_trigger": "any", "end_gap": 2})

    def test_carcassonne_five_players_with_farmers(self):
        # C-SET-1..4: the start tile is on the board, 71 tiles to draw;
        # a whole random game; the breakdown has Carcassonne's categories
        # and sums to each total (docs/carcassonne.md).
        with libcity.Game(game="carcassonne", players=5, seed=3,
                          rules={"farmers": True}) as g:
            self.assertEqual(g.game, "carcassonne")
            self.assertEqual(g.players, 5)
            play_random(g, random.Random(5))
            g.score_final()
            for p, b in enumerate(g.breakdown):
                self.assertEqual(sorted(b), sorted(libcity.CARC_CATEGORIES))
                self.assertEqual(sum(b.values()), g.scores[p])
            self.assertEqual(libcity.Game(game="carcassonne").game,
                             "carcassonne")
        with libcity.Game() as g:
            self.assertEqual(g.game, "the-city")
        self.assertRaises(libcity.InvalidArgument,
                          lambda: libcity.Game(game="chess"))
        self.assertRaises(libcity.InvalidArgument,
                          lambda: libcity.Game(players=5))

    def test_three_players_rule_flags(self):
        self.check(3, players=3, seed=2 ** 64 - 1,
                   rules={"first_round_guards": False,
                          "returned_guard": "no", "closing_tower": True})


class TestErrors(unittest.TestCase):
    """Each status raises its own class with .status and the library's
    reason (naming the rule), and the game is unchanged after it."""

    def assertRaisesStatus(self, cls, status, fn, *rule_ids, game=None):
        before = game.save() if game is not None else None
        with self.assertRaises(cls) as cm:
            fn()
        e = cm.exception
        self.assertIs(type(e), cls)
        self.assertIsInstance(e, libcity.CityError)
        self.assertEqual(e.status, status)
        for rid in rule_ids:
            self.assertIn(rid, e.message)
            self.assertIn(rid, str(e))
        if game is not None:
            self.assertEqual(game.save(), before, "game changed by error")
        return e

    def test_illegal_tile(self):
        with libcity.Game(players=2, seed=1) as g:
            e = self.assertRaisesStatus(libcity.IllegalMove, -4,
                                        lambda: g.place_tile(3, 3, 0),
                                        "R-TURN-2", game=g)
            self.assertEqual(e.status_name, "CITY_EILLEGAL")
            self.assertTrue(str(e).startswith("CITY_EILLEGAL: R-TURN-2"))
            self.assertEqual(g.last_error, e.message)
            g.place_tile(0, 0, 0)
            if g.decision == "follower":
                g.pass_()
            # The second tile far from the first (R-TILE-1).
            self.assertRaisesStatus(libcity.IllegalMove, -4,
                                    lambda: g.apply("place 9 9 0"),
                                    "R-TILE", game=g)
            self.assertRaisesStatus(libcity.InvalidArgument, -1,
                                    lambda: g.place_tile(1, 0, 9),
                                    "R-GEO-3", game=g)

    def test_illegal_follower_part(self):
        with libcity.Game(players=2, seed=1) as g:
            g.place_tile(0, 0, 0)
            self.assertEqual(g.decision, "follower")
            self.assertRaisesStatus(libcity.IllegalMove, -4,
                                    lambda: g.place_follower("z"),
                                    "R-FOL-1", game=g)

    def test_wrong_decision(self):
        with libcity.Game(players=3, seed=4) as g:
            self.assertEqual(g.decision, "tile")
            for fn in (g.pass_, g.place_guard, lambda: g.build_wall("cw"),
                       lambda: g.place_tower("ccw"),
                       lambda: g.build_gate(0, 0, "N"),
                       lambda: g.apply("follower a")):
                self.assertRaisesStatus(libcity.WrongDecision, -5, fn,
                                        "R-TURN-1", game=g)

    def test_after_end(self):
        with libcity.Game(players=2, seed=6) as g:
            play_random(g, random.Random(6))
            self.assertTrue(g.ended)
            self.assertEqual(g.decision, "end")
            self.assertTrue(g.end_reasons)
            self.assertEqual(g.legal_moves(), [])
            self.assertRaisesStatus(libcity.GameNotEnded, -9,
                                    lambda: g.winners)
            for fn in (lambda: g.place_tile(0, 0, 0), g.pass_,
                       lambda: g.apply("wall cw")):
                self.assertRaisesStatus(libcity.GameEnded, -8, fn,
                                        "R-END-1", game=g)
            g.score_final()
            self.assertTrue(g.winners)

    def test_not_ended(self):
        with libcity.Game() as g:
            self.assertRaisesStatus(libcity.GameNotEnded, -9, g.score_final,
                                    "R-END-1", game=g)
            self.assertRaisesStatus(libcity.NotFound, -7, g.undo, game=g)

    def test_bad_records(self):
        self.assertRaisesStatus(
            libcity.ParseError, -6, lambda: libcity.Game.load(
                "citygame 1\nplayers 2\nmoves\nplace 0 0\nend\n"),
            "line 4")
        self.assertRaisesStatus(
            libcity.IllegalMove, -4, lambda: libcity.Game.load(
                "citygame 1\nplayers 2\nmoves\nplace 5 5 0\nend\n"),
            "line 4", "move 1", "R-TURN-2")
        self.assertRaisesStatus(libcity.ParseError, -6,
                                lambda: libcity.Game.load("hello"))
        self.assertRaisesStatus(libcity.InvalidArgument, -1,
                                lambda: libcity.Game.load(42))

    def test_bad_options(self):
        self.assertRaisesStatus(libcity.InvalidArgument, -1,
                                lambda: libcity.Game(players=5))
        self.assertRaisesStatus(libcity.ParseError, -6,
                                lambda: libcity.Game(rules={"end_gap": 99}),
                                "R-OPT")
        self.assertRaisesStatus(libcity.ParseError, -6,
                                lambda: libcity.Game(rules={"nope": 1}))
        self.assertRaisesStatus(libcity.InvalidArgument, -1,
                                lambda: libcity.Game(order=[1, 2, 3]),
                                "R-SET-4")
        self.assertRaisesStatus(libcity.ParseError, -6,
                                lambda: libcity.Game(tileset="garbage"))

    def test_refused_options_give_the_librarys_reason(self):
        """city_game_new's CITY_EINVAL carries the library's own reason
        (city_options_check: C-OPT-1, T-OPT-1, R-SET-4, C-SET-4), not one
        fixed message for all (issue 25, item 5)."""
        carc = ("tileset t game=carcassonne\n"
                "1 2 a-a a1b b-b b1a a=F b=F start\n")
        cases = (
            (dict(rules={"farmers": True}),
             "C-OPT-1: rule farmers is not a rule of the-city"),
            (dict(game="carcassonne", rules={"capture_own": False}),
             "T-OPT-1: rule capture_own needs the expansion tower"),
            (dict(game="carcassonne", expansions=("tower",),
                  rules={"end_gap": 3}),
             "R-OPT-5: rule end_gap is not a rule of carcassonne"),
            (dict(tileset=carc),
             "tile set t is a set of carcassonne, the game is the-city"),
            (dict(stacks=(10, 10, 10)),
             "R-SET-4: stacks 10 10 10 must have A >= 1 and sum to 75 "
             "tiles"),
            (dict(game="carcassonne", stacks=(10, 10, 10)),
             "C-SET-4: stacks are a rule of the-city, not of carcassonne"),
            (dict(order=[1, 2, 3]),
             "R-SET-4: the order lists 3 tiles, the tile set has 75"),
            (dict(game="carcassonne", order=[1, 1, 1]),
             "C-SET-4: the order lists 3 tiles, the stack has 71 (the "
             "start tile is not drawn)"),
            (dict(game="carcassonne", tileset=carc, order=[1, 1]),
             "C-SET-4: the order lists 2 tiles, the stack has 1 (the start "
             "tile is not drawn)"),
            (dict(game="carcassonne", tileset=carc, order=[7]),
             "C-SET-4: design 7 in the order is not in the tile set"),
        )
        for kwargs, reason in cases:
            with self.subTest(**kwargs):
                e = self.assertRaisesStatus(libcity.InvalidArgument, -1,
                                            lambda: libcity.Game(**kwargs))
                self.assertEqual(e.message, reason)
                self.assertEqual(str(e), "CITY_EINVAL: " + reason)

    def test_bad_move_text(self):
        with libcity.Game() as g:
            self.assertRaisesStatus(libcity.ParseError, -6,
                                    lambda: g.apply("frobnicate"), game=g)
            self.assertRaisesStatus(libcity.InvalidArgument, -1,
                                    lambda: g.place_follower("ab"), game=g)
            self.assertRaisesStatus(libcity.InvalidArgument, -1,
                                    lambda: g.build_gate(0, 0, "Q"), game=g)

    def test_status_mapping_is_complete(self):
        for status in range(-1, -11, -1):
            name = _ffi.lib.city_status_str(status).decode()
            e = libcity.errors.error_for(status, "x")
            self.assertIsNot(type(e), libcity.CityError, name)
            self.assertEqual(e.status_name, name)
        self.assertIs(type(libcity.errors.error_for(-99)), libcity.CityError)


class TestRecords(unittest.TestCase):
    def same(self, a, b):
        for attr in ("decision", "player", "players", "scores", "breakdown",
                     "wall_chain", "events", "ended", "end_reasons",
                     "moves", "current_tile", "tiles_left", "walls_left"):
            self.assertEqual(getattr(a, attr), getattr(b, attr), attr)
        self.assertEqual(a.legal_moves(), b.legal_moves())

    def test_save_load_round_trip(self):
        rng = random.Random(21)
        with libcity.Game(players=4, seed=21,
                          rules={"end_gap": 3}) as g:
            for limit in (0, 1, 17, 40):
                play_random(g, rng, limit)
                with libcity.Game.load(g.save()) as h:
                    self.assertEqual(h.save(), g.save())
                    self.same(g, h)
            # Both keep playing identically to the end.
            with libcity.Game.load(g.save()) as h:
                while not g.ended:
                    m = rng.choice(g.legal_moves())
                    g.apply(m)
                    h.apply(str(m))
                self.same(g, h)
                self.assertEqual(g.score_final(), h.score_final())
                self.assertEqual(g.winners, h.winners)
                self.assertEqual(g.save(), h.save())

    def test_named_actions_equal_apply(self):
        """The named calls and apply() make the same game."""
        rng = random.Random(9)
        with libcity.Game(players=3, seed=9) as a, \
                libcity.Game(players=3, seed=9) as b:
            kinds = set()
            while not a.ended:
                m = rng.choice(a.legal_moves())
                kinds.add(m.kind_name)
                a.apply(m)
                k = m.kind_name
                if k == "place":
                    b.place_tile(m.x, m.y, m.rotation)
                elif k == "follower":
                    b.place_follower(m.part.decode())
                elif k == "gate":
                    b.build_gate(m.x, m.y, libcity.SIDES[m.side])
                elif k == "wall":
                    b.build_wall(libcity.ENDS[m.end])
                elif k == "guard":
                    b.place_guard()
                elif k == "tower":
                    b.place_tower(m.end)
                else:
                    b.pass_()
                self.assertEqual(a.save(), b.save())
            self.assertTrue({"place", "gate", "wall", "pass"} <= kinds)

    def test_undo_and_clone(self):
        rng = random.Random(4)
        with libcity.Game(players=2, seed=4) as g:
            saves = [g.save()]
            for _ in range(30):
                g.apply(rng.choice(g.legal_moves()))
                saves.append(g.save())
            with g.clone() as c:
                self.assertEqual(c.save(), g.save())
                play_random(c, rng, 10)
                self.assertNotEqual(c.save(), g.save())
                self.assertEqual(g.save(), saves[-1])
            for s in reversed(saves[:-1]):
                g.undo()
                self.assertEqual(g.save(), s)
            with self.assertRaises(libcity.NotFound):
                g.undo()


class TestLifetime(unittest.TestCase):
    def test_context_manager_frees(self):
        alloc = CountingAllocator()
        with alloc.new_game(players=3, seed=2) as g:
            self.assertEqual(alloc.live, 1)
            play_random(g, random.Random(2), 20)
            with g.clone() as c:       # clones use the same allocator
                self.assertEqual(alloc.live, 2)
                c.apply(c.legal_moves()[0])
            self.assertTrue(c.closed)
            self.assertEqual(alloc.live, 1)
        self.assertTrue(g.closed)
        self.assertEqual(alloc.live, 0)
        self.assertEqual(alloc.total, 2)
        with self.assertRaises(libcity.InvalidArgument):
            g.scores
        g.close()  # idempotent
        self.assertEqual(repr(g), "<libcity.Game closed>")

    def test_garbage_collection_frees(self):
        alloc = CountingAllocator()
        g = alloc.new_game()
        clones = [g.clone() for _ in range(3)]
        self.assertEqual(alloc.live, 4)
        del clones
        gc.collect()
        self.assertEqual(alloc.live, 1)
        g.close()
        self.assertEqual(alloc.live, 0)
        del g
        gc.collect()
        self.assertEqual(alloc.live, 0)

    def test_shutdown_with_live_games(self):
        """Games still alive when the interpreter exits are finalized
        without errors."""
        code = ("import libcity, random\n"
                "g = libcity.Game(players=2, seed=3)\n"
                "c = g.clone(); g.apply(g.legal_moves()[0])\n"
                "cycle = [g]; cycle.append(cycle)\n"
                "print('ok')\n")
        env = dict(os.environ)
        env["PYTHONPATH"] = os.path.join(
            os.path.dirname(os.path.abspath(__file__)), os.pardir)
        env.setdefault("LIBCITY_LIBRARY", libcity.library_path)
        out = subprocess.run([sys.executable, "-c", code], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             universal_newlines=True)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(out.stdout, "ok\n")
        self.assertEqual(out.stderr, "")


class TestQueries(unittest.TestCase):
    def test_whole_game_queries(self):
        with libcity.Game(players=4, seed=12,
                          rules={"wall_trigger": "any"}) as g:
            self.assertEqual(g.players, 4)
            self.assertEqual(g.player, 0)
            self.assertEqual(g.decision, "tile")
            self.assertEqual(g.scores, [0, 0, 0, 0])
            self.assertEqual(g.supply(0), (7, 3))
            play_random(g, random.Random(12))
            final = g.score_final()
            self.assertEqual(final, g.scores)
            self.assertTrue(g.final_scored)
            for total, detail in zip(g.scores, g.breakdown):
                self.assertEqual(sorted(detail), sorted(libcity.CATEGORIES))
                self.assertEqual(total, sum(detail.values()))
            scored = [0] * 4
            for e in g.events:
                self.assertIn(e["kind"], ("score", "discard", "return"))
                if e["kind"] == "score":
                    self.assertIsNotNone(e["reason"])
                    scored[e["player"]] += e["points"]
            self.assertEqual(scored, g.scores)
            chain = g.wall_chain
            self.assertEqual(sum(1 for p in chain if p[3]), 1)  # one gate
            for x, y, side, is_gate, guard in chain:
                self.assertIn(side, libcity.SIDES)
                self.assertTrue(guard is None or 0 <= guard < 4)
            self.assertTrue(set(g.end_reasons) <=
                            {"supply", "tiles", "gap"})
            self.assertTrue(g.winners)
            self.assertIn("decision=end", repr(g))


class TestSearchOrder(unittest.TestCase):
    """Where the package looks for libcity.so.1 (README.md, "Finding the
    library")."""

    def setUp(self):
        self.saved = {k: os.environ.get(k)
                      for k in ("LIBCITY_LIBRARY", "LIBCITY_BUILD_DIR")}

    def tearDown(self):
        for k, v in self.saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v

    def test_library_variable_is_final(self):
        os.environ["LIBCITY_LIBRARY"] = "/nowhere/libcity.so.1"
        self.assertEqual(_ffi.candidates(),
                         [("LIBCITY_LIBRARY", "/nowhere/libcity.so.1")])

    def test_order(self):
        os.environ.pop("LIBCITY_LIBRARY", None)
        os.environ["LIBCITY_BUILD_DIR"] = "/nowhere"
        found = _ffi.candidates()
        self.assertEqual(found[0],
                         ("LIBCITY_BUILD_DIR", "/nowhere/libcity.so.1"))
        self.assertEqual(found[-1],
                         ("dynamic loader search path", "libcity.so.1"))
        hows = [how for how, _ in found]
        installed = [i for i, h in enumerate(hows)
                     if h.startswith(("next to", "recorded"))]
        tree = [i for i, h in enumerate(hows) if h == "source tree build"]
        if installed and tree:
            self.assertLess(max(installed), min(tree))


if __name__ == "__main__":
    unittest.main()
