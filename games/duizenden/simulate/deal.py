"""One simulated Duizenden deal (``SimulatedDeal``): every choice point of a turn, uniform over the
legal moves, from the first draw to melding, discarding and mining (DZ-2 … DZ-11)."""

from __future__ import annotations

from itertools import compress
from typing import Any

from games.duizenden.rules import HAND_SIZE
from games.duizenden.scoring import OPENING_MINIMUM

from .cards import ALL_CARDS, JK, POINTS, POS_ID, QS
from .hand import Hand, can_mine, feasible, uncovered
from .moves import exchanges, lay_offs, run_melds, set_melds

# --- one deal ----------------------------------------------------------------------------


def _meld_value(meld: list, tables: tuple[list[int], list[int], list[int]]) -> int:
    """DZ-4 opening points of a meld record ``[kind, rank or suit, low, high, cards]``."""
    run, nat, joker = tables
    if meld[0] == 0:
        return sum(joker[meld[1]] if c == JK else nat[c] for c in meld[4])
    base = meld[1] << 4
    return sum(run[base + meld[2] : base + meld[3] + 1])


def _lay(meld: list, end: int, c: int) -> int:
    """Lay card ``c`` off on ``meld`` at ``end``; the card it stands for (for the log)."""
    cards = meld[4]
    if end == 0:
        cards.append(c)
        return next(x for x in cards if x != JK)
    if end < 0:
        meld[2] -= 1
        cards.insert(0, c)
        return POS_ID[(meld[1] << 4) + meld[2]]
    meld[3] += 1
    cards.append(c)
    return POS_ID[(meld[1] << 4) + meld[3]]


def _new_meld(move: tuple) -> list:
    kind, key, low, cards = move
    return [kind, key, low, low + 2 if kind else low, list(cards)]


class SimulatedDeal:
    """One deal played by random legal moves (see the module docstring for the choices)."""

    def __init__(self, rng: Any, players: int, first: int, tables: tuple, record: bool) -> None:
        self.rng = rng
        self.random = rng.random
        self.n = players
        self.tables = tables
        self.record = record
        deck = [*range(52), *range(52), JK, JK, JK, JK]
        rng.shuffle(deck)
        self.hands = [Hand() for _ in range(players)]
        self.dealt = [deck[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(players)]
        for hand, cards in zip(self.hands, self.dealt, strict=True):
            for c in cards:
                hand.add(c)
        self.stock = deck[players * HAND_SIZE :]
        self.turned = self.stock.pop()
        self.pile: list[int] = []
        self.melds: list[list[list]] = [[] for _ in range(players)]
        self.on_table = [False] * players
        self.had_turn = [False] * players
        self.pending: list[list[int]] = [[] for _ in range(players)]
        self.table_jokers = [0] * players
        self.first = first
        self.turns: list[tuple] = []
        self.decisions = 0
        self.out = -1

    def choose(self, options: list | tuple) -> Any:
        """One decision: a uniformly random element of ``options``."""
        self.decisions += 1
        n = len(options)
        return options[int(self.random() * n)] if n > 1 else options[0]

    def play(self) -> list[int]:
        """Play until a player goes out or the stock is empty; the DZ-11 scores."""
        p = self.first
        hands = self.hands
        stock = self.stock
        while stock:
            hand = hands[p]
            if not self.turns and self.choose((True, False)):
                draw = -1
                hand.add(self.turned)
            else:
                draw = stock.pop()
                hand.add(draw)
                if not self.turns:
                    self.pile.append(self.turned)
            actions: list[tuple] = []
            if self.pending[p]:
                self.mined_melds(p, actions)
            self.melding(p, actions)
            discard = self.discard(p)
            self.had_turn[p] = True
            claims: list[int] = []
            miner = extra = -1
            if discard >= 0 and hand.size:
                claims, miner, extra = self.mining(p, discard)
            if self.record:
                self.turns.append((p, draw, actions, discard, claims, miner, extra))
            else:
                self.turns.append(())
            if not hand.size:
                self.out = p
                break
            p = (p + 1) % self.n
        return [
            sum(POINTS[c] for m in self.melds[i] for c in m[4]) - hands[i].points()
            for i in range(self.n)
        ]

    def mined_melds(self, p: int, actions: list[tuple]) -> None:
        """DZ-7: meld every card mined since the last turn, each in a new meld."""
        hand = self.hands[p]
        pending = self.pending[p]
        while pending:
            target = pending[0]
            moves = hand.melds_with(target)
            if len(pending) > 1:
                moves = [m for m in moves if self.still_feasible(hand, m[3], pending)]
            move = self.choose(moves)
            for c in move[3]:
                hand.take(c)
            self.melds[p].append(_new_meld(move))
            self.table_jokers[p] += move[3].count(JK)
            if self.record:
                actions.append(("m", move))
            pending[:] = uncovered(pending, move[3])

    @staticmethod
    def still_feasible(hand: Hand, cards: tuple[int, ...], pending: list[int]) -> bool:
        for c in cards:
            hand.take(c)
        ok = feasible(hand, uncovered(pending, cards))
        for c in cards:
            hand.add(c)
        return ok

    def options(self, p: int, owed: int) -> list:
        """The melding moves open to player ``p`` now (None = stop)."""
        hand = self.hands[p]
        cnt = hand.cnt
        size = hand.size
        first_turn = not self.had_turn[p]
        qs = cnt[QS]
        options: list = [] if owed else [None]
        if size >= 4:
            moves: list = []
            jokers = cnt[JK]
            set_melds(cnt, hand.rk, jokers, moves)
            run_melds(cnt, hand.m, jokers, moves)
            if owed:
                moves = [m for m in moves if JK in m[3]]
            if first_turn and size == 4:
                moves = [m for m in moves if qs - m[3].count(QS) == 1]
            options += moves
        mine = self.melds[p]
        if size >= 2 and mine:
            moves = []
            lay_offs(mine, cnt, cnt[JK], moves)
            if not owed:
                if self.table_jokers[p]:
                    exchanges(mine, cnt, moves)
            else:
                moves = [m for m in moves if m[3] == JK]
            if first_turn and size == 2:
                moves = [m for m in moves if qs - (m[3] == QS) == 1]
            options += moves
        return options

    def melding(self, p: int, actions: list[tuple]) -> None:
        """Melds, lay-offs and joker exchanges until the player stops (DZ-3 … DZ-6).

        ``owed`` counts the jokers taken back by an exchange and not yet laid again.
        """
        owed = 0
        while True:
            move = self.choose(self.options(p, owed))
            if move is None:
                break
            kind = move[0]
            if kind == 3:  # an exchange
                self.exchange(p, move, actions)
                owed += 1
                continue
            jokers = self.lay_meld(p, move, actions) if kind < 2 else self.lay_off(p, move, actions)
            if jokers and owed:
                owed -= 1
        if not self.on_table[p] and self.melds[p]:
            self.settle_opening(p, actions)

    def lay_meld(self, p: int, move: tuple, actions: list[tuple]) -> int:
        """DZ-3: lay a new three-card meld; the number of jokers in it."""
        hand = self.hands[p]
        for c in move[3]:
            hand.take(c)
        self.melds[p].append(_new_meld(move))
        jokers = move[3].count(JK)
        self.table_jokers[p] += jokers
        if self.record:
            actions.append(("m", move))
        return jokers

    def lay_off(self, p: int, move: tuple, actions: list[tuple]) -> int:
        """DZ-5: lay one card off on an own meld; 1 when it is a joker."""
        c = move[3]
        self.hands[p].take(c)
        stands = _lay(self.melds[p][move[1]], move[2], c)
        if self.record:
            actions.append(("l", move[1], c, stands))
        if c == JK:
            self.table_jokers[p] += 1
            return 1
        return 0

    def exchange(self, p: int, move: tuple, actions: list[tuple]) -> None:
        """DZ-6: swap an own joker for the card it stands for (the joker must be laid again)."""
        hand = self.hands[p]
        c = move[3]
        hand.take(c)
        hand.add(JK)
        self.melds[p][move[1]][4][move[2]] = c
        self.table_jokers[p] -= 1
        if self.record:
            actions.append(("x", move[1], c))

    def settle_opening(self, p: int, actions: list[tuple]) -> None:
        """DZ-4: the tentative melds stay when worth 30 opening points, else go back."""
        mine = self.melds[p]
        if sum(_meld_value(m, self.tables) for m in mine) >= OPENING_MINIMUM:
            self.on_table[p] = True
            return
        hand = self.hands[p]
        for meld in mine:
            for c in meld[4]:
                hand.add(c)
        mine.clear()
        actions.clear()
        self.table_jokers[p] = 0

    def discard(self, p: int) -> int:
        """DZ-8: any card but QS; -1 when the hand holds only QS."""
        hand = self.hands[p]
        cnt = hand.cnt
        options = list(compress(ALL_CARDS, cnt))
        if cnt[QS]:
            options.remove(QS)
        if not options:
            return -1
        self.decisions += 1
        c = options[int(self.random() * len(options))]
        hand.take(c)
        self.pile.append(c)
        return c

    def mining(self, p: int, top: int) -> tuple[list[int], int, int]:
        """DZ-7: claims on the discard; the miner takes the pile and one stock card."""
        claims = []
        for k in range(1, self.n):
            q = (p + k) % self.n
            if not self.on_table[q]:
                continue
            hand = self.hands[q]
            if not can_mine(hand, top):
                continue
            if self.pending[q]:
                hand.add(top)
                ok = feasible(hand, [*self.pending[q], top])
                hand.take(top)
                if not ok:
                    continue
            self.decisions += 1
            if self.random() < 0.5:  # claim or not, evenly
                claims.append(q)
        if not claims:
            return claims, -1, -1
        if len(claims) > 1:
            self.rng.shuffle(claims)
        nxt = (p + 1) % self.n
        miner = nxt if nxt in claims else claims[0]
        hand = self.hands[miner]
        extra = self.stock.pop() if self.stock else -1
        if extra >= 0:
            hand.add(extra)
        for c in self.pile:
            hand.add(c)
        self.pile = []
        self.pending[miner].append(top)
        return claims, miner, extra
