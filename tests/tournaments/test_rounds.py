"""The draw, the round page, swapping seats, starting, taking back and finishing."""

import re
from collections import Counter

import pytest
from django.utils.html import escape

from clubs.models import ActionLog
from scoring.models import ResultEntry
from tournaments.models import Bye, Entry, Round, Seat, Team, Tournament

from ..conftest import client_for
from ..factories import EntryFactory, MemberFactory, TournamentFactory, confirm_all, seat_round
from .helpers import url


def times_seated(round_: Round) -> Counter:
    """How often each entry sits at a table or out in the round."""
    seats = Seat.objects.filter(round=round_).values_list("entry_id", flat=True)
    byes = Bye.objects.filter(round=round_).values_list("entry_id", flat=True)
    return Counter([*seats, *byes])


@pytest.fixture
def evening(two_clubs):
    """A planned Duizenden evening of club A (tables of four, 3-5 allowed) with nine
    players present, one registered and one withdrawn."""
    tournament = TournamentFactory(club=two_clubs.a, rounds_planned=3)
    for number in range(11):
        status = {9: Entry.Status.REGISTERED, 10: Entry.Status.WITHDRAWN}.get(number, "present")
        EntryFactory(
            tournament=tournament,
            member=MemberFactory(club=two_clubs.a, name=f"Speler {number:02d}"),
            status=status,
        )
    return tournament


def draw(client, tournament):
    return client.post(url("evenings:round-draw", pk=tournament.pk))


def test_the_draw_seats_everyone_present_once(two_clubs, evening):
    director = client_for(two_clubs.director)
    response = draw(director, evening)
    round_ = Round.objects.get(tournament=evening)
    assert response.status_code == 302
    assert response.url == url("evenings:round-detail", pk=evening.pk, number=1)
    present = set(evening.entries.filter(status="present").values_list("pk", flat=True))
    assert times_seated(round_) == Counter(dict.fromkeys(present, 1))
    sizes = sorted(table.seats.count() for table in round_.tables.all())
    assert sizes == [4, 5]
    evening.refresh_from_db()
    assert evening.status == Tournament.Status.RUNNING
    assert ActionLog.objects.get(action="round.drawn").data["round"] == 1
    page = director.get(response.url)
    html = page.content.decode()
    for name in Entry.objects.filter(pk__in=present).select_related("member"):
        assert escape(name.name) in html
    assert "Speler 09" not in html and "Speler 10" not in html


def test_the_round_page_shows_the_tables_in_seat_order(two_clubs):
    evening = two_clubs.evening
    player = client_for(two_clubs.player)
    page = player.get(url("evenings:round-detail", pk=evening.tournament.pk, number=1))
    assert page.status_code == 200
    views = page.context["page"].tables
    assert [[seat.entry for seat in view.seats] for view in views] == [
        evening.entries[:4],
        evening.entries[4:],
    ]
    assert not page.context["changeable"]
    html = page.content.decode()
    assert url("evenings:seats-swap", pk=evening.tournament.pk, number=1) not in html
    # The results pages' part of the page: each table's result status, the table still
    # without a result first.
    # (scoring's {% round_results %} tag).
    assert re.findall(r'class="result-card result-(\w+)"', html) == ["none", "provisional"]
    assert 'class="round-results"' in html


def test_a_round_that_does_not_exist_is_not_found(two_clubs):
    evening = two_clubs.evening
    director = client_for(two_clubs.director)
    assert (
        director.get(url("evenings:round-detail", pk=evening.tournament.pk, number=2)).status_code
        == 404
    )
    assert (
        director.post(url("evenings:round-start", pk=evening.tournament.pk, number=7)).status_code
        == 404
    )


def test_a_draw_that_cannot_be_made_is_explained(two_clubs, evening):
    Entry.objects.filter(tournament=evening).update(status=Entry.Status.REGISTERED)
    director = client_for(two_clubs.director)
    director.cookies["troef_language"] = "en"
    response = draw(director, evening)
    assert (response.status_code, response.url) == (302, evening.get_absolute_url())
    assert not Round.objects.exists()
    page = director.get(response.url).content.decode()
    assert "At least two players (or teams) must be checked in to draw a round." in page


def test_the_next_round_waits_for_confirmed_results(two_clubs, evening):
    director = client_for(two_clubs.director)
    director.cookies["troef_language"] = "en"
    draw(director, evening)
    response = draw(director, evening)
    assert Round.objects.count() == 1
    page = director.get(response.url).content.decode()
    assert "Round 1 has no confirmed result yet at table 1, 2." in page


def test_a_late_arrival_and_a_withdrawal_count_from_the_next_round(two_clubs, evening):
    director = client_for(two_clubs.director)
    draw(director, evening)
    first = Round.objects.get()
    late = evening.entries.get(member__name="Speler 09")
    leaving = evening.entries.get(member__name="Speler 00")
    director.post(
        url("tournaments:entry-status", pk=evening.pk, entry_pk=late.pk), {"status": "present"}
    )
    director.post(
        url("tournaments:entry-status", pk=evening.pk, entry_pk=leaving.pk), {"status": "withdrawn"}
    )
    guest = director.post(
        url("tournaments:entry-add", pk=evening.pk), {"guest_name": "Gast", "present": "on"}
    )
    assert guest.status_code == 302
    assert late.pk not in times_seated(first) and leaving.pk in times_seated(first)
    director.post(url("evenings:round-start", pk=evening.pk, number=1))
    confirm_all(first)
    response = draw(director, evening)
    assert response.url == url("evenings:round-detail", pk=evening.pk, number=2)
    second = Round.objects.get(number=2)
    places = times_seated(second)
    assert places[late.pk] == 1 and places[Entry.objects.get(guest_name="Gast").pk] == 1
    assert leaving.pk not in places
    assert set(places.values()) == {1}
    assert sum(places.values()) == 10


def test_a_director_swaps_two_players_before_the_round_starts(two_clubs):
    evening = two_clubs.evening
    first, second = evening.entries[0], evening.entries[5]
    director = client_for(two_clubs.director)
    page = director.get(url("evenings:round-detail", pk=evening.tournament.pk, number=1))
    assert page.context["changeable"]
    response = director.post(
        url("evenings:seats-swap", pk=evening.tournament.pk, number=1),
        {"first": first.pk, "second": second.pk},
    )
    assert response.url == url("evenings:round-detail", pk=evening.tournament.pk, number=1)
    assert Seat.objects.get(entry=first).table == evening.other_table
    assert Seat.objects.get(entry=second).table == evening.table
    log = ActionLog.objects.get(action="seats.swapped")
    assert log.data["players"] == [first.name, second.name]
    assert log.actor == two_clubs.director


def test_a_swap_sent_twice_over_bad_wifi_swaps_once(two_clubs):
    # The swap form carries a one-time key (clubs.idempotency): sent again after its
    # answer was lost, it gets the first answer and does not swap the two back.
    evening = two_clubs.evening
    first, second = evening.entries[0], evening.entries[5]
    director = client_for(two_clubs.director)
    page = director.get(url("evenings:round-detail", pk=evening.tournament.pk, number=1))
    key = re.search(r'name="idempotency_key" value="([^"]+)"', page.content.decode()).group(1)
    swap = url("evenings:seats-swap", pk=evening.tournament.pk, number=1)
    data = {"first": first.pk, "second": second.pk, "idempotency_key": key}
    answers = [director.post(swap, data) for _ in range(2)]
    assert [a.status_code for a in answers] == [302, 302]
    assert Seat.objects.get(entry=first).table == evening.other_table
    assert ActionLog.objects.filter(action="seats.swapped").count() == 1


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"first": "x", "second": "y"},
        {"first": "FIRST", "second": "FIRST"},
        {"first": "FIRST", "second": "ELSEWHERE"},
        {"first": "FIRST", "second": "999999"},
    ],
)
def test_a_bad_swap_changes_nothing_and_never_fails(two_clubs, data):
    evening = two_clubs.evening
    elsewhere = EntryFactory(tournament=TournamentFactory(club=two_clubs.a))
    values = {"FIRST": evening.entries[0].pk, "ELSEWHERE": elsewhere.pk}
    data = {key: values.get(value, value) for key, value in data.items()}
    before = sorted(Seat.objects.values_list("entry_id", "table_id", "position"))
    director = client_for(two_clubs.director)
    response = director.post(url("evenings:seats-swap", pk=evening.tournament.pk, number=1), data)
    assert response.status_code == 302
    assert sorted(Seat.objects.values_list("entry_id", "table_id", "position")) == before
    assert not ActionLog.objects.filter(action="seats.swapped").exists()
    assert director.get(response.url).context["messages"]


def test_start_then_no_more_swaps_nor_taking_back(two_clubs):
    evening = two_clubs.evening
    tournament = evening.tournament
    director = client_for(two_clubs.director)
    director.cookies["troef_language"] = "en"
    response = director.post(url("evenings:round-start", pk=tournament.pk, number=1))
    assert response.status_code == 302
    evening.round.refresh_from_db()
    assert evening.round.status == Round.Status.STARTED
    assert ActionLog.objects.filter(action="round.started").count() == 1
    page = director.get(response.url)
    assert not page.context["changeable"]
    response = director.post(
        url("evenings:seats-swap", pk=tournament.pk, number=1),
        {"first": evening.entries[0].pk, "second": evening.entries[5].pk},
    )
    html = director.get(response.url).content.decode()
    assert "Seats can only be swapped before the round starts." in html
    response = director.post(url("evenings:round-undraw", pk=tournament.pk, number=1))
    assert response.url == url("evenings:round-detail", pk=tournament.pk, number=1)
    assert Round.objects.filter(pk=evening.round.pk).exists()


def test_taking_back_a_draw(two_clubs, evening):
    director = client_for(two_clubs.director)
    draw(director, evening)
    response = director.post(url("evenings:round-undraw", pk=evening.pk, number=1))
    assert response.url == evening.get_absolute_url()
    assert not Round.objects.exists() and not Seat.objects.exists()
    assert ActionLog.objects.filter(action="round.undrawn").count() == 1
    assert draw(director, evening).url == url("evenings:round-detail", pk=evening.pk, number=1)


def test_finishing_needs_every_result_confirmed(two_clubs):
    evening = two_clubs.evening
    tournament = evening.tournament
    director = client_for(two_clubs.director)
    director.cookies["troef_language"] = "en"
    response = director.post(url("evenings:tournament-finish", pk=tournament.pk))
    assert response.url == tournament.get_absolute_url()
    tournament.refresh_from_db()
    assert tournament.status != Tournament.Status.FINISHED
    assert "no confirmed result yet" in director.get(response.url).content.decode()
    ResultEntry.objects.all().delete()
    confirm_all(evening.round)
    # Rounds 2 and 3 of 3 are not played: the director says so (test_director_forms).
    director.post(url("evenings:tournament-finish", pk=tournament.pk), {"unplayed": "2,3"})
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert ActionLog.objects.filter(action="tournament.finished").count() == 1
    page = director.get(tournament.get_absolute_url())
    assert not page.context["can_draw"] and not page.context["can_finish"]


def test_the_tournament_page_shows_the_set_up_rounds_and_director_buttons(two_clubs):
    evening = two_clubs.evening
    tournament = evening.tournament
    page = client_for(two_clubs.director).get(tournament.get_absolute_url())
    html = page.content.decode()
    assert page.context["counts"]["present"] == 8
    assert url("evenings:round-detail", pk=tournament.pk, number=1) in html
    assert url("tournaments:tournament-checkin", pk=tournament.pk) in html
    # Round 1 waits for its results: no button to draw round 2, but a line saying why.
    assert url("evenings:round-draw", pk=tournament.pk) not in html
    assert page.context["draw_refusal"].startswith("Ronde 1 heeft nog geen bevestigde uitslag")
    assert url("tournaments:team-list", pk=tournament.pk) not in html  # no fixed teams
    ResultEntry.objects.all().delete()
    confirm_all(evening.round)
    assert (
        url("evenings:round-draw", pk=tournament.pk)
        in client_for(two_clubs.director).get(tournament.get_absolute_url()).content.decode()
    )
    as_player = client_for(two_clubs.player).get(tournament.get_absolute_url())
    assert url("evenings:round-draw", pk=tournament.pk) not in as_player.content.decode()
    assert url("tournaments:tournament-checkin", pk=tournament.pk) not in as_player.content.decode()


@pytest.mark.parametrize(
    "name",
    [
        "evenings:round-draw",
        "evenings:round-start",
        "evenings:round-undraw",
        "evenings:seats-swap",
        "evenings:tournament-finish",
    ],
)
def test_a_player_may_not_press_the_directors_buttons(two_clubs, name):
    evening = two_clubs.evening
    kwargs = {"pk": evening.tournament.pk}
    if name not in {"evenings:round-draw", "evenings:tournament-finish"}:
        kwargs["number"] = 1
    before = ActionLog.objects.count()
    response = client_for(two_clubs.player).post(
        url(name, **kwargs), {"first": evening.entries[0].pk, "second": evening.entries[5].pk}
    )
    assert response.status_code == 403
    assert ActionLog.objects.count() == before
    assert Round.objects.get().status == Round.Status.DRAWN


def test_another_clubs_round_is_not_found(two_clubs):
    theirs = TournamentFactory(club=two_clubs.b)
    entries = [EntryFactory(tournament=theirs) for _ in range(4)]
    seat_round(theirs, [entries])
    director = client_for(two_clubs.director)
    assert director.get(url("evenings:round-detail", pk=theirs.pk, number=1)).status_code == 404
    assert director.post(url("evenings:round-undraw", pk=theirs.pk, number=1)).status_code == 404
    assert director.post(url("evenings:round-draw", pk=theirs.pk)).status_code == 404
    assert Round.objects.filter(tournament=theirs).count() == 1


def test_partners_drawn_per_round_are_shown_side_by_side(two_clubs):
    tournament = TournamentFactory(
        club=two_clubs.a, game="meierijen", table_size=4, teams=Tournament.Teams.DRAWN
    )
    names = ["Anna", "Bram", "Carla", "Dirk"]
    entries = [
        EntryFactory(tournament=tournament, member=MemberFactory(club=two_clubs.a, name=name))
        for name in names
    ]
    seat_round(tournament, [entries])
    page = client_for(two_clubs.player).get(
        url("evenings:round-detail", pk=tournament.pk, number=1)
    )
    (view,) = page.context["page"].tables
    # Seat i and seat i + n/2 are partners.
    assert [[e.name for e in side] for side in view.sides] == [["Anna", "Carla"], ["Bram", "Dirk"]]
    assert "Anna &amp; Carla" in page.content.decode()


def test_fixed_teams_are_made_drawn_and_kept_once_they_played(two_clubs):
    tournament = TournamentFactory(
        club=two_clubs.a, game="keezen", table_size=4, teams=Tournament.Teams.FIXED
    )
    entries = [
        EntryFactory(tournament=tournament, member=MemberFactory(club=two_clubs.a, name=name))
        for name in ["Anna", "Bram", "Carla", "Dirk", "Els", "Frits"]
    ]
    director = client_for(two_clubs.director)
    teams = url("tournaments:team-list", pk=tournament.pk)
    for name, pair in [("Noord", entries[:2]), ("", entries[2:4])]:
        response = director.post(
            teams, {"name": name, "player_1": pair[0].pk, "player_2": pair[1].pk}
        )
        assert response.status_code == 302
    assert sorted(Team.objects.values_list("name", flat=True)) == ["Carla & Dirk", "Noord"]
    # Someone already in a team cannot join another; the choices leave them out.
    response = director.post(
        teams, {"name": "Zuid", "player_1": entries[0].pk, "player_2": entries[4].pk}
    )
    assert response.status_code == 200
    assert "player_1" in response.context["form"].errors
    spare = director.post(
        teams, {"name": "Zuid", "player_1": entries[4].pk, "player_2": entries[5].pk}
    )
    assert spare.status_code == 302
    zuid = Team.objects.get(name="Zuid")
    assert (
        director.post(url("tournaments:team-delete", pk=tournament.pk, team_pk=zuid.pk)).status_code
        == 302
    )
    assert not Team.objects.filter(name="Zuid").exists()
    Entry.objects.filter(pk__in=[e.pk for e in entries[4:]]).update(status="withdrawn")
    response = draw(director, tournament)
    assert response.url == url("evenings:round-detail", pk=tournament.pk, number=1)
    round_ = Round.objects.get(tournament=tournament)
    (table,) = round_.tables.all()
    sides = [seat.entry.team.name for seat in table.seats.order_by("position")]
    assert sorted(sides[:2]) == ["Carla & Dirk", "Noord"] and sides[:2] == sides[2:]
    director.cookies["troef_language"] = "en"
    noord = Team.objects.get(name="Noord")
    response = director.post(url("tournaments:team-delete", pk=tournament.pk, team_pk=noord.pk))
    assert Team.objects.filter(pk=noord.pk).exists()
    html = director.get(response.url).content.decode()
    assert "This team has played; it cannot be split any more." in html
    assert "has played" in html


def test_the_teams_page_is_only_for_fixed_teams(two_clubs):
    evening = two_clubs.evening
    director = client_for(two_clubs.director)
    assert director.get(url("tournaments:team-list", pk=evening.tournament.pk)).status_code == 404


@pytest.mark.parametrize(
    "data", [{}, {"player_1": "x", "player_2": ""}, {"player_1": "1", "player_2": "1"}]
)
def test_a_bad_team_is_explained(two_clubs, data):
    tournament = TournamentFactory(
        club=two_clubs.a, game="keezen", table_size=4, teams=Tournament.Teams.FIXED
    )
    entry = EntryFactory(tournament=tournament)
    data = {key: str(entry.pk) if value == "1" else value for key, value in data.items()}
    response = client_for(two_clubs.director).post(
        url("tournaments:team-list", pk=tournament.pk), data
    )
    assert response.status_code == 200
    assert response.context["form"].errors
    assert not Team.objects.exists()


def test_the_same_player_twice_in_a_team_is_explained(two_clubs):
    tournament = TournamentFactory(
        club=two_clubs.a, game="keezen", table_size=4, teams=Tournament.Teams.FIXED
    )
    entry = EntryFactory(tournament=tournament, member=MemberFactory(club=two_clubs.a, name="Anna"))
    director = client_for(two_clubs.director)
    director.cookies["troef_language"] = "en"
    response = director.post(
        url("tournaments:team-list", pk=tournament.pk), {"player_1": entry.pk, "player_2": entry.pk}
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "Anna is chosen twice; choose 2 different players." in html
    assert "A team has" not in html
    assert not Team.objects.exists()


def test_an_odd_one_out_sits_out_and_can_swap_in(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a, game="meierijen", table_size=2)
    entries = [
        EntryFactory(tournament=tournament, member=MemberFactory(club=two_clubs.a, name=name))
        for name in ["Anna", "Bram", "Carla", "Dirk", "Els"]
    ]
    director = client_for(two_clubs.director)
    draw(director, tournament)
    round_ = Round.objects.get(tournament=tournament)
    assert round_.tables.count() == 2
    (bye,) = Bye.objects.filter(round=round_)
    assert set(times_seated(round_).values()) == {1} and len(times_seated(round_)) == 5
    Round.objects.filter(pk=round_.pk).update(repeats=2)
    director.cookies["troef_language"] = "en"
    page = director.get(url("evenings:round-detail", pk=tournament.pk, number=1))
    html = page.content.decode()
    assert "Sitting out (bye)" in html and escape(bye.entry.name) in html
    assert "2 pairs already shared a table" in html
    playing = next(e for e in entries if e.pk != bye.entry_id)
    director.post(
        url("evenings:seats-swap", pk=tournament.pk, number=1),
        {"first": bye.entry_id, "second": playing.pk},
    )
    assert Bye.objects.get(round=round_).entry == playing
    assert Seat.objects.filter(round=round_, entry_id=bye.entry_id).exists()
