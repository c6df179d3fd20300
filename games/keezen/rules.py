"""Keezen rules (KZ-1 … KZ-8): the position, every card's legal moves, applying and judging.

Two views of the same rules live here:

- the **generator** (:func:`card_moves`, :func:`hand_moves`) lists every distinct legal move
  of a card as a compact tuple; the simulator and the ``legal_moves`` check use it, so it
  works on the plain lists of a :class:`Position` (``pos``, ``board``, ``home``) with the
  tables of :class:`~games.keezen.board.Geometry`;
- the **judge** (:func:`judge_move`) checks one move as a player wrote it down and refuses it
  with the rule it breaks and an English sentence.

Tests check that both agree on every position they meet.

Move tuples (``pid`` = seat·4 + pawn, places as in :mod:`games.keezen.board`):

- ``(ENTER, pid, start)`` — A or K: the lowest-numbered pawn in the nest to the start square;
- ``(FORWARD, pid, dest, steps, into_home)`` — A (1), 2, 3, 5, 6, 8, 9, 10, Q (12), or a 7
  with one pawn;
- ``(BACK, pid, dest)`` — a 4, always 4 backward;
- ``(SWAP, pid, other)`` — a J;
- ``(SPLIT, a, dest_a, steps_a, home_a, b, dest_b, steps_b, home_b)`` — a 7 over two pawns,
  the parts done in the order given.

RULES.md's KZ-5: a pawn in the home never moves again (no card moves it, neither forward
inside the home nor backward), and KZ-2: only pawns on the track count for the 7's split.

Readings of this engine where RULES.md is silent (each cited where it applies):

- Any pawn of seat ``s`` on square ``16·s`` blocks, however it got there (KZ-3); its owner's
  own J may still swap it away, another player's J (also one played for a partner) may not.
- A 7 is split whenever two or more of the moved seat's pawns on the track can take a step
  forward before the card (KZ-2; pawns in the nest or the home never count); the parts go
  in the order given, each part hits on its landing square (KZ-4), so the second part is
  judged on the board the first part left.
  Two orders of the same split that end in the same position are one move (listed with the
  lower-numbered pawn first); orders that differ (both parts landing on one square) are two.
  Once the split is due, its second part may be taken by a pawn that could not move before
  the card, when the first part lifted the own blockade in front of it (KZ-3).
- A player whose four pawns are home plays the whole card for the partner, a 7 included.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.base import Card, Text, _
from games.cards import ACE, JACK, KING, QUEEN, french_deck
from games.keezen.board import (
    FULL_HOME,
    NEST,
    PAWNS,
    UPTO,
    Geometry,
    geometry,
    place_words,
)


def keezen_deck(players: int = 4) -> list[Card]:
    """KZ-7: one 52-card deck; six players use one and a half decks (78 cards): the half
    deck leaves out hearts and spades, as the seed's example does."""
    deck = french_deck()
    if players == 6:
        deck += [c for c in deck if c.suit in ("D", "C")]
    return deck


ENTER, FORWARD, BACK, SWAP, SPLIT = range(5)
SEVEN = 7
FOUR = 4
#: Steps forward of each plain forward card (KZ-2); the A moves 1.
STEPS = {ACE: 1, 2: 2, 3: 3, 5: 5, 6: 6, 8: 8, 9: 9, 10: 10, QUEEN: 12}

Move = tuple[int, ...]
Options = Sequence[tuple[int, bool]]


class Position:
    """Where every pawn is: ``pos[pid]``, the track ``board[square] = pid`` (or -1), and per
    seat a bit mask ``home[seat]`` of its taken home squares."""

    __slots__ = ("board", "g", "home", "pos")

    def __init__(self, g: Geometry, pos: Sequence[int]) -> None:
        self.g = g
        self.pos = list(pos)
        self.board = [-1] * g.length
        self.home = [0] * g.players
        for pid, place in enumerate(self.pos):
            if 0 <= place < g.length:
                self.board[place] = pid
            elif place >= g.length:
                self.home[pid >> 2] |= 1 << (place - g.length)

    @classmethod
    def initial(cls, players: int) -> Position:
        """Every pawn in its nest (the start of a game)."""
        return cls(geometry(players), [NEST] * (PAWNS * players))

    def copy(self) -> Position:
        other = Position.__new__(Position)
        other.g, other.pos, other.board, other.home = (
            self.g,
            self.pos[:],
            self.board[:],
            self.home[:],
        )
        return other

    def mover(self, seat: int) -> int:
        """Whose pawns ``seat`` moves: its own, or its partner's once all four are home (KZ-8)."""
        return self.g.partner[seat] if self.home[seat] == FULL_HOME else seat

    def team_home(self, team: int) -> int:
        """Pawns home of a team (0-8)."""
        return sum(self.home[s].bit_count() for s in self.g.team_seats[team])

    def winner(self) -> int | None:
        """The team with all eight pawns home, if any (KZ-8)."""
        return next(
            (t for t, (a, b) in enumerate(self.g.team_seats)
             if self.home[a] == FULL_HOME and self.home[b] == FULL_HOME),
            None,
        )  # fmt: skip

    def apply(self, move: Move) -> list[int]:
        """Play a generated move; returns the pids hit (sent to their nests, KZ-4)."""
        hits: list[int] = []
        kind = move[0]
        if kind == SWAP:
            pos, board = self.pos, self.board
            a, b = move[1], move[2]
            pa, pb = pos[a], pos[b]
            pos[a], pos[b] = pb, pa
            board[pa], board[pb] = b, a
        else:
            self.place(move[1], move[2], hits)
            if kind == SPLIT:
                self.place(move[5], move[6], hits)
        return hits

    def place(self, pid: int, dest: int, hits: list[int]) -> None:
        """Move ``pid`` to ``dest``; a pawn on a landing track square goes to its nest (KZ-4)."""
        pos, board, home, length = self.pos, self.board, self.home, self.g.length
        p = pos[pid]
        if 0 <= p < length:
            board[p] = -1
        elif p >= length:
            home[pid >> 2] &= ~(1 << (p - length))
        if dest < length:
            other = board[dest]
            if other >= 0:
                pos[other] = NEST
                hits.append(other)
            board[dest] = pid
        else:
            home[pid >> 2] |= 1 << (dest - length)
        pos[pid] = dest


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


def _sevens(position: Position, seat: int) -> list[Move]:
    """A 7 (KZ-2): split over two pawns when two or more on the track can move, else all
    seven with one (also when the others are in the nest or the home).

    Every split is listed once: ``(a, b)`` with ``a`` < ``b`` first, then the reverse order
    only where it is the only legal order or ends elsewhere (both parts on one square).
    """
    movers = movable(position, seat)
    if len(movers) < 2:
        return [
            (FORWARD, pid, dest, SEVEN, flag)
            for pid in movers
            for dest, flag in forward_options(position, pid, SEVEN)
        ]
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
        return _sevens(position, seat)
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


# --- the judge -------------------------------------------------------------------------


class Refusal(Exception):  # noqa: N818 - a refusal is the normal outcome of judging, not an error
    """A move breaks ``rule``; ``part`` is the index of the 7's part where it happens."""

    def __init__(self, rule: str, message: str, part: int | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.part = part


@dataclass(frozen=True, slots=True)
class Step:
    """One pawn's count: a plain move or a part of a 7 (``into_home`` chooses the home)."""

    pawn: int
    steps: int
    into_home: bool = False


@dataclass(frozen=True, slots=True)
class MoveRequest:
    """A move as written in a case (CASES.md ``move``): ``kind`` is ``enter``, ``steps``,
    ``swap``, ``split`` or ``fold``; ``for_seat`` names whose pawns move (KZ-8)."""

    kind: str
    step: Step | None = None
    pawn: int | None = None
    target: tuple[int, int] | None = None
    parts: tuple[Step, ...] = ()
    for_seat: int | None = None


Names = Callable[[int], "str | Text"]


class _Judge:
    """Judges one card of ``seat`` moving ``mover``'s pawns; every check raises a Refusal
    naming the rule, and ``what`` ("seat 0 playing 7H") ends each message."""

    def __init__(self, position: Position, seat: int, mover: int, card: Card, names: Names) -> None:
        self.position = position
        self.g = position.g
        self.seat = seat
        self.mover = mover
        self.names = names
        self.what = Text(_("(%(player)s playing %(card)s)"), player=names(seat), card=card)

    def refuse(self, rule: str, message: str, part: int | None = None) -> Refusal:
        return Refusal(rule, Text(_("%(detail)s %(what)s"), detail=message, what=self.what), part)

    def pawn(self, pid: int) -> Text:
        return Text(_("%(player)s's pawn %(pawn)s"), player=self.names(pid >> 2), pawn=pid & 3)

    def blocker(self, seat: int) -> Text:
        return Text(
            _("the blockade of %(player)s's pawn on its start square %(square)s"),
            player=self.names(seat),
            square=self.g.start[seat],
        )

    def blocked(self, seat: int) -> bool:
        """KZ-3: a pawn of ``seat`` stands on its own start square."""
        return seat >= 0 and self.position.board[self.g.start[seat]] >> 2 == seat

    def in_nest(self, pid: int) -> Refusal:
        return self.refuse(
            "KZ-2",
            Text(
                _("%(pawn)s is in the nest: only an A or a K puts it on the track"),
                pawn=self.pawn(pid),
            ),
        )

    def forward(self, pid: int, n: int, into_home: bool) -> int:
        """The destination of ``pid`` going ``n`` forward (KZ-2, KZ-3, KZ-5)."""
        g, p = self.g, self.position.pos[pid]
        seat, pawn = pid >> 2, self.pawn(pid)
        if p < 0:
            raise self.in_nest(pid)
        if p >= g.length:
            raise self.in_home(pid)
        d = g.dist[seat][p]
        if not into_home:
            t = g.cross[p][n]
            if self.blocked(t):
                template = (
                    _("%(pawn)s on square %(p)s cannot land on %(blocker)s")
                    if g.ahead[p][n] == g.start[t]
                    else _("%(pawn)s on square %(p)s cannot pass %(blocker)s")
                )
                raise self.refuse("KZ-3", Text(template, pawn=pawn, p=p, blocker=self.blocker(t)))
            return g.ahead[p][n]
        if n <= d:
            raise self.refuse(
                "KZ-5",
                Text(
                    _(
                        "%(pawn)s on square %(p)s cannot enter its home with %(n)s: "
                        "its entrance, square %(entrance)s, is %(d)s steps ahead and "
                        "the home lies beyond it"
                    ),
                    pawn=pawn,
                    p=p,
                    n=n,
                    entrance=g.entrance[seat],
                    d=d,
                ),
            )
        slot = n - d - 1
        if slot > 3:
            raise self.refuse(
                "KZ-5",
                Text(
                    _(
                        "%(pawn)s on square %(p)s cannot enter its home with %(n)s: "
                        "that goes %(number)s past home:3, and the count must be "
                        "exact"
                    ),
                    pawn=pawn,
                    p=p,
                    n=n,
                    number=slot - 3,
                ),
            )
        self.home_path(pid, 0, slot)
        return g.length + slot

    def in_home(self, pid: int) -> Refusal:
        place = place_words(self.position.pos[pid], self.g.length)
        return self.refuse(
            "KZ-5",
            Text(
                _("%(pawn)s is in its home (%(place)s): a pawn in the home never moves again"),
                pawn=self.pawn(pid),
                place=place,
            ),
        )

    def home_path(self, pid: int, first: int, last: int) -> None:
        """KZ-5: no pawn on the home squares ``first`` … ``last`` (jumped over or landed on)."""
        mask = self.position.home[pid >> 2]
        for slot in range(first, last + 1):
            if mask >> slot & 1:
                template = (
                    _("%(pawn)s cannot jump over the pawn on %(place)s")
                    if slot < last
                    else _("%(pawn)s cannot land on the pawn on %(place)s")
                )
                place = place_words(self.g.length + slot, self.g.length)  # home square `slot`
                raise self.refuse("KZ-5", Text(template, pawn=self.pawn(pid), place=place))

    def backward(self, pid: int) -> int:
        """The destination of ``pid`` going 4 backward (KZ-2, KZ-3, KZ-5)."""
        g, p = self.g, self.position.pos[pid]
        if p < 0:
            raise self.in_nest(pid)
        if p >= g.length:
            raise self.in_home(pid)
        t = g.cross_back[p]
        if self.blocked(t):
            template = (
                _("%(pawn)s on square %(p)s cannot go back and land on %(blocker)s")
                if g.behind[p] == g.start[t]
                else _("%(pawn)s on square %(p)s cannot go back and pass %(blocker)s")
            )
            raise self.refuse(
                "KZ-3", Text(template, pawn=self.pawn(pid), p=p, blocker=self.blocker(t))
            )
        return g.behind[p]

    def enter(self, pawn: int | None) -> Move:
        """A or K: a pawn from the nest to the start square (KZ-2), not onto an own pawn (KZ-3)."""
        g, pos, mover = self.g, self.position.pos, self.mover
        nest = [pid for pid in range(mover * PAWNS, mover * PAWNS + PAWNS) if pos[pid] < 0]
        if not nest:
            raise self.refuse(
                "KZ-2",
                Text(
                    _("%(names)s has no pawn in the nest to put on the start square"),
                    names=self.names(mover),
                ),
            )
        pid = nest[0] if pawn is None else mover * PAWNS + pawn
        if pos[pid] >= 0:
            raise self.refuse(
                "KZ-2",
                Text(
                    _("%(pawn)s is on %(place_words)s, not in the nest"),
                    pawn=self.pawn(pid),
                    place_words=place_words(pos[pid], g.length),
                ),
            )
        if self.blocked(mover):
            raise self.refuse(
                "KZ-3",
                Text(
                    _("%(names)s cannot put a pawn on the start square: %(blocker)s"),
                    names=self.names(mover),
                    blocker=self.blocker(mover),
                ),
            )
        return (ENTER, pid, g.start[mover])

    def swap(self, pawn: int, target: tuple[int, int]) -> Move:
        """A J (KZ-2): own track pawn with another player's track pawn, no blockade (KZ-3)."""
        g, pos, mover = self.g, self.position.pos, self.mover
        pid = mover * PAWNS + pawn
        other_seat, other = target[0], target[0] * PAWNS + target[1]
        p, q = pos[pid], pos[other]
        if not 0 <= p < g.length:
            raise self.refuse(
                "KZ-2",
                Text(
                    _("a J swaps a pawn on the track; %(pawn)s is in %(place_words)s"),
                    pawn=self.pawn(pid),
                    place_words=place_words(p, g.length),
                ),
            )
        if other_seat == mover:
            raise self.refuse(
                "KZ-2",
                Text(
                    _("a J swaps %(names)s's pawn with another player's pawn, not its own"),
                    names=self.names(mover),
                ),
            )
        if not 0 <= q < g.length:
            raise self.refuse(
                "KZ-2",
                Text(
                    _("a J swaps with a pawn on the track; %(pawn)s is in %(place_words)s"),
                    pawn=self.pawn(other),
                    place_words=place_words(q, g.length),
                ),
            )
        if q == g.start[other_seat]:
            raise self.refuse(
                "KZ-3",
                Text(
                    _("%(pawn)s on its start square %(q)s cannot be swapped"),
                    pawn=self.pawn(other),
                    q=q,
                ),
            )
        if mover != self.seat and p == g.start[mover]:
            raise self.refuse(
                "KZ-3",
                Text(
                    _("%(pawn)s on its start square %(p)s cannot be swapped by another player's J"),
                    pawn=self.pawn(pid),
                    p=p,
                ),
            )
        return (SWAP, pid, other)

    def split(self, parts: tuple[Step, ...]) -> list[int]:
        """A 7 over two pawns (KZ-2), each part judged on the board the previous one left."""
        position, mover = self.position, self.mover
        if len(parts) != 2:
            raise self.refuse(
                "KZ-2",
                Text(_("a 7 is split over exactly two pawns, not %(count)s"), count=len(parts)),
            )
        for i, part in enumerate(parts):
            if part.steps < 1:
                raise self.refuse(
                    "KZ-2",
                    Text(
                        _("each part of a 7 is at least 1 step forward, not %(steps)s"),
                        steps=part.steps,
                    ),
                    i,
                )
        if parts[0].pawn == parts[1].pawn:
            raise self.refuse(
                "KZ-2",
                Text(
                    _("a 7 is split over two different pawns, not twice pawn %(pawn)s"),
                    pawn=parts[0].pawn,
                ),
                1,
            )
        total = parts[0].steps + parts[1].steps
        if total != SEVEN:
            raise self.refuse(
                "KZ-2", Text(_("the parts of a 7 add up to 7, not %(total)s"), total=total), 1
            )
        if len(movable(position, mover)) < 2:
            raise self.refuse(
                "KZ-2",
                Text(
                    _(
                        "%(names)s has fewer than two pawns on the track that can "
                        "move, so the 7 goes whole with one pawn"
                    ),
                    names=self.names(mover),
                ),
            )
        hits: list[int] = []
        for i, part in enumerate(parts):
            pid = mover * PAWNS + part.pawn
            if pid in hits:
                raise self.refuse(
                    "KZ-4",
                    Text(
                        _("%(pawn)s was hit by the first part of the 7 and is back in its nest"),
                        pawn=self.pawn(pid),
                    ),
                    i,
                )
            try:
                dest = self.forward(pid, part.steps, part.into_home)
            except Refusal as refusal:
                refusal.part = i
                raise
            position.place(pid, dest, hits)
        return hits

    def steps(self, rank: int, step: Step) -> Move:
        """A plain count: 4 backward, or forward by the card's number (KZ-2)."""
        pid = self.mover * PAWNS + step.pawn
        if rank == FOUR:
            if step.steps not in (4, -4):
                raise self.refuse(
                    "KZ-2", Text(_("a 4 moves a pawn 4 backward, not %(steps)s"), steps=step.steps)
                )
            if step.into_home:
                raise self.refuse(
                    "KZ-5", Text(_("a pawn enters its home moving forward only, not with a 4"))
                )
            return (BACK, pid, self.backward(pid))
        if rank in (JACK, KING):
            does = (
                Text(_("swaps two pawns"))
                if rank == JACK
                else Text(_("only puts a pawn on the start square"))
            )
            raise self.refuse(
                "KZ-2", Text(_("this card does not move a pawn forward: it %(does)s"), does=does)
            )
        n = SEVEN if rank == SEVEN else STEPS[rank]
        if step.steps != n:
            raise self.refuse(
                "KZ-2",
                Text(
                    _("the card moves a pawn %(n)s forward, not %(steps)s"), n=n, steps=step.steps
                ),
            )
        if rank == SEVEN and len(movable(self.position, self.mover)) >= 2:
            raise self.refuse(
                "KZ-2",
                Text(
                    _(
                        "%(names)s has two or more pawns on the track that can move, "
                        "so the 7 must be split over two"
                    ),
                    names=self.names(self.mover),
                ),
            )
        return (FORWARD, pid, self.forward(pid, n, step.into_home), n, step.into_home)


def _mover(position: Position, seat: int, for_seat: int | None, names: Names) -> int:
    """KZ-8: own pawns until all four are home, then the partner's. A move of a player with
    all four home that does not name ``for_seat`` is the partner's (the only pawns it can
    move)."""
    partner = position.g.partner[seat]
    finished = position.home[seat] == FULL_HOME
    target = (partner if finished else seat) if for_seat is None else for_seat
    if finished:
        if target != partner:
            raise Refusal(
                "KZ-8",
                Text(
                    _(
                        "%(names)s has all four pawns home and plays for partner "
                        "%(names2)s (for_seat %(partner)s), not for %(names3)s"
                    ),
                    names=names(seat),
                    names2=names(partner),
                    partner=partner,
                    names3=names(target),
                ),
            )
    elif target != seat:
        if target == partner:
            raise Refusal("KZ-8", Text(_("%(names)s may not move the partner's pawns: a player "
                                         "plays for the partner only once all four own pawns are "
                                         "home"), names=names(seat)))  # fmt: skip
        raise Refusal("KZ-8", Text(_("%(names)s may not move %(whose)s's pawns: a player plays "
                                     "for the partner only once all four own pawns are home"),
                                   names=names(seat), whose=names(target)))  # fmt: skip
    return target


#: The cards each kind of move needs (KZ-2).
_KIND_CARDS = {"enter": (ACE, KING), "swap": (JACK,), "split": (SEVEN,)}
_KIND_WORDS = {
    "enter": _("only an A or a K puts a pawn on the start square"),
    "swap": _("only a J swaps pawns"),
    "split": _("only a 7 is split over two pawns"),
}


def judge_move(
    position: Position, seat: int, card: Card, request: MoveRequest, names: Names
) -> list[int]:
    """Judge and play ``request`` by ``seat`` with ``card`` on ``position`` (changed in place
    when legal, also when a 7's second part is refused: judge a copy); returns the pids hit.
    A breach raises :class:`Refusal` citing the rule. ``fold`` is judged by the caller
    against the hand (KZ-6)."""
    judge = _Judge(position, seat, _mover(position, seat, request.for_seat, names), card, names)
    kind = request.kind
    if kind in _KIND_CARDS and card.rank not in _KIND_CARDS[kind]:
        raise judge.refuse(
            "KZ-2",
            Text(_("%(needs)s, not %(card)s"), needs=Text(_KIND_WORDS[kind]), card=card),
        )
    if kind == "enter":
        return position.apply(judge.enter(request.pawn))
    if kind == "swap":
        assert request.pawn is not None and request.target is not None
        return position.apply(judge.swap(request.pawn, request.target))
    if kind == "split":
        return judge.split(request.parts)
    assert request.step is not None
    return position.apply(judge.steps(card.rank, request.step))
