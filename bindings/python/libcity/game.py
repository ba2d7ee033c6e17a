"""The Pythonic surface: :class:`Game`."""

import ctypes
from ctypes import byref, c_int, c_int32, c_size_t, c_uint, c_void_p

from . import _ffi
from ._check import (c_range, check_c, check_data, check_int, check_items,
                     check_mapping, check_text, invalid)
from ._handle import Handle
from .errors import (CITY_EINVAL, CITY_ENOTFOUND, CITY_EPARSE, CITY_ERANGE,
                     CITY_OK, InvalidArgument, ParseError, error_for)
from .structs import (SIDES, Event, Move, end_number, part_byte,
                      side_number)

__all__ = ["Game", "DECISIONS", "CATEGORIES", "CARC_CATEGORIES",
           "GAMES", "EXPANSIONS", "END_REASONS"]

_lib = _ffi.lib

#: CITY_DECISION_* by number, named as in traces (record.md).
DECISIONS = ("tile", "follower", "gate", "wall", "guard", "tower", "end",
             "capture", "ransom")
#: CITY_CAT_* by number: the keys of :attr:`Game.breakdown` (The City).
CATEGORIES = ("streets", "markets", "towers", "stewards", "guards")
#: The keys of :attr:`Game.breakdown` in a Carcassonne game: CITY_CAT_ROADS
#: (5) .. CITY_CAT_RANSOM (9).
CARC_CATEGORIES = ("roads", "cities", "monasteries", "farms", "ransom")
#: CITY_GAME_* by number, named as in records (``game carcassonne``).
GAMES = ("the-city", "carcassonne")
#: CITY_EXPANSION_* bits of the base game and their record names
#: (``expansion tower``, ``expansion river``).
EXPANSIONS = ((1, "tower"), (2, "river"))
_EXPANSION_BITS = {name: bit for bit, name in EXPANSIONS}
#: CITY_ENDED_* bits and their names, in bit order.
END_REASONS = ((1, "supply"), (2, "tiles"), (4, "gap"))

_LOAD_ERR_CAP = 512  # room for "line N: move M: <reason>"
_REASON_CAP = 256  # city_options_check's reasons fit in 160


def _rule_text(name, value):
    """'name=value' as in records; True/False are written yes/no."""
    if value is True:
        value = "yes"
    elif value is False:
        value = "no"
    elif not isinstance(value, (int, str)):
        raise invalid("rule %r: the value must be a str, an int or a bool,"
                      " not %r" % (name, value))
    return check_text("%s=%s" % (check_text(name, "rule name").decode(),
                                 value), "rule")


def _refusal(options):
    """Why city_game_new refused options: the library's own reason
    (city_options_check names the rule broken)."""
    reason = ctypes.create_string_buffer(_REASON_CAP)
    _lib.city_options_check(options, reason, len(reason))
    return reason.value.decode("utf-8", "replace") or \
        "city_game_new refused the options"


class _Options:
    """A city_options builder, freed on exit of the with block."""

    def __init__(self):
        self.h = c_void_p()
        rc = _lib.city_options_new(byref(self.h))
        if rc != CITY_OK:
            raise error_for(rc, "city_options_new failed")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        _lib.city_options_free(self.h)
        self.h = None

    def check(self, rc, message):
        if rc != CITY_OK:
            raise error_for(rc, message)

    def set_tileset(self, text):
        data = check_data(text, "tileset")
        ts = c_void_p()
        err = ctypes.create_string_buffer(256)
        rc = _lib.city_tileset_parse(byref(ts), data, len(data), err,
                                     len(err))
        if rc != CITY_OK:
            raise error_for(rc, "tile set: " + err.value.decode("utf-8",
                                                                "replace"))
        try:
            # The options keep their own reference to the set.
            self.check(_lib.city_options_set_tileset(self.h, ts),
                       "city_options_set_tileset failed")
        finally:
            _lib.city_tileset_free(ts)


class Game(Handle):
    """One game of *Carcassonne: The City* (a ``city_game`` handle).

    ``Game()`` is ``city_game_new`` with the library's defaults: 2 players,
    seed 0, the built-in tile set, default rules. Keyword arguments:

    - ``game``: ``"the-city"`` (the default) or ``"carcassonne"`` (the base
      game, docs/carcassonne.md);
    - ``expansions``: names of the base game's expansions in play, e.g.
      ``("tower",)`` for The Tower (carcassonne.md T-*; the built-in set
      becomes ``carcassonne-tower``), ``("river",)`` for The River (V-*:
      ``carcassonne-river``), or both (``carcassonne-river-tower``);
    - ``players``: 2..4 (2..5 in Carcassonne);
    - ``seed``: 0..2**64-1, the draw order's seed (R-RNG);
    - ``order``: a list of design ids, the explicit draw order (wins over
      the seed, as in records);
    - ``stacks``: ``(a, b, c)``, explicit stack sizes;
    - ``tileset``: the text of a ``.tiles`` file (None: the built-in set);
    - ``rules``: ``{"wall_trigger": "any", "end_gap": 3, ...}`` by their
      record names (R-OPT, C-OPT, T-OPT: ``{"capture_top": False,
      "tower_range": "short"}``; True/False stand for yes/no).

    Every argument is checked before the C library sees it: a wrong type
    or a value beyond its C type raises InvalidArgument. Options the
    library refuses raise InvalidArgument with its reason, e.g. ``rule
    farmers is not a rule of the-city``.

    The handle is freed by :meth:`close`, at the end of a ``with`` block,
    or when the object is garbage-collected. Every failed call raises a
    :class:`libcity.CityError` subclass and leaves the game unchanged.
    """

    _free = _lib.city_game_free  # of _h, the city_game * (Handle)
    _what = "game"

    def __init__(self, players=2, seed=0, order=None, tileset=None,
                 rules=None, stacks=None, game="the-city", expansions=()):
        # Every argument is checked before the first C call.
        if game not in GAMES:
            raise invalid("game must be one of %r, not %r" % (GAMES, game))
        if isinstance(expansions, str):
            expansions = (expansions,)
        expansions = check_items(expansions, "expansions")
        for name in expansions:
            if not isinstance(name, str) or name not in _EXPANSION_BITS:
                raise invalid("expansions: %r is not one of %r"
                              % (name, tuple(_EXPANSION_BITS)))
        top = 5 if game == "carcassonne" else 4
        players = check_int(players, 2, top, "players")
        seed = check_int(seed, 0, 2 ** 64 - 1, "seed")
        if order is not None:
            order = [check_int(i, 0, c_range(c_int)[1], "design id")
                     for i in check_items(order, "order")]
        if stacks is not None:
            stacks = [check_int(v, 0, 255, "stack size")
                      for v in check_items(stacks, "stacks", 3)]
        if tileset is not None:
            tileset = check_data(tileset, "tileset")
        rules = [_rule_text(name, value)
                 for name, value in check_mapping(
                     {} if rules is None else rules, "rules")]
        with _Options() as o:
            o.check(_lib.city_options_parse_game(o.h, game.encode()),
                    "bad game %r" % game)
            for name in expansions:
                o.check(_lib.city_options_set_expansion(
                    o.h, _EXPANSION_BITS[name], 1),
                    "expansion %r: the base game only" % name)
            o.check(_lib.city_options_set_players(o.h, players),
                    "players must be 2..%d" % top)
            o.check(_lib.city_options_set_seed(o.h, seed), "bad seed")
            if order is not None:
                arr = (c_int * len(order))(*order)
                o.check(_lib.city_options_set_order(o.h, arr, len(order)),
                        "bad order (design ids 1..99, at most 255 tiles)")
            if stacks is not None:
                o.check(_lib.city_options_set_stacks(o.h, *stacks),
                        "bad stacks %r" % (tuple(stacks),))
            if tileset is not None:
                o.set_tileset(tileset)
            for text in rules:
                rc = _lib.city_options_parse_rule(o.h, text)
                if rc == CITY_EPARSE:
                    raise ParseError(rc, "bad rule %r (R-OPT: wall_trigger="
                                     "occupied|any, first_round_guards, "
                                     "returned_guard, closing_tower=yes|no,"
                                     " end_gap=0..20; C-OPT farmers; T-OPT "
                                     "capture_own, capture_top, ransom_min,"
                                     " capture_gaps, capture_diagonal, "
                                     "ransom=yes|no, tower_range=height|"
                                     "short; V-OPT river_start=shuffle|"
                                     "remove)" % text.decode())
                o.check(rc, "bad rule %r" % text.decode())
            h = c_void_p()
            rc = _lib.city_game_new(byref(h), o.h)
            if rc == CITY_EINVAL:
                raise InvalidArgument(rc, _refusal(o.h))
            o.check(rc, "city_game_new failed")
        self._h = h

    @classmethod
    def _adopt(cls, handle):
        """Wrap a city_game * the caller owned; the Game owns it now."""
        g = cls.__new__(cls)
        g._h = handle if isinstance(handle, c_void_p) else c_void_p(handle)
        return g

    @classmethod
    def load(cls, text):
        """A game from a ``.city`` record (record.md), replayed through
        the same checks as live play. Raises ParseError, IllegalMove, ...
        with the loader's reason (``line N: ...``)."""
        data = check_data(text, "record")
        h = c_void_p()
        err = ctypes.create_string_buffer(_LOAD_ERR_CAP)
        rc = _lib.city_game_load(byref(h), data, len(data), err, len(err))
        if rc != CITY_OK:
            raise error_for(rc, err.value.decode("utf-8", "replace"))
        return cls._adopt(h)

    # -- lifetime (close, with, _handle: Handle) -------------------------
    @property
    def closed(self):
        return not self._h

    # -- errors ---------------------------------------------------------
    def _last_error(self):
        msg = _lib.city_game_last_error(self._h)
        return msg.decode("utf-8", "replace") if msg else ""

    def _act(self, rc):
        """Raise for a failed decision or other mutating call."""
        if rc < 0:
            raise error_for(rc, self._last_error())

    def _query(self, rc, what):
        """Raise for a failed query (queries leave last_error alone)."""
        if rc < 0:
            raise error_for(rc, what)
        return rc

    def _ask(self, fn):
        """A query of the game alone (``fn``: ``_lib.city_game_players``,
        ...), its failure raised as by :meth:`_query`."""
        return self._query(fn(self._handle()), fn.__name__ + " failed")

    @property
    def last_error(self):
        """The reason of the last failed call on this game ('' if none)."""
        self._handle()
        return self._last_error()

    # -- decisions ------------------------------------------------------
    def place_tile(self, x, y, rotation):
        """Place the current tile at (x, y) with rotation 0..3."""
        self._act(_lib.city_place_tile(
            self._handle(), check_c(x, c_int32, "x"),
            check_c(y, c_int32, "y"),
            check_c(rotation, c_int, "rotation")))

    def place_follower(self, part):
        """A follower on part 'a'..'h' or '1'..'9' of the tile just
        placed."""
        self._act(_lib.city_place_follower(self._handle(), part_byte(part)))

    def build_gate(self, x, y, side):
        """The city gate on side 'N'/'E'/'S'/'W' (or 0..3) of (x, y)."""
        self._act(_lib.city_build_gate(
            self._handle(), check_c(x, c_int32, "x"),
            check_c(y, c_int32, "y"), side_number(side)))

    def build_wall(self, end):
        """The next wall piece at end 'cw' or 'ccw'."""
        self._act(_lib.city_build_wall(self._handle(), end_number(end)))

    def place_guard(self):
        """A guard on the wall piece just built."""
        self._act(_lib.city_place_guard(self._handle()))

    def place_tower(self, end):
        """A tower at end 'cw' or 'ccw'."""
        self._act(_lib.city_place_tower(self._handle(), end_number(end)))

    def pass_(self):
        """Decline the optional follower, guard or tower decision (and The
        Tower's capture and ransom decisions)."""
        self._act(_lib.city_pass(self._handle()))

    # -- The Tower (carcassonne.md T-ACT, T-CAP) ------------------------
    def place_floor(self, x, y):
        """The Tower (T-ACT-1): instead of a follower, a floor from the
        player's supply on the open tower of the tile at (x, y), the tile
        just placed included; the capture decision may follow."""
        self._act(_lib.city_place_floor(
            self._handle(), check_c(x, c_int32, "x"),
            check_c(y, c_int32, "y")))

    def place_top(self, x, y):
        """The Tower (T-ACT-2): instead of a follower on a part, a follower
        on top of the open tower of height >= 1 at (x, y), closing it."""
        self._act(_lib.city_place_top(
            self._handle(), check_c(x, c_int32, "x"),
            check_c(y, c_int32, "y")))

    def capture(self, x, y, part):
        """The Tower (T-CAP-1..4): in the capture decision, take the
        follower on part ``part`` of the tile at (x, y) ('t': the follower
        on top of its tower). Another player's becomes a prisoner (an
        exchange may follow); one's own goes back to supply."""
        self._act(_lib.city_capture(
            self._handle(), check_c(x, c_int32, "x"),
            check_c(y, c_int32, "y"), part_byte(part)))

    def pay_ransom(self, opponent):
        """The Tower (T-CAP-5): in the ransom decision at the start of the
        turn, pay ``opponent`` 3 points for one of the player's followers
        they hold (once per turn)."""
        self._act(_lib.city_pay_ransom(
            self._handle(), check_c(opponent, c_int, "opponent")))

    def apply(self, move):
        """Apply a :class:`Move`, or a move in record syntax
        (``"place 1 0 3"``)."""
        h = self._handle()
        if not isinstance(move, Move):
            move = Move.parse(move)
        self._act(_lib.city_apply_move(h, byref(move)))

    def legal_moves(self):
        """The legal moves of the current decision, in the library's order
        (record.md); [] once the game has ended."""
        h = self._handle()
        n = c_size_t()
        self._query(_lib.city_legal_moves(h, None, 0, byref(n)),
                    "city_legal_moves failed")
        while True:
            cap = n.value
            arr = (Move * cap)()
            rc = _lib.city_legal_moves(h, arr, cap, byref(n))
            if rc != CITY_ERANGE:
                self._query(rc, "city_legal_moves failed")
                return list(arr[:n.value])

    def undo(self):
        """Take back the last decision; NotFound when none was made."""
        self._act(_lib.city_game_undo(self._handle()))

    def reset(self):
        """Return to the start (same options, no moves)."""
        self._act(_lib.city_game_reset(self._handle()))

    def clone(self):
        """An independent copy (its own handle, same allocator)."""
        h = c_void_p()
        rc = _lib.city_game_clone(byref(h), self._handle())
        self._query(rc, "city_game_clone failed")
        return Game._adopt(h)

    def score_final(self):
        """Final scoring (R-END-2..5), once the game has ended; idempotent.
        Returns the final scores."""
        self._act(_lib.city_score_final(self._handle()))
        return self.scores

    def save(self):
        """The game as a ``.city`` record (str)."""
        h = self._handle()
        need = c_size_t()
        rc = _lib.city_game_save(h, None, 0, byref(need))
        if rc != CITY_ERANGE:
            self._query(rc, "city_game_save failed")
        buf = ctypes.create_string_buffer(need.value)
        self._query(_lib.city_game_save(h, buf, len(buf), None),
                    "city_game_save failed")
        return buf.value.decode("utf-8")

    # -- queries --------------------------------------------------------
    @property
    def decision(self):
        """'tile', 'follower', 'gate', 'wall', 'guard', 'tower', 'end', or
        The Tower's 'capture' and 'ransom'."""
        d = self._ask(_lib.city_game_decision)
        return DECISIONS[d] if d < len(DECISIONS) else d

    @property
    def player(self):
        """The player who decides now (see city_game_player())."""
        return self._ask(_lib.city_game_player)

    @property
    def players(self):
        return self._ask(_lib.city_game_players)

    @property
    def ended(self):
        return self.decision == "end"

    @property
    def end_reasons(self):
        """Why the game ended: a subset of ('supply', 'tiles', 'gap'), in
        that order; () while it runs."""
        bits = self._ask(_lib.city_game_end_reasons)
        return tuple(name for bit, name in END_REASONS if bits & bit)

    @property
    def final_scored(self):
        return bool(self._ask(_lib.city_game_final_scored))

    @property
    def scores(self):
        """Each player's total, in seat order. With The Tower a total may be
        negative (T-CAP-6, ``ransom_min`` no); city_game_score_get keeps
        it apart from a status."""
        h = self._handle()
        return [self._points(_lib.city_game_score_get, h, p)
                for p in range(self.players)]

    @property
    def breakdown(self):
        """Each player's score by category: a list of dicts with the keys
        streets, markets, towers, stewards, guards (The City) or roads,
        cities, monasteries, farms, ransom (Carcassonne; ransom is points
        received minus paid, negative for a payer)."""
        h = self._handle()
        if self.game == "carcassonne":
            cats = [(5 + i, name) for i, name in enumerate(CARC_CATEGORIES)]
        else:
            cats = list(enumerate(CATEGORIES))
        return [{name: self._points(_lib.city_game_score_detail_get, h, p, c)
                 for c, name in cats}
                for p in range(self.players)]

    def _points(self, call, *args):
        """A score through a *_get call: any sign, the status apart."""
        v = c_int(0)
        self._query(call(*args, byref(v)), call.__name__ + " failed")
        return v.value

    @property
    def expansions(self):
        """The expansions in play, by name in bit order: ``("tower",)``,
        ``("river",)``, ``("tower", "river")`` or ``()``."""
        bits = self._ask(_lib.city_game_expansions)
        return tuple(name for bit, name in EXPANSIONS if bits & bit)

    def tower(self, x, y):
        """The Tower (T-SET-2): the tower on the tile at (x, y) as
        ``(height, top)``, top the player of the follower on top or None
        while it is open; None when there is no tile with a foundation
        there (or the expansion is not in play)."""
        h, top = c_int(), c_int()
        rc = _lib.city_game_tower(
            self._handle(), check_c(x, c_int32, "x"),
            check_c(y, c_int32, "y"), byref(h), byref(top))
        if rc == CITY_ENOTFOUND:
            return None
        self._query(rc, "city_game_tower failed")
        return h.value, (top.value if top.value >= 0 else None)

    @property
    def towers(self):
        """The Tower: every tower in play, in the order its tile was
        placed, as ``(x, y, height, top)`` (top as in :meth:`tower`)."""
        n = self._ask(_lib.city_game_tile_count)
        h = self._handle()
        x, y = c_int32(), c_int32()
        out = []
        for i in range(n):
            self._query(_lib.city_game_placed_tile(h, i, byref(x), byref(y),
                                                   None, None),
                        "city_game_placed_tile failed")
            t = self.tower(x.value, y.value)
            if t is not None:
                out.append((x.value, y.value) + t)
        return out

    def floors(self, player):
        """The Tower (T-SET-1): the floors in the player's supply (0
        without the expansion)."""
        return self._query(_lib.city_game_floors(
            self._handle(), check_c(player, c_int, "player")),
            "no player %r" % (player,))

    def prisoners(self, holder, owner):
        """The Tower (T-CAP-3..6): how many of ``owner``'s followers
        ``holder`` holds as prisoners (0 without the expansion)."""
        return self._query(_lib.city_game_prisoners(
            self._handle(),
            check_c(holder, c_int, "holder"),
            check_c(owner, c_int, "owner")),
            "no players %r, %r" % (holder, owner))

    @property
    def prisoners_held(self):
        """The Tower: who holds whose, as a dict ``{holder: {owner:
        count}}`` with only the non-zero counts (``{}`` when nobody holds
        a prisoner)."""
        out = {}
        n = self.players
        for p in range(n):
            held = {q: self.prisoners(p, q) for q in range(n)}
            held = {q: c for q, c in held.items() if c}
            if held:
                out[p] = held
        return out

    @property
    def game(self):
        """The game played: ``"the-city"`` or ``"carcassonne"``."""
        return GAMES[self._ask(_lib.city_game_kind)]

    @property
    def winners(self):
        """The winning players (R-END-6); GameNotEnded before
        :meth:`score_final`."""
        mask = c_uint()
        rc = _lib.city_game_winners(self._handle(), byref(mask))
        self._query(rc, "no winners before final scoring (R-END-6)")
        return [p for p in range(self.players) if mask.value & (1 << p)]

    @property
    def current_tile(self):
        """(design id, stack) of the current tile, or None."""
        design, stack = c_int(), c_int()
        rc = _lib.city_game_current_tile(self._handle(), byref(design),
                                         byref(stack))
        if rc == CITY_ENOTFOUND:  # no tile drawn
            return None
        self._query(rc, "city_game_current_tile failed")
        return design.value, stack.value

    @property
    def tiles_left(self):
        """Tiles left to draw in stacks 1, 2, 3."""
        h = self._handle()
        return [self._query(_lib.city_game_tiles_left(h, s),
                            "city_game_tiles_left failed")
                for s in (1, 2, 3)]

    def tiles_remaining(self, stack=0):
        """The designs still to come: {design id: count}, ascending ids.

        stack 0 counts every stack, 1..3 one stack. The current tile is not
        counted; the counts sum to the tiles left. It tells what a player
        could count from the box, never the order of the draw.
        """
        check_int(stack, 0, 3, "stack")
        h = self._handle()
        n = self._query(_lib.city_game_tiles_remaining(h, stack, None, None,
                                                       0),
                        "city_game_tiles_remaining failed")
        designs, counts = (c_int * max(n, 1))(), (c_int * max(n, 1))()
        m = self._query(_lib.city_game_tiles_remaining(h, stack, designs,
                                                       counts, n),
                        "city_game_tiles_remaining failed")
        return {designs[i]: counts[i] for i in range(min(m, n))}

    @property
    def tile_count(self):
        return self._ask(_lib.city_game_tile_count)

    @property
    def walls_left(self):
        return self._ask(_lib.city_game_walls_left)

    def supply(self, player):
        """(followers, towers) in a player's supply (towers: The City's
        wall towers; The Tower's floors are :meth:`floors`)."""
        f, t = c_int(), c_int()
        self._query(_lib.city_game_supply(self._handle(),
                                          check_int(player, 0, 4, "player"),
                                          byref(f), byref(t)),
                    "no player %r" % (player,))
        return f.value, t.value

    @property
    def wall_chain(self):
        """The wall from its ccw end to its cw end, the gate included: a
        list of (x, y, side, is_gate, guard) with side a letter N/E/S/W and
        guard the owner of the guard on it or None."""
        n = self._ask(_lib.city_wall_length)
        h = self._handle()
        x, y = c_int32(), c_int32()
        side, gate, guard = c_int(), c_int(), c_int()
        chain = []
        for i in range(n):
            self._query(_lib.city_wall_piece(h, i, byref(x), byref(y),
                                             byref(side), byref(gate),
                                             byref(guard)),
                        "city_wall_piece failed")
            chain.append((x.value, y.value, SIDES[side.value],
                          bool(gate.value),
                          guard.value if guard.value >= 0 else None))
        return chain

    @property
    def events(self):
        """The event log, oldest first, as dicts (see Event.as_dict):
        kind ('score', 'discard', 'return', and The Tower's 'capture' and
        'exchange'), player, points, reason ('street', 'market',
        'wall_street', 'wall_market', 'tower', 'final_street',
        'final_market', 'steward', 'guard', Carcassonne's 'road', 'city',
        'monastery', 'final_road', 'final_city', 'final_monastery', 'farm',
        'ransom', or None), x, y, part, design, move, other (the other
        player of a capture, exchange or ransom, else None)."""
        n = self._ask(_lib.city_game_event_count)
        h = self._handle()
        e = Event()
        out = []
        for i in range(n):
            self._query(_lib.city_game_event(h, i, byref(e)),
                        "city_game_event failed")
            out.append(e.as_dict())
        return out

    @property
    def moves(self):
        """The moves made so far, oldest first."""
        n = self._ask(_lib.city_game_move_count)
        h = self._handle()
        out = []
        for i in range(n):
            m = Move()
            self._query(_lib.city_game_move(h, i, byref(m)),
                        "city_game_move failed")
            out.append(m)
        return out

    @property
    def move_count(self):
        return self._ask(_lib.city_game_move_count)

    def __repr__(self):
        if not self._h:
            return "<libcity.Game closed>"
        return "<libcity.Game players=%d decision=%s moves=%d scores=%r>" % (
            self.players, self.decision, self.move_count, self.scores)
