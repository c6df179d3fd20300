"""Settings for the test suite: the project's settings, with everything the tests write
(SQLite test database, secret key, Celery queue) kept apart from a running `make run`
under var/test. Set TROEF_VAR_DIR to put it elsewhere."""

import os
from pathlib import Path

os.environ.setdefault("TROEF_VAR_DIR", str(Path(__file__).resolve().parent.parent / "var" / "test"))

from config.settings import *  # noqa: F403
