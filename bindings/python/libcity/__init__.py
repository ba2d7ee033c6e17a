"""libcity: the rules engine of *Carcassonne: The City*, from Python.

A pure-Python binding over ``ctypes`` (standard library only) to the C
library ``libcity.so.1``. Where the library is found, in order:

1. ``LIBCITY_LIBRARY``: the path of the shared library file (final: no
   other place is tried when it is set);
2. ``LIBCITY_BUILD_DIR``: a CMake build directory holding ``libcity.so.1``;
3. an installed package: a ``libcity.so.1`` next to the package, then the
   library directory recorded when it was installed (``pip install``
   records ``LIBCITY_LIBDIR`` or pkg-config's ``libdir``);
4. the plain build directories of the source tree this package sits in
   (``build/release``, then ``build/pkg``);
5. ``ctypes.util.find_library("city")``, then ``libcity.so.1`` through
   the dynamic loader (an installed library, ``LD_LIBRARY_PATH``).

``libcity.library_path`` tells which file was loaded.

Example::

    import libcity, random
    with libcity.Game(players=3, seed=7, rules={"end_gap": 3}) as g:
        while not g.ended:
            g.apply(random.choice(g.legal_moves()))
        print(g.score_final(), g.winners)

See docs/embedding.md and bindings/python/README.md.
"""

from . import _ffi
from .errors import (BufferTooSmall, CityError, GameEnded, GameNotEnded,
                     IllegalMove, InvalidArgument, LimitExceeded, NotFound,
                     OutOfMemory, ParseError, WrongDecision)
from .game import (CARC_CATEGORIES, CATEGORIES, DECISIONS, END_REASONS,
                   EXPANSIONS, GAMES, Game)
from .structs import ENDS, SIDES, Event, Move
from .ai import AI, LEVELS, Stat, reshuffle

__all__ = [
    "Game", "Move", "Event", "CityError", "InvalidArgument", "OutOfMemory",
    "BufferTooSmall", "IllegalMove", "WrongDecision", "ParseError",
    "NotFound", "GameEnded", "GameNotEnded", "LimitExceeded", "DECISIONS",
    "CATEGORIES", "CARC_CATEGORIES", "GAMES", "EXPANSIONS", "END_REASONS",
    "SIDES",
    "ENDS", "version", "version_number", "library_path", "AI", "Stat",
    "LEVELS", "reshuffle",
]

#: The file the library was loaded from (or the name the loader resolved).
library_path = _ffi.path


def __getattr__(name):
    # libcity.arena and libcity.selfplay (Dask, docs/distributed.md) load
    # on first use, so that `python3 -m libcity.arena` finds them unloaded.
    if name in ("arena", "selfplay"):
        import importlib
        return importlib.import_module("." + name, __name__)
    raise AttributeError("module 'libcity' has no attribute %r" % (name,))


def version():
    """The loaded library's version string, e.g. '1.1.0'."""
    return _ffi.lib.city_version_string().decode()


def version_number():
    """The loaded library's version as major*10000 + minor*100 + patch."""
    return _ffi.lib.city_version_number()
