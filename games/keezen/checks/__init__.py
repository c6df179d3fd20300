"""Keezen's check_hand kinds (CASES.md): ``move``, ``legal_moves``, ``game_score``, ``replay``.

Every case names the table size with ``"players"``: 4 or 6 (default: 6 when ``pawns`` has
six seats, else 4), or a list of 4 or 6 distinct names (seat 0 first, clockwise), which the
messages then use. Seats are numbers 0 … players-1; ``pawns`` is ``{"0": [4 places], …,
"n-1": [...]}`` with every seat given, each place ``"nest"``, a track square
``0 … 16·players-1`` or ``"home:K"`` (KZ-1).

- ``move``: ``seat``, ``pawns``, ``card``, ``move`` (and ``hand`` for a fold, optional
  otherwise: when given it must hold the card) → ``result``: ``pawns_after``, ``hits``.
  A refused part of a 7 gives the part's index (0 or 1) as the violation's ``at``. A board
  where a team already has all eight pawns home refuses every card (KZ-8: game over).
- ``legal_moves``: ``seat``, ``pawns``, ``hand`` → ``result``: ``moves`` (per distinct card
  of the hand, in hand order, every distinct legal move in the ``move`` notation, ``[]``
  for a card without one), ``count`` (legal card moves), ``fold`` (true when no card has a
  legal move, so the only legal move is ``{"fold": true}``, KZ-6), and ``for_seat`` when
  the seat plays for its partner (KZ-8).
- ``game_score`` (KZ-9): ``pawns_home`` per team (``{"0+2": 8, "1+3": 5}``) or per seat
  (``{"0": 4, "1": 2, …}``), or the board as ``pawns``; an optional ``winner`` (a team name
  or null) and ``points`` (per team) from the score sheet are checked against the counts
  (KZ-9) → ``result``: ``pawns_home``, ``points``, ``winner``, ``finished``.
- ``replay``: a whole game as the simulator logs it (see :mod:`games.keezen.simulate`);
  judged event by event up to the first violation, whose ``at`` is the event's index.
  A card played that the seat does not hold is refused under KZ-7 (the cards one holds are
  the cards dealt), a turn out of order under KZ-1, an event after the game ended under KZ-8.

The package: ``reading`` (reading a case), ``writing`` (the results), ``positions``
(``move``, ``legal_moves``, ``game_score``), ``replay`` and ``kinds`` (:data:`CHECKS`); the
names used outside it are here.
"""

from __future__ import annotations

from .kinds import (
    CHECKS,
)
from .reading import (
    read_request,
)
from .writing import (
    move_json,
    team_result,
)

__all__ = [
    "CHECKS",
    "move_json",
    "read_request",
    "team_result",
]
