"""The round clock: the time left computed from the stored moments, the director's start,
pause, resume and minutes added, what they refuse, who may press them, and the
tournament form's minutes per round."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError

from clubs.models import ActionLog
from tournaments import clock
from tournaments.models import Round, Tournament

from ..conftest import client_for
from ..factories import TournamentFactory
from .helpers import field_errors, tournament_data, url

T0 = datetime.datetime(2026, 12, 4, 20, 0, tzinfo=datetime.UTC)


def at(minutes: float = 0, seconds: float = 0) -> datetime.datetime:
    return T0 + datetime.timedelta(minutes=minutes, seconds=seconds)


# --- the time left, from the stored state and a moment ------------------------------------


def test_a_clock_not_started_shows_the_whole_round():
    state = clock.clock_of(minutes=45, now=at(30))
    assert (state.status, state.remaining, state.text) == (clock.IDLE, 45 * 60, "45:00")
    assert not state.warn and not state.over


def test_a_running_clock_counts_from_its_start():
    state = clock.clock_of(minutes=45, started_at=T0, running_since=T0, now=at(10, 30))
    assert (state.status, state.remaining, state.text) == (clock.RUNNING, 34 * 60 + 30, "34:30")
    # A part of a second left counts as a second: 0 only when time is really up.
    assert (
        clock.clock_of(minutes=1, started_at=T0, running_since=T0, now=at(0, 59.2)).remaining == 1
    )


def test_a_paused_clock_stands_still_and_resumes_where_it_stopped():
    # Ran 10 minutes, paused: the time left stays whatever the moment.
    paused = {"minutes": 45, "started_at": T0, "elapsed_seconds": 600}
    assert clock.clock_of(**paused, now=at(12)).remaining == 35 * 60
    assert clock.clock_of(**paused, now=at(50)).remaining == 35 * 60
    assert clock.clock_of(**paused, now=at(50)).status == clock.PAUSED
    # Resumed at 20:15: 10 minutes before the pause and 5 since.
    resumed = clock.clock_of(**paused, running_since=at(15), now=at(20))
    assert (resumed.status, resumed.remaining) == (clock.RUNNING, 30 * 60)


def test_minutes_added_lengthen_the_round():
    state = clock.clock_of(minutes=45, extra_minutes=6, started_at=T0, running_since=T0, now=at(45))
    assert (state.total, state.remaining, state.text) == (51 * 60, 6 * 60, "6:00")


def test_it_warns_in_the_last_five_minutes_and_says_time_at_zero():
    running = {"minutes": 45, "started_at": T0, "running_since": T0}
    assert not clock.clock_of(**running, now=at(39, 59)).warn
    five_left = clock.clock_of(**running, now=at(40))
    assert (five_left.text, five_left.warn, five_left.over) == ("5:00", True, False)
    assert clock.clock_of(**running, now=at(44, 59)).warn
    for later in (at(45), at(90)):
        over = clock.clock_of(**running, now=later)
        assert (over.remaining, over.over, over.warn) == (0, True, False)


def test_no_minutes_is_no_clock_and_long_rounds_show_hours():
    assert clock.clock_of(minutes=None, now=T0) is None
    assert clock.clock_of(minutes=0, now=T0) is None
    assert clock.format_seconds(65 * 60) == "1:05:00"
    assert clock.format_seconds(59) == "0:59"


# --- the director's buttons, as services --------------------------------------------------


@pytest.fixture
def round_(two_clubs) -> Round:
    return two_clubs.evening.round


def set_now(monkeypatch, moment: datetime.datetime) -> None:
    monkeypatch.setattr(clock.timezone, "now", lambda: moment)


def test_start_pause_resume_and_add_minutes_are_stored_and_logged(two_clubs, round_, monkeypatch):
    director = two_clubs.director
    set_now(monkeypatch, T0)
    clock.clock_start(round_=round_, actor=director)
    set_now(monkeypatch, at(10))
    clock.clock_pause(round_=round_, actor=director)
    set_now(monkeypatch, at(20))
    clock.clock_resume(round_=round_, actor=director)
    clock.clock_add_minutes(round_=round_, actor=director, minutes=5)
    stored = Round.objects.select_related("tournament").get(pk=round_.pk)
    assert (stored.clock_started_at, stored.clock_running_since) == (T0, at(20))
    assert (stored.clock_elapsed_seconds, stored.clock_extra_minutes) == (600, 5)
    # 45 + 5 minutes, 10 run before the pause and 5 since the resume.
    assert clock.round_clock(stored, now=at(25)).remaining == 35 * 60
    logged = list(
        ActionLog.objects.filter(action__startswith="clock.")
        .order_by("pk")
        .values_list("action", flat=True)
    )
    assert logged == ["clock.started", "clock.paused", "clock.resumed", "clock.extended"]
    assert ActionLog.objects.get(action="clock.paused").data["left"] == "35:00"


def test_minutes_added_after_time_count_from_then(two_clubs, round_, monkeypatch):
    director = two_clubs.director
    set_now(monkeypatch, T0)
    clock.clock_start(round_=round_, actor=director)
    set_now(monkeypatch, at(55))  # ten minutes after time
    assert clock.round_clock(Round.objects.get(pk=round_.pk), now=at(55)).over
    clock.clock_add_minutes(round_=round_, actor=director, minutes=5)
    stored = Round.objects.select_related("tournament").get(pk=round_.pk)
    assert clock.round_clock(stored, now=at(55)).remaining == 5 * 60
    assert clock.round_clock(stored, now=at(59)).remaining == 60
    # Paused after time, the same: the five minutes are there when it runs again.
    set_now(monkeypatch, at(70))
    clock.clock_pause(round_=round_, actor=director)
    clock.clock_add_minutes(round_=round_, actor=director, minutes=5)
    stored = Round.objects.select_related("tournament").get(pk=round_.pk)
    assert clock.round_clock(stored, now=at(90)).remaining == 5 * 60


def test_pressing_twice_changes_nothing(two_clubs, round_, monkeypatch):
    set_now(monkeypatch, T0)
    clock.clock_start(round_=round_, actor=two_clubs.director)
    set_now(monkeypatch, at(3))
    clock.clock_start(round_=round_, actor=two_clubs.director)
    clock.clock_resume(round_=round_, actor=two_clubs.director)
    clock.clock_pause(round_=round_, actor=two_clubs.director)
    clock.clock_pause(round_=round_, actor=two_clubs.director)
    stored = Round.objects.get(pk=round_.pk)
    assert (stored.clock_started_at, stored.clock_elapsed_seconds) == (T0, 180)
    assert ActionLog.objects.filter(action__startswith="clock.").count() == 2


def test_a_clock_not_started_cannot_be_paused_or_resumed(two_clubs, round_):
    for service in (clock.clock_pause, clock.clock_resume):
        with pytest.raises(ValidationError, match="nog niet gestart"):
            service(round_=round_, actor=two_clubs.director)


def test_no_clock_and_a_finished_round_are_refused_in_words(two_clubs, round_):
    Tournament.objects.filter(pk=round_.tournament_id).update(round_minutes=None)
    with pytest.raises(ValidationError, match="geen rondeklok"):
        clock.clock_start(round_=round_, actor=two_clubs.director)
    Tournament.objects.filter(pk=round_.tournament_id).update(round_minutes=45)
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.FINISHED)
    with pytest.raises(ValidationError, match="ronde is afgelopen"):
        clock.clock_start(round_=round_, actor=two_clubs.director)
    Tournament.objects.filter(pk=round_.tournament_id).update(status="finished")
    with pytest.raises(ValidationError, match="toernooi is afgelopen"):
        clock.clock_add_minutes(round_=round_, actor=two_clubs.director, minutes=5)
    assert not ActionLog.objects.filter(action__startswith="clock.").exists()


def test_minutes_added_are_bounded(two_clubs, round_):
    with pytest.raises(ValidationError, match="1 tot 60 minuten"):
        clock.clock_add_minutes(round_=round_, actor=two_clubs.director, minutes=0)
    for _ in range(4):
        clock.clock_add_minutes(round_=round_, actor=two_clubs.director, minutes=60)
    with pytest.raises(ValidationError, match="hoogstens 240 minuten"):
        clock.clock_add_minutes(round_=round_, actor=two_clubs.director, minutes=1)
    assert Round.objects.get(pk=round_.pk).clock_extra_minutes == 240


def test_a_round_undrawn_meanwhile_is_refused(two_clubs, round_):
    Round.objects.filter(pk=round_.pk).delete()
    with pytest.raises(ValidationError, match="is teruggedraaid"):
        clock.clock_start(round_=round_, actor=two_clubs.director)


# --- the round page and its buttons --------------------------------------------------------


def clock_url(name: str, round_: Round) -> str:
    return url(name, pk=round_.tournament_id, number=round_.number)


def test_the_round_page_shows_the_clock_and_a_director_its_buttons(two_clubs, round_):
    page = client_for(two_clubs.director).get(clock_url("evenings:round-detail", round_))
    html = page.content.decode()
    assert 'class="clock-time" role="timer">45:00<' in html
    assert "De klok is nog niet gestart: 45 minuten." in html
    assert clock_url("tournaments:round-clock-start", round_) in html
    assert "+5 min" in html and "+1 min" in html
    assert '<script src="/static/troef/clock.js" defer></script>' in html
    player = (
        client_for(two_clubs.player)
        .get(clock_url("evenings:round-detail", round_))
        .content.decode()
    )
    assert 'role="timer">45:00<' in player
    assert clock_url("tournaments:round-clock-start", round_) not in player
    assert "Klok starten" not in player


def test_without_javascript_a_button_goes_back_to_the_round_page(two_clubs, round_):
    director = client_for(two_clubs.director)
    response = director.post(clock_url("tournaments:round-clock-start", round_))
    assert response.status_code == 302
    assert response.url == clock_url("evenings:round-detail", round_)
    assert Round.objects.get(pk=round_.pk).clock_running_since is not None
    html = director.get(response.url).content.decode()
    assert "data-running" in html
    assert clock_url("tournaments:round-clock-pause", round_) in html


def test_with_htmx_a_button_answers_with_the_clock_in_place(two_clubs, round_):
    director = client_for(two_clubs.director)
    director.post(clock_url("tournaments:round-clock-start", round_))
    response = director.post(
        clock_url("tournaments:round-clock-pause", round_), HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert html.strip().startswith('<section id="round-clock"')
    assert "De klok staat stil." in html
    assert clock_url("tournaments:round-clock-resume", round_) in html
    assert "<script" not in html  # the page has it already
    response = director.post(
        clock_url("tournaments:round-clock-add", round_), {"minutes": "5"}, HTTP_HX_REQUEST="true"
    )
    assert "5 minuten erbij gegeven." in response.content.decode()
    assert Round.objects.get(pk=round_.pk).clock_extra_minutes == 5


def test_a_refused_button_says_why(two_clubs, round_):
    director = client_for(two_clubs.director)
    response = director.post(
        clock_url("tournaments:round-clock-pause", round_), HTTP_HX_REQUEST="true"
    )
    assert "De rondeklok is nog niet gestart." in response.content.decode()
    response = director.post(clock_url("tournaments:round-clock-pause", round_), follow=True)
    assert "De rondeklok is nog niet gestart." in response.content.decode()


def test_minutes_other_than_the_buttons_are_a_bad_request(two_clubs, round_):
    director = client_for(two_clubs.director)
    for minutes in ("", "7", "-5", "x" * 50):
        response = director.post(
            clock_url("tournaments:round-clock-add", round_), {"minutes": minutes}
        )
        assert response.status_code == 400
        assert "1 of 5" in response.content.decode()
    assert Round.objects.get(pk=round_.pk).clock_extra_minutes == 0


@pytest.mark.parametrize("name", ["tournaments:round-clock-start", "tournaments:round-clock-add"])
def test_a_player_or_another_clubs_director_cannot_press_the_buttons(two_clubs, round_, name):
    assert (
        client_for(two_clubs.player).post(clock_url(name, round_), {"minutes": "5"}).status_code
        == 403
    )
    other = client_for(two_clubs.other_director).post(clock_url(name, round_), {"minutes": "5"})
    assert other.status_code == 404
    stored = Round.objects.get(pk=round_.pk)
    assert (stored.clock_started_at, stored.clock_extra_minutes) == (None, 0)


def test_the_clock_alone_is_for_whoever_sees_the_round(two_clubs, round_):
    response = client_for(two_clubs.player).get(clock_url("tournaments:round-clock", round_))
    assert response.status_code == 200
    assert 'role="timer">45:00<' in response.content.decode()


def test_a_tournament_without_minutes_shows_no_clock(two_clubs, round_):
    Tournament.objects.filter(pk=round_.tournament_id).update(round_minutes=None)
    html = (
        client_for(two_clubs.director)
        .get(clock_url("evenings:round-detail", round_))
        .content.decode()
    )
    assert 'id="round-clock"' not in html


# --- the tournament form's minutes per round ----------------------------------------------


def test_a_new_tournament_gets_45_minutes_and_the_director_can_change_or_clear_it(two_clubs):
    director = client_for(two_clubs.director)
    page = director.get(url("tournaments:tournament-add")).content.decode()
    assert 'name="round_minutes" value="45"' in page
    assert "Leeg: geen klok." in page
    assert (
        director.post(
            url("tournaments:tournament-add"), tournament_data(round_minutes=50)
        ).status_code
        == 302
    )
    tournament = Tournament.objects.get()
    assert tournament.round_minutes == 50
    edit = url("tournaments:tournament-edit", pk=tournament.pk)
    assert director.post(edit, tournament_data(round_minutes="")).status_code == 302
    tournament.refresh_from_db()
    assert tournament.round_minutes is None
    detail = director.get(tournament.get_absolute_url()).content.decode()
    assert "geen klok" in detail


def test_a_form_without_the_field_keeps_the_minutes(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a, round_minutes=30)
    director = client_for(two_clubs.director)
    response = director.post(
        url("tournaments:tournament-edit", pk=tournament.pk), tournament_data()
    )
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.round_minutes == 30


@pytest.mark.parametrize("minutes", ["0", "241", "-5", "veel"])
def test_minutes_out_of_range_are_explained_at_the_field(two_clubs, minutes):
    response = client_for(two_clubs.director).post(
        url("tournaments:tournament-add"), tournament_data(round_minutes=minutes)
    )
    assert response.status_code == 200
    assert field_errors(response)["round_minutes"] == [
        "Een ronde duurt 1 tot 240 minuten; laat het leeg voor geen rondeklok."
    ]
    assert not Tournament.objects.exists()


def test_the_tournament_page_shows_the_clock_and_no_command_name(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a, round_minutes=40)
    html = client_for(two_clubs.director).get(tournament.get_absolute_url()).content.decode()
    assert "40 minuten per ronde" in html
    assert "print_round" not in html
    assert "<dt>korte naam</dt>" in html and "opdrachtregel" not in html
