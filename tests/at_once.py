"""The same work started in several threads at one moment, for tests of writes that
arrive together. Each thread has its own database connection (closed at its end), so
the writes really are separate transactions. Below: which database can show what."""

import os
import threading

import pytest
from django.db import connection

THREADS = 8


def run_at_once(work) -> list:
    """`work(i)` in THREADS threads released together by a barrier: what each returned,
    or the exception it raised, in thread order."""
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


# --- which database shows what ----------------------------------------------------------
#
# SQLite has no row locks (Django ignores select_for_update there) and needs none: its
# IMMEDIATE transactions (config/settings.py) take the write lock at BEGIN, so writers
# run one after another, waiting (busy timeout) rather than failing with "database is
# locked". Threads on SQLite therefore pass with or without a select_for_update in the
# service. What a row lock does is seen only where writers really run side by side:
# PostgreSQL, under `make test-services`. So each test of a row lock comes twice: the
# test itself (`@row_lock`: marked `services`, run by make test-services) and its twin
# on SQLite (`@serialised_on_sqlite`), which checks what SQLite does with the same
# writers.

#: Set by `make test-services` (PostgreSQL, Redis), as tests/database/test_backends.py
#: checks.
SERVICES = bool(os.environ.get("TROEF_TEST_SERVICES"))


def row_lock(test):
    """A test of a row lock (select_for_update): it runs under make test-services, on
    PostgreSQL, and is skipped by make test, whose SQLite cannot show the lock."""
    reason = (
        "a row lock shows only on PostgreSQL (make test-services, TROEF_TEST_SERVICES=1): "
        "SQLite runs writers one after another, lock or not; the _on_sqlite twin checks that"
    )
    return pytest.mark.services(pytest.mark.skipif(not SERVICES, reason=reason)(test))


def serialised_on_sqlite(test):
    """The SQLite twin of a `row_lock` test (make test): the same writers, serialised."""
    reason = "checks SQLite's serialised writers; the row_lock twin runs on PostgreSQL here"
    return pytest.mark.skipif(SERVICES, reason=reason)(test)


def assert_row_locks() -> None:
    """The database really locks rows, and so runs writers side by side."""
    assert connection.vendor == "postgresql", connection.vendor
    assert connection.features.has_select_for_update


def assert_writers_serialised() -> None:
    """SQLite: no row locks, and IMMEDIATE transactions that serialise every writer."""
    assert connection.vendor == "sqlite", connection.vendor
    assert not connection.features.has_select_for_update
    assert connection.settings_dict["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
