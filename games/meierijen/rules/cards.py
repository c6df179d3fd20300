"""MeieRijen's cards as small ints (RULES.md MR-1, MR-3): a player's deck, the card codes with
their ranks, names and colours, and the three centre piles with the cards each accepts."""

from __future__ import annotations

from games.base import _
from games.cards import JOKER, Card, french_deck


def meierijen_deck() -> list[Card]:
    """One player's 54-card deck (MeieRijen): 52 cards and 2 jokers."""
    return french_deck(jokers=2)


# --- cards ---------------------------------------------------------------------------------

SUIT_LETTERS = "SHDC"
JOKER_CODE = 0
LOW, TEN, ACE = 3, 10, 14
RANK_TEXT = {11: "J", 12: "Q", 13: "K", 14: "A"}


def code_of(card: Card) -> int:
    """The small-int code of a card (joker 0)."""
    return 0 if card.rank == 0 else card.rank * 4 + SUIT_LETTERS.index(card.suit)


#: code -> Card, rank, name; wild = joker or 2 (MR-3).
CARDS: list[Card] = [JOKER] * 60
RANK = [0] * 60
for _rank in range(2, ACE + 1):
    for _suit in SUIT_LETTERS:
        _card = Card(_rank, _suit)
        CARDS[code_of(_card)] = _card
        RANK[code_of(_card)] = _rank
IS_WILD = [RANK[c] in (0, 2) for c in range(60)]
NAME = [str(card) for card in CARDS]
IS_RED = [CARDS[c].suit in ("H", "D") for c in range(60)]
IS_BLACK = [CARDS[c].suit in ("S", "C") for c in range(60)]

#: One player's 54-card deck (52 cards and 2 jokers).
DECK: tuple[int, ...] = (*(code_of(Card(r, s)) for s in SUIT_LETTERS for r in range(2, 15)), 0, 0)

RED_PILE, BLACK_PILE, MIX_PILE = 0, 1, 2
PILE_NAMES = ("red", "black", "mix")
#: The piles as messages name them: "on %(pile)s" (the red pile), "(%(pile)s)" (red pile).
PILE_TEXT = (_("the red pile"), _("the black pile"), _("the mix pile"))
PILE_LABEL = (_("red pile"), _("black pile"), _("mix pile"))
#: MR-1: which cards each centre pile accepts (jokers everywhere).
ACCEPTS = (
    tuple(c == 0 or IS_RED[c] for c in range(60)),
    tuple(c == 0 or IS_BLACK[c] for c in range(60)),
    tuple(c == 0 or RANK[c] > 0 for c in range(60)),
)
EMPTY_RANKS = tuple((r, None) for r in range(LOW, ACE + 1))


def rank_text(rank: int) -> str:
    return RANK_TEXT.get(rank, str(rank))
