"""The check_hand kinds of Miezemauzen (CASES.md): ``deal``, ``game``, ``settlement`` and
``replay`` (a simulator log, see ``simulate.py``), built on ``rules.py`` and ``scoring.py``.

Reading choices where CASES.md is silent:

- ``hands`` (deal) are the cards each player holds when the tricks begin, i.e. after an
  exchange and after the dealer's swap. Optional ``kip`` (the five face-down cards) and
  ``turned`` (the trump card turned up; its suit must be ``trump``, MZ-3) only serve the
  one-deck bookkeeping. Optional ``dealer_swap: {"give": CARD}`` (or just ``"dealer_swap":
  CARD``) records the dealer's swap (MZ-4): the dealer laid ``give`` face down and took the
  turned card (``"take"`` may name it); ``"player"`` may name who swapped (default the
  dealer; anyone else breaks MZ-4).
- A kat claim is ``{"player", "suit"}``; ``"kater": true`` may stand for the trump suit, and
  with ``kat_scoring: either`` ``"choice": "holder" | "others"`` says what the holder
  chose (``holder`` when not given). The first valid claim ends the deal (MZ-7).
- The last trick may be incomplete (a dispute in the middle of a trick); earlier tricks
  hold one card per playing player. ``tricks_won`` may stand for ``tricks`` (as in ``game``).
- ``winner`` is one name, or a list of names when the win is shared (MZ-10).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Case, CaseError, Outcome, Suit, Text, Violation, _, unknown_card
from games.cards import Card, UnknownCardError, parse_card
from games.miezemauzen.rules import (
    EXCHANGE,
    HAND_SIZE,
    KIP_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TRICKS,
    Declarations,
    Tricks,
    deck_for,
    kat_faults,
    kat_suit,
    parse_declaration,
    seat_order,
)
from games.miezemauzen.scoring import (
    KAT_CHOICES,
    Scoreboard,
    deal_points,
    kat_points,
    settle,
    winner_value,
    winners,
)

#: Most names a case may give (MZ-1 allows 2-8; more is judged as an MZ-1 breach).
MAX_NAMES = 20
POINTS_LIMIT = 1_000_000
#: No list of cards in a case is longer than the largest deck.
MAX_LIST_CARDS = 52


# --- shared readers ----------------------------------------------------------------------


def _players(case: Case, out: Outcome) -> list[str]:
    """The names (clockwise); MZ-1 when their number is not 2-8."""
    players = case.names("players", minimum=1, maximum=MAX_NAMES)
    _players_option(case, len(players))
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        out.add(
            "MZ-1",
            _("Miezemauzen is played by %(MIN_PLAYERS)s to %(MAX_PLAYERS)s players, not %(count)s"),
            MIN_PLAYERS=MIN_PLAYERS,
            MAX_PLAYERS=MAX_PLAYERS,
            count=len(players),
        )
    return players


def _players_option(case: Case, count: int) -> None:
    wanted = case.options.get("players")
    if wanted is not None and wanted != count:
        raise CaseError(
            "options.players",
            _("is %(wanted)s but the case names %(count)s players"),
            wanted=wanted,
            count=count,
        )


def _numbers(
    case: Case, key: str, players: Sequence[str], default: int, low: int
) -> dict[str, int]:
    """A per-player object of whole numbers; players left out take ``default``."""
    sub = case.per_player(key, players, default=None)
    out = dict.fromkeys(players, default)
    if sub is not None:
        for name in sub.data:
            out[name] = sub.integer(name, minimum=low, maximum=POINTS_LIMIT)
    return out


def _card_list(value: object, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise CaseError(where, _("must be a list of cards"))
    if len(value) > MAX_LIST_CARDS:
        raise CaseError(where, _("holds too many cards"))
    cards = []
    for i, item in enumerate(value):
        try:
            cards.append(parse_card(item))
        except UnknownCardError as exc:
            raise CaseError(f"{where}[{i}]", unknown_card(exc)) from None
    return cards


def _declarations(
    case: Case, order: Sequence[str], decl: Declarations, *, at: int | None, out: Outcome
) -> None:
    """Read everyone's declaration and judge them in seat order (MZ-4/5/6/11)."""
    given = case.per_player("declarations", order, complete=True)
    for index, player in enumerate(order):
        word = parse_declaration(given.data[player])
        if word is None:
            raise given.error(player, _("must be play, pass or exchange"))
        out.violations.extend(decl.declare(player, word, index if at is None else at))


def _tricks_won(
    case: Case, players: Sequence[str], playing: Sequence[str], *, lenient: bool = False
) -> dict[str, int] | None:
    """``tricks_won`` of one deal: only playing players take tricks, five in all.

    ``lenient`` (the declarations broke a rule, so who plays is in doubt): tricks that do
    not fit the players give None (the deal is judged that far) instead of a CaseError.
    """
    sub = case.per_player("tricks_won", players)
    won = dict.fromkeys(playing, 0)
    for name in sub.data:
        count = sub.integer(name, minimum=0, maximum=TRICKS)
        if name not in won:
            if count:
                if lenient:
                    return None
                raise sub.error(
                    name, _("%(name)s did not play this deal and took no tricks"), name=name
                )
            continue
        won[name] = count
    if playing and sum(won.values()) != TRICKS:
        if lenient:
            return None
        raise case.error(
            "tricks_won",
            _("adds up to %(sum)s, not %(TRICKS)s tricks"),
            sum=sum(won.values()),
            TRICKS=TRICKS,
        )
    return won


def _claims(case: Case) -> list[Case]:
    """``kat``: a list of claims, or one claim as an object; absent or ``[]``: none."""
    raw = case.data.get("kat")
    if isinstance(raw, dict):
        return [case.sub("kat")]
    return case.subs("kat", None) or []


def _kat_choice(claim: Case) -> str | None:
    return claim.text("choice", None, choices=KAT_CHOICES)


def _not_in_deck(card: Card, deck: frozenset[Card], what: Text, at: int | None) -> list[Violation]:
    """MZ-1: a card outside this game's deck."""
    if card in deck:
        return []
    return [
        Violation(
            "MZ-1",
            Text(
                _("%(what)s %(card)s, which is not in the %(count)s-card deck"),
                what=what,
                card=card,
                count=len(deck),
            ),
            at,
        )
    ]


# --- deal --------------------------------------------------------------------------------


class _Places:
    """One-deck bookkeeping: where each known card is; a card in two places is an error."""

    def __init__(self) -> None:
        self.places: dict[Card, tuple[str, str]] = {}  # card -> (holder or "", description)
        self.played: set[Card] = set()

    def put(self, card: Card, holder: str, place: Text, where: str) -> None:
        if card in self.places:
            raise CaseError(
                where,
                _("%(card)s is held twice in a one-deck game (%(places)s and %(place)s)"),
                card=card,
                places=self.places[card][1],
                place=place,
            )
        self.places[card] = (holder, place)

    def play(self, player: str, card: Card, where: str) -> None:
        if card in self.played:
            raise CaseError(where, _("%(card)s is played twice in a one-deck game"), card=card)
        self.played.add(card)
        holder, place = self.places.get(card, (player, ""))
        if holder != player:
            raise CaseError(
                where,
                _("%(player)s cannot play %(card)s: it is in %(place)s"),
                player=player,
                card=card,
                place=place,
            )


class _DealCheck:
    """The ``deal`` check, step by step (see the module docstring for the fields)."""

    def __init__(self, case: Case) -> None:
        self.case = case
        self.options = case.options
        self.out = Outcome()
        self.players = _players(case, self.out)
        self.deck = deck_for(len(self.players))
        self.dealer: str = case.player("dealer", self.players)
        self.trump: str = case.suit("trump")
        start = self.options["start_points"]
        self.points = _numbers(case, "points_before", self.players, start, -POINTS_LIMIT)
        self.passes = _numbers(case, "passes_before", self.players, 0, 0)
        self.places = _Places()
        self.hands: dict[str, list[Card]] = {}
        self.bad_declarations = False

    def run(self) -> Outcome:
        self._already_won()
        decl = Declarations(
            seat_order(self.players, self.dealer), self.points, self.trump, self.options
        )
        before = len(self.out.violations)
        _declarations(self.case, decl.order, decl, at=None, out=self.out)
        # A declaration that broke a rule (MZ-4/5/6/11) leaves who plays in doubt: tricks
        # that do not fit the playing players are then not judged (CASES.md: a deal is
        # judged up to its first violation), instead of making the case unjudgeable.
        self.bad_declarations = len(self.out.violations) > before
        self._cards()
        kat = self._kat(decl.playing)
        result: dict[str, Any] = {}
        won: dict[str, int] | None = None
        if kat is None:
            won = self._play(decl.playing, result)
        elif self.case.data.get("tricks"):
            self.out.add(
                "MZ-7", _("The deal ended with %(kat)s's kat: no tricks are played"), 0, kat=kat[0]
            )
        changes = self._score(decl, won, kat)
        if changes is not None:
            after = {p: self.points[p] + changes[p] for p in self.players}
            result.update(deal_points=changes, points_after=after,
                          winner=winner_value(winners(after)))  # fmt: skip
        self.out.result = result
        return self.out

    def _already_won(self) -> None:
        done = [p for p in self.players if self.points[p] <= 0]
        if done:
            self.out.add(
                "MZ-10",
                _("%(done)s is already at %(points)s points: the game was over before this deal"),
                done=done[0],
                points=self.points[done[0]],
            )

    def _cards(self) -> None:
        """Hands (MZ-3 five cards), kip, turned card and the dealer's swap; deck (MZ-1)."""
        case, out = self.case, self.out
        hands = case.per_player("hands", self.players, default=None)
        for player in hands.data if hands is not None else ():
            hand = _card_list(hands.data[player], hands.where(player))
            self.hands[player] = hand
            if len(hand) != HAND_SIZE:
                out.add(
                    "MZ-3",
                    _("%(player)s holds %(count)s cards instead of %(HAND_SIZE)s"),
                    player=player,
                    count=len(hand),
                    HAND_SIZE=HAND_SIZE,
                )
            for i, card in enumerate(hand):
                out.violations.extend(
                    _not_in_deck(card, self.deck, Text(_("%(player)s holds"), player=player), None)
                )
                self.places.put(
                    card,
                    player,
                    Text(_("%(player)s's hand"), player=player),
                    hands.where(player) + f"[{i}]",
                )
        if case.has("kip"):
            kip = _card_list(case.data["kip"], "kip")
            if len(kip) != KIP_SIZE:
                out.add(
                    "MZ-3",
                    _("The kip holds %(count)s cards instead of %(KIP_SIZE)s"),
                    count=len(kip),
                    KIP_SIZE=KIP_SIZE,
                )
            for i, card in enumerate(kip):
                out.violations.extend(_not_in_deck(card, self.deck, Text(_("The kip holds")), None))
                self.places.put(card, "", Text(_("the kip")), f"kip[{i}]")
        turned = case.card("turned", None)
        swap = self._read_swap()
        if swap is not None and swap[2] is not None:
            if turned is not None and turned != swap[2]:
                raise CaseError(
                    "dealer_swap.take",
                    _("is %(swap)s but the turned card is %(turned)s"),
                    swap=swap[2],
                    turned=turned,
                )
            turned = swap[2]
        if turned is not None:
            out.violations.extend(_not_in_deck(turned, self.deck, "The turned card is", None))
            if turned.suit != self.trump:
                out.add(
                    "MZ-3",
                    _("The turned card %(turned)s is not a %(suit)s card, yet its suit is trump"),
                    turned=turned,
                    suit=Suit(self.trump),
                )
        self._swap(swap, turned)

    def _read_swap(self) -> tuple[str, Card, Card | None] | None:
        """``dealer_swap``: ``{"give": CARD, "take"?: CARD, "player"?: NAME}`` or just the
        card given: who swapped, the card laid away, the turned card taken."""
        if not self.case.has("dealer_swap"):
            return None
        if isinstance(self.case.data["dealer_swap"], str):
            return self.dealer, self.case.card("dealer_swap"), None
        swap = self.case.sub("dealer_swap")
        who = swap.player("player", self.players, self.dealer)
        return who, swap.card("give"), swap.card("take", None)

    def _swap(self, swap: tuple[str, Card, Card | None] | None, turned: Card | None) -> None:
        """MZ-4: only the dealer may swap one card for the turned trump card."""
        if swap is None:
            if turned is not None:
                self.places.put(turned, "", "the table (turned up)", "turned")
            return
        who, give, _take = swap
        if who != self.dealer:
            self.out.add(
                "MZ-4",
                _(
                    "%(who)s swapped %(give)s for the turned trump card, but "
                    "only the dealer (%(dealer)s) may"
                ),
                who=who,
                give=give,
                dealer=self.dealer,
            )
        self.out.violations.extend(
            _not_in_deck(give, self.deck, Text(_("%(player)s laid away"), player=who), None)
        )
        self.places.put(give, "", "the table (laid away in the swap)", "dealer_swap.give")
        if turned is None:
            return
        hand = self.hands.get(who)
        if hand is None:
            self.places.put(turned, who, Text(_("%(player)s's hand"), player=who), "turned")
        elif turned not in hand:
            raise CaseError(
                "turned",
                _("%(who)s took %(turned)s in the swap but it is not in their hand"),
                who=who,
                turned=turned,
            )

    def _kat(self, playing: Sequence[str]) -> tuple[str, bool, str | None] | None:
        """MZ-7: the claims in order; the first valid one ends the deal."""
        claims = _claims(self.case)
        found: tuple[str, bool, str | None] | None = None
        for index, claim in enumerate(claims):
            player = claim.player("player", self.players)
            hand = self.hands.get(player)
            suit, kater = self._kat_suit(claim, hand)
            choice = _kat_choice(claim)
            if found is not None:
                self.out.add(
                    "MZ-7",
                    _("%(player)s claimed a kat after %(found)s's kat had already ended the deal"),
                    index,
                    player=player,
                    found=found[0],
                )
                continue
            faults = kat_faults(player, suit, playing, hand, index)
            if kater is not None and kater != (suit == self.trump):
                faults.append(
                    Violation(
                        "MZ-7",
                        Text(
                            _(
                                "%(player)s's claim in %(suit)s is not a kater: a kater is "
                                "five trumps (%(suit2)s)"
                            )
                            if kater
                            else _(
                                "%(player)s's claim in %(suit)s is a kater: a kater is five "
                                "trumps (%(suit2)s)"
                            ),
                            player=player,
                            suit=Suit(suit),
                            suit2=Suit(self.trump),
                        ),
                        index,
                    )
                )
            self.out.violations.extend(faults)
            if not faults:
                found = (player, suit == self.trump, choice)
        return found

    def _kat_suit(self, claim: Case, hand: Sequence[Card] | None) -> tuple[str, bool | None]:
        kater = claim.boolean("kater", None)
        suit = claim.suit("suit", None)
        if suit is None:
            if kater:
                suit = self.trump
            elif hand:  # the hand's own suit, or its first card's for the MZ-7 message
                suit = kat_suit(hand) or hand[0].suit
            else:
                raise claim.error("suit", _("is missing"))
        return suit, kater

    def _play(self, playing: Sequence[str], result: dict[str, Any]) -> dict[str, int] | None:
        """MZ-8: judge the tricks; the tricks won once all five are complete."""
        raw = self.case.items("tricks", None)
        if raw is None:
            return self._summary(playing, result)
        if not playing:
            if raw and not self.bad_declarations:
                raise CaseError("tricks", _("nobody plays this deal, so no tricks are played"))
            return None if raw else {}
        tricks = Tricks(playing, self.trump, self.hands)
        for t, value in enumerate(raw):
            if t >= TRICKS:
                self.out.add(
                    "MZ-8",
                    _("A deal has %(TRICKS)s tricks, not %(count)s"),
                    TRICKS,
                    TRICKS=TRICKS,
                    count=len(raw),
                )
                break
            if not self._trick(tricks, t, value, last=t == len(raw) - 1):
                return None
        result["trick_winners"] = list(tricks.winners)
        if tricks.finished and len(raw) == TRICKS:
            result["tricks_won"] = dict(tricks.won)
            return dict(tricks.won)
        return None

    def _summary(self, playing: Sequence[str], result: dict[str, Any]) -> dict[str, int] | None:
        """``tricks_won`` given instead of ``tricks`` (as in ``game``), or None."""
        if not self.case.has("tricks_won"):
            return None
        won = _tricks_won(self.case, self.players, playing, lenient=self.bad_declarations)
        if won is not None:
            result["tricks_won"] = dict(won)
        return won

    def _trick(self, tricks: Tricks, t: int, value: object, *, last: bool) -> bool:
        """Judge one trick; False when its size does not fit the players of a deal whose
        declarations broke a rule (judging stops there)."""
        where = f"tricks[{t}]"
        cards = _card_list(value, where)
        size = len(tricks.playing)
        if not cards or len(cards) > size or (len(cards) < size and not last):
            if cards and self.bad_declarations:
                return False
            raise CaseError(
                where,
                _("has %(count)s cards but %(size)s players play"),
                count=len(cards),
                size=size,
            )
        for k, card in enumerate(cards):
            player = tricks.to_play
            self.out.violations.extend(
                _not_in_deck(card, self.deck, Text(_("%(player)s played"), player=player), t)
            )
            self.places.play(player, card, f"{where}[{k}]")
            self.out.violations.extend(tricks.play(card))
        return True

    def _score(
        self,
        decl: Declarations,
        won: dict[str, int] | None,
        kat: tuple[str, bool, str | None] | None,
    ) -> dict[str, int] | None:
        if kat is None and won is None:
            return None
        kat_changes = None
        if kat is not None:
            holder, kater, choice = kat
            kat_changes = kat_points(
                self.players, holder, kater, self.options["kat_scoring"], choice
            )
        return deal_points(
            self.players, passers=decl.passers(), passes_before=self.passes,
            points_before=self.points, trump=self.trump, options=self.options,
            tricks_won=won, kat=kat_changes,
        )  # fmt: skip


def check_deal(case: Case) -> Outcome:
    """One deal: declarations, kat, tricks and its points (MZ-1 … MZ-11)."""
    return _DealCheck(case).run()


# --- game --------------------------------------------------------------------------------


def check_game(case: Case) -> Outcome:
    """A whole game from deal summaries: points after every deal and the winner (MZ-2 …
    MZ-11). Deals after the winning deal break MZ-10."""
    out = Outcome()
    players = _players(case, out)
    board = Scoreboard(players, case.options["start_points"])
    for index, deal in enumerate(case.subs("deals")):
        if board.finished:
            out.add(
                "MZ-10",
                _("Deal %(number)s was played after the game was won in deal %(finished_after)s"),
                index,
                number=index + 1,
                finished_after=board.finished_after,
            )
            break
        if not _game_deal(deal, index, players, board, out):
            out.result = {"points": [dict(row) for row in board.history]}
            return out
    out.result = board.result()
    return out


def _game_deal(deal: Case, index: int, players: list[str], board: Scoreboard, out: Outcome) -> bool:
    """Judge and book one deal summary; False when it cannot be scored."""
    trump = deal.suit("trump")
    dealer = deal.player("dealer", players, None)
    order = seat_order(players, dealer) if dealer is not None else players
    decl = Declarations(order, dict(board.points), trump, deal.options)
    before = len(out.violations)
    _declarations(deal, order, decl, at=index, out=out)
    bad_declarations = len(out.violations) > before
    kat_changes = None
    won = None
    claims = _claims(deal)
    if claims:
        kat_changes = _game_kat(claims[0], index, decl, trump=trump, out=out)
        if kat_changes is None:
            return False
        if len(claims) > 1:
            out.add("MZ-7", _("Only one kat ends a deal: the first claim already did"), index)
        if deal.has("tricks_won"):
            out.add("MZ-7", _("A deal that ends with a kat has no tricks"), index)
    else:
        won = _tricks_won(deal, players, decl.playing, lenient=bad_declarations)
        if won is None:  # the tricks do not fit the broken declarations: judged this far
            return False
    changes = deal_points(
        players, passers=decl.passers(), passes_before=board.streaks,
        points_before=board.points, trump=trump, options=deal.options,
        tricks_won=won, kat=kat_changes,
    )  # fmt: skip
    board.apply(changes, decl.passers())
    return True


def _game_kat(
    kat: Case, index: int, decl: Declarations, *, trump: str, out: Outcome
) -> dict[str, int] | None:
    """MZ-7 in a deal summary: ``{"player", "kater"}`` (``suit`` may replace ``kater``)."""
    holder = kat.player("player", decl.order)
    kater = kat.boolean("kater", None)
    suit = kat.suit("suit", None)
    choice = _kat_choice(kat)
    if kater is None:
        kater = suit == trump
    faults = kat_faults(holder, suit or trump, decl.playing, None, index)
    if suit is not None and kater != (suit == trump):
        template = (
            _("%(holder)s's kat in %(suit)s is not a kater: a kater is five trumps")
            if kater
            else _("%(holder)s's kat in %(suit)s is a kater: a kater is five trumps")
        )
        faults.append(Violation("MZ-7", Text(template, holder=holder, suit=Suit(suit)), index))
    if faults:
        out.violations.extend(faults)
        return None
    return kat_points(decl.order, holder, kater, kat.options["kat_scoring"], choice)


# --- settlement --------------------------------------------------------------------------


def check_settlement(case: Case) -> Outcome:
    """MZ-12: the winner receives the stake times the points every other player has."""
    out = Outcome()
    given = case.sub("points")
    if not 2 <= len(given.data) <= MAX_NAMES:
        raise case.error("points", _("must name 2 to %(MAX_NAMES)s players"), MAX_NAMES=MAX_NAMES)
    _players_option(case, len(given.data))
    points = {}
    for name in given.data:
        if not isinstance(name, str) or not name.strip():
            raise given.error(name, _("is not a player name"))
        points[name] = given.integer(name, minimum=-POINTS_LIMIT, maximum=POINTS_LIMIT)
    won, pays, receives = settle(points, case.options["stake_cents"])
    if not won:
        out.add("MZ-12", _("Nobody has reached 0 points, so there is no winner to pay yet"))
        out.result = {"winner": None}
        return out
    out.result = {"winner": winner_value(won), "pays_cents": pays, "receives_cents": receives}
    return out


# --- replay ------------------------------------------------------------------------------


class _ReplayStopError(Exception):
    """A replay stops at its first violation (kept in the outcome)."""


class _ReplayDeal:
    """One deal of a replay log, judged move by move (format in ``simulate.py``)."""

    def __init__(
        self, deal: Case, index: int, players: list[str], board: Scoreboard, out: Outcome
    ) -> None:
        self.deal, self.index, self.players, self.board, self.out = deal, index, players, board, out
        self.options = deal.options
        self.move: int | None = None
        self.dealer: str = deal.player("dealer", players)
        self.deck = deck_for(len(players))
        self.holding = self._deal_cards()
        self.trump = self.turned.suit
        self.decl = Declarations(
            seat_order(players, self.dealer), dict(board.points), self.trump, self.options
        )
        self.swapped = False
        self.kat: tuple[str, bool, str | None] | None = None
        self.tricks: Tricks | None = None

    def fail(self, rule: str, message: str) -> _ReplayStopError:
        """Record the violation that stops the replay (``at`` is the deal's index)."""
        where = (
            Text(_("Deal %(deal)s"), deal=self.index + 1)
            if self.move is None
            else Text(_("Deal %(deal)s, move %(move)s"), deal=self.index + 1, move=self.move + 1)
        )
        self.out.add(rule, _("%(where)s: %(detail)s"), self.index, where=where, detail=message)
        return _ReplayStopError()

    def _deal_cards(self) -> dict[str, list[Card]]:
        """MZ-3 the dealt cards: five each, five in the kip, one turned; MZ-1 the deck."""
        deal = self.deal
        hands = deal.per_player("hands", self.players, complete=True)
        holding = {p: _card_list(hands.data[p], hands.where(p)) for p in self.players}
        self.kip = _card_list(deal.data.get("kip"), deal.where("kip"))
        self.turned: Card = deal.card("turned")
        dealt = [c for p in self.players for c in holding[p]] + [*self.kip, self.turned]
        seen: set[Card] = set()
        for card in dealt:
            if card in seen:
                raise deal.error(
                    "hands", _("%(card)s is dealt twice in a one-deck game"), card=card
                )
            seen.add(card)
            if card not in self.deck:
                raise self.fail(
                    "MZ-1",
                    Text(
                        _("%(card)s is not in the %(count)s-card deck"),
                        card=card,
                        count=len(self.deck),
                    ),
                )
        self._stock(seen)
        for player in self.players:
            if len(holding[player]) != HAND_SIZE:
                raise self.fail(
                    "MZ-3",
                    Text(
                        _("%(player)s was dealt %(count)s cards"),
                        player=player,
                        count=len(holding[player]),
                    ),
                )
        if len(self.kip) != KIP_SIZE:
            raise self.fail("MZ-3", Text(_("the kip holds %(count)s cards"), count=len(self.kip)))
        return holding

    def _stock(self, dealt: set[Card]) -> None:
        if not self.deal.has("stock"):
            return
        where = self.deal.where("stock")
        stock = self.deal.data["stock"]
        cards = _card_list(stock, where)
        if len(set(cards)) != len(cards) or dealt & set(cards) or set(cards) | dealt != self.deck:
            raise CaseError(where, _("does not hold exactly the cards of the deck not dealt"))

    def run(self) -> dict[str, int] | None:
        """Judge every move; the deal's changes, or None when the log ends mid-deal."""
        judges = {"declare": self._declare, "swap": self._swap, "kat": self._kat,
                  "card": self._card}  # fmt: skip
        for number, move in enumerate(self.deal.subs("moves")):
            self.move = number
            player = move.player("player", self.players)
            kinds = [k for k in judges if k in move.data]
            if len(kinds) != 1:
                raise CaseError(move.path, _("needs one of declare, swap, kat, card"))
            judges[kinds[0]](move, player)
        return self._changes()

    def _declare(self, move: Case, player: str) -> None:
        decl = self.decl
        if decl.done:
            raise self.fail(
                "MZ-4", Text(_("%(player)s declared after everybody had declared"), player=player)
            )
        if player != decl.next_player:
            raise self.fail(
                "MZ-4",
                Text(
                    _("%(player)s declared out of turn: %(next_player)s was to declare"),
                    player=player,
                    next_player=decl.next_player,
                ),
            )
        word = parse_declaration(move.data["declare"])
        if word is None:
            raise move.error("declare", _("must be play, pass or exchange"))
        faults = decl.declare(player, word, self.index)
        if faults:
            raise self.fail(faults[0].rule, faults[0].message)
        if word == EXCHANGE:
            self.holding[player], self.kip = self.kip, self.holding[player]

    def _swap(self, move: Case, player: str) -> None:
        card = move.card("swap")
        if not self.decl.done or self.tricks is not None or self.kat is not None or self.swapped:
            raise self.fail(
                "MZ-4",
                Text(
                    _(
                        "%(player)s swapped %(card)s for the turned card outside the "
                        "dealer's one swap after the declarations"
                    ),
                    player=player,
                    card=card,
                ),
            )
        if player != self.dealer:
            raise self.fail(
                "MZ-4",
                Text(
                    _(
                        "%(player)s may not swap %(card)s for the turned card: only "
                        "the dealer (%(dealer)s) may"
                    ),
                    player=player,
                    card=card,
                    dealer=self.dealer,
                ),
            )
        hand = self.holding[player]
        if card not in hand:
            raise self.fail(
                "MZ-4",
                Text(
                    _("%(player)s swapped %(card)s, which is not in their hand"),
                    player=player,
                    card=card,
                ),
            )
        hand[hand.index(card)] = self.turned
        self.swapped = True

    def _kat(self, move: Case, player: str) -> None:
        suit = move.suit("kat")
        choice = _kat_choice(move)
        if not self.decl.done or self.tricks is not None or self.kat is not None:
            raise self.fail(
                "MZ-7",
                Text(
                    _(
                        "%(player)s claimed a kat outside the moment after all "
                        "declarations and before the first card"
                    ),
                    player=player,
                ),
            )
        faults = kat_faults(player, suit, self.decl.playing, self.holding[player], self.index)
        if faults:
            raise self.fail("MZ-7", faults[0].message)
        self.kat = (player, suit == self.trump, choice)

    def _card(self, move: Case, player: str) -> None:
        card = move.card("card")
        if self.kat is not None:
            raise self.fail(
                "MZ-7",
                Text(
                    _("%(player)s played %(card)s after %(kat)s's kat had ended the deal"),
                    player=player,
                    card=card,
                    kat=self.kat[0],
                ),
            )
        if not self.decl.done:
            raise self.fail(
                "MZ-8",
                Text(
                    _("%(player)s played %(card)s before everybody had declared"),
                    player=player,
                    card=card,
                ),
            )
        if self.tricks is None:
            playing = self.decl.playing
            self.tricks = Tricks(playing, self.trump, {p: self.holding[p] for p in playing})
        tricks = self.tricks
        if tricks.finished:
            raise self.fail(
                "MZ-8",
                Text(
                    _("%(player)s played %(card)s after the fifth trick"), player=player, card=card
                ),
            )
        if player != tricks.to_play:
            raise self.fail(
                "MZ-8",
                Text(
                    _("%(player)s played %(card)s out of turn: %(to_play)s was to play"),
                    player=player,
                    card=card,
                    to_play=tricks.to_play,
                ),
            )
        faults = tricks.play(card)
        if faults:
            raise self.fail("MZ-8", faults[0].message)

    def _changes(self) -> dict[str, int] | None:
        kat_changes = None
        won = None
        if self.kat is not None:
            holder, kater, choice = self.kat
            kat_changes = kat_points(
                self.players, holder, kater, self.options["kat_scoring"], choice
            )
        elif self.tricks is not None and self.tricks.finished:
            won = dict(self.tricks.won)
        else:
            return None
        return deal_points(
            self.players, passers=self.decl.passers(), passes_before=self.board.streaks,
            points_before=self.board.points, trump=self.trump, options=self.options,
            tricks_won=won, kat=kat_changes,
        )  # fmt: skip


def check_replay(case: Case) -> Outcome:
    """A whole game as logged move by move (``simulate.py``); stops at the first violation.

    ``result``: ``points`` after every deal, and, unless a violation stopped the replay,
    ``final``, ``winner`` and ``finished_after``.
    """
    out = Outcome()
    players = _players(case, out)
    if out.violations:
        return out
    board = Scoreboard(players, case.options["start_points"])
    deals = case.subs("deals")
    try:
        for index, deal in enumerate(deals):
            if board.finished:
                out.add(
                    "MZ-10",
                    _(
                        "Deal %(number)s was played after the game was won in deal "
                        "%(finished_after)s"
                    ),
                    index,
                    number=index + 1,
                    finished_after=board.finished_after,
                )
                break
            judged = _ReplayDeal(deal, index, players, board, out)
            changes = judged.run()
            if changes is None:
                if index < len(deals) - 1:
                    raise judged.fail("MZ-8", Text(_("the deal stopped before its five tricks")))
                break
            board.apply(changes, judged.decl.passers())
    except _ReplayStopError:
        out.result = {"points": [dict(row) for row in board.history]}
        return out
    out.result = board.result()
    return out


CHECKS: Mapping[str, Any] = {
    "deal": check_deal,
    "game": check_game,
    "settlement": check_settlement,
    "replay": check_replay,
}
