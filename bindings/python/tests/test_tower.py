"""Tests of The Tower through the Python binding (unittest, standard library
only): the named calls place_floor, place_top, capture, pay_ransom and their
Move constructors, the queries tower, towers, floors, prisoners,
prisoners_held, expansions, the events and the ransom category, on a
hand-made set with an explicit draw order (the positions of
tests/test_tower_rules.c, carcassonne.md T-ACT, T-CAP), and a whole random
Tower game traced here against `city-cli replay --trace`.

Run as test_libcity.py says (LIBCITY_LIBRARY, CITY_CLI).
"""

import os
import random
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir))

import libcity  # noqa: E402
from libcity import Move  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_libcity import (assert_cli_trace, find_cli,  # noqa: E402
                          play_traced)

# Designs (sides N E S W; farmers off, so fields take no follower).
ROAD, TOWER, BLANK, CAP, MON = 1, 2, 3, 5, 6
BODIES = {
    ROAD: "a-a a1b b-b b1a a=F b=F",
    TOWER: "a-a a-a a-a a-a a=F tow",
    BLANK: "a-a a-a a-a a-a a=F",
    CAP: "a-a b-b b-b b-b a=C b=F",
    MON: "a-a a-a a-a a-a a=F mon",
}


def tileset(order, start=ROAD):
    """The set's text: each design as many times as the order draws it,
    plus the start tile."""
    lines = ["tileset t game=carcassonne"]
    for d in sorted(BODIES):
        n = order.count(d) + (d == start)
        if n:
            lines.append("%d %d %s%s" % (d, n, BODIES[d],
                                         " start" if d == start else ""))
    return "\n".join(lines) + "\n"


# P0 closes a 2-tile city (4 points); P1's tower (1,1) takes P0's
# highwayman (1,0) at height 1 and P0's monk (2,1) at height 2.
RANSOM_ORDER = [CAP, CAP, ROAD, TOWER, MON, BLANK, BLANK, BLANK, BLANK,
                BLANK]


def tower_game(order, rules=None, players=2):
    return libcity.Game(game="carcassonne", expansions=("tower",),
                        players=players, order=order,
                        tileset=tileset(order), rules=rules)


def legal(g):
    return [str(m) for m in g.legal_moves()]


class TestTowerCalls(unittest.TestCase):
    def test_setup_and_queries_without_towers(self):
        with tower_game(RANSOM_ORDER, players=5) as g:
            self.assertEqual(g.expansions, ("tower",))
            self.assertEqual([g.floors(p) for p in range(5)], [6] * 5)
            self.assertEqual(g.supply(4), (7, 0))
            self.assertEqual(g.towers, [])
            self.assertIsNone(g.tower(0, 0))
            self.assertEqual(g.prisoners_held, {})
            self.assertRaises(libcity.InvalidArgument, g.floors, 5)
            self.assertRaises(libcity.InvalidArgument, g.prisoners, 0, 9)
        with libcity.Game(game="carcassonne", expansions="tower") as g:
            self.assertEqual(g.expansions, ("tower",))
            # carcassonne-tower: 90 tiles, the start placed, one drawn
            self.assertEqual(g.tiles_left[0], 88)
        with libcity.Game(game="carcassonne") as g:
            self.assertEqual(g.expansions, ())
            self.assertEqual(g.floors(0), 0)
        self.assertRaises(libcity.InvalidArgument,
                          lambda: libcity.Game(game="carcassonne",
                                               expansions=("bridge",)))
        # The City has no expansion (city_game_new refuses it)
        self.assertRaises(libcity.CityError,
                          lambda: libcity.Game(expansions=("tower",)))

    def test_floor_capture_ransom(self):
        with tower_game(RANSOM_ORDER) as g:
            g.place_tile(0, -1, 0)
            g.place_follower("a")
            g.place_tile(0, -2, 2)  # closes the city: P0 4 points
            self.assertEqual(g.scores, [4, 0])
            g.place_tile(1, 0, 0)
            g.place_follower("1")
            g.place_tile(1, 1, 0)
            self.assertEqual(g.decision, "follower")
            self.assertEqual(legal(g), ["floor 1 1", "pass"])
            self.assertEqual(g.tower(1, 1), (0, None))
            # T-ACT-2: a bare foundation takes no follower on top
            before = g.save()
            with self.assertRaises(libcity.IllegalMove) as cm:
                g.place_top(1, 1)
            self.assertEqual(cm.exception.message,
                             "T-ACT-2: tile (1,1): the tower has no floor "
                             "yet")
            self.assertEqual(g.save(), before)
            g.place_floor(1, 1)
            self.assertEqual(g.tower(1, 1), (1, None))
            self.assertEqual(g.floors(1), 9)
            self.assertEqual(g.decision, "capture")
            self.assertEqual(g.legal_moves(),
                             [Move.capture(1, 0, "1"), Move.pass_()])
            g.capture(1, 0, "1")
            self.assertEqual(g.prisoners(1, 0), 1)
            self.assertEqual(g.prisoners_held, {1: {0: 1}})
            e = g.events[-1]
            self.assertEqual((e["kind"], e["player"], e["other"], e["x"],
                              e["y"], e["part"]),
                             ("capture", 1, 0, 1, 0, "1"))
            # P0: the ransom decision before the draw
            self.assertEqual(g.decision, "ransom")
            self.assertIsNone(g.current_tile)
            self.assertEqual(g.legal_moves(), [Move.ransom(1), Move.pass_()])
            g.pass_()
            g.apply(Move.parse("place 2 1 0"))
            self.assertEqual(legal(g), ["follower m", "floor 1 1",
                                        "top 1 1", "pass"])
            g.apply("follower m")
            g.place_tile(0, 1, 0)
            g.apply(Move.floor(1, 1))
            self.assertEqual(legal(g), ["capture 2 1 m", "pass"])
            g.apply(Move.capture(2, 1, "m"))
            self.assertEqual(g.prisoners_held, {1: {0: 2}})
            self.assertEqual(g.supply(0), (5, 0))
            self.assertEqual(g.towers, [(1, 1, 2, None)])
            # T-CAP-5: 3 points to the holder, once per turn
            self.assertEqual(g.decision, "ransom")
            with self.assertRaises(libcity.IllegalMove) as cm:
                g.pay_ransom(0)
            self.assertEqual(cm.exception.message,
                             "T-CAP-5: player 0 holds no follower of "
                             "player 0 to ransom")
            g.pay_ransom(1)
            self.assertEqual(g.scores, [1, 3])
            self.assertEqual([b["ransom"] for b in g.breakdown], [-3, 3])
            self.assertEqual(g.prisoners_held, {1: {0: 1}})
            self.assertEqual(g.supply(0), (6, 0))
            ransoms = [(e["player"], e["points"], e["other"])
                       for e in g.events if e["reason"] == "ransom"]
            self.assertEqual(ransoms, [(1, 3, 0), (0, -3, 1)])
            self.assertEqual(g.decision, "tile")
            self.assertRaises(libcity.WrongDecision, g.pay_ransom, 1)
            # undo takes the ransom back exactly
            clone = g.clone()
            g.undo()
            self.assertEqual(g.decision, "ransom")
            self.assertEqual(g.scores, [4, 0])
            self.assertEqual(g.prisoners(1, 0), 2)
            g.apply(Move.ransom(1))
            self.assertEqual(g.save(), clone.save())
            clone.close()

    def test_top_and_capture_from_the_top(self):
        order = [TOWER, TOWER, BLANK, BLANK, ROAD, BLANK, BLANK]
        with tower_game(order) as g:
            for text in ("place 0 1 0", "floor 0 1", "place 1 1 0",
                         "floor 1 1", "place -1 1 0"):
                g.apply(text)
            self.assertEqual(legal(g), ["floor 0 1", "floor 1 1",
                                        "top 0 1", "top 1 1", "pass"])
            g.place_top(0, 1)
            self.assertEqual(g.tower(0, 1), (1, 0))
            self.assertEqual(g.towers, [(0, 1, 1, 0), (1, 1, 1, None)])
            g.place_tile(2, 1, 0)
            with self.assertRaises(libcity.IllegalMove) as cm:
                g.place_floor(0, 1)
            self.assertEqual(cm.exception.message,
                             "T-ACT-2: the tower of tile (0,1) is closed "
                             "by a follower on top")
            g.place_floor(1, 1)
            self.assertEqual(legal(g), ["capture 0 1 t", "pass"])
            g.capture(0, 1, "t")
            self.assertEqual(g.tower(0, 1), (1, None))
            self.assertEqual(g.prisoners(1, 0), 1)

    def test_exchange_event(self):
        order = [ROAD, MON, TOWER, TOWER, BLANK, BLANK]
        with tower_game(order) as g:
            for text in ("place 1 0 0", "follower 1", "place 0 -1 0",
                         "follower m", "place -1 -1 0", "floor -1 -1",
                         "capture 0 -1 m", "place 1 1 0", "floor 1 1",
                         "capture 1 0 1"):
                g.apply(text)
            self.assertEqual(g.prisoners_held, {})
            self.assertEqual([g.supply(p)[0] for p in (0, 1)], [7, 7])
            kinds = [(e["kind"], e["player"], e["other"])
                     for e in g.events]
            self.assertEqual(kinds, [("capture", 0, 1), ("capture", 1, 0),
                                     ("exchange", 1, 0)])

    def test_move_constructors_round_trip(self):
        for m, text in ((Move.floor(-3, 4), "floor -3 4"),
                        (Move.top(2, 0), "top 2 0"),
                        (Move.capture(1, -1, "t"), "capture 1 -1 t"),
                        (Move.ransom(2), "ransom 2")):
            self.assertEqual(str(m), text)
            self.assertEqual(Move.parse(text), m)
        self.assertEqual([Move.floor(0, 0).kind_name,
                          Move.top(0, 0).kind_name,
                          Move.capture(0, 0, "a").kind_name,
                          Move.ransom(1).kind_name],
                         ["floor", "top", "capture", "ransom"])


class TestTowerTraceAgainstCli(unittest.TestCase):
    """A whole random Tower game driven from Python with the named calls:
    its trace, built here, equals `city-cli replay FILE --trace`."""

    def setUp(self):
        self.cli = find_cli()
        if not self.cli:
            self.skipTest("city-cli not found (set CITY_CLI)")

    def test_random_three_players(self):
        seen = set()
        with libcity.Game(game="carcassonne", expansions=("tower",),
                          players=3, seed=9,
                          rules={"ransom_min": False}) as g:
            named = {"floor": lambda m: g.place_floor(m.x, m.y),
                     "top": lambda m: g.place_top(m.x, m.y),
                     "capture": lambda m: g.capture(m.x, m.y, m.part),
                     "ransom": lambda m: g.pay_ransom(m.x)}

            def apply(m):
                named.get(m.kind_name, g.apply)(m)
                seen.add(m.kind_name)
            ours = play_traced(g, random.Random(4), apply)
            record = g.save()
            for b, total in zip(g.breakdown, g.scores):
                self.assertEqual(sum(b.values()), total)
        self.assertTrue({"floor", "top", "capture", "ransom"} <= seen, seen)
        assert_cli_trace(self, self.cli, record, ours)


if __name__ == "__main__":
    unittest.main()
