"""The club's row lock in disputes.services.dispute_save, shown to work where it can
fail: on PostgreSQL two saves of the same ruling at the same moment store one dispute
because the second waits for the first's lock.

The ten-clicks test (test_save_game.py) passes on PostgreSQL even without the lock: the
window between looking for a repeat and saving is so short that ten threads rarely meet
in it. Here the first save holds that window open until the second either reaches it too
(no lock: both would save) or is seen by PostgreSQL waiting for a lock."""

from __future__ import annotations

import threading
import time

from django.db import connection

from clubs.models import ActionLog
from disputes import services
from disputes.models import Dispute
from games.cases import judge

from ..at_once import assert_row_locks, row_lock

CASE = {"game": "meino", "check": "play", "top": "R5", "colour": "R",
        "hand": ["R7", "W+4", "B5"], "card": "W+4", "wish": "G"}  # fmt: skip
RULING = "Bas mocht die +4 niet leggen: hij pakt er vier."
#: How long the first save waits for the second at most (it is seen within milliseconds).
PATIENCE_SECONDS = 30


def _waiting_for_a_lock() -> int:
    """Connections of this database that PostgreSQL shows waiting for a lock.

    The first save asks from inside its own transaction, where PostgreSQL keeps one
    snapshot of pg_stat_activity until the transaction ends; the snapshot is cleared
    first so every look sees the connections as they are now."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cursor.fetchone()[0]


@row_lock
def test_a_second_save_waits_for_the_first_and_finds_its_dispute(
    two_clubs, transactional_db, monkeypatch
):
    assert_row_locks()
    looking = services._repeat_of
    arrived: list[int] = []
    changed = threading.Condition()
    seen = {"waiting": 0, "together": False}

    def held_open(**kwargs):
        with changed:
            arrived.append(threading.get_ident())
            changed.notify_all()
            first = len(arrived) == 1
        if first:
            # Hold the window open until the other save is here too, or waits for the lock.
            deadline = time.monotonic() + PATIENCE_SECONDS
            with changed:
                # woken when the other arrives; PostgreSQL's view of the lock is looked at
                # every 10 ms
                while not (len(arrived) > 1 or _waiting_for_a_lock()):
                    if time.monotonic() > deadline:
                        break
                    changed.wait(0.01)
                seen["together"] = len(arrived) > 1
            seen["waiting"] = _waiting_for_a_lock()
        return looking(**kwargs)

    monkeypatch.setattr(services, "_repeat_of", held_open)
    verdict = judge(CASE)
    saved: list[int] = []

    def save() -> None:
        try:
            dispute = services.dispute_save(
                club=two_clubs.a, user=two_clubs.director, case=CASE, verdict=verdict,
                ruling=RULING,
            )  # fmt: skip
            saved.append(dispute.pk)
        finally:
            connection.close()

    threads = [threading.Thread(target=save) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=PATIENCE_SECONDS * 2)
    assert not seen["together"], "both saves looked for a repeat at once: no lock"
    assert seen["waiting"] == 1, "the second save was not waiting for the first's lock"
    assert len(saved) == 2 and len(set(saved)) == 1
    assert Dispute.objects.count() == 1
    assert ActionLog.objects.filter(action="dispute.saved").count() == 1
