"""MEINO (RULES.md ME-1 … ME-14): rules, scoring, checks and the whole-game simulator."""

from __future__ import annotations

from games.base import GameSpec
from games.meino.cards import MEINO
from games.meino.checker import CHECKS as FORMS
from games.meino.checks import CHECKS
from games.meino.demo import DEMO
from games.meino.results import RESULTS
from games.meino.rules import MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from games.meino.sheet import SHEET
from games.meino.simulate import simulate

GAME = GameSpec(
    name="meino",
    title="MEINO",
    prefix="ME",
    options=OPTIONS,
    checks=CHECKS,
    players=tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
    simulate=simulate,
    default_players=4,
    results=RESULTS,
    checker=FORMS,
    sheet=SHEET,
    demo=DEMO,
    deck=MEINO,
)
