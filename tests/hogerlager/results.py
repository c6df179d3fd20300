"""Hoger-lager at a tournament table (HL-4): each player's points, the final figures only.

A finished game has exactly one player at the target (the game stops at the first to
reach it); an unfinished one (time ran out) has nobody there. Higher points rank first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.results import Field, Layout, ResultError, ResultSpec, TableResult, _, table_result

from .rules import PLAYERS

MOST_POINTS = 50

LAYOUT = Layout(
    modes=("summary",),
    row_label=_("Card"),
    row_fields=(),
    summary_fields=(
        Field("points", _("Points"), "int", minimum=0, maximum=MOST_POINTS,
              help=_("The player's hits (HL-4).")),
    ),
)  # fmt: skip


def score(entry: Mapping[str, Any], sides: int, options: Mapping[str, Any]) -> TableResult:
    points = [side["points"] for side in entry["sides"]]
    target = options["target"]
    at_target = [side for side, value in enumerate(points) if value >= target]
    if any(value > target for value in points):
        raise ResultError(
            "sides",
            _("Nobody gets past %(target)s points: the game stops there (HL-4)."),
            target=target,
        )
    if entry["finished"] != (len(at_target) == 1):
        raise ResultError(
            "finished",
            _("A finished game has one player with %(target)s points, an unfinished one none "
              "(HL-4)."),
            target=target,
        )  # fmt: skip
    return table_result(
        scores=points,
        margins=points,
        keys=points,
        finished=entry["finished"],
        winner=at_target[0] if len(at_target) == 1 else None,
    )


RESULTS = ResultSpec(
    layout=LAYOUT,
    score=score,
    sides=PLAYERS,
    score_label=_("Points"),
    margin_label=_("points"),
    margin_sign=1,
)
