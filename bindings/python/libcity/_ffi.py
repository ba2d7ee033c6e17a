"""The C side of the binding: finding libcity.so.1, the frozen structs and
the prototype of every C function the package calls.

Nothing here is public API; ``libcity.Game`` and friends are. Every function
is declared with its exact ``argtypes``/``restype`` (docs/embedding.md, "FFI
type mapping"), so that ctypes converts and checks each argument instead of
guessing ``int``.
"""

import ctypes
import ctypes.util
import os
from ctypes import (POINTER, c_char, c_char_p, c_int, c_int32, c_size_t,
                    c_uint, c_uint64, c_void_p)

from .structs import Event, Move

#: The SONAME this binding speaks (ABI 1, docs/abi.md).
SONAME = "libcity.so.1"


#: Allocator hooks (``city_malloc_fn`` and friends).
MALLOC_FN = ctypes.CFUNCTYPE(c_void_p, c_size_t, c_void_p)
REALLOC_FN = ctypes.CFUNCTYPE(c_void_p, c_void_p, c_size_t, c_void_p)
FREE_FN = ctypes.CFUNCTYPE(None, c_void_p, c_void_p)

_handle = c_void_p          # city_game *, city_options *, city_tileset *
_out_handle = POINTER(c_void_p)
_size_out = POINTER(c_size_t)
_int_out = POINTER(c_int)
_i32_out = POINTER(c_int32)

# name: (restype, argtypes). One line per C function the package calls.
_PROTOTYPES = {
    # common.h
    "city_status_str": (c_char_p, [c_int]),
    "city_version_number": (c_uint, []),
    "city_version_string": (c_char_p, []),
    # tileset.h
    "city_tileset_parse": (c_int, [_out_handle, c_char_p, c_size_t,
                                   c_char_p, c_size_t]),
    "city_tileset_free": (None, [_handle]),
    "city_tileset_name": (c_char_p, [_handle]),
    # options
    "city_options_new": (c_int, [_out_handle]),
    "city_options_free": (None, [_handle]),
    "city_options_set_players": (c_int, [_handle, c_int]),
    "city_options_set_seed": (c_int, [_handle, c_uint64]),
    "city_options_check": (c_int, [_handle, c_char_p, c_size_t]),
    "city_options_set_order": (c_int, [_handle, POINTER(c_int), c_size_t]),
    "city_options_set_stacks": (c_int, [_handle, c_uint, c_uint, c_uint]),
    "city_options_set_tileset": (c_int, [_handle, _handle]),
    "city_options_parse_rule": (c_int, [_handle, c_char_p]),
    "city_options_parse_game": (c_int, [_handle, c_char_p]),
    "city_options_set_expansion": (c_int, [_handle, c_int, c_int]),
    "city_options_set_allocator": (c_int, [_handle, MALLOC_FN, REALLOC_FN,
                                           FREE_FN, c_void_p]),
    # lifecycle
    "city_game_new": (c_int, [_out_handle, _handle]),
    "city_game_free": (None, [_handle]),
    "city_game_clone": (c_int, [_out_handle, _handle]),
    "city_game_undo": (c_int, [_handle]),
    "city_game_reset": (c_int, [_handle]),
    "city_game_last_error": (c_char_p, [_handle]),
    # decisions
    "city_place_tile": (c_int, [_handle, c_int32, c_int32, c_int]),
    "city_place_follower": (c_int, [_handle, c_char]),
    "city_build_gate": (c_int, [_handle, c_int32, c_int32, c_int]),
    "city_build_wall": (c_int, [_handle, c_int]),
    "city_place_guard": (c_int, [_handle]),
    "city_place_tower": (c_int, [_handle, c_int]),
    "city_place_floor": (c_int, [_handle, c_int32, c_int32]),
    "city_place_top": (c_int, [_handle, c_int32, c_int32]),
    "city_capture": (c_int, [_handle, c_int32, c_int32, c_char]),
    "city_pay_ransom": (c_int, [_handle, c_int]),
    "city_pass": (c_int, [_handle]),
    "city_legal_moves": (c_int, [_handle, POINTER(Move), c_size_t,
                                 _size_out]),
    "city_apply_move": (c_int, [_handle, POINTER(Move)]),
    "city_move_to_string": (c_int, [POINTER(Move), c_char_p, c_size_t,
                                    _size_out]),
    "city_move_parse": (c_int, [POINTER(Move), c_char_p]),
    "city_score_final": (c_int, [_handle]),
    # records
    "city_game_save": (c_int, [_handle, c_char_p, c_size_t, _size_out]),
    "city_game_load": (c_int, [_out_handle, c_char_p, c_size_t, c_char_p,
                               c_size_t]),
    # queries
    "city_game_decision": (c_int, [_handle]),
    "city_game_player": (c_int, [_handle]),
    "city_game_players": (c_int, [_handle]),
    "city_game_kind": (c_int, [_handle]),
    "city_game_expansions": (c_int, [_handle]),
    "city_game_current_tile": (c_int, [_handle, _int_out, _int_out]),
    "city_game_tiles_left": (c_int, [_handle, c_int]),
    "city_game_tiles_remaining": (c_int, [_handle, c_int, _int_out, _int_out,
                                          c_size_t]),
    "city_game_tile_count": (c_int, [_handle]),
    "city_game_placed_tile": (c_int, [_handle, c_size_t, _i32_out, _i32_out,
                                      _int_out, _int_out]),
    "city_game_tower": (c_int, [_handle, c_int32, c_int32, _int_out,
                                _int_out]),
    "city_game_prisoners": (c_int, [_handle, c_int, c_int]),
    "city_game_floors": (c_int, [_handle, c_int]),
    "city_game_supply": (c_int, [_handle, c_int, _int_out, _int_out]),
    "city_game_walls_left": (c_int, [_handle]),
    "city_game_score": (c_int, [_handle, c_int]),
    "city_game_score_detail": (c_int, [_handle, c_int, c_int]),
    "city_game_score_get": (c_int, [_handle, c_int, _int_out]),
    "city_game_score_detail_get": (c_int, [_handle, c_int, c_int, _int_out]),
    "city_game_winners": (c_int, [_handle, POINTER(c_uint)]),
    "city_game_end_reasons": (c_int, [_handle]),
    "city_game_final_scored": (c_int, [_handle]),
    "city_game_event_count": (c_int, [_handle]),
    "city_game_event": (c_int, [_handle, c_size_t, POINTER(Event)]),
    "city_game_move_count": (c_int, [_handle]),
    "city_game_move": (c_int, [_handle, c_size_t, POINTER(Move)]),
    "city_wall_length": (c_int, [_handle]),
    "city_wall_piece": (c_int, [_handle, c_size_t, _i32_out, _i32_out,
                                _int_out, _int_out, _int_out]),
}


def _source_tree_build_dirs():
    """Plain build directories of the source tree this package sits in
    (bindings/python/libcity -> the repository root), most likely first.
    The sanitized build/test is left out: its library needs the ASan
    runtime preloaded (set LIBCITY_LIBRARY and LD_PRELOAD for that)."""
    root = os.path.abspath(os.path.join(os.path.dirname(__file__),
                                        os.pardir, os.pardir, os.pardir))
    if not os.path.isfile(os.path.join(root, "include", "city", "city.h")):
        return []
    return [os.path.join(root, "build", d) for d in ("release", "pkg")]


def _installed_dirs():
    """Where an installed package finds its library: the package's own
    directory (a libcity.so.1 copied next to it), then the directory
    recorded when the package was installed (libcity/_install.py, written
    by setup.py: LIBCITY_LIBDIR or pkg-config's libdir then; a relative
    path counts from the package directory)."""
    here = os.path.dirname(os.path.abspath(__file__))
    dirs = [("next to the package", here)]
    try:
        from . import _install
    except ImportError:  # the source tree: nothing recorded
        return dirs
    libdir = getattr(_install, "LIBDIR", None)
    if libdir:
        dirs.append(("recorded at install (libcity/_install.py)",
                     os.path.normpath(os.path.join(here, libdir))))
    return dirs


def candidates():
    """Where the library is looked for, in order: a list of
    (description, path-or-name). See bindings/python/README.md.

    1. LIBCITY_LIBRARY, the library file (final: nothing else is tried);
    2. LIBCITY_BUILD_DIR, a CMake build directory;
    3. the installed package's own directory, then the library directory
       recorded at install time;
    4. the plain build directories of the source tree the package sits in;
    5. ctypes.util.find_library('city'), then libcity.so.1 through the
       dynamic loader's search path.
    Only files that exist are listed in 2 to 4."""
    env_lib = os.environ.get("LIBCITY_LIBRARY")
    if env_lib:
        # An explicit choice is final: never fall back to another library.
        return [("LIBCITY_LIBRARY", env_lib)]
    found = []
    env_dir = os.environ.get("LIBCITY_BUILD_DIR")
    if env_dir:
        found.append(("LIBCITY_BUILD_DIR", os.path.join(env_dir, SONAME)))
    for how, d in _installed_dirs():
        path = os.path.join(d, SONAME)
        if os.path.exists(path):
            found.append((how, path))
    for d in _source_tree_build_dirs():
        path = os.path.join(d, SONAME)
        if os.path.exists(path):
            found.append(("source tree build", path))
    name = ctypes.util.find_library("city")
    # find_library may name another ABI major (libcity.so.2): not ours.
    if name and (name == SONAME or not name.startswith("libcity.so.")):
        found.append(("ctypes.util.find_library('city')", name))
    found.append(("dynamic loader search path", SONAME))
    return found


def _load():
    tried = []
    for how, what in candidates():
        try:
            return ctypes.CDLL(what), what
        except OSError as exc:
            tried.append("  %s: %s (%s)" % (how, what, exc))
    raise ImportError(
        "libcity: cannot load %s; tried:\n%s\nSet LIBCITY_LIBRARY to the "
        "library file or LIBCITY_BUILD_DIR to a CMake build directory."
        % (SONAME, "\n".join(tried)))


def _declare(dll):
    for name, (restype, argtypes) in _PROTOTYPES.items():
        fn = getattr(dll, name)  # AttributeError: the library is too old
        fn.restype = restype
        fn.argtypes = argtypes
    return dll


lib, path = _load()
_declare(lib)
