"""Standings: match points from table results, tie-breaks, evening and season tables.

RULES.md "Tournament points" (TP-1 to TP-5): each table ends in a ranking of its players or
teams (the *sides*) and each one's game score; the tournament's :class:`Scheme` turns that
into match points. Standings order by match points, then by the game's own margin, then
head-to-head (only for a tied group whose every two members shared a table); a season
competition counts each player's best N evenings and orders by qualification, total,
margin and evenings won. Every line says how its tie was settled (:data:`TIES`).

Pure Python on plain named tuples and dataclasses (no Django, tests/test_architecture.py):
the scoring app turns confirmed results into :class:`Game` and :class:`Bye` values and
calls :func:`standings` or :func:`season` (or its two halves, :func:`nights` per evening
and :func:`season_of_nights`, to keep the evenings' counts), so the pages, the exports and
the Swiss draw share one implementation that tests can drive without a database.

Sums of match points go through :func:`math.fsum`, which rounds once: totals, and so the
order, never depend on the order in which the games are given, whatever a scheme is worth.
Margins are summed exactly (a bye's share of the average is a :class:`~fractions.Fraction`),
so two equal margins are equal whichever way they were made.
"""

from __future__ import annotations

import bisect
import math
from collections import Counter
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

#: The match-point schemes a tournament can choose (see :class:`Scheme`).
SCHEMES = ("rank", "wdl", "game")

#: How a line's tie was settled (``Line.tie``, ``SeasonLine.tie``; None: no tie on match
#: points, or on the season's total). ``margin``: equal match points (total), the margin
#: decided. ``head_to_head``: equal match points and margin, head-to-head decided (TP-3).
#: ``won``: a season's equal total and margin, the evenings won decided (TP-4).
#: ``shared``: still equal after every tie-break that applies, the position is shared.
TIE_MARGIN, TIE_HEAD_TO_HEAD, TIE_WON, TIE_SHARED = "margin", "head_to_head", "won", "shared"
TIES = (TIE_MARGIN, TIE_HEAD_TO_HEAD, TIE_WON, TIE_SHARED)

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


def standings(
    games: Iterable[Game],
    scheme: Scheme,
    *,
    byes: Iterable[Bye] = (),
    competitors: Iterable[Hashable] = (),
    names: Mapping[Hashable, str] | None = None,
) -> list[Line]:
    """Evening or tournament standings over ``games`` and ``byes``, best first.

    Every member of a side gets the side's match points and margin. A bye adds its
    :func:`bye_points` and, for the margin, the competitor's average margin per table
    played (0 before the first game), so a bye never loses a tie-break (TP-1).
    ``competitors`` adds those who have neither a game nor a bye yet: 0 points, listed
    last, sharing the last position (the site leaves them out: they never played).

    Order (TP-3): match points, then margin, then head-to-head, applied once to each group
    tied on both, and only when every two of the group shared a table at least once: a
    member's score is the times it finished above another member of the group at a shared
    table minus the times it finished below (partners at one side are level). Higher
    scores first. A group that does not qualify, or is still level, shares the position
    (1, 2, 2, 4). Lines sharing a position are listed by ``names`` (case-folded), then by
    competitor id, so the result never depends on input order. Each line's ``tie`` says
    how a tie on match points was settled.

    ValueError for a game that is not a proper ranking (see :func:`match_points`), a side
    without members, or a competitor seated twice in one round (games and byes together).
    """
    return _ranked(_tallies(games, byes, scheme, competitors), names)


def season(
    evenings: Sequence[Hashable],
    games: Iterable[Game],
    scheme: Scheme,
    *,
    byes: Iterable[Bye] = (),
    best: int | None = None,
    min_attendance: int = 0,
    competitors: Iterable[Hashable] = (),
    names: Mapping[Hashable, str] | None = None,
) -> list[SeasonLine]:
    """A season competition over ``evenings`` (in season order), best first.

    A competitor's evening is worth the match points and margin of its games and byes that
    evening, as in that evening's :func:`standings`; an evening counts as attended with a
    single game or bye, and as won with first place (shared or not) in its standings. Of
    the attended evenings the ``best`` ones count (all when ``best`` is None): the lowest
    match points are struck, and of evenings worth the same the one with the worse margin
    (TP-5; equal in both, the later one). ``total`` and ``margin`` sum the counted
    evenings only.

    Order (TP-4): qualified (attended >= ``min_attendance``) before not qualified, then
    total, then margin, then evenings won; lines still equal share the position (no
    head-to-head). Competitors of ``competitors`` who attended no evening come last.
    Lines sharing a position are listed by ``names``, then by competitor id.

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
        names=names,
    )


def nights(
    games: Iterable[Game], scheme: Scheme, *, byes: Iterable[Bye] = ()
) -> dict[Hashable, dict[Hashable, Night]]:
    """Evening -> competitor -> :class:`Night`, for every competitor with a game or a bye
    that evening: the first half of :func:`season`. An evening's nights depend on that
    evening's games and byes alone (its own :func:`standings`), so the site can keep them
    per evening and count only the evening that changed (scoring.selectors), or score each
    evening by its own scheme.

    ValueError as for :func:`standings`.
    """
    games_of: dict[Hashable, list[Game]] = {}
    for game in games:
        games_of.setdefault(game.evening, []).append(game)
    byes_of: dict[Hashable, list[Bye]] = {}
    for bye in byes:
        byes_of.setdefault(bye.evening, []).append(bye)
    found: dict[Hashable, dict[Hashable, Night]] = {}
    for evening in {**games_of, **byes_of}:
        tallies = _tallies(games_of.get(evening, ()), byes_of.get(evening, ()), scheme, ())
        worth = {
            competitor: (math.fsum(tally.points), tally.exact_margin)
            for competitor, tally in tallies.items()
        }
        found[evening] = {
            competitor: Night(points, margin, competitor in first)
            for first in [_first_place(worth, tallies)]
            for competitor, (points, margin) in worth.items()
        }
    return found


def _first_place(
    worth: dict[Hashable, tuple[float, Margin]], tallies: dict[Hashable, _Tally]
) -> set[Hashable]:
    """Who is first in an evening's :func:`standings` (``worth``: match points and margin
    of each competitor who attended): the same order, counted for the top alone."""
    if not worth:
        return set()
    best = max(worth.values())
    top = [competitor for competitor, value in worth.items() if value == best]
    scores = _head_to_head(top, tallies) if len(top) > 1 else {}
    if scores:
        highest = max(scores.values())
        top = [competitor for competitor in top if scores[competitor] == highest]
    return set(top)


def positions_by_evening(
    evenings: Sequence[Hashable],
    by_evening: Mapping[Hashable, Mapping[Hashable, Night]],
    *,
    best: int | None = None,
    min_attendance: int = 0,
    names: Mapping[Hashable, str] | None = None,
) -> dict[Hashable, tuple[int | None, ...]]:
    """Each competitor's position in the season standings as they stood after each of
    `evenings` (None before their first evening): the positions :func:`season_of_nights`
    gives the season of the first evening, of the first two, and so on. What a bump chart
    plots.

    Counted evening by evening: an evening changes only the lines of who played it, so
    each step re-counts those lines and orders them all again, instead of counting the
    whole season so far (the same order, tests/standings check it against that)."""
    _check_season(evenings, by_evening, best, min_attendance)
    # competitor -> its evenings so far as (-points, -margin, number): best first, the
    # order in which _counted counts them; and how many of them it won
    worth: dict[Hashable, list[tuple[float, Margin, int]]] = {}
    won: dict[Hashable, int] = {}
    keys: dict[Hashable, tuple] = {}
    positions: dict[Hashable, list[int | None]] = {}
    for number, evening in enumerate(evenings):
        for competitor, night in by_evening.get(evening, {}).items():
            mine = worth.setdefault(competitor, [])
            bisect.insort(mine, (-night.match_points, -night.margin, number))
            won[competitor] = won.get(competitor, 0) + night.won
            counted = mine if best is None else mine[:best]
            total = math.fsum(-points for points, _margin, _number in counted)
            margin = sum((-margin for _points, margin, _number in counted), start=0)
            # the key of _line_key, for the line _season_line would make of these evenings
            keys[competitor] = (
                len(mine) < min_attendance,
                False,
                -total,
                -margin,
                -won[competitor],
            )
        for position, competitor in _positions(keys, names):
            row = positions.get(competitor)
            if row is None:
                row = positions[competitor] = [None] * len(evenings)
            row[number] = position
    return {competitor: tuple(row) for competitor, row in positions.items()}


def _check_season(
    evenings: Sequence[Hashable],
    by_evening: Mapping[Hashable, Mapping[Hashable, Night]],
    best: int | None,
    min_attendance: int,
) -> dict[Hashable, int]:
    """Evening -> its number; ValueError for what :func:`season_of_nights` refuses."""
    index = {evening: number for number, evening in enumerate(evenings)}
    if len(index) != len(evenings):
        raise ValueError("an evening is listed twice in the season")
    if best is not None and best < 1:
        raise ValueError(f"best must count at least one evening, not {best}")
    if min_attendance < 0:
        raise ValueError(f"min_attendance cannot be negative ({min_attendance})")
    unknown = next((evening for evening in by_evening if evening not in index), None)
    if unknown is not None:
        raise ValueError(f"evening {unknown!r} is not one of the season's evenings")
    return index


def season_of_nights(
    evenings: Sequence[Hashable],
    by_evening: Mapping[Hashable, Mapping[Hashable, Night]],
    *,
    best: int | None = None,
    min_attendance: int = 0,
    competitors: Iterable[Hashable] = (),
    names: Mapping[Hashable, str] | None = None,
) -> list[SeasonLine]:
    """:func:`season` from ``by_evening``, the :func:`nights` of its evenings (evening ->
    competitor -> Night), however they were gathered.

    ValueError for nights of an evening not in ``evenings``, an evening listed twice,
    ``best`` below 1 or ``min_attendance`` below 0.
    """
    index = _check_season(evenings, by_evening, best, min_attendance)
    attended: dict[Hashable, dict[int, Night]] = {competitor: {} for competitor in competitors}
    for evening, by_competitor in by_evening.items():
        number = index[evening]
        for competitor, night in by_competitor.items():
            mine = attended.get(competitor)
            if mine is None:
                mine = attended[competitor] = {}
            mine[number] = night
    counted = {
        competitor: _season_line(competitor, evenings, mine, best, min_attendance)
        for competitor, mine in attended.items()
    }
    keys = {competitor: _line_key(line, margin) for competitor, (line, margin) in counted.items()}
    order = _positions(keys, names)
    ties = _ties(keys, order, (TIE_MARGIN, TIE_WON))
    return [
        replace(counted[competitor][0], position=position, tie=ties[competitor])
        for position, competitor in order
    ]


@dataclass(slots=True)
class _Tally:
    """What a competitor has gathered so far in :func:`standings`."""

    points: list[float] = field(default_factory=list)
    margin: int = 0  # over the games played
    played: int = 0
    byes: int = 0
    wins: int = 0
    rank_sum: int = 0
    seats: list[tuple[Game, Side]] = field(default_factory=list)  # for head-to-head

    @property
    def attended(self) -> bool:
        return bool(self.played or self.byes)

    @property
    def exact_margin(self) -> Margin:
        """The margin with each bye counting the average per table played (TP-1)."""
        if not self.byes or not self.played:
            return self.margin
        exact = Fraction(self.margin) * (self.played + self.byes) / self.played
        return exact.numerator if exact.denominator == 1 else exact

    def add_game(self, game: Game, side: Side) -> None:
        self.played += 1
        self.margin += side.margin
        self.rank_sum += side.rank
        # TP-2: won only when the game ended by its own rules and this side is its sole
        # winner: the game's verdict when given, else the sole first place.
        if game.finished and (
            side.won
            if side.won is not None
            else side.rank == 1 and all(other.rank > 1 for other in game.sides if other is not side)
        ):
            self.wins += 1
        self.seats.append((game, side))


def _plain(margin: Margin) -> int | float:
    """A margin for display: whole numbers as int."""
    if isinstance(margin, Fraction):
        return margin.numerator if margin.denominator == 1 else float(margin)
    return margin


def _tallies(
    games: Iterable[Game], byes: Iterable[Bye], scheme: Scheme, competitors: Iterable[Hashable]
) -> dict[Hashable, _Tally]:
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
    return tallies


def _ranked(tallies: dict[Hashable, _Tally], names: Mapping[Hashable, str] | None) -> list[Line]:
    """The standings lines of ``tallies`` in order (see :func:`standings`)."""
    totals = {competitor: math.fsum(tally.points) for competitor, tally in tallies.items()}
    margins = {competitor: tally.exact_margin for competitor, tally in tallies.items()}
    tied: dict[tuple[float, Margin], list[Hashable]] = {}
    for competitor, tally in tallies.items():
        if tally.attended:
            tied.setdefault((totals[competitor], margins[competitor]), []).append(competitor)
    scores: dict[Hashable, int] = {}
    for group in tied.values():
        if len(group) > 1:
            scores.update(_head_to_head(group, tallies))
    keys = {
        competitor: (
            not tally.attended,
            -totals[competitor],
            -margins[competitor],
            -scores.get(competitor, 0),
        )
        for competitor, tally in tallies.items()
    }
    order = _positions(keys, names)
    ties = _ties(keys, order, (TIE_MARGIN, TIE_HEAD_TO_HEAD))
    lines = []
    for position, competitor in order:
        tally = tallies[competitor]
        lines.append(
            Line(
                competitor=competitor,
                position=position,
                match_points=totals[competitor],
                margin=_plain(margins[competitor]),
                played=tally.played,
                byes=tally.byes,
                wins=tally.wins,
                average_rank=tally.rank_sum / tally.played if tally.played else None,
                head_to_head=scores.get(competitor),
                tie=ties[competitor],
            )
        )
    return lines


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
    group: Sequence[Hashable], tallies: dict[Hashable, _Tally]
) -> dict[Hashable, int]:
    """TP-3 for a group tied on match points and margin: each member's times above another
    member at a shared table minus its times below; {} when some two of the group never
    shared a table (then nobody in it is compared with anybody)."""
    members = set(group)
    score = dict.fromkeys(group, 0)
    met: set[frozenset] = set()
    tables = {id(game): game for competitor in group for game, _side in tallies[competitor].seats}
    for game in tables.values():
        present = [
            (member, side.rank)
            for side in game.sides
            for member in side.members
            if member in members
        ]
        for (one, one_rank), (other, other_rank) in combinations(present, 2):
            met.add(frozenset((one, other)))
            if one_rank < other_rank:
                score[one] += 1
                score[other] -= 1
            elif other_rank < one_rank:
                score[other] += 1
                score[one] -= 1
    if len(met) < len(group) * (len(group) - 1) // 2:
        return {}
    return score


def _line_key(line: SeasonLine, margin: Margin) -> tuple:
    """How a season line sorts: qualified first, then by points, margin and evenings won."""
    return (not line.qualified, not line.attended, -line.total, -margin, -line.won)


def _counted(attended: dict[int, Night], best: int | None) -> set[int]:
    """The evenings (numbers) that count: the best ``best`` by points, then margin, the
    earlier first (TP-5); all of them without ``best``."""
    by_worth = sorted(
        attended,
        key=lambda number: (-attended[number].match_points, -attended[number].margin, number),
    )
    return set(by_worth if best is None else by_worth[:best])


def _season_line(
    competitor: Hashable,
    evenings: Sequence[Hashable],
    attended: dict[int, Night],
    best: int | None,
    min_attendance: int,
) -> tuple[SeasonLine, Margin]:
    """The line of one competitor, position still 0 (given once all lines are ordered),
    and its exact margin. TP-5: by points, then margin, the best evenings count."""
    counted = _counted(attended, best)
    margin = sum((attended[number].margin for number in counted), start=0)
    line = SeasonLine(
        competitor=competitor,
        position=0,
        total=math.fsum(attended[number].match_points for number in counted),
        margin=_plain(margin),
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
        won=sum(night.won for night in attended.values()),
    )
    return line, margin


def _positions(
    keys: dict[Hashable, tuple], names: Mapping[Hashable, str] | None = None
) -> list[tuple[int, Hashable]]:
    """(position, competitor) ordered by sort key, equal keys sharing a position and the
    next position skipping (1, 2, 2, 4). Ties are listed by name (case-folded; ``names``
    may leave competitors out), then by competitor id, by its repr when the ids cannot be
    compared (ids of mixed types)."""
    named = names or {}

    def name(competitor: Hashable) -> str:
        return named.get(competitor, "").casefold()

    try:
        ordered = sorted(keys, key=lambda c: (keys[c], name(c), c))
    except TypeError:
        ordered = sorted(keys, key=lambda c: (keys[c], name(c), repr(c)))
    result: list[tuple[int, Hashable]] = []
    for place, competitor in enumerate(ordered, start=1):
        shared = result and keys[competitor] == keys[result[-1][1]]
        result.append((result[-1][0] if shared else place, competitor))
    return result


def _ties(
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
