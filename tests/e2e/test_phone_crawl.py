"""Nothing on the demo site is wider than a 360 px phone (issue 37, section 6): a crawl of
the pages the demo links to, as the director, a player and the public, at 360x740. It fails
on any table or chart wider than the screen, or wider than the card or scroll box it sits in
(a table that hides its columns until one swipes inside the card). A screenshot of each
page it opened is saved under test-artifacts/crawl/.

The crawl starts at each role's home, follows the site's own links breadth first (never
logging out, changing the language or downloading a file) and stops at a bounded number
of pages per role, so it meets pages of every kind without opening all the demo holds.
"""

from __future__ import annotations

import re
from urllib.parse import urldefrag, urlsplit

import pytest
from django.conf import settings
from django.core.management import call_command

from ..conftest import MODEL_BACKEND
from .conftest import ARTIFACTS, PHONE_360

SHOTS = ARTIFACTS.parent / "crawl"
#: Pages per role (the crawl is breadth first: every kind of page comes early).
LIMIT = 45
#: At most this many pages whose path differs only in its numbers (one evening's
#: standings looks like the next).
SAME_SHAPE = 2
#: Links never followed: leaving the session, switching language, files and downloads,
#: and the venue screen, a projector's page (tests/e2e of the venue screen test it at the
#: projector's sizes).
SKIP = re.compile(
    r"/accounts/|/i18n/|/admin/|/print|\.pdf$|\.csv$|\.xlsx$|\.svg$|_export=|/static/"
    r"|/media/|/api/|/live/?$|/clock/?$|lang=|/rules/originals|/venue/"
)
ROLES = {"director": "rooi-director", "player": "rooi-player", "public": None}

#: Every table and chart (and what sticks out of its card): its width against the
#: screen's and against the nearest box that clips or scrolls it (its card).
MEASURE = """() => {
  const width = document.documentElement.clientWidth;
  const describe = (el) => {
    const parts = [];
    for (let e = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
      let part = e.tagName.toLowerCase();
      if (typeof e.className === 'string' && e.className.trim())
        part += '.' + e.className.trim().split(/\\s+/).join('.');
      else if (e.className && e.className.baseVal)
        part += '.' + e.className.baseVal.split(/\\s+/).join('.');
      parts.unshift(part);
    }
    return parts.join(' > ');
  };
  const box = (el) => {
    for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (/(auto|scroll|hidden)/.test(style.overflowX) || e.tagName === 'ARTICLE') return e;
    }
    return null;
  };
  const found = [];
  for (const el of document.querySelectorAll('table, svg.chart, figure, pre')) {
    if (!el.getClientRects().length) continue;  // not shown (a closed <details>)
    const rect = el.getBoundingClientRect();
    if (rect.width === 0) continue;
    const full = Math.max(rect.width, el.scrollWidth || 0);
    if (rect.left < -1 || rect.left + full > width + 1)
      found.push(`${describe(el)}: ${Math.round(full)} px wide on a ${width} px screen`);
    const card = box(el);
    if (card) {
      const inner = card.clientWidth;
      if (full > inner + 1)
        found.push(`${describe(el)}: ${Math.round(full)} px wide in ${inner} px ${describe(card)}`);
    }
  }
  for (const text of document.querySelectorAll('svg.chart text')) {
    const svg = text.ownerSVGElement.getBoundingClientRect();
    const r = text.getBoundingClientRect();
    if (r.width && (r.left < svg.left - 1 || r.right > svg.right + 1))
      found.push(`${describe(text.ownerSVGElement)}: "${text.textContent}" cut off`);
  }
  return found;
}"""


def _shape(path: str) -> str:
    return re.sub(r"\d+", "N", path)


def crawl(page, site: str, role: str) -> dict[str, list[str]]:
    """Path -> what is too wide on it, for up to LIMIT pages linked from the start page."""
    host = urlsplit(site).netloc
    queue, seen, shapes = ["/"], {"/"}, {}
    found: dict[str, list[str]] = {}
    while queue and len(found) < LIMIT:
        path = queue.pop(0)
        response = page.goto(site + path, wait_until="domcontentloaded")
        if response is None or response.status != 200:
            continue
        if "text/html" not in (response.headers.get("content-type") or ""):
            continue
        page.wait_for_load_state("load")
        found[path] = page.evaluate(MEASURE)
        name = re.sub(r"[^A-Za-z0-9_.-]+", "_", path.strip("/")) or "home"
        page.screenshot(path=SHOTS / f"{role}-{name}.png", full_page=True)
        for href in page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)"):
            url = urlsplit(urldefrag(href)[0])
            if url.netloc != host or SKIP.search(url.path + "?" + url.query):
                continue
            target = url.path + ("?" + url.query if url.query else "")
            shape = _shape(url.path)
            if target in seen or shapes.get(shape, 0) >= SAME_SHAPE:
                continue
            seen.add(target)
            shapes[shape] = shapes.get(shape, 0) + 1
            queue.append(target)
    return found


def _session(site: str, username: str | None) -> list[dict]:
    """A logged-in session of a demo login as the browser's cookie (none for the public):
    made here, outside any test's transaction, so that the live server sees it."""
    if username is None:
        return []
    from django.contrib.auth import get_user_model
    from django.test import Client

    client = Client()
    client.force_login(get_user_model().objects.get(username=username), backend=MODEL_BACKEND)
    value = client.cookies[settings.SESSION_COOKIE_NAME].value
    return [{"name": settings.SESSION_COOKIE_NAME, "value": value, "url": site}]


@pytest.fixture(scope="module")
def demo_site(site_once, django_db_blocker):
    """The demo clubs (seed_demo) on a live server of this module's own, public standings
    and all, emptied again after the module."""
    from django.test import override_settings

    from ..conftest import TEST_HASHERS

    # the tests' own hasher: the live server checks the demo logins' passwords with it
    with django_db_blocker.unblock(), override_settings(PASSWORD_HASHERS=TEST_HASHERS):
        call_command("seed_demo", verbosity=0)
        try:
            yield {
                "url": site_once,
                "cookies": {role: _session(site_once, ROLES[role]) for role in ROLES},
            }
        finally:
            call_command("flush", interactive=False, verbosity=0)


@pytest.mark.parametrize("role", list(ROLES))
def test_no_table_or_chart_is_wider_than_a_phone(demo_site, make_page, role, db):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = make_page(**PHONE_360)
    page.context.set_default_timeout(60_000)  # two cores shared: the demo's pages are big
    page.context.add_cookies(demo_site["cookies"][role])
    if ROLES[role]:  # the crawl is the login's: its name is on the first page
        page.goto(demo_site["url"] + "/", wait_until="domcontentloaded")
        assert ROLES[role] in page.locator("body > header").inner_text()
    found = crawl(page, demo_site["url"], role)
    assert len(found) >= 10, f"the crawl as {role} found only {sorted(found)}"
    too_wide = {path: problems for path, problems in found.items() if problems}
    assert not too_wide, "\n".join(
        f"{path}: {problem}" for path, problems in too_wide.items() for problem in problems
    )
