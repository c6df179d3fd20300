"""Results arriving for one table at the same moment: exactly one is stored (or confirmed),
the others get the clear conflict message, nothing is lost and nothing fails with a 500.

What decides is scoring.services' lock of the table's row (select_for_update) and its
version check under that lock. Each case runs twice (tests/at_once.py): on PostgreSQL
(`make test-services`), where the threads' transactions overlap and only the row lock
keeps a second writer from reading the version the first is about to change; and on
SQLite (`make test`), which has no row locks but runs the writers one after another, so
the version check alone gives the same answer and no writer meets "database is locked"."""

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.utils import translation
from django.utils.html import escape

from clubs.models import ActionLog, Role
from scoring import services
from scoring.actors import Actor
from scoring.models import ResultEntry
from scoring.services import ResultConflictError
from tournaments.models import Table

from ..at_once import (
    THREADS,
    assert_row_locks,
    assert_writers_serialised,
    row_lock,
    run_at_once,
    serialised_on_sqlite,
)
from ..conftest import client_for
from ..factories import ClubFactory, RoleFactory, UserFactory
from .helpers import as_post, game_table, summary

Status = ResultEntry.Status


def entry(i: int) -> dict:
    """A different legal Duizenden summary for every thread."""
    return summary(False, {"total": 5 * i}, {"total": 310}, {"total": 205}, {"total": -40})


def conflict_message() -> str:
    with translation.override("nl"):
        return ResultConflictError().message


@pytest.fixture
def setting(transactional_db):
    club = ClubFactory()
    directors = [UserFactory() for _ in range(THREADS)]
    for director in directors:
        RoleFactory(club=club, user=director, level=Role.Level.DIRECTOR)
    return game_table(club), directors


def simultaneous_entries_store_exactly_one(setting):
    table, directors = setting
    version = table.version
    outcomes = run_at_once(
        lambda i: services.result_submit(
            table=table.table, data=entry(i), version=version, actor=Actor(user=directors[i])
        )
    )
    winners = [outcome for outcome in outcomes if isinstance(outcome, ResultEntry)]
    losers = [outcome for outcome in outcomes if isinstance(outcome, ResultConflictError)]
    assert (len(winners), len(losers)) == (1, THREADS - 1), outcomes
    stored = ResultEntry.objects.get(table=table.table)
    assert (stored.pk, stored.data, stored.status) == (
        winners[0].pk,
        winners[0].data,
        Status.PROVISIONAL,
    )
    assert not stored.disputed  # the others never got in to differ from it
    assert Table.objects.get(pk=table.table.pk).version == version + 1
    assert ActionLog.objects.filter(action="result.entered").count() == 1


@row_lock
def test_simultaneous_entries_store_exactly_one(setting):
    assert_row_locks()
    simultaneous_entries_store_exactly_one(setting)


@serialised_on_sqlite
def test_simultaneous_entries_store_exactly_one_on_sqlite(setting):
    assert_writers_serialised()
    simultaneous_entries_store_exactly_one(setting)


def simultaneous_confirmations_confirm_exactly_once(setting):
    table, directors = setting
    result = services.result_submit(
        table=table.table, data=entry(1), version=table.version, actor=Actor(entry=table.entries[0])
    )
    version = table.version

    def confirm(i):
        # Half the threads are directors, half the table's other players.
        if i % 2:
            return services.result_confirm(
                result=result, version=version, actor=Actor(user=directors[i])
            )
        player = table.entries[1 + i % 3]
        return services.result_confirm(result=result, version=version, actor=Actor(entry=player))

    outcomes = run_at_once(confirm)
    winners = [outcome for outcome in outcomes if isinstance(outcome, ResultEntry)]
    losers = [outcome for outcome in outcomes if isinstance(outcome, ResultConflictError)]
    assert (len(winners), len(losers)) == (1, THREADS - 1), outcomes
    assert ResultEntry.objects.filter(table=table.table, status=Status.CONFIRMED).count() == 1
    assert ActionLog.objects.filter(action="result.confirmed").count() == 1


@row_lock
def test_simultaneous_confirmations_confirm_exactly_once(setting):
    assert_row_locks()
    simultaneous_confirmations_confirm_exactly_once(setting)


@serialised_on_sqlite
def test_simultaneous_confirmations_confirm_exactly_once_on_sqlite(setting):
    assert_writers_serialised()
    simultaneous_confirmations_confirm_exactly_once(setting)


def simultaneous_entries_through_the_pages_store_exactly_one(setting):
    table, directors = setting
    version = table.version
    clients = [client_for(director) if i % 2 else Client() for i, director in enumerate(directors)]

    def post(i):
        if i % 2:
            return clients[i].post(table.page, as_post(entry(i), version))
        player = str(table.entries[i % 4].pk)
        return clients[i].post(table.link, as_post(entry(i), version, player=player))

    responses = run_at_once(post)
    # The test client raises a view's exception: an exception here would be a 500.
    assert all(hasattr(response, "status_code") for response in responses), responses
    codes = sorted(response.status_code for response in responses)
    assert codes == [200] * (THREADS - 1) + [302]
    for response in responses:
        if response.status_code == 200:
            assert escape(conflict_message()) in response.content.decode()
    assert ResultEntry.objects.filter(table=table.table).count() == 1


@row_lock
def test_simultaneous_entries_through_the_pages_store_exactly_one(setting):
    assert_row_locks()
    simultaneous_entries_through_the_pages_store_exactly_one(setting)


@serialised_on_sqlite
def test_simultaneous_entries_through_the_pages_store_exactly_one_on_sqlite(setting):
    assert_writers_serialised()
    simultaneous_entries_through_the_pages_store_exactly_one(setting)


def simultaneous_confirmations_through_the_pages_confirm_exactly_once(setting):
    table, directors = setting
    result = services.result_submit(
        table=table.table, data=entry(1), version=table.version, actor=Actor(entry=table.entries[0])
    )
    version = table.version
    clients = [client_for(director) if i % 2 else Client() for i, director in enumerate(directors)]

    def post(i):
        data = {"action": "confirm", "result": result.pk, "version": version}
        if i % 2:
            return clients[i].post(table.page, data, follow=True)
        data["player"] = table.entries[1 + i % 3].pk
        return clients[i].post(table.link, data, follow=True)

    responses = run_at_once(post)
    assert all(getattr(response, "status_code", None) == 200 for response in responses), responses
    refused = [r for r in responses if escape(conflict_message()) in r.content.decode()]
    assert len(refused) == THREADS - 1
    assert ResultEntry.objects.filter(table=table.table, status=Status.CONFIRMED).count() == 1


@row_lock
def test_simultaneous_confirmations_through_the_pages_confirm_exactly_once(setting):
    assert_row_locks()
    simultaneous_confirmations_through_the_pages_confirm_exactly_once(setting)


@serialised_on_sqlite
def test_simultaneous_confirmations_through_the_pages_confirm_exactly_once_on_sqlite(setting):
    assert_writers_serialised()
    simultaneous_confirmations_through_the_pages_confirm_exactly_once(setting)


def test_the_database_keeps_one_confirmed_result_per_table(two_clubs):
    table = game_table(two_clubs.a)
    values = {
        "table": table.table,
        "data": entry(1),
        "outcome": {"sides": []},
        "via": ResultEntry.Via.DIRECTOR,
        "entered_by_name": "director",
        "status": Status.CONFIRMED,
    }
    ResultEntry.objects.create(**values)
    with pytest.raises(IntegrityError), transaction.atomic():
        ResultEntry.objects.create(**values)
    # Other statuses may be as many as there are.
    ResultEntry.objects.create(**{**values, "status": Status.SUPERSEDED})
    ResultEntry.objects.create(**{**values, "status": Status.SUPERSEDED})
    assert ResultEntry.objects.filter(table=table.table).count() == 3
