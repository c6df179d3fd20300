"""What the standings are made of: the schemes, the table results (:class:`Side`, :class:`Game`,
:class:`Bye`), the lines, and the rules every ordering shares (positions, tie notes).
Pure Python (see :mod:`scoring.standings`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from games.results import DEFAULT_TIEBREAKS, check_tiebreaks

#: The match-point schemes a tournament can choose (see :class:`Scheme`).
SCHEMES = ("rank", "wdl", "game")


#: How a line's tie was settled (``Line.tie``, ``SeasonLine.tie``; None: no tie on match
#: points, or on the season's total). ``margin``: equal match points (total), the margin
#: decided. ``head_to_head``: equal match points and margin, head-to-head decided (TP-3).
#: ``wins``: the tables won decided; ``best``: the best single game decided (a game's own
#: order, :attr:`Scheme.tiebreaks`).
#: ``won``: a season's equal total and margin, the evenings won decided (TP-4).
#: ``shared``: still equal after every tie-break that applies, the position is shared.
TIE_MARGIN, TIE_HEAD_TO_HEAD, TIE_WON, TIE_SHARED = "margin", "head_to_head", "won", "shared"
TIE_WINS, TIE_BEST = "wins", "best"


TIES = (TIE_MARGIN, TIE_HEAD_TO_HEAD, TIE_WINS, TIE_BEST, TIE_WON, TIE_SHARED)

# The evening tie-breaks a scheme may list (Scheme.tiebreaks, games.results.TIEBREAKS, the
# names a game declares) are named as the TIES notes they leave.

#: How a season ranks its counted evenings (``count_by`` of :func:`season`): their sum, or
#: their average (the sum over the number counted).
COUNT_TOTAL, COUNT_AVERAGE = "total", "average"
COUNTS = (COUNT_TOTAL, COUNT_AVERAGE)


#: A margin summed exactly: whole numbers stay ``int``, a bye's share may make a Fraction.
Margin = int | Fraction


@dataclass(frozen=True, slots=True)
class Scheme:
    """How one table's result becomes match points.

    ``rank`` (the default of RULES.md): a table of n sides gives n-1, n-2, ..., 0 by rank, a
    shared rank sharing the points of the places it spans. ``wdl``: two-sided tables only,
    worth ``win``/``draw``/``loss``. ``game``: each side's own ``game_points`` (Keezen: 2 per
    pawn home plus 10 for the winners); a bye is then worth ``bye_game_points``, which the
    site takes from the game.

    ``tiebreaks``: how the evening standings order lines with equal match points, in turn
    (the game's ``ResultSpec.tiebreaks``): ``margin``, ``head_to_head`` (TP-3, for a group
    equal on everything before it), ``wins`` (tables won, TP-2), ``best`` (the best single
    game: the highest match points at one table). The default is TP-3's.
    """

    kind: str = "rank"
    win: float = 2
    draw: float = 1
    loss: float = 0
    bye_game_points: float = 0
    tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS

    def __post_init__(self) -> None:
        if self.kind not in SCHEMES:
            raise ValueError(f"unknown scheme {self.kind!r} (known: {', '.join(SCHEMES)})")
        check_tiebreaks(self.tiebreaks)


class Side(NamedTuple):
    """One player or team at a table: its rank there and what its game says of it.

    Side, :class:`Game` and :class:`Bye` are named tuples: a season is tens of thousands
    of them, and a tuple is made in half the time of a frozen dataclass."""

    members: tuple[Hashable, ...]  # competitor ids: one player, or the players of a team
    rank: int  # 1 = best at this table; equal ranks are shared (1, 1, 3)
    margin: int  # the game's tie-break figure, oriented so that higher is better
    game_points: float = 0  # the side's match points under scheme "game"
    # The game's own verdict (TP-2): True when its rules name this side the sole winner.
    # None when not told: then the sole first place of a finished game has won.
    won: bool | None = None


class Game(NamedTuple):
    """One table's result in one round."""

    evening: Hashable  # the tournament (an evening of a season) it belongs to
    round: int
    table: int
    sides: tuple[Side, ...]
    finished: bool = True  # ended by its own rules; False: stopped by the clock (no winner)


class Bye(NamedTuple):
    """A competitor left without a table in a round because the numbers did not divide."""

    evening: Hashable
    round: int
    competitor: Hashable
    sides: int  # the number of sides at a normal table that round


@dataclass(frozen=True, slots=True)
class Line:
    """One competitor's line in evening or tournament standings."""

    competitor: Hashable
    position: int  # 1-based; shared when tied after every tie-break (1, 2, 2, 4)
    match_points: float
    margin: int | float  # the games' margin, each bye counting the average (TP-1)
    played: int  # games at a table (byes not included)
    byes: int
    wins: int  # tables won (TP-2): finished by the game's rules, the sole winner
    average_rank: float | None  # mean rank at the table; None before the first game
    head_to_head: int | None  # the TP-3 score; None when no qualifying tied group
    tie: str | None = None  # how a tie on match points was settled (:data:`TIES`)
    # the best single game: the highest match points at one table (byes not included);
    # None before the first game
    best: float | None = None


class Cell(NamedTuple):
    """One evening of a competitor's season."""

    evening: Hashable
    match_points: float | None  # None when the competitor was not there
    counted: bool  # among the best N evenings
    struck: bool  # attended but not among the best N


class Night(NamedTuple):
    """A competitor's evening in a season: what its games and byes are worth together,
    summed once with :func:`math.fsum`, its margin (TP-1, exact) and whether it won the
    evening (first place in the evening's standings, TP-4)."""

    match_points: float
    margin: Margin
    won: bool = False


@dataclass(frozen=True, slots=True)
class SeasonLine:
    """One competitor's line in a season competition."""

    competitor: Hashable
    position: int
    total: float  # match points of the counted evenings
    margin: int | float  # margin of the counted evenings
    attended: int  # evenings with a game or a bye
    qualified: bool  # attended at least the competition's minimum
    evenings: tuple[Cell, ...]  # in the order the season lists its evenings
    won: int = 0  # evenings won: first place in the evening's standings
    tie: str | None = None  # how a tie on the total was settled (:data:`TIES`)
    # the season counted by average: the counted evenings' total and margin over
    # their number, what the order goes by; None when counted by total, or none attended
    average: float | None = None
    average_margin: int | float | None = None


def match_points(sides: Sequence[Side], scheme: Scheme) -> tuple[float, ...]:
    """Each side's match points at one table, in ``sides`` order.

    ValueError when the ranks are not a ranking of the sides (1..n, a shared rank skipping
    the places it spans: 1, 1, 3), or for scheme ``wdl`` at a table of more than two sides.
    """
    ranks = tuple(side.rank for side in sides)
    if scheme.kind == "game":
        _check_ranking(ranks)
        return tuple(side.game_points for side in sides)
    return _by_rank(ranks, scheme)


@lru_cache(maxsize=1024)
def _by_rank(ranks: tuple[int, ...], scheme: Scheme) -> tuple[float, ...]:
    """:func:`match_points` for the schemes that go by the ranks alone. Remembered: a
    season has thousands of tables but only a few dozen different rankings."""
    _check_ranking(ranks)
    if scheme.kind == "wdl":
        if len(ranks) != 2:
            raise ValueError(f"win/draw/loss needs two sides at a table, not {len(ranks)}")
        if ranks[0] == ranks[1]:
            return (scheme.draw, scheme.draw)
        return (scheme.win, scheme.loss) if ranks[0] < ranks[1] else (scheme.loss, scheme.win)
    sharing = Counter(ranks)
    # Rank r shared by k sides spans the places worth n-r, ..., n-r-k+1: their average.
    return tuple(len(ranks) - rank - (sharing[rank] - 1) / 2 for rank in ranks)


def bye_points(sides: int, scheme: Scheme) -> float:
    """What a bye is worth when the normal tables that round seat ``sides`` sides (TP-1).

    ``rank``: the average place of such a table, (n-1)/2, so a bye neither wins nor loses;
    ``wdl``: a draw; ``game``: the scheme's ``bye_game_points``.
    """
    if sides < 2:
        raise ValueError(f"a table has at least two sides, not {sides}")
    if scheme.kind == "rank":
        return (sides - 1) / 2
    if scheme.kind == "wdl":
        if sides != 2:
            raise ValueError(f"win/draw/loss needs two sides at a table, not {sides}")
        return scheme.draw
    return scheme.bye_game_points


def plain_margin(margin: Margin) -> int | float:
    """A margin for display: whole numbers as int."""
    if isinstance(margin, Fraction):
        return margin.numerator if margin.denominator == 1 else float(margin)
    return margin


@lru_cache(maxsize=1024)
def _check_ranking(ranks: tuple[int, ...]) -> None:
    """ValueError unless ``ranks`` rank at least two sides as 1..n, a shared rank skipping
    the places it spans (1, 1, 3 and never 1, 1, 2). Remembered, as :func:`_by_rank`."""
    if len(ranks) < 2:
        raise ValueError(f"a table has at least two sides, not {len(ranks)}")
    ordered = sorted(ranks)
    for place, rank in enumerate(ordered, start=1):
        if rank != place and (place == 1 or rank != ordered[place - 2]):
            raise ValueError(
                f"ranks {list(ranks)} are not a ranking of {len(ranks)} sides "
                "(1 to n, a shared rank skipping the places it spans: 1, 1, 3)"
            )


def ranked_positions(
    keys: dict[Hashable, tuple], names: Mapping[Hashable, str] | None = None
) -> list[tuple[int, Hashable]]:
    """(position, competitor) ordered by sort key, equal keys sharing a position and the
    next position skipping (1, 2, 2, 4). Ties are listed by name (case-folded; ``names``
    may leave competitors out), then by competitor id, by its repr when the ids cannot be
    compared (ids of mixed types)."""
    return ranked_positions_folded(keys, folded_names(names))


def folded_names(names: Mapping[Hashable, str] | None) -> dict[Hashable, str]:
    """``names`` case-folded, as :func:`ranked_positions` lists ties by them."""
    return {competitor: name.casefold() for competitor, name in (names or {}).items()}


def ranked_positions_folded(
    keys: dict[Hashable, tuple], folded: Mapping[Hashable, str]
) -> list[tuple[int, Hashable]]:
    """:func:`ranked_positions` with the names case-folded already (:func:`folded_names`), for
    ordering the same competitors many times."""
    name = folded.get
    try:
        ordered = sorted(keys, key=lambda c: (keys[c], name(c, ""), c))
    except TypeError:
        ordered = sorted(keys, key=lambda c: (keys[c], name(c, ""), repr(c)))
    result: list[tuple[int, Hashable]] = []
    for place, competitor in enumerate(ordered, start=1):
        shared = result and keys[competitor] == keys[result[-1][1]]
        result.append((result[-1][0] if shared else place, competitor))
    return result


def tie_settlements(
    keys: dict[Hashable, tuple], order: list[tuple[int, Hashable]], breaks: tuple[str, ...]
) -> dict[Hashable, str | None]:
    """competitor -> how its tie was settled. The last ``len(breaks)`` parts of each key
    are the tie-breaks, named by ``breaks``; the parts before them the score that ties.
    A shared position is TIE_SHARED; otherwise the deepest tie-break that was needed to
    part the line from a neighbour with the same score (in sorted order the neighbours
    share the longest start of the key with it); None when no other line has its score."""
    first = len(next(iter(keys.values()))) - len(breaks) if keys else 0
    ordered = [competitor for _position, competitor in order]
    position = {competitor: number for number, competitor in order}

    def common(one: Hashable, other: Hashable) -> int:
        a, b = keys[one], keys[other]
        return next((i for i in range(len(a)) if a[i] != b[i]), len(a))

    ties: dict[Hashable, str | None] = {}
    for i, competitor in enumerate(ordered):
        neighbours = [ordered[j] for j in (i - 1, i + 1) if 0 <= j < len(ordered)]
        if any(position[other] == position[competitor] for other in neighbours):
            ties[competitor] = TIE_SHARED
            continue
        depth = max((common(competitor, other) for other in neighbours), default=0)
        ties[competitor] = breaks[depth - first] if depth >= first else None
    return ties
