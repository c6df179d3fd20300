"""A table's entry in words: its sides' names, and what a correction changed, value by
value, old against new.

The table's history (scoring.selectors.TableState.history) shows it beside each
correction, and the log of a correction keeps it (scoring.services.result_correct), so
that a correction of a figure the score does not show (MeieRijen's minus points, with the
rounds won the same) is still seen.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from games.results import Field, Layout
from tournaments.formats import team_title
from tournaments.models import Seat, Tournament

#: What a value left empty shows.
EMPTY = "\N{EN DASH}"


def side_names(seats: Iterable[Seat]) -> list[str]:
    """One name per side in side order: the player, or the partners as every page and
    score sheet names them (tournaments.formats.team_title: "Team 5 (Henk & Wim)" for a
    fixed team, "Henk & Wim" for partners drawn per round). The seats come with their
    entries and teams (select_related "entry__member", "entry__team")."""
    by_side: dict[int, list[str]] = defaultdict(list)
    teams: dict[int, str] = {}
    for seat in sorted(seats, key=lambda seat: seat.position):
        by_side[seat.side].append(seat.entry.name)
        if seat.entry.team_id is not None:
            teams[seat.side] = seat.entry.team.name
    return [team_title(teams.get(side, ""), by_side[side]) for side in sorted(by_side)]


@dataclass(frozen=True, slots=True)
class Change:
    """One value a correction changed: where (``Deal 2, Ann: Minus points``), before, after."""

    where: str
    old: str
    new: str


def entry_changes(
    before: Mapping[str, Any], after: Mapping[str, Any], layout: Layout, names: Sequence[str]
) -> list[Change]:
    """The values that differ between two entries of one table (the games' JSON,
    games/results.py), in the order the form shows them. Entered another way (deal by
    deal, then final scores): that change alone, as the values do not compare."""
    if before.get("mode") != after.get("mode"):
        return [Change(_("results are entered"), _mode(before), _mode(after))]
    old, new = _values(before, layout, names), _values(after, layout, names)
    changes = [
        Change(where, old.get(where, EMPTY), value)
        for where, value in new.items()
        if old.get(where, EMPTY) != value
    ]
    changes += [Change(where, value, EMPTY) for where, value in old.items() if where not in new]
    if bool(before.get("finished", True)) != bool(after.get("finished", True)):
        changes.append(
            Change(_("finished"), _yes_no(before.get("finished")), _yes_no(after.get("finished")))
        )
    return changes


def _mode(data: Mapping[str, Any]) -> str:
    mode = data.get("mode")
    return str(Tournament.Entering(mode).label) if mode in Tournament.Entering.values else EMPTY


def _yes_no(value: Any) -> str:
    return _("yes") if value else _("no")


def _values(data: Mapping[str, Any], layout: Layout, names: Sequence[str]) -> dict[str, str]:
    """Every value of an entry by where it stands, as words: "Deal 1, Ann: Minus points"."""
    detailed = data.get("mode") == "detailed"
    fields = layout.row_fields if detailed else layout.summary_fields
    if detailed:
        label = _(layout.row_label)
        rows = [(f"{label} {i + 1}", row) for i, row in enumerate(data.get("rows", []))]
    else:
        rows = [("", data)]
    out: dict[str, str] = {}
    for row, values in rows:
        for spec in fields:
            if not spec.per_side:
                out[_at(row, _(spec.label))] = _word(spec, values.get(spec.name), names)
                continue
            for side, side_values in enumerate(values.get("sides", [])):
                name = names[side] if side < len(names) else str(side + 1)
                where = _at(row, f"{name}: {_(spec.label)}")
                out[where] = _word(spec, side_values.get(spec.name), names)
    return out


def _at(row: str, what: str) -> str:
    return f"{row}, {what}" if row else what


def _word(spec: Field, value: Any, names: Sequence[str]) -> str:
    if value is None:
        return EMPTY
    if spec.kind == "bool":
        return _yes_no(value)
    if spec.kind == "side" and isinstance(value, int) and 0 <= value < len(names):
        return names[value]
    return str(value)
