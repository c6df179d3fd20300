"""Database faults as a club meets them: a read-only SQLite file gets the 503 page "the
database cannot be written" and one log line naming the file; a DATABASE_URL that cannot
be reached or used stops manage.py with one line naming DATABASE_URL (exit status 2).

Real parts: a real server process (runserver) on a real SQLite file made read-only, and
real manage.py commands against real unreachable addresses.
"""

from __future__ import annotations

import ctypes
import http.cookiejar
import os
import re
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from config.database import is_read_only_error

from .helpers import free_port

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "kaarten-schudden-42"
SECRET = "k" * 20 + "x9#Qv2!mZ7rT4pL0aW8sE3dF6gH1jK5nB"
#: Variables of the calling environment that would change what the subprocesses do.
OWN = {"DATABASE_URL", "DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "HTTPS", "CELERY_BROKER_URL"}
PR_CAPBSET_DROP = 24
CAP_DAC_OVERRIDE = 1


def environment(var: Path, **extra: str) -> dict[str, str]:
    clean = {key: value for key, value in os.environ.items() if key not in OWN}
    return {
        **clean,
        "TROEF_VAR_DIR": str(var),
        "SECRET_KEY": SECRET,
        "DEBUG": "0",
        "HTTPS": "0",
        "ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        **extra,
    }


def manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=180,
        check=False,
    )


def _obey_file_modes() -> None:
    """In the child, before it runs the server: root ignores a file's mode bits through
    CAP_DAC_OVERRIDE; without it a root-owned 0444 file is read-only to root too, as
    it is to any other user."""
    if os.geteuid() == 0:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "cannot drop CAP_DAC_OVERRIDE")


class Browser:
    """A cookie-keeping HTTP client that reads error pages as pages."""

    def __init__(self, base: str, language: str | None = None):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), NoRedirect()
        )
        if language:
            self.jar.set_cookie(
                http.cookiejar.Cookie(
                    0, "troef_language", language, None, False, "127.0.0.1", False, False,
                    "/", True, False, None, False, None, None, {},
                )
            )  # fmt: skip

    def open(self, path: str, data: dict | None = None) -> tuple[int, str]:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(self.base + path, data=body)  # noqa: S310 - http only
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def log_in(self, username: str, password: str) -> tuple[int, str]:
        status, page = self.open("/accounts/login/")
        assert status == 200, page
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        return self.open(
            "/accounts/login/",
            {"csrfmiddlewaretoken": token, "username": username, "password": password},
        )


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


@pytest.fixture(scope="module")
def database(tmp_path_factory) -> Path:
    """A migrated SQLite database with one user, kept as the read-only copies' source."""
    var = tmp_path_factory.mktemp("troef-db-faults") / "var"
    script = (
        "from django.core.management import call_command;"
        "call_command('migrate', verbosity=0);"
        "from django.contrib.auth.models import User;"
        f"User.objects.create_user('kees', password='{PASSWORD}')"
    )
    result = manage("shell", "--no-imports", "-c", script, env=environment(var))
    assert result.returncode == 0, result.stderr
    return var / "troef.sqlite3"


@pytest.fixture
def read_only_copy(database, tmp_path):
    """A copy of the database, its file (and WAL files) made read-only (0444); their
    modes are given back afterwards. Yields the copy."""
    var = tmp_path / "var"
    var.mkdir()
    copy = var / "troef.sqlite3"
    source = sqlite3.connect(database)
    target = sqlite3.connect(copy)
    source.backup(target)  # a consistent copy, WAL content included
    source.close()
    target.close()
    files = [copy, *(var / f"troef.sqlite3{suffix}" for suffix in ("-wal", "-shm"))]
    try:
        for path in files:
            if path.exists():
                path.chmod(0o444)
        yield copy
    finally:
        for path in files:
            if path.exists():
                path.chmod(0o644)


@pytest.fixture
def read_only_site(read_only_copy, tmp_path):
    """A server on the read-only copy. Yields (base URL, file, log)."""
    port = free_port()
    log = tmp_path / "server.log"
    server = None
    try:
        with log.open("w") as stderr:
            server = subprocess.Popen(
                [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
                cwd=ROOT,
                env=environment(read_only_copy.parent),
                stdout=subprocess.DEVNULL,
                stderr=stderr,
                preexec_fn=_obey_file_modes,  # noqa: PLW1509 - no threads run here yet
            )
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:  # until the server answers (or has died)
            assert server.poll() is None, log.read_text()
            try:
                with urllib.request.urlopen(base + "/accounts/login/", timeout=5):  # noqa: S310
                    break
            except (urllib.error.URLError, ConnectionError):
                assert time.monotonic() < deadline, log.read_text()
                time.sleep(0.2)
        yield base, read_only_copy, log
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)


def failures_logged(log: Path, copy: Path) -> list[str]:
    return [line for line in log.read_text().splitlines() if str(copy) in line]


def test_a_read_only_database_answers_writes_with_the_503_page(read_only_site):
    base, copy, log = read_only_site
    dutch = Browser(base)
    status, page = dutch.log_in("kees", "fout")  # axes records the failure: a write
    assert status == 503
    assert "De database kan niet worden beschreven" in page
    assert "Niets van wat je verstuurde is opgeslagen" in page
    status, page = dutch.log_in("kees", PASSWORD)  # the session and last login: writes
    assert status == 503
    assert "De database kan niet worden beschreven" in page
    status, page = Browser(base, "de").log_in("kees", PASSWORD)
    assert status == 503
    assert "Die Datenbank kann nicht beschrieben werden" in page
    status, page = Browser(base, "en").log_in("kees", PASSWORD)
    assert status == 503
    assert "The database cannot be written" in page
    # Reading still works (the rules; this site has no club, so its front page sends to
    # the set-up).
    assert Browser(base).open("/rules/")[0] == 200
    # One line per refused write, naming the file; no traceback.
    lines = failures_logged(log, copy)
    assert len(lines) == 4, log.read_text()
    assert all("The database cannot be written" in line for line in lines)
    assert "Traceback" not in log.read_text()
    assert "Service Unavailable" not in log.read_text()  # not a second line from Django
    # Nothing was written.
    with sqlite3.connect(f"file:{copy}?mode=ro", uri=True) as db:
        assert db.execute("SELECT count(*) FROM axes_accessattempt").fetchone() == (0,)
        assert db.execute("SELECT count(*) FROM django_session").fetchone() == (0,)


def test_only_read_only_errors_are_taken_for_one():
    from django.db import IntegrityError, InternalError, OperationalError
    from psycopg.errors import ReadOnlySqlTransaction

    assert is_read_only_error(OperationalError("attempt to write a readonly database"))
    assert not is_read_only_error(OperationalError("database is locked"))
    assert not is_read_only_error(IntegrityError("UNIQUE constraint failed"))
    assert not is_read_only_error(ValueError("readonly database"))
    # PostgreSQL on a standby (or set read-only), as Django wraps psycopg's error.
    error = InternalError("cannot execute INSERT in a read-only transaction")
    error.__cause__ = ReadOnlySqlTransaction("cannot execute INSERT in a read-only transaction")
    assert is_read_only_error(error)


def test_a_command_that_writes_to_a_read_only_database_stops_with_one_line(read_only_copy):
    env = environment(
        read_only_copy.parent,
        DJANGO_SUPERUSER_USERNAME="beheer",
        DJANGO_SUPERUSER_PASSWORD=PASSWORD,
        DJANGO_SUPERUSER_EMAIL="beheer@example.nl",
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "createsuperuser", "--noinput"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
        preexec_fn=_obey_file_modes,
    )
    assert result.returncode == 2, result.stderr
    assert result.stderr == (
        f"troef: DATABASE_URL: the database cannot be written ({read_only_copy})\n"
    )
