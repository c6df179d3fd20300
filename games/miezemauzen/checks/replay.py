"""The ``replay`` check of Miezemauzen: a whole game as the simulator logs it, judged move by
move (format in ``simulate.py``), stopping at the first violation."""

from __future__ import annotations

from games.base import Case, CaseError, Outcome, Text, _
from games.cards import Card
from games.miezemauzen.rules import (
    EXCHANGE,
    HAND_SIZE,
    KIP_SIZE,
    Declarations,
    Tricks,
    deck_for,
    kat_faults,
    parse_declaration,
    seat_order,
)
from games.miezemauzen.scoring import (
    Scoreboard,
    deal_points,
    kat_points,
)

from .readers import read_card_list, read_kat_choice, read_players

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
        holding = {p: read_card_list(hands.data[p], hands.where(p)) for p in self.players}
        self.kip = read_card_list(deal.data.get("kip"), deal.where("kip"))
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
        cards = read_card_list(stock, where)
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
        choice = read_kat_choice(move)
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
    players = read_players(case, out)
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
