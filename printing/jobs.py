"""Print jobs: a round's or a tournament's pack of sheets, made by a Celery worker.

The PrintJob row is the truth, not the broker. A job is

- created by :func:`print_job_create` (the director's button) and sent to the broker
  when the transaction commits; a second click while it waits or runs gets the same job;
- claimed by the task with one conditional UPDATE (:func:`print_job_claim`): only a
  waiting job, or a running one whose worker stopped beating, can be claimed, so two
  deliveries of the same message make one run;
- kept alive by its run: every progress report moves the heartbeat (:func:`print_job_progress`),
  and a run that finds the job taken over by another stops;
- finished (:func:`print_job_finish`) after its file is written under MEDIA_ROOT/packs/
  (a temporary file renamed into place: a second run replaces it with the same bytes),
  or failed with a message for the director (:func:`print_job_fail`; the details go to
  the log);
- taken back by :func:`print_job_reap` when its worker died: a running job without a
  heartbeat for PRINT_JOB_STALE_SECONDS is sent again, or failed after
  PRINT_JOB_ATTEMPTS starts; a job waiting longer than PRINT_JOB_QUEUED_SECONDS is sent
  again (its message may have gone down with a worker). The reaper runs when a worker
  starts, then every PRINT_JOB_REAP_SECONDS in that worker (printing.tasks), and when
  the director presses a print button (a POST). Asking a job's status (a GET) changes
  nothing.
"""

from __future__ import annotations

import logging
import uuid
from datetime import datetime, timedelta
from pathlib import Path

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.services import log_action
from config.celery import send
from scoring.files import write_atomically
from tournaments.models import Round, Table, Tournament

from .models import PrintJob

logger = logging.getLogger(__name__)

Status = PrintJob.Status

#: Where the packs are written, under MEDIA_ROOT (never served as static media: the
#: download view checks who asks).
PACK_DIR = "packs"
#: Seconds between two progress writes of a run (the last one is always written).
PROGRESS_INTERVAL = 0.5

#: What the director reads when a job failed, by the code stored in PrintJob.error.
ERRORS = {
    "gone": gettext_lazy(
        "The round or tournament is no longer there (perhaps the draw was taken back)."
    ),
    "render": gettext_lazy("The sheets could not be made. The error is in the server's log."),
    "worker": gettext_lazy(
        "The worker making the sheets stopped several times. Try again, or ask whoever "
        "runs the site to look at the worker."
    ),
}


def error_message(job: PrintJob) -> str:
    """The failed job's message in the current language."""
    return str(ERRORS.get(job.error, ERRORS["render"])) if job.error else ""


def parse_job_id(value: str) -> uuid.UUID | None:
    """The UUID in `value`, or None when it is none (an address typed by hand)."""
    try:
        return uuid.UUID(str(value))
    except (ValueError, TypeError, AttributeError):
        return None


def _send(job_id: str) -> None:
    """Hand the job to the broker. A broker that is down loses nothing: the job waits
    in the database and the reaper sends it again."""
    try:
        send("scoring.render_pack", job_id)
    except Exception:  # the broker's errors are many; the job stays queued
        logger.exception("print job %s: could not reach the broker; the reaper retries", job_id)


def _send_on_commit(job_id: str) -> None:
    transaction.on_commit(lambda: _send(job_id))


# --- the director's button ------------------------------------------------------------------


def print_job_create(
    *, tournament: Tournament, round: Round | None = None, user, base_url: str
) -> PrintJob:
    """A job for `round`'s pack (draw list and score sheets) or, with round None, the
    whole tournament's; the one already waiting or running for the same pack if there
    is one (a double click makes one job). ValidationError for a round of another
    tournament or a round without tables.

    The button is also where a director takes back the jobs of dead workers (the
    workers' own reaper does so too): the status that the job page polls only reads."""
    print_job_reap()
    with transaction.atomic():
        # One job at a time per tournament: two clicks at once wait for each other here.
        tournament = (
            Tournament.objects.select_for_update().select_related("club").get(pk=tournament.pk)
        )
        if round is not None:
            if round.tournament_id != tournament.pk:
                raise ValidationError(_("That round is not part of this tournament."), code="round")
            if not Table.objects.filter(round=round).exists():
                raise ValidationError(
                    _("Round %(number)s has no tables: draw it first.") % {"number": round.number},
                    code="undrawn",
                )
        elif not Table.objects.filter(round__tournament=tournament).exists():
            raise ValidationError(
                _("This tournament has no drawn rounds yet: there is nothing to print."),
                code="undrawn",
            )
        # round=None matches the tournament's pack (IS NULL).
        existing = (
            PrintJob.objects.filter(
                tournament=tournament, round=round, status__in=(Status.QUEUED, Status.RUNNING)
            )
            .order_by("-created_at")
            .first()
        )
        if existing is not None:
            return existing
        now = timezone.now()
        job = PrintJob.objects.create(
            club=tournament.club,
            tournament=tournament,
            round=round,
            kind=PrintJob.Kind.ROUND if round is not None else PrintJob.Kind.TOURNAMENT,
            base_url=base_url[:200],
            created_by=user if user is not None and user.is_authenticated else None,
            heartbeat=now,  # while queued: when it was (last) sent to the broker
        )
        log_action(
            club=tournament.club,
            actor=job.created_by,
            action="print.requested",
            data={
                "job": str(job.pk),
                "tournament": tournament.pk,
                "evening": tournament.name,
                "pack": job.kind,
                **({"round": round.number} if round is not None else {}),
            },
        )
        _send_on_commit(str(job.pk))
    return job


# --- the task's side ------------------------------------------------------------------------


def print_job_claim(job_id: str, *, task_id: str = "", now: datetime | None = None):
    """Start a run of the job: the job (status running, attempts counted) when this run
    may go ahead; None when it is done, failed, gone, or running with a live heartbeat
    (another delivery of the same message is making it right now)."""
    now = now or timezone.now()
    stale = now - timedelta(seconds=settings.PRINT_JOB_STALE_SECONDS)
    claimable = Q(status=Status.QUEUED) | Q(status=Status.RUNNING, heartbeat__lt=stale)
    claimed = (
        PrintJob.objects.filter(
            claimable, pk=job_id, attempts__lt=settings.PRINT_JOB_ATTEMPTS
        ).update(
            status=Status.RUNNING,
            attempts=F("attempts") + 1,
            heartbeat=now,
            started_at=now,
            done=0,
            error="",
            task_id=task_id[:64],
        )
        == 1
    )
    if not claimed:
        return None
    return PrintJob.objects.select_related("club", "tournament", "round").get(pk=job_id)


class JobTakenOverError(Exception):
    """The job is no longer this run's: the reaper gave it to another run (this one
    was too slow to beat), or it was deleted. The run stops without writing."""


def _mine(job: PrintJob):
    return PrintJob.objects.filter(pk=job.pk, status=Status.RUNNING, attempts=job.attempts)


def print_job_progress(job: PrintJob, done: int, total: int, *, now: datetime | None = None):
    """Record the run's progress and beat; JobTakenOverError when the job is not this run's."""
    now, done = now or timezone.now(), min(done, total)
    if not _mine(job).update(done=done, total=total, heartbeat=now):
        raise JobTakenOverError(str(job.pk))
    job.done, job.total, job.heartbeat = done, total, now


def pack_path(job: PrintJob) -> Path:
    return Path(settings.MEDIA_ROOT) / PACK_DIR / f"{job.pk}.pdf"


def write_pack(job: PrintJob, data: bytes) -> str:
    """Write the pack's file atomically (a temporary file renamed into place: a reader
    never sees half a file, and a second run replaces the first's with the same bytes);
    its path relative to MEDIA_ROOT."""
    path = pack_path(job)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, data)
    return f"{PACK_DIR}/{path.name}"


def safe_filename(name: str) -> str:
    """`name` as a download file name: letters, digits and dashes, ending in .pdf."""
    stem = slugify(Path(name).stem) or "troef"
    return f"{stem[:150]}.pdf"


def print_job_finish(job: PrintJob, *, file: str, filename: str, total: int) -> bool:
    """Mark the job done; False when it was no longer this run's."""
    now = timezone.now()
    finished = _mine(job).update(
        status=Status.DONE,
        file=file,
        filename=safe_filename(filename),
        done=total,
        total=total,
        heartbeat=now,
        finished_at=now,
    )
    return finished == 1


def print_job_fail(job: PrintJob, code: str) -> bool:
    """Mark the job failed with the message of `code` (see ERRORS); False when it was
    no longer this run's."""
    now = timezone.now()
    return _mine(job).update(status=Status.FAILED, error=code, finished_at=now) == 1


# --- the reaper -------------------------------------------------------------------------------


def print_job_reap(now: datetime | None = None) -> dict[str, int]:
    """Take back the jobs whose worker died: a running job without a heartbeat for
    PRINT_JOB_STALE_SECONDS is queued and sent again, or failed once it has been
    started PRINT_JOB_ATTEMPTS times; a job waiting more than PRINT_JOB_QUEUED_SECONDS is
    sent again. Each change is a conditional UPDATE on the heartbeat that was read, so
    two reapers at once change (and send) each job once. How many jobs were
    {"requeued", "resent", "failed"}."""
    now = now or timezone.now()
    stale = now - timedelta(seconds=settings.PRINT_JOB_STALE_SECONDS)
    waited = now - timedelta(seconds=settings.PRINT_JOB_QUEUED_SECONDS)
    counts = {"requeued": 0, "resent": 0, "failed": 0}
    candidates = PrintJob.objects.filter(
        Q(status=Status.RUNNING, heartbeat__lt=stale)
        | Q(status=Status.QUEUED, heartbeat__lt=waited)
        | Q(status__in=(Status.QUEUED, Status.RUNNING), heartbeat__isnull=True)
    ).values_list("pk", "status", "attempts", "heartbeat")
    for pk, status, attempts, heartbeat in list(candidates):
        seen = PrintJob.objects.filter(pk=pk, status=status, attempts=attempts, heartbeat=heartbeat)
        if attempts >= settings.PRINT_JOB_ATTEMPTS:
            if seen.update(status=Status.FAILED, error="worker", finished_at=now):
                counts["failed"] += 1
                logger.warning("print job %s: failed after %s attempts", pk, attempts)
            continue
        # Back to waiting from the start: the page shows no progress of the dead run.
        if seen.update(status=Status.QUEUED, heartbeat=now, done=0):
            counts["requeued" if status == Status.RUNNING else "resent"] += 1
            logger.warning("print job %s: %s, sent again", pk, status)
            _send_on_commit(str(pk))
    return counts
