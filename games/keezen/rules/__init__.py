"""Keezen rules (KZ-1 … KZ-8): the position, every card's legal moves, applying and judging.

Two views of the same rules live here:

- the **generator** (:func:`card_moves`, :func:`hand_moves`) lists every distinct legal move
  of a card as a compact tuple; the simulator and the ``legal_moves`` check use it, so it
  works on the plain lists of a :class:`Position` (``pos``, ``board``, ``home``) with the
  tables of :class:`~games.keezen.board.Geometry`;
- the **judge** (:func:`judge_move`) checks one move as a player wrote it down and refuses it
  with the rule it breaks and an English sentence.

Tests check that both agree on every position they meet.

Move tuples (``pid`` = seat·4 + pawn, places as in :mod:`games.keezen.board`):

- ``(ENTER, pid, start)`` — A or K: the lowest-numbered pawn in the nest to the start square;
- ``(FORWARD, pid, dest, steps, into_home)`` — A (1), 2, 3, 5, 6, 8, 9, 10, Q (12), or a 7
  with one pawn;
- ``(BACK, pid, dest)`` — a 4, always 4 backward;
- ``(SWAP, pid, other)`` — a J;
- ``(SPLIT, a, dest_a, steps_a, home_a, b, dest_b, steps_b, home_b)`` — a 7 over two pawns,
  the parts done in the order given.

RULES.md's KZ-5: a pawn in the home never moves again (no card moves it, neither forward
inside the home nor backward), and KZ-2: only pawns on the track count for the 7's split.

Readings of this engine where RULES.md is silent (each cited where it applies):

- Any pawn of seat ``s`` on square ``16·s`` blocks, however it got there (KZ-3); its owner's
  own J may still swap it away, another player's J (also one played for a partner) may not.
- A 7 is split whenever two or more of the moved seat's pawns on the track can take a step
  forward before the card (KZ-2; pawns in the nest or the home never count); the parts go
  in the order given, each part hits on its landing square (KZ-4), so the second part is
  judged on the board the first part left.
  Two orders of the same split that end in the same position are one move (listed with the
  lower-numbered pawn first); orders that differ (both parts landing on one square) are two.
  Once the split is due, its second part may be taken by a pawn that could not move before
  the card, when the first part lifted the own blockade in front of it (KZ-3).
- A player whose four pawns are home plays the whole card for the partner, a 7 included.
- KZ-8's reading: a 7 whose single pawn brings the player's last pawn home with fewer than
  seven steps goes on with the rest on one of the partner's pawns (a split whose second
  part is the partner's; the move names the partner as ``for_seat``); when no partner's
  pawn can go the rest, the rest lapses (KZ-6). A split over two own pawns (KZ-2) has no
  third part: its parts add up to 7 already.

The package: ``position`` (the deck, the move tuples and :class:`Position`), ``moves`` (the
generator), ``requests`` (moves as written and :class:`Refusal`) and ``judge``
(:func:`judge_move`, :func:`judge_fold`, :func:`game_over`); the names the game's other
modules use are here.
"""

from __future__ import annotations

from .judge import (
    game_over,
    judge_fold,
    judge_move,
)
from .moves import (
    card_moves,
    hand_moves,
)
from .position import (
    BACK,
    ENTER,
    FORWARD,
    SPLIT,
    SWAP,
    Move,
    Position,
    keezen_deck,
)
from .requests import (
    MoveRequest,
    Names,
    Refusal,
    Step,
)

__all__ = [
    "BACK",
    "ENTER",
    "FORWARD",
    "SPLIT",
    "SWAP",
    "Move",
    "MoveRequest",
    "Names",
    "Position",
    "Refusal",
    "Step",
    "card_moves",
    "game_over",
    "hand_moves",
    "judge_fold",
    "judge_move",
    "keezen_deck",
]
