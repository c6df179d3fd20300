"""A long rating replay goes to a real Celery worker process (tests/workers.py), which
brings the ratings up to date and leaves the game's update row idle with its progress."""

from __future__ import annotations

import pytest

from ratings import services
from ratings.models import Rating, RatingUpdate

from ..factories import MemberFactory
from ..print_jobs.test_jobs_worker import wait_for
from ..workers import celery_worker
from .test_app import GAME, evening, from_scratch, stored


@pytest.mark.django_db(transaction=True)
def test_the_worker_replays_a_long_season(two_clubs, tmp_path, monkeypatch):
    monkeypatch.setattr(services, "INLINE_TABLES", 1)
    players = [MemberFactory(club=two_clubs.a) for _ in range(4)]
    for day in range(4):
        evening(two_clubs.a, day * 7, [(players[0], players[1]), (players[2], players[3])])
    log = tmp_path / "worker.log"
    with celery_worker(log):
        waiting = services.refresh([GAME])
        assert waiting[GAME].status == RatingUpdate.Status.QUEUED
        job = wait_for(
            lambda: (
                (row := RatingUpdate.objects.get(game=GAME)).status == RatingUpdate.Status.IDLE
                and row.done
                and row
            ),
            what="the ratings",
            log=log,
        )
    assert (job.done, job.total) == (4, 4)
    assert Rating.objects.get(member=players[0], game=GAME).games == 4
    by_worker = stored()
    assert by_worker == from_scratch()
