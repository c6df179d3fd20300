"""Enumerating the Duizenden simulator's moves on counts and bits: three-card sets and runs
(DZ-3), lay-offs (DZ-5) and joker exchanges (DZ-6)."""

from __future__ import annotations

from itertools import combinations

from .cards import JK, JOKER_MASKS, LOW_WINDOWS, POS_ID, SET_IDS

# --- enumerating moves ------------------------------------------------------------------


def sets_of(cnt: list[int], r: int, nat: int, jm: int, out: list[tuple]) -> None:
    """Three-card sets of rank ``r`` (DZ-3): each distinct choice of naturals and jokers."""
    a, b, c, d = SET_IDS[r]
    ids = [a] * cnt[a] + [b] * cnt[b] + [c] * cnt[c] + [d] * cnt[d]
    for j in range(jm + 1):
        k = 3 - j
        if k > nat:
            continue
        tail = (JK,) * j
        if k == nat:
            out.append((0, r, 0, (*ids, *tail)))
        else:
            out.extend((0, r, 0, (*combo, *tail)) for combo in dict.fromkeys(
                combinations(ids, k)))  # fmt: skip


def set_melds(cnt: list[int], rk: list[int], jokers: int, out: list[tuple]) -> None:
    """Three-card sets (DZ-3) of every rank: ``(0, rank, 0, cards)``."""
    jm = 2 if jokers > 2 else jokers
    need = 3 - jm
    for r, nat in enumerate(rk):
        if nat >= need:
            sets_of(cnt, r, nat, jm, out)


def run_melds(
    cnt: list[int], m: int, jokers: int, out: list[tuple], windows: int = LOW_WINDOWS
) -> None:
    """Three-card runs (DZ-3): every window of one suit, jokers in any position.

    ``m`` holds the run positions of the hand (see :data:`BITS`); ``windows`` the lowest
    positions of the windows to try; a run move is ``(1, suit, low position, cards)``.
    """
    if jokers == 0:
        w = m & (m >> 1) & (m >> 2) & windows
        while w:
            bit = w & -w
            w ^= bit
            b = bit.bit_length() - 1
            out.append((1, b >> 4, b & 15, (POS_ID[b], POS_ID[b + 1], POS_ID[b + 2])))
        return
    if jokers == 1:
        m1 = m >> 1
        m2 = m >> 2
        w = ((m & m1) | (m & m2) | (m1 & m2)) & windows
    else:
        w = (m | (m >> 1) | (m >> 2)) & windows
    masks = JOKER_MASKS[2 if jokers > 2 else jokers]
    while w:
        bit = w & -w
        w ^= bit
        b = bit.bit_length() - 1
        a = POS_ID[b]
        d = POS_ID[b + 1]
        e = POS_ID[b + 2]
        for mask in masks:
            x = JK if mask & 1 else a
            y = JK if mask & 2 else d
            z = JK if mask & 4 else e
            if (x == JK or cnt[a]) and (y == JK or cnt[d]) and (z == JK or cnt[e]):
                out.append((1, b >> 4, b & 15, (x, y, z)))


def lay_offs(melds: list[list], cnt: list[int], jokers: int, out: list[tuple]) -> None:
    """DZ-5: one card onto an own meld: (2, meld index, end, card); end -1 low, 1 high."""
    for mi, meld in enumerate(melds):
        if meld[0] == 0:
            for c in SET_IDS[meld[1]]:
                if cnt[c]:
                    out.append((2, mi, 0, c))
            if jokers:
                out.append((2, mi, 0, JK))
            continue
        base = meld[1] << 4
        low = meld[2]
        high = meld[3]
        if low > 1 and not (low == 2 and high == 14):
            c = POS_ID[base + low - 1]
            if cnt[c]:
                out.append((2, mi, -1, c))
            if jokers:
                out.append((2, mi, -1, JK))
        if high < 14 and not (high == 13 and low == 1):
            c = POS_ID[base + high + 1]
            if cnt[c]:
                out.append((2, mi, 1, c))
            if jokers:
                out.append((2, mi, 1, JK))


def _joker_spot(melds: list[list]) -> bool:
    """Can a joker be laid off on one of these melds (any set, or a run not yet 13 long)?"""
    return any(m[0] == 0 or m[3] - m[2] < 12 for m in melds)


def exchanges(melds: list[list], cnt: list[int], out: list[tuple]) -> None:
    """DZ-6: (3, meld index, joker index, card) for each own joker the hand can replace."""
    if not _joker_spot(melds):
        return
    for mi, meld in enumerate(melds):
        cards = meld[4]
        if JK not in cards:
            continue
        if meld[0] == 0:
            index = cards.index(JK)
            out.extend((3, mi, index, c) for c in SET_IDS[meld[1]] if cnt[c])
        else:
            base = (meld[1] << 4) + meld[2]
            out.extend((3, mi, i, POS_ID[base + i]) for i, c in enumerate(cards)
                       if c == JK and cnt[POS_ID[base + i]])  # fmt: skip
