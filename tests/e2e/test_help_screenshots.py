"""The help's pictures are screenshots of the real pages, made here, so they never go stale.

The demo clubs (seed_demo: a season, a running evening with round 1 confirmed and round 2
half entered) are opened as Rooi's admin in Dutch, German and English, and each page the
help shows is saved as ``static/help/<lang>/<name>.png`` (committed; the fast test
tests/help/test_help.py checks that every picture the help names is there). Run it again
after a page changes and commit the new pictures:

    CHROMIUM=/usr/bin/chromium TROEF_E2E=1 .venv/bin/pytest -n 0 tests/e2e/test_help_screenshots.py

A second test opens every help page at 360 px in each language: nothing wider than the
screen, every picture loaded, and the "?" of a main page leads to its section.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse
from PIL import Image
from playwright.sync_api import expect

from help import sections

from .conftest import PHONE_360, log_in

ROOT = Path(__file__).resolve().parents[2]
IMAGES = ROOT / "static" / "help"
#: A director's laptop: wide enough for the club's menu on one line, the top of the page.
LAPTOP = {"viewport": {"width": 1024, "height": 640}}
DEMO_PASSWORD = "troef-demo"


def demo_pages() -> dict[str, str]:
    """Each picture's name -> the path of the page it shows, in the demo clubs."""
    from tournaments.models import Season, Tournament

    evening = Tournament.objects.get(club__slug="rooi", name="Clubavond vandaag")
    season = Season.objects.filter(club__slug="rooi").order_by("pk").first()
    club = {"club_slug": "rooi"}
    at = {**club, "pk": evening.pk}
    return {
        "club-home": reverse("clubs:club-home", kwargs=club),
        "members": reverse("clubs:member-list", kwargs=club),
        "roles": reverse("clubs:role-list", kwargs=club),
        "tournament": reverse("evenings:tournament-detail", kwargs=at),
        "checkin": reverse("tournaments:tournament-checkin", kwargs=at),
        "round": reverse("evenings:round-detail", kwargs={**at, "number": 1}),
        "results": reverse("scoring:round-results", kwargs={**at, "number": 2}),
        "seasons": reverse("tournaments:season-detail", kwargs={**club, "pk": season.pk}),
        "ratings": reverse("ratings:club-ratings", kwargs=club),
        "disputes": reverse("disputes:dispute-index", kwargs=club),
        "connect": reverse("venue:venue-connect", kwargs=club),
        "export": reverse("backups:club-export", kwargs=club),
    }


def save_png(raw: bytes, target: Path) -> None:
    """The screenshot in 256 colours: a page of text and flat colours loses nothing seen,
    and the committed picture is a third of the size."""
    image = Image.open(io.BytesIO(raw)).convert("RGB")
    target.parent.mkdir(parents=True, exist_ok=True)
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(target, optimize=True)


@pytest.fixture
def demo(site):
    call_command("seed_demo", verbosity=0)
    return site


def test_the_help_pictures_are_made_from_the_real_pages(make_page, demo):
    pages = demo_pages()
    wanted = {
        name
        for language in ("nl", "de", "en")
        for slug in sections.SECTIONS
        for name in sections.images(sections.section(slug, language).markdown)
    }
    assert wanted == {f"{name}.png" for name in pages}, "a picture the help shows is not made here"
    for language in ("nl", "de", "en"):
        page = make_page(**LAPTOP)
        page.context.add_cookies([{"name": "troef_language", "value": language, "url": demo}])
        log_in(page, demo, "rooi-admin", DEMO_PASSWORD)
        for name, path in pages.items():
            answer = page.goto(f"{demo}{path}")
            assert answer is not None and answer.status == 200, (language, path)
            expect(page.locator("html")).to_have_attribute("lang", language)
            expect(page.locator("a.help-link")).to_be_visible()
            page.wait_for_load_state("networkidle")
            save_png(page.screenshot(), IMAGES / language / f"{name}.png")
        page.context.close()
    for language in ("nl", "de", "en"):
        for name in pages:
            with Image.open(IMAGES / language / f"{name}.png") as image:
                assert image.size == (1024, 640)


@pytest.mark.parametrize("language", ["nl", "de", "en"])
def test_the_help_fits_a_phone_and_the_question_mark_leads_to_it(
    make_page, site, two_clubs, language
):
    page = make_page(**PHONE_360)
    page.context.add_cookies([{"name": "troef_language", "value": language, "url": site}])
    for url in ["/help/", *(f"/help/{slug}/" for slug in sections.SECTIONS)]:
        page.goto(f"{site}{url}")
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= 360, f"{url} is {wide} px wide"
        broken = page.evaluate(
            "[...document.images].filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src)"
        )
        assert broken == [], url
    log_in(page, site, "admin")
    page.goto(f"{site}/c/rooi/members/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    question = page.locator("a.help-link")
    expect(question).to_be_visible()
    question.click()
    page.wait_for_url(f"{site}/help/members/")
    title = sections.section("members", language).title
    expect(page.get_by_role("heading", level=1)).to_have_text(title)
    page.goto(f"{site}/help/evening/")
    href = page.locator("a.help-print").first.get_attribute("href")
    answer = page.request.get(f"{site}{href}")
    assert answer.status == 200
    assert answer.headers["content-type"] == "application/pdf"
