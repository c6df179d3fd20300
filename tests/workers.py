"""A real Celery worker in its own process, on the broker and database of the test run."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.db import connection

from config.celery import app, ping

ROOT = Path(__file__).resolve().parent.parent


def tests_database_url() -> str:
    """DATABASE_URL of the database the tests are using right now."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    user = db.get("USER") or "postgres"
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    host = db.get("HOST") or "localhost"
    return f"postgres://{user}{password}@{host}:{db.get('PORT') or 5432}/{db['NAME']}"


@contextmanager
def celery_worker(log_path: Path, *, concurrency: int = 1, timeout: float = 60):
    """Start `celery worker` as a separate process, wait until it answers a ping, and
    stop it afterwards. Needs a transactional test (the worker reads committed rows)."""
    if settings.CELERY_BROKER_URL.startswith("filesystem://"):
        queue = Path(settings.CELERY_BROKER_TRANSPORT_OPTIONS["data_folder_in"])
        shutil.rmtree(queue, ignore_errors=True)
        queue.mkdir(parents=True)
    else:
        app.control.purge()
    env = {
        **os.environ,
        "DATABASE_URL": tests_database_url(),
        "DJANGO_SETTINGS_MODULE": "tests.settings",
        "PYTHONUNBUFFERED": "1",
    }
    celery = str(Path(sys.executable).with_name("celery"))
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [
                celery,
                "-A",
                "config",
                "worker",
                "--loglevel",
                "INFO",
                "--concurrency",
                str(concurrency),
                "--without-gossip",
                "--without-mingle",
                "--hostname",
                f"test-{os.getpid()}@%h",
            ],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + timeout
        result = ping.delay()
        while not result.ready():
            if process.poll() is not None:
                raise RuntimeError(f"worker exited: {log_path.read_text()[-3000:]}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"worker did not answer: {log_path.read_text()[-3000:]}")
            time.sleep(0.1)
        yield process
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
