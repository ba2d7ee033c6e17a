"""Exceptions: one class per libcity status code (include/city/common.h).

Every failed call raises the subclass of :class:`CityError` that matches its
status. The exception carries the status number (``.status``), its C name
(``.status_name``) and the library's own reason (``.message``), which names
the rule broken, e.g. ``R-TILE-2: street on east side ...``. A failed call
changes nothing (R-ERR-1): the game is as it was before the call.
"""

__all__ = [
    "CityError", "InvalidArgument", "OutOfMemory", "BufferTooSmall",
    "IllegalMove", "WrongDecision", "ParseError", "NotFound", "GameEnded",
    "GameNotEnded", "LimitExceeded", "error_for",
]

# The status numbers of ABI 1 (frozen; docs/abi.md).
CITY_OK = 0
CITY_EINVAL = -1
CITY_ENOMEM = -2
CITY_ERANGE = -3
CITY_EILLEGAL = -4
CITY_EDECISION = -5
CITY_EPARSE = -6
CITY_ENOTFOUND = -7
CITY_EENDED = -8
CITY_ENOTENDED = -9
CITY_ELIMIT = -10


class CityError(Exception):
    """A libcity call failed. Subclasses name the status; a status this
    binding does not know (a newer library) raises CityError itself."""

    #: The status number this class stands for (None: any).
    STATUS = None

    def __init__(self, status, message=""):
        self.status = status
        self.message = message
        super().__init__(status, message)

    @property
    def status_name(self):
        from . import _ffi  # late: errors must be importable on its own
        return _ffi.lib.city_status_str(self.status).decode()

    def __str__(self):
        if self.message:
            return "%s: %s" % (self.status_name, self.message)
        return self.status_name


class InvalidArgument(CityError):
    """CITY_EINVAL: a NULL or closed handle, a value out of range."""
    STATUS = CITY_EINVAL


class OutOfMemory(CityError):
    """CITY_ENOMEM: an allocation failed; nothing was changed."""
    STATUS = CITY_ENOMEM


class BufferTooSmall(CityError):
    """CITY_ERANGE: a buffer was too small (the binding sizes its buffers,
    so this is not expected)."""
    STATUS = CITY_ERANGE


class IllegalMove(CityError):
    """CITY_EILLEGAL: the move breaks a rule; the message names it."""
    STATUS = CITY_EILLEGAL


class WrongDecision(CityError):
    """CITY_EDECISION: the call does not answer the current decision."""
    STATUS = CITY_EDECISION


class ParseError(CityError):
    """CITY_EPARSE: malformed text (a record, a move, a rule, a tile set)."""
    STATUS = CITY_EPARSE


class NotFound(CityError):
    """CITY_ENOTFOUND: no such thing (e.g. undo with no move made)."""
    STATUS = CITY_ENOTFOUND


class GameEnded(CityError):
    """CITY_EENDED: the game has ended; no decision is left to make."""
    STATUS = CITY_EENDED


class GameNotEnded(CityError):
    """CITY_ENOTENDED: final scoring or winners before the end."""
    STATUS = CITY_ENOTENDED


class LimitExceeded(CityError):
    """CITY_ELIMIT: a documented limit was exceeded (size, count)."""
    STATUS = CITY_ELIMIT


_BY_STATUS = {cls.STATUS: cls for cls in (
    InvalidArgument, OutOfMemory, BufferTooSmall, IllegalMove, WrongDecision,
    ParseError, NotFound, GameEnded, GameNotEnded, LimitExceeded)}


def error_for(status, message=""):
    """The exception for a negative status (not raised)."""
    return _BY_STATUS.get(status, CityError)(status, message)
