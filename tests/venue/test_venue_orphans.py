"""The venue's children do not outlive it, and a venue ends the worker an earlier one
left running: real `manage.py venue` processes, a real `kill -9`, real Celery workers
with their pool processes, found in /proc (Linux)."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from venue import parent, worker

from .helpers import PHONES_IP, ROOT, VenueProcess, laptop_env, manage

pytestmark = [
    pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="reads Linux's /proc"),
    pytest.mark.filterwarnings("ignore::ResourceWarning"),
]


def processes(*, naming: str = "", var_dir: Path | None = None) -> dict[int, str]:
    """The live processes (pid: command line) whose command line holds `naming` and,
    with `var_dir`, that run on that var/ (TROEF_VAR_DIR in their environment). A
    process that has ended but was not reaped yet has no command line: not listed."""
    found = {}
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            cmdline = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            if var_dir is not None:
                environ = (proc / "environ").read_bytes().split(b"\0")
        except OSError:
            continue
        if not cmdline or naming not in cmdline:
            continue
        if var_dir is not None and f"TROEF_VAR_DIR={var_dir}".encode() not in environ:
            continue
        found[int(proc.name)] = cmdline
    return found


def wait_until(condition: Callable[[], object], what: str, timeout: float = 90):
    deadline = time.monotonic() + timeout
    while not (result := condition()):
        assert time.monotonic() < deadline, f"no {what} within {timeout} s"
        time.sleep(0.1)
    return result


def worker_set(hostname: str) -> dict[int, str]:
    """The worker's main process and its two pool processes, once all three run."""
    return wait_until(
        lambda: (found := processes(naming=f"--hostname {hostname}")) and len(found) == 3 and found,
        f"worker set {hostname}",
    )


def main_process(found: dict[int, str]) -> int:
    """The one of a worker set whose parent is not in the set: the worker itself."""
    (main,) = [pid for pid in found if _parent(pid) not in found]
    return main


def _parent(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("PPid:")))


def test_a_killed_venue_takes_its_worker_and_its_web_server_with_it(tmp_path):
    venue = VenueProcess(tmp_path / "var", tmp_path / "venue.log").start()
    pid = venue.process.pid
    try:
        workers = worker_set(f"troef-venue-{pid}@")
        web = processes(naming=f"venue.serve {PHONES_IP}:{venue.port}")
        assert len(web) == 1
        # The worker's run-file names it.
        assert (venue.var_dir / "venue-worker.pid").read_text() == str(main_process(workers))

        os.kill(pid, signal.SIGKILL)  # no Ctrl-C, no clean-up: the venue is just gone
        venue.process.wait()
        wait_until(
            lambda: not processes(naming=" -m venue.", var_dir=venue.var_dir),
            "the end of the worker and the web server",
        )
        assert not [p for p in [*workers, *web] if p in processes()]
        assert "the venue that started it has stopped; stopping too" in venue.log()
        assert "Traceback" not in venue.log()
    finally:
        for child in processes(var_dir=venue.var_dir):  # only should the test fail
            os.kill(child, signal.SIGKILL)


def test_a_venue_ends_the_worker_an_earlier_venue_left_running(tmp_path):
    var = tmp_path / "var"
    assert manage(var, "migrate", "--noinput").returncode == 0
    # A worker of this var/ started as a venue starts it, whose venue is gone while it
    # runs on (still finishing a long job, or hanging): here its pipe is held open.
    with (tmp_path / "orphan.log").open("ab") as log:
        orphan = subprocess.Popen(
            worker.command("troef-venue-orphan@%h"),
            cwd=ROOT,
            env={**laptop_env(var), parent.PIPE_ENV: "1"},
            stdin=subprocess.PIPE,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    venue = None
    try:
        left = worker_set("troef-venue-orphan@")
        assert orphan.pid in left
        wait_until(
            lambda: (var / "venue-worker.pid").read_text() == str(orphan.pid), "worker run-file"
        )

        venue = VenueProcess(var, tmp_path / "venue.log").start()
        assert f"still runs (process {orphan.pid}); stopping it first" in venue.log()
        assert orphan.wait(timeout=5) == 0  # ended before the venue served: a warm shutdown
        assert not processes(naming="troef-venue-orphan@")

        # One worker set takes this var/'s queue: the new venue's.
        new = worker_set(f"troef-venue-{venue.process.pid}@")
        assert processes(naming=" -m venue.worker ", var_dir=var) == new
        assert (var / "venue-worker.pid").read_text() == str(main_process(new))
    finally:
        if venue is not None:
            assert venue.stop() == 0
        if orphan.poll() is None:
            os.killpg(orphan.pid, signal.SIGKILL)
            orphan.wait()
        orphan.stdin.close()
    assert not processes(var_dir=var)
