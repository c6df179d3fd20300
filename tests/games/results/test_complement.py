"""A per-side field with a complement (games.results.Field.complement, klaverjassen's 162
points of a deal) and the rows a table keeps during its game (check_rows), with a made-up
two-team game built here: a deal's points sum to 162, a game has three deals."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from games.results import (
    Field,
    Layout,
    ResultError,
    ResultSpec,
    TableResult,
    check_rows,
    fill_complements,
    running_totals,
    score_entry,
    table_result,
)

DEALS = 3
LAYOUT = Layout(
    modes=("detailed", "summary"),
    row_label="Deal",
    row_fields=(
        Field("points", "Points", "int", minimum=0, maximum=162, complement=162),
        Field("roem", "Roem", "int", minimum=0, maximum=200, step=10, required=False),
        Field("nat", "Nat", "bool", per_side=False, required=False),
    ),
    summary_fields=(Field("total", "Total", "int", minimum=0, complement=500),),
    max_rows=DEALS,
)


def score(entry: Mapping[str, Any], sides: int, options: Mapping[str, Any]) -> TableResult:
    """Each deal's points must sum to 162; finished exactly when all deals are there."""
    if entry["mode"] == "summary":
        totals = [side["total"] for side in entry["sides"]]
        return table_result(scores=totals, margins=totals, keys=totals,
                            finished=entry["finished"], winner=None)  # fmt: skip
    rows = [[side["points"] + (side["roem"] or 0) for side in row["sides"]]
            for row in entry["rows"]]  # fmt: skip
    for index, row in enumerate(entry["rows"]):
        together = sum(side["points"] for side in row["sides"])
        if together != 162:
            raise ResultError(f"rows[{index}].sides", "Points sum to %(total)s.", total=together)
    if entry["finished"] != (len(rows) == DEALS):
        raise ResultError("finished", "Finished after all deals, not before.")
    running = running_totals(rows)
    totals = list(running[-1]) if running else [0, 0]
    return table_result(scores=totals, margins=totals, keys=totals,
                        finished=entry["finished"], winner=None, totals=running)  # fmt: skip


SPEC = ResultSpec(
    layout=LAYOUT, score=score, sides=(2, 3), score_label="Score", margin_label="points",
    margin_sign=1,
)  # fmt: skip


def row(first: Any, second: Any, *, nat: bool = False, roem=(None, None)) -> dict[str, Any]:
    return {
        "nat": nat,
        "sides": [{"points": first, "roem": roem[0]}, {"points": second, "roem": roem[1]}],
    }


def entry(*rows: dict[str, Any], finished: bool = False) -> dict[str, Any]:
    return {"mode": "detailed", "finished": finished, "rows": list(rows)}


# --- the complement ------------------------------------------------------------------------


def test_the_other_sides_value_is_the_complement_of_the_given_one():
    given = entry(row(100, None), row(None, 40), row(0, None), finished=True)
    result = score_entry(SPEC, given, 2, {})
    assert result.totals == ((100, 62), (222, 102), (222, 264))


def test_fill_complements_gives_what_is_stored_and_leaves_the_rest():
    given = entry(row(100, None), row(None, None), row(None, 40), row(90, 80))
    filled = fill_complements(LAYOUT, given, 2)
    assert [[side["points"] for side in r["sides"]] for r in filled["rows"]] == [
        [100, 62], [None, None], [122, 40], [90, 80],
    ]  # fmt: skip
    assert filled["rows"][0]["sides"][0]["roem"] is None  # a field without one: untouched
    assert given["rows"][0]["sides"][1]["points"] is None  # a copy: the entry is as it was
    summary = {"mode": "summary", "finished": True, "sides": [{"total": 320}, {}]}
    assert fill_complements(LAYOUT, summary, 2)["sides"][1] == {"total": 180}


def test_both_values_given_are_the_games_to_judge():
    with pytest.raises(ResultError) as refused:
        score_entry(SPEC, entry(row(90, 80), finished=False), 2, {})
    assert [(e.field, e.message) for e in refused.value.errors] == [
        ("rows[0].sides", "Points sum to 170.")
    ]


def test_no_value_given_is_still_required():
    with pytest.raises(ResultError) as refused:
        score_entry(SPEC, entry(row(None, None)), 2, {})
    assert {e.field for e in refused.value.errors} == {
        "rows[0].sides[0].points",
        "rows[0].sides[1].points",
    }


def test_a_value_out_of_bounds_is_refused_at_its_cell_and_fills_nothing():
    with pytest.raises(ResultError) as refused:
        score_entry(SPEC, entry(row(200, None)), 2, {})
    assert [e.field for e in refused.value.errors] == [
        "rows[0].sides[0].points",
        "rows[0].sides[1].points",  # still required: no -38 made up for it
    ]
    assert refused.value.errors[0].message == "Enter at most 162."


def test_only_a_table_of_two_sides_has_a_complement():
    three = {"nat": False, "sides": [{"points": 100}, {"points": None}, {"points": 62}]}
    assert fill_complements(LAYOUT, entry(three), 3) == entry(three)
    with pytest.raises(ResultError) as refused:
        score_entry(SPEC, entry(three), 3, {})
    assert [e.field for e in refused.value.errors] == ["rows[0].sides[1].points"]


def test_a_boolean_or_text_is_no_number_to_complement():
    filled = fill_complements(LAYOUT, entry(row(True, None), row("80", None)), 2)
    assert [r["sides"][1]["points"] for r in filled["rows"]] == [None, None]


# --- the rows kept during the game ---------------------------------------------------------


def test_rows_so_far_are_scored_up_to_the_first_incomplete_one():
    checked = check_rows(SPEC, entry(row(100, None), row(None, None, nat=True)), 2, {})
    assert checked.errors == ()
    assert checked.complete == 1
    assert checked.totals == ((100, 62),)
    assert checked.entry["rows"][0]["sides"][1]["points"] == 62  # the complement, as stored


def test_a_draft_does_not_say_whether_the_game_is_finished():
    """All deals kept while the entry says unfinished: the game's refusal of `finished`
    is no refusal of the rows."""
    checked = check_rows(SPEC, entry(row(100, None), row(80, None), row(81, None)), 2, {})
    assert (checked.errors, checked.complete) == ((), 3)
    assert checked.totals[-1] == (261, 225)


def test_the_cells_given_are_checked_for_kind_and_bounds():
    given = entry(row(100, None, roem=(15, None)), row(None, "x"), row(None, None))
    checked = check_rows(SPEC, given, 2, {})
    assert [(e.field, e.message) for e in checked.errors] == [
        ("rows[0].sides[0].roem", "Enter a multiple of 10."),
        ("rows[1].sides[1].points", "Enter a whole number."),
    ]
    assert (checked.complete, checked.totals) == (0, ())


def test_the_games_own_rules_judge_the_complete_rows():
    checked = check_rows(SPEC, entry(row(100, None), row(90, 80), row(10, None)), 2, {})
    assert [(e.field, e.message) for e in checked.errors] == [
        ("rows[1].sides", "Points sum to 170.")
    ]
    assert checked.totals == ()


def test_a_draft_is_detailed_rows_only():
    with pytest.raises(ResultError) as refused:
        check_rows(SPEC, {"mode": "summary", "finished": False, "sides": [{}, {}]}, 2, {})
    assert refused.value.field == "mode"
    with pytest.raises(ResultError) as refused:
        check_rows(SPEC, entry(row(1, 2), row(1, 2), row(1, 2), row(1, 2)), 2, {})
    assert refused.value.field == "rows"  # at most max_rows
    with pytest.raises(ResultError) as refused:
        check_rows(SPEC, entry({"sides": [{"points": 1}]}), 2, {})
    assert refused.value.field == "rows[0].sides"
    with pytest.raises(ResultError) as refused:
        check_rows(SPEC, entry(row(1, 2)), 4, {})
    assert refused.value.field == "sides"
