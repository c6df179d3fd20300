"""Duizenden / Zwarte wijven (RULES.md DZ-1 … DZ-12): rules, scoring, checks and simulator."""

from __future__ import annotations

from games.base import GameSpec
from games.cards import FRENCH
from games.duizenden import checker, checks, demo, results, rules, sheet, simulate

GAME = GameSpec(
    name="duizenden",
    title="Duizenden (Zwarte wijven)",
    prefix="DZ",
    options=rules.OPTIONS,
    checks=checks.CHECKS,
    players=tuple(range(rules.MIN_PLAYERS, rules.MAX_PLAYERS + 1)),
    simulate=simulate.simulate,
    default_players=4,
    results=results.RESULTS,
    checker=checker.CHECKS,
    sheet=sheet.SHEET,
    demo=demo.DEMO,
    deck=FRENCH,
)
