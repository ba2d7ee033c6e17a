"""Hostile arguments (issue 25, item 1): every number, text and sequence
the binding hands to C is checked first. A negative size or count, a bool,
a float, text, None or a value beyond its C type raises InvalidArgument
before any C call, and leaves the game, the AI and the options as they
were (R-ERR-1). Before this, ``AI.analyse(game, line=-1)`` passed
``SIZE_MAX`` as the capacity of a one-entry buffer (a heap overflow in
C), ``line=True`` and ``AI.set("iterations", "5")`` were taken for
numbers, and ``Move(x=2**32)`` was ``x=0``."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir))

import libcity  # noqa: E402
from libcity import Move  # noqa: E402

#: Refused wherever an integer goes to C: beyond any C integer (uint64
#: included), a bool, a float, text, None, a list.
NOT_AN_INT = (2 ** 70, -2 ** 70, True, False, 1.5, 2.0, "1", None, [1])


class ArgumentCase(unittest.TestCase):
    def assertInvalid(self, fn, value, game=None):
        """fn(value) raises InvalidArgument (status -1) and changes
        nothing in game."""
        before = game.save() if game is not None else None
        with self.subTest(value=value):
            with self.assertRaises(libcity.InvalidArgument) as cm:
                fn(value)
            self.assertEqual(cm.exception.status, -1)
            if game is not None:
                self.assertEqual(game.save(), before)

    def assertAllInvalid(self, fn, values, game=None):
        for value in values:
            self.assertInvalid(fn, value, game)


class TestAnalyseLine(ArgumentCase):
    """The overflow itself: the line's capacity is checked, never
    wrapped to SIZE_MAX."""

    def test_bad_line_is_refused(self):
        with libcity.Game(players=2, seed=3) as g, \
                libcity.AI("mcts", seed=1, iterations=50) as ai:
            self.assertAllInvalid(lambda v: ai.analyse(g, line=v),
                                  (-1, True, 2 ** 70, 1.5, -2 ** 63, "3",
                                   None, 2 ** 64 - 1), game=g)
            self.assertInvalid(lambda v: ai.analyse(g, line=v),
                               libcity.ai.LINE_MAX + 1, game=g)

    def test_line_bounds_are_accepted(self):
        with libcity.Game(players=2, seed=3) as g, \
                libcity.AI("mcts", seed=1, iterations=50) as ai:
            moves, line = ai.analyse(g, line=0)
            self.assertEqual(len(moves), len(g.legal_moves()))
            self.assertEqual(line, [])
            moves, line = ai.analyse(g, line=libcity.ai.LINE_MAX)
            self.assertTrue(1 <= len(line) <= libcity.ai.LINE_MAX)
            self.assertEqual(line[0].move, moves[0].move)


class TestAIArguments(ArgumentCase):
    def test_seed_kind_and_game(self):
        self.assertAllInvalid(lambda v: libcity.AI("random", seed=v),
                              NOT_AN_INT + (-1, 2 ** 64))
        self.assertAllInvalid(lambda v: libcity.AI(v),
                              (2, None, b"mcts", ["mcts"], {}))
        with libcity.Game(players=2, seed=3) as g, \
                libcity.AI("random", seed=1) as ai:
            for fn in (ai.choose, ai.analyse,
                       lambda v: libcity.reshuffle(v, 1)):
                self.assertAllInvalid(fn, (None, 3, "game", ai))
            self.assertAllInvalid(lambda v: libcity.reshuffle(g, v),
                                  NOT_AN_INT + (-1, 2 ** 64), game=g)

    def test_parameters(self):
        with libcity.AI("mcts") as ai:
            self.assertAllInvalid(lambda v: ai.set("iterations", v),
                                  (True, "5", None, [5], 2 ** 2000, -1,
                                   1.5, float("nan"), float("inf")))
            self.assertAllInvalid(lambda v: ai.set(v, 1),
                                  (None, 1, ["iterations"], b"iterations"))
            self.assertAllInvalid(ai.get, (None, 1, ["iterations"]))
            self.assertEqual(ai.get("iterations"), 2000)
            ai.set("iterations", 7)      # an int
            ai.set("exploration", 0.5)   # a float
            self.assertEqual((ai.get("iterations"), ai.get("exploration")),
                             (7.0, 0.5))


class TestGameArguments(ArgumentCase):
    def test_options(self):
        new = libcity.Game
        self.assertAllInvalid(lambda v: new(players=v), NOT_AN_INT + (-1,))
        self.assertAllInvalid(lambda v: new(seed=v),
                              NOT_AN_INT + (-1, 2 ** 64))
        self.assertAllInvalid(lambda v: new(order=[v]),
                              NOT_AN_INT + (-1, 2 ** 31))
        self.assertAllInvalid(lambda v: new(order=v), (5, 1.5, "123", {}))
        self.assertAllInvalid(lambda v: new(stacks=(v, 30, 30)),
                              NOT_AN_INT + (-1, 256))
        self.assertAllInvalid(lambda v: new(stacks=v),
                              (5, "abc", (25, 25), (25, 25, 20, 5)))
        self.assertAllInvalid(lambda v: new(rules=v),
                              (5, 0, "", "end_gap=3", [("end_gap", 3)]))
        self.assertAllInvalid(lambda v: new(rules={"end_gap": v}),
                              (1.5, None, [3], "3\0junk"))
        self.assertAllInvalid(lambda v: new(rules={v: 3}),
                              (5, None, b"end_gap", "end_gap\0", "\udc80"))
        self.assertAllInvalid(
            lambda v: new(game="carcassonne", expansions=v),
            (5, [["tower"]], [None], ("river",)))
        self.assertAllInvalid(lambda v: new(game=v),
                              (None, 0, b"the-city", ["the-city"]))
        self.assertAllInvalid(lambda v: new(tileset=v),
                              (5, ["x"], "tileset \udc80"))
        self.assertAllInvalid(libcity.Game.load, (None, 5, "citygame\udc80"))
        # The same values, well formed, are accepted.
        with new(players=3, seed=2 ** 64 - 1, rules={"end_gap": 3}) as g:
            self.assertEqual(g.players, 3)
        with new(stacks=[25, 25, 25]) as g:
            self.assertEqual(g.tiles_left, [24, 25, 25])

    def test_decisions_and_queries(self):
        int32 = NOT_AN_INT + (2 ** 31, -2 ** 31 - 1)
        with libcity.Game(game="carcassonne", expansions=("tower",),
                          players=3, seed=5) as g:
            calls = (
                lambda v: g.place_tile(v, 0, 0),
                lambda v: g.place_tile(0, v, 0),
                lambda v: g.place_tile(0, 0, v),
                lambda v: g.build_gate(v, 0, "N"),
                lambda v: g.build_gate(0, v, "N"),
                lambda v: g.place_floor(v, 0),
                lambda v: g.place_floor(0, v),
                lambda v: g.place_top(v, 0),
                lambda v: g.place_top(0, v),
                lambda v: g.capture(v, 0, "a"),
                lambda v: g.capture(0, v, "a"),
                lambda v: g.pay_ransom(v),
                lambda v: g.floors(v),
                lambda v: g.prisoners(v, 0),
                lambda v: g.prisoners(0, v),
                lambda v: g.supply(v),
                lambda v: g.tower(v, 0),
                lambda v: g.tower(0, v),
                g.tiles_remaining,
            )
            for fn in calls:
                self.assertAllInvalid(fn, int32, game=g)
            for fn in (g.place_follower, lambda v: g.capture(0, 0, v)):
                self.assertAllInvalid(fn, (None, 1, "ab", "", "\u00e9",
                                           b"ab"), game=g)
            self.assertAllInvalid(lambda v: g.build_gate(0, 0, v),
                                  (4, -1, True, 1.0, "Q", None), game=g)
            for fn in (g.build_wall, g.place_tower):
                self.assertAllInvalid(fn, (2, -1, True, 0.0, "up", None),
                                      game=g)
            self.assertAllInvalid(g.apply, (None, 3, "pass\0place 0 0 0",
                                            b"pass\0", "pass\udc80"),
                                  game=g)
            self.assertEqual(g.move_count, 0)

    def test_closed_game(self):
        g = libcity.Game()
        g.close()
        self.assertInvalid(lambda v: g.place_tile(v, 0, 0), 0)
        with libcity.AI("random") as ai:
            self.assertInvalid(ai.choose, g)


class TestMoveFields(ArgumentCase):
    """A Move built or changed by hand: each field within its C type
    (ctypes would wrap x=2**32 to 0 and kind=257 to 1)."""

    def test_constructors(self):
        self.assertAllInvalid(lambda v: Move.place(v, 0, 0),
                              NOT_AN_INT + (2 ** 31, -2 ** 31 - 1))
        self.assertAllInvalid(lambda v: Move.place(0, 0, v),
                              NOT_AN_INT + (-1, 256))
        self.assertAllInvalid(lambda v: Move.ransom(v),
                              NOT_AN_INT + (2 ** 31,))
        self.assertAllInvalid(lambda v: Move.capture(0, 0, v),
                              (None, 1, "ab", "\u00e9"))
        m = Move.place(-2 ** 31, 2 ** 31 - 1, 255)  # the C types' ends
        self.assertEqual((m.x, m.y, m.rotation), (-2 ** 31, 2 ** 31 - 1, 255))

    def test_fields(self):
        self.assertAllInvalid(lambda v: Move(kind=v),
                              NOT_AN_INT + (-1, 256))
        self.assertAllInvalid(lambda v: Move(1, v), NOT_AN_INT + (256,))
        m = Move.place(1, 2, 3)

        def set_x(v):
            m.x = v
        self.assertAllInvalid(set_x, NOT_AN_INT + (2 ** 32, 2 ** 31))

        def set_part(v):
            m.part = v
        self.assertAllInvalid(set_part, (None, 97, "ab", "\u00e9"))
        self.assertEqual(str(m), "place 1 2 3")
        m.part = "a"
        self.assertEqual(m.part, b"a")


if __name__ == "__main__":
    unittest.main()
