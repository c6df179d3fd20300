"""Print jobs with a real Celery worker process on the configured broker (the filesystem
transport by default, Redis in `make test-services`): a pack is made with progress, a
second delivery does no harm, and a worker killed in the middle of a pack leaves a job
that is taken back and finished by the next worker, or failed once it is out of
attempts: never one left "being made"."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from datetime import timedelta
from pathlib import Path

import pytest
from celery.result import AsyncResult
from django.utils import timezone

import config.settings as defaults  # the values before the tests change them
from printing import contents as printing
from printing import jobs
from printing.models import PrintJob
from printing.tasks import render_pack
from tests.sheets.pdf import pdf_text
from tests.workers import celery_worker

from .helpers import big_round

Status = PrintJob.Status
#: Tables of the pack that is killed half-way: big enough to be caught while running
#: (a few seconds of rendering).
BIG = 500
#: Seconds without a heartbeat before a job counts as abandoned, in these tests.
STALE = 2


@pytest.fixture
def worker_settings(settings, monkeypatch, tmp_path):
    """The same settings here and in the worker processes (they read the environment)."""
    media = tmp_path / "media"
    for name, value in (
        ("MEDIA_ROOT", str(media)),
        ("PRINT_JOB_STALE_SECONDS", str(STALE)),
        ("PRINT_JOB_ATTEMPTS", "3"),
    ):
        monkeypatch.setenv(name, value)
    settings.MEDIA_ROOT = media
    settings.PRINT_JOB_STALE_SECONDS = STALE
    settings.PRINT_JOB_ATTEMPTS = 3
    return settings


def wait_for(condition, *, timeout: float = 120, what: str = "", log: Path | None = None):
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            tail = log.read_text()[-3000:] if log is not None and log.exists() else ""
            raise AssertionError(f"timed out waiting for {what}\n{tail}")
        time.sleep(0.05)


def job_row(job) -> PrintJob:
    return PrintJob.objects.get(pk=job.pk)


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (the worker's pool processes)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # pid (comm) state ppid ...: comm may hold spaces, so split after its ")".
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.append(int(entry.name))
    return found


def kill_worker(process) -> None:
    """SIGKILL the worker's main process and its pool processes, as a power cut or the
    OOM killer would: nothing gets to clean up."""
    pool = children(process.pid)
    assert pool, "the worker has no pool process"
    os.kill(process.pid, signal.SIGKILL)
    for pid in pool:
        with contextlib.suppress(ProcessLookupError):  # gone with its parent already
            os.kill(pid, signal.SIGKILL)
    process.wait(timeout=20)


def running_with_progress(job):
    """The job's row while it is being made and some documents are done, and the task's
    PROGRESS state in the result backend says so too; else None."""
    row = job_row(job)
    if row.status != Status.RUNNING or row.done == 0 or not row.task_id:
        return None
    result = AsyncResult(row.task_id)
    if result.state != "PROGRESS" or not result.info or result.info.get("done", 0) == 0:
        return None
    return row, result.info


def test_a_worker_makes_a_round_pack_and_a_second_delivery_changes_nothing(
    transactional_db, two_clubs, worker_settings, tmp_path
):
    evening = two_clubs.evening
    log = tmp_path / "worker.log"
    with celery_worker(log):
        job = jobs.print_job_create(
            tournament=evening.tournament,
            round=evening.round,
            user=two_clubs.director,
            base_url="http://club.example/",
        )
        done = wait_for(
            lambda: job_row(job).status in (Status.DONE, Status.FAILED) and job_row(job),
            what="the pack",
            log=log,
        )
        assert done.status == Status.DONE, log.read_text()[-3000:]
        pack = printing.round_pack(evening.round.pk, base_url="http://club.example/")
        assert done.total == done.done == len(pack.documents) == 3  # draw list + 2 tables
        assert done.attempts == 1 and done.finished_at is not None
        assert AsyncResult(done.task_id).get(timeout=30)["status"] == "done"
        path = Path(worker_settings.MEDIA_ROOT) / done.file
        data = path.read_bytes()
        assert data.startswith(b"%PDF")
        text = "\n".join(pdf_text(data))
        for entry in evening.entries:
            assert entry.name in text
        modified = path.stat().st_mtime_ns

        # The same message again (a broker may deliver twice): the job is done, the
        # second run leaves it and its file alone.
        again = render_pack.delay(str(job.pk)).get(timeout=30)
        assert again == {"job": str(job.pk), "ran": False}
        row = job_row(job)
        assert (row.status, row.attempts, row.task_id) == (Status.DONE, 1, done.task_id)
        assert path.stat().st_mtime_ns == modified
        assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


def test_a_killed_worker_s_job_is_taken_back_and_finished_or_failed_out_of_attempts(
    transactional_db, two_clubs, worker_settings, tmp_path, client_as
):
    round_ = big_round(two_clubs.a, tables=BIG)
    director = client_as(two_clubs.director)

    # 1. A worker starts the pack and is killed half-way.
    log = tmp_path / "worker-1.log"
    with celery_worker(log) as process:
        job = jobs.print_job_create(
            tournament=round_.tournament, round=round_, user=two_clubs.director, base_url="x"
        )
        row, info = wait_for(
            lambda: running_with_progress(job), timeout=120, what="progress", log=log
        )
        # Progress is reported in the row and in the task's state.
        assert row.total == BIG + 1
        assert 0 < info["done"] <= info["total"] == BIG + 1
        kill_worker(process)
    killed = job_row(job)
    assert killed.status == Status.RUNNING and 0 < killed.done < killed.total
    assert killed.attempts == 1

    # 2. Once its heartbeat is stale, the next worker's start takes it back and makes it.
    wait_for(
        lambda: timezone.now() - job_row(job).heartbeat > timedelta(seconds=STALE + 0.5),
        timeout=30,
        what="a stale heartbeat",
    )
    log = tmp_path / "worker-2.log"
    with celery_worker(log) as process:
        seen = set()  # the progress the job page would show, while it is being made

        def finished():
            row = job_row(job)
            if row.status == Status.RUNNING and row.attempts == 2:
                seen.add(row.done)
            return row.status in (Status.DONE, Status.FAILED) and row

        done = wait_for(finished, what="the pack, made again", log=log)
        assert done.status == Status.DONE, log.read_text()[-3000:]
        assert len(seen - {0}) >= 2, seen  # the bar moved
        assert done.attempts == 2
        assert done.done == done.total == BIG + 1
        data = (Path(worker_settings.MEDIA_ROOT) / done.file).read_bytes()
        pages = pdf_text(data)
        assert "Speler 0000" in pages[0] and f"Speler {BIG * 4 - 1:04d}" in "".join(pages)

        # 3. Another pack is killed on its last allowed attempt: the reaper (here the
        # director's print button) fails it with a message instead of leaving it running.
        whole = jobs.print_job_create(
            tournament=round_.tournament, user=two_clubs.director, base_url="x"
        )
        wait_for(lambda: running_with_progress(whole), timeout=120, what="progress", log=log)
        kill_worker(process)
    assert job_row(whole).status == Status.RUNNING
    worker_settings.PRINT_JOB_ATTEMPTS = 1
    url = f"/c/rooi/print-jobs/{whole.pk}/status/"
    wait_for(
        lambda: timezone.now() - job_row(whole).heartbeat > timedelta(seconds=STALE + 0.5),
        timeout=30,
        what="a stale heartbeat",
    )
    # The job page asking its status changes nothing ...
    assert director.get(url).json()["status"] == "running"
    assert job_row(whole).status == Status.RUNNING
    # ... the director's button takes it back (and, with the job failed, makes a new one).
    button = f"/c/rooi/tournaments/{round_.tournament.pk}/print/"
    assert director.post(button).status_code == 302
    status = director.get(url).json()
    assert status["status"] == "failed"
    assert status["error"] == jobs.error_message(job_row(whole))
    assert status["download_url"] is None
    failed = job_row(whole)
    assert (failed.status, failed.attempts, failed.error) == (Status.FAILED, 1, "worker")


def test_a_running_worker_takes_back_a_dead_run_s_job_on_its_own(
    transactional_db, two_clubs, worker_settings, tmp_path, monkeypatch
):
    """A job left "being made" by a worker that died while this worker kept running (no
    worker start, nobody on the job page): the worker's own reaper loop takes it back and
    makes it. With the default settings that happens within two minutes."""
    assert defaults.PRINT_JOB_STALE_SECONDS + defaults.PRINT_JOB_REAP_SECONDS < 120
    monkeypatch.setenv("PRINT_JOB_REAP_SECONDS", "1")
    evening = two_clubs.evening
    log = tmp_path / "worker.log"
    with celery_worker(log):
        # The row a dead run leaves: running, one attempt, and no message in the queue.
        # Its heartbeat is fresh, so the worker's start does not take it: only the loop can.
        job = PrintJob.objects.create(
            club=two_clubs.a,
            tournament=evening.tournament,
            round=evening.round,
            kind=PrintJob.Kind.ROUND,
            base_url="http://club.example/",
            status=Status.RUNNING,
            attempts=1,
            done=1,
            total=3,
            heartbeat=timezone.now(),
            task_id="dead-run",
        )
        done = wait_for(
            lambda: job_row(job).status in (Status.DONE, Status.FAILED) and job_row(job),
            timeout=60,
            what="the reaper loop",
            log=log,
        )
    assert done.status == Status.DONE, log.read_text()[-3000:]
    assert done.attempts == 2
    assert done.task_id != "dead-run"
    assert done.done == done.total == 3
    data = (Path(worker_settings.MEDIA_ROOT) / done.file).read_bytes()
    text = "\n".join(pdf_text(data))
    for entry in evening.entries:
        assert entry.name in text
