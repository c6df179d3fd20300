"""KZ-9's round against the clock is the tournament's round clock: the Keezen option is
not asked again on the tournament form, and a table's sheet prints the clock's minutes."""

from __future__ import annotations

import pytest
from django.urls import reverse

from printing.contents import table_sheet
from printing.sheets import render
from tournaments.models import Tournament

from ..conftest import client_for
from ..factories import EntryFactory, TournamentFactory, seat_round
from .pdf import pdf_text

pytestmark = pytest.mark.django_db


def keezen_sheet_text(club, minutes: int | None) -> str:
    tournament = TournamentFactory(
        club=club, game="keezen", table_size=4, teams=Tournament.Teams.DRAWN,
        round_minutes=minutes,
        options={"points_per_pawn": 2, "win_bonus": 10, "round_minutes": 0},
    )  # fmt: skip
    entries = [EntryFactory(tournament=tournament) for _ in range(4)]
    table = seat_round(tournament, [entries]).tables.select_related("round__tournament__club")
    data = render([table_sheet(table.get(), "http://troef.test")], language="en")
    return " ".join(" ".join(pdf_text(data)).split())


def test_the_sheet_prints_the_tournaments_round_clock(two_clubs):
    assert "a round of 30 minutes" in keezen_sheet_text(two_clubs.a, 30)
    assert "minutes" not in keezen_sheet_text(two_clubs.a, None)


def test_the_tournament_form_asks_for_the_minutes_once(two_clubs):
    page = client_for(two_clubs.director).get(
        reverse("tournaments:tournament-add", kwargs={"club_slug": "rooi"})
    )
    html = page.content.decode()
    assert 'name="round_minutes"' in html
    assert 'name="keezen__round_minutes"' not in html
    assert 'name="keezen__points_per_pawn"' in html
