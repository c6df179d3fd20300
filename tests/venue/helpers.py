"""The real `manage.py venue` in a child process, for tests/venue and tests/e2e.

It runs as at the venue: its own folder (TROEF_VAR_DIR) with its own SQLite database and
worker queue, DEBUG off, static files collected, the worker as its child. The phones'
address is 127.0.0.2 (a stand-in for the laptop's wifi address: tests only ever bind
loopback addresses) and the director's browser uses 127.0.0.1, which the venue binds too.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PHONES_IP = "127.0.0.2"
LAPTOP_IP = "127.0.0.1"
#: The environment of a laptop with nothing set: a test run's own settings stay out.
CLEARED = (
    "DATABASE_URL",
    "CELERY_BROKER_URL",
    "CELERY_RESULT_BACKEND",
    "CACHE_URL",
    "DJANGO_SETTINGS_MODULE",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "DEBUG",
    "HTTPS",
    "TROEF_SITE_URL",
    "TROEF_VENUE",
    "TROEF_VENUE_URL",
    "PORT",
    "SECRET_KEY",
    "STATIC_ROOT",
    "MEDIA_ROOT",
    # The terminal's language (config.terminal): none, so the venue speaks Dutch.
    "LANGUAGE",
    "LC_ALL",
    "LC_MESSAGES",
    "LANG",
)
PASSWORD = "kaarten-schudden-42"  # tests.factories.UserFactory's


def ctrl_c(process: subprocess.Popen, timeout: float) -> int:
    """Ctrl-C to a running venue, as the director presses it; its exit status (killed,
    and the timeout raised, when it has not ended in `timeout` seconds)."""
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            raise
    return process.returncode


def laptop_env(var_dir: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in CLEARED}
    env["TROEF_VAR_DIR"] = str(var_dir)
    env["LANG"] = "C.UTF-8"  # no language: the venue's terminal speaks Dutch
    env["PYTHONUNBUFFERED"] = "1"
    env["PYTHONIOENCODING"] = "utf-8"  # the terminal QR in half blocks, whatever the locale
    return env


def free_port() -> int:
    """A port free on both the phones' and the laptop's address."""
    while True:
        with socket.socket() as probe:
            probe.bind((PHONES_IP, 0))
            port = probe.getsockname()[1]
        with socket.socket() as other:
            try:
                other.bind((LAPTOP_IP, port))
            except OSError:
                continue
        return port


def manage(var_dir: Path, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    """`python manage.py ARGS` on the venue's folder, as a director would run it beside."""
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=laptop_env(var_dir),
        capture_output=True,
        timeout=timeout,
        check=False,
    )


@dataclass
class Evening:
    """What :meth:`VenueProcess.seed_evening` made: a club with a director and a player
    login ("director", "player"), a running Duizenden evening (final scores) with two
    tables of four."""

    club: str
    director: str
    tournament: int
    slug: str
    round: int
    tables: list[int]
    names: list[list[str]]  # per table, in seat order


SEED = """
import json, django
django.setup()
from clubs.models import Role
from tournaments.models import Round, Tournament
from tests.factories import (
    ClubFactory, EntryFactory, MemberFactory, RoleFactory, TournamentFactory, UserFactory,
    seat_round,
)
club = ClubFactory(name="Spellenclub Rooi", slug="rooi", town="Sint-Oedenrode")
director = UserFactory(username="director")  # password: tests.venue.helpers.PASSWORD
RoleFactory(club=club, user=director, level=Role.Level.DIRECTOR)
RoleFactory(club=club, user=UserFactory(username="player"), level=Role.Level.PLAYER)
tournament = TournamentFactory(
    club=club, name="Vrijdagavond", slug="vrijdagavond", game="duizenden", table_size=4,
    entering=Tournament.Entering.SUMMARY, status=Tournament.Status.RUNNING,
)
names = [["Anna Smits", "Bas Jansen", "Cor de Wit", "Dirk Peters"],
         ["Els Vos", "Frits Kok", "Gerda Mol", "Hans Bos"]]
tables = [[EntryFactory(tournament=tournament, member=MemberFactory(club=club, name=name))
           for name in table] for table in names]
round_ = seat_round(tournament, tables, status=Round.Status.STARTED)
print(json.dumps({
    "club": club.slug, "director": director.username, "tournament": tournament.pk,
    "slug": tournament.slug, "round": round_.number, "names": names,
    "tables": [t.pk for t in round_.tables.order_by("number")],
}))
"""


class VenueProcess:
    """`manage.py venue --host 127.0.0.2 --port PORT --no-mdns` in a child process."""

    def __init__(
        self,
        var_dir: Path,
        log_path: Path,
        *extra: str,
        port: int | None = None,
        host: str = PHONES_IP,
    ):
        self.host = host
        self.var_dir = var_dir
        self.log_path = log_path
        self.port = port or free_port()
        self.extra = extra
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        """The phones' address."""
        return f"http://{PHONES_IP}:{self.port}"

    @property
    def laptop_url(self) -> str:
        """The director's own browser on the laptop."""
        return f"http://{LAPTOP_IP}:{self.port}"

    @property
    def run_file(self) -> Path:
        return self.var_dir / "venue.json"

    def start(self, timeout: float = 240) -> VenueProcess:
        """Start it and wait until it has written its run-file, which it does once the
        web server answers."""
        args = ["venue", "--host", self.host, "--port", str(self.port), "--no-mdns"]
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "manage.py", *args, *self.extra],
                cwd=ROOT,
                env=laptop_env(self.var_dir),
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + timeout
        while not self.run_file.exists():
            if self.process.poll() is not None:
                raise RuntimeError(f"venue exited {self.process.returncode}:\n{self.log()}")
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"venue did not start:\n{self.log()}")
            time.sleep(0.1)
        return self

    def stop(self, timeout: float = 90) -> int:
        """Ctrl-C, as the director presses it; the exit status."""
        if self.process is None:
            return 0
        return ctrl_c(self.process, timeout)

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def wait_for_log(self, text: str, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.log():
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} not in the venue's output:\n{self.log()}")
            time.sleep(0.1)

    def seed_evening(self) -> Evening:
        """A club, a director and a running evening in the venue's database, written by
        a separate process (the venue sees it as it would see a director's changes)."""
        done = subprocess.run(
            [sys.executable, "-c", SEED],
            cwd=ROOT,
            env={**laptop_env(self.var_dir), "DJANGO_SETTINGS_MODULE": "config.settings"},
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        return Evening(**json.loads(done.stdout.strip().splitlines()[-1]))

    def query(self, sql: str, *params) -> list[tuple]:
        """Read the venue's database directly (read-only)."""
        uri = f"file:{self.var_dir / 'troef.sqlite3'}?mode=ro"
        with sqlite3.connect(uri, uri=True, timeout=20) as connection:
            return connection.execute(sql, params).fetchall()


class Answer:
    def __init__(self, status: int, headers, body: bytes, url: str):
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")


class Client:
    """A browser without a browser: cookies, forms with their CSRF token, no redirects
    followed unless asked. Real HTTP to the venue's server."""

    def __init__(self, base: str):
        self.base = base
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), _NoRedirect()
        )

    def request(self, path: str, data: dict | None = None, headers=None) -> Answer:
        url = path if path.startswith("http") else self.base + path
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(url, data=body, headers=headers or {})  # noqa: S310
        try:
            with self.opener.open(request, timeout=60) as response:
                return Answer(response.status, response.headers, response.read(), url)
        except urllib.error.HTTPError as error:
            return Answer(error.code, error.headers, error.read(), url)

    def get(self, path: str, headers=None) -> Answer:
        return self.request(path, headers=headers)

    def post_form(self, path: str, data: dict) -> Answer:
        """GET the page, then POST `data` with its CSRF token."""
        page = self.get(path)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
        assert token, page.text[:2000]
        return self.request(path, {"csrfmiddlewaretoken": token.group(1), **data})

    def log_in(self, username: str, password: str = PASSWORD) -> None:
        answer = self.post_form("/accounts/login/", {"username": username, "password": password})
        assert answer.status == 302, answer.text[:2000]


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):  # noqa: PLR0917 - urllib's
        return None
