"""The demo evenings of this game (``make run``'s seed_demo, demo/evenings.py): the
evening's name and set-up, and how a simulated game (simulate.py) reads as the summary
result a director would enter.

A klaverjas evening as clubs play it (KJ-9): individual competition, so the partners are
drawn anew each round (16 players make 4 tables of two teams), 3 rounds of a 16-deal
game, ranked by the game's own score (the points a player's team made).
"""

from __future__ import annotations

from typing import Any

from games.base import Demo
from games.klaverjassen.simulate import simulate

#: The demo evening: its name and set-up, as the tournament form takes them.
EVENING = {
    "name": "Klaverjasavond",
    "table_size": 4,
    "teams": "drawn",
    "scheme": "game",
    "rounds": 3,
}
#: The demo clubs (slugs) whose season plays this game: the klaverjas club.
SEASON_CLUBS = ("klaverjas",)


def result_sides(summary: dict[str, Any], sides: int) -> list[dict[str, Any]]:
    """The simulator's ``summary`` as the sides of the summary result entry: each team's
    game score (KJ-8), team 0 (seats 0+2) first."""
    return [{"total": summary["score"][team]} for team in range(sides)]


def briefje_rows(seed: int, options: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """A whole game played by simulate.py as its briefje rows, one per deal (the rows of
    a ``game`` case: who played, points, roem, nat, pit, verzaakt): what a table enters
    row by row."""
    return list(simulate(seed, options).log["rows"])


DEMO = Demo(evening=EVENING, result_sides=result_sides, season_clubs=SEASON_CLUBS)
