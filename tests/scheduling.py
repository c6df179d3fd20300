"""How the suite's tests are handed to the test processes (pytest-xdist, `--dist loadgroup`).

Two things make the wall time longer than the work divided by the processes:

- **A fixture made twice.** A module- or session-scoped fixture that starts a server or
  builds a site (the venue, the backup sites, seed_demo) is made again in every process
  that runs one of its tests. Each of the modules in GROUPS runs in one process, whole
  (an ``xdist_group`` mark), so its fixture is made once.
- **A long unit last.** The processes take tests in collection order; a unit of a minute
  taken last leaves the other process idle for that minute. The GROUPS and the single
  tests in SLOW (their paths) are moved to the front, the longest first, so the many
  short tests fill in beside them.

Neither changes what any test does, only where and when it runs; the order within a
module is kept. With one process (`TEST_PROCESSES=0`) only the order changes.
"""

from __future__ import annotations

import pytest

#: Path prefix -> group name: each group runs whole in one process.
GROUPS = {
    "tests/backups/": "backups",
    "tests/venue/test_venue_server.py": "venue-server",
    "tests/database/test_faults.py": "database-faults",
    "tests/clubs/test_seed_demo.py": "seed-demo",  # not test_seed_demo_real_club.py
    "tests/docs/test_readme.py": "readme",
    "tests/print_jobs/test_jobs_worker.py": "jobs-worker",
}
#: Path prefixes of other long tests (several seconds each: real workers, subprocesses).
SLOW = (
    "tests/venue/test_venue_orphans.py",
    "tests/standings/test_demo_recount.py",
    "tests/test_celery.py",
    "tests/ratings/test_worker.py",
    "tests/games/test_fuzz.py",
    "tests/deployment/test_settings.py",
    "tests/database/test_url_commands.py",
)
#: GROUPS and SLOW in the order they are handed out: the longest first.
FRONT = tuple(GROUPS) + SLOW


def _front(path: str) -> int:
    """Where a test's module comes in FRONT; len(FRONT) for every other test."""
    return next((i for i, prefix in enumerate(FRONT) if path.startswith(prefix)), len(FRONT))


def arrange(items: list[pytest.Item]) -> None:
    """Mark the grouped tests and move them and the slow ones to the front, in place."""
    for item in items:
        path = item.nodeid.split("::", 1)[0]
        group = next((name for prefix, name in GROUPS.items() if path.startswith(prefix)), None)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
    # sort is stable: the order within a module, and of the other tests, stays.
    items.sort(key=lambda item: _front(item.nodeid.split("::", 1)[0]))
