"""Standings: match points from table results, tie-breaks, evening and season tables.

RULES.md "Tournament points" (TP-1 to TP-5): each table ends in a ranking of its players or
teams (the *sides*) and each one's game score; the tournament's :class:`Scheme` turns that
into match points. Standings order by match points, then by the game's own margin, then
head-to-head (only for a tied group whose every two members shared a table), or by the
tie-breaks the game declares (:attr:`Scheme.tiebreaks`: tables won, best game); a
season competition counts each player's best N evenings, by their total or their average,
and orders by qualification, total (average), margin and evenings won. Every line says
how its tie was settled (:data:`TIES`).

Pure Python on plain named tuples and dataclasses (no Django, tests/test_architecture.py):
the scoring app turns confirmed results into :class:`Game` and :class:`Bye` values and
calls :func:`standings` or :func:`season` (or its two halves, :func:`nights` per evening
and :func:`season_of_nights`, to keep the evenings' counts), so the pages, the exports and
the Swiss draw share one implementation that tests can drive without a database.

Sums of match points go through :func:`math.fsum`, which rounds once: totals, and so the
order, never depend on the order in which the games are given, whatever a scheme is worth.
Margins are summed exactly (a bye's share of the average is a :class:`~fractions.Fraction`),
so two equal margins are equal whichever way they were made.

The package: ``base`` (schemes, results, lines, positions and tie notes), ``evening``
(an evening's standings and its nights), ``season`` (the season competition); every
public name is here.
"""

from __future__ import annotations

from games.results import TIEBREAKS

from .base import (
    COUNT_AVERAGE,
    COUNT_TOTAL,
    COUNTS,
    SCHEMES,
    TIE_BEST,
    TIE_HEAD_TO_HEAD,
    TIE_MARGIN,
    TIE_SHARED,
    TIE_WINS,
    TIE_WON,
    TIES,
    Bye,
    Cell,
    Game,
    Line,
    Margin,
    Night,
    Scheme,
    SeasonLine,
    Side,
    bye_points,
    match_points,
)
from .evening import (
    nights,
    standings,
)
from .season import (
    positions_by_evening,
    season,
    season_of_nights,
)

__all__ = [
    "COUNTS",
    "COUNT_AVERAGE",
    "COUNT_TOTAL",
    "SCHEMES",
    "TIEBREAKS",
    "TIES",
    "TIE_BEST",
    "TIE_HEAD_TO_HEAD",
    "TIE_MARGIN",
    "TIE_SHARED",
    "TIE_WINS",
    "TIE_WON",
    "Bye",
    "Cell",
    "Game",
    "Line",
    "Margin",
    "Night",
    "Scheme",
    "SeasonLine",
    "Side",
    "bye_points",
    "match_points",
    "nights",
    "positions_by_evening",
    "season",
    "season_of_nights",
    "standings",
]
