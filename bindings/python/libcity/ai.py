"""AI players: ``city_ai_*`` of ``<city/ai.h>`` (docs/ai.md).

Example::

    import libcity
    with libcity.Game(players=2, seed=3) as g, libcity.AI("mcts", seed=1,
                                                           iterations=500) as ai:
        while not g.ended:
            g.apply(ai.choose(g))
        print(g.score_final())

An AI never reads the game's real draw order (it plays on reshuffled
copies) and, with an iteration budget, answers the same for the same seed,
parameters, game and sequence of calls.
"""

import ctypes
from ctypes import (POINTER, Structure, byref, c_double, c_int, c_int32,
                    c_size_t, c_uint32, c_uint64, c_void_p)

from . import _ffi
from ._check import check_c, check_int, check_real, invalid
from ._handle import Handle
from .errors import error_for
from .game import Game
from .structs import Move

_lib = _ffi.lib

#: Kinds (CITY_AI_*).
KINDS = {"random": 0, "greedy": 1, "mcts": 2}
#: Levels: presets of kind and parameters (docs/ai.md).
LEVELS = ("easy", "medium", "hard")
#: Parameters (CITY_AI_*) by name.
PARAMS = {"iterations": 1, "time_ms": 2, "threads": 3, "exploration": 4,
          "trees": 5, "margin": 6, "potential": 7, "playout": 8}
#: The longest principal line :meth:`AI.analyse` asks for (its buffer is
#: allocated whole; a search's line is far shorter).
LINE_MAX = 4096


class Stat(Structure):
    """One move of an analysis or one step of its principal line:
    ``city_ai_stat`` (48 bytes)."""

    _fields_ = [
        ("move", Move),
        ("player", c_int32),   # who decides it
        ("design", c_int32),   # line: the drawn design assumed, or -1
        ("visits", c_uint32),
        ("reserved", c_uint32),
        ("mean", c_double),    # MCTS: mean result 0..1; greedy: points
    ]

    def __repr__(self):
        return "Stat(%s, player=%d, visits=%d, mean=%.3f%s)" % (
            self.move, self.player, self.visits, self.mean,
            ", design=%d" % self.design if self.design >= 0 else "")


_PROTOTYPES = {
    "city_ai_new": (c_int, [POINTER(c_void_p), c_int, c_uint64]),
    "city_ai_new_level": (c_int, [POINTER(c_void_p), ctypes.c_char_p,
                                  c_uint64]),
    "city_ai_free": (None, [c_void_p]),
    "city_ai_set_param": (c_int, [c_void_p, c_int, c_double]),
    "city_ai_get_param": (c_int, [c_void_p, c_int, POINTER(c_double)]),
    "city_ai_kind": (c_int, [c_void_p]),
    "city_ai_cancel": (c_int, [c_void_p]),
    "city_ai_choose": (c_int, [c_void_p, c_void_p, POINTER(Move)]),
    "city_ai_analyse": (c_int, [c_void_p, c_void_p, POINTER(Stat), c_size_t,
                                POINTER(c_size_t), POINTER(Stat), c_size_t,
                                POINTER(c_size_t)]),
    "city_game_reshuffle": (c_int, [c_void_p, c_uint64]),
}
for _name, (_res, _args) in _PROTOTYPES.items():
    _fn = getattr(_lib, _name)
    _fn.restype = _res
    _fn.argtypes = _args


def _check(rc, what):
    if rc < 0:
        raise error_for(rc, what)
    return rc


def _game(game):
    """The handle of a libcity.Game (InvalidArgument for anything else)."""
    if not isinstance(game, Game):
        raise invalid("game must be a libcity.Game, not %r" % (game,))
    return game._handle()


def _param(name):
    """CITY_AI_* of a parameter name."""
    if not isinstance(name, str) or name not in PARAMS:
        raise invalid("unknown parameter %r (%s)"
                      % (name, ", ".join(PARAMS)))
    return PARAMS[name]


def reshuffle(game, seed):
    """Reshuffle the undrawn tiles of ``game`` (each stack within itself)
    with ``seed``: ``city_game_reshuffle``."""
    h = _game(game)
    _check(_lib.city_game_reshuffle(h, check_c(seed, c_uint64, "seed")),
           "city_game_reshuffle failed")


class AI(Handle):
    """An AI player of a kind (``"random"``, ``"greedy"``, ``"mcts"``) or
    a level (``"easy"``, ``"medium"``, ``"hard"``), with its own seed and
    optional parameters by name (``iterations``, ``time_ms``, ``threads``,
    ``exploration``, ``trees``, ``margin``, ``potential``, ``playout``)."""

    _free = _lib.city_ai_free  # of _h, the city_ai * (Handle)
    _what = "AI"

    def __init__(self, kind="mcts", seed=0, **params):
        seed = check_c(seed, c_uint64, "seed")
        h = c_void_p()
        if isinstance(kind, str) and kind in KINDS:
            rc = _lib.city_ai_new(byref(h), KINDS[kind], seed)
        elif isinstance(kind, str) and kind in LEVELS:
            rc = _lib.city_ai_new_level(byref(h), kind.encode(), seed)
        else:
            raise invalid("kind must be one of %s or a level %s, not %r"
                          % (sorted(KINDS), LEVELS, kind))
        _check(rc, "cannot make the AI")
        self._h = h
        for name, value in params.items():
            self.set(name, value)

    def set(self, name, value):
        """Set a parameter by name; InvalidArgument when unknown or out of
        range (the AI is then unchanged)."""
        param = _param(name)
        _check(_lib.city_ai_set_param(self._handle(), param,
                                      check_real(value, name)),
               "bad value %r for %s" % (value, name))

    def get(self, name):
        """A parameter's value."""
        param = _param(name)
        v = c_double()
        _check(_lib.city_ai_get_param(self._handle(), param, byref(v)),
               "city_ai_get_param failed")
        return v.value

    @property
    def kind(self):
        """'random', 'greedy' or 'mcts'."""
        k = _check(_lib.city_ai_kind(self._handle()), "city_ai_kind")
        return {v: n for n, v in KINDS.items()}[k]

    def choose(self, game):
        """A legal move for the decision ``game`` waits for; GameEnded
        once it has ended."""
        m = Move()
        _check(_lib.city_ai_choose(self._handle(), _game(game), byref(m)),
               "city_ai_choose failed")
        return m

    def cancel(self):
        """Stop a choose() or analyse() running in another thread: it
        returns soon with the best move found so far (city_ai_cancel; the
        call releases the GIL, so a second thread may call this). Call it
        only while a search is pending: a cancel made after the search
        returned stops the next one at once (docs/ai.md)."""
        _check(_lib.city_ai_cancel(self._handle()), "city_ai_cancel failed")

    def analyse(self, game, line=8):
        """``(moves, line)``: every legal move as a :class:`Stat`, best
        first (the first is the move :meth:`choose` would make), and the
        principal line of at most ``line`` steps (0..LINE_MAX; 0: no
        line)."""
        line = check_int(line, 0, LINE_MAX, "line")
        ai, g = self._handle(), _game(game)
        n = len(game.legal_moves())
        # Each buffer holds at least the capacity passed with it (one
        # entry at least: never a zero-sized array).
        moves = (Stat * max(n, 1))()
        steps = (Stat * max(line, 1))()
        count, nl = c_size_t(), c_size_t()
        _check(_lib.city_ai_analyse(ai, g, moves, n, byref(count), steps,
                                    line, byref(nl)),
               "city_ai_analyse failed")
        return list(moves[:count.value]), list(steps[:nl.value])

    def __repr__(self):
        if not self._h:
            return "<libcity.AI closed>"
        return "<libcity.AI %s iterations=%d>" % (self.kind,
                                                  self.get("iterations"))
