"""A database that does not answer gets the same clear 503 page as a read-only one, with
one log line naming the database and no traceback (clubs.middleware): under gunicorn and
under waitress, real server processes pointed at a PostgreSQL address where nothing
listens, and at a SQLite file that cannot be opened. The site's own pages that need no
database still open."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.db import OperationalError, connection
from django.test import RequestFactory

from clubs.middleware import server_error

from .helpers import free_port
from .test_faults import ROOT, Browser, environment

BIN = Path(sys.executable).parent
SERVERS = {
    "gunicorn": lambda port: [
        str(BIN / "gunicorn"), "--workers", "2", "--bind", f"127.0.0.1:{port}",
        "--control-socket", "", "config.wsgi",
    ],
    "waitress": lambda port: [
        str(BIN / "waitress-serve"), f"--listen=127.0.0.1:{port}", "config.wsgi:application",
    ],
}  # fmt: skip
REACHED = "The database cannot be reached"


@pytest.fixture(
    params=[("gunicorn", "postgresql"), ("waitress", "postgresql"), ("waitress", "sqlite")],
    ids="-".join,
)
def unreachable_site(request, tmp_path):
    """A server whose DATABASE_URL names a PostgreSQL port nothing listens on, or a
    SQLite "file" that is a folder. Yields (base URL, log, how the log names it)."""
    server_kind, database = request.param
    port, database_port = free_port(), free_port()
    var = tmp_path / "var"
    var.mkdir()
    if database == "postgresql":
        url = f"postgres://troef:geheim@127.0.0.1:{database_port}/troef"
        named = "postgresql database troef on 127.0.0.1:"
    else:
        unopenable = var / "troef.sqlite3"
        unopenable.mkdir()
        url = f"sqlite:///{unopenable}"
        named = str(unopenable)
    log = tmp_path / "server.log"
    server = None
    try:
        with log.open("w") as output:
            server = subprocess.Popen(
                SERVERS[server_kind](port),
                cwd=ROOT,
                env=environment(var, DATABASE_URL=url),
                stdout=output,
                stderr=subprocess.STDOUT,
            )
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:  # until the server answers (the login page needs no database)
            assert server.poll() is None, log.read_text()
            try:
                with urllib.request.urlopen(base + "/accounts/login/", timeout=30):  # noqa: S310
                    break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                assert time.monotonic() < deadline, log.read_text()
                time.sleep(0.2)
        yield base, log, named
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)


def test_an_unreachable_database_gets_the_503_page_and_one_line(unreachable_site):
    base, log, named = unreachable_site
    status, page = Browser(base).open("/")
    assert status == 503, page
    assert "De database is niet bereikbaar" in page
    assert "Niets van wat je verstuurde is opgeslagen" in page
    status, page = Browser(base, "de").log_in("kees", "geheim")  # a POST, with its form
    assert status == 503, page
    assert "Die Datenbank ist nicht erreichbar" in page
    status, page = Browser(base, "en").open("/")
    assert (status, REACHED in page) == (503, True)
    # One line for each, naming the database (not its password); no traceback.
    text = log.read_text()
    lines = [line for line in text.splitlines() if REACHED in line]
    assert len(lines) == 3, text
    assert all(named in line for line in lines), lines
    assert "geheim" not in text
    assert "Traceback" not in text
    assert "Internal Server Error" not in text


def test_a_fault_met_outside_a_view_gets_the_503_page_too(caplog):
    """handler500: an unreachable database met by a middleware (no view saw it). No
    database here: no connection was made, as after a failed connect."""
    request = RequestFactory().get("/somewhere/")
    request.COOKIES["troef_language"] = "nl"
    connection.close()  # outside any test's transaction: no connection now
    try:
        raise OperationalError("connection failed: Connection refused")
    except OperationalError:
        response = server_error(request)
    assert response.status_code == 503
    assert "De database is niet bereikbaar" in response.content.decode()
    assert response["Retry-After"]
    assert [r.getMessage().split(":")[0] for r in caplog.records] == [REACHED]


def test_other_errors_keep_the_500_page():
    request = RequestFactory().get("/somewhere/")
    try:
        raise ValueError("a bug")
    except ValueError:
        response = server_error(request)
    assert response.status_code == 500
