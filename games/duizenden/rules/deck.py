"""The Duizenden table: the number of players and cards in a hand, the two-deck deck (DZ-1),
the club's options and :class:`Foul`, the rule a replayed deal breaks."""

from __future__ import annotations

from collections import Counter

from games.base import Option, _
from games.cards import QUEEN, Card, french_deck

MIN_PLAYERS = 3
MAX_PLAYERS = 5
HAND_SIZE = 13
MIN_MELD = 3
#: DZ-3: a run holds each position once and the ace only at one end, so at most 13 cards.
MAX_RUN = 13
QUEEN_OF_SPADES = Card(QUEEN, "S")


def duizenden_deck() -> list[Card]:
    """DZ-1: two 54-card decks, 108 cards with 4 jokers."""
    return french_deck(jokers=2) * 2


#: DZ-1: two 54-card decks.
DECK: Counter[Card] = Counter(duizenden_deck())

OPTIONS = (
    Option(
        "opening_face_cards",
        True,
        bool,
        help=_(
            "DZ-4: opening points count face values (2-10 as printed, J/Q/K 10, A 11 or 1);"
            " false counts the DZ-11 card points instead"
        ),
        label=_("Opening by face value"),
    ),
)


class Foul(Exception):  # noqa: N818 - a rule broken, not an error of the program
    """A rule broken during a replayed deal: the RULES.md ID and an English sentence."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message
