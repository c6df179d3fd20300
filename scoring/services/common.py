"""What the result services share: the errors, the game's scoring of an entry, the
table's lock and version, and the club's log. Who acts, from which device, is
scoring.actors'."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from clubs.access import role_level
from clubs.models import Role
from clubs.services import log_action
from games import registry
from games.results import ResultError, TableResult, fill_complements, score_entry
from tournaments.models import Entry, Table, Tournament

from ..actors import Actor
from ..models import ResultEntry

Status = ResultEntry.Status
ConfirmBy = Tournament.ConfirmBy

#: An entry and its confirmation from one device within this many minutes are flagged.
SAME_DEVICE_MINUTES = 10


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
    (``rows[2].sides[1].points``) so the form can mark the cell. `refusals`: every
    (path, message) the game found in one pass, this one first."""

    def __init__(self, field: str, message: str, refusals: list[tuple[str, str]] | None = None):
        self.field = field
        self.refusals = refusals or [(field, message)]
        super().__init__([text for _path, text in self.refusals], code="invalid")


def table_options(tournament: Tournament, players: int | None) -> dict[str, Any]:
    """The tournament's game options for one table: a game with a `players` option
    (MeieRijen, Miezemauzen) plays it with the players at that table; a `round_minutes`
    option (Keezen's KZ-9 clock) is the tournament's round clock, 0 without one."""
    spec = registry.get(tournament.game)
    options = {option.name: option.default for option in spec.options} | tournament.options
    if players is not None and "players" in options:
        options["players"] = players
    if "round_minutes" in options:
        options["round_minutes"] = tournament.round_minutes or 0
    return options


def score(tournament: Tournament, sides: int, data: Any, players: int | None = None) -> TableResult:
    """The game's scoring of `data` for a table of `sides` sides (`players` players);
    ResultInvalidError (in the user's language) when it cannot be right."""
    spec = registry.get(tournament.game)
    try:
        return score_entry(spec.results, data, sides, table_options(tournament, players))
    except ResultError as error:
        raise refusals_of(error) from None


def with_complements(tournament: Tournament, sides: int, data: Any, players: int | None) -> Any:
    """`data` with the game's complements filled in (games.results.Field.complement: the
    other team's points of a row where only one team's were typed), as it is stored."""
    spec = registry.get(tournament.game)
    layout = spec.results.layout.for_options(table_options(tournament, players))
    return fill_complements(layout, data, sides)


def refusals_of(error: ResultError) -> ResultInvalidError:
    """The game's refusals as the form shows them, in the user's language."""
    refusals = [(part.field, _(part.template) % part.params) for part in error.errors]
    return ResultInvalidError(*refusals[0], refusals)


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


def is_director(user, tournament: Tournament) -> bool:
    if user is None or not user.is_authenticated:
        return False
    level = role_level(user, tournament.club)
    return level is not None and level >= Role.Level.DIRECTOR


def seated(table: Table, entry: Entry | None) -> bool:
    return entry is not None and table.seats.filter(entry=entry).exists()


def who(actor: Actor) -> tuple[str, str]:
    """(via, name) for the log and the result's history."""
    if actor.entry is not None:
        return ResultEntry.Via.TABLE, actor.entry.name
    return ResultEntry.Via.DIRECTOR, actor.user.get_username()


def lock_table(table: Table, version: int) -> Table:
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


def bump(table: Table) -> None:
    table.version += 1
    table.save(update_fields=["version"])


def log(table: Table, actor, action: str, result: ResultEntry, **extra) -> None:
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
