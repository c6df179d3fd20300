"""Every command the README names stops with one line naming DATABASE_URL and exit status
2 when the database cannot be reached or used: migrate, seed_demo, createsuperuser, the
venue, and runserver both with and without its autoreloader (whose server thread runs in
a child process, where a traceback used to print while the reloader kept waiting).

Real processes: each command runs as ``python manage.py ...`` with the URL in its
environment; a command that would start a server is stopped by the timeout if it does
(the test then fails).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from .helpers import free_port

ROOT = Path(__file__).resolve().parents[2]
OWN = {"DATABASE_URL", "CELERY_BROKER_URL", "SECRET_KEY", "DEBUG", "ALLOWED_HOSTS", "HTTPS"}

#: Nothing listens; no such host; a driver that is not installed.
UNUSABLE = [
    "postgres://nobody:s3cret-pw@127.0.0.1:1/x",
    "postgres://nobody:s3cret-pw@no-such-host.invalid/x",
    "mysql://nobody:s3cret-pw@127.0.0.1/x",
]


def commands():
    port = str(free_port())
    return {
        "migrate": ["migrate", "--noinput"],
        "seed_demo": ["seed_demo"],
        "createsuperuser": ["createsuperuser", "--noinput"],
        "runserver": ["runserver", f"127.0.0.1:{port}"],
        "runserver --noreload": ["runserver", f"127.0.0.1:{port}", "--noreload"],
        "venue": ["venue", "--host", "127.0.0.1", "--port", port, "--no-mdns"],
    }


@pytest.mark.parametrize("url", UNUSABLE)
@pytest.mark.parametrize("name", list(commands()))
def test_an_unusable_database_url_stops_each_command_with_one_line(tmp_path, url, name):
    env = {key: value for key, value in os.environ.items() if key not in OWN}
    env.update(
        TROEF_VAR_DIR=str(tmp_path / "var"),
        DEBUG="1",
        DATABASE_URL=url,
        DJANGO_SUPERUSER_USERNAME="beheer",
        DJANGO_SUPERUSER_PASSWORD="Kaarten-schudden-42",
        DJANGO_SUPERUSER_EMAIL="beheer@example.nl",
    )
    process = subprocess.Popen(
        [sys.executable, "manage.py", *commands()[name]],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,  # its own process group: a server it started goes too
    )  # fmt: skip
    try:
        stdout, stderr = process.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        stdout, stderr = process.communicate()
        pytest.fail(f"{name} kept running with an unusable DATABASE_URL: {stderr[-2000:]}")
    assert process.returncode == 2, (stdout, stderr)
    assert "Traceback" not in stderr + stdout
    (line,) = stderr.strip().splitlines()
    assert line.startswith("troef: DATABASE_URL "), line
    assert "s3cret-pw" not in stderr + stdout
