"""The two plain structs of ABI 1, mirrored field for field: ``city_move``
(:class:`Move`, 24 bytes) and ``city_event`` (:class:`Event`, 40 bytes).

Both layouts are frozen for the life of ABI 1 (docs/abi.md); the sizes and
offsets are asserted when this module is imported.
"""

import ctypes
from ctypes import Structure, c_char, c_int32, c_uint8, c_uint32

from ._check import c_range, check_int, check_text, invalid
from .errors import CITY_EPARSE, CITY_ERANGE, CITY_OK, ParseError, error_for

__all__ = ["Move", "Event", "SIDES", "ENDS"]

# CITY_MOVE_* kinds, indexed by number, as written in records.
MOVE_KINDS = (None, "place", "follower", "gate", "wall", "guard", "tower",
              "pass", "floor", "top", "capture", "ransom")
#: CITY_SIDE_N .. CITY_SIDE_W as written in records.
SIDES = ("N", "E", "S", "W")
#: CITY_END_CW, CITY_END_CCW as written in records.
ENDS = ("cw", "ccw")


def side_number(side):
    """CITY_SIDE_* from 0..3 or a letter 'N', 'E', 'S', 'W'."""
    if isinstance(side, str) and side.upper() in SIDES:
        return SIDES.index(side.upper())
    if isinstance(side, int) and not isinstance(side, bool) and 0 <= side < 4:
        return side
    raise invalid("side must be 0..3 or one of N E S W, not %r" % (side,))


def end_number(end):
    """CITY_END_* from 0/1 or 'cw'/'ccw'."""
    if isinstance(end, str) and end.lower() in ENDS:
        return ENDS.index(end.lower())
    if isinstance(end, int) and not isinstance(end, bool) and end in (0, 1):
        return end
    raise invalid("end must be 'cw', 'ccw', 0 or 1, not %r" % (end,))


INT32_MIN, INT32_MAX = c_range(c_int32)


def part_byte(part):
    """A follower part ('a'..'h', '1'..'9') as the one byte C expects."""
    if isinstance(part, str) and len(part) == 1 and part.isascii():
        part = part.encode("ascii")
    if not isinstance(part, bytes) or len(part) != 1:
        raise invalid("part must be one character such as 'a' or '1', "
                      "not %r" % (part,))
    return part


class Move(Structure):
    """One answer to one decision: ``city_move``, frozen (24 bytes).

    ``str(move)`` is the record syntax (``place 1 0 3``, ``follower a``,
    ``wall ccw``, ``pass``) written by ``city_move_to_string``;
    :meth:`parse` reads it back with ``city_move_parse``. Moves compare
    and hash by value.
    """

    _fields_ = [
        ("kind", c_uint8),          # CITY_MOVE_*
        ("rotation", c_uint8),      # place: 0..3
        ("side", c_uint8),          # gate: CITY_SIDE_*
        ("end", c_uint8),           # wall, tower: CITY_END_*
        ("part", c_char),           # follower: 'a'..'h', '1'..'9'
        ("reserved0", c_uint8 * 3),
        ("x", c_int32),             # place, gate
        ("y", c_int32),             # place, gate
        ("reserved1", c_uint32 * 2),
    ]

    # -- checked fields -------------------------------------------------
    def __setattr__(self, name, value):
        # ctypes would wrap a field's value to its width silently (x=2**32
        # is x=0); the constructor's keywords come through here too.
        limits = _MOVE_LIMITS.get(name)
        if limits is not None:
            value = check_int(value, limits[0], limits[1], name)
        elif name == "part":
            value = part_byte(value)
        super().__setattr__(name, value)

    # -- constructors ---------------------------------------------------
    @classmethod
    def parse(cls, text):
        """A move from record syntax; raises ParseError."""
        from ._ffi import lib
        if isinstance(text, str):
            text = check_text(text, "move")
        if not isinstance(text, bytes) or b"\0" in text:
            raise invalid("a move is text, not %r" % (text,))
        m = cls()
        rc = lib.city_move_parse(ctypes.byref(m), text)
        if rc == CITY_EPARSE:
            raise ParseError(rc, "bad move %r"
                             % text.decode("utf-8", "replace"))
        if rc != CITY_OK:
            raise error_for(rc, "bad move %r" % (text,))
        return m

    @classmethod
    def place(cls, x, y, rotation):
        return cls(kind=1, x=x, y=y, rotation=rotation)

    @classmethod
    def follower(cls, part):
        return cls(kind=2, part=part)

    @classmethod
    def gate(cls, x, y, side):
        return cls(kind=3, x=x, y=y, side=side_number(side))

    @classmethod
    def wall(cls, end):
        return cls(kind=4, end=end_number(end))

    @classmethod
    def guard(cls):
        return cls(kind=5)

    @classmethod
    def tower(cls, end):
        return cls(kind=6, end=end_number(end))

    @classmethod
    def pass_(cls):
        return cls(kind=7)

    @classmethod
    def floor(cls, x, y):
        """The Tower (T-ACT-1): ``floor X Y``, a floor on the open tower
        at (x, y)."""
        return cls(kind=8, x=x, y=y)

    @classmethod
    def top(cls, x, y):
        """The Tower (T-ACT-2): ``top X Y``, a follower on top of the open
        tower at (x, y)."""
        return cls(kind=9, x=x, y=y)

    @classmethod
    def capture(cls, x, y, part):
        """The Tower (T-CAP-1..2): ``capture X Y P``, the follower on part
        P of the tile at (x, y) ('t': on top of its tower)."""
        return cls(kind=10, x=x, y=y, part=part)

    @classmethod
    def ransom(cls, opponent):
        """The Tower (T-CAP-5): ``ransom Q``, buy a follower back from the
        opponent in seat Q (the seat is the move's x)."""
        return cls(kind=11, x=opponent)

    # -- reading --------------------------------------------------------
    @property
    def kind_name(self):
        """'place', 'follower', 'gate', 'wall', 'guard', 'tower', 'pass',
        and The Tower's 'floor', 'top', 'capture', 'ransom'."""
        k = self.kind
        return MOVE_KINDS[k] if 0 < k < len(MOVE_KINDS) else None

    def _key(self):
        return (self.kind, self.rotation, self.side, self.end, self.part,
                self.x, self.y)

    def __eq__(self, other):
        if not isinstance(other, Move):
            return NotImplemented
        return self._key() == other._key()

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self):
        return hash(self._key())

    def __str__(self):
        from ._ffi import lib
        buf = ctypes.create_string_buffer(64)
        need = ctypes.c_size_t()
        rc = lib.city_move_to_string(ctypes.byref(self), buf, len(buf),
                                     ctypes.byref(need))
        if rc == CITY_ERANGE:  # not for a valid move, but be exact
            buf = ctypes.create_string_buffer(need.value)
            rc = lib.city_move_to_string(ctypes.byref(self), buf, len(buf),
                                         None)
        if rc != CITY_OK:
            raise error_for(rc, "not a valid move (kind %d)" % self.kind)
        return buf.value.decode()

    def __repr__(self):
        try:
            return "Move(%r)" % str(self)
        except Exception:  # an invalid move still has a repr
            return "Move(kind=%d, x=%d, y=%d)" % (self.kind, self.x, self.y)


#: The integer fields of a Move and the range of their C types.
_MOVE_LIMITS = {name: c_range(ctype) for name, ctype in Move._fields_
                if ctype in (c_uint8, c_int32, c_uint32)}


class Event(Structure):
    """One entry of the event log: ``city_event``, frozen (40 bytes).
    :attr:`libcity.Game.events` gives them as dicts (:meth:`as_dict`)."""

    _fields_ = [
        ("kind", c_int32),          # CITY_EVENT_*
        ("player", c_int32),        # -1 for a discard
        ("points", c_int32),
        ("reason", c_int32),        # CITY_REASON_* for a score
        ("x", c_int32),
        ("y", c_int32),
        ("part", c_char),           # part or side letter; 0 when none
        ("reserved0", c_uint8 * 3),
        ("design", c_int32),        # discard: the design id
        ("move", c_uint32),         # the move (from 1) it belongs to
        ("reserved1", c_uint32),
    ]

    KINDS = (None, "score", "discard", "return", "capture", "exchange")
    REASONS = (None, "street", "market", "wall_street", "wall_market",
               "tower", "final_street", "final_market", "steward", "guard",
               "road", "city", "monastery", "final_road", "final_city",
               "final_monastery", "farm", "ransom")

    def as_dict(self):
        """The event as a dict: kind and reason by name ('score',
        'street', ...; reason None for other kinds), part as a one-letter
        string or None; ``other`` is the other player of The Tower's
        capture (the follower's owner), exchange and ransom events
        (reserved1 - 1), None for the other events."""
        k, r = self.kind, self.reason
        return {
            "other": self.reserved1 - 1 if self.reserved1 else None,
            "kind": self.KINDS[k] if 0 < k < len(self.KINDS) else k,
            "player": self.player,
            "points": self.points,
            "reason": (self.REASONS[r] if 0 < r < len(self.REASONS)
                       else (r or None)),
            "x": self.x,
            "y": self.y,
            "part": self.part.decode() if self.part else None,
            "design": self.design,
            "move": self.move,
        }


# The layouts are part of ABI 1: a mismatch is a bug in this binding,
# caught at import rather than as corrupted memory later.
assert ctypes.sizeof(Move) == 24, ctypes.sizeof(Move)
assert (Move.part.offset, Move.x.offset, Move.y.offset,
        Move.reserved1.offset) == (4, 8, 12, 16)
assert ctypes.sizeof(Event) == 40, ctypes.sizeof(Event)
assert (Event.part.offset, Event.design.offset, Event.move.offset,
        Event.reserved1.offset) == (24, 28, 32, 36)
