"""The Celery app. Broker and result backend come from settings (CELERY_* variables)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("troef")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="troef.ping")
def ping() -> dict:
    """Round trip through broker, worker, database and result backend.

    `manage.py worker_status` and the test suite use it to prove that a worker is
    really consuming the configured queue and can reach the database.
    """
    from clubs.models import Club  # noqa: PLC0415 - the app registry is ready only in the worker

    return {"ok": True, "clubs": Club.objects.count()}
