"""A season ranks its players by the total or the average of their counted evenings
(Season.count_by, KJ-9's option ``season``): chosen on the season's form, a new season
taking its game's option named ``season`` when the director leaves it to the game."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.urls import reverse

from clubs.models import ActionLog
from games import registry
from games.base import Option
from scoring import standings
from tournaments import services
from tournaments.models import Season

from ..conftest import client_for
from ..factories import SeasonFactory
from .helpers import url

POSTED = {"name": "Najaar", "game": "duizenden", "best_of": "4", "min_attendance": "0"}


@pytest.fixture
def counts_by_average(monkeypatch):
    """Duizenden with an option ``season`` whose default is ``average``, as a game whose
    clubs count so (KJ-9) declares it (everything reads the game through registry.get)."""
    real = registry.get

    def get(name: str):
        spec = real(name)
        if name != "duizenden":
            return spec
        option = Option("season", "average", str, choices=("total", "average"))
        return replace(spec, options=(*spec.options, option))

    monkeypatch.setattr(registry, "get", get)


def test_the_season_counts_match_what_the_standings_count():
    assert tuple(Season.CountBy.values) == standings.COUNTS
    assert Season._meta.get_field("count_by").default == standings.COUNT_TOTAL


def test_a_director_chooses_the_average(two_clubs):
    director = client_for(two_clubs.director)
    response = director.post(url("tournaments:season-add"), {**POSTED, "count_by": "average"})
    assert response.status_code == 302
    assert Season.objects.get().count_by == "average"


def test_left_to_the_game_a_season_counts_the_total(two_clubs):
    director = client_for(two_clubs.director)
    page = director.get(url("tournaments:season-add")).content.decode()
    assert 'name="count_by"' in page
    assert "zoals gebruikelijk bij het spel" in page  # the choice that leaves it to the game
    assert director.post(url("tournaments:season-add"), POSTED).status_code == 302
    assert Season.objects.get().count_by == "total"


def test_left_to_the_game_a_season_takes_the_games_option(two_clubs, counts_by_average):
    director = client_for(two_clubs.director)
    assert director.post(url("tournaments:season-add"), POSTED).status_code == 302
    assert Season.objects.get().count_by == "average"
    chosen = services.season_create(
        club=two_clubs.a, actor=None, name="Totaal", game="duizenden", count_by="total"
    )
    assert chosen.count_by == "total"
    # another game has no such option: the total
    other = services.season_create(club=two_clubs.a, actor=None, name="MEINO", game="meino")
    assert other.count_by == "total"


def test_the_count_is_changed_and_logged_and_kept_when_left_empty(two_clubs):
    season = SeasonFactory(club=two_clubs.a, name="Najaar", game="duizenden")
    director = client_for(two_clubs.director)
    edit = url("tournaments:season-edit", pk=season.pk)
    assert director.post(edit, {**POSTED, "count_by": "average"}).status_code == 302
    season.refresh_from_db()
    assert season.count_by == "average"
    logged = ActionLog.objects.filter(action="season.changed").get().data
    assert logged["changes"]["count_by"] == ["total", "average"]
    assert director.post(edit, POSTED).status_code == 302  # not posted: kept
    season.refresh_from_db()
    assert season.count_by == "average"


def test_an_unknown_count_is_refused(two_clubs):
    director = client_for(two_clubs.director)
    director.cookies["troef_language"] = "en"
    response = director.post(url("tournaments:season-add"), {**POSTED, "count_by": "median"})
    assert response.status_code == 200
    assert not Season.objects.exists()


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("nl", "gerangschikt naar het gemiddelde van de meetellende avonden"),
        ("de", "nach dem Durchschnitt der gezählten Abende geordnet"),
    ],
)
def test_the_season_page_says_it_ranks_by_the_average(two_clubs, language, words):
    season = SeasonFactory(club=two_clubs.a, count_by="average")
    client = client_for(two_clubs.player)
    client.cookies["troef_language"] = language
    detail = reverse(
        "tournaments:season-detail", kwargs={"club_slug": two_clubs.a.slug, "pk": season.pk}
    )
    assert words in client.get(detail).content.decode()
