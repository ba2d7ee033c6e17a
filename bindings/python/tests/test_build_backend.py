"""The package's build backend says what is missing (issue 25, item 8).

``pip install --no-build-isolation ./bindings/python`` with a python3
that lacks wheel (pyenv, conda) stopped on ``invalid command
'bdist_wheel'``, and without setuptools on a traceback. The backend
(backend/libcity_build.py) now names the missing module, the Python used,
and the two ways out (Debian's /usr/bin/python3, or pip install). Each
case runs in a fresh interpreter with the module hidden.

Runs from the source tree only (the backend is not installed)."""

import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.join(HERE, os.pardir)
BACKEND = os.path.join(PACKAGE, "backend")

# Hides the modules named in argv[1] (comma-separated; a name hides its
# submodules too), imports the backend and calls a hook.
SCRIPT = r"""
import sys, tempfile
hidden = [n for n in sys.argv[1].split(",") if n]

class Hide:
    def find_spec(self, name, path=None, target=None):
        if any(name == n or name.startswith(n + ".") for n in hidden):
            raise ModuleNotFoundError("No module named %r" % name, name=name)
        return None

sys.meta_path.insert(0, Hide())
sys.path.insert(0, sys.argv[2])
import libcity_build
hook = getattr(libcity_build, sys.argv[3])
with tempfile.TemporaryDirectory() as out:
    hook(out)
print("built")
"""


@unittest.skipUnless(os.path.isfile(os.path.join(PACKAGE, "pyproject.toml")),
                     "not in the source tree (an installed package's tests)")
class TestBuildBackend(unittest.TestCase):
    def run_hook(self, hidden, hook="prepare_metadata_for_build_wheel"):
        return subprocess.run(
            [sys.executable, "-c", SCRIPT, ",".join(hidden), BACKEND, hook],
            cwd=PACKAGE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            universal_newlines=True, timeout=120)

    def assertExplains(self, result, missing):
        self.assertEqual(result.returncode, 1, result.stderr)
        lines = result.stderr.splitlines()
        self.assertEqual(lines[0], "libcity: cannot build the Python "
                         "package: this Python has no '%s'." % missing)
        self.assertIn("  Python: %s (Python %d.%d.%d)"
                      % ((sys.executable,) + sys.version_info[:3]), lines)
        self.assertIn("      /usr/bin/python3 -m venv "
                      "--system-site-packages venv", lines)
        self.assertIn("      venv/bin/pip install --no-build-isolation "
                      "./bindings/python", lines)
        self.assertIn("      %s -m pip install %s"
                      % (sys.executable, missing), lines)

    def test_pyproject_names_the_backend(self):
        with open(os.path.join(PACKAGE, "pyproject.toml")) as f:
            text = f.read()
        self.assertIn('\nbuild-backend = "libcity_build"\n', text)
        self.assertIn('\nbackend-path = ["backend"]\n', text)

    def test_without_wheel(self):
        # Neither the wheel package nor setuptools' own bdist_wheel (70.1+).
        for hook in ("prepare_metadata_for_build_wheel", "build_wheel"):
            with self.subTest(hook=hook):
                self.assertExplains(self.run_hook(
                    ["wheel", "setuptools.command.bdist_wheel"], hook),
                    "wheel")

    def test_without_setuptools(self):
        self.assertExplains(self.run_hook(["setuptools"]), "setuptools")


if __name__ == "__main__":
    unittest.main()
