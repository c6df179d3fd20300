"""Random fixed teams: one button pairs the present players without a team (repeatably,
from the tournament's seed), avoiding partners of the season's other evenings; the
director can still swap two players before the teams play."""

import datetime

import pytest

from clubs.models import ActionLog
from tournaments import services
from tournaments.models import Entry, Team, Tournament

from ..conftest import client_for
from ..factories import EntryFactory, MemberFactory, SeasonFactory, TournamentFactory, seat_round
from .helpers import url


def keezen_tournament(club, **fields) -> Tournament:
    return TournamentFactory(club=club, game="keezen", table_size=4, teams="fixed", **fields)


def enter(tournament, members, status=Entry.Status.PRESENT) -> list[Entry]:
    return [EntryFactory(tournament=tournament, member=m, status=status) for m in members]


def pairs(tournament) -> set[frozenset[str]]:
    return {
        frozenset(team.entries.values_list("member__name", flat=True))
        for team in Team.objects.filter(tournament=tournament)
    }


def director(two_clubs):
    client = client_for(two_clubs.director)
    client.cookies["troef_language"] = "en"
    return client


def test_the_draw_pairs_the_present_players_without_a_team(two_clubs):
    tournament = keezen_tournament(two_clubs.a)
    members = [MemberFactory(club=two_clubs.a, name=f"Speler {n}") for n in range(9)]
    present = enter(tournament, members[:7])
    enter(tournament, members[7:8], Entry.Status.REGISTERED)
    enter(tournament, members[8:], Entry.Status.WITHDRAWN)
    services.team_create(tournament=tournament, actor=None, name="Vast", entries=present[:2])
    client = director(two_clubs)
    response = client.post(url("tournaments:team-draw", pk=tournament.pk))
    assert response.url == url("tournaments:team-list", pk=tournament.pk)
    drawn = Team.objects.filter(tournament=tournament).exclude(name="Vast")
    assert sorted(drawn.values_list("name", flat=True)) == ["Team 1", "Team 2"]
    in_drawn = set(Entry.objects.filter(team__in=drawn).values_list("pk", flat=True))
    # Four of the five present without a team; one is left over, as are the absent.
    assert len(in_drawn) == 4 and in_drawn < {e.pk for e in present[2:]}
    assert Entry.objects.filter(tournament=tournament, team__isnull=True).count() == 3
    assert ActionLog.objects.filter(action="team.created", data__drawn=True).count() == 2
    assert "2 teams were drawn." in client.get(response.url).content.decode()


def test_the_draw_avoids_partners_of_earlier_evenings_in_the_season(two_clubs):
    club = two_clubs.a
    season = SeasonFactory(club=club, game="keezen")
    members = [MemberFactory(club=club, name=name) for name in ["Ann", "Bas", "Cor", "Dirk"]]
    earlier = keezen_tournament(club, season=season, date=datetime.date(2026, 11, 6))
    a, b, c, d = enter(earlier, members)
    services.team_create(tournament=earlier, actor=None, name="Oud 1", entries=[a, b])
    services.team_create(tournament=earlier, actor=None, name="Oud 2", entries=[c, d])
    before = {frozenset({"Ann", "Bas"}), frozenset({"Cor", "Dirk"})}
    for seed in range(12):
        tonight = keezen_tournament(club, season=season, seed=seed)
        enter(tonight, members)
        services.team_draw(tournament=tonight, actor=None)
        assert len(pairs(tonight)) == 2
        assert not pairs(tonight) & before, seed
        tonight.delete()  # not an earlier evening for the next seed
    # Outside the season nothing is remembered: some seed pairs Ann with Bas again.
    seen = set()
    for seed in range(12):
        other = keezen_tournament(club, seed=seed)
        enter(other, members)
        services.team_draw(tournament=other, actor=None)
        seen |= pairs(other)
    assert seen & before


def test_the_draw_is_repeatable_from_the_seed(two_clubs):
    members = [MemberFactory(club=two_clubs.a) for _ in range(8)]
    tournament = keezen_tournament(two_clubs.a, seed=777)
    enter(tournament, members)
    services.team_draw(tournament=tournament, actor=None)
    first = pairs(tournament)
    for team in Team.objects.filter(tournament=tournament):
        services.team_delete(team=team, actor=None)
    services.team_draw(tournament=tournament, actor=None)
    assert pairs(tournament) == first
    other = keezen_tournament(two_clubs.a, seed=778)
    enter(other, members)
    results = set()
    for seed in range(5):
        for team in Team.objects.filter(tournament=other):
            services.team_delete(team=team, actor=None)
        services.team_draw(tournament=other, actor=None, seed=seed)
        results.add(frozenset(pairs(other)))
    assert len(results) > 1  # random, not always the same pairs


def test_a_director_swaps_two_players_before_the_teams_play(two_clubs):
    tournament = keezen_tournament(two_clubs.a)
    names = ["Ann", "Bas", "Cor", "Dirk", "Els"]
    ann, bas, cor, dirk, els = enter(
        tournament, [MemberFactory(club=two_clubs.a, name=n) for n in names]
    )
    services.team_create(tournament=tournament, actor=None, name="Noord", entries=[ann, bas])
    services.team_create(tournament=tournament, actor=None, name="", entries=[cor, dirk])
    client = director(two_clubs)
    swap = url("tournaments:team-swap", pk=tournament.pk)
    response = client.post(swap, {"first": ann.pk, "second": cor.pk})
    assert response.status_code == 302
    assert pairs(tournament) == {frozenset({"Cor", "Bas"}), frozenset({"Ann", "Dirk"})}
    # A team named after its players is named after its new ones; "Noord" stays.
    assert set(Team.objects.values_list("name", flat=True)) == {"Noord", "Ann & Dirk"}
    assert ActionLog.objects.get(action="team.swapped").data["players"] == ["Ann", "Cor"]
    # A player without a team takes the other's place.
    client.post(swap, {"first": els.pk, "second": bas.pk})
    assert pairs(tournament) == {frozenset({"Cor", "Els"}), frozenset({"Ann", "Dirk"})}
    assert Entry.objects.get(pk=bas.pk).team is None
    # Partners cannot swap with each other.
    response = client.post(swap, {"first": ann.pk, "second": dirk.pk})
    assert response.status_code == 200
    assert "Ann and Dirk are in the same team already." in response.content.decode()


def test_a_team_that_has_played_keeps_its_players(two_clubs):
    tournament = keezen_tournament(two_clubs.a)
    entries = enter(tournament, [MemberFactory(club=two_clubs.a) for _ in range(6)])
    for number in range(3):
        services.team_create(
            tournament=tournament,
            actor=None,
            name=f"T{number}",
            entries=entries[2 * number : 2 * number + 2],
        )
    seat_round(tournament, [[entries[0], entries[2], entries[1], entries[3]]])
    response = director(two_clubs).post(
        url("tournaments:team-swap", pk=tournament.pk),
        {"first": entries[0].pk, "second": entries[4].pk},
    )
    assert response.status_code == 200
    assert "A team that has played keeps its players." in response.content.decode()
    assert Entry.objects.get(pk=entries[0].pk).team.name == "T0"


def test_the_teams_page_does_not_repeat_a_name_made_of_the_players(two_clubs):
    tournament = keezen_tournament(two_clubs.a)
    ann, bas, cor, dirk = enter(
        tournament, [MemberFactory(club=two_clubs.a, name=n) for n in ["Ann", "Bas", "Cor", "Dirk"]]
    )
    services.team_create(tournament=tournament, actor=None, name="", entries=[ann, bas])
    services.team_create(tournament=tournament, actor=None, name="Zuid", entries=[cor, dirk])
    html = director(two_clubs).get(url("tournaments:team-list", pk=tournament.pk)).content.decode()
    teams = html[html.index('class="team-list"') : html.index("</ul>", html.index("team-list"))]
    assert teams.count("Ann &amp; Bas") == 1
    assert "Zuid" in teams and "Cor &amp; Dirk" in teams


def test_a_finished_tournament_refuses_the_draw_and_the_swap(two_clubs):
    tournament = keezen_tournament(two_clubs.a)
    entries = enter(tournament, [MemberFactory(club=two_clubs.a) for _ in range(4)])
    services.team_create(tournament=tournament, actor=None, name="A", entries=entries[:2])
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    client = director(two_clubs)
    client.post(url("tournaments:team-draw", pk=tournament.pk))
    response = client.post(
        url("tournaments:team-swap", pk=tournament.pk),
        {"first": entries[0].pk, "second": entries[2].pk},
    )
    assert "This tournament is finished." in response.content.decode()
    assert Team.objects.count() == 1
    assert Entry.objects.get(pk=entries[0].pk).team.name == "A"
    page = client.get(url("tournaments:team-list", pk=tournament.pk)).content.decode()
    assert url("tournaments:team-draw", pk=tournament.pk) not in page


@pytest.mark.parametrize("name", ["tournaments:team-draw", "tournaments:team-swap"])
def test_only_the_clubs_director_draws_or_swaps(two_clubs, name):
    tournament = keezen_tournament(two_clubs.a)
    entries = enter(tournament, [MemberFactory(club=two_clubs.a) for _ in range(4)])
    data = {"first": entries[0].pk, "second": entries[1].pk}
    path = url(name, pk=tournament.pk)
    assert client_for(two_clubs.player).post(path, data).status_code == 403
    assert client_for(two_clubs.other_director).post(path, data).status_code == 404
    assert not Team.objects.exists()


def test_without_fixed_teams_there_is_no_team_draw(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a)
    enter(tournament, [MemberFactory(club=two_clubs.a) for _ in range(4)])
    assert (
        director(two_clubs).post(url("tournaments:team-draw", pk=tournament.pk)).status_code == 404
    )
    assert not Team.objects.exists()
