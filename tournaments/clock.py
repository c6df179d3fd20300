"""The round clock: the time a round has left, and the director's start, pause, resume and
minutes added.

Nothing ticks: a round stores when its clock started, since when it runs (empty while
paused), the seconds it ran before that and the minutes added; `clock_of` computes the
time left from those and a moment. So the clock is the same for every worker and every
screen, and survives a restart or a restored backup. The length of a round is the
tournament's `round_minutes` (empty: no clock).
"""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.services import log_action

from .models import Round, Tournament

#: The clock warns in the last five minutes.
WARN_SECONDS = 5 * 60
#: What the director may add at once, and in all, to one round's clock.
MAX_ADD_MINUTES = 60
MAX_EXTRA_MINUTES = 240

IDLE, RUNNING, PAUSED = "idle", "running", "paused"


@dataclass(frozen=True, slots=True)
class Clock:
    """A round clock at one moment. `status` is IDLE (not started yet), RUNNING or
    PAUSED; `remaining` the whole seconds left (0: time)."""

    status: str
    total: int
    remaining: int

    @property
    def running(self) -> bool:
        return self.status == RUNNING

    @property
    def over(self) -> bool:
        """Time: the round's time has run out (unfinished games are entered as they stand)."""
        return self.remaining == 0

    @property
    def warn(self) -> bool:
        """In the last five minutes, before time."""
        return 0 < self.remaining <= WARN_SECONDS

    @property
    def text(self) -> str:
        return format_seconds(self.remaining)


def format_seconds(seconds: int) -> str:
    """45:00, 4:59, 0:00; 1:05:00 from an hour on (static/troef/clock.js writes the same)."""
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{seconds:02d}"
    return f"{minutes}:{seconds:02d}"


def clock_of(
    *,
    minutes: int | None,
    extra_minutes: int = 0,
    started_at: datetime.datetime | None = None,
    running_since: datetime.datetime | None = None,
    elapsed_seconds: int = 0,
    now: datetime.datetime,
) -> Clock | None:
    """The clock at `now` from its stored state; None without minutes per round."""
    if not minutes:
        return None
    total = (minutes + extra_minutes) * 60
    elapsed = float(elapsed_seconds)
    if running_since is not None:
        elapsed += max(0.0, (now - running_since).total_seconds())
    remaining = max(0, math.ceil(total - elapsed))
    if started_at is None:
        status = IDLE
    elif running_since is None:
        status = PAUSED
    else:
        status = RUNNING
    return Clock(status, total, remaining)


def round_clock(round_: Round, *, now: datetime.datetime | None = None) -> Clock | None:
    """`round_`'s clock now (or at `now`); None when its tournament has no clock or the
    round is finished."""
    if round_.status == Round.Status.FINISHED:
        return None
    return clock_of(
        minutes=round_.tournament.round_minutes,
        extra_minutes=round_.clock_extra_minutes,
        started_at=round_.clock_started_at,
        running_since=round_.clock_running_since,
        elapsed_seconds=round_.clock_elapsed_seconds,
        now=now or timezone.now(),
    )


def current_round(tournament: Tournament) -> Round | None:
    """The round the venue screen shows: the latest drawn (one query)."""
    round_ = tournament.rounds.order_by("-number").first()
    if round_ is not None:
        round_.tournament = tournament
    return round_


# --- the director's buttons ---------------------------------------------------------------


def clock_start(*, round_: Round, actor) -> Round:
    """Start the round's clock. Starting it again (a second click, a second director)
    changes nothing."""
    with transaction.atomic():
        round_ = _lock(round_)
        if round_.clock_started_at is not None:
            return round_
        now = timezone.now()
        round_.clock_started_at = round_.clock_running_since = now
        round_.save(update_fields=["clock_started_at", "clock_running_since"])
        _log(round_, actor, "clock.started")
    return round_


def clock_pause(*, round_: Round, actor) -> Round:
    """Stop the clock where it is; a paused clock stays paused."""
    with transaction.atomic():
        round_ = _lock(round_)
        if round_.clock_started_at is None:
            raise ValidationError(_("The round clock has not been started yet."))
        if round_.clock_running_since is None:
            return round_
        now = timezone.now()
        run = max(0, round((now - round_.clock_running_since).total_seconds()))
        round_.clock_elapsed_seconds += run
        round_.clock_running_since = None
        round_.save(update_fields=["clock_elapsed_seconds", "clock_running_since"])
        _log(round_, actor, "clock.paused", left=_left(round_, now))
    return round_


def clock_resume(*, round_: Round, actor) -> Round:
    """Run a paused clock again from where it stopped; a running clock runs on."""
    with transaction.atomic():
        round_ = _lock(round_)
        if round_.clock_started_at is None:
            raise ValidationError(_("The round clock has not been started yet."))
        if round_.clock_running_since is not None:
            return round_
        round_.clock_running_since = timezone.now()
        round_.save(update_fields=["clock_running_since"])
        _log(round_, actor, "clock.resumed")
    return round_


def clock_add_minutes(*, round_: Round, actor, minutes: int) -> Round:
    """Give the round `minutes` more (a late start, a long dispute), also after time."""
    if not 1 <= minutes <= MAX_ADD_MINUTES:
        raise ValidationError(
            _("Add between 1 and %(most)s minutes at a time.") % {"most": MAX_ADD_MINUTES}
        )
    with transaction.atomic():
        round_ = _lock(round_)
        if round_.clock_extra_minutes + minutes > MAX_EXTRA_MINUTES:
            raise ValidationError(
                _("A round can be given at most %(most)s minutes more in all.")
                % {"most": MAX_EXTRA_MINUTES}
            )
        fields = ["clock_extra_minutes"]
        now = timezone.now()
        # After time the clock has run past its end: the minutes count from now, so the
        # time run past the end is written off first.
        total = (round_.tournament.round_minutes or 0) * 60 + round_.clock_extra_minutes * 60
        run = round_.clock_elapsed_seconds
        if round_.clock_running_since is not None:
            run += max(0, round((now - round_.clock_running_since).total_seconds()))
        if round_.clock_started_at is not None and run > total:
            round_.clock_elapsed_seconds = total
            fields.append("clock_elapsed_seconds")
            if round_.clock_running_since is not None:
                round_.clock_running_since = now
                fields.append("clock_running_since")
        round_.clock_extra_minutes += minutes
        round_.save(update_fields=fields)
        _log(round_, actor, "clock.extended", minutes=minutes)
    return round_


def clock_refusal(round_: Round) -> str | None:
    """Why the round's clock cannot be changed, or None when it can (the services refuse
    with this; the round page shows the buttons only when it is None)."""
    tournament = round_.tournament
    if tournament.status == Tournament.Status.FINISHED:
        return _("This tournament is finished.")
    if round_.status == Round.Status.FINISHED:
        return _("This round is finished.")
    if not tournament.round_minutes:
        return _("This tournament has no round clock: give it minutes per round on its edit page.")
    return None


def _lock(round_: Round) -> Round:
    """The round fresh from the database, its row locked (PostgreSQL; SQLite serialises
    writers anyway), with its tournament; refused when the clock cannot be changed."""
    fresh = (
        Round.objects.select_for_update(of=("self",))
        .select_related("tournament__club")
        .filter(pk=round_.pk)
        .first()
    )
    if fresh is None:
        raise ValidationError(
            _("The draw of round %(number)s was taken back.") % {"number": round_.number}
        )
    refusal = clock_refusal(fresh)
    if refusal:
        raise ValidationError(refusal)
    return fresh


def _left(round_: Round, now: datetime.datetime) -> str:
    clock = round_clock(round_, now=now)
    return clock.text if clock else ""


def _log(round_: Round, actor, action: str, **data) -> None:
    """As tournaments.services logs a round's changes: the tournament by id and name."""
    tournament = round_.tournament
    log_action(
        club=tournament.club,
        actor=actor,
        action=action,
        data={
            "tournament": tournament.pk,
            "evening": tournament.name,
            "round": round_.number,
            **data,
        },
    )
