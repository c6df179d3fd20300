"""The venue's web server process (``python -m venue.serve``) on its own: it stops when
the venue command asks it to, whatever signal handling it inherited."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time

import pytest

from .helpers import PHONES_IP, ROOT, free_port, laptop_env

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def test_sigint_stops_the_server_even_when_it_was_started_with_sigint_ignored(tmp_path):
    """A venue started from a script (`nohup make venue &`, a shell's `&`) runs with
    SIGINT ignored, and its children inherit that. The venue command stops its web
    server with SIGINT: the server must stop, not hold the port until it is killed.
    (Regression: it kept running, and the venue killed it after 20 s.)"""
    port = free_port()
    env = {
        **laptop_env(tmp_path / "var"),
        "TROEF_VENUE": "1",
        "DEBUG": "0",
        "HTTPS": "0",
        "ALLOWED_HOSTS": PHONES_IP,
    }
    server = subprocess.Popen(
        [sys.executable, "-m", "venue.serve", f"{PHONES_IP}:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        preexec_fn=_ignore_sigint,  # noqa: PLW1509 - the point of the test
    )
    try:
        deadline = time.monotonic() + 120
        while True:
            assert server.poll() is None, server.stdout.read().decode()
            try:
                socket.create_connection((PHONES_IP, port), 1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.1)
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=60) == 0
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        server.stdout.close()
