"""Links shown on screen while the venue runs carry the phones' address, as the printed
QR codes do, whatever address the director's own browser used."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Round, Tournament

from ..conftest import client_for

PHONES = "http://192.168.1.20:8000"


@pytest.fixture
def venue_running(settings):
    settings.TROEF_SITE_URL = ""
    settings.TROEF_VENUE_URL = PHONES  # as manage.py venue sets it for its processes


def _pages(evening) -> list[str]:
    tournament: Tournament = evening.tournament
    round_: Round = evening.round
    club = {"club_slug": "rooi"}
    return [
        reverse(
            "scoring:round-results", kwargs={**club, "pk": tournament.pk, "number": round_.number}
        ),
        reverse(
            "evenings:round-detail", kwargs={**club, "pk": tournament.pk, "number": round_.number}
        ),
        reverse("scoring:table-result", kwargs={**club, "pk": evening.other_table.pk}),
    ]


def test_the_private_links_on_screen_are_the_phones_address(two_clubs, venue_running):
    director = client_for(two_clubs.director)
    for page in _pages(two_clubs.evening):
        html = director.get(page).content.decode()
        assert f"{PHONES}/t/" in html, page
        assert "http://testserver/t/" not in html, page


def test_without_the_venue_they_are_the_pages_address(two_clubs, settings):
    settings.TROEF_SITE_URL = ""
    settings.TROEF_VENUE_URL = ""
    director = client_for(two_clubs.director)
    for page in _pages(two_clubs.evening):
        assert "http://testserver/t/" in director.get(page).content.decode(), page
