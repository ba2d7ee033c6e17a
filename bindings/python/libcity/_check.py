"""The one place where the binding checks what a caller hands to C.

ctypes converts a Python value to a C parameter or struct field without
complaint when it does not fit: a negative size becomes SIZE_MAX, 2**40
loses its high bits in an int32, True is 1, and a float may be cut to an
int. So every number, text and sequence given to a C call goes through
these checks first and a bad one raises :class:`InvalidArgument` before
any C call (the game, AI or options stay as they were).
"""

import ctypes
from collections.abc import Mapping

from .errors import CITY_EINVAL, InvalidArgument

__all__ = ["invalid", "check_int", "check_c", "check_real", "check_text",
           "check_data", "check_items", "check_mapping", "c_range"]


def invalid(message):
    """The InvalidArgument a refused argument raises (not raised here)."""
    return InvalidArgument(CITY_EINVAL, message)


def c_range(ctype):
    """(lo, hi): the values a ctypes integer type holds."""
    bits = 8 * ctypes.sizeof(ctype)
    if ctype(-1).value == -1:
        return -2 ** (bits - 1), 2 ** (bits - 1) - 1
    return 0, 2 ** bits - 1


def check_int(value, lo, hi, what):
    """value as an int in lo..hi, else InvalidArgument: a bool, a float, a
    numeric string or an int out of range is refused, never converted."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise invalid("%s must be an int, not %r" % (what, value))
    if not lo <= value <= hi:
        raise invalid("%s=%d is out of range %d..%d" % (what, value, lo, hi))
    return value


def check_c(value, ctype, what):
    """check_int over the whole range of a ctypes integer type (the C
    library checks the value itself further)."""
    lo, hi = c_range(ctype)
    return check_int(value, lo, hi, what)


def check_real(value, what):
    """value as a float from an int or a float (not a bool, not text);
    the C library checks its range and that it is finite."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise invalid("%s must be a number, not %r" % (what, value))
    try:
        return float(value)
    except OverflowError:  # an int beyond any double
        raise invalid("%s=%d is out of range" % (what, value)) from None


def _utf8(text, what):
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate
        raise invalid("%s is not valid Unicode: %r" % (what, text)) from None


def check_text(text, what):
    """A str for a NUL-terminated C string, as UTF-8 bytes; a NUL inside
    would silently cut the text C reads."""
    if not isinstance(text, str):
        raise invalid("%s must be a str, not %r" % (what, text))
    if "\0" in text:
        raise invalid("%s must not hold a NUL character: %r" % (what, text))
    return _utf8(text, what)


def check_data(text, what):
    """A str (as UTF-8) or bytes for a C buffer passed with its length."""
    if isinstance(text, str):
        return _utf8(text, what)
    if isinstance(text, (bytes, bytearray, memoryview)):
        return bytes(text)
    raise invalid("%s must be str or bytes, not %s"
                  % (what, type(text).__name__))


def check_items(value, what, length=None):
    """A finite iterable (not text) as a list, of ``length`` items when
    given."""
    if isinstance(value, (str, bytes, bytearray, Mapping)):
        raise invalid("%s must be a sequence, not %r" % (what, value))
    try:
        items = list(value)
    except TypeError:
        raise invalid("%s must be a sequence, not %r"
                      % (what, value)) from None
    if length is not None and len(items) != length:
        raise invalid("%s must have %d items, not %d"
                      % (what, length, len(items)))
    return items


def check_mapping(value, what):
    """A mapping's items as a list of pairs."""
    if not isinstance(value, Mapping):
        raise invalid("%s must be a dict, not %r" % (what, value))
    return list(value.items())
