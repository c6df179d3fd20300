"""Every page fits a 360 px phone (issue 16): each URL of the permission matrix, opened at
360x740 by a role that may see it, scrolls no wider than the screen, shows its buttons
and links without scrolling sideways (not hidden in a table's own scroll box either) and
has no serious or critical axe-core violation. A screenshot of each page is saved under
test-artifacts/phone/.

A URL added to the matrix is picked up here: it is a page (tested), POST only or a
redirect (no role gets a 200 from a GET), or a file or fragment (listed below, and checked
to be one)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from ..conftest import MODEL_BACKEND
from ..test_permissions import MATRIX
from .conftest import ARTIFACTS, PHONE_360

SHOTS = ARTIFACTS.parent / "phone"
AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"

#: Who opens a page: anyone when it is public, else the role that sees the most of it.
BY = ("anon", "admin", "director", "player", "superuser")
#: Answers that are files (PDFs, a job's JSON status), not pages.
FILES = {
    "printing:checkin-slips",
    "help:help-evening-pdf",
    "printing:print-draw-list",
    "printing:print-job-status",
    "printing:print-personal-card",
    "printing:print-season-standings",
    "printing:print-table-cards",
    "printing:print-table-sheet",
    "printing:print-tournament-report",
    "printing:print-tournament-standings",
}
#: Parts of a page that its script reloads (tested within that page).
FRAGMENTS = {
    "tournaments:round-clock",
    "scoring:round-results-live",
    "venue:tournament-venue-clock",
    "scoring:tournament-venue-live",
    # Fetched by their page at once (htmx): the player's page, the club home.
    "ratings:player-ratings",
    "tournaments:club-evenings",
}
#: The public standings pages: 404 while the club keeps its standings private (the
#: matrix's club A, see tests/matrix_standings.py); open to anyone here, where it has
#: made them public.
PUBLIC_WHEN_OPEN = {
    "scoring:public-standings",
    "scoring:public-tournament-standings",
    "scoring:public-season-standings",
}


def role_for(name: str) -> str | None:
    """Who opens the page, or None when nobody gets a 200 from a GET."""
    if name in PUBLIC_WHEN_OPEN:
        return "anon"
    expected = MATRIX[name][1]
    return next((role for role in BY if expected.get(role) == 200), None)


PAGES = sorted(name for name in MATRIX if role_for(name) and name not in FILES | FRAGMENTS)

#: What the browser measures: the page's width, what sticks out past the screen's right
#: edge (outermost first, left out: what a scroll box of its own holds), and the buttons
#: and links out of sight sideways (past an edge, or in a sideways scroll box: buttons at
#: all, links when past the box's edge).
MEASURE = """() => {
  const width = window.innerWidth;
  const describe = (el) => {
    const parts = [];
    for (let e = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
      let part = e.tagName.toLowerCase();
      if (e.id) part += '#' + e.id;
      if (typeof e.className === 'string' && e.className.trim())
        part += '.' + e.className.trim().split(/\\s+/).join('.');
      parts.unshift(part);
    }
    const text = (el.innerText || el.value || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    return parts.join(' > ') + (text ? ` "${text}"` : '');
  };
  const scroller = (el) => {
    for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
      const overflow = getComputedStyle(e).overflowX;
      if ((overflow === 'auto' || overflow === 'scroll') && e.scrollWidth > e.clientWidth + 1)
        return e;
    }
    return null;
  };
  const shown = (el) => el.getClientRects().length > 0
    && getComputedStyle(el).visibility !== 'hidden';
  const sticking = [];
  for (const el of document.querySelectorAll('body *')) {
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.right <= width + 1 || scroller(el)) continue;
    const parent = el.parentElement.getBoundingClientRect();
    if (el.parentElement === document.body || parent.right <= width + 1)
      sticking.push(`${describe(el)} (right edge ${Math.round(rect.right)} px)`);
  }
  const hidden = [];
  const actions = 'main button, main [role=button], main input[type=submit], main a[href]';
  for (const el of document.querySelectorAll(actions)) {
    if (!shown(el)) continue;
    const rect = el.getBoundingClientRect();
    const box = scroller(el);
    if (box) {
      const clip = box.getBoundingClientRect();
      const button = !el.matches('a[href]:not([role=button])');
      if (button || rect.right > clip.right + 1 || rect.left < clip.left - 1)
        hidden.push(`${describe(el)} in the sideways scroll box ${describe(box)}`);
    } else if (rect.left < -1 || rect.right > width + 1) {
      hidden.push(`${describe(el)} (${Math.round(rect.left)}..${Math.round(rect.right)} px)`);
    }
  }
  return {
    scrollWidth: document.documentElement.scrollWidth,
    width,
    sticking: sticking.slice(0, 8),
    hidden: hidden.slice(0, 12),
  };
}"""

#: axe-core's serious and critical violations: rule, help text and the first elements.
AXE_RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      targets: v.nodes.slice(0, 4).map((n) => n.target.join(' ')),
    }));
}"""


@pytest.fixture
def db():
    """Instead of pytest-django's: the pages share one set of data (``clubs_once``), no
    transaction or flush around each test. Named ``db`` because pytest-django makes the
    test database for the tests that name that fixture."""


@pytest.fixture(scope="module")
def clubs(clubs_once):
    """The matrix's two clubs, with club A's standings public (PUBLIC_WHEN_OPEN)."""
    type(clubs_once.a).objects.filter(pk=clubs_once.a.pk).update(standings_public=True)
    return clubs_once


@pytest.fixture(scope="module")
def cookies(clubs, site_once) -> dict[str, list[dict]]:
    """A logged-in session per role, as the browser's cookie (no login form each time)."""

    def cookie(user) -> list[dict]:
        if user is None:
            return []
        client = Client()
        client.force_login(user, backend=MODEL_BACKEND)
        value = client.cookies[settings.SESSION_COOKIE_NAME].value
        return [{"name": settings.SESSION_COOKIE_NAME, "value": value, "url": site_once}]

    return {role: cookie(clubs.user(role)) for role in BY}


@pytest.fixture
def phone_as(browser, cookies, site_once):
    """A fresh 360x740 phone with axe-core loaded in every page, logged in as a role, the
    site in `language` (its language cookie)."""
    contexts = []

    def make(role: str, language: str = "nl"):
        context = browser.new_context(locale=f"{language}-{language.upper()}", **PHONE_360)
        context.set_default_timeout(15_000)
        context.add_cookies(cookies[role])
        choice = {"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": site_once}
        context.add_cookies([choice])
        # Put in by the browser itself, beside the page's own scripts: the CSP allows none.
        context.add_init_script(path=AXE)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def check_page(page, name: str) -> None:
    """Width, buttons, screenshot and axe for the page the tab shows."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', name)}.png", full_page=True)
    found = page.evaluate(MEASURE)
    problems = []
    if found["scrollWidth"] > found["width"]:
        problems.append(
            f"the page is {found['scrollWidth']} px wide on a {found['width']} px screen; "
            "sticking out: " + "; ".join(found["sticking"] or ["?"])
        )
    if found["hidden"]:
        problems.append("out of sight sideways: " + "; ".join(found["hidden"]))
    problems += [
        f"axe {v['impact']} {v['id']}: {v['help']} at {', '.join(v['targets'])}"
        for v in page.evaluate(AXE_RUN)
    ]
    assert not problems, f"{name} at {page.url}:\n" + "\n".join(problems)


# Dutch, and German for its longer words ("Vereinsseite", "Zurückziehen").
@pytest.mark.parametrize("language", ["nl", "de"])
@pytest.mark.parametrize("name", PAGES)
def test_the_page_fits_a_phone(db, phone_as, site_once, clubs, name, language):  # noqa: PLR0917
    role = role_for(name)
    url = site_once + reverse(name, kwargs=MATRIX[name][0](clubs))
    page = phone_as(role, language)
    response = page.goto(url)
    assert response.status == 200, f"{role} GET {url}: {response.status}"
    kind = response.headers.get("content-type", "")
    assert kind.startswith("text/html"), f"{name} answers {kind}: a file? add it to FILES"
    assert page.locator("html[lang]").count() == 1, f"{name}: a fragment? add it to FRAGMENTS"
    assert page.locator("html").get_attribute("lang") == language
    check_page(page, f"{name}-{language}")


#: A verdict as the dispute checker shows it, in the language asked: the rule broken,
#: the engine's words, and where it happened ("slag 1"), on a 360 px phone.
VERDICT_WORDS = {
    "nl": ("Niet toegestaan", "(slag 1)", "harten"),
    "de": ("Nicht erlaubt", "(Stich 1)", "Herz"),
}


@pytest.mark.parametrize("language", ["nl", "de"])
def test_a_verdict_fits_a_phone_in_the_clubs_language(db, phone_as, site_once, language):
    page = phone_as("director", language)
    page.goto(site_once + "/c/rooi/disputes/miezemauzen/deal/")
    page.fill("[name=players]", "Ann, Bas, Cor")
    page.fill("[name=dealer]", "Cor")
    page.select_option("[name=trump]", "S")
    page.fill("[name=declarations]", "Ann: play\nBas: play\nCor: play")
    page.fill("[name=hands]", "Ann: AH, KS, 9S, 8C, 7D\nBas: 9H QC JD 10D 7C\n"
                              "Cor: 10H KC 8D AS 7S")  # fmt: skip
    page.fill("[name=tricks]", "AH 7C 10H")
    page.locator("#checker-form button[name=judge]").tap()
    verdict = page.locator("#verdict")
    expect(verdict.locator("li.violation")).to_have_attribute("data-rule", "MZ-8")
    head, place, suit = VERDICT_WORDS[language]
    expect(verdict.locator(".verdict-head")).to_contain_text(head)
    message = verdict.locator(".engine-message").inner_text()
    assert place in message and suit in message, message
    for english in ("trick", "entry", "JSON", "did not follow"):
        assert english not in verdict.inner_text(), english
    check_page(page, f"verdict-{language}")


@pytest.mark.parametrize(
    "error",
    [("anon", "/c/bestaat-niet/", 404), ("player", "/c/rooi/members/", 403)],
    ids=["404", "403"],
)
def test_an_error_page_fits_a_phone(db, phone_as, site_once, clubs, error):
    role, path, status = error
    page = phone_as(role)
    response = page.goto(site_once + path)
    assert response.status == status
    check_page(page, str(status))


@pytest.mark.parametrize("name", sorted(FILES | FRAGMENTS))
def test_a_file_or_fragment_is_no_page(db, clubs, name):
    """What FILES and FRAGMENTS leave out is indeed no page (else it would go untested)."""
    user = clubs.user(role_for(name))
    client = Client()
    if user is not None:
        client.force_login(user, backend=MODEL_BACKEND)
    response = client.get(reverse(name, kwargs=MATRIX[name][0](clubs)))
    assert response.status_code == 200
    if name in FILES:
        assert not response["Content-Type"].startswith("text/html")
    else:
        assert b"<html" not in response.content


def test_every_url_of_the_matrix_is_a_page_here_or_none():
    untested = set(MATRIX) - set(PAGES) - FILES - FRAGMENTS
    assert {name for name in untested if role_for(name)} == set()
    assert {
        "clubs:front",
        "evenings:round-detail",
        "scoring:tournament-standings",
        "scoring:public-standings",
    } <= set(PAGES)
