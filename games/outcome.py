"""What a game makes of a table's result (:mod:`games.results` checks the entry): each
side's :class:`SideResult` and the table's :class:`TableResult`, and the helpers the
games' ``results.py`` build them with. Pure Python: no Django here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class SideResult:
    """One side's outcome. ``score`` is the game's own final figure (total, points left,
    rounds won, game points); ``rank`` 1 is best, equal ranks shared (1, 1, 3);
    ``margin`` is the game's tie-break figure oriented so that higher is better;
    ``game_points`` is what the match-point scheme "game" counts (Keezen only)."""

    side: int
    score: int
    rank: int
    margin: int
    game_points: int = 0


@dataclass(frozen=True, slots=True)
class TableResult:
    """The table's outcome: ``sides`` in side order; ``winner`` a side index, None while
    unfinished or when shared; ``totals`` each side's ``score`` after every detailed row
    (for display; ``()`` for a summary)."""

    sides: tuple[SideResult, ...]
    finished: bool
    winner: int | None
    totals: tuple[tuple[int, ...], ...] = ()


def competition_ranks(keys: Sequence[Any]) -> tuple[int, ...]:
    """Rank 1 for the best key (higher is better): one more than the number of sides with
    a better key, so equal keys share a rank and the next rank skips (1, 1, 3)."""
    return tuple(1 + sum(other > key for other in keys) for key in keys)


def table_result(
    *,
    scores: Sequence[int],
    margins: Sequence[int],
    keys: Sequence[Any],
    finished: bool,
    winner: int | None,
    totals: Sequence[Sequence[int]] = (),
    game_points: Sequence[int] | None = None,
) -> TableResult:
    """A :class:`TableResult` ranked by ``keys`` (higher is better; equal keys share).

    ``winner`` is the game's own verdict (its scoring.py); it is kept only when the game
    is finished.
    """
    ranks = competition_ranks(keys)
    points = game_points if game_points is not None else [0] * len(scores)
    return TableResult(
        sides=tuple(
            SideResult(side, scores[side], ranks[side], margins[side], points[side])
            for side in range(len(scores))
        ),
        finished=finished,
        winner=winner if finished else None,
        totals=tuple(tuple(row) for row in totals),
    )


def running_totals(rows: Sequence[Sequence[int]], start: int = 0) -> list[tuple[int, ...]]:
    """Each side's running sum after every row (``rows[i][side]``), from ``start``."""
    out: list[tuple[int, ...]] = []
    current: tuple[int, ...] | None = None
    for row in rows:
        base = current if current is not None else (start,) * len(row)
        current = tuple(a + b for a, b in zip(base, row, strict=True))
        out.append(current)
    return out


def side_names(sides: int) -> list[str]:
    """Names for the game's scoring functions, which key players by name: "0", "1", ..."""
    return [str(side) for side in range(sides)]


__all__ = [
    "SideResult",
    "TableResult",
    "competition_ranks",
    "running_totals",
    "side_names",
    "table_result",
]
