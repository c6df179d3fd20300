"""Which roem a briefje row can record (KJ-4): :func:`possible`, the roem totals some
deal of the 32 cards can give one team (or both teams together), as claimed.

A trick's roem comes from at most one of: four of a kind (its 4 cards: four jacks 200,
four aces, kings, queens or tens 100), a sequence (3 cards 20, or 4 cards 50, of one
suit in the natural order) with stuk on top when the sequence holds the K and Q of trump,
or stuk alone (K and Q of trump, 20): a sequence and a stuk apart from it would need 5
cards. So a team's roem is a sum over tricks whose roem cards are disjoint, at most 8 of
them, each trick claiming any part of its roem (KJ-4: roem counts when claimed).

:func:`possible` counts exactly that: the four-of-a-kind ranks taken (each takes its rank
from every suit), then in each suit the sequences that fit in the ranks left, the trump
suit with stuk; every card of the deal is followed, so the bound is exact for what the
cards allow (with four of a kind, the most is 700: four jacks, aces, kings and queens and
7-8-9-10 in every suit; without, 420). Pit's 100 is not roem of a trick and is not in
it. Pure Python: no Django here.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import combinations

from games.klaverjassen.cards import RANKS, TRICKS, Options

QUEEN, KING = RANKS[5], RANKS[6]
#: Four of a kind that gives roem, by rank (KJ-4: four 9s, 8s or 7s give none).
FOUR_OF_A_KIND = {RANKS[4]: 200, RANKS[7]: 100, KING: 100, QUEEN: 100, RANKS[3]: 100}
SEQUENCE = {3: 20, 4: 50}
STUK = 20

#: Tricks used -> the claimable roem totals of those tricks.
Found = dict[int, frozenset[int]]


def possible(options: Options) -> frozenset[int]:
    """Every roem total one team (or a whole deal) can record."""
    return _possible(options.four_of_a_kind)


@cache
def _possible(four_of_a_kind: bool) -> frozenset[int]:
    ranked = [rank for rank in RANKS if rank in FOUR_OF_A_KIND] if four_of_a_kind else []
    found: set[int] = set()
    for count in range(len(ranked) + 1):
        for taken in combinations(ranked, count):
            left = tuple(rank for rank in RANKS if rank not in taken)
            plain, trump = _suit(left, trump=False), _suit(left, trump=True)
            by_tricks = _join(_join(_join(trump, plain), plain), plain)
            fours = _claims(FOUR_OF_A_KIND[rank] for rank in taken)
            for tricks, sums in by_tricks.items():
                if tricks + count <= TRICKS:
                    found.update(a + b for a in sums for b in fours)
    return frozenset(found)


@cache
def _suit(left: tuple[int, ...], *, trump: bool) -> Found:
    """The tricks one suit's ranks ``left`` can give roem in: disjoint sequences of 3 or 4
    in the natural order, and in the trump suit stuk (in a sequence holding K and Q, or
    alone)."""
    runs = [
        left[start : start + length]
        for length in SEQUENCE
        for start in range(len(left) - length + 1)
        if RANKS.index(left[start + length - 1]) - RANKS.index(left[start]) == length - 1
    ]
    found: dict[int, set[int]] = {}
    for count in range(len(runs) + 1):
        for chosen in combinations(runs, count):
            cards = [rank for run in chosen for rank in run]
            if len(cards) != len(set(cards)):
                continue
            items = [[SEQUENCE[len(run)], *_stuk(run, trump)] for run in chosen]
            stuk_apart = trump and {QUEEN, KING} <= set(left) - set(cards)
            for alone in (False, True) if stuk_apart else (False,):
                tricks = [*items, *([[STUK]] if alone else [])]
                claims = _claims(item for trick in tricks for item in trick)
                found.setdefault(count + alone, set()).update(claims)
    return {tricks: frozenset(sums) for tricks, sums in found.items()}


def _stuk(run: tuple[int, ...], trump: bool) -> list[int]:
    return [STUK] if trump and QUEEN in run and KING in run else []


def _claims(items: Iterable[int]) -> frozenset[int]:
    """The totals of every part of ``items`` (roem counts only when claimed)."""
    sums = {0}
    for item in items:
        sums |= {total + item for total in sums}
    return frozenset(sums)


def _join(one: Found, other: Found) -> Found:
    """Two suits' tricks together (at most 8 tricks)."""
    joined: dict[int, set[int]] = {}
    for a, sums_a in one.items():
        for b, sums_b in other.items():
            if a + b <= TRICKS:
                joined.setdefault(a + b, set()).update(x + y for x in sums_a for y in sums_b)
    return {tricks: frozenset(sums) for tricks, sums in joined.items()}
