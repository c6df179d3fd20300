"""Klaverjassen's cards, their order and points (KJ-1, KJ-2) and its options.

The 32 cards are :class:`games.cards.Card` of ranks 7-14 (10 is ``10``), in RULES.md's
notation (``"JH"``, ``"10S"``). Pure Python: no Django here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.base import CaseError, Option, _, clean_options
from games.cards import (
    ACE,
    JACK,
    KING,
    QUEEN,
    SUITS,
    Card,
    UnknownCardError,
    parse_card,
    parse_suit,
)

#: The ranks of the 32-card deck, in natural order (7-8-9-10-J-Q-K-A, KJ-4's sequences).
RANKS = (7, 8, 9, 10, JACK, QUEEN, KING, ACE)
DECK = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
SEATS = 4
TRICKS = 8
#: The points of a whole deal (KJ-2): 152 in the cards and 10 for the last trick.
TOTAL = 162
LAST_TRICK = 10

#: KJ-2: trump suit J 20, 9 14, A 11, 10 10, K 4, Q 3, 8 0, 7 0, ranked in that order.
TRUMP_POINTS = {JACK: 20, 9: 14, ACE: 11, 10: 10, KING: 4, QUEEN: 3, 8: 0, 7: 0}
TRUMP_ORDER = (7, 8, QUEEN, KING, 10, ACE, 9, JACK)  # low to high
#: KJ-2: other suits A 11, 10 10, K 4, Q 3, J 2, 9, 8, 7 0, ranked in that order.
PLAIN_POINTS = {ACE: 11, 10: 10, KING: 4, QUEEN: 3, JACK: 2, 9: 0, 8: 0, 7: 0}
PLAIN_ORDER = (7, 8, 9, JACK, QUEEN, KING, 10, ACE)  # low to high
TRUMP_RANK = {rank: index for index, rank in enumerate(TRUMP_ORDER)}
PLAIN_RANK = {rank: index for index, rank in enumerate(PLAIN_ORDER)}

#: The options of RULES.md for Klaverjassen (KJ-3 … KJ-9), with its defaults.
OPTIONS = (
    Option("variant", "rotterdams", str, choices=("rotterdams", "amsterdams"),
           help=_("KJ-3: rotterdams, always bound to trump and overtrump; amsterdams, not"
                  " while the partner is winning the trick"),
           label=_("Variant"), choice_labels=(_("Rotterdam"), _("Amsterdam"))),
    Option("four_of_a_kind", True,
           help=_("KJ-4: four jacks 200, four aces, kings, queens or tens 100"),
           label=_("Roem for four of a kind")),
    Option("claim", True,
           help=_("KJ-4: roem counts only when claimed before the next trick is led"),
           label=_("Roem must be claimed")),
    Option("verzaken", "deal", str, choices=("deal", "minus100"),
           help=_("KJ-7: a renege loses the deal for the team, or costs the player 100"),
           label=_("Reneging"), choice_labels=(_("The team loses the deal"),
                                               _("The player loses 100 points"))),
    Option("deals", 16, int, minimum=1, maximum=64,
           help=_("KJ-8: deals in a game"), label=_("Deals per game")),
    Option("season", "total", str, choices=("total", "average"),
           help=_("KJ-9: a season counts the best evenings by their total or their average"),
           label=_("Season by"), choice_labels=(_("Total"), _("Average"))),
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Options:
    """The options of a deal or game, RULES.md's defaults unless given."""

    variant: str = "rotterdams"
    four_of_a_kind: bool = True
    claim: bool = True
    verzaken: str = "deal"
    deals: int = 16
    season: str = "total"

    @classmethod
    def of(cls, given: Options | Mapping[str, Any] | None = None) -> Options:
        """``given`` as options: an :class:`Options`, or a mapping checked against
        :data:`OPTIONS` (a bad name or value raises ``CaseError`` naming it)."""
        if isinstance(given, Options):
            return given
        return cls(**clean_options(OPTIONS, dict(given or {})))


def card_of(card: object) -> Card:
    """A card of the 32-card deck in any spelling of the notation (``UnknownCardError``
    for any other card)."""
    parsed = parse_card(card)
    if parsed not in DECK_SET:
        raise UnknownCardError(card)
    return parsed


DECK_SET = frozenset(DECK)


def trump_of(text: object) -> str:
    """The trump suit's letter from any spelling of a suit (``"H"``, ``"harten"``, ``"♥"``);
    ``CaseError`` on the field ``trump`` otherwise."""
    try:
        return parse_suit(text)
    except UnknownCardError:
        raise CaseError(
            "trump", _("must be one of S, H, D, C, not %(value)s"), value=str(text)[:40]
        ) from None


def points(card: Card, trump: str) -> int:
    """The card's points (KJ-2)."""
    return TRUMP_POINTS[card.rank] if card.suit == trump else PLAIN_POINTS[card.rank]


def strength(card: Card, trump: str, led: str) -> int:
    """How strong ``card`` is in a trick led with ``led``: any trump beats the led suit,
    which beats the rest (-1, never winning)."""
    if card.suit == trump:
        return 100 + TRUMP_RANK[card.rank]
    if card.suit == led:
        return PLAIN_RANK[card.rank]
    return -1


def team(seat: int) -> int:
    """Seats 0+2 are team 0, seats 1+3 team 1 (KJ-1)."""
    return seat % 2
