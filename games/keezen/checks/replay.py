"""The ``replay`` check of Keezen: a whole game as the simulator logs it, judged event by event
up to the first violation."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from games.base import Card, Case, Outcome, Text, _
from games.keezen.board import (
    geometry,
)
from games.keezen.rules import (
    Names,
    Position,
    Refusal,
    game_over,
    judge_fold,
    judge_move,
)

from .reading import (
    deck_size,
    over_the_deck,
    read_card,
    read_hand,
    read_players,
    read_position,
    read_request,
    read_seat,
)
from .writing import add, pawns_json, team_result

# --- replay ----------------------------------------------------------------------------


class _Replay:
    """State of a replayed game: the board, the hands, the deck since the last shuffle."""

    def __init__(self, case: Case, players: int, names: Names) -> None:
        self.g = geometry(players)
        self.players = players
        self.names = names
        self.position = (
            read_position(case, self.g) if case.has("pawns") else Position.initial(players)
        )
        self.deck_size = deck_size(players)
        self.dealt: Counter[Card] = Counter()
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.dealer: int | None = None
        self.next_seat = 0
        self.deals = 0
        self.turns = 0

    def deal(self, event: Case) -> Refusal | None:
        """KZ-7: 5 cards each from a fresh deck, then 4 each; the deal passes left."""
        n, names = self.players, self.names
        deal = event.sub("deal")
        dealer = read_seat(deal, "dealer", n)
        if any(self.hands):
            return Refusal(
                "KZ-7", Text(_("a new deal comes only when every card of the last one is played"))
            )
        fresh = self.dealer is None or self.deck_size - sum(self.dealt.values()) < 4 * n
        if self.dealer is not None:
            expected = (self.dealer + 1) % n if fresh else self.dealer
            if dealer != expected:
                why = (
                    Text(_("the deck is used up, so the deal passes left"))
                    if fresh
                    else Text(_("the deck is not used up"))
                )
                return Refusal(
                    "KZ-7",
                    Text(
                        _("%(names)s deals now, not %(names2)s: %(why)s"),
                        names=names(expected),
                        names2=names(dealer),
                        why=why,
                    ),
                )
        shuffle = deal.boolean("shuffle", fresh)
        if shuffle != fresh:
            return Refusal(
                "KZ-7",
                Text(_("the deck is used up, so this deal is from a new shuffle"))
                if fresh
                else Text(_("the deck is not used up yet, so this deal is not from a new shuffle")),
            )
        hands_case = deal.per_player("hands", [str(s) for s in range(n)], complete=True)
        size = 5 if fresh else 4
        dealt = Counter() if fresh else Counter(self.dealt)
        hands = []
        for s in range(n):
            hand = read_hand(hands_case, str(s), n)
            if len(hand) != size:
                return Refusal(
                    "KZ-7",
                    Text(
                        _("%(names)s is dealt %(count)s cards instead of %(size)s"),
                        names=names(s),
                        count=len(hand),
                        size=size,
                    ),
                )
            dealt.update(hand)
            hands.append(hand)
        problem = over_the_deck(dealt, n)
        if problem is not None:
            return Refusal(
                "KZ-7",
                Text(_("the cards dealt since the last shuffle: %(problem)s"), problem=problem),
            )
        self.dealt, self.hands, self.dealer = dealt, hands, dealer
        self.next_seat = (dealer + 1) % n
        self.deals += 1
        return None

    def turn(self, event: Case) -> Refusal | None:
        """One card played (KZ-2 … KZ-5, KZ-8) or a fold (KZ-6), in clockwise order (KZ-1)."""
        n, names = self.players, self.names
        if not any(self.hands):
            return Refusal("KZ-7", Text(_("nobody holds a card: a new deal is due")))
        seat = self.next_seat
        while not self.hands[seat]:
            seat = (seat + 1) % n
        given = read_seat(event, "seat", n, seat)
        request = read_request(event.sub("move"), n)
        if given != seat:
            return Refusal(
                "KZ-1",
                Text(
                    _("it is %(names)s's turn, not %(names2)s's: play goes clockwise"),
                    names=names(seat),
                    names2=names(given),
                ),
            )
        hand = self.hands[seat]
        if request.kind == "fold":
            refusal = judge_fold(self.position, seat, hand, names)
            if refusal is None:
                hand.clear()
        else:
            card = read_card(event)
            if card not in hand:
                held = ", ".join(map(str, hand))
                return Refusal(
                    "KZ-7",
                    Text(
                        _(
                            "%(names)s plays %(card)s, which is not in the hand dealt "
                            "(holding %(held)s)"
                        ),
                        names=names(seat),
                        card=card,
                        held=held,
                    ),
                )
            position = self.position.copy()
            try:
                judge_move(position, seat, card, request, names)
            except Refusal as breach:
                return breach
            self.position = position
            hand.remove(card)
            refusal = None
        self.next_seat = (seat + 1) % n
        self.turns += 1
        return refusal

    def result(self, options: Any) -> dict[str, Any]:
        return {
            "pawns_after": pawns_json(self.position),
            **team_result(self.position, options),
            "deals": self.deals,
            "turns": self.turns,
        }


def check_replay(case: Case) -> Outcome:
    """``replay``: every deal and turn of a logged game, judged in order (KZ-1 … KZ-9)."""
    players, names = read_players(case)
    game = _Replay(case, players, names)
    outcome = Outcome()
    events = case.subs("events")
    judge: dict[bool, Callable[[Case], Refusal | None]] = {True: game.deal, False: game.turn}
    for i, event in enumerate(events):
        refusal = game_over(game.position, names) or judge["deal" in event.data](event)
        if refusal is not None:
            add(outcome, refusal, i)
            outcome.result = {"events_judged": i}
            return outcome
    outcome.result = game.result(case.options)
    return outcome
