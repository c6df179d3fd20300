"""Shared helpers for the table-result tests: entries written compactly, scored through
the registry as the site will, and refusals caught with their field."""

from __future__ import annotations

from typing import Any

import pytest

from games import registry
from games.base import clean_options
from games.results import ResultError, TableResult, score_entry


def options(game: str, **given: Any) -> dict[str, Any]:
    """The game's options as the tournament stores them: defaults overlaid with ``given``."""
    return clean_options(registry.get(game).options, given)


def score(game: str, entry: dict[str, Any], sides: int, **given: Any) -> TableResult:
    """Score ``entry`` as the site will: through the game's ResultSpec and score_entry."""
    return score_entry(registry.get(game).results, entry, sides, options(game, **given))


def refusal(game: str, entry: object, sides: int, **given: Any) -> ResultError:
    """The ResultError scoring ``entry`` raises; its text is the formatted template."""
    with pytest.raises(ResultError) as info:
        score(game, entry, sides, **given)  # type: ignore[arg-type]
    error = info.value
    assert str(error) == error.message == error.template % error.params
    return error


def detailed(key: str, rows: list[Any], *, finished: bool) -> dict[str, Any]:
    """A detailed entry: each row a list of per-side values of ``key``, or a pair
    (values, row fields) for a row with row-level fields."""
    built = []
    for row in rows:
        values, extra = row if isinstance(row, tuple) else (row, {})
        built.append({**extra, "sides": [{key: value} for value in values]})
    return {"mode": "detailed", "finished": finished, "rows": built}


def summary(*, finished: bool, **columns: list[Any]) -> dict[str, Any]:
    """A summary entry from per-side columns: ``summary(finished=True, total=[1, 2])``."""
    count = len(next(iter(columns.values())))
    sides = [{name: values[side] for name, values in columns.items()} for side in range(count)]
    return {"mode": "summary", "finished": finished, "sides": sides}


def ranks(result: TableResult) -> list[int]:
    return [side.rank for side in result.sides]


def scores(result: TableResult) -> list[int]:
    return [side.score for side in result.sides]


def margins(result: TableResult) -> list[int]:
    return [side.margin for side in result.sides]


def assert_consistent(result: TableResult) -> None:
    """What holds for every game: sides in order, ranks 1..n with shared ranks skipping,
    the winner the only side ranked first, the last running total the final score."""
    assert [side.side for side in result.sides] == list(range(len(result.sides)))
    given = [side.rank for side in result.sides]
    assert given == [1 + sum(other < rank for other in given) for rank in given]
    if result.winner is not None:
        assert result.finished
        assert [side.side for side in result.sides if side.rank == 1] == [result.winner]
    if result.totals:
        assert list(result.totals[-1]) == [side.score for side in result.sides]
