"""Tests of The River through the Python binding (unittest, standard library
only): expansions=("river",) alone and with The Tower, the built-in sets,
the rule river_start, a refusal naming V-TILE-2, and whole random games
that replay exactly from their records (carcassonne.md "The River").

Run as test_libcity.py says (LIBCITY_LIBRARY, CITY_CLI).
"""

import os
import random
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir))

import libcity  # noqa: E402

BASE = [2, 4, 1, 4, 5, 2, 1, 3, 2, 3, 3, 3, 2, 3, 2, 3, 1, 3, 2, 1, 8, 9, 4,
        1]


def river_order(river):
    """The ten river tiles in the given order, the lake, the land tiles
    in design order (V-SET-2)."""
    land = [d + 1 for d in range(24) for _ in range(BASE[d])]
    return list(river) + [52] + land


class RiverTest(unittest.TestCase):

    def test_setup(self):
        with libcity.Game(game="carcassonne", expansions=("river",)) as g:
            self.assertEqual(g.expansions, ("river",))
            self.assertEqual(g.tile_count, 1)  # the spring, V-SET-1
        with libcity.Game(game="carcassonne",
                          expansions=("tower", "river"),
                          rules={"river_start": "remove"}) as g:
            self.assertEqual(g.expansions, ("tower", "river"))
            text = g.save()
            self.assertIn("expansion river\nexpansion tower\n", text)
            self.assertIn("tileset carcassonne-river-tower\n", text)
            self.assertIn("rule river_start=remove\n", text)

    def test_river_start_needs_the_expansion(self):
        with self.assertRaises(libcity.InvalidArgument) as e:
            libcity.Game(game="carcassonne",
                         rules={"river_start": "remove"})
        self.assertIn("V-OPT-1: rule river_start needs the expansion "
                      "river", str(e.exception))

    def test_v_tile_2_refusal(self):
        order = river_order([60, 57, 60, 57, 53, 54, 55, 56, 58, 59])
        with libcity.Game(game="carcassonne", expansions=("river",),
                          order=order) as g:
            g.place_tile(1, 0, 0)  # east, then south: right
            g.place_tile(1, 1, 1)  # the straight
            with self.assertRaises(libcity.IllegalMove) as e:
                g.place_tile(1, 2, 1)
            self.assertIn("V-TILE-2: the river turned right at the last "
                          "curve; this curve must turn left",
                          str(e.exception))
            g.place_tile(1, 2, 2)

    def test_random_games_replay(self):
        rnd = random.Random(29)
        for k, exps in enumerate([("river",), ("river", "tower")] * 2):
            with libcity.Game(game="carcassonne", expansions=exps,
                              players=2 + k, seed=k,
                              rules={"farmers": bool(k & 1)}) as g:
                while not g.ended:
                    g.apply(rnd.choice(g.legal_moves()))
                text = g.save()
                with libcity.Game.load(text) as back:
                    self.assertEqual(back.save(), text)
                    self.assertEqual(back.scores, g.scores)


if __name__ == "__main__":
    unittest.main()
