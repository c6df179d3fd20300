"""The demo evenings of this game (``make run``'s seed_demo, demo/evenings.py): the
evening's name and set-up, and how a simulated game (simulate.py) reads as the summary
result a director would enter."""

from __future__ import annotations

from typing import Any

from games.base import Demo

#: The demo evening: its name and set-up, as the tournament form takes them.
EVENING = {"name": "MEINO-avond", "table_size": 4, "teams": "none", "scheme": "rank", "rounds": 3}
#: The demo clubs (slugs) whose season plays this game.
SEASON_CLUBS = ("veghel",)


def result_sides(summary: dict[str, Any], sides: int) -> list[dict[str, Any]]:
    """The simulator's ``summary`` as the sides of the summary result entry."""
    return [
        {"total": summary["totals"][f"P{i + 1}"], "marks": summary["tally"][f"P{i + 1}"]}
        for i in range(sides)
    ]


DEMO = Demo(evening=EVENING, result_sides=result_sides, season_clubs=SEASON_CLUBS)
