"""Settings for the test suite: the project's settings, with everything the tests write
(SQLite test database, secret key, Celery queue) kept apart from a running `make run`
under var/test. Set TROEF_VAR_DIR to put it elsewhere.

Under pytest-xdist (`make test` runs one process per core) each process gets its own
folder, var/test/gw0, var/test/gw1, ..., and its own Celery queue on a shared broker, so
their databases, files and workers never meet. pytest-django already gives each process
its own test database (test_troef_gw0, ...). A child process (a Celery worker, the
venue server) inherits both through the environment."""

import os
from pathlib import Path

_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
_VAR = Path(
    os.environ.setdefault("TROEF_VAR_DIR", str(Path(__file__).resolve().parent.parent / "var/test"))
)
# The processes inherit the controller's folder; each takes its own inside it, once: a
# child process (a worker, a command under test) keeps the folder it was given.
if _WORKER and os.environ.get("TROEF_TEST_VAR_OF") != _WORKER:
    os.environ["TROEF_VAR_DIR"] = str(_VAR / _WORKER)
    os.environ["TROEF_TEST_VAR_OF"] = _WORKER

from config.settings import *  # noqa: E402, F403

if _WORKER:
    CELERY_TASK_DEFAULT_QUEUE = f"troef-test-{_WORKER}"
