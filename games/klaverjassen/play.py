"""Playing a card (KJ-3) and the roem in a trick (KJ-4): :func:`legal_cards`,
:func:`trick`, :func:`winner` and :func:`roem`.

A trick so far is a list of ``(seat, card)`` in playing order, the leader first. Pure
Python: no Django here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.base import CaseError, Outcome, Suit, Text, _
from games.cards import JACK, KING, QUEEN, Card
from games.klaverjassen.cards import RANKS, SEATS, TRICKS, Options, card_of, strength, trump_of

Played = Sequence[tuple[int, Card]]

#: The duties of KJ-3 that a card can break, as verdicts name them.
FOLLOW, TRUMP, OVERTRUMP, UNDERTRUMP = "follow", "trump", "overtrump", "no undertrump"
DUTIES = {
    FOLLOW: _("%(card)s breaks the duty to follow: the hand holds %(suit)s, the suit led"),
    TRUMP: _("%(card)s breaks the duty to trump: the hand cannot follow and holds trump"),
    OVERTRUMP: _("%(card)s breaks the duty to overtrump: the hand holds a trump higher"
                 " than %(high_card)s"),
    UNDERTRUMP: _("%(card)s undertrumps %(high_card)s while the hand holds another card it may"
                  " play"),
}  # fmt: skip


def winner(played: Played, trump: str) -> int:
    """The seat that wins (or so far is winning) the trick: the highest trump, else the
    highest card of the suit led (KJ-2)."""
    led = played[0][1].suit
    return max(played, key=lambda sc: strength(sc[1], trump, led))[0]


def _highest_trump(played: Played, trump: str) -> Card | None:
    trumps = [card for _seat, card in played if card.suit == trump]
    return max(trumps, key=lambda c: strength(c, trump, trump)) if trumps else None


def duties(played: Played, hand: Iterable[Card], trump: str, variant: str) -> dict[Card, str]:
    """Every card of ``hand`` that may not be played now → the duty it breaks (KJ-3);
    the cards not in the answer are the legal ones."""
    hand = list(hand)
    if not played:
        return {}
    led = played[0][1].suit
    high = _highest_trump(played, trump)
    above = [c for c in hand if c.suit == trump and (high is None or _beats(c, high, trump))]
    if any(c.suit == led for c in hand):
        if led == trump and high is not None and above:  # overtrump, in both variants
            return {c: (FOLLOW if c.suit != led else OVERTRUMP) for c in hand if c not in above}
        return {c: FOLLOW for c in hand if c.suit != led}
    seat = (played[-1][0] + 1) % SEATS
    free = variant == "amsterdams" and winner(played, trump) == (seat + 2) % SEATS
    if not free and above:  # must trump (or overtrump the trump in the trick)
        duty = TRUMP if high is None else OVERTRUMP
        return {c: duty for c in hand if c not in above}
    below = [c for c in hand if c.suit == trump and c not in above]
    if high is not None and len(below) < len(hand):  # others to play: no undertrump
        return dict.fromkeys(below, UNDERTRUMP)
    return {}


def _once(cards: Sequence[Card], field: str) -> None:
    """A card of the one 32-card deck is in ``cards`` once at most (a ``CaseError``
    naming ``field`` and the card otherwise)."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CaseError(field, _("%(card)s is there twice: the deck has it once"), card=card)
        seen.add(card)


def _beats(card: Card, other: Card, trump: str) -> bool:
    return strength(card, trump, trump) > strength(other, trump, trump)


def legal_cards(
    trump: str, variant: str, played: Sequence[tuple[int, object]], hand: Iterable[object]
) -> list[Card]:
    """The cards of ``hand`` that KJ-3 allows now, in the hand's order (cards in any
    spelling of the notation)."""
    hand = [card_of(card) for card in hand]
    played = [(seat, card_of(card)) for seat, card in played]
    banned = duties(played, hand, trump, variant)
    return [card for card in hand if card not in banned]


# --- roem (KJ-4) -------------------------------------------------------------------------

FOUR_OF_A_KIND = {
    JACK: (200, _("four jacks %(points)s")),
    14: (100, _("four aces %(points)s")),
    KING: (100, _("four kings %(points)s")),
    QUEEN: (100, _("four queens %(points)s")),
    10: (100, _("four tens %(points)s")),
}
SEQUENCE = {3: (20, _("three in sequence %(points)s")), 4: (50, _("four in sequence %(points)s"))}
STUK = (20, _("stuk %(points)s"))


def roem(cards: Sequence[Card], trump: str, options: Options | None = None) -> list[Text]:
    """The roem of a complete trick, itemised (KJ-4): each item a :class:`Text` whose
    ``points`` value is its worth. Sequences follow the natural order whatever the trump;
    stuk (K and Q of trump) counts on top of any sequence it belongs to."""
    options = options or Options()
    items: list[Text] = []
    if options.four_of_a_kind and len({c.rank for c in cards}) == 1 and len(cards) == 4:
        worth = FOUR_OF_A_KIND.get(cards[0].rank)
        if worth:
            items.append(Text(worth[1], points=worth[0]))
    for suit in {c.suit for c in cards}:
        ranks = {RANKS.index(c.rank) for c in cards if c.suit == suit}
        run = max(_run(ranks, start) for start in ranks)
        if run >= 3:
            worth = SEQUENCE[run]
            items.append(Text(worth[1], points=worth[0]))
    if Card(KING, trump) in cards and Card(QUEEN, trump) in cards:
        items.append(Text(STUK[1], points=STUK[0]))
    return items


def _run(ranks: set[int], start: int) -> int:
    length = 0
    while start + length in ranks:
        length += 1
    return length if start - 1 not in ranks else 0


def roem_points(items: Iterable[Text]) -> int:
    return sum(int(item.values["points"]) for item in items)


# --- the trick check ---------------------------------------------------------------------


def trick(
    trump: object,
    variant: str,
    played: Sequence[tuple[int, object]],
    hand: Sequence[object],
    card: object,
    *,
    options: Options | None = None,
) -> Outcome:
    """Is ``card`` from ``hand`` allowed on the trick ``played`` so far (KJ-3)? An illegal
    card is a KJ-3 violation naming the duty. ``result``: ``legal`` cards, ``duty`` (or
    None), and for a complete trick (this card the fourth) the ``winner`` seat and the
    ``roem`` items (KJ-4) with their total ``roem_points``."""
    options = options or Options(variant=variant)
    trump = trump_of(trump)
    so_far = [(int(seat), card_of(c)) for seat, c in played]
    if len(so_far) >= SEATS:
        raise CaseError("trick", _("a trick has 4 cards: this one is complete"))
    for index, (seat, _c) in enumerate(so_far[1:], start=1):
        expected = (so_far[0][0] + index) % SEATS
        if seat != expected:
            raise CaseError(
                f"trick[{index}].seat",
                _("the cards of a trick are played in turn: seat %(seat)s, not %(given)s"),
                seat=expected,
                given=seat,
            )
    cards = [card_of(c) for c in hand]
    _once([c for _s, c in so_far], "trick")
    _once(cards, "hand")
    if len(cards) > TRICKS:
        raise CaseError("hand", _("a hand has at most 8 cards, not %(count)s"), count=len(cards))
    this = card_of(card)
    if this not in cards:
        raise CaseError("card", _("%(card)s is not in the hand"), card=this)
    if any(c in cards for _s, c in so_far):
        raise CaseError("hand", _("a card of the hand is already in the trick"))
    banned = duties(so_far, cards, trump, variant)
    outcome = Outcome()
    duty = banned.get(this)
    if duty is not None:
        led = so_far[0][1].suit
        high = _highest_trump(so_far, trump)
        outcome.add("KJ-3", DUTIES[duty], card=this, suit=Suit(led), high_card=high or "")
    outcome.result = {
        "legal_cards": [str(c) for c in cards if c not in banned],
        "duty": duty,
    }
    if len(so_far) == SEATS - 1:
        seat = (so_far[-1][0] + 1) % SEATS
        whole = [*so_far, (seat, this)]
        items = roem([c for _s, c in whole], trump, options)
        outcome.result.update(
            winner=winner(whole, trump),
            roem=[str(item) for item in items],
            roem_points=roem_points(items),
        )
    return outcome
