"""A table's round taken back at the moment its result is sent (found over real HTTP: the
submit failed with a 500). Whoever was entering or confirming gets a page that says the
table is no longer in the draw; nothing is stored and nothing fails. The moment is made
certain here by taking the draw back just before the service runs; threads do the same
for real at the end."""

from unittest import mock

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils import translation

from evenings import services as evenings
from scoring import services as scoring
from scoring.actors import Actor
from scoring.models import ResultEntry
from scoring.services import ResultConflictError, TableGoneError
from tournaments.models import Round, Table, Tournament
from tournaments.services import clean_setup

from ..at_once import (
    assert_row_locks,
    assert_writers_serialised,
    row_lock,
    run_at_once,
    serialised_on_sqlite,
)
from ..conftest import client_for
from ..factories import EntryFactory, TournamentFactory, seat_round
from ..tournaments.helpers import undrawn_just_before
from .helpers import as_post, game_table, page_html, summary

AHEAD = summary(False, {"total": 455}, {"total": 310}, {"total": 205}, {"total": -40})


def gone_message() -> str:
    with translation.override("nl"):
        return TableGoneError().message


@pytest.fixture
def table(two_clubs):
    return game_table(two_clubs.a)


def test_a_player_entering_as_the_draw_is_taken_back_is_told_so(table, two_clubs):
    round_ = table.table.round
    late = undrawn_just_before(scoring.result_submit, round_, two_clubs.director)
    player = table.entries[0]
    with mock.patch.object(scoring, "result_submit", late):
        response = Client().post(table.link, as_post(AHEAD, table.version, player=str(player.pk)))
    assert response.status_code == 404
    assert gone_message() in page_html(response)
    assert not Round.objects.filter(pk=round_.pk).exists()
    assert not ResultEntry.objects.exists()


def test_a_director_entering_as_the_draw_is_taken_back_is_told_so(table, two_clubs):
    round_ = table.table.round
    late = undrawn_just_before(scoring.result_submit, round_, two_clubs.other_director)
    director = client_for(two_clubs.director)
    with mock.patch.object(scoring, "result_submit", late):
        response = director.post(table.page, as_post(AHEAD, table.version))
    assert response.status_code == 404
    assert gone_message() in page_html(response)
    assert not ResultEntry.objects.exists()


def test_the_service_refuses_a_table_that_is_gone(table, two_clubs):
    stale = table.table
    evenings.round_undraw(round_=stale.round, actor=two_clubs.director)
    with pytest.raises(TableGoneError):
        scoring.result_submit(
            table=stale, data=AHEAD, version=0, actor=Actor(entry=table.entries[0])
        )


def test_the_printed_link_of_a_table_taken_back_says_so(table, two_clubs):
    evenings.round_undraw(round_=table.table.round, actor=two_clubs.director)
    response = Client().get(table.link)
    assert response.status_code == 404
    assert gone_message() in page_html(response)


def entering_and_taking_back_at_once_store_all_or_nothing(two_clubs):
    """Threads: a director takes the draw back while players enter at both tables of the
    round. On PostgreSQL this deadlocked (the draw's table lock also locked the round,
    which the first entry of a round updates), failing with a 500."""
    values = clean_setup(
        {"game": "duizenden", "table_size": 4, "teams": "none", "options": {}}, club=two_clubs.a
    )
    tournament = TournamentFactory(club=two_clubs.a, status=Tournament.Status.RUNNING, **values)
    entries = EntryFactory.create_batch(8, tournament=tournament)
    round_ = seat_round(tournament, [entries[:4], entries[4:]])
    tables = list(round_.tables.order_by("number"))

    def work(i):
        if i == 0:
            return evenings.round_undraw(round_=round_, actor=two_clubs.director)
        table = tables[i % 2]
        player = entries[4 * (i % 2) + i // 2]
        return scoring.result_submit(table=table, data=AHEAD, version=0, actor=Actor(entry=player))

    outcomes = run_at_once(work)
    undraw, submits = outcomes[0], outcomes[1:]
    allowed = (ResultEntry, TableGoneError, ResultConflictError)
    assert all(isinstance(o, allowed) for o in submits), outcomes
    if Round.objects.filter(pk=round_.pk).exists():
        # An entry came first: the draw stays, at most one entry per table.
        assert isinstance(undraw, ValidationError), outcomes
        assert 1 <= ResultEntry.objects.count() <= 2
        assert all(table.results.count() <= 1 for table in tables)
    else:
        assert undraw is None, outcomes
        assert not Table.objects.filter(round_id=round_.pk).exists()
        assert not ResultEntry.objects.exists()
        assert all(isinstance(o, TableGoneError) for o in submits), outcomes


@row_lock
def test_entering_and_taking_back_at_once_store_all_or_nothing(transactional_db, two_clubs):
    assert_row_locks()
    entering_and_taking_back_at_once_store_all_or_nothing(two_clubs)


@serialised_on_sqlite
def test_entering_and_taking_back_at_once_store_all_or_nothing_on_sqlite(
    transactional_db, two_clubs
):
    assert_writers_serialised()
    entering_and_taking_back_at_once_store_all_or_nothing(two_clubs)
