"""Results: entered, confirmed by a second person, corrected with a trace.

Every change locks the table's row and checks the `version` the form was shown with, so
two people entering at the same table at once store exactly one result: the other gets
:class:`ResultConflictError` and sees what is there now. A database constraint keeps at most
one confirmed result per table. The game's own scoring (games/<game>/results.py) checks
what was entered and ranks the sides.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.access import role_level
from clubs.models import Role
from clubs.services import log_action
from games import registry
from games.results import ResultError, TableResult, score_entry
from tournaments.models import Entry, Round, Table, Tournament
from tournaments.services import refuse_when_finished

from .models import NOTE_LENGTH, ResultEntry

Status = ResultEntry.Status


class ResultConflictError(ValidationError):
    """Someone else changed this table's result since the form was shown."""

    def __init__(self):
        super().__init__(
            _(
                "Someone else entered or changed the result of this table a moment ago. "
                "Check what is there now, then enter or confirm again."
            ),
            code="conflict",
        )


class TableGoneError(ValidationError):
    """The table is no longer there: the director took its round's draw back (perhaps at
    the moment its result was sent)."""

    def __init__(self):
        super().__init__(
            _(
                "This table is no longer in the draw: the director took the round back. "
                "Ask the director where you play now."
            ),
            code="gone",
        )


class ResultInvalidError(ValidationError):
    """What was entered cannot be right; `field` is the path into the entry
    (``rows[2].sides[1].points``) so the form can mark the cell."""

    def __init__(self, field: str, message: str):
        self.field = field
        super().__init__(message, code="invalid")


def table_options(tournament: Tournament, players: int | None) -> dict[str, Any]:
    """The tournament's game options for one table: a game with a `players` option
    (MeieRijen, Miezemauzen) plays it with the players at that table."""
    spec = registry.get(tournament.game)
    options = {option.name: option.default for option in spec.options} | tournament.options
    if players is not None and "players" in options:
        options["players"] = players
    return options


def score(tournament: Tournament, sides: int, data: Any, players: int | None = None) -> TableResult:
    """The game's scoring of `data` for a table of `sides` sides (`players` players);
    ResultInvalidError (in the user's language) when it cannot be right."""
    spec = registry.get(tournament.game)
    try:
        return score_entry(spec.results, data, sides, table_options(tournament, players))
    except ResultError as error:
        raise ResultInvalidError(error.field, _(error.template) % error.params) from None


def outcome_json(result: TableResult) -> dict[str, Any]:
    return {
        "finished": result.finished,
        "winner": result.winner,
        "sides": [
            {
                "side": side.side,
                "score": side.score,
                "rank": side.rank,
                "margin": side.margin,
                "game_points": side.game_points,
            }
            for side in result.sides
        ],
        "totals": [list(row) for row in result.totals],
    }


def table_shape(table: Table) -> tuple[int, int]:
    """(sides, players) at the table."""
    sides = list(table.seats.values_list("side", flat=True))
    return len(set(sides)), len(sides)


# --- who is who --------------------------------------------------------------------------


def _is_director(user, tournament: Tournament) -> bool:
    if user is None or not user.is_authenticated:
        return False
    level = role_level(user, tournament.club)
    return level is not None and level >= Role.Level.DIRECTOR


def _seated(table: Table, entry: Entry | None) -> bool:
    return entry is not None and table.seats.filter(entry=entry).exists()


def _person(result: ResultEntry) -> tuple[int | None, int | None]:
    """(user id, member id) of whoever entered `result`."""
    member = result.entered_by_entry.member_id if result.entered_by_entry_id else None
    return result.entered_by_id, member


def _same_person(result: ResultEntry, user, entry: Entry | None) -> bool:
    user_id, member_id = _person(result)
    if entry is not None and result.entered_by_entry_id == entry.pk:
        return True
    if user is not None and user.is_authenticated:
        if user_id == user.pk:
            return True
        if (
            member_id is not None
            and Entry.objects.filter(pk=result.entered_by_entry_id, member__user=user).exists()
        ):
            return True
    if entry is not None and entry.member_id is not None:
        if member_id == entry.member_id:
            return True
        if user_id is not None and entry.member.user_id == user_id:
            return True
    return False


def _who(user, entry: Entry | None) -> tuple[str, str]:
    """(via, name) for the log and the result's history."""
    if entry is not None:
        return ResultEntry.Via.TABLE, entry.name
    return ResultEntry.Via.DIRECTOR, user.get_username()


def _lock_table(table: Table, version: int) -> Table:
    # Only the table's row (`of`): PostgreSQL would otherwise lock the joined round,
    # tournament and club too, and deadlock with a director taking the round back (who
    # locks the tournament, then its tables) or anything logging for the club.
    locked = (
        Table.objects.select_for_update(of=("self",))
        .select_related("round__tournament__club")
        .filter(pk=table.pk)
        .first()
    )
    if locked is None:
        raise TableGoneError
    if locked.version != version:
        raise ResultConflictError
    return locked


def _bump(table: Table) -> None:
    table.version += 1
    table.save(update_fields=["version"])


def _log(table: Table, actor, action: str, result: ResultEntry, **extra) -> None:
    round_ = table.round
    log_action(
        club=round_.tournament.club,
        actor=actor if actor is not None and actor.is_authenticated else None,
        action=action,
        data={
            "tournament": round_.tournament_id,
            "evening": round_.tournament.name,
            "round": round_.number,
            "table": table.number,
            "result": result.pk,
            "by": (
                result.confirmed_by_name if action == "result.confirmed" else result.entered_by_name
            ),
            "scores": [side["score"] for side in result.outcome["sides"]],
            **extra,
        },
    )


# --- the services ------------------------------------------------------------------------


def result_submit(
    *,
    table: Table,
    data: Any,
    version: int,
    actor=None,
    by_entry: Entry | None = None,
    entered_here: Collection[int] = (),
) -> ResultEntry:
    """Enter a result: by a director (`actor`), or at the table by one of its players
    (`by_entry`, through the table's link). It is provisional until a second person
    confirms it. Entering the same as an open entry of someone else confirms that entry;
    entering something different flags both for the director. `entered_here` are the
    results the same browser entered at the table's link, under whichever name: entering
    one of them again does not confirm it."""
    with transaction.atomic():
        table = _lock_table(table, version)
        tournament = table.round.tournament
        refuse_when_finished(tournament)
        director = by_entry is None and _is_director(actor, tournament)
        if not director and not _seated(table, by_entry):
            raise ValidationError(_("Only a director or a player of this table can enter it."))
        if table.results.filter(status=Status.CONFIRMED).exists():
            raise ValidationError(_("This table's result is confirmed. A director can correct it."))
        sides, players = table_shape(table)
        outcome = score(tournament, sides, data, players)
        open_entries = list(table.results.filter(status=Status.PROVISIONAL))
        for other in open_entries:
            if other.data == data:
                if _same_person(other, actor, by_entry) or other.pk in entered_here:
                    return other
                return _confirm(table, other, actor, by_entry)
        via, name = _who(actor, by_entry)
        result = ResultEntry.objects.create(
            table=table,
            data=data,
            outcome=outcome_json(outcome),
            finished=outcome.finished,
            via=via,
            entered_by=actor if director else None,
            entered_by_entry=by_entry,
            entered_by_name=name,
            disputed=bool(open_entries),
        )
        if open_entries:
            table.results.filter(status=Status.PROVISIONAL).update(disputed=True)
        if table.round.status == Round.Status.DRAWN:
            Round.objects.filter(pk=table.round_id).update(
                status=Round.Status.STARTED, started_at=timezone.now()
            )
        _bump(table)
        _log(table, actor, "result.entered", result, disputed=bool(open_entries))
    return result


def result_confirm(
    *,
    result: ResultEntry,
    version: int,
    actor=None,
    by_entry: Entry | None = None,
    entered_here: Collection[int] = (),
) -> ResultEntry:
    """A second person agrees: a director, or another player of the table. The one who
    entered it cannot confirm it, nor can the browser that entered it at the table's link
    (`entered_here`, as for result_submit) under another name. A disputed table is
    settled by a director."""
    with transaction.atomic():
        table = _lock_table(result.table, version)
        result = ResultEntry.objects.select_related("entered_by_entry").get(pk=result.pk)
        return _confirm(table, result, actor, by_entry, entered_here)


def _confirm(
    table: Table,
    result: ResultEntry,
    actor,
    by_entry: Entry | None,
    entered_here: Collection[int] = (),
) -> ResultEntry:
    tournament = table.round.tournament
    refuse_when_finished(tournament)
    if result.status != Status.PROVISIONAL:
        raise ValidationError(_("Only a provisional result can be confirmed."))
    director = by_entry is None and _is_director(actor, tournament)
    if not director and not _seated(table, by_entry):
        raise ValidationError(_("Only a director or a player of this table can confirm it."))
    if _same_person(result, actor, by_entry) or result.pk in entered_here:
        raise ValidationError(_("The person who entered a result cannot confirm it."))
    if result.disputed and not director:
        raise ValidationError(
            _("Two different results were entered for this table; a director decides.")
        )
    via, name = _who(actor, by_entry)
    others = table.results.filter(status=Status.PROVISIONAL).exclude(pk=result.pk)
    others.update(status=Status.SUPERSEDED)
    result.status = Status.CONFIRMED
    result.confirmed_by = actor if director else None
    result.confirmed_by_entry = by_entry
    result.confirmed_by_name = name
    result.confirmed_at = timezone.now()
    try:
        with transaction.atomic():
            result.save()
    except IntegrityError:
        raise ResultConflictError from None
    _bump(table)
    _log(table, actor, "result.confirmed", result, via=via)
    return result


def result_correct(*, table: Table, data: Any, version: int, actor, note: str = "") -> ResultEntry:
    """A director corrects a confirmed result. The old entry is kept as superseded (the
    history), the correction counts at once, and the log holds both."""
    with transaction.atomic():
        table = _lock_table(table, version)
        tournament = table.round.tournament
        if not _is_director(actor, tournament):
            raise ValidationError(_("Only a director can correct a result."))
        refuse_when_finished(tournament)
        current = table.results.filter(status=Status.CONFIRMED).first()
        sides, players = table_shape(table)
        outcome = score(tournament, sides, data, players)
        if current is not None:
            current.status = Status.SUPERSEDED
            current.save(update_fields=["status"])
        table.results.filter(status=Status.PROVISIONAL).update(status=Status.SUPERSEDED)
        now = timezone.now()
        result = ResultEntry.objects.create(
            table=table,
            data=data,
            outcome=outcome_json(outcome),
            finished=outcome.finished,
            status=Status.CONFIRMED,
            via=ResultEntry.Via.DIRECTOR,
            entered_by=actor,
            entered_by_name=actor.get_username(),
            confirmed_by=actor,
            confirmed_by_name=actor.get_username(),
            confirmed_at=now,
            replaces=current,
            note=note.strip()[:NOTE_LENGTH],
        )
        _bump(table)
        _log(
            table,
            actor,
            "result.corrected",
            result,
            before=[side["score"] for side in current.outcome["sides"]] if current else None,
            note=result.note,
        )
    return result


def result_reject(*, result: ResultEntry, version: int, actor) -> ResultEntry:
    """A director sets aside a provisional entry (one of two disputed ones, say)."""
    with transaction.atomic():
        table = _lock_table(result.table, version)
        if not _is_director(actor, table.round.tournament):
            raise ValidationError(_("Only a director can set a result aside."))
        refuse_when_finished(table.round.tournament)
        result = ResultEntry.objects.get(pk=result.pk)
        if result.status != Status.PROVISIONAL:
            raise ValidationError(_("Only a provisional result can be set aside."))
        result.status = Status.REJECTED
        result.save(update_fields=["status"])
        remaining = list(table.results.filter(status=Status.PROVISIONAL))
        if len({_key(r.data) for r in remaining}) <= 1:
            table.results.filter(status=Status.PROVISIONAL).update(disputed=False)
        _bump(table)
        _log(table, actor, "result.rejected", result)
    return result


def _key(data: Any) -> str:
    return json.dumps(data, sort_keys=True)
