"""Table results common to every game: the ResultSpec layout, entries, refusals and the
messages they carry."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

from games import registry
from games.results import (
    Field,
    Layout,
    ResultError,
    ResultSpec,
    TableResult,
    _,
    clean_entry,
    competition_ranks,
    running_totals,
    score_entry,
    table_result,
)
from tests.games.helpers import detailed_entry, result_refusal, scored_table, summary_entry

ROOT = Path(__file__).resolve().parents[3]


RESULT_MODULES = [ROOT / "games/results.py", *sorted(ROOT.glob("games/*/results.py"))]


PLACEHOLDER = re.compile(r"%\((\w+)\)s")

# A made-up game that uses every kind of field.
ROW_FIELDS = (
    Field("points", "Points", "int", minimum=-10, maximum=10, step=5),
    Field("tricks", "Tricks", "tricks", minimum=0, maximum=5),
    Field("first", "First", "side", per_side=False, required=False),
    Field("doubled", "Doubled", "bool", per_side=False, required=False),
    Field("extra", "Extra", "int", per_side=False, required=False, when=("extra", True)),
)


LAYOUT = Layout(
    modes=("detailed", "summary"),
    row_label="Deal",
    row_fields=ROW_FIELDS,
    summary_fields=(
        Field("total", "Total", "int", minimum=0),
        Field("table", "Table", "bool", per_side=False),
    ),
    max_rows=3,
)


def echo(entry: Any, sides: int, options: Any) -> TableResult:
    """A scorer that ranks by the first side-field value and keeps the entry it got."""
    echo.seen = entry  # type: ignore[attr-defined]
    return table_result(
        scores=[0] * sides, margins=[0] * sides, keys=[0] * sides, finished=False, winner=None
    )


SPEC = ResultSpec(LAYOUT, echo, (2, 3), "Total", "points", 1)


def row(**extra: Any) -> dict[str, Any]:
    return {**extra, "sides": [{"points": 5, "tricks": 2}, {"points": -5, "tricks": None}]}


def entry(*rows: dict[str, Any], finished: bool = False) -> dict[str, Any]:
    return {"mode": "detailed", "finished": finished, "rows": list(rows)}


def error_of(data: object, sides: int = 2, options: dict[str, Any] | None = None) -> ResultError:
    with pytest.raises(ResultError) as info:
        score_entry(SPEC, data, sides, options or {})
    return info.value


def result_error_calls(path: Path) -> list[ast.Call]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "ResultError"
    ]


def marked_text(node: ast.expr) -> str | None:
    """The literal text of ``_("...")``, or None when ``node`` is anything else."""
    if (
        isinstance(node, ast.Call)
        and getattr(node.func, "id", None) == "_"
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ):
        return node.args[0].value
    return None


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
    return summary_entry(finished=False, **{field: values}, **SECOND_COLUMN.get(game, {}))


# --- clean_entry and score_entry ------------------------------------------------------------


def test_a_clean_entry_reaches_the_scorer_with_defaults_filled_in():
    score_entry(SPEC, entry(row(first=1), row()), 2, {})
    assert echo.seen == {  # type: ignore[attr-defined]
        "mode": "detailed",
        "finished": False,
        "rows": [
            {"first": 1, "doubled": False, "sides": row()["sides"]},
            {"first": None, "doubled": False, "sides": row()["sides"]},
        ],
    }


def test_a_summary_keeps_its_table_fields_beside_the_sides():
    data = {
        "mode": "summary",
        "finished": True,
        "table": True,
        "sides": [{"total": 3}, {"total": 0}, {"total": 9}],
    }
    assert clean_entry(LAYOUT, data, 3) == data


def test_a_field_asked_only_with_an_option_is_refused_without_it():
    assert error_of(entry(row(extra=3))).field == "rows[0].extra"
    score_entry(SPEC, entry(row(extra=3)), 2, {"extra": True})
    assert echo.seen["rows"][0]["extra"] == 3  # type: ignore[attr-defined]
    assert [f.name for f in LAYOUT.for_options({}).row_fields] == [
        "points",
        "tricks",
        "first",
        "doubled",
    ]


@pytest.mark.parametrize(
    ("data", "field", "template"),
    [
        ([], "", "A result must be an object with its fields."),
        (
            {"mode": "live", "finished": False},
            "mode",
            "This game's result cannot be entered this way.",
        ),
        ({"mode": "detailed", "rows": []}, "finished", "Say whether the game was finished."),
        (
            {"mode": "detailed", "finished": 1, "rows": []},
            "finished",
            "Say whether the game was finished.",
        ),
        ({**entry(), "notes": "x"}, "notes", "This game's result has no such field."),
        ({"mode": "detailed", "finished": False}, "rows", "Enter the result row by row."),
        (entry(row(), row(), row(), row()), "rows", "At most %(most)s rows can be entered."),
        (entry(finished=True), "rows", "A finished game has at least one row."),
        (entry(["x"]), "rows[0]", "A row must be an object with its fields."),  # type: ignore[arg-type]
        (
            entry({"sides": [{"points": 5, "tricks": 1}]}),
            "rows[0].sides",
            "Enter one value for each of the %(sides)s players or teams.",
        ),
        (
            entry({"sides": "ab"}),
            "rows[0].sides",
            "Enter one value for each of the %(sides)s players or teams.",
        ),
        (
            entry({"sides": [{"points": 5, "tricks": 1}, 7]}),
            "rows[0].sides[1]",
            "A side must be an object with its fields.",
        ),
        (entry(row(colour="red")), "rows[0].colour", "This game's result has no such field."),
        (
            entry({"sides": [{"points": 5, "tricks": 1, "kat": 1}, {"points": 5, "tricks": 1}]}),
            "rows[0].sides[0].kat",
            "This game's result has no such field.",
        ),
        (
            entry({"sides": [{"tricks": 1}, {"points": 5, "tricks": 1}]}),
            "rows[0].sides[0].points",
            "This field is required.",
        ),
        (
            entry({"sides": [{"points": None, "tricks": 1}, {"points": 5, "tricks": 1}]}),
            "rows[0].sides[0].points",
            "This field is required.",
        ),
        (
            entry({"sides": [{"points": 5}, {"points": 5, "tricks": 1}]}),
            "rows[0].sides[0].tricks",
            "This field is required.",
        ),
        (
            entry({"sides": [{"points": "5", "tricks": 1}, {"points": 5, "tricks": 1}]}),
            "rows[0].sides[0].points",
            "Enter a whole number.",
        ),
        (
            entry({"sides": [{"points": True, "tricks": 1}, {"points": 5, "tricks": 1}]}),
            "rows[0].sides[0].points",
            "Enter a whole number.",
        ),
        (
            entry({"sides": [{"points": 5.0, "tricks": 1}, {"points": 5, "tricks": 1}]}),
            "rows[0].sides[0].points",
            "Enter a whole number.",
        ),
        (
            entry({"sides": [{"points": -15, "tricks": 1}, {"points": 5, "tricks": 1}]}),
            "rows[0].sides[0].points",
            "Enter at least %(minimum)s.",
        ),
        (
            entry({"sides": [{"points": 15, "tricks": 1}, {"points": 5, "tricks": 1}]}),
            "rows[0].sides[0].points",
            "Enter at most %(maximum)s.",
        ),
        (
            entry({"sides": [{"points": 3, "tricks": 1}, {"points": 5, "tricks": 1}]}),
            "rows[0].sides[0].points",
            "Enter a multiple of %(step)s.",
        ),
        (
            entry({"sides": [{"points": 5, "tricks": 6}, {"points": 5, "tricks": 1}]}),
            "rows[0].sides[0].tricks",
            "Enter at most %(maximum)s.",
        ),
        (
            entry({"sides": [{"points": 5, "tricks": "1"}, {"points": 5, "tricks": 1}]}),
            "rows[0].sides[0].tricks",
            "Enter a whole number.",
        ),
        (
            entry(row(first=2)),
            "rows[0].first",
            "Choose one of the %(sides)s players or teams at this table.",
        ),
        (
            entry(row(first=-1)),
            "rows[0].first",
            "Choose one of the %(sides)s players or teams at this table.",
        ),
        (entry(row(doubled="yes")), "rows[0].doubled", "Enter yes or no."),
        (
            {"mode": "summary", "finished": False, "sides": [{"total": 1}, {"total": 1}]},
            "table",
            "This field is required.",
        ),
        (
            {
                "mode": "summary",
                "finished": False,
                "table": False,
                "sides": [{"total": 1}, {"total": -1}],
            },
            "sides[1].total",
            "Enter at least %(minimum)s.",
        ),
        (
            {
                "mode": "summary",
                "finished": False,
                "table": False,
                "rows": [],
                "sides": [{"total": 1}, {"total": 1}],
            },
            "rows",
            "This game's result has no such field.",
        ),
    ],
)
def test_every_common_check_names_its_field(data, field, template):
    error = error_of(data)
    assert (error.field, error.template) == (field, template)
    assert str(error) == error.message == template % error.params


def test_an_unfinished_detailed_entry_may_have_no_rows_yet():
    score_entry(SPEC, entry(), 2, {})
    assert echo.seen["rows"] == []  # type: ignore[attr-defined]


def test_a_table_size_the_game_does_not_allow_is_refused():
    error = error_of(entry(), sides=4)
    assert (error.field, error.params) == ("sides", {"allowed": "2, 3", "sides": 4})
    assert error.message == "This game is played by 2, 3 players or teams at a table, not 4."


def test_a_mode_the_game_does_not_offer_is_refused():
    error = result_refusal("keezen", {"mode": "detailed", "finished": False, "rows": []}, 2)
    assert error.field == "mode"


# --- ResultError, ranks, results ---------------------------------------------------------------


def test_a_result_error_is_a_case_error_with_its_template_and_params():
    error = ResultError("rows[2].sides[1].points", "Deal %(deal)s: %(points)s", deal=3, points=7)
    assert isinstance(error, ValueError)
    assert (error.field, error.template, error.params) == (
        "rows[2].sides[1].points",
        "Deal %(deal)s: %(points)s",
        {"deal": 3, "points": 7},
    )
    assert str(error) == error.message == "Deal 3: 7"
    assert _("Points") == "Points"


@pytest.mark.parametrize(
    ("keys", "expected"),
    [
        ([5, 3, 9], (2, 3, 1)),
        ([4, 4, 1], (1, 1, 3)),
        ([1, 4, 4, 4], (4, 1, 1, 1)),
        ([(-3, 1), (-3, 2), (-5, 9)], (2, 1, 3)),
        ([0, 0], (1, 1)),
    ],
)
def test_competition_ranks_share_equal_keys_and_skip_after(keys, expected):
    assert competition_ranks(keys) == expected


def test_table_result_keeps_the_winner_only_when_finished():
    made = table_result(scores=[3, 1], margins=[2, -2], keys=[3, 1], finished=False, winner=0)
    assert made.winner is None
    assert [(s.side, s.score, s.rank, s.margin, s.game_points) for s in made.sides] == [
        (0, 3, 1, 2, 0),
        (1, 1, 2, -2, 0),
    ]


def test_running_totals_add_up_row_by_row_from_the_start():
    assert running_totals([[1, 2], [3, -4]]) == [(1, 2), (4, -2)]
    assert running_totals([[1, 2]], start=10) == [(11, 12)]
    assert running_totals([]) == []


# --- every game --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", registry.available())
def test_every_registered_game_has_a_result_spec(game):
    spec = registry.get(game).results
    assert isinstance(spec, ResultSpec)
    assert set(spec.sides) <= set(range(2, 7))
    assert spec.margin_sign in (1, -1)
    assert set(spec.layout.modes) <= {"detailed", "summary"} and spec.layout.modes
    for field in (*spec.layout.row_fields, *spec.layout.summary_fields):
        assert field.kind in ("int", "bool", "side", "tricks")
        assert field.label and field.help
    names = [f.name for f in spec.layout.row_fields]
    assert "sides" not in names and len(set(names)) == len(names)
    assert spec.game_points is (game in ("keezen", "klaverjassen"))


@pytest.mark.parametrize("path", RESULT_MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_result_error_has_a_marked_template_that_its_params_fill(path):
    calls = result_error_calls(path)
    assert calls, "a results module refuses something"
    for call in calls:
        where = f"{path.name}:{call.lineno}"
        assert len(call.args) == 2, where
        text = marked_text(call.args[1])
        assert text is not None, f"{where}: the message is not a literal marked with _()"
        given = {keyword.arg for keyword in call.keywords}
        assert set(PLACEHOLDER.findall(text)) == given, where
        assert "%" not in PLACEHOLDER.sub("", text), f"{where}: a stray % in the message"
        assert text % dict.fromkeys(given, 1)


@pytest.mark.parametrize("path", RESULT_MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_label_and_help_is_marked_for_translation(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
    assert calls, f"{path.name}: nothing to check"  # the loop below runs
    for node in calls:
        name = getattr(node.func, "id", None)
        texts = []
        if name == "Field":
            texts = [node.args[1], *(k.value for k in node.keywords if k.arg == "help")]
        elif name in ("Layout", "ResultSpec"):
            labels = ("row_label", "score_label", "margin_label")
            texts = [k.value for k in node.keywords if k.arg in labels]
        for text in texts:
            assert marked_text(text) is not None, f"{path.name}:{node.lineno}"


@pytest.mark.parametrize(("game", "sides", "field", "values"), SUMMARIES)
def test_a_legal_summary_scores(game: str, sides: int, field: str, values: list[Any]):
    result = scored_table(game, entry_for(game, field, values), sides)
    assert [side.side for side in result.sides] == list(range(sides))


@pytest.mark.parametrize(("game", "sides", "field", "values"), SUMMARIES)
@pytest.mark.parametrize("bad", [True, "3", 3.5, None, [3]])
def test_a_value_of_the_wrong_type_is_refused(game, sides, field, values, bad):
    entry = entry_for(game, field, values)
    entry["sides"][0][field] = bad
    assert result_refusal(game, entry, sides).field == f"sides[0].{field}"


@pytest.mark.parametrize(("game", "sides", "field", "values"), SUMMARIES)
def test_the_shape_of_the_entry(game, sides, field, values):
    good = entry_for(game, field, values)
    assert result_refusal(game, [good], sides).field == ""
    assert result_refusal(game, {**good, "mode": "live"}, sides).field == "mode"
    assert result_refusal(game, {**good, "finished": "no"}, sides).field == "finished"
    assert result_refusal(
        game, {k: v for k, v in good.items() if k != "finished"}, sides
    ).field == ("finished")
    assert result_refusal(game, {**good, "extra": 1}, sides).field == "extra"
    assert result_refusal(game, {**good, "sides": good["sides"][:-1]}, sides).field == "sides"
    assert result_refusal(game, {**good, "sides": "all"}, sides).field == "sides"
    unknown = {**good, "sides": [{**good["sides"][0], "bonus": 1}, *good["sides"][1:]]}
    assert result_refusal(game, unknown, sides).field == "sides[0].bonus"
    missing = {**good, "sides": [{}, *good["sides"][1:]]}
    assert result_refusal(game, missing, sides).field == f"sides[0].{field}"


def test_detailed_rows_shape():
    good = detailed_entry("points", [[100, 50, -20]], finished=False)
    assert result_refusal("duizenden", {**good, "rows": "x"}, 3).field == "rows"
    assert result_refusal(
        "duizenden", detailed_entry("points", [], finished=True), 3
    ).field.startswith("rows")
    too_many = detailed_entry("points", [[5, 0, 0]] * 61, finished=False)
    assert result_refusal("duizenden", too_many, 3).field == "rows"
    assert result_refusal("duizenden", {**good, "rows": [[100, 50, -20]]}, 3).field == "rows[0]"
    extra = {**good, "rows": [{**good["rows"][0], "note": "x"}]}
    assert result_refusal("duizenden", extra, 3).field == "rows[0].note"
    short = {**good, "rows": [{"sides": good["rows"][0]["sides"][:2]}]}
    assert result_refusal("duizenden", short, 3).field == "rows[0].sides"
    boolean = detailed_entry("points", [[True, 0, 0]], finished=False)
    assert result_refusal("duizenden", boolean, 3).field == "rows[0].sides[0].points"


def test_tricks_are_a_whole_number_or_null_for_a_pass():
    for bad in (True, "2", 2.0, -1, 6):
        entry = detailed_entry("tricks", [[bad, 3, 2]], finished=False)
        assert result_refusal("miezemauzen", entry, 3).field == "rows[0].sides[0].tricks", bad
    missing = {
        "mode": "detailed",
        "finished": False,
        "rows": [{"sides": [{}, {"tricks": 3}, {"tricks": 2}]}],
    }
    assert result_refusal("miezemauzen", missing, 3).field == "rows[0].sides[0].tricks"


def test_a_side_index_is_a_whole_number_in_range():
    for bad in (True, "0", -1, 3, 1.0):
        row = {"kat": bad, "sides": [{"tricks": 0}, {"tricks": 0}, {"tricks": 0}]}
        entry = {"mode": "detailed", "finished": False, "rows": [row]}
        assert result_refusal("miezemauzen", entry, 3).field == "rows[0].kat", bad


def test_every_registered_game_has_a_result_spec_with_a_margin_direction():
    specs = registry.games()
    assert specs  # the loop below runs
    for spec in specs:
        assert spec.results is not None
        assert spec.results.margin_sign in (1, -1)
