"""`make bench`: an evening at the venue, against the real `manage.py venue` server and, in
the same run, the same load against `manage.py runserver` for comparison.

The evening (built through the project's own services, in a fresh data folder): a club of
120 members, a Keezen evening at tables of four in drawn teams of two (two sides a table),
everyone checked in and round 1 drawn: 30 tables. Each table's private link is made by
scoring.links.table_link, as the printed score sheets are. The data folder is copied
before either server starts, so both begin from the same state.

The load, per server, over about 60 seconds (LOAD_SECONDS), all on 127.0.0.1:

- 30 tables, one simulated phone per player (120 phones, each its own httpx client and
  cookie jar). The tables start spread over the first TABLE_SPREAD seconds. Every phone
  opens the table's link and chooses its name from the page's form. One player then
  enters the result through the page's result form: CSRF token, idempotency key and
  version as the form carries them, the game's fields as the form names them, filled
  with a whole game played by the game's own simulator (demo.evenings). A player of
  the other side (another Seat.side) reloads the link and presses the confirm button of
  that entry; the two others reload the page once more.
- 40 more phones poll the tournament's (public) standings page and the venue screen
  every POLL_SECONDS: the screen's full page first, then its live part, as the screen's
  own script (static/troef/venue.js) fetches it.

Requests go out from at most WORKERS threads, by a scheduler that sends each phone's next
request a think time after its last answer. Everything stops by itself: the schedule ends
with the last table, and a hard deadline ends whatever is left.

Printed per server: p50, p95 and max of each kind of request, the errors (a failed
request, an answer other than the page's usual one, a form error, a refused confirmation),
and what the database holds afterwards: the tables with a confirmed result (expected:
30), those with more than one, and those whose confirmed result is not what was entered.

The venue runs as the director starts it (`manage.py venue --host 127.0.0.1 --port N
--no-mdns`: waitress and the Celery worker). runserver gets the same settings as the
venue's web server (TROEF_VENUE=1, DEBUG=0, HTTPS=0, ALLOWED_HOSTS=127.0.0.1, after the
same migrate and collectstatic), so only the server differs.

Child steps (each in its own process, Django set up on that data folder):
``python -m benchmarks.venue build FOLDER EVENING.json`` and
``python -m benchmarks.venue count FOLDER EVENING.json``.
"""

from __future__ import annotations

import contextlib
import heapq
import itertools
import json
import math
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"

MEMBERS = 120
TABLES = 30
POLLERS = 40
POLL_SECONDS = 10.0
#: The evening's load lasts about this long; the tables start over the first TABLE_SPREAD.
LOAD_SECONDS = 60.0
TABLE_SPREAD = 45.0
#: Nothing of the load runs past this many seconds after its start.
HARD_DEADLINE = LOAD_SECONDS + 60.0
#: Threads sending requests (each phone sends one request at a time).
WORKERS = 32
#: Seconds one request may take before it counts as an error.
REQUEST_TIMEOUT = 30.0
#: Seconds a server has to answer after its start (it migrates and collects static first).
START_SECONDS = 180.0
#: Seconds a server has to stop after being asked, before it is killed.
STOP_SECONDS = 30.0
#: The aim (issue 14): 0 errors, 0 lost or doubled results, p95 at most this.
AIM_P95_MS = 300.0

KINDS = ("open_link", "submit", "confirm", "standings_poll", "venue_poll")
#: Whatever this machine is configured with, the servers run on SQLite and the filesystem
#: broker in the benchmark's own folder, and print nothing pointing elsewhere.
_UNSET = (
    "DATABASE_URL",
    "CACHE_URL",
    "CELERY_BROKER_URL",
    "CELERY_RESULT_BACKEND",
    "STATIC_ROOT",
    "MEDIA_ROOT",
    "TROEF_SITE_URL",
    "PORT",
    "TROEF_VENUE",
    "CSRF_TRUSTED_ORIGINS",
)


# --- the evening (child processes with Django) ---------------------------------------------


def build(var_dir: str, out: str) -> None:
    """Create the club, the evening and its round 1 in `var_dir`; write what the phones
    need (links, seats and sides, the result each table enters) to `out`."""
    import datetime  # noqa: PLC0415
    import secrets  # noqa: PLC0415

    from benchmarks.__main__ import setup_django  # noqa: PLC0415

    setup_django(var_dir)
    from clubs import services as clubs  # noqa: PLC0415
    from clubs.models import Club, Role  # noqa: PLC0415
    from demo.evenings import simulated_entry  # noqa: PLC0415
    from evenings import services as evenings  # noqa: PLC0415
    from scoring.links import table_link  # noqa: PLC0415
    from tournaments import services as tournaments  # noqa: PLC0415

    club = Club.objects.create(
        name="Spellenclub Bench", slug="bench-venue", town="Veghel", standings_public=True
    )
    clubs.log_action(club=club, actor=None, action="club.created", data={"name": club.name})
    members = [
        clubs.member_create(
            club=club, actor=None, name=f"Speler {n:03d}", membership_number=f"V{n:03d}"
        )
        for n in range(1, MEMBERS + 1)
    ]
    clubs.role_grant(
        club=club,
        actor=None,
        member=members[0],
        level=Role.Level.ADMIN,
        username="bench-director",
        password=secrets.token_urlsafe(16),
    )
    director = Role.objects.get(club=club).user
    tournament = tournaments.tournament_create(
        club=club, actor=director, name="Keezenavond", date=datetime.date.today(),
        game="keezen", table_size=4, teams="drawn", scheme="game", rounds_planned=3,
    )  # fmt: skip
    for member in members:
        tournaments.entry_add(tournament=tournament, actor=director, member=member, present=True)
    round_ = evenings.round_draw(tournament=tournament, actor=director)
    tables = []
    for table in round_.tables.order_by("number"):
        seats = list(table.seats.select_related("entry__member").order_by("position"))
        sides = len({seat.side for seat in seats})
        entry = simulated_entry(tournament, len(seats), sides, seed=table.number)
        tables.append(
            {
                "pk": table.pk,
                "number": table.number,
                "link": table_link(table.pk, table.link_version),
                "seats": [
                    {"entry": s.entry_id, "side": s.side, "name": s.entry.name} for s in seats
                ],
                "entry": entry,
            }
        )
    if len(tables) != TABLES:
        raise SystemExit(f"venue bench: round 1 has {len(tables)} tables, not {TABLES}")
    Path(out).write_text(
        json.dumps({"club": club.slug, "tournament": tournament.pk, "tables": tables}),
        encoding="utf-8",
    )


def count(var_dir: str, evening_file: str) -> None:
    """Print (JSON) what the database holds after the load: per table, its confirmed
    results, all its entries, and whether the confirmed one is what was entered."""
    from benchmarks.__main__ import setup_django  # noqa: PLC0415

    setup_django(var_dir)
    from scoring.models import ResultEntry  # noqa: PLC0415

    evening = json.loads(Path(evening_file).read_text(encoding="utf-8"))
    confirmed: dict[int, list[Any]] = defaultdict(list)
    entries: dict[int, int] = defaultdict(int)
    wanted = {table["pk"]: table["entry"] for table in evening["tables"]}
    for table_pk, status, data in ResultEntry.objects.filter(table_id__in=wanted).values_list(
        "table_id", "status", "data"
    ):
        entries[table_pk] += 1
        if status == ResultEntry.Status.CONFIRMED:
            confirmed[table_pk].append(data)
    print(
        json.dumps(
            {
                "stored": sum(1 for pk in wanted if confirmed[pk]),
                "doubled": sum(1 for pk in wanted if len(confirmed[pk]) > 1),
                "wrong": sum(
                    1 for pk in wanted if confirmed[pk] and confirmed[pk][0] != wanted[pk]
                ),
                "entries": sum(entries.values()),
            }
        )
    )


# --- the servers ---------------------------------------------------------------------------


def _child_env(var_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in _UNSET}
    env.update(
        TROEF_VAR_DIR=str(var_dir),
        DJANGO_SETTINGS_MODULE="config.settings",
        PYTHONUNBUFFERED="1",
        DEBUG="0",
        HTTPS="0",
    )
    return env


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def _run_step(args: list[str], env: dict[str, str]) -> str:
    done = subprocess.run(  # noqa: S603 - this Python, our own module
        [sys.executable, *args], env=env, cwd=ROOT, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise BenchError(f"{' '.join(args)} failed: {done.stderr.strip()[-2000:]}")
    return done.stdout


class BenchError(RuntimeError):
    pass


@dataclass
class Server:
    """A server started for the benchmark: the process we started (its own process
    group), with every process it started in turn, so that all of them are stopped."""

    name: str
    args: list[str]
    env: dict[str, str]
    port: int
    log: Path
    process: subprocess.Popen | None = None
    family: set[int] = field(default_factory=set)

    def start(self) -> None:
        with self.log.open("wb") as log, _children_stop_on_ctrl_c():
            self.process = subprocess.Popen(  # noqa: S603 - this Python, manage.py
                [sys.executable, *self.args],
                env=self.env,
                cwd=ROOT,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def wait_until_answering(self) -> None:
        """Poll until the server answers a page (any HTTP answer), or fail."""
        import httpx  # noqa: PLC0415

        deadline = time.monotonic() + START_SECONDS
        with httpx.Client(timeout=5) as client:
            while True:
                if self.process.poll() is not None:
                    raise BenchError(f"{self.name} stopped at its start: {self.tail()}")
                with contextlib.suppress(httpx.TransportError):
                    client.get(f"http://{HOST}:{self.port}/")
                    self.remember_family()
                    return
                if time.monotonic() > deadline:
                    raise BenchError(f"{self.name} did not answer within {START_SECONDS:.0f} s")
                time.sleep(0.2)

    def remember_family(self) -> None:
        """Note every process below ours (Linux: /proc), to kill them should they
        outlive it (the venue starts its web server and worker in sessions of their
        own)."""
        if self.process is not None:
            self.family |= _descendants(self.process.pid)

    def cpu(self) -> dict[int, tuple[str, float]]:
        """CPU seconds used so far by our process and everything below it."""
        if self.process is None:
            return {}
        self.remember_family()
        return _cpu_seconds({self.process.pid, *self.family})

    def stop(self) -> None:
        """Ask our process to stop (SIGINT: Ctrl-C, which the venue passes on to its web
        server and worker), kill it and its group if it does not, then kill whatever it
        started that is still there."""
        if self.process is None:
            return
        self.remember_family()
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGINT)
            try:
                self.process.wait(timeout=STOP_SECONDS)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        for pid in sorted(self.family):
            _kill_group_of(pid)

    def tail(self) -> str:
        with contextlib.suppress(OSError):
            return self.log.read_text(errors="replace")[-1500:]
        return ""


@contextlib.contextmanager
def _children_stop_on_ctrl_c():
    """Started in the background (make bench &, nohup), this process ignores SIGINT and
    its children would inherit that, so that `stop` could not ask the venue to stop as
    Ctrl-C does. Meanwhile SIGINT is handled here, which a child starts without."""
    main = threading.current_thread() is threading.main_thread()
    if not main or signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        yield
        return
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def _raise_interrupt(signum, frame):
    raise KeyboardInterrupt


def _descendants(pid: int) -> set[int]:
    """The processes below `pid` (Linux /proc; elsewhere none are known)."""
    children: dict[int, list[int]] = defaultdict(list)
    for entry in Path("/proc").glob("[0-9]*/stat") if Path("/proc").is_dir() else ():
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = entry.read_text().rsplit(")", 1)[1].split()
            children[int(fields[1])].append(int(entry.parent.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _cpu_seconds(pids: set[int]) -> dict[int, tuple[str, float]]:
    """CPU seconds (user + system) each of `pids` has used so far, with its command line
    (Linux /proc; elsewhere nothing)."""
    found = {}
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    for pid in pids:
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
            found[pid] = (command, (int(fields[11]) + int(fields[12])) / ticks)
    return found


def _kill_group_of(pid: int) -> None:
    """Kill process `pid` (a child of a server we started) and its process group when it
    leads one; nothing when it is gone."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        if os.getpgid(pid) == pid:
            os.killpg(pid, signal.SIGKILL)
        else:
            os.kill(pid, signal.SIGKILL)


# --- the pages, as a phone reads them ------------------------------------------------------


@dataclass
class Form:
    attrs: dict[str, str]
    fields: list[tuple[str, str, str]] = field(default_factory=list)  # (name, type, value)
    checkboxes: set[str] = field(default_factory=set)
    buttons: list[tuple[str, str]] = field(default_factory=list)  # (name, value)
    selects: dict[str, list[str]] = field(default_factory=dict)  # name -> option values

    def names(self) -> set[str]:
        return {name for name, _type, _value in self.fields} | self.checkboxes

    def hidden(self) -> dict[str, str]:
        return {name: value for name, kind, value in self.fields if kind == "hidden"}


class PageParser(HTMLParser):
    """The forms of a page (their inputs, buttons and selects) and its messages."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[Form] = []
        self.messages: list[tuple[str, str]] = []  # (class, text)
        self.errors: list[str] = []
        self._form: Form | None = None
        self._select: str | None = None
        self._text: list[str] | None = None
        self._text_kind = ""

    def handle_starttag(self, tag: str, attrs_list) -> None:
        attrs = {k: v or "" for k, v in attrs_list}
        if tag == "form":
            self._form = Form(attrs)
            self.forms.append(self._form)
        elif tag == "input" and self._form is not None and attrs.get("name"):
            kind = attrs.get("type", "text")
            if kind == "checkbox":
                self._form.checkboxes.add(attrs["name"])
            else:
                self._form.fields.append((attrs["name"], kind, attrs.get("value", "")))
        elif tag == "button" and self._form is not None and attrs.get("name"):
            self._form.buttons.append((attrs["name"], attrs.get("value", "")))
        elif tag == "select" and self._form is not None:
            self._select = attrs.get("name", "")
            self._form.selects[self._select] = []
        elif tag == "option" and self._form is not None and self._select is not None:
            self._form.selects[self._select].append(attrs.get("value", ""))
        elif tag == "p" and "message" in attrs.get("class", "").split():
            self._text, self._text_kind = [], attrs["class"]
        elif tag == "ul" and "errorlist" in attrs.get("class", "").split():
            self._text, self._text_kind = [], "errorlist"

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag in ("p", "ul") and self._text is not None:
            text = " ".join("".join(self._text).split())
            if self._text_kind == "errorlist":
                self.errors.append(text)
            else:
                self.messages.append((self._text_kind, text))
            self._text = None

    def handle_data(self, data: str) -> None:
        if self._text is not None:
            self._text.append(data)


def parse(html: str) -> PageParser:
    parser = PageParser()
    parser.feed(html)
    return parser


# --- the load ------------------------------------------------------------------------------


class PageError(Exception):
    """A page that is not what a phone expects: an error of the load."""


class Recorder:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.seconds: dict[str, list[float]] = defaultdict(list)
        self.errors: list[str] = []
        self.tables_done = 0
        self.cpu: dict[str, float] = {}  # command line -> CPU seconds during the load
        self.alone: dict[str, float] = {}  # kind -> median seconds with one phone only

    def timing(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.seconds[kind].append(seconds)

    def error(self, what: str) -> None:
        with self.lock:
            self.errors.append(what)


class Phone:
    """One phone: its own httpx client (cookie jar, kept-alive connection)."""

    def __init__(self, base: str, number: int, recorder: Recorder) -> None:
        import httpx  # noqa: PLC0415

        self.base = base
        self.recorder = recorder
        self.client = httpx.Client(
            base_url=base,
            timeout=REQUEST_TIMEOUT,
            follow_redirects=False,
            # Phones behind one venue address each have their own browser.
            headers={"User-Agent": f"Mozilla/5.0 (Linux; Android 14; bench phone {number})"},
        )

    def request(self, kind: str, method: str, url: str, *, expect: int, **kwargs):
        start = time.perf_counter()
        try:
            response = self.client.request(method, url, **kwargs)
        except Exception as error:
            self.recorder.timing(kind, time.perf_counter() - start)
            raise PageError(f"{kind} {url}: {type(error).__name__}: {error}") from None
        self.recorder.timing(kind, time.perf_counter() - start)
        if response.status_code != expect:
            raise PageError(f"{kind} {url}: HTTP {response.status_code}, not {expect}")
        return response

    def get_page(self, kind: str, url: str, **kwargs) -> PageParser:
        return parse(self.request(kind, "GET", url, expect=200, **kwargs).text)

    def post_form(self, kind: str, url: str, data: dict[str, str]) -> str:
        """POST as the browser does (Origin and Referer of the page); the page it is sent
        back to (the 302's Location), checked for an error message."""
        response = self.request(
            kind,
            "POST",
            url,
            data=data,
            expect=302,
            headers={"Origin": self.base, "Referer": self.base + url},
        )
        return response.headers["location"]

    def close(self) -> None:
        self.client.close()


def _form_with_button(page: PageParser, action: str) -> Form:
    for form in page.forms:
        if form.attrs.get("method", "get").lower() == "post" and ("action", action) in form.buttons:
            return form
    raise PageError(f"no form with the {action!r} button (messages: {page.messages})")


def _field_of(form: Form, cell: str) -> str:
    """The form's field for one side's value (scoring.forms names it "s<side>_<name>"
    after the prefix of its row or of the summary line, e.g. "t_s0_pawns")."""
    found = [name for name in form.names() if name == cell or name.endswith("_" + cell)]
    if len(found) != 1:
        raise PageError(f"the result form has no single field for {cell}: {sorted(form.names())}")
    return found[0]


def _check_messages(page: PageParser, what: str) -> None:
    bad = [text for kind, text in page.messages if "success" not in kind.split()]
    if bad or page.errors:
        raise PageError(f"{what}: {bad + page.errors}")


class TableScript:
    """One table's four phones: everyone opens the link and chooses their name, one
    enters the result, a player of the other side confirms it, the others look again."""

    def __init__(self, table: dict, base: str, recorder: Recorder, rng: random.Random):
        self.table = table
        self.recorder = recorder
        self.rng = rng
        self.link = table["link"]
        seats = table["seats"]
        self.phones = [Phone(base, table["number"] * 10 + n, recorder) for n in range(len(seats))]
        self.entrant = 0
        self.confirmer = next(
            n for n, seat in enumerate(seats) if seat["side"] != seats[self.entrant]["side"]
        )
        self.opened = 0
        self.lock = threading.Lock()

    def as_player(self, n: int) -> str:
        return f"{self.link}?player={self.table['seats'][n]['entry']}"

    def think(self, low: float, high: float) -> float:
        return self.rng.uniform(low, high)

    # Each step returns the steps it schedules next: (delay in seconds, callable).

    def open(self, n: int):
        """Phone n opens the link, finds its name in the form and opens the page as it."""
        page = self.phones[n].get_page("open_link", self.link)
        chooser = next((f for f in page.forms if "player" in f.selects), None)
        entry = str(self.table["seats"][n]["entry"])
        if chooser is None or entry not in chooser.selects["player"]:
            raise PageError(f"table {self.table['number']}: no name to choose on {self.link}")
        self.phones[n].get_page("open_link", self.link, params={"player": entry})
        with self.lock:
            self.opened += 1
            everyone = self.opened == len(self.phones)
        return [(self.think(2, 5), self.submit)] if everyone else []

    def submit(self):
        phone, url = self.phones[self.entrant], self.as_player(self.entrant)
        page = phone.get_page("open_link", url)
        form = _form_with_button(page, "enter")
        data = form.hidden()
        entry = self.table["entry"]
        for side, values in enumerate(entry["sides"]):
            for name, value in values.items():
                data[_field_of(form, f"s{side}_{name}")] = str(value)
        if not entry["finished"]:
            data["unfinished"] = "on"
        data["action"] = "enter"
        back = phone.post_form("submit", url, data)
        _check_messages(phone.get_page("open_link", back), "after the entry")
        return [(self.think(3, 8), self.confirm)]

    def confirm(self):
        phone, url = self.phones[self.confirmer], self.as_player(self.confirmer)
        form = _form_with_button(phone.get_page("open_link", url), "confirm")
        data = {**form.hidden(), "action": "confirm"}
        back = phone.post_form("confirm", url, data)
        _check_messages(phone.get_page("open_link", back), "after confirming")
        with self.recorder.lock:
            self.recorder.tables_done += 1
        others = [n for n in range(len(self.phones)) if n not in (self.entrant, self.confirmer)]
        return [(self.think(1, 4), lambda n=n: self.look(n)) for n in others]

    def look(self, n: int):
        self.phones[n].get_page("open_link", self.as_player(n))
        return []

    def close(self) -> None:
        for phone in self.phones:
            phone.close()


class Poller:
    """A phone that keeps the standings and the venue screen open: every POLL_SECONDS
    it reloads the standings and fetches the screen's live part (the whole screen the
    first time)."""

    def __init__(self, evening: dict, base: str, number: int, recorder: Recorder, until: float):
        club, pk = evening["club"], evening["tournament"]
        self.standings = f"/p/{club}/tournaments/{pk}/"
        self.screen = f"/c/{club}/tournaments/{pk}/venue/"
        self.phone = Phone(base, 1000 + number, recorder)
        self.until = until
        self.first = True

    def poll(self):
        self.phone.request("standings_poll", "GET", self.standings, expect=200)
        screen = self.screen if self.first else self.screen + "live/"
        self.phone.request("venue_poll", "GET", screen, expect=200)
        self.first = False
        if time.monotonic() + POLL_SECONDS > self.until:
            return []
        return [(POLL_SECONDS, self.poll)]

    def close(self) -> None:
        self.phone.close()


def load(base: str, evening: dict, seed: int = 14) -> Recorder:
    """The evening's load against `base`: returns what it measured."""
    from concurrent.futures import ThreadPoolExecutor  # noqa: PLC0415

    recorder = Recorder()
    rng = random.Random(seed)
    scripts = [
        TableScript(t, base, recorder, random.Random(rng.random())) for t in evening["tables"]
    ]
    pollers = [Poller(evening, base, n, recorder, 0.0) for n in range(POLLERS)]
    start = time.monotonic()  # the phones are ready: the evening starts now
    for poller in pollers:
        poller.until = start + LOAD_SECONDS
    heap: list[tuple[float, int, Any]] = []
    order = itertools.count()
    lock = threading.Condition()
    running = 0

    def schedule(at: float, step) -> None:
        heapq.heappush(heap, (at, next(order), step))

    for index, script in enumerate(scripts):
        first = start + TABLE_SPREAD * index / len(scripts)
        for n in range(len(script.phones)):
            schedule(first + rng.uniform(0, 3), lambda s=script, n=n: s.open(n))
    for poller in pollers:
        schedule(start + rng.uniform(0, POLL_SECONDS), poller.poll)

    def run_step(step) -> None:
        nonlocal running
        follow = []
        try:
            follow = step() or []
        except PageError as error:
            recorder.error(str(error))
        except Exception as error:  # a bug in a step is an error of the run, not a hang
            recorder.error(f"{type(error).__name__}: {error}")
        with lock:
            now = time.monotonic()
            for delay, nxt in follow:
                schedule(now + delay, nxt)
            running -= 1
            lock.notify()

    deadline = start + HARD_DEADLINE
    with ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="phone") as pool, lock:
        while heap or running:
            now = time.monotonic()
            if now > deadline:
                recorder.error(
                    f"the load did not finish within {HARD_DEADLINE:.0f} s "
                    f"({len(heap)} steps not sent, {running} under way)"
                )
                heap.clear()
                break
            if heap and heap[0][0] <= now:
                _at, _n, step = heapq.heappop(heap)
                running += 1
                pool.submit(run_step, step)
                continue
            wait = (heap[0][0] - now) if heap else 1.0
            lock.wait(timeout=min(wait, deadline - now, 1.0))
    recorder.seconds["_elapsed"] = [time.monotonic() - start]
    for closing in (*scripts, *pollers):
        closing.close()
    return recorder


def alone(base: str, evening: dict, repeat: int = 10) -> dict[str, float]:
    """Before the load: median seconds of each page with one phone asking, one request at
    a time (what a request costs on this machine now, without waiting for others)."""
    recorder = Recorder()
    table = evening["tables"][0]
    phone = Phone(base, 9999, recorder)
    poller = Poller(evening, base, 9999, recorder, 0.0)
    try:
        for _ in range(repeat):
            phone.get_page("open_link", f"{table['link']}?player={table['seats'][0]['entry']}")
            phone.request("standings_poll", "GET", poller.standings, expect=200)
            phone.request("venue_poll", "GET", poller.screen + "live/", expect=200)
    finally:
        phone.close()
        poller.close()
    return {kind: statistics.median(values) for kind, values in recorder.seconds.items()}


# --- the figures ---------------------------------------------------------------------------


def _percentile(values: list[float], fraction: float) -> float:
    """Nearest rank: the smallest value that `fraction` of the values are at or below."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def report(prefix: str, recorder: Recorder, stored: dict) -> bool:
    """Print the figures of one server; whether it met the aim."""
    worst = 0.0
    requests = 0
    for kind in KINDS:
        values = recorder.seconds.get(kind, [])
        requests += len(values)
        if not values:
            print(f"{prefix}_{kind}: no requests")
            continue
        p95 = _percentile(values, 0.95) * 1000
        worst = max(worst, p95)
        p50 = statistics.median(values) * 1000
        print(f"{prefix}_{kind}_p50: {p50:.0f} ms ({len(values)} requests)")
        print(f"{prefix}_{kind}_p95: {p95:.0f} ms")
        print(f"{prefix}_{kind}_max: {max(values) * 1000:.0f} ms")
    for kind, seconds in recorder.alone.items():
        print(f"{prefix}_{kind}_alone: {seconds * 1000:.0f} ms (one phone, nothing else asking)")
    elapsed = recorder.seconds["_elapsed"][0]
    print(f"{prefix}_requests: {requests} requests in {elapsed:.0f} s")
    if recorder.cpu:
        server = sum(v for k, v in recorder.cpu.items() if not k.startswith("(the phones"))
        web = max(
            ((k, v) for k, v in recorder.cpu.items() if not k.startswith("(the phones")),
            key=lambda item: item[1],
        )
        print(
            f"{prefix}_server_cpu: {server:.1f} s over the {elapsed:.0f} s "
            f"({server / elapsed:.2f} cores; {server * 1000 / max(requests, 1):.0f} ms a request)"
        )
        print(f"# busiest process: {web[1]:.1f} s CPU: {web[0][:100]}")
        phones = recorder.cpu["(the phones: this process)"]
        print(f"{prefix}_phones_cpu: {phones:.1f} s (the load generator itself)")
    print(f"{prefix}_errors: {len(recorder.errors)} errors")
    for error in recorder.errors[:5]:
        print(f"#   {error[:300]}")
    print(f"{prefix}_results_stored: {stored['stored']} of {TABLES} tables")
    print(f"{prefix}_results_lost: {TABLES - stored['stored']} tables")
    print(f"{prefix}_results_doubled: {stored['doubled']} tables")
    print(f"{prefix}_results_wrong: {stored['wrong']} tables (confirmed, not what was entered)")
    print(f"{prefix}_entries_stored: {stored['entries']} entries ({TABLES} expected: one a table)")
    met = (
        not recorder.errors
        and stored["stored"] == TABLES
        and not stored["doubled"]
        and not stored["wrong"]
        and stored["entries"] == TABLES
        and worst <= AIM_P95_MS
    )
    verdict = "met" if met else "MISSED"
    print(f"{prefix}_aim: {verdict} (worst p95 {worst:.0f} ms)")
    return met


def _serve_and_load(server: Server, evening: dict, evening_file: Path) -> tuple[Recorder, dict]:
    try:
        server.start()
        server.wait_until_answering()
        quiet = alone(f"http://{HOST}:{server.port}", evening)
        before, own_before = server.cpu(), time.process_time()
        recorder = load(f"http://{HOST}:{server.port}", evening)
        after, own_after = server.cpu(), time.process_time()
    finally:
        server.stop()
    # What the servers' processes (and the phones, this process) used of the CPU meanwhile.
    recorder.cpu = {
        command: seconds - before.get(pid, (command, 0.0))[1]
        for pid, (command, seconds) in after.items()
    }
    recorder.cpu["(the phones: this process)"] = own_after - own_before
    recorder.alone = quiet
    counted = json.loads(
        _run_step(
            ["-m", "benchmarks.venue", "count", server.env["TROEF_VAR_DIR"], str(evening_file)],
            server.env,
        )
    )
    return recorder, counted


def run() -> None:
    """The venue figure (needs no Django in this process)."""
    if threading.current_thread() is threading.main_thread():
        # `kill` stops the benchmark as Ctrl-C does: the servers it started stop too.
        signal.signal(signal.SIGTERM, _raise_interrupt)
    try:
        _run()
    except KeyboardInterrupt:
        sys.stderr.write("venue bench: interrupted; the servers it started are stopped\n")
        sys.exit(130)
    except BenchError as error:
        sys.stderr.write(f"venue bench: {error}\n")
        sys.exit(1)


def _run() -> None:
    load_now = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"# aim: 0 errors, 0 lost or doubled results, p95 <= {AIM_P95_MS:.0f} ms; this machine: "
        f"{os.cpu_count()} cores, load average {load_now:.1f} at the start"
    )
    with tempfile.TemporaryDirectory(prefix="troef-bench-venue-") as temp:
        temp_dir = Path(temp)
        venue_dir, runserver_dir = temp_dir / "venue", temp_dir / "runserver"
        evening_file = temp_dir / "evening.json"
        started = time.perf_counter()
        _run_step(
            ["-m", "benchmarks.venue", "build", str(venue_dir), str(evening_file)],
            _child_env(venue_dir),
        )
        print(
            f"venue_evening_setup: {time.perf_counter() - started:.1f} s "
            f"({MEMBERS} members checked in, {TABLES} tables drawn, through the services)"
        )
        shutil.copytree(venue_dir, runserver_dir)
        evening = json.loads(evening_file.read_text(encoding="utf-8"))

        port = _free_port()
        venue = Server(
            name="manage.py venue",
            args=["manage.py", "venue", "--host", HOST, "--port", str(port), "--no-mdns"],
            env=_child_env(venue_dir),
            port=port,
            log=temp_dir / "venue.log",
        )
        recorder, counted = _serve_and_load(venue, evening, evening_file)
        report("venue", recorder, counted)

        port = _free_port()
        env = _child_env(runserver_dir)
        # The venue web server's settings, on Django's development server.
        env.update(
            TROEF_VENUE="1",
            ALLOWED_HOSTS=f"{HOST},localhost",
            CSRF_TRUSTED_ORIGINS=f"http://{HOST}:{port}",
        )
        # What the venue command does before it serves: migrate, collect the static files.
        _run_step(["manage.py", "migrate", "--noinput", "-v", "0"], env)
        _run_step(["manage.py", "collectstatic", "--noinput", "-v", "0"], env)
        runserver = Server(
            name="manage.py runserver",
            args=["manage.py", "runserver", f"{HOST}:{port}", "--noreload"],
            env=env,
            port=port,
            log=temp_dir / "runserver.log",
        )
        recorder, counted = _serve_and_load(runserver, evening, evening_file)
        report("venue_runserver", recorder, counted)


if __name__ == "__main__":
    steps = {"build": build, "count": count}
    if len(sys.argv) != 4 or sys.argv[1] not in steps:
        sys.stderr.write("usage: python -m benchmarks.venue build|count FOLDER EVENING.json\n")
        sys.exit(2)
    sys.path.insert(0, str(ROOT))
    steps[sys.argv[1]](sys.argv[2], sys.argv[3])
