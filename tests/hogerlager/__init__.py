"""Hoger-lager: a toy game that plugs into Troef the way a club's own game would.

Everything the site needs of it is in this folder: the engine (rules.py, results.py),
the dispute checker's form (checker.py), the score sheet's layout (sheet.py), each a
field of ``GAME`` below, the rules texts (rules.<language>.md) and its words in Dutch and
German (locale/). The site plays it only when the ``TROEF_GAMES``
setting names this package (conftest.py), through the same registry as the built-in
games. test_evening.py plays a whole evening of it through the site's pages.

The game: 2-4 players; a card is shown, each player in turn guesses whether the next one
is higher or lower (HL-1); a guess that cannot win is not allowed (HL-2); an equal card
is a miss (HL-3); a hit is a point, and whoever first has ``target`` points wins (HL-4).
"""

from __future__ import annotations

from games.base import GameSpec

from .checker import CHECKS as FORMS
from .results import RESULTS
from .rules import CHECKS, OPTIONS, PLAYERS
from .sheet import SHEET

GAME = GameSpec(
    name="hogerlager",
    title="Hoger-lager",
    prefix="HL",
    options=OPTIONS,
    checks=CHECKS,
    players=PLAYERS,
    default_players=3,
    results=RESULTS,
    checker=FORMS,
    sheet=SHEET,
)
