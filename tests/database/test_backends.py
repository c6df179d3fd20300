"""`make test` runs on SQLite and the filesystem broker; `make test-services` runs the
same suite on PostgreSQL and Redis. This checks that each really uses what it claims."""

import os

from django.conf import settings
from django.db import connection


def test_the_suite_runs_on_the_services_it_claims(db):
    if os.environ.get("TROEF_TEST_SERVICES"):
        assert connection.vendor == "postgresql"
        assert settings.CELERY_BROKER_URL.startswith("redis://")
        assert settings.CELERY_RESULT_BACKEND.startswith("redis://")
    else:
        assert connection.vendor == "sqlite"
        assert settings.CELERY_BROKER_URL == "filesystem://"
        assert settings.CELERY_RESULT_BACKEND.startswith("file://")
