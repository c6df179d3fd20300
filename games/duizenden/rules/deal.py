"""One Duizenden deal action by action (:class:`Deal`), as the ``replay`` check drives it: the
turn, drawing, melding, laying off, exchanging jokers, discarding, mining and the deal's
scores (DZ-1 … DZ-11)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from games.base import CaseError, Text, _
from games.cards import JOKER, Card
from games.duizenden.scoring import OPENING_MINIMUM, cards_points

from .deck import QUEEN_OF_SPADES, Foul
from .melds import Reading, Token, cards_of, opening_points, read_meld, resolve, show, why_no_meld
from .turns import choose_miner, claim_foul, discard_fouls, next_player

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
