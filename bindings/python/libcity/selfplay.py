"""Self-play data: the games of an arena written to a folder.

``write(folder, specs, ...)`` plays the games of
:func:`libcity.arena.run` (the same seats and seeds as ``city-cli arena``)
and writes, as each game is done, in game order:

- ``folder/records/game-000001.city`` … : each game's ``.city`` record
  (docs/record.md; ``libcity.Game.load`` or ``city-cli replay`` read it);
- ``folder/games.jsonl``: one JSON object per line and game — ``game``
  (1-based), ``seed``, ``seats`` (specs), ``ai_seeds``, ``scores``,
  ``winners``, ``categories`` (names) and ``detail`` (per seat, points per
  category), ``moves``, ``end_reasons``, ``record`` (the path under
  ``folder``), ``worker``, ``error`` (None, or the reason a game raised);
- with ``analysis=N``: ``folder/decisions.jsonl``, one line per decision —
  ``game``, ``ply`` (moves made before it), ``player``, ``spec`` (the
  deciding seat's), ``decision``, ``tile`` (``[design, stack]`` or None),
  ``move`` (the one played), ``legal`` (how many), ``top`` (the best N
  as ``[move, visits, mean]``) and ``line`` (the principal line, ``line``
  steps of ``[player, move, visits, mean, design]``);
- ``folder/arena.json``: the arguments.

pandas and Dask DataFrames read the JSON-lines files directly
(``pandas.read_json(path, lines=True)``,
``dask.dataframe.read_json(path, lines=True)``); there is no Parquet
(Debian has no pyarrow).
"""

import json
import os

from .arena import Arena, run

__all__ = ["Writer", "write"]


class Writer:
    """Writes the results of :func:`libcity.arena.play_game` (with
    ``record=True``) into ``folder``; use as ``on_game``."""

    def __init__(self, folder, analysis=False, arena=None):
        self.folder = folder
        os.makedirs(os.path.join(folder, "records"), exist_ok=True)
        if arena is not None:
            with open(os.path.join(folder, "arena.json"), "w") as f:
                json.dump({"specs": arena.specs, "games": arena.games,
                           "players": arena.players, "game": arena.game,
                           "expansions": list(arena.expansions),
                           "rules": arena.rules, "seed": arena.seed}, f,
                          indent=1)
                f.write("\n")
        self._games = open(os.path.join(folder, "games.jsonl"), "w")
        self._decisions = (open(os.path.join(folder, "decisions.jsonl"),
                                "w") if analysis else None)

    def add(self, r):
        """One game's result: its record file and its rows."""
        path = None
        if r.get("record") is not None:
            path = "records/game-%06d.city" % r["game"]
            with open(os.path.join(self.folder, path), "w") as f:
                f.write(r["record"])
        row = {k: r.get(k) for k in (
            "game", "seed", "seats", "ai_seeds", "scores", "winners",
            "categories", "detail", "moves", "end_reasons")}
        row.update(record=path, worker=r.get("worker"), error=r["error"])
        self._games.write(json.dumps(row) + "\n")
        if self._decisions is not None:
            for d in r.get("decisions") or ():
                d = dict(d, game=r["game"], spec=r["seats"][d["player"]])
                self._decisions.write(json.dumps(d) + "\n")

    def close(self):
        for f in (self._games, self._decisions):
            if f is not None:
                f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def write(folder, specs, games=20, players=2, game="the-city", expansions=(),
          rules=None, seed=1, analysis=0, line=0, **kwargs):
    """Play the arena of these arguments (see :func:`libcity.arena.run`,
    whose other keyword arguments — ``client``, ``workers``, ``batch``,
    ``progress`` — pass through) and write its self-play data into
    ``folder``; with ``analysis`` N > 0 also each decision's best N moves
    (and ``line`` steps of the principal line). Returns the
    :class:`libcity.arena.ArenaResult`."""
    arena = Arena(specs, games, players, game, expansions, rules, seed)
    on_game = kwargs.pop("on_game", None)
    with Writer(folder, analysis > 0, arena) as w:
        def each(r):
            w.add(r)
            if on_game is not None:
                on_game(r)
        return run(specs, games, players, game, expansions, rules, seed,
                   record=True, analysis=analysis, line=line,
                   on_game=each, **kwargs)
