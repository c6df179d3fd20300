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
    from django.apps import apps  # noqa: PLC0415 - the app registry is ready only in the worker

    # By name: the Celery app sits below the apps (the layers in pyproject.toml).
    return {"ok": True, "clubs": apps.get_model("clubs", "Club").objects.count()}


def send(name: str, *args) -> None:
    """Queue the task registered as `name`. By name, so that the module that queues a
    task (a service) need not import the one that defines it (the task module, which
    imports the service): no import circle."""
    app.send_task(name, args=args)
