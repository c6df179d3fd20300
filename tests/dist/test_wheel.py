"""The wheel of `make dist`, as a club installs it: into a new virtual environment in a
temporary folder outside the checkout, then `troef` from another folder, with nothing of
the checkout on the path. Run by `make test-dist` (TROEF_DIST_WHEEL names the wheel).

The venue runs from it as at a club: the front page, a stylesheet, a table page and a
printed pack made by its worker, whose QR codes decode; Ctrl-C (SIGINT) stops it with
exit status 0 and leaves no process of its Python behind.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
import venv
import zipfile
from pathlib import Path

import pytest

from ..sheets.pdf import qr_codes
from ..venue.helpers import CLEARED, Client, ctrl_c, free_port

pytestmark = [pytest.mark.dist, pytest.mark.filterwarnings("ignore::ResourceWarning")]

ROOT = Path(__file__).resolve().parents[2]
WHEEL = Path(os.environ.get("TROEF_DIST_WHEEL", "dist/troef.whl")).resolve()
DEMO_PASSWORD = "troef-demo"  # demo.clubs.DEMO_PASSWORD
#: Seconds for the first start: migrate a new database, collect the static files, and
#: load the demo clubs (a season of evenings each).
START_SECONDS = 300


def names_in_wheel() -> set[str]:
    with zipfile.ZipFile(WHEEL) as wheel:
        return set(wheel.namelist())


def test_the_wheel_carries_what_the_site_needs_and_no_tests():
    names = names_in_wheel()

    def checkout(folder: str, pattern: str = "*") -> set[str]:
        return {
            path.relative_to(ROOT).as_posix()
            for path in (ROOT / folder).rglob(pattern)
            if path.is_file() and "__pycache__" not in path.parts
        }

    # Every template, static file and compiled catalogue, in the data package troef_site.
    for folder, pattern in (("templates", "*"), ("static", "*"), ("locale", "*.mo")):
        expected = {f"troef_site/{name}" for name in checkout(folder, pattern)}
        assert expected, folder
        assert expected <= names, sorted(expected - names)[:5]
    # The fonts of the sheets, the rule texts and their seeds, the demo data.
    for name in (
        "printing/sheets/fonts/DejaVuSans.ttf",
        "printing/sheets/fonts/DejaVuSans-Bold.ttf",
        "disputes/rules/RULES.nl.md",
        "disputes/rules/RULES.de.md",
        "disputes/rules/RULES.en.md",
        "demo/clubs.py",
        "demo/evenings.py",
        "demo/management/commands/seed_demo.py",
        "config/cli.py",
    ):
        assert name in names, name
    assert checkout("disputes/rules/seeds") <= names
    # The engine's compiled catalogues, in the games' own packages (a game is one folder,
    # its words included): the shared one and every game's.
    games_catalogues = checkout("games", "*.mo")
    assert "games/locale/nl/LC_MESSAGES/django.mo" in games_catalogues
    assert "games/meierijen/locale/de/LC_MESSAGES/django.mo" in games_catalogues
    assert games_catalogues <= names, sorted(games_catalogues - names)[:5]
    games_rules = checkout("games", "rules.*.md")
    assert "games/keezen/rules.de.md" in games_rules
    assert games_rules <= names, sorted(games_rules - names)[:5]
    assert {
        f"games/{game.name}/demo.py"
        for game in (ROOT / "games").iterdir()
        if (game / "demo.py").exists()
    } <= names

    # No tests, no sources of the catalogues, no compiled Python, no manage.py.
    assert not [name for name in names if name.startswith(("tests/", "benchmarks/"))]
    assert not [name for name in names if name.endswith((".po", ".pyc"))]
    assert "manage.py" not in names
    with zipfile.ZipFile(WHEEL) as wheel:
        entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
        assert "troef = config.cli:main" in wheel.read(entry_points).decode()


# --- installed ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Path:
    """A folder outside the checkout: the new environment, the data, the working folder."""
    folder = tmp_path_factory.mktemp("club-laptop")
    assert not folder.resolve().is_relative_to(ROOT)
    return folder


@pytest.fixture(scope="module")
def troef(home) -> Path:
    """The troef command of a new virtual environment with the wheel installed (pip
    takes the dependencies from its index, or the local cache of it)."""
    environment = home / "venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(environment)
    python = environment / ("Scripts" if sys.platform == "win32" else "bin") / "python"
    done = subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", WHEEL],
        cwd=home,
        env=clean_env(home),
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return python.parent / "troef"


def clean_env(home: Path, **extra: str) -> dict[str, str]:
    """A laptop's environment: no settings of this test run, nothing of the checkout on
    the path, HOME in the test's folder (the user's data folder is under it)."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in CLEARED
        and key not in {"PYTHONPATH", "VIRTUAL_ENV", "TROEF_VAR_DIR", "XDG_DATA_HOME"}
        and not key.startswith(("PYTEST", "TROEF_TEST"))
    }
    env.update(HOME=str(home), PYTHONUNBUFFERED="1", PYTHONIOENCODING="utf-8", **extra)
    return env


def run(troef: Path, home: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [troef, *args],
        cwd=home,
        env=clean_env(home, **env),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_it_runs_from_the_environment_alone(troef, home):
    """Troef's modules come from the new environment, not from the checkout; its data
    folder is the user's (~/.local/share/troef on Linux) unless TROEF_VAR_DIR says."""
    python = troef.parent / "python"
    where = subprocess.run(
        [
            python,
            "-c",
            "import json, sys, config, scoring, django; from config import settings; "
            "print(json.dumps({'path': sys.path, 'files': [config.__file__, scoring.__file__],"
            " 'site': str(settings.SITE_DIR), 'var': str(settings.VAR_DIR)}))",
        ],
        cwd=home,
        env=clean_env(home, DJANGO_SETTINGS_MODULE="config.settings"),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert where.returncode == 0, where.stderr
    found = json.loads(where.stdout)
    assert not [entry for entry in found["path"] if entry and Path(entry).is_relative_to(ROOT)]
    for file in [*found["files"], found["site"]]:
        assert Path(file).is_relative_to(home / "venv"), file
    assert Path(found["var"]) == home / ".local" / "share" / "troef"

    shown = run(troef, home, "--help")
    assert shown.returncode == 0, shown.stderr
    assert f"Data folder: {home / '.local' / 'share' / 'troef'}" in shown.stdout
    shown = run(troef, home, "--help", TROEF_VAR_DIR=str(home / "elsewhere"))
    assert f"Data folder: {home / 'elsewhere'}" in shown.stdout

    wrong = run(troef, home, "venue", "--port", "seventy")
    assert wrong.returncode == 2
    assert wrong.stderr.count("\n") == 1, wrong.stderr
    assert "--port" in wrong.stderr


class Venue:
    """`troef ARGS` in a child process, its output in a log file."""

    def __init__(self, troef: Path, home: Path, var_dir: Path, *args: str, **env: str):
        self.var_dir = var_dir
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = home / f"troef-{self.port}.log"
        args = (*args, "--host", "127.0.0.1", "--port", str(self.port), "--no-mdns")
        with self.log_path.open("wb") as log, _sigint_for_children():
            self.process = subprocess.Popen(
                [troef, *args],
                cwd=home,
                env=clean_env(home, TROEF_VAR_DIR=str(var_dir), **env),
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
            )

    def wait_until_serving(self) -> None:
        """Until it has written its run-file, which it does once the web server answers."""
        deadline = time.monotonic() + START_SECONDS
        while not (self.var_dir / "venue.json").exists():
            assert self.process.poll() is None, f"troef exited:\n{self.log()}"
            assert time.monotonic() < deadline, f"troef did not start:\n{self.log()}"
            time.sleep(0.2)

    def stop(self) -> int:
        """Ctrl-C, as the director presses it; the exit status."""
        return ctrl_c(self.process, 120)

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")


@contextlib.contextmanager
def _sigint_for_children():
    """A test run started in the background ignores SIGINT, and its children would
    inherit that; meanwhile SIGINT is handled here, so that the venue starts with it."""
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        yield
        return
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def processes_of(environment: Path) -> list[str]:
    """The command lines of the running processes started from `environment`'s Python
    (Linux: /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdecimal():
            with contextlib.suppress(OSError):
                cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
                if str(environment) in cmdline and "<defunct>" not in cmdline:
                    found.append(f"{entry.name}: {cmdline}")
    return found


def test_the_venue_serves_prints_and_stops(troef, home):
    var_dir = home / "data"
    venue = Venue(troef, home, var_dir, "venue", "--demo", LANGUAGE="de")
    try:
        venue.wait_until_serving()
        laptop = Client(venue.url)
        front = laptop.get("/")
        assert front.status == 200, front.text[:2000]
        assert "Spellenclub Rooi" in front.text  # the demo clubs

        # A stylesheet, collected from the wheel's static files.
        found = re.search(r'href="(/static/troef/troef\.[0-9a-f]{12}\.css)"', front.text)
        assert found, front.text[:2000]
        css = laptop.get(found.group(1))
        assert css.status == 200
        assert css.headers["Content-Type"].startswith("text/css")
        assert len(css.body) > 1000

        # A table of the demo's running evening, for its director.
        tournament, round_, table = running_table(var_dir / "troef.sqlite3", "rooi")
        laptop.log_in("rooi-director", DEMO_PASSWORD)
        page = laptop.get(f"/c/rooi/tables/{table}/")
        assert page.status == 200, page.text[:2000]
        assert "<html" in page.text

        # The round's pack, made by the venue's worker: a PDF whose QR codes decode to
        # the tables' links on the venue's address.
        pack = printed_pack(laptop, f"/c/rooi/tournaments/{tournament}/rounds/{round_}/print/")
        assert pack.startswith(b"%PDF")
        codes = [code for page in qr_codes(pack) for code in page]
        assert codes, "no QR code in the pack"
        assert all(code.startswith(f"{venue.url}/t/") for code in codes), codes
    finally:
        status = venue.stop()
    log = venue.log()
    assert status == 0, log[-3000:]
    # In the system's language (LANGUAGE=de), from the wheel's compiled catalogues.
    assert "Troef läuft für den Spielort. Handys im selben Netzwerk öffnen:" in log
    assert "Troef ist beendet." in log
    assert "Traceback" not in log
    assert processes_of(home / "venv") == []
    assert not (var_dir / "venue.json").exists()


def test_troef_alone_opens_the_browser_once_it_answers(troef, home, tmp_path):
    """`troef` without a subcommand: the venue, then the laptop's browser on its loopback
    address (BROWSER, which Python's webbrowser reads, stands in for the browser: it
    writes down the address it was given and whether the page answered then)."""
    opened = tmp_path / "opened.json"
    browser = tmp_path / "browser.py"
    browser.write_text(
        "import json, sys, urllib.request\n"
        "with urllib.request.urlopen(sys.argv[1], timeout=30) as page:\n"
        "    status = page.status\n"
        f"open({str(opened)!r}, 'w').write(json.dumps([sys.argv[1], status]))\n",
        encoding="utf-8",
    )
    var_dir = home / "data"  # the previous test's: migrated, the demo clubs in it
    venue = Venue(troef, home, var_dir, BROWSER=f"{sys.executable} {browser} %s")
    try:
        deadline = time.monotonic() + START_SECONDS
        while not opened.exists():
            assert venue.process.poll() is None, f"troef exited:\n{venue.log()}"
            assert time.monotonic() < deadline, f"no browser opened:\n{venue.log()}"
            time.sleep(0.2)
    finally:
        status = venue.stop()
    assert json.loads(opened.read_text(encoding="utf-8")) == [f"{venue.url}/", 200]
    assert status == 0, venue.log()[-3000:]
    assert "Troef is gestopt." in venue.log()  # no language named: Dutch
    assert processes_of(home / "venv") == []


def running_table(database: Path, club: str) -> tuple[int, int, int]:
    """(tournament, round number, a table) of the club's running demo evening."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=20) as connection:
        return connection.execute(
            "SELECT t.id, r.number, tb.id FROM tournaments_tournament t"
            " JOIN clubs_club c ON c.id = t.club_id"
            " JOIN tournaments_round r ON r.tournament_id = t.id"
            " JOIN tournaments_table tb ON tb.round_id = r.id"
            " WHERE c.slug = ? AND t.status = 'running' AND r.status = 'started'"
            " ORDER BY r.number DESC, tb.number LIMIT 1",
            (club,),
        ).fetchone()


def printed_pack(client: Client, print_url: str) -> bytes:
    """Ask for the round's pack (a print job) and download it once the worker made it."""
    token = next(cookie.value for cookie in client.cookies if cookie.name == "csrftoken")
    job = client.request(print_url, {"csrfmiddlewaretoken": token})
    assert job.status == 302, job.text[:2000]
    status_url = job.headers["Location"] + "status/"
    deadline = time.monotonic() + 180
    while (state := json.loads(client.get(status_url).text))["status"] != "done":
        assert state["status"] != "failed", state
        assert time.monotonic() < deadline, "the worker made no pack"
        time.sleep(0.2)
    download = client.get(state["download_url"])
    assert download.status == 200
    assert download.headers["Content-Type"] == "application/pdf"
    return download.body
