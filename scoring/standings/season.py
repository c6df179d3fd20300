"""A season competition over evenings, TP-4 and TP-5: the best N evenings, qualification,
and the positions after each evening. Pure Python (see :mod:`scoring.standings`)."""

from __future__ import annotations

import bisect
import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from operator import itemgetter

from .base import (
    COUNT_AVERAGE,
    COUNT_TOTAL,
    COUNTS,
    TIE_MARGIN,
    TIE_WON,
    Bye,
    Cell,
    Game,
    Margin,
    Night,
    Scheme,
    SeasonLine,
    folded_names,
    plain_margin,
    ranked_positions,
    ranked_positions_folded,
    tie_settlements,
)
from .evening import nights


def season(
    evenings: Sequence[Hashable],
    games: Iterable[Game],
    scheme: Scheme,
    *,
    byes: Iterable[Bye] = (),
    seated: Iterable[tuple[Hashable, Hashable]] = (),
    best: int | None = None,
    min_attendance: int = 0,
    competitors: Iterable[Hashable] = (),
    names: Mapping[Hashable, str] | None = None,
    count_by: str = COUNT_TOTAL,
) -> list[SeasonLine]:
    """A season competition over ``evenings`` (in season order), best first.

    A competitor's evening is worth the match points and margin of its games and byes that
    evening, as in that evening's :func:`standings`; an evening counts as attended with a
    single game or bye, or a seat at a table whose result is not confirmed yet
    (``seated``: (evening, competitor) pairs; 0 points while nothing counts, TP-7), and
    as won with first place (shared or not) in its standings. Of
    the attended evenings the ``best`` ones count (all when ``best`` is None): the lowest
    match points are struck, and of evenings worth the same the one with the worse margin
    (TP-5; equal in both, the later one). ``total`` and ``margin`` sum the counted
    evenings only.

    Order (TP-4): qualified (attended >= ``min_attendance``) before not qualified, then
    total, then margin, then evenings won; lines still equal share the position (no
    head-to-head). Competitors of ``competitors`` who attended no evening come last.
    Lines sharing a position are listed by ``names``, then by competitor id.

    ``count_by`` ``average``: the same, but by the average of the counted evenings
    (their total and their margin over their number, ``SeasonLine.average`` and
    ``average_margin``) in place of their total and margin; which evenings count is the
    same (TP-5), so a player with fewer than ``best`` evenings is not behind for it.

    ValueError as for :func:`standings`, and for a game or bye of an evening not in
    ``evenings``, an evening listed twice, ``best`` below 1, ``min_attendance`` below 0
    or an unknown ``count_by``. This is :func:`season_of_nights` over :func:`nights`.
    """
    return season_of_nights(
        evenings,
        nights(games, scheme, byes=byes, seated=seated),
        best=best,
        min_attendance=min_attendance,
        competitors=competitors,
        names=names,
        count_by=count_by,
    )


def positions_by_evening(
    evenings: Sequence[Hashable],
    by_evening: Mapping[Hashable, Mapping[Hashable, Night]],
    *,
    best: int | None = None,
    min_attendance: int = 0,
    names: Mapping[Hashable, str] | None = None,
    count_by: str = COUNT_TOTAL,
) -> dict[Hashable, tuple[int | None, ...]]:
    """Each competitor's position in the season standings as they stood after each of
    `evenings` (None before their first evening): the positions :func:`season_of_nights`
    gives the season of the first evening, of the first two, and so on. What a bump chart
    plots.

    Counted evening by evening: an evening changes only the lines of who played it, so
    each step re-counts those lines and orders them all again, instead of counting the
    whole season so far (the same order, tests/standings check it against that)."""
    _check_season(evenings, by_evening, best, min_attendance, count_by)
    average = count_by == COUNT_AVERAGE
    # competitor -> its evenings so far as (-points, -margin, number): best first, the
    # order in which _counted counts them; how many of them it won; and the total and
    # margin of those that count, summed anew only when a new evening is among them
    worth: dict[Hashable, list[tuple[float, Margin, int]]] = {}
    won: dict[Hashable, int] = {}
    sums: dict[Hashable, tuple[float, Margin]] = {}
    keys: dict[Hashable, tuple] = {}
    positions: dict[Hashable, list[int | None]] = {}
    folded = folded_names(names)
    for number, evening in enumerate(evenings):
        for competitor, night in by_evening.get(evening, {}).items():
            mine = worth.setdefault(competitor, [])
            evening_worth = (-night.match_points, -night.margin, number)
            at = bisect.bisect(mine, evening_worth)
            mine.insert(at, evening_worth)
            won[competitor] = won.get(competitor, 0) + night.won
            if best is None or at < best:
                counted = mine if best is None else mine[:best]
                # fsum rounds exactly, so the sum of the negated points is the negated sum
                sums[competitor] = (
                    -math.fsum(map(itemgetter(0), counted)),
                    -sum(map(itemgetter(1), counted)),
                )
            total, margin = sums[competitor]
            if average:
                total, margin = _averaged(
                    total, margin, len(mine) if best is None else min(best, len(mine))
                )
            # the key of _line_key, for the line _season_line would make of these evenings
            keys[competitor] = (
                len(mine) < min_attendance,
                False,
                -total,
                -margin,
                -won[competitor],
            )
        for position, competitor in ranked_positions_folded(keys, folded):
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
    count_by: str,
) -> dict[Hashable, int]:
    """Evening -> its number; ValueError for what :func:`season_of_nights` refuses."""
    if count_by not in COUNTS:
        raise ValueError(f"unknown count_by {count_by!r} (known: {', '.join(COUNTS)})")
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
    count_by: str = COUNT_TOTAL,
) -> list[SeasonLine]:
    """:func:`season` from ``by_evening``, the :func:`nights` of its evenings (evening ->
    competitor -> Night), however they were gathered.

    ValueError for nights of an evening not in ``evenings``, an evening listed twice,
    ``best`` below 1, ``min_attendance`` below 0 or an unknown ``count_by``.
    """
    index = _check_season(evenings, by_evening, best, min_attendance, count_by)
    attended: dict[Hashable, dict[int, Night]] = {competitor: {} for competitor in competitors}
    for evening, by_competitor in by_evening.items():
        number = index[evening]
        for competitor, night in by_competitor.items():
            mine = attended.get(competitor)
            if mine is None:
                mine = attended[competitor] = {}
            mine[number] = night
    counted = {
        competitor: _season_line(
            competitor, evenings, mine, best, min_attendance, count_by=count_by
        )
        for competitor, mine in attended.items()
    }
    keys = {competitor: _line_key(line, *worth) for competitor, (line, worth) in counted.items()}
    order = ranked_positions(keys, names)
    ties = tie_settlements(keys, order, (TIE_MARGIN, TIE_WON))
    return [
        replace(counted[competitor][0], position=position, tie=ties[competitor])
        for position, competitor in order
    ]


def _line_key(line: SeasonLine, points: float, margin: Margin) -> tuple:
    """How a season line sorts: qualified first, then by points, margin (the total or the
    average of the counted evenings, both exact) and evenings won."""
    return (not line.qualified, not line.attended, -points, -margin, -line.won)


def _averaged(total: float, margin: Margin, counted: int) -> tuple[float, Margin]:
    """The average of ``counted`` evenings worth ``total`` and ``margin``: the margin
    exact, so that equal averages are equal however they were made (0 for none)."""
    if not counted:
        return 0.0, 0
    exact = Fraction(margin) / counted
    return total / counted, exact.numerator if exact.denominator == 1 else exact


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
    *,
    count_by: str = COUNT_TOTAL,
) -> tuple[SeasonLine, tuple[float, Margin]]:
    """The line of one competitor, position still 0 (given once all lines are ordered),
    and what it is ordered by: the points and exact margin of its counted evenings, their
    total or (``count_by`` average) their average. TP-5: by points, then margin, the best
    evenings count."""
    counted = _counted(attended, best)
    margin = sum((attended[number].margin for number in counted), start=0)
    total = math.fsum(attended[number].match_points for number in counted)
    worth: tuple[float, Margin] = (total, margin)
    average: float | None = None
    average_margin: int | float | None = None
    if count_by == COUNT_AVERAGE:
        worth = _averaged(total, margin, len(counted))
        if counted:
            average, average_margin = worth[0], plain_margin(worth[1])
    line = SeasonLine(
        competitor=competitor,
        position=0,
        total=total,
        margin=plain_margin(margin),
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
        average=average,
        average_margin=average_margin,
    )
    return line, worth
