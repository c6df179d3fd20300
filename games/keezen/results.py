"""Keezen at a tournament table (KZ-8, KZ-9): each team's pawns home.

A side is a team of two partners: two teams at a table of four, three at a table of six.
The result is a summary only, the pawns each team has home (0-8). The game is finished
when one team has all eight home, and only one can: the game ends the moment the first
does (KZ-8); a game stopped by the clock (``round_minutes``) has no winner. The game
points are ``points_per_pawn`` per pawn home plus ``win_bonus`` for the winning team
(KZ-9), counted by :func:`games.keezen.scoring.game_score`. Rank: more pawns home; the
margin is the pawns home.

Pure Python: no Django here (tests/test_architecture.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.keezen.board import PLAYER_COUNTS
from games.keezen.scoring import TEAM_PAWNS, game_score
from games.results import (
    Field,
    Layout,
    ResultError,
    ResultSpec,
    TableResult,
    _,
    side_names,
    table_result,
)

LAYOUT = Layout(
    modes=("summary",),
    row_label=_("Deal"),
    row_fields=(),
    summary_fields=(
        Field("pawns", _("Pawns home"), "int", minimum=0, maximum=TEAM_PAWNS,
              help=_("The pawns both partners have home together (KZ-9).")),
    ),
)  # fmt: skip


def score(entry: Mapping[str, Any], sides: int, options: Mapping[str, Any]) -> TableResult:
    """A checked entry (:func:`games.results.score_entry`) ranked by pawns home."""
    names = side_names(sides)
    pawns = [side["pawns"] for side in entry["sides"]]
    home = [side for side, count in enumerate(pawns) if count == TEAM_PAWNS]
    if len(home) > 1:
        raise ResultError(
            f"sides[{home[1]}].pawns",
            _("Only one team can have all eight pawns home: the game ends when the first "
              "does (KZ-8)."),
        )  # fmt: skip
    outcome = game_score(names, pawns, options)
    finished = entry["finished"]
    if finished and not outcome["finished"]:
        raise ResultError(
            "finished",
            _("No team has all eight pawns home, so the game is not finished (KZ-8)."),
        )
    if outcome["finished"] and not finished:
        raise ResultError(
            "finished",
            _("A team has all eight pawns home: it has won, so the game is finished (KZ-8)."),
        )
    points = [outcome["points"][name] for name in names]
    return table_result(
        scores=points,
        margins=pawns,
        keys=pawns,
        finished=finished,
        winner=None if outcome["winner"] is None else int(outcome["winner"]),
        game_points=points,
    )


def bye_game_points(options: Mapping[str, Any]) -> float:
    """A team on a bye (the numbers did not divide) scores half a won game: half the
    pawns home and half the bonus, so that sitting out neither wins nor loses much."""
    return (TEAM_PAWNS * options["points_per_pawn"] + options["win_bonus"]) / 2


RESULTS = ResultSpec(
    layout=LAYOUT,
    score=score,
    sides=tuple(count // 2 for count in PLAYER_COUNTS),
    score_label=_("Game points"),
    margin_label=_("pawns home"),
    margin_sign=1,
    game_points=True,
    bye_game_points=bye_game_points,
)
