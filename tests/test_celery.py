"""A real worker process consumes the configured broker (the filesystem transport by
default, Redis in `make test-services`) and reaches the test database."""

from io import StringIO

from django.core.management import call_command

from config.celery import ping

from .factories import ClubFactory
from .workers import celery_worker


def test_a_real_worker_answers_through_broker_database_and_backend(transactional_db, tmp_path):
    ClubFactory.create_batch(3)
    with celery_worker(tmp_path / "worker.log"):
        assert ping.delay().get(timeout=30) == {"ok": True, "clubs": 3}
        out = StringIO()
        call_command("worker_status", "--timeout", "30", stdout=out)
        assert "worker answered" in out.getvalue()
        assert "'clubs': 3" in out.getvalue()


def test_worker_status_says_when_no_worker_answers(db):
    import pytest
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="no worker answered within 1 s"):
        call_command("worker_status", "--timeout", "1")
