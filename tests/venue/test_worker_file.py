"""The venue worker's run-file (venue.runfile): a worker of this var/ is found while it
runs, in other processes, and no longer once it has ended, however it ended; a stale
file naming a process id that another program has by now is never taken for a worker."""

from __future__ import annotations

import subprocess
import sys

import pytest

from venue import runfile as site

from .helpers import ROOT, laptop_env

HOLD = """
import os, sys
from venue import runfile as site
held = site.hold_worker_file(os.getpid())
print("held" if held is not None else "refused", flush=True)
sys.stdin.read()
"""


@pytest.fixture
def var_dir(settings, tmp_path):
    settings.VAR_DIR = tmp_path / "var"
    return settings.VAR_DIR


def holder(var_dir) -> tuple[subprocess.Popen, str]:
    """A process that takes the worker's run-file as venue.worker does, and what it said."""
    process = subprocess.Popen(
        [sys.executable, "-c", HOLD],
        cwd=ROOT,
        env={**laptop_env(var_dir), "DJANGO_SETTINGS_MODULE": "config.settings"},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    return process, process.stdout.readline().strip()


def test_a_worker_is_found_while_it_runs_and_not_after_a_kill(var_dir):
    assert site.live_worker() is None  # no file yet
    first, said = holder(var_dir)
    try:
        assert said == "held"
        assert site.live_worker() == first.pid
        assert site.worker_file().read_text() == str(first.pid)
        # A second worker on the same var/ does not get it.
        second, said = holder(var_dir)
        second.communicate("")
        assert said == "refused"
        assert site.live_worker() == first.pid
    finally:
        first.kill()  # SIGKILL: no clean-up of its own; the system frees the lock
        first.communicate("")
    assert site.worker_file().read_text() == str(first.pid)  # the file stays behind ...
    assert site.live_worker() is None  # ... and names no worker


def test_a_stale_file_naming_another_program_is_no_worker(var_dir):
    other = subprocess.Popen(
        [sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE
    )
    try:
        var_dir.mkdir(parents=True)
        site.worker_file().write_text(str(other.pid))  # its number, reused since
        assert site.live_worker() is None
        assert other.poll() is None
    finally:
        other.communicate("")
    assert other.returncode == 0  # ended by itself, not by a signal
