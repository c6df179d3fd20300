"""MeieRijen table results (MR-12, MR-13, MR-V1, MR-4P): rounds and rounds won, worked by
hand, and whole simulated matches scoring to the simulator's rounds won and winner."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import registry
from tests.games.results.helpers import (
    assert_consistent,
    detailed,
    margins,
    ranks,
    refusal,
    score,
    scores,
    summary,
)

GAME = "meierijen"


def match(*rows: Any, finished: bool) -> dict[str, Any]:
    entry = detailed("minus", list(rows), finished=finished)
    for row in entry["rows"]:
        row.setdefault("first", None)
    return entry


def test_two_rounds_won_win_the_match():
    result = score(GAME, match([3, 10], [5, 8], finished=True), 2)
    assert (scores(result), ranks(result), margins(result)) == ([2, 0], [1, 2], [-8, -18])
    assert (result.finished, result.winner, result.totals) == (True, 0, ((1, 0), (2, 0)))
    assert_consistent(result)


def test_one_round_each_is_a_draw_sharing_the_first_place():
    result = score(GAME, match([3, 10], [8, 5], finished=True), 2)
    assert (scores(result), ranks(result), result.winner) == ([1, 1], [1, 1], None)
    assert margins(result) == [-11, -15]


def test_equal_minus_points_go_to_who_emptied_the_draw_pile_first():
    result = score(GAME, match(([4, 4], {"first": 1}), finished=False), 2)
    assert (scores(result), ranks(result)) == ([0, 1], [2, 1])


def test_a_third_round_decides_a_draw_with_the_option():
    level = match([3, 10], [8, 5], finished=False)
    assert ranks(score(GAME, level, 2, third_round=True)) == [1, 1]
    assert refusal(GAME, {**level, "finished": True}, 2, third_round=True).field == "finished"
    decided = score(GAME, match([3, 10], [8, 5], [2, 9], finished=True), 2, third_round=True)
    assert (scores(decided), decided.winner) == ([2, 1], 0)


def test_an_unfinished_match_is_ranked_as_it_stood():
    result = score(GAME, match([3, 10], finished=False), 2)
    assert (scores(result), ranks(result), result.winner) == ([1, 0], [1, 2], None)
    assert ranks(score(GAME, match(finished=False), 2)) == [1, 1]


def test_variant1_and_teams_raise_the_bound_of_a_round():
    entry = match([102, 60], [70, 71], finished=True)
    for players in (2, 4):
        result = score(GAME, entry, 2, variant1=True, players=players)
        assert (scores(result), margins(result), result.winner) == ([1, 1], [-172, -131], None)
    error = refusal(GAME, match([54, 55], finished=False), 2, players=4)
    assert (error.field, error.params) == ("rows[0].sides[1].minus", {"round": 1, "most": 54})


def test_a_summary_of_rounds_won_and_minus_points():
    won = score(GAME, summary(finished=True, rounds=[0, 2], minus=[30, 12]), 2)
    assert (ranks(won), won.winner, margins(won), won.totals) == ([2, 1], 1, [-30, -12], ())
    draw = score(GAME, summary(finished=True, rounds=[1, 1], minus=[30, 12]), 2)
    assert (ranks(draw), draw.winner) == ([1, 1], None)
    third = score(GAME, summary(finished=True, rounds=[2, 1], minus=[9, 9]), 2, third_round=True)
    assert third.winner == 0
    level = summary(finished=False, rounds=[1, 1], minus=[9, 9])
    assert ranks(score(GAME, level, 2, third_round=True)) == [1, 1]
    assert ranks(score(GAME, summary(finished=False, rounds=[0, 0], minus=[0, 0]), 2)) == [1, 1]


@pytest.mark.parametrize(
    ("entry", "given", "field", "template"),
    [
        (match([4, 4], finished=False), {}, "rows[0].first",
         "Deal %(round)s: the minus points are equal; say who emptied their draw pile first "
         "(MR-12)."),
        (match([4, 55], finished=False), {}, "rows[0].sides[1].minus",
         "Deal %(round)s: a side holds at most %(most)s minus points: its own deck (MR-12)."),
        (match([4, 103], finished=False), {"variant1": True}, "rows[0].sides[1].minus",
         "Enter at most %(maximum)s."),
        (match(([4, 5], {"first": 2}), finished=False), {}, "rows[0].first",
         "Choose one of the %(sides)s players or teams at this table."),
        (match([4, 5], [4, 5], [4, 5], finished=True), {"third_round": True}, "rows[2]",
         "The match was decided after round %(decided)s: round %(round)s should not have been "
         "played (MR-13)."),
        (match([4, 5], [5, 4], [4, 5], finished=True), {}, "rows[2]",
         "The match was decided after round %(decided)s: round %(round)s should not have been "
         "played (MR-13)."),
        (match([4, 5], finished=True), {}, "finished",
         "The match is not decided yet: two rounds, and with the third-round option a third "
         "after a 1-1 (MR-13)."),
        (match([4, 5], [5, 4], finished=False), {}, "finished",
         "These rounds decide the match: it is finished (MR-13)."),
        (summary(finished=True, rounds=[3, 0], minus=[1, 2]), {"third_round": True}, "sides",
         "No match ends %(first)s-%(second)s: it is decided after two rounds, or after a third "
         "one with a 1-1 (MR-13)."),
        (summary(finished=True, rounds=[2, 1], minus=[1, 2]), {}, "sides",
         "No match ends %(first)s-%(second)s: it is decided after two rounds, or after a third "
         "one with a 1-1 (MR-13)."),
        (summary(finished=True, rounds=[2, 2], minus=[1, 2]), {"third_round": True}, "sides",
         "No match ends %(first)s-%(second)s: it is decided after two rounds, or after a third "
         "one with a 1-1 (MR-13)."),
        (summary(finished=True, rounds=[2, 0], minus=[1, 109]), {}, "sides[1].minus",
         "%(rounds)s rounds of at most %(most)s minus points each: the total is at most "
         "%(total)s (MR-12)."),
        (summary(finished=False, rounds=[0, 0], minus=[1, 0]), {}, "sides[0].minus",
         "%(rounds)s rounds of at most %(most)s minus points each: the total is at most "
         "%(total)s (MR-12)."),
        (summary(finished=False, rounds=[1, 1], minus=[5, 5]), {}, "finished",
         "These rounds decide the match: it is finished (MR-13)."),
        (summary(finished=True, rounds=[1, 1], minus=[5, 5]), {"third_round": True}, "finished",
         "The match is not decided yet: two rounds, and with the third-round option a third "
         "after a 1-1 (MR-13)."),
        (match([4, 5], finished=False), {"players": 3}, "sides",
         "Three-player MeieRijen is not played at tournament tables: two players or two teams "
         "of two (MR-4P)."),
    ],
)  # fmt: skip
def test_refusals_name_the_field(entry, given, field, template):
    error = refusal(GAME, entry, 2, **given)
    assert (error.field, error.template) == (field, template)


def test_three_sides_are_no_meierijen_table():
    assert refusal(GAME, match(finished=False), 3).field == "sides"


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    given_options=st.fixed_dictionaries({
        "variant1": st.booleans(),
        "third_round": st.booleans(),
        "players": st.sampled_from([2, 4]),
        "draw_rule": st.sampled_from(["fill5", "two"]),
    }),
)  # fmt: skip
def test_simulated_matches_score_to_the_simulators_rounds_and_winner(seed, given_options):
    sim = registry.get(GAME).simulate(seed, options=given_options, record=False)
    names = list(sim.summary["rounds_won"])
    rows = [
        ([one["points"][name] for name in names], {"first": names.index(one["emptied_first"])})
        for one in sim.summary["rounds"]
    ]
    expected = [sim.summary["rounds_won"][name] for name in names]
    minus = [sum(one["points"][name] for one in sim.summary["rounds"]) for name in names]
    won = sim.summary["winner"]
    winner = None if won is None else names.index(won)
    for entry in (
        match(*rows, finished=True),
        summary(finished=True, rounds=expected, minus=minus),
    ):
        result = score(GAME, entry, 2, **given_options)
        assert (scores(result), result.finished, result.winner) == (expected, True, winner)
        assert margins(result) == [-value for value in minus]
        assert_consistent(result)
