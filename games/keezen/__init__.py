"""Keezen (KZ-1 … KZ-9): the board game of pawns moved by playing cards, for 4 or 6
players in teams of two partners sitting opposite.

- :mod:`games.keezen.board`: the board geometry and its precomputed tables (KZ-1);
- :mod:`games.keezen.rules`: the position, every card's legal moves, applying and judging
  a move (KZ-2 … KZ-8);
- :mod:`games.keezen.scoring`: pawns home per team, the winner and the game score (KZ-9);
- :mod:`games.keezen.checks`: the check_hand kinds ``move``, ``legal_moves``,
  ``game_score`` and ``replay``;
- :mod:`games.keezen.simulate`: whole games by random legal moves, logged for replay.
"""

from games.base import GameSpec
from games.cards import FRENCH
from games.keezen.checker import CHECKS as FORMS
from games.keezen.checks import CHECKS
from games.keezen.demo import DEMO
from games.keezen.results import RESULTS
from games.keezen.scoring import OPTIONS
from games.keezen.sheet import SHEET
from games.keezen.simulate import simulate

GAME = GameSpec(
    name="keezen",
    title="Keezen",
    prefix="KZ",
    options=OPTIONS,
    checks=CHECKS,
    players=(4, 6),
    simulate=simulate,
    default_players=4,
    results=RESULTS,
    team_tables={4: 2, 6: 2},
    checker=FORMS,
    sheet=SHEET,
    demo=DEMO,
    deck=FRENCH,
)
