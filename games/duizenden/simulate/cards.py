"""The Duizenden simulator's cards as small ints (suit * 13 + rank - 2, the joker 52): ranks,
suits, names, card points, run positions as bits and the DZ-4 opening value tables."""

from __future__ import annotations

from games.cards import SUITS, Card
from games.duizenden.scoring import opening_value, rank_points

#: A safety stop: a game that has not ended after this many deals stops unfinished.
MAX_DEALS = 2000

# --- cards as small ints: suit * 13 + rank - 2 (0-51), the joker 52 ------------------------

JK = 52
QS = SUITS.index("S") * 13 + 12 - 2
ID_RANK = [r for _ in SUITS for r in range(2, 15)] + [0]
ID_SUIT = [s for s in range(4) for _ in range(13)] + [-1]
CARDS = [Card(ID_RANK[i], SUITS[ID_SUIT[i]]) for i in range(52)] + [Card(0, "")]
NAMES = [str(c) for c in CARDS]
POINTS = [rank_points(ID_RANK[i], SUITS[ID_SUIT[i]]) for i in range(52)] + [50]
#: Run positions as bits of one int, 16 per suit: position p of suit s is bit 16 * s + p
#: (p = 1 for the ace low … 14 for the ace high). BITS[c]: the bits card c sets.
BITS = [(1 << (16 * ID_SUIT[i] + ID_RANK[i])) | (1 << (16 * ID_SUIT[i] + 1) if ID_RANK[i] == 14
        else 0) for i in range(52)] + [0]  # fmt: skip
#: POS_ID[16 * suit + position]: the card at a run position.
POS_ID = [s * 13 + (12 if p == 1 else p - 2) if 1 <= p <= 14 else JK
          for s in range(4) for p in range(16)]  # fmt: skip
#: SET_IDS[rank]: the four cards of a rank.
SET_IDS = [()] * 2 + [tuple(s * 13 + r - 2 for s in range(4)) for r in range(2, 15)]
#: Joker patterns over a three-card window (bit i: position i is a joker), by jokers held.
JOKER_MASKS = ((0,), (0, 1, 2, 4), (0, 1, 2, 4, 3, 5, 6))
#: A three-card run starts at position 1 … 12 of a suit.
LOW_WINDOWS = sum(0x1FFE << (16 * s) for s in range(4))
#: NEIGHBOURS[c]: for each three-card run window holding card c, the bits of the other two.
NEIGHBOURS = [
    [
        sum(1 << (16 * ID_SUIT[c] + q) for q in (low, low + 1, low + 2) if q != p)
        for p in ((1, 14) if ID_RANK[c] == 14 else (ID_RANK[c],))
        for low in (p - 2, p - 1, p)
        if 1 <= low <= 12
    ]
    for c in range(52)
]
#: WINDOWS_WITH[c]: the lowest positions (as bits) of the three-card windows holding card c.
WINDOWS_WITH = [
    sum(
        1 << (16 * ID_SUIT[c] + low)
        for p in ((1, 14) if ID_RANK[c] == 14 else (ID_RANK[c],))
        for low in {p - 2, p - 1, p}
        if 1 <= low <= 12
    )
    for c in range(52)
]
ALL_CARDS = range(53)


def value_tables(face: bool) -> tuple[list[int], list[int], list[int]]:
    """DZ-4 opening points: per run position bit, per natural card, per set rank (joker)."""
    run = [opening_value(p, SUITS[s], face_cards=face) if 1 <= p <= 14 else 0
           for s in range(4) for p in range(16)]  # fmt: skip
    suit = [SUITS[ID_SUIT[i]] if not face else "" for i in range(52)]
    nat = [opening_value(ID_RANK[i], suit[i], face_cards=face) for i in range(52)]
    joker = [0, 0] + [opening_value(r, "", face_cards=face) for r in range(2, 15)]
    return run, nat, joker
