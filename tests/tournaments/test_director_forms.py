"""The director's forms (issue 37, part 5): a new tournament starts at today and at its
game's players per table; finishing with rounds still planned asks first."""

from __future__ import annotations

import datetime
import json

import pytest
from django.utils import timezone

from clubs.models import ActionLog
from games import registry
from scoring.models import ResultEntry
from tournaments.models import Round, Tournament

from ..conftest import client_for
from ..factories import TournamentFactory, confirm_all
from .helpers import url

ADD = url("tournaments:tournament-add")


# --- a new tournament ------------------------------------------------------------------------


def new_form(response):
    return response.context["form"]


def test_a_new_tournament_starts_today_at_the_clubs_game_and_its_players_per_table(two_clubs):
    # Rooi plays MeieRijen: the form starts there, at two players per table.
    TournamentFactory(club=two_clubs.a, game="meierijen", table_size=4, teams="drawn")
    response = client_for(two_clubs.director).get(ADD)
    form = new_form(response)
    assert form["game"].value() == "meierijen"
    assert form["table_size"].value() == 2 == registry.get("meierijen").default_players
    assert form["date"].value() == timezone.localdate()
    html = response.content.decode()
    assert 'name="table_size" value="2"' in html
    assert f'name="date" value="{timezone.localdate():%Y-%m-%d}"' in html


@pytest.mark.parametrize("game", [spec.name for spec in registry.games()])
def test_the_players_per_table_are_the_games_own(two_clubs, game):
    TournamentFactory(club=two_clubs.a, game=game, table_size=4)
    form = new_form(client_for(two_clubs.director).get(ADD))
    assert form["table_size"].value() == registry.get(game).default_players


def test_the_page_gives_its_script_every_games_players_per_table(two_clubs):
    """A club's first tournament: no game chosen yet, so no number; the page's script
    (static/troef/table_size.js, tests/e2e) fills in the game's number when one is
    chosen, from the defaults the server writes into the script tag."""
    response = client_for(two_clubs.director).get(ADD)
    form = new_form(response)
    assert form["game"].value() in (None, "")
    assert form["table_size"].value() is None
    assert form["date"].value() == timezone.localdate()
    assert json.loads(form.table_size_defaults()) == {
        spec.name: spec.default_players for spec in registry.games()
    }
    html = response.content.decode()
    assert "troef/table_size.js" in html
    assert 'data-size-field="id_table_size"' in html


def test_a_klaverjas_club_starts_with_drawn_partners_and_the_game_scores(two_clubs):
    """KJ-9: the individual competition (partners drawn per round) ranked by the game
    scores is a klaverjas evening's default; the page's script gets every game's own
    set-up to follow another game chosen (static/troef/table_size.js)."""
    TournamentFactory(club=two_clubs.a, game="klaverjassen", table_size=4, teams="drawn")
    response = client_for(two_clubs.director).get(ADD)
    form = new_form(response)
    assert (form["game"].value(), form["table_size"].value()) == ("klaverjassen", 4)
    assert (form["teams"].value(), form["scheme"].value()) == ("drawn", "game")
    set_ups = json.loads(form.set_up_defaults())
    assert set_ups["klaverjassen"] == {"scheme": "game", "teams": "drawn"}
    assert set_ups["keezen"]["teams"] == "drawn"  # four in teams only
    assert set_ups["duizenden"] == {"scheme": "rank", "teams": "none"}
    assert 'data-set-ups="' in response.content.decode()


def test_editing_keeps_the_tournaments_own_values(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a, game="meierijen", table_size=4)
    response = client_for(two_clubs.director).get(
        url("tournaments:tournament-edit", pk=tournament.pk)
    )
    form = new_form(response)
    assert (form["table_size"].value(), form["date"].value()) == (4, tournament.date)
    assert "troef/table_size.js" not in response.content.decode()
    assert Tournament.objects.count() == 1


# --- finishing with rounds still planned ------------------------------------------------------


def played_evening(two_clubs, *, planned: int):
    """The running evening (tests/evening.py) with round 1's results confirmed, of
    `planned` rounds."""
    evening = two_clubs.evening
    ResultEntry.objects.all().delete()
    confirm_all(evening.round)
    Tournament.objects.filter(pk=evening.tournament.pk).update(rounds_planned=planned)
    evening.tournament.refresh_from_db()
    return evening.tournament


def finish(client, tournament, **data):
    return client.post(url("evenings:tournament-finish", pk=tournament.pk), data)


def director_in(two_clubs, language: str):
    client = client_for(two_clubs.director)
    client.cookies["troef_language"] = language
    return client


@pytest.mark.parametrize(
    ("language", "named", "button"),
    [
        ("en", "Rounds 2 and 3 of 3 have not been played.", "Finish after round 1"),
        ("nl", "Ronde 2 en 3 van 3 zijn niet gespeeld.", "Afsluiten na ronde 1"),
        ("de", "Die Runden 2 und 3 von 3 wurden nicht gespielt.", "Nach Runde 1 abschließen"),
    ],
)
def test_finishing_with_rounds_unplayed_asks_first_naming_them(two_clubs, language, named, button):
    tournament = played_evening(two_clubs, planned=3)
    director = director_in(two_clubs, language)
    # The tournament page's button: one press only asks.
    assert (
        url("evenings:tournament-finish", pk=tournament.pk)
        in director.get(tournament.get_absolute_url()).content.decode()
    )
    asked = finish(director, tournament)
    assert asked.status_code == 200
    html = asked.content.decode()
    assert named in html and button in html
    assert 'name="unplayed" value="2,3"' in html
    tournament.refresh_from_db()
    assert tournament.status != Tournament.Status.FINISHED
    assert not ActionLog.objects.filter(action="tournament.finished").exists()
    # The page's own button finishes.
    done = finish(director, tournament, unplayed="2,3")
    assert done.status_code == 302 and done.url == tournament.get_absolute_url()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert ActionLog.objects.filter(action="tournament.finished").count() == 1


def test_one_unplayed_round_is_named_alone_and_several_as_a_range(two_clubs):
    tournament = played_evening(two_clubs, planned=2)
    html = finish(director_in(two_clubs, "en"), tournament).content.decode()
    assert "Round 2 of 2 has not been played." in html
    Tournament.objects.filter(pk=tournament.pk).update(rounds_planned=6)
    html = finish(director_in(two_clubs, "en"), tournament).content.decode()
    assert "Rounds 2 to 6 of 6 have not been played." in html
    assert 'name="unplayed" value="2,3,4,5,6"' in html


def test_a_confirmation_of_other_rounds_asks_again(two_clubs):
    """The director said yes to leaving out rounds 2 and 3; meanwhile a round was added
    to the plan: the page asks again, naming what is left out now."""
    tournament = played_evening(two_clubs, planned=3)
    Tournament.objects.filter(pk=tournament.pk).update(rounds_planned=4)
    again = finish(director_in(two_clubs, "en"), tournament, unplayed="2,3")
    assert again.status_code == 200
    assert "Rounds 2 to 4 of 4 have not been played." in again.content.decode()
    tournament.refresh_from_db()
    assert tournament.status != Tournament.Status.FINISHED


def test_finishing_with_every_round_played_is_one_press(two_clubs):
    tournament = played_evening(two_clubs, planned=1)
    response = finish(director_in(two_clubs, "en"), tournament)
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED


def test_an_open_result_is_refused_before_anything_is_asked(two_clubs):
    """Round 1 still waits for a result: no question about the rounds left, the refusal."""
    tournament = two_clubs.evening.tournament
    director = director_in(two_clubs, "en")
    response = finish(director, tournament)
    assert response.status_code == 302
    assert "no confirmed result yet" in director.get(response.url).content.decode()
    tournament.refresh_from_db()
    assert tournament.status != Tournament.Status.FINISHED


# --- the round clock at time ----------------------------------------------------------------


def test_at_time_the_clock_offers_no_pause(two_clubs):
    """A 45-minute round started 50 minutes ago: "Tijd!", minutes to add, no pause (the
    page's script removes it too when the time runs out in the browser: tests/e2e)."""
    round_ = two_clubs.evening.round
    started = timezone.now() - datetime.timedelta(minutes=50)
    Round.objects.filter(pk=round_.pk).update(clock_started_at=started, clock_running_since=started)
    director = client_for(two_clubs.director)
    page = url("evenings:round-detail", pk=round_.tournament_id, number=round_.number)
    html = director.get(page).content.decode()
    assert 'role="timer">Tijd!<' in html
    assert (
        url("tournaments:round-clock-pause", pk=round_.tournament_id, number=round_.number)
        not in html
    )
    assert "Pauzeren" not in html
    assert url("tournaments:round-clock-add", pk=round_.tournament_id, number=round_.number) in html
    # Running with time left: the pause is there.
    Round.objects.filter(pk=round_.pk).update(
        clock_started_at=timezone.now(), clock_running_since=timezone.now()
    )
    html = director.get(page).content.decode()
    assert (
        url("tournaments:round-clock-pause", pk=round_.tournament_id, number=round_.number) in html
    )


@pytest.mark.parametrize(
    ("game", "size", "teams", "expected"),
    [
        # MeieRijen played by four in teams: the game's own two players play alone.
        ("meierijen", 4, "drawn", "none"),
        # Keezen's four play in teams: as the club played them, or drawn partners.
        ("keezen", 4, "fixed", "fixed"),
        ("keezen", 6, "none", "drawn"),
    ],
)
def test_a_new_tournament_starts_in_teams_only_where_its_table_plays_so(
    two_clubs, game, size, teams, expected
):
    TournamentFactory(club=two_clubs.a, game=game, table_size=size, teams=teams)
    form = new_form(client_for(two_clubs.director).get(ADD))
    assert form["table_size"].value() == registry.get(game).default_players
    assert form["teams"].value() == expected
