"""Duizenden's melds (DZ-3, DZ-4, DZ-11): meld cards as :class:`Token` values, every reading of
a meld, why a meld is none, its opening and card points, and the card counts of the two
decks (DZ-1)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from games.base import CaseError, Text, _, unknown_card
from games.cards import ACE, JOKER, KING, Card, UnknownCardError, parse_card
from games.duizenden.scoring import cards_points, opening_value, rank_points

from .deck import DECK, MAX_RUN, MIN_MELD

# --- meld cards ---------------------------------------------------------------------------


class Token(NamedTuple):
    """A card in a meld: a natural card, or the joker with the card it stands for."""

    card: Card
    declared: Card | None = None

    @property
    def is_joker(self) -> bool:
        return self.card == JOKER

    def __str__(self) -> str:
        if self.declared is None or not self.declared.suit:
            return str(self.card)
        return f"JK:{self.declared}"


def parse_token(value: object, where: str) -> Token:
    """``"7H"``, ``"JK"`` or ``"JK:6H"`` (any accepted spelling on either side of ``:``)."""
    try:
        if isinstance(value, str) and ":" in value:
            head, _sep, tail = value.partition(":")
            if parse_card(head) != JOKER:
                raise CaseError(
                    where,
                    _("only a joker is declared (JK:CARD), not %(value)s"),
                    value=f"{value!r}",
                )
            declared = parse_card(tail)
            if declared == JOKER:
                raise CaseError(where, _("a joker stands for a card, not for another joker"))
            return Token(JOKER, declared)
        return Token(parse_card(value))
    except UnknownCardError as exc:
        raise CaseError(where, unknown_card(exc)) from None


def cards_of(tokens: Iterable[Token]) -> list[Card]:
    return [t.card for t in tokens]


def show(tokens: Iterable[Token]) -> str:
    return " ".join(str(t) for t in tokens)


# --- readings (DZ-3) ----------------------------------------------------------------------


class Reading(NamedTuple):
    """One way to read a meld: a set of ``rank``, or a run of ``suit`` from ``low``.

    Run positions are 1 (ace low) … 14 (ace high); ``size`` is the number of cards.
    """

    kind: str
    rank: int
    suit: str
    low: int
    size: int

    def card_at(self, position: int) -> Card:
        return Card(ACE if position == 1 else position, self.suit)

    def describe(self) -> str:
        if self.kind == "set":
            return Text(_("a set of %(rank_text)ss"), rank_text=_rank_text(self.rank))
        return Text(
            _("a run %(card_at)s-%(card_at2)s"),
            card_at=self.card_at(self.low),
            card_at2=self.card_at(self.low + self.size - 1),
        )


def _rank_text(rank: int) -> str:
    return str(Card(rank, "S"))[:-1]


def _position(rank: int, low: int) -> int:
    """Where a card of ``rank`` sits in a run starting at ``low`` (the ace low or high)."""
    if rank == ACE and low == 1:
        return 1
    return rank


def _fixed(tokens: Sequence[Token]) -> list[Card]:
    """The cards a meld is known to hold: naturals and the cards declared for jokers."""
    return [t.declared if t.declared is not None else t.card for t in tokens if t.card != JOKER
            or t.declared is not None]  # fmt: skip


def readings(tokens: Sequence[Token]) -> list[Reading]:
    """Every reading of the meld under DZ-3 (empty when it is no meld at all)."""
    size = len(tokens)
    if size < MIN_MELD or all(t.is_joker for t in tokens):
        return []
    fixed = _fixed(tokens)
    found: list[Reading] = []
    ranks = {c.rank for c in fixed}
    if len(ranks) == 1:
        found.append(Reading("set", ranks.pop(), "", 0, size))
    suits = {c.suit for c in fixed}
    if len(suits) == 1 and size <= MAX_RUN:
        suit = suits.pop()
        for low in range(1, ACE - size + 2):
            high = low + size - 1
            seen: set[int] = set()
            for card in fixed:
                position = _position(card.rank, low)
                if not low <= position <= high or position in seen:
                    break
                seen.add(position)
            else:
                found.append(Reading("run", 0, suit, low, size))
    return found


def free_cards(reading: Reading, tokens: Sequence[Token]) -> list[Card]:
    """What the undeclared jokers of a run stand for (for a set: the rank, suit "")."""
    if reading.kind == "set":
        return [Card(reading.rank, "")] * sum(t.declared is None for t in tokens if t.is_joker)
    taken = {_position(c.rank, reading.low) for c in _fixed(tokens)}
    return [reading.card_at(p) for p in range(reading.low, reading.low + reading.size)
            if p not in taken]  # fmt: skip


def _joker_text(reading: Reading, tokens: Sequence[Token]) -> Text:
    if reading.kind == "set":
        return Text(_("any %(rank)s in %(meld)s"), rank=_rank_text(reading.rank),
                    meld=reading.describe())  # fmt: skip
    cards = " and ".join(str(c) for c in free_cards(reading, tokens))
    return Text(_("%(cards)s in %(meld)s"), cards=cards, meld=reading.describe())


def read_meld(tokens: Sequence[Token], where: str) -> Reading | None:
    """The one reading of a meld, or None when it is no meld (DZ-3).

    Several readings come from undeclared jokers: a CaseError names the first one
    (``where[i]``) and lists what it could stand for. A 13-card run whose only doubt is the
    ace's end (A-K or 2-A) is read from the order the cards are listed in.
    """
    found = readings(tokens)
    if len(found) <= 1:
        return found[0] if found else None
    if _ace_ends_only(found, tokens):
        return found[0] if _ace_listed_low(tokens) else found[-1]
    index = next((i for i, t in enumerate(tokens) if t.is_joker and t.declared is None), None)
    options = " or ".join(str(_joker_text(r, tokens)) for r in found)
    field = where if index is None else f"{where}[{index}]"
    raise CaseError(
        field, _("an undeclared joker can stand for %(options)s; write JK:CARD"), options=options
    )


def _ace_ends_only(found: Sequence[Reading], tokens: Sequence[Token]) -> bool:
    """Do the readings differ only in the ace's end (a 13-card run A-K or 2-A)?

    Every card, jokers included, then stands for the same card; only the ace counts 1 or
    11 opening points (DZ-4).
    """
    if any(r.kind != "run" for r in found):
        return False
    first = sorted(free_cards(found[0], tokens))
    return all(sorted(free_cards(r, tokens)) == first for r in found[1:])


def _ace_listed_low(tokens: Sequence[Token]) -> bool:
    """A 13-card run's ace is low when listed in the meld's first half (A 2 3 … K), else
    high (2 … K A). Without an ace in sight, the first undeclared joker decides."""
    for index, token in enumerate(tokens):
        card = token.declared if token.is_joker else token.card
        if card is not None and card.rank == ACE:
            return index < len(tokens) / 2
    index = next((i for i, t in enumerate(tokens) if t.is_joker and t.declared is None), 0)
    return index < len(tokens) / 2


def resolve(reading: Reading, tokens: Sequence[Token]) -> list[Token]:
    """The meld with every joker declared (a set's jokers stand for the rank, suit "")."""
    free = iter(free_cards(reading, tokens))
    out = [Token(JOKER, next(free)) if t.is_joker and t.declared is None else t for t in tokens]
    if reading.kind == "set":
        out = [Token(JOKER, Card(reading.rank, "")) if t.is_joker else t for t in out]
    return out


def why_no_meld(tokens: Sequence[Token]) -> str:
    """An English sentence saying why these cards make no meld (DZ-3)."""
    text = show(tokens) or "no cards"
    if len(tokens) < MIN_MELD:
        return Text(
            _("a meld needs at least 3 cards, not %(count)s (%(text)s)"),
            count=len(tokens),
            text=text,
        )
    if all(t.is_joker for t in tokens):
        return Text(_("a meld needs at least one natural card (%(text)s)"), text=text)
    for index, token in enumerate(tokens):
        if token.declared is not None:
            loose = [*tokens[:index], Token(JOKER), *tokens[index + 1 :]]
            if readings(loose):
                return Text(
                    _("the joker declared as %(declared)s does not fit %(text)s"),
                    declared=token.declared,
                    text=text,
                )
    fixed = _fixed(tokens)
    ranks = {c.rank for c in fixed}
    if len({c.suit for c in fixed}) == 1 and {ACE, 2, KING} <= ranks:
        return Text(
            _("the ace is low (A-2-3) or high (Q-K-A), never both: %(text)s wraps round"), text=text
        )
    return Text(
        _("%(text)s is neither a set (one rank) nor a run (consecutive ranks of one suit)"),
        text=text,
    )


def opening_points(reading: Reading, tokens: Sequence[Token], *, face_cards: bool) -> int:
    """DZ-4: a meld's opening points (a joker counts as the card it stands for)."""
    if reading.kind == "run":
        return sum(
            opening_value(p, reading.suit, face_cards=face_cards)
            for p in range(reading.low, reading.low + reading.size)
        )
    if face_cards:
        return opening_value(reading.rank, "", face_cards=True) * reading.size
    return sum(rank_points(reading.rank, "" if t.is_joker else t.card.suit) for t in tokens)


def meld_points(tokens: Iterable[Token]) -> int:
    """DZ-11: the card points of a meld (a joker 50, whatever it stands for)."""
    return cards_points(cards_of(tokens))


# --- card counts (DZ-1) -------------------------------------------------------------------


def check_counts(cards: Iterable[Card], where: str) -> None:
    """Two decks hold each card twice and four jokers: more is a contradiction."""
    counts = Counter(cards)
    for card, count in counts.items():
        if count > DECK[card]:
            raise CaseError(
                where,
                _("holds %(count)s of %(card)s, two decks have only %(DECK)s"),
                count=count,
                card=card,
                DECK=DECK[card],
            )
