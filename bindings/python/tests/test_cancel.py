"""AI.cancel(): a long search stopped from a second thread (city_ai_cancel)."""

import threading
import time
import unittest

import libcity


class TestCancel(unittest.TestCase):
    def test_cancel_from_another_thread(self):
        with libcity.Game(players=2, seed=3) as g, \
                libcity.AI("mcts", seed=1, iterations=10 ** 8) as ai:
            result = {}

            def think():
                result["move"] = ai.choose(g)

            t = threading.Thread(target=think)
            started = time.monotonic()
            t.start()
            time.sleep(0.2)
            ai.cancel()
            t.join(60)
            self.assertFalse(t.is_alive(), "the search did not stop")
            # 10**8 playouts take hours; a cancelled one returns at once
            self.assertLess(time.monotonic() - started, 30)
            self.assertIn(result["move"], g.legal_moves())

    def test_cancel_on_closed_ai(self):
        ai = libcity.AI("random")
        ai.close()
        self.assertRaises(libcity.CityError, ai.cancel)


if __name__ == "__main__":
    unittest.main()
