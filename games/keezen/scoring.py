"""Keezen scoring (KZ-8, KZ-9): pawns home per team, the winning team, the game score.

A game's result is each team's number of pawns home (0-8) and the winning team, if one
finished (both partners with all four pawns home, KZ-8). The game score, as at the Dutch
keezen championship, is ``points_per_pawn`` (default 2) per pawn home plus ``win_bonus``
(default 10) for the winning team (KZ-9). Teams are named by their seats, e.g. ``"0+2"``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Option, _
from games.keezen.board import PAWNS

#: The options of RULES.md for Keezen (KZ-9).
OPTIONS = (
    Option("points_per_pawn", 2, int, minimum=0, maximum=1000,
           help=_("KZ-9: game points per pawn home"),
           label=_("Points per pawn home")),
    Option("win_bonus", 10, int, minimum=0, maximum=10_000,
           help=_("KZ-9: game points for the team that got all eight pawns home"),
           label=_("Bonus for the winning team")),
    Option("round_minutes", 0, int, minimum=0, maximum=24 * 60,
           help=_("KZ-9: a tournament round against the clock (0 = no clock); a game stopped"
                " by the clock is scored by pawns home, with no winner"),
           label=_("Minutes per round")),
)  # fmt: skip

TEAM_PAWNS = 2 * PAWNS


def game_score(
    team_names: Sequence[str], pawns_home: Sequence[int], options: Mapping[str, Any]
) -> dict[str, Any]:
    """KZ-9: per team its pawns home and points, the winner (null when no team finished).

    ``pawns_home`` holds each team's count (0-8) in ``team_names`` order; at most one team
    can have all eight home, since the game ends when the first team does (KZ-8).
    """
    winner = next((name for name, n in zip(team_names, pawns_home, strict=True)
                   if n == TEAM_PAWNS), None)  # fmt: skip
    per_pawn, bonus = options["points_per_pawn"], options["win_bonus"]
    points = {
        name: n * per_pawn + (bonus if name == winner else 0)
        for name, n in zip(team_names, pawns_home, strict=True)
    }
    return {
        "pawns_home": dict(zip(team_names, pawns_home, strict=True)),
        "points": points,
        "winner": winner,
        "finished": winner is not None,
    }
