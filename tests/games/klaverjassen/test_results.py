"""Klaverjassen table results (KJ-8 as the site scores a table): the briefje row by row
with ``deal_score``'s checks, or the two game scores at the end. The game is not in the
registry yet (issue 41): its ResultSpec is scored as the site will, through
``score_entry``."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.base import clean_options
from games.klaverjassen.cards import OPTIONS
from games.klaverjassen.results import LAYOUT, RESULTS
from games.klaverjassen.scoring import game
from games.klaverjassen.simulate import simulate
from games.results import CombinedResultError, ResultError, TableResult, score_entry
from tests.games.helpers import assert_consistent, margins, ranks, scores, summary_entry


def options(**given: Any) -> dict[str, Any]:
    return clean_options(OPTIONS, given)


def scored(entry: dict[str, Any], **given: Any) -> TableResult:
    return score_entry(RESULTS, entry, 2, options(**given))


def refusals(entry: dict[str, Any], **given: Any) -> list[ResultError]:
    with pytest.raises(ResultError) as info:
        scored(entry, **given)
    error = info.value
    assert str(error) == error.template % error.params
    return list(error.errors)


def form_row(playing: int, points: list[int], roem=(0, 0), **marks: Any) -> dict[str, Any]:
    """A row as the phone sends it: roem left empty where none."""
    return {
        "playing": playing,
        **marks,
        "sides": [{"points": p, "roem": r or None} for p, r in zip(points, roem, strict=True)],
    }


def from_briefje(row: dict[str, Any]) -> dict[str, Any]:
    """A ``deal_score`` row (the simulator's log) as the form's row."""
    return form_row(row["playing"], row["points"], row["roem"], nat=row["nat"], pit=row["pit"],
                    verzaakt=row["verzaakt"])  # fmt: skip


def detailed(rows: list[dict[str, Any]], *, finished: bool) -> dict[str, Any]:
    return {"mode": "detailed", "finished": finished, "rows": rows}


# A whole game of 16 rows: plain deals, roem, a nat deal, pit and a verzaakt deal.
GAME_ROWS = [
    {"playing": 0, "points": [90, 72], "roem": [20, 0], "nat": False, "pit": False,
     "verzaakt": None},
    {"playing": 1, "points": [100, 62], "roem": [0, 20], "nat": True, "pit": False,
     "verzaakt": None},  # 62 + 20 < 100: nat, team 0 gets 162 + 20
    {"playing": 0, "points": [162, 0], "roem": [50, 0], "nat": False, "pit": True,
     "verzaakt": None},  # pit: 162 + 50 + 100
    {"playing": 1, "points": [40, 122], "roem": [0, 0], "nat": False, "pit": False,
     "verzaakt": 0},  # team 0 reneged: team 1 gets 162
    *[{"playing": 0, "points": [81 + i, 81 - i], "roem": [0, 0], "nat": False,
       "pit": False, "verzaakt": None} for i in range(1, 13)],
]  # fmt: skip


def test_a_whole_game_row_by_row_scores_as_the_engine_s_game():
    engine = game(GAME_ROWS).result
    result = scored(detailed([from_briefje(row) for row in GAME_ROWS], finished=True))
    assert scores(result) == engine["score"]
    assert [list(row) for row in result.totals] == engine["running"]
    assert result.totals[:4] == ((110, 72), (292, 72), (604, 72), (604, 234))
    assert (result.finished, result.winner) == (True, engine["winner"])
    assert margins(result) == scores(result)
    assert ranks(result) == [1, 2]
    assert_consistent(result)


def test_the_other_team_s_points_are_162_minus_the_typed_ones_by_the_form_s_help():
    points = next(f for f in RESULTS.layout.row_fields if f.name == "points")
    assert (points.minimum, points.maximum) == (0, 162)
    assert "162 minus" in points.help


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), variant=st.sampled_from(["rotterdams", "amsterdams"]))
def test_a_simulated_game_entered_row_by_row_gives_the_simulator_s_totals(seed, variant):
    sim = simulate(seed, {"variant": variant})
    rows = [from_briefje(row) for row in sim.log["rows"]]
    result = scored(detailed(rows, finished=True), variant=variant)
    assert scores(result) == sim.summary["score"]
    assert list(result.totals[-1]) == sim.summary["score"]
    totals = sim.summary["score"]
    summary = scored(summary_entry(finished=True, total=totals), variant=variant)
    assert (scores(summary), ranks(summary), summary.winner) == (
        totals, ranks(result), result.winner)  # fmt: skip
    # half-way, the game is not finished: the running totals so far
    half = scored(detailed(rows[:8], finished=False), variant=variant)
    assert (half.totals, half.winner, half.finished) == (result.totals[:8], None, False)


@pytest.mark.parametrize(
    ("row", "field", "rule"),
    [
        (form_row(0, [90, 70]), "rows[1].sides[0].points", "KJ-2"),
        (form_row(0, [90, 72], (30, 0)), "rows[1].sides[0].roem", "KJ-4"),
        (form_row(0, [90, 72], (700, 20)), "rows[1].sides", "KJ-4"),
        (form_row(0, [90, 72], (0, 780)), "rows[1].sides[1].roem", "Enter at most"),
        (form_row(0, [90, 72], nat=True), "rows[1].nat", "KJ-5"),
        (form_row(0, [70, 92]), "rows[1].nat", "KJ-5"),
        (form_row(0, [150, 12], pit=True), "rows[1].pit", "KJ-6"),
        (form_row(0, [162, 0], (0, 20), pit=True), "rows[1].pit", "KJ-6"),
    ],
)
def test_each_row_check_is_refused_at_its_cell_citing_its_rule(row, field, rule):
    entry = detailed([form_row(1, [60, 102]), row], finished=False)
    found = refusals(entry)
    assert found[0].field == field
    assert rule in found[0].message
    assert "Deal 2" in found[0].message or rule == "Enter at most"


def test_every_row_s_refusals_come_at_once():
    entry = detailed([form_row(0, [90, 70]), form_row(0, [80, 82], nat=False),
                      form_row(1, [62, 100], (20, 30))], finished=False)  # fmt: skip
    with pytest.raises(CombinedResultError) as info:
        scored(entry)
    found = [(e.field, e.message[-6:-2]) for e in info.value.errors]
    assert found == [
        ("rows[0].sides[0].points", "KJ-2"),
        ("rows[1].nat", "KJ-5"),
        ("rows[2].sides[1].roem", "KJ-4"),
    ]


def test_under_verzaken_deal_a_stopped_deal_needs_no_162():
    stopped = form_row(1, [40, 60], verzaakt=0)
    result = scored(detailed([stopped], finished=False))
    assert scores(result) == [0, 162]
    assert refusals(detailed([stopped], finished=False), verzaken="minus100")[0].field == (
        "rows[0].sides[0].points")  # fmt: skip


def test_a_game_is_finished_after_its_deals_and_no_more():
    rows = [form_row(0, [90, 72])] * 16
    assert refusals(detailed(rows[:15], finished=True))[0].field == "finished"
    assert refusals(detailed(rows, finished=False))[0].field == "finished"
    extra = refusals(detailed([*rows, form_row(0, [90, 72])], finished=True))[0]
    assert (extra.field, extra.params) == ("rows[16]", {"deals": 16, "deal": 17})
    assert scored(detailed(rows[:4], finished=True), deals=4).finished


def test_equal_game_scores_share_the_rank_and_nobody_wins():
    rows = [form_row(0, [91, 71]), form_row(1, [71, 91])] * 8
    result = scored(detailed(rows, finished=True))
    assert (scores(result), ranks(result), result.winner, result.finished) == (
        [1296, 1296], [1, 1], None, True)  # fmt: skip
    tied = scored(summary_entry(finished=True, total=[1301, 1301]))
    assert (ranks(tied), tied.winner) == ([1, 1], None)


def test_a_summary_of_the_two_game_scores():
    result = scored(summary_entry(finished=True, total=[1500, 1282]))
    assert (scores(result), ranks(result), result.winner, result.totals) == (
        [1500, 1282], [1, 2], 0, ())  # fmt: skip
    assert scored(summary_entry(finished=False, total=[500, 148])).winner is None
    assert scored(summary_entry(finished=False, total=[0, 0])).sides[0].rank == 1


@pytest.mark.parametrize(
    ("total", "finished"),
    [([1000, 1000], True), ([1500, 1283], True), ([162 * 16 + 871 * 16, 0], True),
     ([81, 80], False)],
)  # fmt: skip
def test_summary_totals_that_no_game_gives_are_refused(total, finished):
    found = refusals(summary_entry(finished=finished, total=total))
    assert found[0].field == "sides"
    assert "KJ-8" in found[0].message


def test_a_table_is_two_teams_and_the_form_offers_both_modes():
    assert (RESULTS.sides, RESULTS.layout.modes) == ((2,), ("detailed", "summary"))
    # The game score is the game points of the scheme "game" (KJ-9) and the margin.
    assert (RESULTS.margin_sign, RESULTS.game_points) == (1, True)
    scored = score_entry(RESULTS, summary_entry(finished=True, total=[1400, 1312]), 2, options())
    assert [side.game_points for side in scored.sides] == [1400, 1312]
    assert [side.margin for side in scored.sides] == [1400, 1312]
    with pytest.raises(ResultError) as info:
        score_entry(RESULTS, summary_entry(finished=True, total=[1, 2, 3]), 3, options())
    assert info.value.field == "sides"
    for field in (*RESULTS.layout.row_fields, *RESULTS.layout.summary_fields):
        assert field.label and field.help


def test_the_form_starts_with_a_row_per_deal_and_fills_in_the_other_teams_points():
    # KJ-8: a game has ``deals`` rows, so the form starts with as many (not the default 8).
    assert LAYOUT.for_options(options()).blank_rows == 16
    assert LAYOUT.for_options(options(deals=12)).blank_rows == 12
    # The other team's points are 162 minus the typed ones (the issue: "fill in").
    points = next(f for f in LAYOUT.row_fields if f.name == "points")
    assert points.complement == 162
    row = form_row(0, [90, 72])
    row["sides"][1].pop("points")
    result = scored(detailed([row], finished=False))
    assert result.totals[0] == (90, 72)


@pytest.mark.django_db
def test_the_phone_form_names_the_teams_wij_and_zij_as_the_briefje_does():
    from django.utils import translation

    from scoring.forms import ResultForm

    names = ["Anneke van den Heuvel & Piet van Kessel", "Bas Verhoeven & Riet Schellekens"]
    with translation.override("nl"):
        form = ResultForm(layout=LAYOUT.for_options(options()), mode="detailed",
                          side_names=names)  # fmt: skip
        assert form.side_names == ["Wij", "Zij"]  # short: the cells and choices
        assert form.side_titles == [f"Wij: {names[0]}", f"Zij: {names[1]}"]
        played = form.fields["r0_playing"]
        assert [label for _value, label in played.choices][1:] == ["Wij", "Zij"]
        assert form.rows == 16  # a row per deal from the start
        assert form.fields["r0_s0_points"].widget.attrs["data-complement"] == 162
