"""tournaments.services: the set-up a game allows, entries, the draw's adapter, swaps."""

from __future__ import annotations

import datetime
from collections import Counter
from itertools import combinations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from clubs.models import ActionLog
from evenings import services as evenings
from scoring.models import ResultEntry
from scoring.services import result_correct
from tournaments import designs, services
from tournaments.models import Bye, Entry, Round, Seat, Tournament

from ..conftest import client_for
from ..factories import (
    EntryFactory,
    MemberFactory,
    SeasonFactory,
    TournamentFactory,
    confirm_all,
    seat_round,
)
from .helpers import new_entries

DATE = datetime.date(2026, 12, 4)


def create_tournament(club, actor, **values):
    base = {"name": "Avond", "date": DATE, "game": "duizenden", "table_size": 4}
    return services.tournament_create(club=club, actor=actor, **{**base, **values})


def errors(excinfo) -> dict:
    return excinfo.value.message_dict


# --- set-up ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "size", "teams"),
    [
        ("meierijen", 2, "none"),
        ("meierijen", 4, "fixed"),
        ("meierijen", 4, "drawn"),
        ("duizenden", 3, "none"),
        ("duizenden", 5, "none"),
        ("miezemauzen", 2, "none"),
        ("miezemauzen", 5, "none"),
        ("meino", 2, "none"),
        ("meino", 6, "none"),
        ("keezen", 4, "fixed"),
        ("keezen", 6, "drawn"),
    ],
)
def test_every_table_size_the_issue_names_is_accepted(two_clubs, game, size, teams):
    tournament = create_tournament(
        two_clubs.a, two_clubs.director, game=game, table_size=size, teams=teams
    )
    assert tournament.table_size == size
    # Options are stored complete, with the game's defaults filled in.
    assert set(tournament.options) == {o.name for o in tournament_spec(game).options}


def tournament_spec(game):
    from games import registry

    return registry.get(game)


@pytest.mark.parametrize(
    ("game", "size", "teams", "field"),
    [
        ("meierijen", 3, "none", "table_size"),
        ("meierijen", 4, "none", "table_size"),
        ("meierijen", 2, "fixed", "table_size"),
        ("duizenden", 2, "none", "table_size"),
        ("duizenden", 6, "none", "table_size"),
        ("duizenden", 4, "drawn", "table_size"),
        ("miezemauzen", 6, "none", "table_size"),
        ("meino", 7, "none", "table_size"),
        ("keezen", 4, "none", "table_size"),
        ("keezen", 5, "fixed", "table_size"),
    ],
)
def test_table_sizes_the_game_does_not_allow_are_refused(two_clubs, game, size, teams, field):
    with pytest.raises(ValidationError) as excinfo:
        create_tournament(two_clubs.a, two_clubs.director, game=game, table_size=size, teams=teams)
    assert field in errors(excinfo)
    assert not Tournament.objects.exists()


def test_options_are_validated_by_the_game(two_clubs):
    with pytest.raises(ValidationError) as excinfo:
        create_tournament(
            two_clubs.a, two_clubs.director, game="miezemauzen", options={"start_points": "x"}
        )
    assert "start_points" in errors(excinfo)["options"][0]
    with pytest.raises(ValidationError) as excinfo:
        create_tournament(two_clubs.a, two_clubs.director, options={"no_such_option": True})
    assert "no_such_option" in errors(excinfo)["options"][0]
    made = create_tournament(
        two_clubs.a, two_clubs.director, game="meierijen", table_size=2, options={"variant1": True}
    )
    assert made.options["variant1"] is True


def test_schemes_and_swiss_must_fit_the_table(two_clubs):
    director = two_clubs.director
    with pytest.raises(ValidationError) as excinfo:
        create_tournament(two_clubs.a, director, scheme="wdl")  # four sides at a Duizenden table
    assert "scheme" in errors(excinfo)
    with pytest.raises(ValidationError) as excinfo:
        create_tournament(two_clubs.a, director, scheme="game")  # Duizenden has no game points
    assert "scheme" in errors(excinfo)
    with pytest.raises(ValidationError) as excinfo:
        create_tournament(two_clubs.a, director, swiss=True)
    assert "swiss" in errors(excinfo)
    assert create_tournament(
        two_clubs.a, director, game="meierijen", table_size=2, scheme="wdl", swiss=True
    )
    assert create_tournament(two_clubs.a, director, game="keezen", teams="fixed", scheme="game")


def test_keezen_results_are_final_scores_only(two_clubs):
    with pytest.raises(ValidationError) as excinfo:
        create_tournament(
            two_clubs.a, two_clubs.director, game="keezen", teams="drawn", entering="detailed"
        )
    assert "entering" in errors(excinfo)


def test_season_must_be_the_clubs_and_the_same_game(two_clubs):
    other_game = SeasonFactory(club=two_clubs.a, game="meino")
    other_club = SeasonFactory(club=two_clubs.b, game="duizenden")
    for season in (other_game, other_club):
        with pytest.raises(ValidationError) as excinfo:
            create_tournament(two_clubs.a, two_clubs.director, season=season)
        assert "season" in errors(excinfo)


def test_setup_is_fixed_once_a_round_is_drawn(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a)
    services.tournament_update(tournament=tournament, actor=two_clubs.director, table_size=5)
    seat_round(tournament, [EntryFactory.create_batch(5, tournament=tournament)])
    with pytest.raises(ValidationError):
        services.tournament_update(tournament=tournament, actor=two_clubs.director, table_size=4)
    # The name and the number of rounds can still change.
    services.tournament_update(tournament=tournament, actor=two_clubs.director, name="Nieuw")
    tournament.refresh_from_db()
    assert (tournament.name, tournament.table_size) == ("Nieuw", 5)


# --- entries -----------------------------------------------------------------------------


def test_entries_members_once_guests_by_name(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a)
    director = two_clubs.director
    services.entry_add(tournament=tournament, actor=director, member=two_clubs.member_a)
    with pytest.raises(ValidationError):
        services.entry_add(tournament=tournament, actor=director, member=two_clubs.member_a)
    with pytest.raises(ValidationError):  # another club's member
        services.entry_add(tournament=tournament, actor=director, member=two_clubs.member_b)
    with pytest.raises(ValidationError):  # neither member nor name
        services.entry_add(tournament=tournament, actor=director, guest_name="  ")
    guest = services.entry_add(
        tournament=tournament, actor=director, guest_name="Gast Jansen", present=True
    )
    assert guest.is_guest and guest.status == Entry.Status.PRESENT and guest.checked_in_at
    assert tournament.entries.count() == 2
    assert ActionLog.objects.filter(action="entry.added").count() == 2


# --- the draw ----------------------------------------------------------------------------


def test_draw_seats_everyone_present_once_at_allowed_sizes(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a)  # Duizenden, tables of 4 (3-5 allowed)
    entries = new_entries(tournament, 17, two_clubs.a)
    EntryFactory(tournament=tournament, status=Entry.Status.REGISTERED)  # not checked in
    EntryFactory(tournament=tournament, status=Entry.Status.WITHDRAWN)
    round_ = evenings.round_draw(tournament=tournament, actor=two_clubs.director)
    seated = Counter(Seat.objects.filter(round=round_).values_list("entry_id", flat=True))
    assert seated == Counter({entry.pk: 1 for entry in entries})
    sizes = sorted(
        Counter(Seat.objects.filter(round=round_).values_list("table_id", flat=True)).values()
    )
    assert sum(sizes) == 17 and set(sizes) <= {3, 4, 5}
    assert not Bye.objects.exists()
    log = ActionLog.objects.get(action="round.drawn")
    assert sorted(len(t) for t in log.data["tables"]) == sizes
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING


def test_draw_is_the_same_for_the_same_seed(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a)
    new_entries(tournament, 12, two_clubs.a)

    def tables():
        round_ = evenings.round_draw(tournament=tournament, actor=two_clubs.director, seed=7)
        found = [
            list(table.seats.order_by("position").values_list("entry_id", flat=True))
            for table in round_.tables.order_by("number")
        ]
        evenings.round_undraw(round_=round_, actor=two_clubs.director)
        return found

    assert tables() == tables()


def test_next_round_needs_every_table_confirmed(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a)
    new_entries(tournament, 8, two_clubs.a)
    first = evenings.round_draw(tournament=tournament, actor=two_clubs.director)
    with pytest.raises(ValidationError, match="1, 2"):
        evenings.round_draw(tournament=tournament, actor=two_clubs.director)
    confirm_all(first)
    second = evenings.round_draw(tournament=tournament, actor=two_clubs.director)
    assert second.number == 2


def test_two_player_game_with_odd_numbers_gives_a_fair_bye(two_clubs):
    tournament = TournamentFactory(
        club=two_clubs.a, game="meierijen", table_size=2, rounds_planned=7
    )
    entries = new_entries(tournament, 7, two_clubs.a)
    had = Counter()
    for _ in range(7):
        round_ = evenings.round_draw(tournament=tournament, actor=two_clubs.director)
        byes = list(round_.byes.values_list("entry_id", flat=True))
        assert len(byes) == 1
        had.update(byes)
        confirm_all(round_)
    # Seven rounds, seven players: everyone sat out exactly once.
    assert had == Counter({entry.pk: 1 for entry in entries})


def test_drawn_partners_sit_opposite(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a, game="keezen", table_size=4, teams="drawn")
    new_entries(tournament, 8, two_clubs.a)
    round_ = evenings.round_draw(tournament=tournament, actor=two_clubs.director)
    for table in round_.tables.all():
        sides = list(table.seats.order_by("position").values_list("side", flat=True))
        assert sides == [0, 1, 0, 1]


def test_fixed_teams_are_drawn_as_teams(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a, game="keezen", table_size=4, teams="fixed")
    entries = new_entries(tournament, 8, two_clubs.a)
    teams = [
        services.team_create(
            tournament=tournament,
            actor=two_clubs.director,
            name=f"T{i}",
            entries=entries[2 * i : 2 * i + 2],
        )
        for i in range(4)
    ]
    round_ = evenings.round_draw(tournament=tournament, actor=two_clubs.director)
    for table in round_.tables.all():
        seats = list(table.seats.order_by("position").select_related("entry"))
        assert [s.side for s in seats] == [0, 1, 0, 1]
        # Both players of a side belong to one team.
        for side in (0, 1):
            assert len({s.entry.team_id for s in seats if s.side == side}) == 1
    assert {t.pk for t in teams} == set(
        Seat.objects.filter(round=round_).values_list("entry__team_id", flat=True)
    )


def test_fixed_teams_need_every_player_present(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a, game="keezen", table_size=4, teams="fixed")
    entries = new_entries(tournament, 4, two_clubs.a)
    services.team_create(
        tournament=tournament, actor=two_clubs.director, name="A", entries=entries[:2]
    )
    services.team_create(
        tournament=tournament, actor=two_clubs.director, name="B", entries=entries[2:]
    )
    services.entry_set_status(entry=entries[3], actor=two_clubs.director, status="registered")
    with pytest.raises(ValidationError, match="B"):
        evenings.round_draw(tournament=tournament, actor=two_clubs.director)
    assert not Round.objects.exists()


def test_the_season_remembers_tablemates(two_clubs):
    season = SeasonFactory(club=two_clubs.a, game="meierijen")
    members = [MemberFactory(club=two_clubs.a) for _ in range(8)]
    first = TournamentFactory(club=two_clubs.a, season=season, game="meierijen", table_size=2)
    for member in members:
        EntryFactory(tournament=first, member=member)
    round_ = evenings.round_draw(tournament=first, actor=two_clubs.director)
    met = {
        frozenset(table.seats.values_list("entry__member_id", flat=True))
        for table in round_.tables.all()
    }
    second = TournamentFactory(club=two_clubs.a, season=season, game="meierijen", table_size=2)
    for member in members:
        EntryFactory(tournament=second, member=member)
    again = evenings.round_draw(tournament=second, actor=two_clubs.director)
    pairs = {
        frozenset(table.seats.values_list("entry__member_id", flat=True))
        for table in again.tables.all()
    }
    assert not pairs & met


def test_a_full_season_of_24_in_fours_follows_the_season_design(two_clubs):
    """The site hands the draw its season in the order it was played, so two evenings of
    all 24 members meet pairs exactly as the design's first two evenings do (the draw
    without it meets 28 or so pairs not at all, against the design's 24)."""
    season = SeasonFactory(club=two_clubs.a, game="duizenden")
    members = [MemberFactory(club=two_clubs.a) for _ in range(24)]
    met, evening_repeats = Counter(), []
    for night in range(2):
        evening = TournamentFactory(
            club=two_clubs.a, season=season, rounds_planned=4, seed=100 * night
        )
        for member in members:
            EntryFactory(tournament=evening, member=member)
        for _ in range(4):
            round_ = evenings.round_draw(tournament=evening, actor=two_clubs.director)
            evening_repeats.append(round_.repeats)
            for table in round_.tables.all():
                ids = sorted(table.seats.values_list("entry__member_id", flat=True))
                met.update(frozenset(pair) for pair in combinations(ids, 2))
            confirm_all(round_)
    design = Counter(
        frozenset(pair)
        for rounds in designs.season(24, 4)[:2]
        for tables in rounds
        for table in tables
        for pair in combinations(table, 2)
    )
    assert evening_repeats == [0] * 8
    assert Counter(met.values()) == Counter(design.values())
    assert 24 * 23 // 2 - len(met) == 24


# --- swaps, start, take back -------------------------------------------------------------


def test_swap_before_the_start_is_logged_and_then_refused(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a)
    entries = new_entries(tournament, 9, two_clubs.a)
    round_ = seat_round(tournament, [entries[:4], entries[4:8]], byes=[entries[8]])
    a, b, bye = entries[0], entries[5], entries[8]
    evenings.seats_swap(round_=round_, actor=two_clubs.director, first=a, second=b)
    assert Seat.objects.get(round=round_, entry=b).table.number == 1
    assert Seat.objects.get(round=round_, entry=a).table.number == 2
    evenings.seats_swap(round_=round_, actor=two_clubs.director, first=a, second=bye)
    assert Bye.objects.filter(round=round_, entry=a).exists()
    assert Seat.objects.get(round=round_, entry=bye).table.number == 2
    assert ActionLog.objects.filter(action="seats.swapped").count() == 2
    evenings.round_start(round_=round_, actor=two_clubs.director)
    with pytest.raises(ValidationError):
        evenings.seats_swap(round_=round_, actor=two_clubs.director, first=b, second=bye)


def test_a_drawn_round_can_be_taken_back_until_it_starts(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a)
    new_entries(tournament, 8, two_clubs.a)
    round_ = evenings.round_draw(tournament=tournament, actor=two_clubs.director)
    evenings.round_undraw(round_=round_, actor=two_clubs.director)
    assert not Round.objects.exists() and not Seat.objects.exists()
    round_ = evenings.round_draw(tournament=tournament, actor=two_clubs.director)
    evenings.round_start(round_=round_, actor=two_clubs.director)
    with pytest.raises(ValidationError):
        evenings.round_undraw(round_=round_, actor=two_clubs.director)
    assert Seat.objects.count() == 8


def test_drawn_partners_change_from_round_to_round(two_clubs):
    tournament = TournamentFactory(
        club=two_clubs.a, game="keezen", table_size=4, teams="drawn", rounds_planned=3
    )
    new_entries(tournament, 8, two_clubs.a)
    partners = []
    for _ in range(3):
        round_ = evenings.round_draw(tournament=tournament, actor=two_clubs.director)
        for table in round_.tables.all():
            seats = list(table.seats.order_by("position").values_list("entry_id", "side"))
            for side in (0, 1):
                partners.append(frozenset(entry for entry, s in seats if s == side))
        confirm_all(round_)
    # Twelve partnerships over three rounds, none of them twice.
    assert len(partners) == 12 and len(set(partners)) == 12


def test_a_finished_tournament_can_be_opened_again_to_correct_a_result(two_clubs):
    evening = two_clubs.evening
    ResultEntry.objects.filter(pk=evening.result.pk).update(status="confirmed")
    ResultEntry.objects.create(
        table=evening.other_table, status="confirmed", data={}, outcome={}, via="director",
        entered_by_name="director",
    )  # fmt: skip
    tournament = evenings.tournament_finish(tournament=evening.tournament, actor=two_clubs.director)
    table = evening.table
    corrected = {"mode": "summary", "finished": False,
                 "sides": [{"total": t} for t in (500, 300, 100, 0)]}  # fmt: skip
    with pytest.raises(ValidationError):
        result_correct(table=table, data=corrected, version=table.version, actor=two_clubs.director)
    reopen = reverse(
        "evenings:tournament-reopen", kwargs={"club_slug": "rooi", "pk": tournament.pk}
    )
    assert client_for(two_clubs.player).post(reopen).status_code == 403
    director = client_for(two_clubs.director)
    assert director.post(reopen).status_code == 302
    assert director.post(reopen).status_code == 302  # a second click changes nothing
    result_correct(
        table=table,
        data=corrected,
        version=table.version,
        actor=two_clubs.director,
        note="telfout gevonden",
    )
    evenings.tournament_finish(tournament=tournament, actor=two_clubs.director)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert table.results.get(status="confirmed").data == corrected
    assert ActionLog.objects.filter(action="tournament.reopened").count() == 1
