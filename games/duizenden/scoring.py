"""Duizenden scoring: card points (DZ-11), opening points (DZ-4) and the game (DZ-12).

Pure Python: no Django here (tests/test_architecture.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from games.cards import ACE, JACK, JOKER_RANK, KING, QUEEN, Card

#: DZ-12: the total that wins the game.
TARGET = 1000
#: DZ-11: every score is made of card points, all multiples of five.
SCORE_STEP = 5
#: DZ-11: the card points of both decks together (108 cards); no deal score goes beyond.
DECK_POINTS = 1140
#: DZ-4: the opening points a player's first melds must reach.
OPENING_MINIMUM = 30

JOKER_POINTS = 50
QUEEN_OF_SPADES_POINTS = 100


def rank_points(rank: int, suit: str = "") -> int:
    """DZ-11 card points of a natural card of ``rank`` (2-14) and ``suit``."""
    if rank == QUEEN and suit == "S":
        return QUEEN_OF_SPADES_POINTS
    if rank == ACE:
        return 15
    if rank >= 10:
        return 10
    return 5


def card_points(card: Card) -> int:
    """DZ-11: 2-9 = 5, 10/J/Q/K = 10, A = 15, joker = 50, QS = 100."""
    if card.rank == JOKER_RANK:
        return JOKER_POINTS
    return rank_points(card.rank, card.suit)


def cards_points(cards: Iterable[Card]) -> int:
    return sum(card_points(c) for c in cards)


def opening_value(position: int, suit: str, *, face_cards: bool) -> int:
    """DZ-4 opening points of one card of a meld, by its *position* (1 = ace low, 2-14).

    ``face_cards`` (option ``opening_face_cards``, default true) counts the face value:
    2-10 as printed, J/Q/K 10, A 11 (1 when low in A-2-3). Without it the card counts its
    DZ-11 card points. A joker counts as the card it stands for (seed: "De punten van de
    joker tellen voor de waarde van de kaart waarvoor de joker ligt"); a joker in a set
    stands for the rank, so ``suit`` is "" there and a queen counts 10.
    """
    if not face_cards:
        return rank_points(ACE if position == 1 else position, suit)
    if position == 1:
        return 1
    if position == ACE:
        return 11
    if JACK <= position <= KING:
        return 10
    return position


def deal_points(melded: Iterable[Card], hand: Iterable[Card]) -> int:
    """DZ-11: card points on the table minus card points left in the hand."""
    return cards_points(melded) - cards_points(hand)


@dataclass(frozen=True, slots=True)
class GameState:
    """DZ-12 after some deals: totals, and who won after which deal (1-based)."""

    totals: dict[str, int]
    finished: bool
    winner: str | None
    after_deal: int | None

    def as_result(self) -> dict[str, object]:
        return {
            "totals": self.totals,
            "finished": self.finished,
            "winner": self.winner,
            "after_deal": self.after_deal,
        }


def game_winner(totals: Mapping[str, int]) -> str | None:
    """DZ-12: the highest total at or above 1000, if one player alone has it."""
    best = max(totals.values(), default=0)
    if best < TARGET:
        return None
    leaders = [name for name, total in totals.items() if total == best]
    return leaders[0] if len(leaders) == 1 else None


def play_game(players: Sequence[str], deals: Sequence[Mapping[str, int]]) -> GameState:
    """DZ-12: add up all the deals and note after which one a player first won (the deals
    after that win still count towards the totals)."""
    totals = dict.fromkeys(players, 0)
    winner: str | None = None
    after: int | None = None
    for index, deal in enumerate(deals):
        for name in players:
            totals[name] += deal.get(name, 0)
        if winner is None:
            winner = game_winner(totals)
            if winner is not None:
                after = index + 1
    return GameState(totals, winner is not None, winner, after)
