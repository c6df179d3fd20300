"""Each game's score sheet: ``scoring.sheets.games.<game>.draw(pen, sheet)``.

A game without a module here gets the generic sheet (:mod:`.generic`): a column per
player, a row per round and a running total, so a sixth game prints without a change here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from ..base import Pen
from ..data import TableSheet

Draw = Callable[[Pen, TableSheet], None]


def drawer(game: str) -> Draw:
    try:
        module = importlib.import_module(f"{__name__}.{game}")
    except ModuleNotFoundError as missing:
        if missing.name != f"{__name__}.{game}":
            raise
        module = importlib.import_module(f"{__name__}.generic")
    return module.draw
