"""The Keezen board (KZ-1): track, start squares, nests, homes, partners, and fast tables.

Internally a pawn is a number ``pid = seat * 4 + i`` (``i`` 0-3) and its place a number:
``NEST`` (-1) in the nest, ``0 … L-1`` a track square (``L = 16 · players``, numbered
clockwise), ``L + k`` the home square ``home:k`` of the pawn's own seat (``k`` 0-3, 0
nearest the entrance). Seat ``s`` starts on square ``16·s`` and enters its home from square
``16·s - 1`` (mod ``L``). Partners sit opposite: seat ``s`` and ``s + players/2``.

:class:`Geometry` precomputes everything a move needs per square, so the rules and the
simulator never do modular arithmetic in their inner loops.
"""

from __future__ import annotations

from functools import cache

from games.base import CaseError, Text, _

NEST = -1
PAWNS = 4
HOME_SQUARES = 4
SQUARES_PER_SEAT = 16
PLAYER_COUNTS = (4, 6)
#: The longest single move (a queen).
MAX_STEPS = 12
#: ``UPTO[j]``: the home bits of ``home:0`` … ``home:j`` (entering the home to ``home:j``).
UPTO = tuple((1 << (j + 1)) - 1 for j in range(HOME_SQUARES))
FULL_HOME = (1 << HOME_SQUARES) - 1


class Geometry:
    """Board tables for ``players`` seats (KZ-1); build one with :func:`geometry`.

    - ``start[s]``: the start square of seat ``s``; ``entrance[s]``: its home entrance.
    - ``dist[s][p]``: steps forward from square ``p`` to seat ``s``'s entrance (0 on it).
    - ``ahead[p][n]``: the square ``n`` steps forward of ``p``; ``behind[p]``: 4 back.
    - ``cross[p][n]``: the seat whose start square lies in ``p+1 … p+n`` (at most one,
      since ``n`` ≤ 12 < 16), else -1; ``cross_back[p]`` the same for ``p-1 … p-4``.
    - ``partner[s]``, ``team_of[s]`` (0 … players/2 - 1) and ``team_names``.
    """

    __slots__ = (
        "ahead",
        "behind",
        "cross",
        "cross_back",
        "dist",
        "entrance",
        "length",
        "partner",
        "players",
        "start",
        "team_names",
        "team_of",
        "team_seats",
    )

    def __init__(self, players: int) -> None:
        length = SQUARES_PER_SEAT * players
        half = players // 2
        self.players = players
        self.length = length
        self.start = tuple(SQUARES_PER_SEAT * s for s in range(players))
        self.entrance = tuple((SQUARES_PER_SEAT * s - 1) % length for s in range(players))
        self.dist = tuple(
            tuple((self.entrance[s] - p) % length for p in range(length)) for s in range(players)
        )
        self.ahead = tuple(
            tuple((p + n) % length for n in range(MAX_STEPS + 1)) for p in range(length)
        )
        self.behind = tuple((p - 4) % length for p in range(length))
        seat_at = {square: s for s, square in enumerate(self.start)}
        self.cross = tuple(
            tuple(
                next((seat_at[q] for q in self.ahead[p][1 : n + 1] if q in seat_at), -1)
                for n in range(MAX_STEPS + 1)
            )
            for p in range(length)
        )
        self.cross_back = tuple(
            next(
                (seat_at[(p - i) % length] for i in range(1, 5) if (p - i) % length in seat_at), -1
            )
            for p in range(length)
        )
        self.partner = tuple((s + half) % players for s in range(players))
        self.team_of = tuple(s % half for s in range(players))
        self.team_seats = tuple((t, t + half) for t in range(half))
        self.team_names = tuple(f"{a}+{b}" for a, b in self.team_seats)


@cache
def geometry(players: int) -> Geometry:
    """The (shared, immutable) tables for a board of ``players`` seats."""
    return Geometry(players)


def place_text(place: int, length: int) -> str | int:
    """A place in the case notation: ``"nest"``, a square number, or ``"home:K"``."""
    if place < 0:
        return "nest"
    if place < length:
        return place
    return f"home:{place - length}"


def place_words(place: int, length: int) -> Text:
    """A place in a sentence: "the nest", "square 20", "home 1" (nl "hok 1")."""
    if place < 0:
        return Text(_("the nest"))
    if place < length:
        return Text(_("square %(square)s"), square=place)
    return Text(_("home %(square)s"), square=place - length)


def parse_place(value: object, length: int, where: str) -> int:
    """Read one pawn's place of a case (KZ-1); CaseError naming ``where`` when it is not one."""
    if isinstance(value, bool):
        raise CaseError(
            where, _("must be 'nest', a square or 'home:K', not %(value)s"), value=f"{value!r}"
        )
    if isinstance(value, int):
        if not 0 <= value < length:
            raise CaseError(
                where,
                _("square %(value)s is not on the track (0 … %(number)s)"),
                value=value,
                number=length - 1,
            )
        return value
    if isinstance(value, str) and len(value) <= 20:
        text = value.strip().lower().replace(" ", "")
        if text == "nest":
            return NEST
        if text.startswith("home:") and text[5:].isdigit() and len(text) == 6:
            slot = int(text[5:])
            if slot < HOME_SQUARES:
                return length + slot
            raise CaseError(
                where, _("%(value)s: a home has squares home:0 … home:3"), value=f"{value!r}"
            )
        if text.isdigit() and len(text) <= 3:
            return parse_place(int(text), length, where)
    shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
    raise CaseError(where, _("must be 'nest', a square or 'home:K', not %(shown)s"), shown=shown)
