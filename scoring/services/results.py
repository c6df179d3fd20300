"""Results entered, confirmed, corrected and rejected, and a table's link renewed."""

from __future__ import annotations

import json
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from clubs.services import log_action
from games import registry
from tournaments.models import Seat, Table, Tournament
from tournaments.services import refuse_when_finished

from ..actors import Actor
from ..entries import entry_changes, side_names
from ..models import NOTE_LENGTH, ResultEntry
from .codes import check_identity, code_proof, lock_for_writing
from .common import (
    ConfirmBy,
    Status,
    TableGoneError,
    bump,
    is_director,
    lock_table,
    log,
    outcome_json,
    score,
    seated,
    table_options,
    table_shape,
    who,
    with_complements,
)
from .confirming import confirm_entry, may_confirm, report_results, side_of_user, table_seats
from .drafts import draft_clear

# --- the services ------------------------------------------------------------------------


def result_submit(*, table: Table, data: Any, version: int, actor: Actor) -> ResultEntry:
    """Enter a result: by a director (`actor.user`), or at the table by one of its
    players (`actor.entry`, through the table's link; `actor.code` their personal code,
    when typed). It is provisional until another side or a director confirms it.
    Entering the same as an open entry that this person may confirm confirms it;
    entering something different flags both for the director. `actor.entered_here` are
    the results the same browser entered at the table's link, under whichever name:
    entering one of them again does not confirm it. With Tournament.confirm_by
    `director`, a director's own entry (not at a table they play at) counts at once."""
    by_entry, device = actor.entry, actor.device
    code_ok = code_proof(table, actor)
    with transaction.atomic():
        table, tournament, director = lock_for_writing(
            table, version, actor, code_ok=code_ok,
            refused=_("Only a director or a player of this table can enter it."),
        )  # fmt: skip
        sides, players = table_shape(table)
        data = with_complements(tournament, sides, data, players)
        outcome = score(tournament, sides, data, players)
        draft_clear(table)  # a result now: the rows kept during the game are done with
        open_entries = list(
            table.results.filter(status=Status.PROVISIONAL).select_related("entered_by_entry")
        )
        seats = table_seats(table)
        for other in open_entries:
            if other.data == data:
                if may_confirm(actor, other, table=table, seats=seats) is not None:
                    return other  # the same again: it waits for someone who may confirm
                return confirm_entry(table, other, actor)
        via, name = who(actor)
        result = ResultEntry.objects.create(
            table=table,
            data=data,
            outcome=outcome_json(outcome),
            finished=outcome.finished,
            via=via,
            entered_by=actor.user if director else None,
            entered_by_entry=by_entry,
            entered_by_name=name,
            disputed=bool(open_entries),
            entered_session=device.session,
            entered_device=device.link,
            entered_address=device.address,
        )
        if open_entries:
            table.results.filter(status=Status.PROVISIONAL).update(disputed=True)
        report_results(table.round_id, entered=True)
        log(table, actor.user, "result.entered", result, disputed=bool(open_entries))
        if (
            director
            and tournament.confirmation == ConfirmBy.DIRECTOR
            and side_of_user(seats, actor.user) is None
        ):
            # Every result waits for a director: one who enters it decides it.
            return confirm_entry(table, result, actor, decided=True)
        bump(table)
    return result


def result_confirm(*, result: ResultEntry, version: int, actor: Actor) -> ResultEntry:
    """Another side agrees (:func:`may_confirm` says who may): a player of another side
    at the table's link (`actor.entry`, proving who they are as the tournament asks,
    `actor.code` their personal code when typed), or a director (`actor.user`). The
    browser that entered it at the table's link (`actor.entered_here`, or its session)
    cannot confirm it under another name. A disputed table is settled by a director."""
    code_ok = code_proof(result.table, actor)
    with transaction.atomic():
        table = lock_table(result.table, version)
        result = ResultEntry.objects.select_related("entered_by_entry").get(pk=result.pk)
        refuse_when_finished(table.round.tournament)
        if actor.entry is not None and seated(table, actor.entry):
            check_identity(table, actor, code_ok=code_ok)
        refusal = may_confirm(actor, result, table=table)
        if refusal is not None:
            raise ValidationError(refusal)
        draft_clear(table)
        return confirm_entry(table, result, actor)


def result_correct(*, table: Table, data: Any, version: int, actor, note: str = "") -> ResultEntry:
    """A director corrects a confirmed result, saying why (`note`). The old entry is kept
    as superseded (the history), the correction counts at once, and the log holds both.
    A correction that changes nothing is refused."""
    note = (note or "").strip()
    with transaction.atomic():
        table = lock_table(table, version)
        tournament = table.round.tournament
        if not is_director(actor, tournament):
            raise ValidationError(_("Only a director can correct a result."))
        refuse_when_finished(tournament)
        if not note:
            raise ValidationError({"note": _("Say why the result is corrected.")})
        current = table.results.filter(status=Status.CONFIRMED).first()
        sides, players = table_shape(table)
        data = with_complements(tournament, sides, data, players)
        outcome = score(tournament, sides, data, players)
        if current is not None and _key(current.data) == _key(data):
            raise ValidationError(
                _("This correction changes nothing: it is the confirmed result as it stands.")
            )
        if current is not None:
            current.status = Status.SUPERSEDED
            current.save(update_fields=["status"])
        table.results.filter(status=Status.PROVISIONAL).update(status=Status.SUPERSEDED)
        draft_clear(table)
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
            note=note[:NOTE_LENGTH],
        )
        bump(table)
        report_results(table.round_id)
        log(
            table,
            actor,
            "result.corrected",
            result,
            before=[side["score"] for side in current.outcome["sides"]] if current else None,
            changes=_changes(tournament, table, players, current, data) if current else None,
            note=result.note,
        )
    return result


def _changes(
    tournament: Tournament, table: Table, players: int, current: ResultEntry, data: Any
) -> dict[str, list[str]]:
    """What a correction changed, for its log line: "Deal 1, Ann: Minus points" -> [old,
    new], in the club's language (the log keeps words, not the game's layout)."""
    layout = registry.get(tournament.game).results.layout.for_options(
        table_options(tournament, players)
    )
    seats = Seat.objects.filter(table=table).select_related("entry__member", "entry__team")
    names = side_names(seats)
    with translation.override(tournament.club.language):
        changes = entry_changes(current.data, data, layout, names)
        return {change.where: [change.old, change.new] for change in changes}


def result_reject(*, result: ResultEntry, version: int, actor) -> ResultEntry:
    """A director sets aside a provisional entry (one of two disputed ones, say)."""
    with transaction.atomic():
        table = lock_table(result.table, version)
        if not is_director(actor, table.round.tournament):
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
        bump(table)
        report_results(table.round_id)
        log(table, actor, "result.rejected", result)
    return result


def table_link_renew(*, table: Table, actor) -> Table:
    """A director renews a table's private link: the old one (its printed QR code) stops
    working, and the new one prints on a fresh table card."""
    with transaction.atomic():
        locked = (
            Table.objects.select_for_update(of=("self",))
            .select_related("round__tournament__club")
            .filter(pk=table.pk)
            .first()
        )
        if locked is None:
            raise TableGoneError
        tournament = locked.round.tournament
        if not is_director(actor, tournament):
            raise ValidationError(_("Only a director can renew a table's link."))
        refuse_when_finished(tournament)
        locked.link_version += 1
        locked.save(update_fields=["link_version"])
        log_action(
            club=tournament.club,
            actor=actor,
            action="table.link_renewed",
            data={
                "tournament": tournament.pk,
                "evening": tournament.name,
                "round": locked.round.number,
                "table": locked.number,
            },
        )
    return locked


def _key(data: Any) -> str:
    return json.dumps(data, sort_keys=True)
