"""The AI calls from Python (libcity.AI, libcity.reshuffle; docs/ai.md)."""

import ctypes
import unittest

import libcity


class TestAI(unittest.TestCase):
    def test_stat_layout(self):
        self.assertEqual(ctypes.sizeof(libcity.Stat), 48)

    def test_every_kind_plays_legal_moves(self):
        for kind in ("random", "greedy", "mcts", "easy"):
            with libcity.Game(players=2, seed=5) as g, \
                    libcity.AI(kind, seed=2, iterations=40) as ai:
                for _ in range(12):
                    m = ai.choose(g)
                    self.assertIn(m, g.legal_moves())
                    g.apply(m)

    def test_analysis_first_is_the_choice(self):
        with libcity.Game(players=3, seed=9) as g:
            for m in g.legal_moves()[:1]:
                g.apply(m)
            a = libcity.AI("mcts", seed=4, iterations=300)
            b = libcity.AI("mcts", seed=4, iterations=300)
            moves, line = a.analyse(g, line=4)
            self.assertEqual(len(moves), len(g.legal_moves()))
            self.assertEqual(moves[0].move, b.choose(g))
            self.assertEqual(sum(s.visits for s in moves), 300)
            self.assertEqual(line[0].move, moves[0].move)
            a.close()
            b.close()

    def test_threads_do_not_change_the_answer(self):
        with libcity.Game(players=2, seed=13) as g:
            one = libcity.AI("mcts", seed=8, iterations=400, trees=4)
            two = libcity.AI("mcts", seed=8, iterations=400, trees=4,
                             threads=2)
            m1, _ = one.analyse(g)
            m2, _ = two.analyse(g)
            self.assertEqual([(s.move, s.visits, s.mean) for s in m1],
                             [(s.move, s.visits, s.mean) for s in m2])

    def test_parameters_are_checked(self):
        with libcity.AI("mcts") as ai:
            self.assertEqual(ai.get("iterations"), 2000)
            self.assertEqual(ai.kind, "mcts")
            with self.assertRaises(libcity.InvalidArgument):
                ai.set("threads", 0)
            with self.assertRaises(libcity.InvalidArgument):
                ai.set("iterations", 1.5)
            with self.assertRaises(libcity.InvalidArgument):
                ai.set("speed", 1)
            self.assertEqual(ai.get("threads"), 1)
        with self.assertRaises(libcity.InvalidArgument):
            libcity.AI("clever")

    def test_ended_game(self):
        with libcity.Game(players=2, seed=1) as g, \
                libcity.AI("random", seed=1) as ai:
            while not g.ended:
                g.apply(ai.choose(g))
            with self.assertRaises(libcity.GameEnded):
                ai.choose(g)

    def test_reshuffle_keeps_the_position(self):
        with libcity.Game(players=2, seed=3) as g:
            for _ in range(10):
                g.apply(g.legal_moves()[0])
            before = (g.current_tile, g.tiles_left, g.scores)
            libcity.reshuffle(g, 99)
            self.assertEqual((g.current_tile, g.tiles_left, g.scores),
                             before)
            self.assertIn("\norder ", g.save())


if __name__ == "__main__":
    unittest.main()
