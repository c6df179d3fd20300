"""The director's pages that help phones connect: the venue's address and one table's
link as QR codes on screen, pointing to the venue while it runs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.templatetags.static import static
from django.test import Client
from django.urls import reverse

from scoring.links import table_link
from venue import qr

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def running_venue(settings):
    """A venue running on this machine (this test process stands in for its web server,
    which has the address phones use from the venue: TROEF_VENUE_URL)."""
    settings.TROEF_SITE_URL = ""
    settings.TROEF_VENUE_URL = "http://192.168.1.20:8000"
    return "http://192.168.1.20:8000"


def test_connect_page_shows_the_venues_address_whatever_the_browser_used(
    two_clubs, client_as, running_venue
):
    page = client_as(two_clubs.director).get(reverse("venue:venue-connect", args=["rooi"]))
    assert page.status_code == 200
    html = page.content.decode()
    assert f'href="{running_venue}/"' in html
    assert str(qr.svg(f"{running_venue}/")) in html
    assert "Telefoon verbinden" in html


def test_connect_page_warns_when_phones_cannot_reach_the_address(two_clubs, client_as, settings):
    settings.TROEF_SITE_URL = ""
    settings.TROEF_VENUE_URL = ""
    settings.ALLOWED_HOSTS = ["127.0.0.1", "testserver"]
    client = client_as(two_clubs.director)
    page = client.get(reverse("venue:venue-connect", args=["rooi"]), HTTP_HOST="127.0.0.1:8000")
    assert "Telefoons kunnen dit adres niet openen" in page.content.decode()
    page = client.get(reverse("venue:venue-connect", args=["rooi"]))
    html = page.content.decode()
    assert "http://testserver/" in html
    assert "zaalmodus" in html
    assert "Telefoons kunnen dit adres niet openen" not in html


def test_a_tables_qr_on_screen_is_its_private_link_on_the_venues_address(
    two_clubs, client_as, running_venue
):
    table = two_clubs.evening.table
    page = client_as(two_clubs.director).get(
        reverse("venue:venue-table-qr", args=["rooi", table.pk])
    )
    assert page.status_code == 200
    link = running_venue + table_link(table.pk, table.link_version)
    html = page.content.decode()
    assert f'href="{link}"' in html
    assert str(qr.svg(link)) in html


def test_the_round_page_and_the_venue_screen_link_to_them(two_clubs, client_as):
    evening = two_clubs.evening
    client = client_as(two_clubs.director)
    round_page = client.get(
        reverse("evenings:round-detail", args=["rooi", evening.tournament.pk, evening.round.number])
    ).content.decode()
    assert reverse("venue:venue-connect", args=["rooi"]) in round_page
    assert reverse("venue:venue-table-qr", args=["rooi", evening.table.pk]) in round_page
    screen = client.get(reverse("scoring:tournament-venue", args=["rooi", evening.tournament.pk]))
    assert reverse("venue:venue-connect", args=["rooi"]) in screen.content.decode()


def test_the_venue_screen_of_a_club_with_public_standings_links_for_its_directors(
    two_clubs, client_as
):
    """With public standings (the demo clubs, many real ones) the venue screen lets
    everyone in without looking at the role, and the director's screen loses its
    "Connect your phone" link. Players and visitors must not get it (they get 403)."""
    two_clubs.a.standings_public = True
    two_clubs.a.save(update_fields=["standings_public"])
    screen = reverse("scoring:tournament-venue", args=["rooi", two_clubs.evening.tournament.pk])
    connect = reverse("venue:venue-connect", args=["rooi"])
    for user, shown in [
        (two_clubs.director, True),
        (two_clubs.admin, True),
        (two_clubs.superuser, True),
        (two_clubs.player, False),
        (two_clubs.other_director, False),
        (None, False),
    ]:
        page = client_as(user).get(screen)
        assert page.status_code == 200
        assert (connect in page.content.decode()) is shown, user


# --- no inline script or style: what the Content-Security-Policy refuses ------------------

INLINE = [
    (re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE), "an inline <script>"),
    (re.compile(r"\son[a-z]+\s*=", re.IGNORECASE), "an event handler attribute"),
    (re.compile(r"\sstyle\s*=", re.IGNORECASE), "a style attribute"),
    (re.compile(r"<style", re.IGNORECASE), "a <style> element"),
]


def test_no_template_has_inline_script_or_style():
    found = [
        f"{path.relative_to(ROOT)}: {what}"
        for path in sorted((ROOT / "templates").rglob("*.html"))
        for pattern, what in INLINE
        if pattern.search(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_favicon_ico_is_troefs_icon_not_a_404(client, db, caplog):
    """Regression: the venue screen, the admin and the PDFs have no <link rel=icon>, so
    every browser that opened them asked for /favicon.ico and the venue's terminal showed
    "Not Found: /favicon.ico" each time."""
    answer = client.get("/favicon.ico")
    assert answer.status_code == 302
    assert answer["Location"] == static("troef/favicon.svg")
    assert (ROOT / "static" / "troef" / "favicon.svg").is_file()
    assert not [r for r in caplog.records if "Not Found" in r.getMessage()]


def test_a_server_error_gives_troefs_500_page_without_debug_output(settings, db):
    """DEBUG off, as at the venue: a failing view answers with templates/500.html in Dutch,
    with the security headers, and nothing of Django's debug page."""
    settings.DEBUG = False
    settings.ROOT_URLCONF = "tests.venue.boom_urls"
    answer = Client(raise_request_exception=False).get("/boom/")
    assert answer.status_code == 500
    html = answer.content.decode()
    assert "Er ging iets mis" in html
    assert "half opgeslagen" in html
    for marker in ("Traceback", "a bug in a view", "RuntimeError", "DEBUG = True"):
        assert marker not in html
    assert "script-src 'self'" in answer["Content-Security-Policy"]
    assert "camera=()" in answer["Permissions-Policy"]
