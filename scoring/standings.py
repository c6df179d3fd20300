"""Standings: match points from table results, tie-breaks, evening and season tables.

RULES.md "Tournament points": each table ends in a ranking of its players or teams (the
*sides*) and each one's game score; the tournament's :class:`Scheme` turns that into match
points. Standings order by match points, then by the game's own margin, then head-to-head;
a season competition may count only each player's best N evenings.

Pure Python on plain named tuples and dataclasses (no Django, tests/test_architecture.py):
the scoring app turns confirmed results into :class:`Game` and :class:`Bye` values and
calls :func:`standings` or :func:`season` (or its two halves, :func:`nights` per evening
and :func:`season_of_nights`, to keep the evenings' counts), so the pages, the exports and
the Swiss draw share one implementation that tests can drive without a database.

Sums of match points go through :func:`math.fsum`, which rounds once: totals, and so the
order, never depend on the order in which the games are given, whatever a scheme is worth.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import NamedTuple

#: The match-point schemes a tournament can choose (see :class:`Scheme`).
SCHEMES = ("rank", "wdl", "game")


@dataclass(frozen=True, slots=True)
class Scheme:
    """How one table's result becomes match points.

    ``rank`` (the default of RULES.md): a table of n sides gives n-1, n-2, ..., 0 by rank, a
    shared rank sharing the points of the places it spans. ``wdl``: two-sided tables only,
    worth ``win``/``draw``/``loss``. ``game``: each side's own ``game_points`` (Keezen: 2 per
    pawn home plus 10 for the winners); a bye is then worth ``bye_game_points``, which the
    site takes from the game.
    """

    kind: str = "rank"
    win: float = 2
    draw: float = 1
    loss: float = 0
    bye_game_points: float = 0

    def __post_init__(self) -> None:
        if self.kind not in SCHEMES:
            raise ValueError(f"unknown scheme {self.kind!r} (known: {', '.join(SCHEMES)})")


class Side(NamedTuple):
    """One player or team at a table: its rank there and what its game says of it.

    Side, :class:`Game` and :class:`Bye` are named tuples: a season is tens of thousands
    of them, and a tuple is made in half the time of a frozen dataclass."""

    members: tuple[Hashable, ...]  # competitor ids: one player, or the players of a team
    rank: int  # 1 = best at this table; equal ranks are shared (1, 1, 3)
    margin: int  # the game's tie-break figure, oriented so that higher is better
    game_points: float = 0  # the side's match points under scheme "game"


class Game(NamedTuple):
    """One table's result in one round."""

    evening: Hashable  # the tournament (an evening of a season) it belongs to
    round: int
    table: int
    sides: tuple[Side, ...]


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
    margin: int  # sum of the game's margin over the games played
    played: int  # games at a table (byes not included)
    byes: int
    wins: int  # games finished alone in first place
    average_rank: float | None  # mean rank at the table; None before the first game
    head_to_head: float | None  # the tie-break's mini-standings points; None when not needed


class Cell(NamedTuple):
    """One evening of a competitor's season."""

    evening: Hashable
    match_points: float | None  # None when the competitor was not there
    counted: bool  # among the best N evenings
    struck: bool  # attended but not among the best N


class Night(NamedTuple):
    """A competitor's evening in a season: what its games and byes are worth together,
    summed once with :func:`math.fsum`, and the game's margin over its games."""

    match_points: float
    margin: int


@dataclass(frozen=True, slots=True)
class SeasonLine:
    """One competitor's line in a season competition."""

    competitor: Hashable
    position: int
    total: float  # match points of the counted evenings
    margin: int  # margin of the counted evenings
    attended: int  # evenings with a game or a bye
    qualified: bool  # attended at least the competition's minimum
    evenings: tuple[Cell, ...]  # in the order the season lists its evenings


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
    """What a bye is worth when the normal tables that round seat ``sides`` sides.

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


def standings(
    games: Iterable[Game],
    scheme: Scheme,
    *,
    byes: Iterable[Bye] = (),
    competitors: Iterable[Hashable] = (),
) -> list[Line]:
    """Evening or tournament standings over ``games`` and ``byes``, best first.

    Every member of a side gets the side's match points and margin; a bye adds its
    :func:`bye_points` and no margin. ``competitors`` adds those who have neither a game
    nor a bye yet: 0 points, listed last, sharing the last position.

    Order: match points, then margin (both summed), then head-to-head: within each group
    still tied on both, every game where sides holding two or more of the group met is
    scored again by ``scheme`` as if only those sides had sat there (their ranks re-ranked
    among themselves: ranks 1, 3, 4 of the group's sides at a table of four become 1, 2, 3;
    a team side counts for the group members in it, teammates never meet each other), and
    the group is ordered by the sum of those points. This is applied once, to the whole
    group: competitors still equal share the position (1, 2, 2, 4). Lines sharing a
    position are listed by competitor id, so the result never depends on input order.

    ValueError for a game that is not a proper ranking (see :func:`match_points`), a side
    without members, or a competitor seated twice in one round (games and byes together).
    """
    tallies: dict[Hashable, _Tally] = {competitor: _Tally() for competitor in competitors}
    for competitor, source, side, points in _scores(games, byes, scheme):
        tally = tallies.get(competitor)
        if tally is None:
            tally = tallies[competitor] = _Tally()
        tally.points.append(points)
        if side is None:
            tally.byes += 1
        else:
            tally.add_game(source, side)
    totals = {competitor: math.fsum(tally.points) for competitor, tally in tallies.items()}
    tied: defaultdict[tuple[float, int], list[Hashable]] = defaultdict(list)
    for competitor, tally in tallies.items():
        if tally.attended:
            tied[totals[competitor], tally.margin].append(competitor)
    mini: dict[Hashable, float] = {}
    for group in tied.values():
        if len(group) > 1:
            mini.update(_head_to_head(group, tallies, scheme))
    order = _positions(
        {
            competitor: (
                not tally.attended,
                -totals[competitor],
                -tally.margin,
                -mini.get(competitor, 0),
            )
            for competitor, tally in tallies.items()
        }
    )
    return [
        tallies[competitor].line(competitor, position, totals[competitor], mini.get(competitor))
        for position, competitor in order
    ]


def season(
    evenings: Sequence[Hashable],
    games: Iterable[Game],
    scheme: Scheme,
    *,
    byes: Iterable[Bye] = (),
    best: int | None = None,
    min_attendance: int = 0,
    competitors: Iterable[Hashable] = (),
) -> list[SeasonLine]:
    """A season competition over ``evenings`` (in season order), best first.

    A competitor's evening is worth the match points of its games and byes that evening;
    an evening counts as attended with a single game or bye. Of the attended evenings the
    ``best`` ones by match points count (all when ``best`` is None; between evenings worth
    the same, the earlier one counts), the others are struck. ``total`` and ``margin`` sum
    the counted evenings only.

    Order: qualified (attended >= ``min_attendance``) before not qualified, then total, then
    margin; equal lines share the position. Competitors of ``competitors`` who attended no
    evening come last. Lines sharing a position are listed by competitor id.

    ValueError as for :func:`standings`, and for a game or bye of an evening not in
    ``evenings``, an evening listed twice, ``best`` below 1 or ``min_attendance`` below 0.
    This is :func:`season_of_nights` over :func:`nights`.
    """
    return season_of_nights(
        evenings,
        nights(games, scheme, byes=byes),
        best=best,
        min_attendance=min_attendance,
        competitors=competitors,
    )


def nights(
    games: Iterable[Game], scheme: Scheme, *, byes: Iterable[Bye] = ()
) -> dict[Hashable, dict[Hashable, Night]]:
    """Evening -> competitor -> :class:`Night`, for every competitor with a game or a bye
    that evening: the first half of :func:`season`. An evening's nights depend on that
    evening's games and byes alone, so the site can keep them per evening and count only
    the evening that changed (scoring.selectors), or score each evening by its own scheme.

    ValueError as for :func:`standings`.
    """
    found: dict[Hashable, dict[Hashable, _Night]] = {}
    for competitor, source, side, points in _scores(games, byes, scheme):
        evening = found.get(source.evening)
        if evening is None:
            evening = found[source.evening] = {}
        night = evening.get(competitor)
        if night is None:
            night = evening[competitor] = _Night()
        night.points.append(points)
        if side is not None:
            night.margin += side.margin
    return {
        evening: {
            competitor: Night(math.fsum(night.points), night.margin)
            for competitor, night in by_competitor.items()
        }
        for evening, by_competitor in found.items()
    }


def season_of_nights(
    evenings: Sequence[Hashable],
    by_evening: Mapping[Hashable, Mapping[Hashable, Night]],
    *,
    best: int | None = None,
    min_attendance: int = 0,
    competitors: Iterable[Hashable] = (),
) -> list[SeasonLine]:
    """:func:`season` from ``by_evening``, the :func:`nights` of its evenings (evening ->
    competitor -> Night), however they were gathered.

    ValueError for nights of an evening not in ``evenings``, an evening listed twice,
    ``best`` below 1 or ``min_attendance`` below 0.
    """
    index = {evening: number for number, evening in enumerate(evenings)}
    if len(index) != len(evenings):
        raise ValueError("an evening is listed twice in the season")
    if best is not None and best < 1:
        raise ValueError(f"best must count at least one evening, not {best}")
    if min_attendance < 0:
        raise ValueError(f"min_attendance cannot be negative ({min_attendance})")
    attended: dict[Hashable, dict[int, Night]] = {competitor: {} for competitor in competitors}
    for evening, by_competitor in by_evening.items():
        number = index.get(evening)
        if number is None:
            raise ValueError(f"evening {evening!r} is not one of the season's evenings")
        for competitor, night in by_competitor.items():
            mine = attended.get(competitor)
            if mine is None:
                mine = attended[competitor] = {}
            mine[number] = night
    lines = {
        competitor: _season_line(competitor, evenings, mine, best, min_attendance)
        for competitor, mine in attended.items()
    }
    order = _positions(
        {
            competitor: (not line.qualified, not line.attended, -line.total, -line.margin)
            for competitor, line in lines.items()
        }
    )
    return [replace(lines[competitor], position=position) for position, competitor in order]


@dataclass(slots=True)
class _Tally:
    """What a competitor has gathered so far in :func:`standings`."""

    points: list[float] = field(default_factory=list)
    margin: int = 0
    played: int = 0
    byes: int = 0
    wins: int = 0
    rank_sum: int = 0
    seats: list[Game] = field(default_factory=list)  # the games played, for head-to-head

    @property
    def attended(self) -> bool:
        return bool(self.played or self.byes)

    def add_game(self, game: Game, side: Side) -> None:
        self.played += 1
        self.margin += side.margin
        self.rank_sum += side.rank
        if side.rank == 1 and all(other.rank > 1 for other in game.sides if other is not side):
            self.wins += 1
        self.seats.append(game)

    def line(self, competitor: Hashable, position: int, total: float, mini: float | None) -> Line:
        return Line(
            competitor=competitor,
            position=position,
            match_points=total,
            margin=self.margin,
            played=self.played,
            byes=self.byes,
            wins=self.wins,
            average_rank=self.rank_sum / self.played if self.played else None,
            head_to_head=mini,
        )


@dataclass(slots=True)
class _Night:
    """A competitor's evening while :func:`nights` gathers it."""

    points: list[float] = field(default_factory=list)
    margin: int = 0


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


def _scores(
    games: Iterable[Game], byes: Iterable[Bye], scheme: Scheme
) -> Iterator[tuple[Hashable, Game | Bye, Side | None, float]]:
    """(competitor, game or bye, side or None for a bye, match points) for every seat,
    checking that nobody is seated twice in one round."""
    seated: set[tuple[Hashable, int, Hashable]] = set()

    def seat(evening: Hashable, number: int, competitor: Hashable) -> None:
        key = (evening, number, competitor)
        if key in seated:
            raise ValueError(
                f"competitor {competitor!r} is seated twice in round {number} of {evening!r}"
            )
        seated.add(key)

    for game in games:
        for side, points in zip(game.sides, match_points(game.sides, scheme), strict=True):
            if not side.members:
                raise ValueError(
                    f"a side without members at table {game.table}, round {game.round}"
                )
            for member in side.members:
                seat(game.evening, game.round, member)
                yield member, game, side, points
    for bye in byes:
        points = bye_points(bye.sides, scheme)
        seat(bye.evening, bye.round, bye.competitor)
        yield bye.competitor, bye, None, points


def _head_to_head(
    group: Sequence[Hashable], tallies: dict[Hashable, _Tally], scheme: Scheme
) -> dict[Hashable, float]:
    """Each member of a tied group: the match points it earned against the group alone
    (see :func:`standings`). Only the group's own games are looked at."""
    members = set(group)
    meetings = {id(game): game for competitor in group for game in tallies[competitor].seats}
    earned: dict[Hashable, list[float]] = {competitor: [] for competitor in group}
    for game in meetings.values():
        present = [side for side in game.sides if not members.isdisjoint(side.members)]
        if len(present) < 2:
            continue
        among = [
            side._replace(rank=1 + sum(other.rank < side.rank for other in present))
            for side in present
        ]
        for side, points in zip(present, match_points(among, scheme), strict=True):
            for member in side.members:
                if member in members:
                    earned[member].append(points)
    return {competitor: math.fsum(points) for competitor, points in earned.items()}


def _season_line(
    competitor: Hashable,
    evenings: Sequence[Hashable],
    attended: dict[int, Night],
    best: int | None,
    min_attendance: int,
) -> SeasonLine:
    """The line of one competitor, position still 0 (given once all lines are ordered)."""
    by_worth = sorted(attended, key=lambda number: (-attended[number].match_points, number))
    counted = set(by_worth if best is None else by_worth[:best])
    return SeasonLine(
        competitor=competitor,
        position=0,
        total=math.fsum(attended[number].match_points for number in counted),
        margin=sum(attended[number].margin for number in counted),
        attended=len(attended),
        qualified=len(attended) >= min_attendance,
        evenings=tuple(
            Cell(
                evening,
                attended[number].match_points if number in attended else None,
                number in counted,
                number in attended and number not in counted,
            )
            for number, evening in enumerate(evenings)
        ),
    )


def _positions(keys: dict[Hashable, tuple]) -> list[tuple[int, Hashable]]:
    """(position, competitor) ordered by sort key, equal keys sharing a position and the
    next position skipping (1, 2, 2, 4). Ties are listed by competitor id, by its repr
    when the ids cannot be compared (ids of mixed types)."""
    try:
        ordered = sorted(keys, key=lambda competitor: (keys[competitor], competitor))
    except TypeError:
        ordered = sorted(keys, key=lambda competitor: (keys[competitor], repr(competitor)))
    result: list[tuple[int, Hashable]] = []
    for place, competitor in enumerate(ordered, start=1):
        shared = result and keys[competitor] == keys[result[-1][1]]
        result.append((result[-1][0] if shared else place, competitor))
    return result
