"""A print job: a pack of sheets made by a Celery worker (printing.jobs, printing.tasks)."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from tournaments.models import Round, Tournament


class PrintJob(models.Model):
    """A pack of sheets (one round's, or a whole tournament's) rendered in the background
    by the Celery task printing.tasks.render_pack. The row is the job's truth: its status,
    progress and heartbeat; a job whose worker died is re-queued or failed by
    printing.jobs.print_job_reap, so none stays "running" forever."""

    class Kind(models.TextChoices):
        ROUND = "round", _("round pack")
        TOURNAMENT = "tournament", _("tournament pack")

    class Status(models.TextChoices):
        QUEUED = "queued", _("waiting")
        RUNNING = "running", _("being made")
        DONE = "done", _("ready")
        FAILED = "failed", _("failed")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="print_jobs", verbose_name=_("club")
    )
    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="print_jobs",
        verbose_name=_("tournament"),
    )
    # Empty: the whole tournament. A round whose draw is taken back takes its jobs along.
    round = models.ForeignKey(
        Round,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="print_jobs",
        verbose_name=_("round"),
    )
    kind = models.CharField(_("kind"), max_length=12, choices=Kind.choices)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.QUEUED
    )
    done = models.PositiveIntegerField(_("documents done"), default=0)
    total = models.PositiveIntegerField(_("documents"), default=0)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    heartbeat = models.DateTimeField(_("last sign of life"), null=True, blank=True)
    # The Celery task id of the latest run (its PROGRESS state in the result backend).
    task_id = models.CharField(_("task"), max_length=64, blank=True)
    # The site's address, for the table links in the QR codes (the worker has no request).
    base_url = models.CharField(_("site address"), max_length=200)
    # The file, relative to MEDIA_ROOT (packs/<id>.pdf); never served directly: the
    # download view checks who asks.
    file = models.CharField(_("file"), max_length=200, blank=True)
    filename = models.CharField(_("file name"), max_length=200, blank=True)
    # What the director reads when it failed (never a traceback: that is in the log).
    error = models.CharField(_("error"), max_length=500, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("asked by"),
    )
    created_at = models.DateTimeField(_("asked"), auto_now_add=True)
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        # The table it had in scoring, where it was born: moving the model moved no data.
        db_table = "scoring_printjob"
        ordering = ["-created_at"]
        verbose_name = _("print job")
        verbose_name_plural = _("print jobs")
        indexes = [
            models.Index(fields=["tournament", "-created_at"], name="printjob_tournament_recent"),
            models.Index(fields=["status", "heartbeat"], name="printjob_status_heartbeat"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.pk}: {self.get_status_display()}"

    @property
    def percent(self) -> int:
        if self.status == self.Status.DONE:
            return 100
        return (100 * self.done // self.total) if self.total else 0

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)
