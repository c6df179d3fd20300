"""The venue screen as the server sends it (issue 37): every table and every standings line
is in the page, each marked for static/troef/venue.js to page through, with the time each
page is shown; the screen has its own stylesheet and no inline script or style (the
browser side: tests/e2e/test_venue_screen.py)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from scoring.views import standings as standings_views

from ..conftest import client_for
from ..factories import EntryFactory, MemberFactory, TournamentFactory, seat_round


@pytest.fixture
def forty(two_clubs):
    """40 players at 13 tables of three and a bye, round 1 drawn."""
    tournament = TournamentFactory(club=two_clubs.a, name="Veertig", table_size=3)
    entries = [
        EntryFactory(tournament=tournament, member=MemberFactory(club=two_clubs.a))
        for _ in range(40)
    ]
    seat_round(tournament, [entries[i : i + 3] for i in range(0, 39, 3)], byes=[entries[39]])
    return tournament, entries


def venue(two_clubs, tournament, name="scoring:tournament-venue") -> str:
    response = client_for(two_clubs.director).get(
        reverse(name, kwargs={"club_slug": "rooi", "pk": tournament.pk})
    )
    assert response.status_code == 200
    return response.content.decode()


def test_every_table_and_line_is_in_the_page_marked_for_paging(two_clubs, forty):
    tournament, entries = forty
    for page in (
        venue(two_clubs, tournament),
        venue(two_clubs, tournament, "scoring:tournament-venue-live"),
    ):
        tables = page[page.index('class="venue-tables"') : page.index('class="venue-standings"')]
        board = page[page.index('class="venue-board"') :]
        assert tables.count("data-page-item") == 14  # 13 tables and the bye
        assert [int(n) for n in re.findall(r"<strong>(\d+)</strong>", tables)] == list(range(1, 14))
        assert board.count("<tr data-page-item>") == 40
        for entry in entries:
            assert escape(entry.member.name) in board
        # Each paged section has its box and its page number.
        assert page.count("data-pages ") == 2
        assert page.count('class="venue-pages"') == 2
        assert page.count('class="venue-pager"') == 2


def test_the_screen_says_how_long_a_page_is_shown(two_clubs, forty, monkeypatch):
    tournament, _ = forty
    assert 'data-page-seconds="10"' in venue(two_clubs, tournament)
    # A fraction as the script reads it, in a Dutch page too (not "0,5").
    monkeypatch.setattr(standings_views, "VENUE_PAGE_SECONDS", 0.5)
    assert 'data-page-seconds="0.5"' in venue(two_clubs, tournament)


def test_the_screen_has_its_own_stylesheet_and_nothing_inline(two_clubs, forty):
    tournament, _ = forty
    page = venue(two_clubs, tournament)
    assert '<link rel="stylesheet" href="/static/troef/venue.css">' in page
    assert '<link rel="stylesheet" href="/static/troef/clock.css">' in page
    assert "standings.css" not in page
    assert not re.search(r"\sstyle=", page) and "<style" not in page
    assert re.findall(r"<script(?![^>]*\bsrc=)", page) == []
