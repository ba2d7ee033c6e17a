"""The lifetime shared by the binding's handle objects (:class:`Game`,
:class:`AI`): a C handle the object owns, freed once by :meth:`close`, at
the end of a ``with`` block, or when the object is garbage-collected."""

from ._check import invalid

__all__ = ["Handle"]


class Handle:
    """Owns ``self._h`` (a ``c_void_p``; None once closed). A subclass
    sets ``_free`` to the C function that frees it, on the class so that
    ``__del__`` still finds it while the interpreter shuts down and module
    globals are being cleared, and ``_what`` to how errors name it."""

    _h = None
    _free = None
    _what = "handle"

    def close(self):
        """Free the handle now (idempotent). Any later call raises
        InvalidArgument."""
        h, self._h = self._h, None
        if h:
            self._free(h)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:  # never raise from a finalizer
            pass

    def _handle(self):
        """The open handle, for a C call; InvalidArgument once closed."""
        if not self._h:
            raise invalid("the %s is closed" % self._what)
        return self._h
