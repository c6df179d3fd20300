"""A round's progress as its results come in: scoring reports (scoring.signals), this
decides. A round is started when its first result is entered, finished once every table
has a confirmed result, and started again when one has not (a table drawn back in)."""

from __future__ import annotations

from django.utils import timezone

from scoring.models import ResultEntry
from tournaments.models import Round, Table


def results_changed(sender=None, *, round_id: int, entered: bool = False, **kwargs) -> None:
    """The receiver of scoring.signals.results_changed."""
    if entered:
        round_entered(round_id)
    else:
        round_progress(round_id)


def round_entered(round_id: int) -> None:
    """A result was entered at one of the round's tables: a round not started yet is."""
    Round.objects.filter(pk=round_id, status=Round.Status.DRAWN).update(
        status=Round.Status.STARTED, started_at=timezone.now()
    )


def round_progress(round_id: int) -> None:
    """Finished once every table has a confirmed result, started again when one has not."""
    tables = Table.objects.filter(round_id=round_id)
    done = (
        tables.exists()
        and not tables.exclude(results__status=ResultEntry.Status.CONFIRMED).exists()
    )
    rounds = Round.objects.filter(pk=round_id)
    if done:
        rounds.exclude(status=Round.Status.FINISHED).update(status=Round.Status.FINISHED)
        rounds.filter(started_at__isnull=True).update(started_at=timezone.now())
    else:
        rounds.filter(status=Round.Status.FINISHED).update(status=Round.Status.STARTED)
