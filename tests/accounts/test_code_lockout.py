"""Wrong personal codes are limited for the whole site, not per process (clubs.tries).

With the count in each process's memory, three gunicorn workers checked 26 of 45 wrong
codes instead of 10, and a restart forgot them. Here the count is a database row: two
real processes guessing at the same moment get CODE_TRIES codes checked between them,
the lock survives a cleared cache and a new process (a restart), and it ends when its
time is up. Also two connections (threads) at once, and through the table's link with
an idempotency key (whose transaction the refusal must not undo)."""

from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils import timezone, translation

from clubs import tries
from clubs.idempotency import FIELD
from clubs.models import TryCounter
from scoring import services
from scoring.actors import Actor
from scoring.services.codes import _tries_key, code_proof

from ..at_once import THREADS, run_at_once
from ..factories import ClubFactory
from ..results.helpers import as_post, game_table, summary
from ..workers import tests_database_url as database_url

ROOT = Path(__file__).resolve().parents[2]
AHEAD = summary(False, {"total": 455}, {"total": 310}, {"total": 205}, {"total": -40})
GUESSES = 15

#: A process that types `count` codes for one player at one table, and says how many
#: were checked (answered "not the code") and how many refused unchecked (locked).
GUESSER = """
import json, sys, django
django.setup()
from django.core.exceptions import ValidationError
from django.utils import translation
from scoring.actors import Actor
from scoring.services.codes import code_proof
from tournaments.models import Entry, Table
translation.activate("en")
table = Table.objects.get(pk=int(sys.argv[1]))
entry = Entry.objects.select_related("member").get(pk=int(sys.argv[2]))
code, count = sys.argv[3], int(sys.argv[4])
seen = {"checked": 0, "locked": 0, "right": 0}
for _ in range(count):
    try:
        code_proof(table, Actor(entry=entry, code=code))
    except ValidationError as error:
        seen["locked" if "Too many" in error.messages[0] else "checked"] += 1
    else:
        seen["right"] += 1
print(json.dumps(seen))
"""


def guessers(table, entry, code: str, count: int, processes: int) -> list[dict[str, int]]:
    """`processes` real processes on the test database, started together."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "DJANGO_SETTINGS_MODULE": "tests.settings",
    }
    args = [str(table.table.pk), str(entry.pk), code, str(count)]
    running = [
        subprocess.Popen(
            [sys.executable, "-c", GUESSER, *args],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(processes)
    ]
    seen = []
    for process in running:
        out, err = process.communicate(timeout=180)
        assert process.returncode == 0, err
        seen.append(json.loads(out.strip().splitlines()[-1]))
    return seen


@pytest.fixture
def live_codes_table(transactional_db):
    """A table whose tournament asks for personal codes, committed for other processes."""
    from tournaments.models import Tournament

    table = game_table(ClubFactory(), confirm_by=Tournament.ConfirmBy.CODES)
    for entry in table.entries:
        services.personal_code(entry)
    return table


def test_two_processes_check_no_more_than_the_limit_between_them(live_codes_table):
    table = live_codes_table
    entry = table.entries[1]
    seen = guessers(table, entry, "AAAAAA", GUESSES, processes=2)
    assert sum(s["checked"] for s in seen) == services.CODE_TRIES, seen
    assert sum(s["locked"] for s in seen) == 2 * GUESSES - services.CODE_TRIES, seen
    # The lock holds for the cache being emptied, and for a new process (a restart),
    # also with the right code.
    cache.clear()
    right = services.personal_code(entry)
    with pytest.raises(ValidationError, match="15"):
        code_proof(table.table, Actor(entry=entry, code=right))
    assert guessers(table, entry, right, 1, processes=1) == [
        {"checked": 0, "locked": 1, "right": 0}
    ]


def test_connections_at_once_take_no_more_than_the_limit(live_codes_table):
    table = live_codes_table
    entry = table.entries[2]
    key = _tries_key(table.table, entry)
    rounds = [run_at_once(lambda _i: tries.take(key, limit=services.CODE_TRIES, seconds=900))]
    rounds.append(run_at_once(lambda _i: tries.take(key, limit=services.CODE_TRIES, seconds=900)))
    taken = rounds[0] + rounds[1]
    assert all(isinstance(outcome, bool) for outcome in taken), taken
    assert taken.count(True) == services.CODE_TRIES
    assert taken.count(False) == 2 * THREADS - services.CODE_TRIES
    assert tries.used(key) == services.CODE_TRIES


def test_the_lock_ends_when_its_time_is_up(two_clubs):
    from tournaments.models import Tournament

    table = game_table(two_clubs.a, confirm_by=Tournament.ConfirmBy.CODES)
    entry = table.entries[1]
    right = services.personal_code(entry)
    with translation.override("en"):
        for _ in range(services.CODE_TRIES):
            with pytest.raises(ValidationError, match="not the personal code"):
                code_proof(table.table, Actor(entry=entry, code="AAAAAA"))
        with pytest.raises(ValidationError, match="Too many wrong codes"):
            code_proof(table.table, Actor(entry=entry, code=right))
    TryCounter.objects.update(expires_at=timezone.now() - datetime.timedelta(seconds=1))
    assert code_proof(table.table, Actor(entry=entry, code=right))
    assert not TryCounter.objects.exists()  # the right code gives the tries back


def test_wrong_codes_at_the_tables_link_are_counted_with_a_key_too(two_clubs):
    """With an idempotency key the view runs in one transaction, and the service's
    refusal rolls its own part back: the count is kept all the same."""
    from tournaments.models import Tournament

    table = game_table(two_clubs.a, confirm_by=Tournament.ConfirmBy.CODES)
    entry = table.entries[0]
    services.personal_code(entry)
    phone = Client()
    phone.cookies["csrftoken"] = "c" * 32
    for number in range(services.CODE_TRIES):
        data = {
            **as_post(AHEAD, table.version, player=str(entry.pk)),
            "code": "AAAAAA",
            FIELD: str(uuid.uuid4()),
        }
        assert phone.post(table.link, data).status_code == 200
        assert tries.used(_tries_key(table.table, entry)) == number + 1
