"""Recorded results: every entry made for a table is kept, with who entered it, who
confirmed it and what it replaced. Only a confirmed entry counts in the standings."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Entry, Table, Tournament

#: The longest note a correction keeps (the form's limit too).
NOTE_LENGTH = 300
#: A device fingerprint's length (scoring.actors.Device).
DEVICE_LENGTH = 32


#: What can make an entry and its confirmation look like one device's (same_device).
DEVICE_SIGNS = {
    "session": _("the same browser session"),
    "phone": _("the same linked phone"),
    "address": _("the same network address and browser"),
    # At the venue (settings.VENUE) every phone on its network has its own address.
    "venue_address": _("the same network address at the venue"),
}


class ResultEntry(models.Model):
    class Status(models.TextChoices):
        PROVISIONAL = "provisional", _("provisional")
        CONFIRMED = "confirmed", _("confirmed")
        SUPERSEDED = "superseded", _("superseded")
        REJECTED = "rejected", _("rejected")

    class Via(models.TextChoices):
        DIRECTOR = "director", _("by a director")
        TABLE = "table", _("at the table")

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="results", verbose_name=_("table")
    )
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.PROVISIONAL
    )
    # What was entered (the game's entry JSON, games/results.py) and what the game's
    # scoring made of it: per side {side, score, rank, margin, game_points}.
    data = models.JSONField(_("entered"))
    outcome = models.JSONField(_("outcome"))
    finished = models.BooleanField(_("game finished"), default=True)
    via = models.CharField(_("entered"), max_length=10, choices=Via.choices)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered by"),
    )
    entered_by_entry = models.ForeignKey(
        Entry,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered by player"),
    )
    entered_by_name = models.CharField(_("entered by"), max_length=150)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("confirmed by"),
    )
    confirmed_by_entry = models.ForeignKey(
        Entry,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("confirmed by player"),
    )
    confirmed_by_name = models.CharField(_("confirmed by"), max_length=150, blank=True)
    confirmed_at = models.DateTimeField(_("confirmed"), null=True, blank=True)
    replaces = models.ForeignKey(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="replaced_by",
        verbose_name=_("corrects"),
    )
    disputed = models.BooleanField(
        _("disputed"),
        default=False,
        help_text=_("Another, different result was entered for the same table."),
    )
    note = models.CharField(_("note"), max_length=NOTE_LENGTH, blank=True)
    # What the server saw of the device that entered and the one that confirmed
    # (scoring.actors.Device): fingerprints, never the session key or address itself.
    entered_session = models.CharField(max_length=DEVICE_LENGTH, blank=True, editable=False)
    entered_device = models.CharField(max_length=DEVICE_LENGTH, blank=True, editable=False)
    entered_address = models.CharField(max_length=DEVICE_LENGTH, blank=True, editable=False)
    confirmed_session = models.CharField(max_length=DEVICE_LENGTH, blank=True, editable=False)
    confirmed_device = models.CharField(max_length=DEVICE_LENGTH, blank=True, editable=False)
    confirmed_address = models.CharField(max_length=DEVICE_LENGTH, blank=True, editable=False)
    # Why the entry and its confirmation look like one device's within a few minutes
    # (comma separated: session, phone, address); empty when they do not.
    same_device = models.CharField(_("one device"), max_length=40, blank=True, editable=False)
    created_at = models.DateTimeField(_("entered at"), auto_now_add=True)

    class Meta:
        ordering = ["table", "-created_at", "-id"]
        verbose_name = _("result")
        verbose_name_plural = _("results")
        constraints = [
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(status="confirmed"),
                name="one_confirmed_result_per_table",
            ),
        ]
        indexes = [models.Index(fields=["table", "status"], name="result_table_status")]

    def __str__(self) -> str:
        return f"{self.table}: {self.get_status_display()}"

    @property
    def same_device_why(self) -> str:
        """What made the entry and its confirmation look like one device's."""
        return ", ".join(
            str(DEVICE_SIGNS[sign]) for sign in self.same_device.split(",") if sign in DEVICE_SIGNS
        )


class EveningCount(models.Model):
    """What every player's evening of a season is worth (their match points, margin and
    whether they won it), as scoring.selectors.season counted it from the evening's
    seats, byes and confirmed results: kept with the evening, so that a season's
    standings after a restart read thirty small rows instead of every seat of the season.

    ``key`` fingerprints everything the count was made of (the evening's settings, its
    tables' versions, the count and highest id of its seats, byes, results and entries):
    a count whose key no longer matches is never used, only counted anew and replaced.
    So it cannot go stale, and dropping every row loses nothing but time.
    """

    tournament = models.OneToOneField(
        Tournament,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("tournament"),
    )
    key = models.CharField(_("fingerprint"), max_length=200)
    # [[competitor, match points, margin numerator, margin denominator, won], ...]
    nights = models.JSONField(_("count"))

    class Meta:
        verbose_name = _("evening count")
        verbose_name_plural = _("evening counts")

    def __str__(self) -> str:
        return f"{self.tournament_id}: {len(self.nights)}"


class ResultDraft(models.Model):
    """The rows a table saved so far during its game ("Save rows so far", issue 41): one
    per table, kept until a result is submitted. Not a result: nobody confirms it, the
    standings never read it, and the table stays open. ``data`` is the detailed entry as
    the form sent it (games/results.py, its complements filled in), None once a result
    was submitted; ``totals`` each side's running total after each of the rows complete
    from the first (games.results.check_rows). ``version`` goes up with every save and
    clearing, so a form shown before another phone of the table saved is told so."""

    table = models.OneToOneField(
        Table, on_delete=models.CASCADE, related_name="result_draft", verbose_name=_("table")
    )
    data = models.JSONField(_("rows so far"), null=True, blank=True)
    totals = models.JSONField(_("running totals"), default=list, blank=True)
    version = models.PositiveIntegerField(_("version"), default=0)
    saved_by_name = models.CharField(_("saved by"), max_length=150, blank=True)
    saved_at = models.DateTimeField(_("saved at"), auto_now=True)

    class Meta:
        verbose_name = _("rows so far")
        verbose_name_plural = _("rows so far")

    def __str__(self) -> str:
        return f"{self.table}: {len(self.rows)}"

    @property
    def rows(self) -> list:
        """The rows saved (none once cleared)."""
        data = self.data if isinstance(self.data, dict) else {}
        rows = data.get("rows")
        return rows if isinstance(rows, list) else []
