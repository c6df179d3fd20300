"""Miezemauzen / Miezelen (RULES.md MZ-1 … MZ-12): rules, scoring, checks and simulator."""

from __future__ import annotations

from games.base import GameSpec
from games.cards import FRENCH
from games.miezemauzen.checker import CHECKS as FORMS
from games.miezemauzen.checks import CHECKS
from games.miezemauzen.demo import DEMO
from games.miezemauzen.results import RESULTS
from games.miezemauzen.rules import MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from games.miezemauzen.sheet import SHEET
from games.miezemauzen.simulate import simulate as _simulate

GAME = GameSpec(
    name="miezemauzen",
    title="Miezemauzen",
    prefix="MZ",
    options=OPTIONS,
    checks=CHECKS,
    players=tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
    simulate=_simulate,
    default_players=3,  # random play with 4+ rarely reaches 0: see simulate.py
    results=RESULTS,
    checker=FORMS,
    sheet=SHEET,
    demo=DEMO,
    deck=FRENCH,
)
