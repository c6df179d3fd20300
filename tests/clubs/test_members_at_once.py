"""Members added at the same moment: one wins, the others get a clear answer, and none
is lost to "database is locked".

No row lock is involved: clubs.services.member_create checks the number and inserts,
and the database's unique constraint decides a race between the two. On SQLite
(IMMEDIATE transactions) the writers are serialised, so the threads below never race
past the check; on PostgreSQL (`make test-services`) they do, and the constraint's
IntegrityError is what turns into the clear answer. The last test makes that race
certain on either database."""

from unittest import mock

import pytest
from django.core.exceptions import ValidationError

from clubs import services
from clubs.models import ActionLog, Member

from ..at_once import THREADS, run_at_once
from ..factories import ClubFactory


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


def test_a_number_taken_between_the_check_and_the_insert_gets_the_clear_answer(db):
    """The race the threads above can only show on PostgreSQL, made certain: the other
    request's member lands after this one's check said the number was free."""
    club = ClubFactory()
    services.member_create(club=club, actor=None, name="Eerste", membership_number="SAME")
    taken_meanwhile = mock.patch.object(services, "_number_taken", return_value=False)
    with taken_meanwhile, pytest.raises(ValidationError) as refused:
        services.member_create(club=club, actor=None, name="Tweede", membership_number="SAME")
    assert "membership_number" in refused.value.message_dict
    assert list(Member.objects.filter(club=club).values_list("name", flat=True)) == ["Eerste"]
    assert ActionLog.objects.filter(club=club).count() == 1
