"""MeieRijen: the state of a round and every rule of a turn (RULES.md MR-1 … MR-12,
MR-V1 (a) and (b), MR-4P).

One :class:`Round` serves the simulator (``options`` lists every legal move at a
decision point, ``apply`` makes one), the ``turn`` check and the ``replay`` check
(:mod:`games.meierijen.judging` names the rules a move breaks on the round's board, then
``apply`` makes it). A simulated game and a judged one therefore follow one set of rules.

Internally everything is small ints and tuples:

- a card is ``rank * 4 + suit`` (suits ``S H D C`` = 0-3, ranks 2-14), the joker is 0;
- a centre pile is 0 red, 1 black, 2 mix; its *effective rank* is 0 for an empty place;
- a *side* owns a deck, a draw pile, open cards, a penalty pile and held pawns: a player,
  or with four players a team (MR-4P); a *seat* is a player with a hand;
- a white pawn stands on its start spot (``None``) or on a place ``(kind, index, card)``:
  ``(PILE, pile, 0)``, ``(DRAWPILE, side, 0)``, ``(OPENCARD, side, card)``,
  ``(PENPILE, side, 0)``; the grey and the red pawn are held by a side or at start (-1).

A move is a tuple: ``(PLAY, source, owner, card, pile, rank)``, ``(PAWN, action, pawn,
place)``, ``(PASS, card, OPEN | PENALTY)``, ``(END,)`` (a turn ends without a pass card
when the hand is empty) or ``(TURNED,)`` (MR-11: the face-up draw card that cannot be
played joins the open cards).

Decisions where RULES.md is silent are listed in the package docstring.

The package: ``cards`` (card codes, decks and centre piles), ``moves`` (move kinds, places,
turn phases and the ranks a card may be played as), ``round`` (:class:`Round`: the state,
the turn, making moves, the legal moves) and ``options`` (the options and decks); the
names the game's other modules use are here.
"""

from __future__ import annotations

from .cards import (
    ACCEPTS,
    ACE,
    BLACK_PILE,
    DECK,
    IS_WILD,
    LOW,
    MIX_PILE,
    NAME,
    PILE_LABEL,
    PILE_NAMES,
    PILE_TEXT,
    RANK,
    RED_PILE,
    code_of,
    meierijen_deck,
    rank_text,
)
from .moves import (
    ALWAYS,
    DONE,
    DRAW,
    DRAWPILE,
    FACEUP,
    GREY,
    HAND,
    MAIN,
    NEVER,
    OPEN,
    OPEN_LIMIT,
    OPENCARD,
    PASS,
    PAWN,
    PAWN_NAMES,
    PAWN_TEXT,
    PENALTY,
    PENPILE,
    PILE,
    PILE_PLACES,
    PLACE,
    PLAY,
    RED,
    REMOVE,
    TAKE,
    TURNED,
    WHITE,
    Place,
    Violations,
)
from .options import (
    DECKS,
    OPTIONS,
)
from .round import (
    Round,
)

__all__ = [
    "ACCEPTS",
    "ACE",
    "ALWAYS",
    "BLACK_PILE",
    "DECK",
    "DECKS",
    "DONE",
    "DRAW",
    "DRAWPILE",
    "FACEUP",
    "GREY",
    "HAND",
    "IS_WILD",
    "LOW",
    "MAIN",
    "MIX_PILE",
    "NAME",
    "NEVER",
    "OPEN",
    "OPENCARD",
    "OPEN_LIMIT",
    "OPTIONS",
    "PASS",
    "PAWN",
    "PAWN_NAMES",
    "PAWN_TEXT",
    "PENALTY",
    "PENPILE",
    "PILE",
    "PILE_LABEL",
    "PILE_NAMES",
    "PILE_PLACES",
    "PILE_TEXT",
    "PLACE",
    "PLAY",
    "RANK",
    "RED",
    "RED_PILE",
    "REMOVE",
    "TAKE",
    "TURNED",
    "WHITE",
    "Place",
    "Round",
    "Violations",
    "code_of",
    "meierijen_deck",
    "rank_text",
]
