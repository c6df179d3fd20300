"""Helpers shared by the games' tests.

- Verdicts: judging a case with its verdict's shape checked (CASES.md "Every verdict"), the
  rules a verdict cites, legal and illegal verdicts, cases that cannot be judged.
- Cases: a copy of a case with fields replaced or dropped.
- Fuzzing: a JSON strategy, the places in a case, a case changed at one place, and the
  check that garbage gives a verdict or a CaseError naming a field, never another exception.
- Table results: entries written compactly, scored through the registry as the site will,
  and refusals caught with their field.

Each name here means one thing in every test module; a game's own case builders live in
``tests/games/<game>/helpers.py`` under names that say which case they build.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterable
from typing import Any

import pytest
from hypothesis import strategies as st

from games import cases, registry
from games.base import CaseError, clean_options
from games.results import ResultError, TableResult, score_entry

VERDICT_KEYS = frozenset({"game", "check", "legal", "violations", "result"})


# --- verdicts --------------------------------------------------------------------------------


def judge_checked(data: Any, *, game: str, prefix: str) -> dict[str, Any]:
    """Judge a deep copy of ``data`` through ``games.cases.judge`` and check the verdict's
    shape: the five keys, the game and check named back, ``legal`` exactly when there is no
    violation, every violation a rule ID starting with ``prefix`` (e.g. ``"MZ-"``), a
    non-empty message and an optional index ``at`` >= 0, a dict result, plain JSON."""
    verdict = cases.judge(copy.deepcopy(data))
    assert set(verdict) == VERDICT_KEYS, verdict
    assert verdict["game"] == game
    assert verdict["check"] == data["check"]
    assert isinstance(verdict["legal"], bool)
    assert verdict["legal"] is (not verdict["violations"]), verdict
    for violation in verdict["violations"]:
        assert set(violation) <= {"rule", "message", "at"}, violation
        assert violation["rule"].startswith(prefix), violation
        assert isinstance(violation["message"], str) and violation["message"].strip()
        if "at" in violation:
            assert isinstance(violation["at"], int) and violation["at"] >= 0
    assert isinstance(verdict["result"], dict)
    json.dumps(verdict, allow_nan=False)  # the verdict is plain JSON
    return verdict


def cited(verdict: dict[str, Any]) -> set[str]:
    """The rule IDs a verdict cites, as a set."""
    return {v["rule"] for v in verdict["violations"]}


def rules_in_order(verdict: dict[str, Any]) -> list[str]:
    """The rule IDs a verdict cites, in order (and ``legal`` exactly when there are none)."""
    assert verdict["legal"] is (not verdict["violations"])
    return [v["rule"] for v in verdict["violations"]]


def at_of(verdict: dict[str, Any], rule: str) -> list[int | None]:
    """The ``at`` of every violation of ``rule`` (None where it has none), in order."""
    return [v.get("at") for v in verdict["violations"] if v["rule"] == rule]


def legal_result(verdict: dict[str, Any]) -> dict[str, Any]:
    """A legal verdict without violations; returns its result."""
    assert verdict["legal"] is True, verdict["violations"]
    assert verdict["violations"] == []
    return verdict["result"]


def violation_of(verdict: dict[str, Any], rule: str, at: int | None = None) -> dict[str, Any]:
    """An illegal verdict citing ``rule`` (if ``at`` is given, its first violation of ``rule``
    is at ``at``) where every violation has a non-empty message; returns that violation."""
    assert verdict["legal"] is False, verdict
    assert rule in rules_in_order(verdict), verdict["violations"]
    assert all(isinstance(v["message"], str) and v["message"] for v in verdict["violations"])
    hit = next(v for v in verdict["violations"] if v["rule"] == rule)
    if at is not None:
        assert hit.get("at") == at, verdict["violations"]
    return hit


def illegal_verdict(verdict: dict[str, Any], rule: str) -> dict[str, Any]:
    """``violation_of(verdict, rule)``; returns the whole verdict."""
    violation_of(verdict, rule)
    return verdict


def illegal_result(verdict: dict[str, Any], rule: str, at: int | None = None) -> dict[str, Any]:
    """``violation_of(verdict, rule, at)``; returns the verdict's result."""
    violation_of(verdict, rule, at)
    return verdict["result"]


def rules_with_at(verdict: dict[str, Any]) -> list[tuple[str, int | None]]:
    """The rule IDs a verdict cites with the ``at`` of each (None where it has none), in order
    (and ``legal`` exactly when there are none)."""
    assert verdict["legal"] is (not verdict["violations"])
    return [(v["rule"], v.get("at")) for v in verdict["violations"]]


def case_error(data: Any, field: str = "") -> CaseError:
    """A case that cannot be judged: CaseError naming a field that starts with ``field``, in a
    one-line message; returns the error."""
    with pytest.raises(CaseError) as info:
        cases.judge(copy.deepcopy(data))
    error = info.value
    assert error.field, error
    assert error.field.startswith(field), (error.field, error.message)
    assert "\n" not in str(error), error
    return error


# --- cases -----------------------------------------------------------------------------------


def with_changes(base: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """A deep copy of ``base`` with fields replaced (None drops the field)."""
    out = copy.deepcopy(base)
    for key, value in changes.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = value
    return out


# --- fuzzing ---------------------------------------------------------------------------------


def json_values(
    words: Iterable[str],
    *,
    integers: tuple[int, int] | None = (-(10**6), 10**6),
    text_size: int = 6,
    list_size: int = 5,
    dict_size: int = 5,
    keys: st.SearchStrategy[str] | None = None,
    max_leaves: int = 15,
) -> st.SearchStrategy[Any]:
    """Any JSON value: None, booleans, integers in ``integers`` (None: unbounded), finite or
    infinite floats, texts of up to ``text_size`` characters and ``words`` (cards, names,
    places), nested in lists of up to ``list_size`` items and objects of up to ``dict_size``
    items whose keys are drawn from ``keys`` (default: texts of up to ``text_size``)."""
    leaves = (
        st.none()
        | st.booleans()
        | (st.integers() if integers is None else st.integers(*integers))
        | st.floats(allow_nan=False)
        | st.text(max_size=text_size)
        | st.sampled_from(list(words))
    )
    keys = st.text(max_size=text_size) if keys is None else keys
    return st.recursive(
        leaves,
        lambda inner: (
            st.lists(inner, max_size=list_size) | st.dictionaries(keys, inner, max_size=dict_size)
        ),
        max_leaves=max_leaves,
    )


def paths(
    value: Any,
    prefix: tuple[Any, ...] = (),
    *,
    skip_keys: Iterable[str] = (),
    max_items: int | None = None,
) -> list[tuple[Any, ...]]:
    """Every place in a JSON value as a path of keys and indexes, the value itself (``()``)
    first. Keys in ``skip_keys`` are left out at every depth; only the first ``max_items``
    items of each list are walked when given."""
    skip = frozenset(skip_keys)
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in skip:
                found += paths(item, (*prefix, key), skip_keys=skip, max_items=max_items)
    elif isinstance(value, list):
        for index, item in enumerate(value[:max_items]):
            found += paths(item, (*prefix, index), skip_keys=skip, max_items=max_items)
    return found


def get_at(value: Any, path: tuple[Any, ...]) -> Any:
    """The item at ``path`` in a JSON value."""
    for key in path:
        value = value[key]
    return value


def set_at(value: Any, path: tuple[Any, ...], new: Any = None, *, drop: bool = False) -> None:
    """Replace the item at a non-empty ``path`` by ``new``, or delete it, in place."""
    *parents, last = path
    target = get_at(value, tuple(parents))
    if drop:
        del target[last]
    else:
        target[last] = new


def mutated(value: Any, path: tuple[Any, ...], new: Any = None, *, drop: bool = False) -> Any:
    """A deep copy of ``value`` with the item at ``path`` replaced by ``new`` or dropped; the
    empty path stands for the whole value, which is replaced by ``new``."""
    if not path:
        return new
    value = copy.deepcopy(value)
    set_at(value, path, new, drop=drop)
    return value


def mutate_drawn(
    data: st.DataObject,
    value: Any,
    path: tuple[Any, ...],
    junk: st.SearchStrategy[Any],
    words: list[Any],
) -> None:
    """Change the item at ``path`` in place, as drawn: drop it, replace it with a value drawn
    from ``junk``, or replace it with one of ``words``."""
    action = data.draw(st.sampled_from(["drop", "replace", "word"]))
    if action == "drop":
        set_at(value, path, drop=True)
    elif action == "replace":
        set_at(value, path, data.draw(junk))
    else:
        set_at(value, path, data.draw(st.sampled_from(words)))


def judged_or_case_error(data: Any) -> dict[str, Any] | None:
    """Judge garbage: either a verdict (its five keys, ``legal`` exactly when there is no
    violation, plain JSON) or a CaseError naming a field (then None), never another
    exception."""
    try:
        verdict = cases.judge(data)
    except CaseError as error:
        assert error.field
        return None
    assert isinstance(verdict, dict)
    assert set(verdict) == VERDICT_KEYS, verdict
    assert verdict["legal"] is (not verdict["violations"])
    json.dumps(verdict, allow_nan=False)
    return verdict


def verdict_or_field(
    judge: Callable[[Any], dict[str, Any]], data: Any, field: str = ""
) -> dict[str, Any] | None:
    """``judge(data)`` (with its own checks), or None after a CaseError naming a field that
    starts with ``field``."""
    try:
        return judge(data)
    except CaseError as error:
        assert error.field
        assert error.field.startswith(field), (error.field, error.message)
        return None


# --- table results ---------------------------------------------------------------------------


def table_options(game: str, **given: Any) -> dict[str, Any]:
    """The game's options as the tournament stores them: defaults overlaid with ``given``."""
    return clean_options(registry.get(game).options, given)


def scored_table(game: str, entry: dict[str, Any], sides: int, **given: Any) -> TableResult:
    """Score ``entry`` as the site will: through the game's ResultSpec and score_entry."""
    return score_entry(registry.get(game).results, entry, sides, table_options(game, **given))


def result_refusal(game: str, entry: object, sides: int, **given: Any) -> ResultError:
    """The ResultError scoring ``entry`` raises; its text is the formatted template."""
    with pytest.raises(ResultError) as info:
        scored_table(game, entry, sides, **given)  # type: ignore[arg-type]
    error = info.value
    assert str(error) == error.message == error.template % error.params
    return error


def detailed_entry(key: str, rows: list[Any], *, finished: bool) -> dict[str, Any]:
    """A detailed entry: each row a list of per-side values of ``key``, or a pair
    (values, row fields) for a row with row-level fields."""
    built = []
    for row in rows:
        values, extra = row if isinstance(row, tuple) else (row, {})
        built.append({**extra, "sides": [{key: value} for value in values]})
    return {"mode": "detailed", "finished": finished, "rows": built}


def summary_entry(*, finished: bool, **columns: list[Any]) -> dict[str, Any]:
    """A summary entry from per-side columns: ``summary_entry(finished=True, total=[1, 2])``."""
    count = len(next(iter(columns.values())))
    sides = [{name: values[side] for name, values in columns.items()} for side in range(count)]
    return {"mode": "summary", "finished": finished, "sides": sides}


def ranks(result: TableResult) -> list[int]:
    """Each side's rank, in side order."""
    return [side.rank for side in result.sides]


def scores(result: TableResult) -> list[int]:
    """Each side's game score, in side order."""
    return [side.score for side in result.sides]


def margins(result: TableResult) -> list[int]:
    """Each side's margin, in side order."""
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
