"""A simulated Duizenden hand as counts, naturals per rank and run positions (:class:`Hand`):
its melds, whether every mined card can still go into a meld of its own and whether a top
card can be mined (DZ-7)."""

from __future__ import annotations

from .cards import BITS, ID_RANK, JK, NEIGHBOURS, POINTS, WINDOWS_WITH
from .moves import run_melds, set_melds, sets_of

# --- the hand: counts per card, naturals per rank, run positions ---------------------------


class Hand:
    """A player's cards as counts (``cnt``), naturals per rank (``rk``) and the run
    positions held (``m``, see :data:`BITS`); ``size`` is the number of cards."""

    __slots__ = ("cnt", "m", "rk", "size")

    def __init__(self) -> None:
        self.cnt = [0] * 53
        self.rk = [0] * 15
        self.m = 0
        self.size = 0

    def add(self, c: int) -> None:
        cnt = self.cnt
        cnt[c] += 1
        self.size += 1
        if c != JK:
            self.rk[ID_RANK[c]] += 1
            if cnt[c] == 1:
                self.m |= BITS[c]

    def take(self, c: int) -> None:
        cnt = self.cnt
        cnt[c] -= 1
        self.size -= 1
        if c != JK:
            self.rk[ID_RANK[c]] -= 1
            if not cnt[c]:
                self.m &= ~BITS[c]

    def points(self) -> int:
        return sum(n * POINTS[c] for c, n in enumerate(self.cnt) if n)

    def melds(self) -> list[tuple]:
        """Every three-card meld the hand holds (see :func:`set_melds`, :func:`run_melds`)."""
        out: list[tuple] = []
        jokers = self.cnt[JK]
        set_melds(self.cnt, self.rk, jokers, out)
        run_melds(self.cnt, self.m, jokers, out)
        return out

    def melds_with(self, c: int) -> list[tuple]:
        """The three-card melds of the hand that hold card ``c`` itself."""
        if c == JK:
            return [m for m in self.melds() if JK in m[3]]
        out: list[tuple] = []
        cnt = self.cnt
        jokers = cnt[JK]
        jm = 2 if jokers > 2 else jokers
        r = ID_RANK[c]
        if self.rk[r] + jm >= 3:
            sets_of(cnt, r, self.rk[r], jm, out)
        run_melds(cnt, self.m, jokers, out, WINDOWS_WITH[c])
        return [m for m in out if c in m[3]]


def uncovered(pending: list[int], cards: tuple[int, ...] | list[int]) -> list[int]:
    """The mined cards still to meld once a meld of ``cards`` is laid."""
    rest = list(pending)
    for c in cards:
        if c in rest:
            rest.remove(c)
    return rest


def feasible(hand: Hand, pending: list[int]) -> bool:
    """DZ-7: can every mined card in ``pending`` go into its own new three-card meld?"""
    if not pending:
        return True
    for move in hand.melds_with(pending[0]):
        cards = move[3]
        rest = uncovered(pending, cards)
        for c in cards:
            hand.take(c)
        ok = feasible(hand, rest)
        for c in cards:
            hand.add(c)
        if ok:
            return True
    return False


def can_mine(hand: Hand, top: int) -> bool:
    """DZ-7: does ``top`` make a three-card meld with two cards of the hand?"""
    jokers = hand.cnt[JK]
    rk = hand.rk
    m = hand.m
    if top == JK:
        if jokers and hand.size > jokers:
            return True
        return max(rk) >= 2 or bool(m & ((m >> 1) | (m >> 2)))
    if rk[ID_RANK[top]] + jokers >= 2:
        return True
    if jokers:
        return any(m & others for others in NEIGHBOURS[top])
    return any(m & others == others for others in NEIGHBOURS[top])
