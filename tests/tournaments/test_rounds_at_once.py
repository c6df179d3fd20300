"""Two directors pressing buttons of one round at the same moment (found over real HTTP:
starting, swapping or taking back a round whose draw the other director had just taken
back failed with a 500), and double clicks that logged one change twice."""

from unittest import mock

import pytest

from clubs.models import ActionLog
from evenings import services as evenings
from tournaments import services
from tournaments.models import Entry, Round, Team, Tournament

from ..at_once import (
    assert_row_locks,
    assert_writers_serialised,
    row_lock,
    run_at_once,
    serialised_on_sqlite,
)
from ..conftest import client_for
from ..factories import EntryFactory, TournamentFactory, confirm_all, seat_round
from ..translated import dutch
from .helpers import undrawn_just_before, url


@pytest.fixture
def drawn(two_clubs) -> Round:
    """Round 1 of a Duizenden evening of club A, drawn for eight players, not started."""
    tournament = TournamentFactory(club=two_clubs.a)
    EntryFactory.create_batch(8, tournament=tournament)
    return evenings.round_draw(tournament=tournament, actor=two_clubs.director)


@pytest.mark.parametrize(
    ("view", "service"),
    [
        ("evenings:round-start", "round_start"),
        ("evenings:round-undraw", "round_undraw"),
        ("evenings:seats-swap", "seats_swap"),
    ],
)
def test_a_round_button_as_another_director_takes_the_draw_back(two_clubs, drawn, view, service):
    tournament = drawn.tournament
    players = list(Entry.objects.filter(tournament=tournament).order_by("pk"))
    data = (
        {"first": players[0].pk, "second": players[-1].pk} if view == "evenings:seats-swap" else {}
    )
    late = undrawn_just_before(getattr(evenings, service), drawn, two_clubs.admin)
    director = client_for(two_clubs.director)
    with mock.patch.object(evenings, service, late):
        response = director.post(url(view, pk=tournament.pk, number=1), data, follow=True)
    assert response.status_code == 200
    assert response.redirect_chain[-1][0] == tournament.get_absolute_url()
    taken_back = "The draw of round %(number)s was taken back."
    assert dutch(taken_back, number=1) in response.content.decode()
    assert not Round.objects.filter(tournament=tournament).exists()
    assert ActionLog.objects.filter(action="round.undrawn").count() == 1


def test_a_finished_tournaments_round_is_not_said_to_start(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a, status=Tournament.Status.FINISHED)
    entries = [EntryFactory(tournament=tournament) for _ in range(4)]
    seat_round(tournament, [entries], status=Round.Status.FINISHED)
    director = client_for(two_clubs.director)
    response = director.post(url("evenings:round-start", pk=tournament.pk, number=1), follow=True)
    page = response.content.decode()
    assert dutch("This tournament is finished.") in page
    assert dutch("Round %(number)s has started.", number=1) not in page
    assert not ActionLog.objects.filter(action="round.started").exists()


def checking_in_twice_at_once_changes_and_logs_it_once(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a)
    entry = EntryFactory(tournament=tournament, status=Entry.Status.REGISTERED)

    def check_in(i):
        fresh = Entry.objects.select_related("tournament").get(pk=entry.pk)
        return services.entry_set_status(entry=fresh, actor=two_clubs.director, status="present")

    outcomes = run_at_once(check_in)
    assert all(isinstance(outcome, Entry) for outcome in outcomes), outcomes
    assert ActionLog.objects.filter(action="entry.status").count() == 1


@row_lock
def test_checking_in_twice_at_once_changes_and_logs_it_once(transactional_db, two_clubs):
    assert_row_locks()
    checking_in_twice_at_once_changes_and_logs_it_once(two_clubs)


@serialised_on_sqlite
def test_checking_in_twice_at_once_changes_and_logs_it_once_on_sqlite(transactional_db, two_clubs):
    assert_writers_serialised()
    checking_in_twice_at_once_changes_and_logs_it_once(two_clubs)


def test_a_status_from_a_stale_page_keeps_the_check_in_time(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a)
    entry = EntryFactory(tournament=tournament, status=Entry.Status.REGISTERED)
    stale = Entry.objects.get(pk=entry.pk)
    services.entry_set_status(entry=entry, actor=two_clubs.director, status="present")
    checked_in = Entry.objects.get(pk=entry.pk).checked_in_at
    services.entry_set_status(entry=stale, actor=two_clubs.admin, status="withdrawn")
    entry.refresh_from_db()
    assert (entry.status, entry.checked_in_at) == ("withdrawn", checked_in)
    changes = [log.data["changes"]["status"] for log in ActionLog.objects.order_by("pk")]
    assert changes == [["registered", "present"], ["present", "withdrawn"]]


def test_finishing_twice_logs_it_once(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a, status=Tournament.Status.RUNNING)
    entries = [EntryFactory(tournament=tournament) for _ in range(4)]
    round_ = seat_round(tournament, [entries])
    confirm_all(round_)
    stale = Tournament.objects.get(pk=tournament.pk)
    evenings.tournament_finish(tournament=tournament, actor=two_clubs.director)
    evenings.tournament_finish(tournament=stale, actor=two_clubs.admin)
    assert ActionLog.objects.filter(action="tournament.finished").count() == 1


def test_splitting_a_team_twice_logs_it_once(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a, game="keezen", teams="fixed")
    team = services.team_create(
        tournament=tournament,
        actor=two_clubs.director,
        name="",
        entries=[EntryFactory(tournament=tournament) for _ in range(2)],
    )
    stale = Team.objects.select_related("tournament").get(pk=team.pk)
    services.team_delete(team=team, actor=two_clubs.director)
    services.team_delete(team=stale, actor=two_clubs.admin)
    assert ActionLog.objects.filter(action="team.deleted").count() == 1
    assert not Team.objects.exists()
