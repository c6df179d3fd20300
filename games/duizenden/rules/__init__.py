"""Duizenden rules (RULES.md DZ-1 … DZ-12): melds, discards, mining and a deal's state.

A meld card is a :class:`Token`: a natural card, or a joker with the card it stands for
(``JK:6H``) or without (``JK``, allowed where only one reading exists). :func:`readings`
lists every way a meld can be read (DZ-3); :class:`Deal` is the state of one deal that the
``replay`` check drives action by action, raising :class:`Foul` at the first rule broken.

Pure Python: no Django here (tests/test_architecture.py).

The package: ``deck`` (table sizes, the deck, the options and :class:`Foul`), ``melds``
(meld cards, readings and points), ``turns`` (discarding and mining) and ``deal``
(:class:`Deal`); the names the game's other modules use are here.
"""

from __future__ import annotations

from .deal import (
    Deal,
)
from .deck import (
    DECK,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    QUEEN_OF_SPADES,
    Foul,
    duizenden_deck,
)
from .melds import (
    Reading,
    Token,
    check_counts,
    meld_points,
    opening_points,
    parse_token,
    read_meld,
    readings,
    resolve,
    show,
    why_no_meld,
)
from .turns import (
    choose_miner,
    claim_foul,
    discard_fouls,
)

__all__ = [
    "DECK",
    "HAND_SIZE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OPTIONS",
    "QUEEN_OF_SPADES",
    "Deal",
    "Foul",
    "Reading",
    "Token",
    "check_counts",
    "choose_miner",
    "claim_foul",
    "discard_fouls",
    "duizenden_deck",
    "meld_points",
    "opening_points",
    "parse_token",
    "read_meld",
    "readings",
    "resolve",
    "show",
    "why_no_meld",
]
