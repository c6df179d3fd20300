"""Every form and checker page, in Dutch and in German, as a browser shows it (issue 37):
no game option's key or code, no English word of the engines, no keyword of the other
language. The words are listed in tests/disputes/words.py; this reads what is visible on
the page (its text, what the boxes hold, the choices of its selects): every game's checker
pages, empty, with the example filled in and judged; the tournament form with each game
chosen (its options); the season, blank sheets and the club's forms.
tests/disputes/test_words_pages.py reads the same pages in ``make test``.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from playwright.sync_api import Page, expect

from clubs.models import Member
from disputes import checker as checkers
from games import registry

from ..conftest import MODEL_BACKEND
from ..disputes.words import report, wrong_words

LANGUAGES = ("nl", "de")

#: What a reader sees in <main>: the rendered text (hidden fieldsets and a closed
#: <details> are not rendered), what the visible boxes hold, the choices of visible selects.
SEEN = """() => {
  const main = document.querySelector('main');
  const shown = (e) => e.offsetParent !== null;
  const boxes = [...main.querySelectorAll('input[type=text], input[type=number], textarea')]
    .filter(shown).map((e) => e.value);
  const choices = [...main.querySelectorAll('select')].filter(shown)
    .flatMap((s) => [...s.options].map((o) => o.text));
  return [main.innerText, ...boxes, ...choices].join('\\n');
}"""


@pytest.fixture
def db():
    """The pages share one set of data (``clubs_once``): no transaction per test. Named
    ``db`` for pytest-django to make the test database."""


@pytest.fixture(scope="module")
def clubs(clubs_once):
    """The two clubs and a MEINO evening saved with an older free-text JOKER rule."""
    from ..factories import TournamentFactory

    meino = TournamentFactory(
        club=clubs_once.a, game="meino", options={"joker_rule": "swap hands", "compact": False}
    )
    return clubs_once, meino


@pytest.fixture
def reader(browser, clubs, site_once):
    """A browser in ``language``, logged in as club A's admin (every form and page)."""
    contexts = []
    client = Client()
    client.force_login(clubs[0].admin, backend=MODEL_BACKEND)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value

    def make(language: str) -> Page:
        context = browser.new_context(locale=f"{language}-{language.upper()}")
        context.set_default_timeout(15_000)
        context.add_cookies(
            [
                {"name": settings.SESSION_COOKIE_NAME, "value": session, "url": site_once},
                {"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": site_once},
            ]
        )
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def seen(page: Page, language: str) -> dict[str, list[str]]:
    names = list(Member.objects.values_list("name", flat=True))
    return wrong_words(page.evaluate(SEEN), language, names)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_checker_page_in_the_page_language(db, reader, site_once, language):
    page = reader(language)
    found = []
    for game, _title, checks in checkers.games():
        for check, spec in checks.items():
            url = site_once + reverse(
                "disputes:dispute-check", kwargs={"club_slug": "rooi", "game": game, "check": check}
            )
            page.goto(url)
            expect(page.locator("#checker-form")).to_be_visible()
            options = page.locator("details.game-options")
            if options.count():  # the game's options, folded away until opened
                options.locator("summary").click()
                expect(options.locator("select, input").last).to_be_visible()
            found.append((f"{game}/{check}", seen(page, language)))
            if not spec.form.example:
                continue
            page.goto(url + "?example=1")
            found.append((f"{game}/{check} example", seen(page, language)))
            with page.expect_navigation():
                page.locator("button[name=judge]").click()
            expect(page.locator("#verdict")).to_be_visible()
            found.append((f"{game}/{check} judged", seen(page, language)))
    assert not report(found), report(found)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_form_in_the_page_language(db, reader, clubs, site_once, language):
    page = reader(language)
    found = []
    page.goto(site_once + reverse("tournaments:tournament-add", kwargs={"club_slug": "rooi"}))
    game = page.locator("select[name=game]")
    for spec in registry.games():
        game.select_option(spec.name)
        expect(page.locator(f"fieldset.game-options[data-game={spec.name}]")).to_be_visible()
        found.append((f"new {spec.name} tournament", seen(page, language)))
    meino = clubs[1]
    for name, kwargs in [
        ("tournaments:tournament-edit", {"pk": meino.pk}),
        ("evenings:tournament-detail", {"pk": meino.pk}),
        ("tournaments:season-add", {}),
        ("printing:print-blank-sheets", {}),
        ("clubs:member-add", {}),
        ("clubs:member-import", {}),
        ("clubs:role-grant", {}),
        ("clubs:club-settings", {}),
    ]:
        page.goto(site_once + reverse(name, kwargs={"club_slug": "rooi", **kwargs}))
        found.append((name, seen(page, language)))
    assert not report(found), report(found)
