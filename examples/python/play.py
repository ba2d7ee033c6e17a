#!/usr/bin/env python3
"""A short game of The City between two Python bots, through the libcity
binding (bindings/python).

    LIBCITY_LIBRARY=build/release/libcity.so.1 python3 examples/python/play.py [SEED]

- the random bot picks any legal move;
- the greedy bot tries each legal move on a clone of the game and keeps the
  one that gains it the most points now (ties: the first).

Prints the scores after the final scoring, the breakdown and the winners.
"""

import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, os.pardir, "bindings", "python"))

import libcity  # noqa: E402


def random_bot(game, rng):
    return rng.choice(game.legal_moves())


def greedy_bot(game, rng):
    me = game.player
    before = game.scores[me]
    best, best_gain = None, -1
    for move in game.legal_moves():
        with game.clone() as trial:     # freed at once, not at gc time
            trial.apply(move)
            gain = trial.scores[me] - before
        if gain > best_gain:
            best, best_gain = move, gain
    return best


def main(argv):
    seed = int(argv[1]) if len(argv) > 1 else 1
    bots = [("random", random_bot), ("greedy", greedy_bot)]
    rng = random.Random(seed)
    with libcity.Game(players=2, seed=seed, rules={"end_gap": 3}) as game:
        while not game.ended:
            name, bot = bots[game.player]
            game.apply(bot(game, rng))
        game.score_final()
        print("libcity %s, seed %d, %d moves, ended by %s" % (
            libcity.version(), seed, game.move_count,
            " and ".join(game.end_reasons)))
        for p, (score, detail) in enumerate(zip(game.scores,
                                                game.breakdown)):
            print("p%d %-6s %3d  %s" % (p, bots[p][0], score, " ".join(
                "%s=%d" % kv for kv in detail.items())))
        print("winners:", " ".join("p%d (%s)" % (p, bots[p][0])
                                   for p in game.winners))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
