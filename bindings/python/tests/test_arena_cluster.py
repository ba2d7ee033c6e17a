"""An arena on a Dask cluster of separate processes (docs/distributed.md):
a scheduler and two workers on 127.0.0.1, started as `dask scheduler` and
`dask worker` start them (python3 -m distributed.cli.dask_scheduler /
dask_worker, with this interpreter so that a venv's installed package is
the one the workers import).

- `python3 -m libcity.arena --scheduler ADDRESS ...` prints what
  `city-cli arena` prints for the same arguments, byte for byte (the
  progress bar on stderr only);
- one worker is killed (SIGKILL) while it holds games: every game is
  still reported once, and the summary is still city-cli's.

Skipped, with the reason, when Dask (Debian: python3-distributed) is not
installed, and when LIBCITY_ARENA_CLUSTER names the CTest that runs this
file on its own (python_arena_cluster: CTest's python_binding, which
discovers every file, leaves it to that one). Run as test_libcity.py says
(LIBCITY_LIBRARY, CITY_CLI).
"""

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

import libcity

try:
    import distributed
except ImportError:  # pragma: no cover - Debian: python3-distributed
    distributed = None

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_arena import NO_DASK, city_cli_arena  # noqa: E402

# Few, quick games (greedy and random AIs): the point is the cluster.
ARGS = ["--games", "24", "--seed", "77", "greedy", "random"]
# The run a worker dies in: enough tasks (48 of 2 games) that the workers
# still hold some when the first results come back, however fast the
# games are (with 12 tasks a faster library could finish them all before
# the first result was reported).
KILL_GAMES = 96
KILL_ARGS = ["--games", str(KILL_GAMES), "--seed", "77", "greedy", "random"]
START_TIMEOUT = 120


@unittest.skipIf(distributed is None, NO_DASK)
@unittest.skipIf(os.environ.get("LIBCITY_ARENA_CLUSTER"),
                 "run on its own, as CTest %s"
                 % os.environ.get("LIBCITY_ARENA_CLUSTER"))
class TestArenaOnACluster(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.env = dict(os.environ)
        # The workers import this libcity package (source tree or venv)
        # and, through the inherited environment, load the same library.
        pkg_parent = os.path.dirname(os.path.dirname(libcity.__file__))
        cls.env["PYTHONPATH"] = os.pathsep.join(
            [pkg_parent] + [p for p in [os.environ.get("PYTHONPATH")] if p])
        sched_file = os.path.join(cls.tmp.name, "scheduler.json")
        cls.procs = {}
        cls.procs["scheduler"] = cls._start(
            "scheduler", ["distributed.cli.dask_scheduler", "--host",
                          "127.0.0.1", "--port", "0", "--no-dashboard",
                          # gone by itself if this test is killed
                          "--idle-timeout", "300",
                          "--scheduler-file", sched_file])
        deadline = time.time() + START_TIMEOUT
        while not os.path.exists(sched_file) and time.time() < deadline:
            time.sleep(0.2)
        time.sleep(0.2)  # the file is written whole, but be sure
        with open(sched_file) as f:
            cls.address = json.load(f)["address"]
        for name in ("w0", "w1"):
            cls.procs[name] = cls._start(
                name, ["distributed.cli.dask_worker", cls.address,
                       "--host", "127.0.0.1", "--nthreads", "1",
                       "--no-nanny", "--no-dashboard", "--name", name,
                       "--death-timeout", "60"])
        cls.client = distributed.Client(cls.address,
                                        timeout=START_TIMEOUT)
        cls.client.wait_for_workers(2, timeout=START_TIMEOUT)

    @classmethod
    def _start(cls, name, args):
        with open(os.path.join(cls.tmp.name, name + ".log"), "w") as log:
            return subprocess.Popen([sys.executable, "-m"] + args,
                                    env=cls.env, stdout=log,
                                    stderr=subprocess.STDOUT,
                                    start_new_session=True)

    @classmethod
    def tearDownClass(cls):
        cls.client.close()
        for p in cls.procs.values():
            if p.poll() is None:
                p.terminate()
        for p in cls.procs.values():
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        cls.tmp.cleanup()

    def test_1_command_line_prints_city_clis_output(self):
        want = city_cli_arena(ARGS)
        got = subprocess.run(
            [sys.executable, "-m", "libcity.arena", "--scheduler",
             self.address, "--progress", "--batch", "3"] + ARGS,
            env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            universal_newlines=True, timeout=300)
        self.assertEqual(got.returncode, 0, got.stderr)
        self.assertEqual(got.stdout, want)
        self.assertIn("24/24", got.stderr)  # tqdm's bar, on stderr

    def test_2_a_worker_killed_mid_run_loses_no_game(self):
        import libcity.arena as arena
        want = city_cli_arena(KILL_ARGS)
        workers = self.client.scheduler_info()["workers"]
        name_of = {addr: w["name"] for addr, w in workers.items()}
        seen, killed = [], {}

        def on_game(r):
            seen.append(r["game"])
            if killed:
                return
            # kill a worker that holds games now
            busy = {a: k for a, k in self.client.processing().items() if k}
            if not busy:
                return
            victim = sorted(busy)[0]
            os.killpg(self.procs[name_of[victim]].pid, signal.SIGKILL)
            killed.update(addr=victim, keys=busy[victim])

        result = arena.run(["greedy", "random"], games=KILL_GAMES, seed=77,
                           client=self.client, batch=2, on_game=on_game)
        self.assertTrue(killed, "no worker held games to kill")
        self.assertIsNotNone(self.procs[name_of[killed["addr"]]].wait(30))
        self.assertEqual(seen, list(range(1, KILL_GAMES + 1)))  # each once
        self.assertEqual([g["game"] for g in result.games],
                         list(range(1, KILL_GAMES + 1)))
        self.assertEqual(result.failed, [])
        self.assertEqual(result.text(), want)
        self.assertEqual(result.text(quiet=True),
                         city_cli_arena(["--quiet"] + KILL_ARGS))
        survivor = [a for a in name_of if a != killed["addr"]]
        self.assertEqual(len(self.client.scheduler_info()["workers"]), 1)
        self.assertIn(result.games[-1]["worker"], survivor)
        # the tasks the victim held when it died ran again on the other
        # worker (a task's key ends with its games: -FIRST-STOP, 0-based)
        held = [g for k in killed["keys"]
                for g in result.games[int(k.rsplit("-", 2)[1]):
                                      int(k.rsplit("-", 2)[2])]]
        self.assertTrue(held)
        self.assertEqual(set(g["worker"] for g in held), set(survivor))

    def test_3_ctrl_c_stops_the_local_cluster(self):
        out = os.path.join(self.tmp.name, "interrupted.out")
        with open(out, "w") as f:
            # SIGINT as a terminal sends it (a shell may have ignored it)
            p = subprocess.Popen(
                [sys.executable, "-m", "libcity.arena", "--workers", "2",
                 "--batch", "1", "--games", "400", "greedy", "random"],
                env=self.env, stdout=f, stderr=subprocess.PIPE,
                universal_newlines=True, preexec_fn=lambda: signal.signal(
                    signal.SIGINT, signal.SIG_DFL))
        deadline = time.time() + START_TIMEOUT
        while time.time() < deadline:
            with open(out) as f:
                if len(f.readlines()) >= 3:   # the header and games
                    break
            self.assertIsNone(p.poll(), "the arena ended early")
            time.sleep(0.2)
        kids = children(p.pid)
        self.assertGreaterEqual(len(kids), 2)   # the workers' processes
        p.send_signal(signal.SIGINT)
        self.assertEqual(p.wait(timeout=60), 130)
        self.assertIn("libcity.arena: interrupted", p.stderr.read())
        p.stderr.close()
        deadline = time.time() + 30
        while time.time() < deadline and any(
                os.path.exists("/proc/%d" % k) for k in kids):
            time.sleep(0.2)
        self.assertEqual([k for k in kids if os.path.exists("/proc/%d" % k)],
                         [])


def children(pid):
    """The processes whose parent is pid (from /proc)."""
    out = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % name) as f:
                stat = f.read()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            out.append(int(name))
    return out


if __name__ == "__main__":
    unittest.main()
