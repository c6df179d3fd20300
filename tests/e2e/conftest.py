"""End-to-end tests: Playwright drives a real Chromium against a live test server with a
real Celery worker. Run by `make test-e2e` only (TROEF_E2E=1; tests/conftest.py leaves
this folder out of `make test`).

Chromium is the system's (`CHROMIUM`, default /usr/bin/chromium): Playwright cannot
download its own browser on a closed network. Each test saves a screenshot of its last
page under test-artifacts/e2e/.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in the test thread; the ORM calls the tests make
# in between (fixtures, assertions) are plain synchronous code.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "1")

from playwright.sync_api import Browser, Page, expect, sync_playwright

from ..conftest import PASSWORD, build_two_clubs
from ..workers import celery_worker

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "e2e"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
#: Flags for a headless Chromium on a machine without a network or a sandbox.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
#: The smallest phone every page must fit (issue 16).
PHONE_360 = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="session")
def browser() -> Browser:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def _artifact_name(request) -> Path:
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)
    return ARTIFACTS / f"{name}.png"


@pytest.fixture(scope="session")
def live_server(live_server_plain_http, live_server):
    return live_server


@pytest.fixture(scope="session")
def live_server_plain_http():
    """The live server speaks plain HTTP on localhost: no redirect to HTTPS, no HSTS.
    SecurityMiddleware reads these settings once, when the (session-wide) live server
    builds its handler, so tests/conftest.py's per-test override comes too late for it."""
    from django.test import override_settings

    with override_settings(SECURE_SSL_REDIRECT=False, SECURE_HSTS_SECONDS=0):
        yield


@pytest.fixture
def site(live_server, transactional_db):
    """The live server's base URL (a transactional test: the server's thread sees what
    the test writes)."""
    return live_server.url


@pytest.fixture(scope="module")
def site_once(django_db_setup, live_server_plain_http):
    """A live server of its own for a module of tests that share their data
    (:func:`clubs_once`), and its base URL: pytest-django gives every test that has
    ``live_server`` among its fixtures a transactional database, emptied after each test."""
    from django.test import modify_settings
    from pytest_django.live_server_helper import LiveServer

    server = LiveServer("localhost")
    try:
        with modify_settings(ALLOWED_HOSTS={"append": "localhost"}):
            yield server.url
    finally:
        server.stop()


@pytest.fixture(scope="module")
def clubs_once(site_once, django_db_blocker):
    """``two_clubs`` once for a whole module of tests that only look (the phone pages):
    written straight to the live server's database, which is emptied again after the
    module. The module's tests see it without a database fixture of their own (but must
    name one ``db`` for pytest-django to make the test database: see
    tests/e2e/test_phone_pages.py)."""
    from django.core.management import call_command

    with django_db_blocker.unblock():
        try:
            yield build_two_clubs()
        finally:
            call_command("flush", interactive=False, verbosity=0)


@pytest.fixture
def worker(site, tmp_path):
    """A real Celery worker on the live server's database, for pages that queue jobs
    (print packs). Only the tests that need it ask for it: stopping one takes seconds."""
    with celery_worker(tmp_path / "worker.log"):
        yield


@pytest.fixture
def make_page(browser, request):
    """Browser tabs, each in its own context (a second user, a phone):
    ``make_page(**PHONE)``. The last one made is the page whose screenshot the test
    leaves behind."""
    contexts = []

    def make(**options) -> Page:
        context = browser.new_context(locale="nl-NL", **options)
        context.set_default_timeout(15_000)
        contexts.append(context)
        return context.new_page()

    yield make
    try:
        if contexts and contexts[-1].pages:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            contexts[-1].pages[-1].screenshot(path=_artifact_name(request), full_page=True)
    finally:
        for context in contexts:
            context.close()


@pytest.fixture
def page(make_page) -> Page:
    """A desktop browser tab; its last page is saved under test-artifacts/e2e/."""
    return make_page()


def log_in(page: Page, site: str, username: str, password: str = PASSWORD) -> None:
    page.goto(f"{site}/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("form button[type=submit]")
    page.wait_for_load_state()
    assert "/accounts/login/" not in page.url, page.locator("form").inner_text()


def choose(page: Page, name: str) -> None:
    """On a table's link: say who you are."""
    page.get_by_label("Wie ben je?").select_option(label=name)
    page.get_by_role("button", name="Verder").click()
    expect(page.get_by_text(f"Je bent {name}.")).to_be_visible()


def fill_totals(page: Page, totals: dict[str, str], *, tap: bool = False) -> None:
    """The result form's four final scores, by the name in each row (tapped first on a
    phone)."""
    rows = page.locator("table.summary-grid tbody tr")
    expect(rows).to_have_count(4)
    for row in rows.all():
        name = " ".join(row.locator("th").inner_text().split())
        if tap:
            row.locator("input").tap()
        row.locator("input").fill(totals[name])


def enter_totals(page: Page, totals: dict[str, str]) -> None:
    """On a table's link: each of the four players' final score, tapped in as on a phone,
    then saved."""
    fill_totals(page, totals, tap=True)
    with page.expect_navigation():
        page.get_by_role("button", name="Uitslag opslaan").tap()
