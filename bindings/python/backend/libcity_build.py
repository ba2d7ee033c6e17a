"""The package's build backend (pyproject.toml): setuptools' own, after
checking that this Python can build the package.

The package installs offline with the setuptools and wheel of the
interpreter (``pip install --no-build-isolation``). Debian's
``/usr/bin/python3`` has them as packages (python3-setuptools,
python3-wheel); another ``python3`` (pyenv, conda, a fresh venv without
``--system-site-packages``) often lacks one, and pip then stops on
``invalid command 'bdist_wheel'`` or ``No module named 'setuptools'``,
which do not say what to do. This says what is missing and how to get it.
"""

import importlib.util
import sys

_INSTALL = "pip install --no-build-isolation ./bindings/python"


def explain(missing):
    """What to do when the module ``missing`` cannot be imported."""
    return (
        "libcity: cannot build the Python package: this Python has no "
        "'{m}'.\n"
        "  Python: {exe} (Python {ver})\n"
        "  The package builds offline with the interpreter's own "
        "setuptools and wheel. Either\n"
        "  - use Debian's Python (apt-get install python3-venv "
        "python3-setuptools python3-wheel):\n"
        "      /usr/bin/python3 -m venv --system-site-packages venv\n"
        "      venv/bin/{install}\n"
        "  - or, with network access, add it to this environment:\n"
        "      {exe} -m pip install {m}\n"
        "  (a python3 from pyenv or conda does not see Debian's packages)"
        .format(m=missing, exe=sys.executable,
                ver="%d.%d.%d" % sys.version_info[:3], install=_INSTALL))


try:
    from setuptools import build_meta as _setuptools
except ImportError:
    sys.exit(explain("setuptools"))

from setuptools.build_meta import *  # noqa: E402,F401,F403 (every hook)


def _need_bdist_wheel():
    """setuptools makes wheels with its own bdist_wheel from 70.1 on, with
    the wheel package's before."""
    for name in ("setuptools.command.bdist_wheel", "wheel.bdist_wheel"):
        try:
            if importlib.util.find_spec(name) is not None:
                return
        except ImportError:  # the parent package is missing
            pass
    sys.exit(explain("wheel"))


def _checked(hook):
    def run(*args, **kwargs):
        _need_bdist_wheel()
        return hook(*args, **kwargs)
    run.__name__ = hook.__name__
    return run


# The hooks that make a wheel (editable ones from setuptools 64 on); an
# sdist needs no wheel.
for _name in ("prepare_metadata_for_build_wheel", "build_wheel",
              "prepare_metadata_for_build_editable", "build_editable"):
    if hasattr(_setuptools, _name):
        globals()[_name] = _checked(getattr(_setuptools, _name))
