"""Writes arriving at the same moment: one wins, the others get a clear answer, and none
is lost to "database is locked" (SQLite in IMMEDIATE mode; PostgreSQL in
`make test-services`)."""

import threading

from django.core.exceptions import ValidationError
from django.db import connection

from clubs import services
from clubs.models import ActionLog, Member

from .factories import ClubFactory

THREADS = 8


def run_at_once(work) -> list:
    barrier = threading.Barrier(THREADS)
    outcomes = [None] * THREADS

    def runner(index):
        try:
            barrier.wait()
            outcomes[index] = work(index)
        except Exception as exc:
            outcomes[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=runner, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


def test_concurrent_adds_of_different_members_all_land(transactional_db):
    club = ClubFactory()
    outcomes = run_at_once(
        lambda i: services.member_create(
            club=club, actor=None, name=f"Speler {i}", membership_number=f"N{i}"
        )
    )
    assert all(isinstance(outcome, Member) for outcome in outcomes), outcomes
    assert Member.objects.filter(club=club).count() == THREADS
    assert ActionLog.objects.filter(club=club, action="member.added").count() == THREADS


def test_concurrent_adds_of_one_number_store_exactly_one(transactional_db):
    club = ClubFactory()
    outcomes = run_at_once(
        lambda i: services.member_create(
            club=club, actor=None, name=f"Speler {i}", membership_number="SAME"
        )
    )
    winners = [outcome for outcome in outcomes if isinstance(outcome, Member)]
    losers = [outcome for outcome in outcomes if isinstance(outcome, ValidationError)]
    assert len(winners) == 1
    assert len(losers) == THREADS - 1, outcomes
    assert all("membership_number" in loser.message_dict for loser in losers)
    assert Member.objects.filter(club=club).count() == 1
    assert ActionLog.objects.filter(club=club).count() == 1
