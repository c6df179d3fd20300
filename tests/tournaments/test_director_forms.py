"""The director's forms (issue 37, part 5): a new tournament starts at today and at its
game's players per table; finishing with rounds still planned asks first."""

from __future__ import annotations

import json

import pytest
from django.utils import timezone

from games import registry
from tournaments.models import Tournament

from ..conftest import client_for
from ..factories import TournamentFactory
from .helpers import url

ADD = url("tournament-add")


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


def test_editing_keeps_the_tournaments_own_values(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a, game="meierijen", table_size=4)
    response = client_for(two_clubs.director).get(url("tournament-edit", pk=tournament.pk))
    form = new_form(response)
    assert (form["table_size"].value(), form["date"].value()) == (4, tournament.date)
    assert "troef/table_size.js" not in response.content.decode()
    assert Tournament.objects.count() == 1
