"""Game.tiles_remaining(): the designs still to come (city_game_tiles_remaining)."""

import random
import unittest

import libcity


class TestTilesRemaining(unittest.TestCase):
    def check_game(self, **kw):
        with libcity.Game(seed=11, **kw) as g:
            rng = random.Random(5)
            total = sum(g.tiles_left)
            # the start: one tile in hand; the rest to come
            rem = g.tiles_remaining()
            self.assertEqual(sum(rem.values()), total)
            self.assertEqual(list(rem), sorted(rem))
            while not g.ended:
                g.apply(rng.choice(g.legal_moves()))
                rem = g.tiles_remaining()
                self.assertEqual(sum(rem.values()), sum(g.tiles_left))
                per_stack = {}
                for stack in (1, 2, 3):
                    for d, n in g.tiles_remaining(stack).items():
                        per_stack[d] = per_stack.get(d, 0) + n
                self.assertEqual(per_stack, rem)

    def test_the_city(self):
        self.check_game(players=3)

    def test_carcassonne(self):
        self.check_game(game="carcassonne", players=4)

    def test_tower(self):
        self.check_game(game="carcassonne", expansions="tower", players=2)

    def test_refused(self):
        with libcity.Game() as g:
            for bad in (-1, 4, True, 1.0, "1", 2 ** 70):
                self.assertRaises(libcity.InvalidArgument,
                                  g.tiles_remaining, bad)


if __name__ == "__main__":
    unittest.main()
