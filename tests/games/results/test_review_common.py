"""Outside review of the checks every table result gets (games/results.py): the entry's
shape, each value's type and bounds, refused with the path of the field at fault."""

from __future__ import annotations

from typing import Any

import pytest

from games import registry
from tests.games.results.helpers import detailed, refusal, score, summary

# One legal unfinished summary per game: (game, sides, the field the tests spoil, its
# values); MEINO and MeieRijen have a second column, filled in by ``entry_for``.
SUMMARIES = [
    ("duizenden", 3, "total", [100, 50, -20]),
    ("miezemauzen", 3, "points", [20, 25, 30]),
    ("meino", 3, "total", [0, 40, 25]),
    ("meierijen", 2, "rounds", [1, 0]),
    ("keezen", 2, "pawns", [3, 4]),
]
SECOND_COLUMN = {"meino": {"marks": [2, 0, 0]}, "meierijen": {"minus": [3, 9]}}


def entry_for(game: str, field: str, values: list[Any]) -> dict[str, Any]:
    return summary(finished=False, **{field: values}, **SECOND_COLUMN.get(game, {}))


@pytest.mark.parametrize(("game", "sides", "field", "values"), SUMMARIES)
def test_a_legal_summary_scores(game: str, sides: int, field: str, values: list[Any]):
    result = score(game, entry_for(game, field, values), sides)
    assert [side.side for side in result.sides] == list(range(sides))


@pytest.mark.parametrize(("game", "sides", "field", "values"), SUMMARIES)
@pytest.mark.parametrize("bad", [True, "3", 3.5, None, [3]])
def test_a_value_of_the_wrong_type_is_refused(game, sides, field, values, bad):
    entry = entry_for(game, field, values)
    entry["sides"][0][field] = bad
    assert refusal(game, entry, sides).field == f"sides[0].{field}"


@pytest.mark.parametrize(("game", "sides", "field", "values"), SUMMARIES)
def test_the_shape_of_the_entry(game, sides, field, values):
    good = entry_for(game, field, values)
    assert refusal(game, [good], sides).field == ""
    assert refusal(game, {**good, "mode": "live"}, sides).field == "mode"
    assert refusal(game, {**good, "finished": "no"}, sides).field == "finished"
    assert refusal(game, {k: v for k, v in good.items() if k != "finished"}, sides).field == (
        "finished"
    )
    assert refusal(game, {**good, "extra": 1}, sides).field == "extra"
    assert refusal(game, {**good, "sides": good["sides"][:-1]}, sides).field == "sides"
    assert refusal(game, {**good, "sides": "all"}, sides).field == "sides"
    unknown = {**good, "sides": [{**good["sides"][0], "bonus": 1}, *good["sides"][1:]]}
    assert refusal(game, unknown, sides).field == "sides[0].bonus"
    missing = {**good, "sides": [{}, *good["sides"][1:]]}
    assert refusal(game, missing, sides).field == f"sides[0].{field}"


def test_detailed_rows_shape():
    good = detailed("points", [[100, 50, -20]], finished=False)
    assert refusal("duizenden", {**good, "rows": "x"}, 3).field == "rows"
    assert refusal("duizenden", detailed("points", [], finished=True), 3).field.startswith("rows")
    too_many = detailed("points", [[5, 0, 0]] * 61, finished=False)
    assert refusal("duizenden", too_many, 3).field == "rows"
    assert refusal("duizenden", {**good, "rows": [[100, 50, -20]]}, 3).field == "rows[0]"
    extra = {**good, "rows": [{**good["rows"][0], "note": "x"}]}
    assert refusal("duizenden", extra, 3).field == "rows[0].note"
    short = {**good, "rows": [{"sides": good["rows"][0]["sides"][:2]}]}
    assert refusal("duizenden", short, 3).field == "rows[0].sides"
    boolean = detailed("points", [[True, 0, 0]], finished=False)
    assert refusal("duizenden", boolean, 3).field == "rows[0].sides[0].points"


def test_tricks_are_a_whole_number_or_null_for_a_pass():
    for bad in (True, "2", 2.0, -1, 6):
        entry = detailed("tricks", [[bad, 3, 2]], finished=False)
        assert refusal("miezemauzen", entry, 3).field == "rows[0].sides[0].tricks", bad
    missing = {"mode": "detailed", "finished": False,
               "rows": [{"sides": [{}, {"tricks": 3}, {"tricks": 2}]}]}  # fmt: skip
    assert refusal("miezemauzen", missing, 3).field == "rows[0].sides[0].tricks"


def test_a_side_index_is_a_whole_number_in_range():
    for bad in (True, "0", -1, 3, 1.0):
        row = {"kat": bad, "sides": [{"tricks": 0}, {"tricks": 0}, {"tricks": 0}]}
        entry = {"mode": "detailed", "finished": False, "rows": [row]}
        assert refusal("miezemauzen", entry, 3).field == "rows[0].kat", bad


def test_every_registered_game_has_a_result_spec_with_a_margin_direction():
    for spec in registry.games():
        assert spec.results is not None
        assert spec.results.margin_sign in (1, -1)
