"""What the services of tournaments share: the club's log, the row locks, refusing a
finished tournament, and how the draw and the standings know a player."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from clubs.services import log_action

from ..models import Entry, Round, Table, Tournament


def log(tournament: Tournament, actor, action: str, **data: Any) -> None:
    """Write `action` to the club's log. Its data names the tournament: by id (hidden
    on the log page), and by name, so that the log says which evening."""
    log_action(
        club=tournament.club,
        actor=actor,
        action=action,
        data={"tournament": tournament.pk, "evening": tournament.name, **data},
    )


def lock(tournament: Tournament) -> Tournament:
    """Serialise changes to one tournament (a PostgreSQL row lock; SQLite's IMMEDIATE
    transactions serialise writers anyway) and return it fresh. Only the tournament's row
    is locked (`of`), not the club's it is read with: that would block every action
    logged for the club meanwhile, and deadlock with a result being entered."""
    return (
        Tournament.objects.select_for_update(of=("self",))
        .select_related("club")
        .get(pk=tournament.pk)
    )


def lock_open(tournament: Tournament) -> Tournament:
    """`lock`, refused when the tournament is finished."""
    tournament = lock(tournament)
    refuse_when_finished(tournament)
    return tournament


def lock_round(round_: Round) -> Round:
    """The round fresh from the database, with its tournament and its tables locked: a
    result being entered at one of its tables is stored first and then seen (PostgreSQL;
    SQLite serialises writers anyway). Refused when the draw was taken back meanwhile
    (two directors at once)."""
    tournament = lock(round_.tournament)
    # Only the tables' rows, in one order: the model's ordering would join (and so lock)
    # the round too, which a result being entered updates.
    tables = Table.objects.select_for_update(of=("self",)).filter(round_id=round_.pk)
    list(tables.order_by("pk").values_list("pk"))
    fresh = Round.objects.filter(pk=round_.pk).first()
    if fresh is None:
        raise ValidationError(
            _("The draw of round %(number)s was taken back.") % {"number": round_.number}
        )
    fresh.tournament = tournament
    return fresh


def refuse_when_finished(tournament: Tournament) -> None:
    """A finished tournament is closed: its entries, draw and results stay as they are
    (scoring.services refuses results with it too)."""
    if tournament.status == Tournament.Status.FINISHED:
        raise ValidationError(_("This tournament is finished."))


def changes_of(instance, values: dict[str, Any]) -> dict[str, list]:
    return {
        key: [getattr(instance, key), value]
        for key, value in values.items()
        if getattr(instance, key) != value
    }


def loggable(changes: dict[str, list]) -> dict[str, list]:
    def plain(value):
        if isinstance(value, datetime.date):
            return value.isoformat()
        if isinstance(value, Decimal):
            return str(value)
        if hasattr(value, "pk"):
            return str(value)
        return value

    return {key: [plain(old), plain(new)] for key, (old, new) in changes.items()}


def competitor_key(entry: Entry) -> int:
    """The id the draw and the standings use for a player: the member id, so that the
    season remembers tablemates across evenings; a guest is a negative entry id."""
    return entry.member_id if entry.member_id is not None else -entry.pk
