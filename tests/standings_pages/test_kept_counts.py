"""Each evening's count in a season is kept in the database (scoring.models.EveningCount)
with a fingerprint of what it was made of: after a restart (the cache empty) the season
page reads those counts instead of every seat, and a count of an evening that changed
since is never used."""

import logging
from fractions import Fraction

import pytest
from django.core.cache import cache

from scoring import services, standings
from scoring.models import EveningCount
from scoring.selectors.season import _decoded, _encoded
from tournaments.models import Tournament

from ..factories import TournamentFactory
from .helpers import cells, english
from .test_season import League, body, season_standings_url


@pytest.fixture
def league(two_clubs):
    return League(two_clubs.a, two_clubs.a.members.get(user=two_clubs.player))


def restart():
    """What a restarted site has: the cache empty, the database as it was."""
    cache.clear()


def from_scratch(client, season):
    """The page counted from the evenings' rows alone: nothing cached, nothing kept."""
    cache.clear()
    EveningCount.objects.all().delete()
    return cells(client.get(season_standings_url(season)))


def test_every_counted_evening_is_kept(two_clubs, league):
    english(two_clubs.player).get(season_standings_url(league.season))
    kept = {row.tournament_id: row for row in EveningCount.objects.all()}
    assert sorted(kept) == sorted(evening.pk for evening in league.evenings)
    assert len({row.key for row in kept.values()}) == 3  # a fingerprint of each evening
    # A won the first evening at its table of four: 3 match points, 1050 card points.
    assert [league.members["A"].pk, 3.0, 1050, 1, True] in kept[league.evenings[0].pk].nights


def test_after_a_restart_the_page_is_read_from_the_kept_counts(two_clubs, league):
    client = english(two_clubs.player)
    counted = cells(client.get(season_standings_url(league.season)))
    restart()
    assert cells(client.get(season_standings_url(league.season))) == counted
    # The page really reads them: a kept count it was given is what it shows.
    row = EveningCount.objects.get(tournament=league.evenings[0])
    member = league.members["C"].pk
    row.nights = [[member, 9.0, 5000, 1, True] if n[0] == member else n for n in row.nights]
    row.save()
    restart()
    c = next(line for line in body(cells(client.get(season_standings_url(league.season))))
             if line[1] == league.name("C"))  # fmt: skip
    assert c[2:6] == ["9", "0", "", "9"]
    assert from_scratch(client, league.season) == counted


def test_a_kept_count_of_an_evening_that_changed_is_counted_anew(two_clubs, league):
    client = english(two_clubs.player)
    before = cells(client.get(season_standings_url(league.season)))
    old = EveningCount.objects.get(tournament=league.evenings[1])
    league.correct(1, [0, 1000, 300, 5], two_clubs.director)
    restart()  # the cache would follow the change anyway; the kept count must too
    after = cells(client.get(season_standings_url(league.season)))
    assert after != before
    new = EveningCount.objects.get(tournament=league.evenings[1])
    assert new.key != old.key and new.nights != old.nights
    assert from_scratch(client, league.season) == after


def test_a_changed_scheme_is_not_read_from_the_kept_count(two_clubs, league):
    """The evening's settings are in the fingerprint: under the game-score scheme the
    second evening is worth nothing (Duizenden results carry no game points)."""
    client = english(two_clubs.player)
    client.get(season_standings_url(league.season))
    Tournament.objects.filter(pk=league.evenings[1].pk).update(scheme=Tournament.Scheme.GAME)
    restart()
    a = body(cells(client.get(season_standings_url(league.season))))[1]
    assert a[1] == league.name("A") and a[2:5] == ["3", "~0~", "1"]


def test_a_count_keeps_exact_margins_and_fractional_points():
    nights = {
        7: standings.Night(1.5, Fraction(7, 3), True),
        -12: standings.Night(0.0, -40, False),
        9: standings.Night(2.0, Fraction(-1, 2)),
    }
    decoded = _decoded(_encoded(nights))
    assert decoded == nights
    assert isinstance(decoded[-12].margin, int) and isinstance(decoded[7].margin, Fraction)


@pytest.mark.django_db(transaction=True)
def test_a_count_that_cannot_be_kept_is_let_go(two_clubs, caplog):
    """Keeping is a saving of time, never the truth: when it fails (here the evening was
    deleted meanwhile) nothing is stored, a warning says so, and the caller goes on."""
    gone = TournamentFactory(club=two_clubs.a)
    pk = gone.pk
    gone.delete()
    with caplog.at_level(logging.WARNING, logger="scoring.services.counts"):
        assert services.keep_evening_counts({pk: ("key", [])}) is False
    assert not EveningCount.objects.exists()
    assert f"evening counts not kept ({pk})" in caplog.text
