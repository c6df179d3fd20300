"""The venue screen's round clock (venue.views.screen_clock): the current round's time left
in large type, its warning in the last five minutes and "time" at zero, for whoever may
see the screen; static/troef/venue.js fetches it beside the live part."""

from __future__ import annotations

import datetime

import pytest
from django.template import Context, Template
from django.urls import reverse
from django.utils import timezone

from tournaments.models import Round, Tournament

from ..factories import TournamentFactory


@pytest.fixture
def evening(two_clubs):
    return two_clubs.evening


def clock_url(tournament) -> str:
    return reverse("venue:tournament-venue-clock", args=["rooi", tournament.pk])


def screen_clock(client, tournament) -> str:
    response = client.get(clock_url(tournament))
    assert response.status_code == 200
    return response.content.decode()


def set_clock(round_: Round, *, ran: datetime.timedelta, running: bool) -> None:
    """The clock started `ran` ago: still running, or paused now after running all along."""
    now = timezone.now()
    Round.objects.filter(pk=round_.pk).update(
        clock_started_at=now - ran,
        clock_running_since=now - ran if running else None,
        clock_elapsed_seconds=0 if running else int(ran.total_seconds()),
    )


def test_a_clock_not_started_shows_the_whole_round(two_clubs, client_as, evening):
    html = screen_clock(client_as(two_clubs.director), evening.tournament)
    assert 'id="screen-clock"' in html
    assert 'role="timer">45:00<' in html
    assert "Ronde 1" in html
    assert "De klok is nog niet gestart: 45 minuten." in html
    assert 'data-clock-script="/static/troef/clock.js"' in html
    # The screen's clock has no buttons and no polling of its own (venue.js fetches it).
    assert "<form" not in html and "hx-get" not in html


def test_a_running_clock_counts_down_from_the_time_left(two_clubs, client_as, evening):
    set_clock(evening.round, ran=datetime.timedelta(minutes=15), running=True)
    html = screen_clock(client_as(two_clubs.director), evening.tournament)
    assert "data-running" in html
    assert "clock-running" in html
    remaining = int(html.split('data-remaining="')[1].split('"')[0])
    assert 29 * 60 <= remaining <= 30 * 60


def test_it_warns_in_the_last_five_minutes(two_clubs, client_as, evening):
    set_clock(evening.round, ran=datetime.timedelta(minutes=41), running=False)
    html = screen_clock(client_as(two_clubs.director), evening.tournament)
    assert 'role="timer">4:00<' in html
    assert "clock-warn" in html
    assert "De klok staat stil." in html
    set_clock(evening.round, ran=datetime.timedelta(minutes=42), running=True)
    html = screen_clock(client_as(two_clubs.director), evening.tournament)
    assert "clock-warn" in html
    assert "Nog minder dan 5 minuten" in html


def test_at_zero_it_says_time(two_clubs, client_as, evening):
    set_clock(evening.round, ran=datetime.timedelta(hours=2), running=True)
    html = screen_clock(client_as(two_clubs.director), evening.tournament)
    assert 'role="timer">Tijd!<' in html
    assert "clock-over" in html and "clock-warn" not in html
    assert "Spellen die niet af zijn, worden ingevuld zoals ze nu staan." in html


def test_minutes_added_show_on_the_screen(two_clubs, client_as, evening):
    Round.objects.filter(pk=evening.round.pk).update(clock_extra_minutes=5)
    html = screen_clock(client_as(two_clubs.director), evening.tournament)
    assert 'role="timer">50:00<' in html


def test_the_screen_shows_the_latest_round(two_clubs, client_as, evening):
    second = Round.objects.create(tournament=evening.tournament, number=2, seed=2)
    Round.objects.filter(pk=second.pk).update(clock_extra_minutes=10)
    html = screen_clock(client_as(two_clubs.director), evening.tournament)
    assert "Ronde 2" in html and 'role="timer">55:00<' in html


def test_no_round_or_no_clock_shows_nothing(two_clubs, client_as, evening):
    director = client_as(two_clubs.director)
    fresh = TournamentFactory(club=two_clubs.a)
    assert "screen-clock" not in screen_clock(director, fresh)
    Tournament.objects.filter(pk=evening.tournament.pk).update(round_minutes=None)
    assert "screen-clock" not in screen_clock(director, evening.tournament)


def test_with_public_standings_everyone_sees_the_clock(two_clubs, client_as, evening):
    two_clubs.a.standings_public = True
    two_clubs.a.save(update_fields=["standings_public"])
    for user in (None, two_clubs.player, two_clubs.other_director):
        assert 'role="timer">45:00<' in screen_clock(client_as(user), evening.tournament)


def test_private_standings_keep_the_clock_for_directors(two_clubs, client_as, evening):
    assert client_as(two_clubs.player).get(clock_url(evening.tournament)).status_code == 403
    assert client_as(two_clubs.other_director).get(clock_url(evening.tournament)).status_code == 404


def test_venue_js_finds_the_clock_beside_the_live_part(two_clubs, client_as, evening):
    """static/troef/venue.js, on a screen page without the clock, asks for the live part's
    address with "live/" made "clock/"."""
    live = reverse("scoring:tournament-venue-live", args=["rooi", evening.tournament.pk])
    assert clock_url(evening.tournament) == live.removesuffix("live/") + "clock/"
    screen = client_as(two_clubs.director).get(
        reverse("scoring:tournament-venue", args=["rooi", evening.tournament.pk])
    )
    assert '<script src="/static/troef/venue.js" defer></script>' in screen.content.decode()


def test_the_screens_page_can_show_the_clock_as_it_is_made(two_clubs, evening):
    html = Template("{% load venue_clock %}{% venue_clock club tournament %}").render(
        Context({"club": two_clubs.a, "tournament": evening.tournament})
    )
    assert (
        f'id="venue-clock" class="venue-clock" data-clock-url="{clock_url(evening.tournament)}"'
        in html
    )
    assert 'role="timer">45:00<' in html
    assert '<script src="/static/troef/clock.js" defer></script>' in html
