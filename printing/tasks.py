"""Celery tasks of the printing app: a print job's pack (see printing.jobs) and the reaper
that takes back the jobs of workers that died.

Their names still say ``scoring.``, where they were born: a message queued before the
print jobs left scoring (and a beat schedule written then) must still find its task."""

from __future__ import annotations

import logging
import threading
import time

from celery import shared_task
from celery.signals import worker_ready
from django.conf import settings
from django.db import connections

from . import jobs

logger = logging.getLogger(__name__)


@shared_task(bind=True, name="scoring.render_pack")
def render_pack(self, job_id: str) -> dict:
    """Make the pack of print job `job_id`. Safe to run twice, or at once: only one run
    claims the job, a finished job is left alone, and the file is written atomically
    to the same place."""
    from tournaments.models import Round, Tournament  # noqa: PLC0415

    from . import contents, sheets  # noqa: PLC0415 - contents loads the whole app

    if jobs.parse_job_id(job_id) is None:
        logger.error("print job %r: not a job id", job_id)
        return {"job": str(job_id), "ran": False}
    task_id = self.request.id or ""
    job = jobs.print_job_claim(job_id, task_id=task_id)
    if job is None:  # done, failed, gone, or another run is making it right now
        return {"job": job_id, "ran": False}

    last = 0.0

    def report(done: int, total: int) -> None:
        nonlocal last
        now = time.monotonic()
        if done < total and now - last < jobs.PROGRESS_INTERVAL:
            return
        last = now
        jobs.print_job_progress(job, done, total)
        if task_id:
            self.update_state(state="PROGRESS", meta={"job": job_id, "done": done, "total": total})

    try:
        if job.round_id is not None:
            pack = contents.round_pack(job.round_id, base_url=job.base_url)
        else:
            pack = contents.tournament_pack(job.tournament_id, base_url=job.base_url)
        total = len(pack.documents)
        report(0, total)
        data = sheets.render(
            pack.documents,
            language=pack.language,
            title=pack.title,
            author=pack.author,
            created=job.created_at,  # a second run writes the same bytes
            progress=report,
        )
        # Written before the row says done, so a done job always has its file.
        file = jobs.write_pack(job, data)
        if not jobs.print_job_finish(job, file=file, filename=pack.filename, total=total):
            raise jobs.JobTakenOverError(job_id)
    except jobs.JobTakenOverError:
        logger.warning("print job %s: taken over by another run; this one stops", job_id)
        return {"job": job_id, "ran": False}
    except (Round.DoesNotExist, Tournament.DoesNotExist):
        logger.warning("print job %s: its round or tournament is gone", job_id)
        jobs.print_job_fail(job, "gone")
        return {"job": job_id, "ran": True, "status": "failed"}
    except Exception:
        logger.exception("print job %s: the pack could not be made", job_id)
        jobs.print_job_fail(job, "render")
        return {"job": job_id, "ran": True, "status": "failed"}
    return {"job": job_id, "ran": True, "status": "done", "done": total, "total": total}


@shared_task(name="scoring.reap_print_jobs")
def reap_print_jobs() -> dict:
    """Take back the print jobs of workers that died (for a beat schedule, or by hand;
    every worker also does it itself, see below)."""
    return jobs.print_job_reap()


def _reap(when: str) -> None:
    try:
        counts = jobs.print_job_reap()
        if any(counts.values()):
            logger.warning("print jobs taken back (%s): %s", when, counts)
    except Exception:  # the database may be away for a moment; try again next time
        logger.exception("print jobs: the reaper failed (%s)", when)
    finally:
        connections.close_all()  # this thread's connection; none kept between passes


def _reaper_loop(interval: float) -> None:
    while True:
        time.sleep(interval)
        _reap(f"every {interval} s")


@worker_ready.connect
def reap_when_a_worker_starts(sender=None, **kwargs) -> None:
    """A worker that starts takes back the jobs its dead predecessor held, then looks
    again every PRINT_JOB_REAP_SECONDS in a thread of its main process. So a killed
    worker's job is taken back within two minutes wherever a worker runs, without a
    beat (whose embedded form, `worker -B`, does not stop on Ctrl-C). Several workers
    reaping at once is safe: each change is a conditional UPDATE."""
    _reap("worker start")
    interval = settings.PRINT_JOB_REAP_SECONDS
    if interval > 0:
        threading.Thread(
            target=_reaper_loop, args=(interval,), name="print-job-reaper", daemon=True
        ).start()
