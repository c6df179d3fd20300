"""The rows a table keeps during its game (issue 41): "Save rows so far" stores the
detailed rows entered until now, as often as the table wishes, so that they come back on
the next visit (another phone of the table too) and survive a dropped connection. A
draft is not a result: nobody confirms it, the standings never read it, the table stays
open. Whoever may enter the table's result may save its rows; the rows are checked cell
by cell (kinds and bounds), and the rows complete from the first by the game's own
rules (games.results.check_rows). Submitting a result clears the draft (:func:`draft_clear`).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from games import registry
from games.results import CombinedResultError, ResultError, RowsCheck, check_rows
from tournaments.models import Table, Tournament

from ..actors import Actor
from ..models import ResultDraft
from .codes import code_proof, lock_for_writing
from .common import (
    refusals_of,
    table_options,
    table_shape,
    who,
)


class DraftConflictError(ValidationError):
    """Another phone of the table saved its rows since this form was shown."""

    def __init__(self):
        super().__init__(
            _(
                "Another phone at this table saved the rows a moment ago. Check the rows "
                "shown here: saving again replaces those with these."
            ),
            code="conflict",
        )


def result_draft_save(
    *, table: Table, data: Any, version: int, draft_version: int, actor: Actor
) -> ResultDraft:
    """Keep the detailed rows `data` (the entry as the form makes it) as the table's rows
    so far, by a director or a player of the table (`actor`, as for result_submit).
    `version` is the table's as the form showed it (a result entered since: refused),
    `draft_version` the draft's (another phone saved since: DraftConflictError). Rows
    none of which are filled in clear the draft. ResultInvalidError with every refusal
    at its cell."""
    code_ok = code_proof(table, actor)
    with transaction.atomic():
        table, tournament, _director = lock_for_writing(
            table, version, actor, code_ok=code_ok,
            refused=_("Only a director or a player of this table can save its rows."),
        )  # fmt: skip
        sides, players = table_shape(table)
        checked = check_draft(tournament, sides, data, players)
        draft, _created = ResultDraft.objects.get_or_create(table=table)
        if draft.version != draft_version:
            raise DraftConflictError
        draft.data = checked.entry if checked.entry["rows"] else None
        draft.totals = [list(row) for row in checked.totals]
        draft.version += 1
        draft.saved_by_name = who(actor)[1]
        draft.save()
    return draft


def check_draft(tournament: Tournament, sides: int, data: Any, players: int | None) -> RowsCheck:
    """The game's check of rows kept during the game (games.results.check_rows);
    ResultInvalidError (in the user's language) with every refusal found."""
    spec = registry.get(tournament.game)
    try:
        checked = check_rows(spec.results, data, sides, table_options(tournament, players))
    except ResultError as error:
        raise refusals_of(error) from None
    if checked.errors:
        raise refusals_of(CombinedResultError(checked.errors))
    return checked


def draft_clear(table: Table) -> None:
    """A result was submitted: the table's rows so far are no longer kept (in the
    caller's transaction)."""
    ResultDraft.objects.filter(table=table, data__isnull=False).update(
        data=None, totals=[], version=F("version") + 1
    )
