"""Finishing a tournament once its last round is complete, and opening it again."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Round, Tournament
from tournaments.services import lock, log

from .common import open_tables_message, tables_without_result


def tournament_finish(*, tournament: Tournament, actor) -> Tournament:
    """Finish the tournament once its last round's results are all confirmed. Finishing
    it again (a second click, a second director) changes nothing and logs nothing."""
    with transaction.atomic():
        tournament = lock(tournament)
        if tournament.status == Tournament.Status.FINISHED:
            return tournament
        refusal = finish_refusal(tournament)
        if refusal:
            raise ValidationError(refusal)
        last = tournament.rounds.order_by("-number").first()
        Round.objects.filter(tournament=tournament).update(status=Round.Status.FINISHED)
        tournament.status = Tournament.Status.FINISHED
        tournament.save(update_fields=["status"])
        log(tournament, actor, "tournament.finished", rounds=last.number)
    return tournament


def tournament_reopen(*, tournament: Tournament, actor) -> Tournament:
    """Open a finished tournament again, so that a director can correct a result found
    wrong afterwards; finish it again when done. Opening an open one changes nothing."""
    with transaction.atomic():
        tournament = lock(tournament)
        if tournament.status != Tournament.Status.FINISHED:
            return tournament
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
        log(tournament, actor, "tournament.reopened")
    return tournament


def finish_refusal(tournament: Tournament) -> str | None:
    """Why the tournament cannot be finished now, or None when it can (or is finished
    already): tournament_finish refuses with this."""
    if tournament.status == Tournament.Status.FINISHED:
        return None
    last = tournament.rounds.order_by("-number").first()
    if last is None:
        return _("No round has been played yet.")
    open_tables = tables_without_result(last)
    if open_tables:
        return open_tables_message(last, open_tables)
    return None
