"""Duizenden rules (RULES.md DZ-1 … DZ-12): melds, discards, mining and a deal's state.

A meld card is a :class:`Token`: a natural card, or a joker with the card it stands for
(``JK:6H``) or without (``JK``, allowed where only one reading exists). :func:`readings`
lists every way a meld can be read (DZ-3); :class:`Deal` is the state of one deal that the
``replay`` check drives action by action, raising :class:`Foul` at the first rule broken.

Pure Python: no Django here (tests/test_architecture.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from games.base import CaseError, Option, Text, _, unknown_card
from games.cards import ACE, JOKER, KING, QUEEN, Card, UnknownCardError, french_deck, parse_card
from games.duizenden.scoring import OPENING_MINIMUM, cards_points, opening_value, rank_points

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


# --- discarding (DZ-8, DZ-9, DZ-10) -------------------------------------------------------


def discard_fouls(who: str, card: Card, hand_size: int, *, first_turn: bool) -> list[Foul]:
    """The rules a discard of ``card`` from a hand of ``hand_size`` cards breaks."""
    fouls = []
    if card == QUEEN_OF_SPADES:
        fouls.append(
            Foul("DZ-8", Text(_("%(who)s may not discard QS: its holder must meld it"), who=who))
        )
    if hand_size == 1:
        if first_turn:
            fouls.append(
                Foul(
                    "DZ-9",
                    Text(
                        _("%(who)s may not go out in the first turn by discarding %(card)s"),
                        who=who,
                        card=card,
                    ),
                )
            )
        if card == QUEEN_OF_SPADES:
            fouls.append(
                Foul(
                    "DZ-10",
                    Text(_("%(who)s cannot go out by discarding QS as the last card"), who=who),
                )
            )
    return fouls


# --- mining (DZ-7) ------------------------------------------------------------------------


def makes_meld_with(top: Card, hand: Counter[Card]) -> bool:
    """DZ-7: can ``top`` and two cards of ``hand`` make a meld?

    Any longer meld holding ``top`` holds such a three-card meld, so pairs suffice.
    """
    kinds = [c for c, n in hand.items() if n > 0 and (
        JOKER in (c, top) or c.rank == top.rank or c.suit == top.suit)]  # fmt: skip
    for i, first in enumerate(kinds):
        for second in kinds[i:]:
            if first == second and hand[first] < 2:
                continue
            if readings([Token(top), Token(first), Token(second)]):
                return True
    return False


def next_player(players: Sequence[str], name: str) -> str:
    return players[(players.index(name) + 1) % len(players)]


def choose_miner(
    players: Sequence[str], discarder: str, claims: Sequence[str], valid: Iterable[str]
) -> str | None:
    """DZ-7: the player next after the discarder wins a valid claim; else the first one."""
    valid_set = set(valid)
    ordered = [c for c in claims if c in valid_set]
    if not ordered:
        return None
    priority = next_player(players, discarder)
    return priority if priority in valid_set else ordered[0]


def claim_foul(
    who: str, *, discarder: str, top: Card, on_table: bool, hand: Counter[Card] | None
) -> Foul | None:
    """Why a claim on the discard pile is not valid (DZ-7), or None when it is."""
    if who == discarder:
        return Foul(
            "DZ-7", Text(_("%(who)s cannot mine %(top)s, their own discard"), who=who, top=top)
        )
    if not on_table:
        return Foul(
            "DZ-7",
            Text(
                _("%(who)s cannot mine %(top)s: only a player on the table may mine"),
                who=who,
                top=top,
            ),
        )
    if hand is not None and not makes_meld_with(top, hand):
        return Foul(
            "DZ-7",
            Text(
                _("%(who)s cannot mine %(top)s: it makes no meld with their hand"), who=who, top=top
            ),
        )
    return None


# --- one deal, action by action (replay) ---------------------------------------------------


def _stands_for(token: Token, card: Card) -> bool:
    """Is ``token`` a joker standing for ``card`` (in a set: for any card of its rank)?"""
    stands = token.declared
    if not token.is_joker or stands is None:
        return False
    return stands == card or (not stands.suit and stands.rank == card.rank)


class TableMeld:
    """A meld on the table: its owner, its cards (jokers declared), its reading."""

    __slots__ = ("owner", "reading", "tokens")

    def __init__(self, owner: str, tokens: list[Token], reading: Reading) -> None:
        self.owner = owner
        self.tokens = tokens
        self.reading = reading


class Deal:
    """The state of one deal (DZ-1 … DZ-11). Methods raise :class:`Foul` for a rule broken
    and :class:`CaseError` (naming ``where``) for a log that contradicts itself."""

    def __init__(
        self,
        players: Sequence[str],
        dealer: str,
        hands: dict[str, list[Card]],
        turned: Card,
        stock: Counter[Card],
        *,
        face_cards: bool,
    ) -> None:
        self.players = list(players)
        self.hands = {p: Counter(hands[p]) for p in players}
        self.turned = turned
        self.stock = stock
        self.stock_left = stock.total()
        self.face_cards = face_cards
        self.pile: list[Card] = []
        self.melds: dict[str, list[TableMeld]] = {p: [] for p in players}
        self.on_table: set[str] = set()
        self.turns_taken: Counter[str] = Counter()
        self.pending: dict[str, list[Card]] = {p: [] for p in players}
        self.to_play = next_player(players, dealer)
        self.turn_number = 0
        self.ended: Text | None = None
        # the turn in progress
        self.player = ""
        self.new_melds: list[TableMeld] = []
        self.new_cards: Counter[Card] = Counter()
        self.jokers_owed = 0

    # -- the turn --

    def start_turn(self, player: str | None, where: str) -> None:
        if self.ended is not None:
            raise CaseError(where, _("the deal was already over (%(ended)s)"), ended=self.ended)
        if player is not None and player != self.to_play:
            raise Foul(
                "DZ-2",
                Text(
                    _("%(player)s played out of turn: it was %(to_play)s's turn"),
                    player=player,
                    to_play=self.to_play,
                ),
            )
        self.player = self.to_play
        self.new_melds = []
        self.new_cards = Counter()
        self.jokers_owed = 0

    @property
    def first_turn(self) -> bool:
        return self.turns_taken[self.player] == 0

    def take_turned(self) -> None:
        """DZ-2: only the first player of the deal may take the turned-up card."""
        if self.turn_number != 0:
            raise Foul(
                "DZ-2",
                Text(
                    _(
                        "%(player)s may not take the turned-up card %(turned)s: only "
                        "the first player of the deal may"
                    ),
                    player=self.player,
                    turned=self.turned,
                ),
            )
        self.hands[self.player][self.turned] += 1

    def draw(self, card: Card | None, where: str) -> None:
        """DZ-2: draw one card from the stock (the turned-up card then starts the pile)."""
        if card is None:
            raise Foul(
                "DZ-2", Text(_("%(player)s did not draw a card from the stock"), player=self.player)
            )
        self._from_stock(card, where)
        self.hands[self.player][card] += 1
        if self.turn_number == 0:
            self.pile.append(self.turned)

    def _from_stock(self, card: Card, where: str) -> None:
        if self.stock[card] <= 0:
            raise CaseError(
                where, _("%(card)s is not in the stock (every copy is elsewhere)"), card=card
            )
        self.stock[card] -= 1
        self.stock_left -= 1

    def _take(self, card: Card, where: str) -> None:
        hand = self.hands[self.player]
        if hand[card] <= 0:
            raise CaseError(
                where, _("%(player)s does not hold %(card)s"), player=self.player, card=card
            )
        hand[card] -= 1

    def meld(self, tokens: list[Token], where: str) -> None:
        """DZ-3: lay a new meld from the hand."""
        for index, token in enumerate(tokens):
            self._take(token.card, f"{where}[{index}]")
        reading = read_meld(tokens, where)
        if reading is None:
            raise Foul(
                "DZ-3",
                Text(
                    _("%(player)s laid no valid meld: %(why_no_meld)s"),
                    player=self.player,
                    why_no_meld=why_no_meld(tokens),
                ),
            )
        laid = TableMeld(self.player, resolve(reading, tokens), reading)
        self.melds[self.player].append(laid)
        self.new_melds.append(laid)
        self.new_cards.update(cards_of(tokens))
        self._joker_laid(tokens)

    def _joker_laid(self, tokens: Iterable[Token]) -> None:
        self.jokers_owed = max(0, self.jokers_owed - sum(t.is_joker for t in tokens))

    def _own_meld(self, index: int, owner: str | None, rule: str, where: str) -> TableMeld:
        if owner is not None and owner != self.player:
            if owner not in self.melds:
                raise CaseError(where, _("%(owner)s is not one of the players"), owner=f"{owner!r}")
            raise Foul(
                rule,
                Text(
                    _("%(player)s may only change their own melds, not %(owner)s's"),
                    player=self.player,
                    owner=owner,
                ),
            )
        melds = self.melds[self.player]
        if not 0 <= index < len(melds):
            raise CaseError(
                where,
                _("%(player)s has no meld %(index)s on the table"),
                player=self.player,
                index=index,
            )
        return melds[index]

    def lay_off(self, token: Token, index: int, owner: str | None, where: str) -> None:
        """DZ-5: add a card to one of the player's own melds."""
        target = self._own_meld(index, owner, "DZ-5", where)
        if self.player not in self.on_table and target not in self.new_melds:
            raise Foul(
                "DZ-5", Text(_("%(player)s may lay off only after opening"), player=self.player)
            )
        self._take(token.card, where)
        tokens = [*target.tokens, token]
        reading = read_meld(tokens, where)
        if reading is None:
            raise Foul(
                "DZ-3",
                Text(
                    _("%(player)s cannot lay off %(token)s on %(show)s: %(why_no_meld)s"),
                    player=self.player,
                    token=token,
                    show=show(target.tokens),
                    why_no_meld=why_no_meld(tokens),
                ),
            )
        target.tokens = resolve(reading, tokens)
        target.reading = reading
        if target in self.new_melds:
            self.new_cards[token.card] += 1
        self._joker_laid([token])

    def exchange(self, card: Card, index: int, owner: str | None, where: str) -> None:
        """DZ-6: swap a joker of one's own meld for the card it stands for."""
        target = self._own_meld(index, owner, "DZ-6", where)
        position = next((i for i, t in enumerate(target.tokens) if _stands_for(t, card)), None)
        if position is None:
            raise Foul(
                "DZ-6",
                Text(
                    _("%(player)s's meld %(show)s holds no joker standing for %(card)s"),
                    player=self.player,
                    show=show(target.tokens),
                    card=card,
                ),
            )
        self._take(card, where)
        target.tokens[position] = Token(card)
        self.hands[self.player][JOKER] += 1
        self.jokers_owed += 1

    def end_melding(self) -> None:
        """DZ-4 (opening), DZ-6 (jokers re-laid) and DZ-7 (mined cards melded)."""
        who = self.player
        if self.jokers_owed:
            raise Foul(
                "DZ-6",
                Text(_("%(who)s took a joker back and did not meld it again that turn"), who=who),
            )
        if self.pending[who]:
            missing = Counter(self.pending[who]) - self.new_cards
            if missing:
                card = next(iter(missing))
                raise Foul(
                    "DZ-7",
                    Text(
                        _("%(who)s mined %(card)s and did not meld it in the next turn"),
                        who=who,
                        card=card,
                    ),
                )
            self.pending[who] = []
        if who not in self.on_table and self.new_melds:
            points = sum(
                opening_points(m.reading, m.tokens, face_cards=self.face_cards)
                for m in self.new_melds
            )
            if points < OPENING_MINIMUM:
                raise Foul(
                    "DZ-4",
                    Text(
                        _("%(who)s opened with %(points)s points, fewer than 30"),
                        who=who,
                        points=points,
                    ),
                )
            self.on_table.add(who)

    def discard(self, card: Card | None, where: str) -> Card | None:
        """End the turn with a discard (DZ-2, DZ-8 … DZ-10); None when only QS is held."""
        who = self.player
        hand = self.hands[who]
        size = hand.total()
        if card is None:
            if size == 0:
                raise Foul(
                    "DZ-10",
                    Text(_("%(who)s melded every card: going out needs a last discard"), who=who),
                )
            if hand[QUEEN_OF_SPADES] != size:
                raise Foul("DZ-2", Text(_("%(who)s ended the turn without a discard"), who=who))
        else:
            if hand[card] <= 0:
                raise CaseError(where, _("%(who)s does not hold %(card)s"), who=who, card=card)
            fouls = discard_fouls(who, card, size, first_turn=self.first_turn)
            if fouls:
                raise fouls[0]
            hand[card] -= 1
            self.pile.append(card)
        self.turns_taken[who] += 1
        self.turn_number += 1
        self.to_play = next_player(self.players, who)
        if hand.total() == 0:
            self.ended = Text(_("%(player)s went out"), player=who)
        return card

    def claims(self, top: Card, claims: Sequence[str], where: str) -> str | None:
        """DZ-7: judge the claims on ``top`` (in the order called) and give the miner."""
        for index, who in enumerate(claims):
            foul = claim_foul(
                who, discarder=self.player, top=top, on_table=who in self.on_table,
                hand=self.hands[who],
            )  # fmt: skip
            if foul is not None:
                raise foul
            if who in claims[:index]:
                raise CaseError(f"{where}[{index}]", _("%(who)s claims twice"), who=who)
        return choose_miner(self.players, self.player, claims, claims)

    def mine(self, miner: str, extra: Card | None, where: str) -> None:
        """DZ-7: the miner takes the whole pile and one extra card from the stock."""
        top = self.pile[-1]
        if self.stock_left and extra is None:
            raise CaseError(where, _("is missing: the miner takes one extra card from the stock"))
        if extra is not None:
            if not self.stock_left:
                raise CaseError(where, _("the stock is empty: there is no extra card to take"))
            self._from_stock(extra, where)
            self.hands[miner][extra] += 1
        self.hands[miner].update(self.pile)
        self.pile = []
        self.pending[miner].append(top)

    def end_turn(self) -> None:
        """The deal also ends when the stock is empty (the next player cannot draw)."""
        if self.ended is None and self.stock_left == 0:
            self.ended = Text(_("the stock ran out"))

    def scores(self) -> dict[str, int]:
        """DZ-11: card points melded minus card points in hand, per player."""
        return {
            p: cards_points(t.card for m in self.melds[p] for t in m.tokens)
            - cards_points(self.hands[p].elements())
            for p in self.players
        }
