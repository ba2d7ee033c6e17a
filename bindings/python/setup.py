"""Build step of the libcity Python package (pyproject.toml holds the
metadata): writes ``libcity/_install.py`` into the built package, recording
the directory of the installed ``libcity.so.1`` so that the installed
package finds it without ``LD_LIBRARY_PATH`` (README.md, "Finding the
library"). The directory is, first found:

1. ``LIBCITY_LIBDIR`` (environment, at install time);
2. ``pkg-config --variable=libdir libcity`` (set ``PKG_CONFIG_PATH`` for a
   private prefix), kept when it holds ``libcity.so.1``.

When neither gives one, nothing is recorded and the package looks for the
library through the dynamic loader at run time.
"""

import os
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py

SONAME = "libcity.so.1"


def installed_libdir():
    libdir = os.environ.get("LIBCITY_LIBDIR")
    if libdir:
        return os.path.abspath(libdir)
    try:
        out = subprocess.run(
            ["pkg-config", "--variable=libdir", "libcity"],
            check=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            universal_newlines=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    if out and os.path.exists(os.path.join(out, SONAME)):
        return os.path.normpath(out)
    return None


class BuildPyRecordingLibdir(build_py):
    def run(self):
        super().run()
        libdir = installed_libdir()
        target = os.path.join(self.build_lib, "libcity", "_install.py")
        with open(target, "w") as f:
            f.write('"""Written by setup.py when the package was built: '
                    'where the installed\nlibcity.so.1 is (None: not '
                    'known, the dynamic loader decides)."""\n\n')
            f.write("LIBDIR = %r\n" % (libdir,))
        if libdir:
            print("libcity: recording the library directory %s" % libdir)
        else:
            print("libcity: no installed libcity found (LIBCITY_LIBDIR, "
                  "pkg-config): the dynamic loader will be used")


setup(cmdclass={"build_py": BuildPyRecordingLibdir})
