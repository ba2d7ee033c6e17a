"""Play The City against the library's MCTS AI in a terminal (docs/ai.md)."""
import libcity
with libcity.Game(players=2, seed=7) as g, libcity.AI("medium", seed=7) as ai:
    while not g.ended:
        if g.player == 1:
            m = ai.choose(g); print("AI plays", m); g.apply(m); continue
        print("scores", g.scores, "tile", g.current_tile, "legal:", *g.legal_moves(), sep="\n  ")
        try: g.apply(input("your move> "))  # e.g. place 1 0 3, follower a, pass
        except libcity.CityError as e: print("refused:", e)
        except EOFError: break
    print("final" if g.ended else "unfinished", g.score_final() if g.ended else g.scores)
