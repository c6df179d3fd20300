"""What the draw gives and takes: a round's `Draw`, a competitor's `SeasonCounts`, and
the `DrawError` for inputs no draw can be made from."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Draw:
    """One round's seating.

    `tables` lists each table's competitors in seat order. When partners are drawn per round
    (tables of 4 or 6 players), seat i and seat i + n/2 of a table of n are partners.
    `repeats_evening` counts the pairs seated together here that already shared a table
    this evening, `repeats_season` those that shared one on an earlier evening (a pair can
    count in both).
    """

    tables: tuple[tuple[Hashable, ...], ...]
    byes: tuple[Hashable, ...]
    repeats_evening: int
    repeats_season: int


@dataclass(frozen=True, slots=True)
class SeasonCounts:
    """One competitor's rounds on this season's earlier evenings: at a table (`played`),
    at a table smaller than the tournament's size (`small`), and sitting out (`byes`)."""

    played: int = 0
    small: int = 0
    byes: int = 0


class DrawError(ValueError):
    """The draw cannot be made from these inputs; the message says why."""
