"""Whole Klaverjassen games by uniformly random legal cards (KJ-1 … KJ-8), for
``make bench``.

Each deal the dealer (seat 0 first, then passing left, seat + 1) shuffles the 32 cards
and deals 8 each; a trump suit is drawn at random and the player left of the dealer
chooses it, so that player's team is the playing team; that player leads the first
trick. Every player plays a card drawn uniformly from :func:`legal_cards`. A *decision*
is one card played (counted even when only one card was legal); a game of 16 deals is
512 decisions.

The log is a ``replay`` case (games.klaverjassen.checks): ``deals``, each deal's fields
as a ``deal`` case has them, which the replay judges card by card; beside them the
briefje ``rows`` of the game, which a ``game`` case takes as they are.
"""

from __future__ import annotations

import random
import time
from typing import Any

from games.base import Simulation, make_rng
from games.cards import SUITS, Card
from games.klaverjassen.cards import DECK, SEATS, TRICKS, Options
from games.klaverjassen.play import legal_cards, winner
from games.klaverjassen.scoring import deal


def random_deal(rng: random.Random, dealer: int, options: Options) -> dict[str, Any]:
    """One deal played by random legal cards, as a ``deal`` case's fields."""
    cards = list(DECK)
    rng.shuffle(cards)
    hands = [cards[seat * TRICKS : (seat + 1) * TRICKS] for seat in range(SEATS)]
    trump = rng.choice(SUITS)
    leader = (dealer + 1) % SEATS
    held = [list(hand) for hand in hands]
    tricks: list[list[Card]] = []
    first = leader
    for _trick in range(TRICKS):
        played: list[tuple[int, Card]] = []
        for position in range(SEATS):
            seat = (first + position) % SEATS
            card = rng.choice(legal_cards(trump, options.variant, played, held[seat]))
            held[seat].remove(card)
            played.append((seat, card))
        tricks.append([card for _seat, card in played])
        first = winner(played, trump)
    return {
        "hands": [[str(c) for c in hand] for hand in hands],
        "trump": trump,
        "playing_team": leader % 2,
        "first_leader": leader,
        "tricks": [[str(c) for c in one] for one in tricks],
    }


def simulate(seed: int | None = None, options: dict[str, Any] | None = None,
             record: bool = True, **_ignored: Any) -> Simulation:  # fmt: skip
    """A whole game (``deals`` deals) by random legal cards, scored deal by deal."""
    rng = make_rng(seed)
    opts = Options.of(options)
    deals, rows, totals = [], [], [0, 0]
    for number in range(opts.deals):
        fields = random_deal(rng, number % SEATS, opts)
        outcome = deal(options=opts, **fields)
        for side in (0, 1):
            totals[side] += outcome.result["score"][side]
        deals.append(fields)
        rows.append(outcome.result["row"])
    given = {name: getattr(opts, name) for name in opts.__slots__}
    log = (
        {"game": "klaverjassen", "check": "replay", "options": given, "rows": rows, "deals": deals}
        if record
        else {}
    )
    winner = None if totals[0] == totals[1] else ("0+2", "1+3")[totals[1] > totals[0]]
    summary = {"score": totals, "deals": opts.deals, "decisions": opts.deals * SEATS * TRICKS,
               "finished": True, "winner": winner}  # fmt: skip
    return Simulation(log=log, decisions=opts.deals * SEATS * TRICKS, summary=summary)


def decisions_per_second(seconds: float = 1.0, seed: int = 1) -> float:
    """Random legal cards chosen per second (dealing and choosing only, no scoring), over
    at least ``seconds`` of whole deals: the figure ``make bench`` reports."""
    rng = make_rng(seed)
    opts = Options()
    decisions, start = 0, time.perf_counter()
    while True:
        random_deal(rng, decisions % SEATS, opts)
        decisions += SEATS * TRICKS
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return decisions / elapsed
