"""The generator of Keezen's legal moves (KZ-2 … KZ-5): every distinct legal move of a card
(:func:`card_moves`) or a hand (:func:`hand_moves`) as a compact tuple, for the simulator
and the ``legal_moves`` check."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import Card
from games.cards import ACE, JACK, KING
from games.keezen.board import (
    PAWNS,
    UPTO,
)

from .position import BACK, ENTER, FORWARD, FOUR, SEVEN, SPLIT, STEPS, SWAP, Move, Options, Position

# --- the generator ---------------------------------------------------------------------


def forward_options(position: Position, pid: int, n: int) -> Options:
    """Where pawn ``pid`` may go ``n`` steps forward: ``(dest, into_home)`` pairs.

    On the track: around the track unless a blockade is passed or landed on (KZ-3); into
    the home when the count reaches it exactly, the track up to the entrance is free of
    blockades, and no home pawn is jumped or landed on (KZ-5). In the nest or in the home:
    nowhere (a pawn in the home never moves again, KZ-5).
    """
    p = position.pos[pid]
    g = position.g
    length = g.length
    if not 0 <= p < length:
        return ()
    seat = pid >> 2
    home = position.home[seat]
    board, start = position.board, g.start
    out: list[tuple[int, bool]] = []
    t = g.cross[p][n]
    if t < 0 or board[start[t]] >> 2 != t:  # an empty square is -1, and -1 >> 2 == -1
        out.append((g.ahead[p][n], False))
    d = g.dist[seat][p]
    if d < n <= d + 4 and not home & UPTO[n - d - 1]:
        # No start square lies within 15 squares before a home entrance, so a count that
        # ends in the home (12 at most) never meets a blockade on the way (KZ-1, KZ-3).
        out.append((length + n - d - 1, True))
    return out


def _enter(position: Position, seat: int) -> Move | None:
    """A or K: the first pawn in the nest onto the start square, unless an own pawn
    stands there (KZ-3); a pawn of another seat there is hit (KZ-4)."""
    start = position.g.start[seat]
    if position.board[start] >> 2 == seat:
        return None
    pos = position.pos
    for pid in range(seat * PAWNS, seat * PAWNS + PAWNS):
        if pos[pid] < 0:
            return (ENTER, pid, start)
    return None


def _backward(position: Position, seat: int) -> list[Move]:
    """A 4: every track pawn 4 backward, not passing or landing on a blockade (KZ-3)."""
    g, pos, board = position.g, position.pos, position.board
    length, start, cross_back, behind = g.length, g.start, g.cross_back, g.behind
    out: list[Move] = []
    for pid in range(seat * PAWNS, seat * PAWNS + PAWNS):
        p = pos[pid]
        if 0 <= p < length:
            t = cross_back[p]
            if t < 0 or board[start[t]] >> 2 != t:
                out.append((BACK, pid, behind[p]))
    return out


def _swaps(position: Position, seat: int, own_card: bool) -> list[Move]:
    """A J: an own track pawn with another seat's track pawn; a pawn on its own start
    square is only swapped by its owner's own J (KZ-2, KZ-3)."""
    pos, length, start = position.pos, position.g.length, position.g.start
    mine = [
        pid
        for pid in range(seat * PAWNS, seat * PAWNS + PAWNS)
        if 0 <= pos[pid] < length and (own_card or pos[pid] != start[seat])
    ]
    if not mine:
        return []
    others = [
        o for o, q in enumerate(pos) if 0 <= q < length and o >> 2 != seat and q != start[o >> 2]
    ]
    return [(SWAP, pid, o) for pid in mine for o in others]


def _after(position: Position, first: int, to: int, second: int, n: int) -> Options | None:
    """The second part of a 7: where ``second`` may go ``n`` steps once ``first`` went to
    ``to``; None when that is where it could go before the first part. Only a hit on
    ``second`` itself, a change of the own start square's blockade, or a pawn the first part
    took into the own home (which the second may not jump or land on) can make a
    difference."""
    pos = position.pos
    if to == pos[second]:
        return ()  # the first part hit the second pawn: it is in the nest now
    length = position.g.length
    start = position.g.start[first >> 2]
    p1 = pos[first]
    if p1 < length and to < length and start not in (p1, to):
        return None
    hits: list[int] = []
    position.place(first, to, hits)
    options = forward_options(position, second, n)
    position.place(first, p1, [])
    if hits:
        position.place(hits[0], to, [])
    return options


def movable(position: Position, seat: int) -> list[int]:
    """The pawns of ``seat`` on the track that can take at least one step forward (KZ-2's
    7: pawns in the nest or in the home never count, KZ-5)."""
    return [
        pid
        for pid in range(seat * PAWNS, seat * PAWNS + PAWNS)
        if forward_options(position, pid, 1)
    ]


def _last_home(position: Position, pid: int) -> list[Move]:
    """KZ-8 (reading): a 7 whose one own pawn ``pid``, the seat's last one outside the
    home, enters the home with fewer than seven steps uses the rest on one of the partner's
    pawns: a split whose second part is the partner's. Where no partner's pawn can go the
    rest, the rest lapses (KZ-6: used unless impossible), a plain move of fewer than 7."""
    seat = pid >> 2
    if position.home[seat].bit_count() != PAWNS - 1:
        return []
    partner = position.g.partner[seat]
    start = position.pos[pid]
    out: list[Move] = []
    for k in range(1, SEVEN):
        rest = SEVEN - k
        for dest, flag in forward_options(position, pid, k):
            if not flag:
                continue
            position.place(pid, dest, [])
            theirs = [
                (SPLIT, pid, dest, k, True, q, xq, rest, fq)
                for q in range(partner * PAWNS, partner * PAWNS + PAWNS)
                for xq, fq in forward_options(position, q, rest)
            ]
            position.place(pid, start, [])
            out.extend(theirs or [(FORWARD, pid, dest, k, True)])
    return out


def _sevens(position: Position, seat: int, own_card: bool = True) -> list[Move]:
    """A 7 (KZ-2): split over two pawns when two or more on the track can move, else all
    seven with one (also when the others are in the nest or the home); with the seat's
    last pawn outside the home, also into the home and the rest for the partner (KZ-8).

    Every split is listed once: ``(a, b)`` with ``a`` < ``b`` first, then the reverse order
    only where it is the only legal order or ends elsewhere (both parts on one square).
    """
    movers = movable(position, seat)
    if len(movers) < 2:
        return [
            (FORWARD, pid, dest, SEVEN, flag)
            for pid in movers
            for dest, flag in forward_options(position, pid, SEVEN)
        ] + [move for pid in movers if own_card for move in _last_home(position, pid)]
    table = {pid: [()] + [forward_options(position, pid, k) for k in range(1, SEVEN)]
             for pid in movers}  # fmt: skip
    out: list[Move] = []
    for i, a in enumerate(movers):
        for b in movers[i + 1 :]:
            ta, tb = table[a], table[b]
            both: set[tuple[int, int]] = set()
            for k in range(1, SEVEN):
                rest = SEVEN - k
                for xa, fa in ta[k]:
                    after = _after(position, a, xa, b, rest)
                    for xb, fb in tb[rest] if after is None else after:
                        out.append((SPLIT, a, xa, k, fa, b, xb, rest, fb))
                        both.add((xa, xb))
            for k in range(1, SEVEN):
                rest = SEVEN - k
                for xb, fb in tb[rest]:
                    after = _after(position, b, xb, a, k)
                    for xa, fa in ta[k] if after is None else after:
                        if xa == xb or (xa, xb) not in both:
                            out.append((SPLIT, b, xb, rest, fb, a, xa, k, fa))
    out.extend(_freed_splits(position, seat, table))
    return out


def _freed_splits(position: Position, seat: int, table: dict[int, list[Options]]) -> list[Move]:
    """Splits whose second pawn could not move before the card: the first part took the own
    pawn off the start square and so lifted its blockade (KZ-3). That is the one way a part
    of an own 7 can free another own pawn: blockades of other seats stay, and pawns in the
    home never move (KZ-5)."""
    a = position.board[position.g.start[seat]]
    if a not in table:
        return []
    pos, length, ta = position.pos, position.g.length, table[a]
    out: list[Move] = []
    for b in range(seat * PAWNS, seat * PAWNS + PAWNS):
        if b in table or not 0 <= pos[b] < length:
            continue
        for k in range(1, SEVEN):
            rest = SEVEN - k
            for xa, fa in ta[k]:
                for xb, fb in _after(position, a, xa, b, rest) or ():
                    out.append((SPLIT, a, xa, k, fa, b, xb, rest, fb))
    return out


def card_moves(position: Position, seat: int, rank: int, own_card: bool = True) -> list[Move]:
    """Every distinct legal move of a card of ``rank`` moving ``seat``'s pawns (KZ-2 … KZ-5).

    ``own_card`` is false when the card is played for the partner (KZ-8); it only matters
    for a J and the partner's pawn on its start square (KZ-3).
    """
    if rank == SEVEN:
        return _sevens(position, seat, own_card)
    if rank == JACK:
        return _swaps(position, seat, own_card)
    if rank == FOUR:
        return _backward(position, seat)
    out: list[Move] = []
    if rank in (ACE, KING):
        entry = _enter(position, seat)
        if entry is not None:
            out.append(entry)
        if rank == KING:
            return out
    n = STEPS[rank]
    for pid in range(seat * PAWNS, seat * PAWNS + PAWNS):
        for dest, flag in forward_options(position, pid, n):
            out.append((FORWARD, pid, dest, n, flag))
    return out


def hand_moves(
    position: Position, seat: int, hand: Sequence[Card]
) -> list[tuple[Card, list[Move]]]:
    """Every distinct card of ``hand`` (in hand order) with its legal moves, for the pawns
    ``seat`` moves now (its own, or its partner's, KZ-8). This is the ``legal_moves``
    function: one computation per rank, shared by cards of the same rank."""
    mover = position.mover(seat)
    by_rank: dict[int, list[Move]] = {}
    out: list[tuple[Card, list[Move]]] = []
    for card in dict.fromkeys(hand):
        moves = by_rank.get(card.rank)
        if moves is None:
            moves = by_rank[card.rank] = card_moves(position, mover, card.rank, mover == seat)
        out.append((card, moves))
    return out
