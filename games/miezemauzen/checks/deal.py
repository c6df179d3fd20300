"""The ``deal`` check of Miezemauzen: one deal's declarations, kat, tricks and points (MZ-1 …
MZ-11), with the one-deck bookkeeping of where each card is."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.base import Case, CaseError, Outcome, Suit, Text, Violation, _
from games.cards import Card
from games.miezemauzen.rules import (
    HAND_SIZE,
    KIP_SIZE,
    TRICKS,
    Declarations,
    Tricks,
    deck_for,
    kat_faults,
    kat_suit,
    seat_order,
)
from games.miezemauzen.scoring import (
    deal_points,
    kat_points,
    winner_value,
    winners,
)

from .readers import (
    POINTS_LIMIT,
    not_in_deck,
    read_card_list,
    read_claims,
    read_declarations,
    read_kat_choice,
    read_numbers,
    read_players,
    read_tricks_won,
)

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
        self.players = read_players(case, self.out)
        self.deck = deck_for(len(self.players))
        self.dealer: str = case.player("dealer", self.players)
        self.trump: str = case.suit("trump")
        start = self.options["start_points"]
        self.points = read_numbers(case, "points_before", self.players, start, -POINTS_LIMIT)
        self.passes = read_numbers(case, "passes_before", self.players, 0, 0)
        self.places = _Places()
        self.hands: dict[str, list[Card]] = {}
        self.bad_declarations = False

    def run(self) -> Outcome:
        self._already_won()
        decl = Declarations(
            seat_order(self.players, self.dealer), self.points, self.trump, self.options
        )
        before = len(self.out.violations)
        read_declarations(self.case, decl.order, decl, at=None, out=self.out)
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
            hand = read_card_list(hands.data[player], hands.where(player))
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
                    not_in_deck(card, self.deck, Text(_("%(player)s holds"), player=player), None)
                )
                self.places.put(
                    card,
                    player,
                    Text(_("%(player)s's hand"), player=player),
                    hands.where(player) + f"[{i}]",
                )
        if case.has("kip"):
            kip = read_card_list(case.data["kip"], "kip")
            if len(kip) != KIP_SIZE:
                out.add(
                    "MZ-3",
                    _("The kip holds %(count)s cards instead of %(KIP_SIZE)s"),
                    count=len(kip),
                    KIP_SIZE=KIP_SIZE,
                )
            for i, card in enumerate(kip):
                out.violations.extend(not_in_deck(card, self.deck, Text(_("The kip holds")), None))
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
            out.violations.extend(not_in_deck(turned, self.deck, "The turned card is", None))
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
            not_in_deck(give, self.deck, Text(_("%(player)s laid away"), player=who), None)
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
        claims = read_claims(self.case)
        found: tuple[str, bool, str | None] | None = None
        for index, claim in enumerate(claims):
            player = claim.player("player", self.players)
            hand = self.hands.get(player)
            suit, kater = self._kat_suit(claim, hand)
            choice = read_kat_choice(claim)
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
        won = read_tricks_won(self.case, self.players, playing, lenient=self.bad_declarations)
        if won is not None:
            result["tricks_won"] = dict(won)
        return won

    def _trick(self, tricks: Tricks, t: int, value: object, *, last: bool) -> bool:
        """Judge one trick; False when its size does not fit the players of a deal whose
        declarations broke a rule (judging stops there)."""
        where = f"tricks[{t}]"
        cards = read_card_list(value, where)
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
                not_in_deck(card, self.deck, Text(_("%(player)s played"), player=player), t)
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
