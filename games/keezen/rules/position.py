"""The Keezen deck (KZ-7), the kinds of move as compact tuples and the :class:`Position`: where
every pawn is, on plain lists the generator and the judge both read and change."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import Card
from games.cards import ACE, QUEEN, french_deck
from games.keezen.board import (
    FULL_HOME,
    NEST,
    PAWNS,
    Geometry,
    geometry,
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
