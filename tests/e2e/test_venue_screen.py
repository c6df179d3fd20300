"""The venue screen on a projector (issue 37): at 1280x720, 1366x768 and 1920x1080, with
12, 24 and 40 players, every table of the round and every line of the standings is shown
within one cycle of the screen's pages, none of it clipped; nothing overflows its box or
the screen and nothing scrolls; no text is below 24 px at 1920x1080; axe-core finds
nothing serious. The round clock is a band: large before the round starts and in its last
minutes, small in between. The pages are measured again when the window changes size and
when the live part is swapped in.

The screen turns its pages every data-page-seconds seconds (10 on the wall); the tests
make that half a second. What the screen shows is recorded in the browser each time the
page changes (a MutationObserver, before anything is painted), so the tests wait on what
was recorded, never for a fixed time. Screenshots are saved under test-artifacts/venue/.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scoring.models import ResultEntry
from scoring.views import standings as standings_views
from tournaments.models import Round, Tournament

from ..conftest import MODEL_BACKEND
from ..factories import EntryFactory, MemberFactory, TournamentFactory, seat_round
from ..standings_pages.helpers import record
from .conftest import ARTIFACTS
from .test_phone_pages import AXE, AXE_RUN

SHOTS = ARTIFACTS.parent / "venue"
SIZES = {"1280x720": (1280, 720), "1366x768": (1366, 768), "1920x1080": (1920, 1080)}
#: Players, players per table (Duizenden: three to five) and the round's clock: tables of
#: three give the most tables (40 players: 13 and a bye); the clock large (not started,
#: nearly over) leaves the least room.
EVENINGS = {12: (3, "idle"), 24: (4, "running"), 40: (3, "warn")}
#: The smallest type allowed at 1920x1080 (readable from the back of a hall).
SMALLEST_PX = 24
PAGE_SECONDS = 0.5
#: The number column of the bye's line on the screen (an en dash).
BYE = "\u2013"

FIRST = ["Anneke", "Wilhelmina", "Bas", "Cornelis", "Dirk", "Geertruida", "Hendrikus",
         "Johanna", "Marinus", "Theodora"]  # fmt: skip
LAST = ["van den Heuvel", "Verhoeven-van der Linden", "de Wit", "Jansen", "van Asseldonk",
        "Hurkmans", "Smits", "van der Heijden-Verbruggen"]  # fmt: skip


def player_name(i: int) -> str:
    return f"{FIRST[i % len(FIRST)]} {LAST[(i // len(FIRST) + i) % len(LAST)]}"


@dataclass
class Screen:
    tournament: Tournament
    tables: list[str]  # the round's table numbers, as the screen writes them
    names: list[str]  # every line of the standings


def set_clock(round_: Round, state: str) -> None:
    """The round's clock (45 minutes): not started, 15 minutes in, paused after 15, 42 in
    (3 left) or run out."""
    now = timezone.now()
    ran = {
        "idle": None,
        "running": 15,
        "paused": 15,
        "warn": 42,
        "over": 120,
    }[state]
    if ran is None:
        fields = {"clock_started_at": None, "clock_running_since": None}
        fields["clock_elapsed_seconds"] = 0
    else:
        started = now - datetime.timedelta(minutes=ran)
        running = state != "paused"
        fields = {
            "clock_started_at": started,
            "clock_running_since": started if running else None,
            "clock_elapsed_seconds": 0 if running else ran * 60,
        }
    Round.objects.filter(pk=round_.pk).update(**fields)


def build_screen(club, players: int, size: int, clock: str) -> Screen:
    """An evening of `players` at tables of `size` (who is left over has a bye): round 1
    played and confirmed, round 2 drawn with a few results in (provisional, one disputed),
    the other tables playing."""
    tournament = TournamentFactory(club=club, name=f"Kaartavond {players}", table_size=size)
    entries = [
        EntryFactory(tournament=tournament, member=MemberFactory(club=club, name=player_name(i)))
        for i in range(players)
    ]
    totals = [1010, 500, 300, 0, 0][:size]
    seated = players - players % size

    def seating(order):
        tables = [order[i : i + size] for i in range(0, seated, size)]
        return {"tables": tables, "byes": order[seated:]}

    first = seat_round(tournament, **seating(entries))
    for table in first.tables.all():
        record(table, totals)
    Round.objects.filter(pk=first.pk).update(status=Round.Status.FINISHED)
    second = seat_round(tournament, **seating(entries[1::2] + entries[::2]))
    for n, table in enumerate(second.tables.order_by("number")):
        if n % 3 == 0:
            record(table, totals[::-1], status=ResultEntry.Status.PROVISIONAL, disputed=n == 3)
    set_clock(second, clock)
    return Screen(
        tournament,
        [str(n) for n in range(1, seated // size + 1)] + ([BYE] if seated < players else []),
        [entry.member.name for entry in entries],
    )


@pytest.fixture
def db():
    """The tests share one set of data (``screens``): no transaction or flush around each
    (see tests/e2e/test_phone_pages.py)."""


@pytest.fixture(scope="module")
def screens(clubs_once, django_db_blocker) -> dict:
    with django_db_blocker.unblock():
        made = {n: build_screen(clubs_once.a, n, *EVENINGS[n]) for n in EVENINGS}
        made["clock"] = build_screen(clubs_once.a, 8, 4, "idle")
    for screen in made.values():
        assert len(set(screen.names)) == len(screen.names)
    return made


@pytest.fixture(scope="module")
def director_cookie(clubs_once, site_once) -> list[dict]:
    client = Client()
    client.force_login(clubs_once.director, backend=MODEL_BACKEND)
    value = client.cookies[settings.SESSION_COOKIE_NAME].value
    return [{"name": settings.SESSION_COOKIE_NAME, "value": value, "url": site_once}]


#: Put into every page by the browser (the CSP allows no inline script): records what the
#: screen shows each time that changes, once the script has laid out its pages (data-page
#: on every paged section; a screen without paged sections is one page). A record: each
#: section's page and pages, the tables and standings lines in sight, the lines shown but
#: not wholly within their box and the screen (clipped), the elements whose content
#: overflows their box or that reach past the screen, whether the page scrolls, and the
#: text smaller than 24 px.
RECORDER = """
(() => {
  const venue = { records: [], last: null };
  window.__venue = venue;
  const text = (el) => (el ? el.textContent : '').replace(/\\s+/g, ' ').trim();
  const describe = (el) => {
    const parts = [];
    for (let e = el; e && e !== document.body && parts.length < 3; e = e.parentElement) {
      let part = e.tagName.toLowerCase();
      if (typeof e.className === 'string' && e.className.trim())
        part += '.' + e.className.trim().split(/\\s+/).join('.');
      parts.unshift(part);
    }
    return parts.join(' > ') + ' "' + text(el).slice(0, 30) + '"';
  };
  const within = (r, box) => r.top >= box.top - 1 && r.bottom <= box.bottom + 1
    && r.left >= box.left - 1 && r.right <= box.right + 1;
  const lines = () => {
    const seen = { tables: [], rows: [], clipped: [] };
    const screen = { top: 0, left: 0, bottom: innerHeight, right: innerWidth };
    const look = (el, key, into) => {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height) return;
      const box = (el.closest('.venue-pages') || document.body).getBoundingClientRect();
      if (within(r, box) && within(r, screen)) into.push(key);
      else seen.clipped.push(key);
    };
    for (const li of document.querySelectorAll('.venue-tables li'))
      look(li, text(li.querySelector('strong')), seen.tables);
    for (const tr of document.querySelectorAll('.venue-board tbody tr'))
      look(tr, text(tr.cells[1]), seen.rows);
    return seen;
  };
  const problems = () => {
    const found = { overflow: [], small: [] };
    const screen = { top: 0, left: 0, bottom: innerHeight, right: innerWidth };
    const skip = ['inline', 'contents', 'none', 'table-row', 'table-row-group',
                  'table-header-group', 'table-footer-group'];
    for (const el of [document.body, ...document.body.querySelectorAll('*')]) {
      const style = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height || style.visibility === 'hidden') continue;
      if (!within(r, screen))
        found.overflow.push(`${describe(el)} reaches past the screen`);
      if (!skip.includes(style.display) && (el.scrollWidth > el.clientWidth + 1
          || el.scrollHeight > el.clientHeight + 1))
        found.overflow.push(`${describe(el)} overflows its box (${el.scrollWidth}x`
          + `${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight})`);
      const words = [...el.childNodes].some((n) => n.nodeType === 3 && n.data.trim());
      if (words && parseFloat(style.fontSize) < 24)
        found.small.push(`${describe(el)} ${style.fontSize}`);
    }
    return found;
  };
  const take = () => {
    if (!document.querySelector('main .venue-grid')) return;
    const sections = [...document.querySelectorAll('main [data-pages]')];
    if (sections.some((s) => !s.hasAttribute('data-page'))) return;
    const pages = {};
    for (const s of sections)
      pages[s.className] = [s.dataset.page, s.dataset.pages, text(s.querySelector('.venue-pager'))];
    const seen = lines();
    const signature = JSON.stringify([pages, seen]);
    if (signature === venue.last) return;
    venue.last = signature;
    const root = document.documentElement;
    venue.records.push({
      pages, ...seen, ...problems(),
      scrolls: root.scrollHeight > innerHeight || root.scrollWidth > innerWidth,
    });
  };
  document.addEventListener('DOMContentLoaded', () => {
    take();
    new MutationObserver(take).observe(document.documentElement, {
      subtree: true, childList: true, attributes: true, characterData: true,
    });
  });
})();
"""


@pytest.fixture
def projector(browser, director_cookie, monkeypatch):
    """A fresh browser tab of the given size, logged in as the director (whose screen also
    shows "connect your phone"), with the recorder and axe-core, pages turned every half
    second. Content-Security-Policy complaints are collected in ``tab.csp``."""
    monkeypatch.setattr(standings_views, "VENUE_PAGE_SECONDS", PAGE_SECONDS)
    contexts = []

    def make(width: int, height: int, language: str = "nl"):
        context = browser.new_context(
            locale=f"{language}-{language.upper()}", viewport={"width": width, "height": height}
        )
        context.set_default_timeout(15_000)
        url = director_cookie[0]["url"]
        choice = {"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": url}
        context.add_cookies([*director_cookie, choice])
        context.add_init_script(script=RECORDER)
        context.add_init_script(path=AXE)
        contexts.append(context)
        tab = context.new_page()
        tab.csp = []
        tab.on(
            "console",
            lambda message: (
                "Content Security Policy" in message.text and tab.csp.append(message.text)
            ),
        )
        return tab

    yield make
    for context in contexts:
        context.close()


def screen_url(site: str, screen: Screen) -> str:
    return site + reverse("scoring:tournament-venue", args=["rooi", screen.tournament.pk])


def one_cycle(tab) -> list[dict]:
    """What the screen showed over one cycle of its pages, from the page it shows now: one
    record per page, as many as its section with the most pages has."""
    tab.evaluate("() => { window.__venue.records = []; window.__venue.last = null; }")
    tab.wait_for_function("() => window.__venue.records.length > 0")
    first = tab.evaluate("() => window.__venue.records[0]")
    cycle = max((int(pages) for _, pages, _ in first["pages"].values()), default=1)
    tab.wait_for_function(f"() => window.__venue.records.length >= {cycle}")
    return tab.evaluate("() => window.__venue.records")[:cycle]


def check_cycle(records: list[dict], screen: Screen, *, fonts: bool) -> None:
    """Every table and standings line in sight in the cycle, nothing clipped, overflowing
    or scrolling, and (at 1920x1080) no small text."""
    problems = []
    for number, shown in enumerate(records, start=1):
        where = f"page {number} of {len(records)} {shown['pages']}"
        problems += [f"{where}: {line} is cut off" for line in shown["clipped"]]
        problems += [f"{where}: {line}" for line in shown["overflow"]]
        if shown["scrolls"]:
            problems.append(f"{where}: the screen scrolls")
        if fonts:
            problems += [f"{where}: text below {SMALLEST_PX} px: {e}" for e in shown["small"]]
        for page, pages, pager in shown["pages"].values():
            expected = f"{page}/{pages}" if int(pages) > 1 else ""
            if pager != expected:
                problems.append(f"{where}: the pager says {pager!r}, not {expected!r}")
    tables = {key for shown in records for key in shown["tables"]}
    rows = {key for shown in records for key in shown["rows"]}
    if missing := [n for n in screen.tables if n not in tables]:
        problems.append(f"tables never shown in a cycle: {missing}")
    if missing := [name for name in screen.names if name not in rows]:
        problems.append(f"standings lines never shown in a cycle: {missing}")
    assert not problems, "\n".join(problems[:30])


def shoot(tab, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    tab.screenshot(path=SHOTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', name)}.png")


def axe_problems(tab) -> list[str]:
    return [
        f"axe {v['impact']} {v['id']}: {v['help']} at {', '.join(v['targets'])}"
        for v in tab.evaluate(AXE_RUN)
    ]


@pytest.mark.parametrize("players", list(EVENINGS))
@pytest.mark.parametrize("size", list(SIZES))
def test_every_table_and_line_is_shown_within_one_cycle(  # noqa: PLR0917
    db, projector, site_once, screens, size, players
):
    width, height = SIZES[size]
    screen = screens[players]
    tab = projector(width, height)
    tab.goto(screen_url(site_once, screen))
    records = one_cycle(tab)
    shoot(tab, f"{size}-{players}")
    check_cycle(records, screen, fonts=width == 1920)
    assert tab.locator(f"main[data-page-seconds='{PAGE_SECONDS}']").count() == 1
    assert not axe_problems(tab), axe_problems(tab)
    assert not tab.csp, tab.csp


def test_the_longer_german_words_fit_too(db, projector, site_once, screens):
    tab = projector(1280, 720, "de")
    tab.goto(screen_url(site_once, screens[40]))
    records = one_cycle(tab)
    shoot(tab, "1280x720-40-de")
    assert tab.locator("html").get_attribute("lang") == "de"
    check_cycle(records, screens[40], fonts=False)


def test_forty_players_take_pages_on_a_small_projector(db, projector, site_once, screens):
    """Not everything fits at once: the screen pages, saying so ("1/3")."""
    tab = projector(1280, 720)
    tab.goto(screen_url(site_once, screens[40]))
    records = one_cycle(tab)
    pages = int(records[0]["pages"]["venue-standings"][1])
    assert pages >= 2, records[0]["pages"]
    pagers = [shown["pages"]["venue-standings"][2] for shown in records]
    assert set(pagers) == {f"{n}/{pages}" for n in range(1, pages + 1)}, pagers


@pytest.mark.parametrize("state", ["idle", "running", "paused", "warn", "over"])
@pytest.mark.parametrize("size", ["1280x720", "1920x1080"])
def test_the_clock_is_a_band(db, projector, site_once, screens, size, state):  # noqa: PLR0917
    """Large (at most a third of the height) before the round and in its last minutes or
    at time, small (at most a seventh) while the round is played; the rest of the screen
    still fits."""
    screen = screens["clock"]
    with_clock = screen.tournament.rounds.get(number=2)
    set_clock(with_clock, state)
    width, height = SIZES[size]
    tab = projector(width, height)
    tab.goto(screen_url(site_once, screen))
    records = one_cycle(tab)
    shoot(tab, f"clock-{size}-{state}")
    check_cycle(records, screen, fonts=width == 1920)
    band = tab.locator("#venue-clock").bounding_box()["height"] / height
    time = tab.locator(".clock-time").bounding_box()["height"] / height
    if state in ("idle", "warn", "over"):
        assert 0.15 <= band <= 1 / 3, band
        assert time >= 0.12, time
    else:
        assert band <= 1 / 7, band


def test_pages_are_measured_again_after_a_resize_and_a_refresh(
    db, projector, site_once, screens, monkeypatch
):
    monkeypatch.setattr(standings_views, "VENUE_REFRESH", 1)
    screen = screens[40]
    tab = projector(1280, 720)
    tab.goto(screen_url(site_once, screen))
    check_cycle(one_cycle(tab), screen, fonts=False)
    wide = tab.evaluate("() => document.querySelector('.venue-standings').dataset.pages")

    # A 5:4 projector's window: the same width, more lines to a page, so fewer pages.
    tab.set_viewport_size({"width": 1280, "height": 1024})
    tab.wait_for_function(
        "n => Number(document.querySelector('.venue-standings').dataset.pages) < Number(n)",
        arg=wide,
    )
    check_cycle(one_cycle(tab), screen, fonts=False)

    # The live part is fetched again (every second here) and swapped in, laid out afresh.
    tab.evaluate("() => { document.querySelector('.venue-grid').dataset.old = 'yes'; }")
    tab.wait_for_function("() => !document.querySelector('.venue-grid[data-old]')")
    check_cycle(one_cycle(tab), screen, fonts=False)
    shoot(tab, "after-resize-and-refresh")
