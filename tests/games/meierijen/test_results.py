"""MeieRijen table results (MR-12, MR-13 as the site scores a table)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import registry
from tests.games.helpers import (
    assert_consistent,
    detailed_entry,
    margins,
    ranks,
    result_refusal,
    scored_table,
    scores,
    summary_entry,
)

GAME = "meierijen"


def match_entry(*rows: Any, finished: bool) -> dict[str, Any]:
    entry = detailed_entry("minus", list(rows), finished=finished)
    for row in entry["rows"]:
        row.setdefault("first", None)
    return entry


DECK = 54
# MR-V1 (c): 32 cards 3-10 at 1, 16 J/Q/K/A at 2, four 2s and two jokers at 5; (d) the
# red pawn 5 and the grey pawn 3.
V1_MOST = 32 * 1 + 16 * 2 + 6 * 5 + 5 + 3


def match_entry_from_rounds(
    *rounds: tuple[int, int] | tuple[int, int, int], finished: bool
) -> dict[str, Any]:
    """Rounds as (minus side 0, minus side 1) or with a third item: who emptied first."""
    rows = []
    for played in rounds:
        row: dict[str, Any] = {"sides": [{"minus": played[0]}, {"minus": played[1]}]}
        if len(played) == 3:
            row["first"] = played[2]
        rows.append(row)
    return {"mode": "detailed", "finished": finished, "rows": rows}


def test_two_rounds_won_win_the_match():
    result = scored_table(GAME, match_entry([3, 10], [5, 8], finished=True), 2)
    assert (scores(result), ranks(result), margins(result)) == ([2, 0], [1, 2], [-8, -18])
    assert (result.finished, result.winner, result.totals) == (True, 0, ((1, 0), (2, 0)))
    assert_consistent(result)


def test_one_round_each_is_a_draw_sharing_the_first_place():
    result = scored_table(GAME, match_entry([3, 10], [8, 5], finished=True), 2)
    assert (scores(result), ranks(result), result.winner) == ([1, 1], [1, 1], None)
    assert margins(result) == [-11, -15]


def test_equal_minus_points_go_to_who_emptied_the_draw_pile_first():
    result = scored_table(GAME, match_entry(([4, 4], {"first": 1}), finished=False), 2)
    assert (scores(result), ranks(result)) == ([0, 1], [2, 1])


def test_a_third_round_decides_a_draw_with_the_option():
    level = match_entry([3, 10], [8, 5], finished=False)
    assert ranks(scored_table(GAME, level, 2, third_round=True)) == [1, 1]
    assert (
        result_refusal(GAME, {**level, "finished": True}, 2, third_round=True).field == "finished"
    )
    decided = scored_table(
        GAME, match_entry([3, 10], [8, 5], [2, 9], finished=True), 2, third_round=True
    )
    assert (scores(decided), decided.winner) == ([2, 1], 0)


def test_an_unfinished_match_is_ranked_as_it_stood():
    result = scored_table(GAME, match_entry([3, 10], finished=False), 2)
    assert (scores(result), ranks(result), result.winner) == ([1, 0], [1, 2], None)
    assert ranks(scored_table(GAME, match_entry(finished=False), 2)) == [1, 1]


def test_variant1_and_teams_raise_the_bound_of_a_round():
    entry = match_entry([102, 60], [70, 71], finished=True)
    for players in (2, 4):
        result = scored_table(GAME, entry, 2, variant1=True, players=players)
        assert (scores(result), margins(result), result.winner) == ([1, 1], [-172, -131], None)
    error = result_refusal(GAME, match_entry([54, 55], finished=False), 2, players=4)
    assert (error.field, error.params) == ("rows[0].sides[1].minus", {"round": 1, "most": 54})


def test_a_summary_of_rounds_won_and_minus_points():
    won = scored_table(GAME, summary_entry(finished=True, rounds=[0, 2], minus=[30, 12]), 2)
    assert (ranks(won), won.winner, margins(won), won.totals) == ([2, 1], 1, [-30, -12], ())
    draw = scored_table(GAME, summary_entry(finished=True, rounds=[1, 1], minus=[30, 12]), 2)
    assert (ranks(draw), draw.winner) == ([1, 1], None)
    third = scored_table(
        GAME, summary_entry(finished=True, rounds=[2, 1], minus=[9, 9]), 2, third_round=True
    )
    assert third.winner == 0
    level = summary_entry(finished=False, rounds=[1, 1], minus=[9, 9])
    assert ranks(scored_table(GAME, level, 2, third_round=True)) == [1, 1]
    assert ranks(
        scored_table(GAME, summary_entry(finished=False, rounds=[0, 0], minus=[0, 0]), 2)
    ) == [1, 1]


@pytest.mark.parametrize(
    ("entry", "given", "field", "template"),
    [
        (
            match_entry([4, 4], finished=False),
            {},
            "rows[0].first",
            "Deal %(round)s: the minus points are equal; say who emptied their draw pile first "
            "(MR-12).",
        ),
        (
            match_entry([4, 55], finished=False),
            {},
            "rows[0].sides[1].minus",
            "Deal %(round)s: a side holds at most %(most)s minus points: its own deck (MR-12).",
        ),
        (
            match_entry([4, 103], finished=False),
            {"variant1": True},
            "rows[0].sides[1].minus",
            "Enter at most %(maximum)s.",
        ),
        (
            match_entry(([4, 5], {"first": 2}), finished=False),
            {},
            "rows[0].first",
            "Choose one of the %(sides)s players or teams at this table.",
        ),
        (
            match_entry([4, 5], [4, 5], [4, 5], finished=True),
            {"third_round": True},
            "rows[2]",
            "The match was decided after round %(decided)s: round %(round)s should not have been "
            "played (MR-13).",
        ),
        (
            match_entry([4, 5], [5, 4], [4, 5], finished=True),
            {},
            "rows[2]",
            "The match was decided after round %(decided)s: round %(round)s should not have been "
            "played (MR-13).",
        ),
        (
            match_entry([4, 5], finished=True),
            {},
            "finished",
            # No third round this evening: the message names none (issue 37).
            "The match is not decided yet: it ends after two rounds (MR-13).",
        ),
        (
            match_entry([4, 5], finished=True),
            {"third_round": True},
            "finished",
            "The match is not decided yet: two rounds, and with the third-round option a third "
            "after a 1-1 (MR-13).",
        ),
        (
            match_entry([4, 5], [5, 4], finished=False),
            {},
            "finished",
            "These rounds decide the match: it is finished (MR-13).",
        ),
        (
            summary_entry(finished=True, rounds=[3, 0], minus=[1, 2]),
            {"third_round": True},
            "sides",
            "No match ends %(first)s-%(second)s: it is decided after two rounds, or after a third "
            "one with a 1-1 (MR-13).",
        ),
        (
            summary_entry(finished=True, rounds=[2, 1], minus=[1, 2]),
            {},
            "sides",
            "No match ends %(first)s-%(second)s: this evening plays no third round, so a match "
            "ends after two rounds, 2-0, 1-1 or 0-2 (MR-13).",
        ),
        (
            summary_entry(finished=True, rounds=[2, 2], minus=[1, 2]),
            {"third_round": True},
            "sides",
            "No match ends %(first)s-%(second)s: it is decided after two rounds, or after a third "
            "one with a 1-1 (MR-13).",
        ),
        (
            summary_entry(finished=True, rounds=[2, 0], minus=[1, 109]),
            {},
            "sides[1].minus",
            "%(rounds)s rounds of at most %(most)s minus points each: the total is at most "
            "%(total)s (MR-12).",
        ),
        (
            summary_entry(finished=False, rounds=[0, 0], minus=[1, 0]),
            {},
            "sides[0].minus",
            "%(rounds)s rounds of at most %(most)s minus points each: the total is at most "
            "%(total)s (MR-12).",
        ),
        (
            summary_entry(finished=False, rounds=[1, 1], minus=[5, 5]),
            {},
            "finished",
            "These rounds decide the match: it is finished (MR-13).",
        ),
        (
            summary_entry(finished=True, rounds=[1, 1], minus=[5, 5]),
            {"third_round": True},
            "finished",
            "The match is not decided yet: two rounds, and with the third-round option a third "
            "after a 1-1 (MR-13).",
        ),
        (
            match_entry([4, 5], finished=False),
            {"players": 3},
            "sides",
            "Three-player MeieRijen is not played at tournament tables: two players or two teams "
            "of two (MR-4P).",
        ),
    ],
)
def test_refusals_name_the_field(entry, given, field, template):
    error = result_refusal(GAME, entry, 2, **given)
    assert (error.field, error.template) == (field, template)


def test_three_sides_are_no_meierijen_table():
    assert result_refusal(GAME, match_entry(finished=False), 3).field == "sides"


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    given_options=st.fixed_dictionaries(
        {
            "variant1": st.booleans(),
            "third_round": st.booleans(),
            "players": st.sampled_from([2, 4]),
            "draw_rule": st.sampled_from(["fill5", "two"]),
        }
    ),
)
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
        match_entry(*rows, finished=True),
        summary_entry(finished=True, rounds=expected, minus=minus),
    ):
        result = scored_table(GAME, entry, 2, **given_options)
        assert (scores(result), result.finished, result.winner) == (expected, True, winner)
        assert margins(result) == [-value for value in minus]
        assert_consistent(result)


def test_2_0_wins_the_match():
    result = scored_table(GAME, match_entry_from_rounds((3, 9), (0, 4), finished=True), 2)
    assert (scores(result), ranks(result), result.winner) == ([2, 0], [1, 2], 0)
    assert margins(result) == [-3, -13]
    assert result.totals == ((1, 0), (2, 0))
    assert_consistent(result)


def test_1_1_is_a_draw_by_default():
    result = scored_table(GAME, match_entry_from_rounds((12, 7), (3, 9), finished=True), 2)
    assert (scores(result), ranks(result), result.finished, result.winner) == (
        [1, 1],
        [1, 1],
        True,
        None,
    )
    assert margins(result) == [-15, -16]
    error = result_refusal(GAME, match_entry_from_rounds((12, 7), (3, 9), (5, 6), finished=True), 2)
    assert error.field.startswith("rows[2]")


def test_1_1_plays_a_third_round_with_the_option():
    assert result_refusal(
        GAME, match_entry_from_rounds((12, 7), (3, 9), finished=True), 2, third_round=True
    ).field == ("finished")
    stood = scored_table(
        GAME, match_entry_from_rounds((12, 7), (3, 9), finished=False), 2, third_round=True
    )
    assert (ranks(stood), stood.winner, stood.finished) == ([1, 1], None, False)
    result = scored_table(
        GAME,
        match_entry_from_rounds((12, 7), (3, 9), (5, 5, 1), finished=True),
        2,
        third_round=True,
    )
    assert (scores(result), ranks(result), result.winner) == ([1, 2], [2, 1], 1)
    assert margins(result) == [-20, -21]
    assert result.totals == ((0, 1), (1, 1), (1, 2))


def test_no_third_round_after_2_0_even_with_the_option():
    error = result_refusal(
        GAME, match_entry_from_rounds((3, 9), (0, 4), (9, 0), finished=True), 2, third_round=True
    )
    assert error.field.startswith("rows[2]")
    assert (
        result_refusal(GAME, match_entry_from_rounds((3, 9), (0, 4), finished=False), 2).field
        == "finished"
    )


def test_equal_minus_points_the_first_to_empty_the_draw_pile_wins_the_round():
    first_one = scored_table(GAME, match_entry_from_rounds((6, 6, 1), finished=False), 2)
    assert (scores(first_one), ranks(first_one)) == ([0, 1], [2, 1])
    first_zero = scored_table(GAME, match_entry_from_rounds((6, 6, 0), finished=False), 2)
    assert scores(first_zero) == [1, 0]
    # Who emptied first matters only for equal minus points.
    assert scores(scored_table(GAME, match_entry_from_rounds((4, 6, 1), finished=False), 2)) == [
        1,
        0,
    ]
    assert (
        result_refusal(GAME, match_entry_from_rounds((6, 6), finished=False), 2).field
        == "rows[0].first"
    )
    assert (
        result_refusal(GAME, match_entry_from_rounds((6, 6, 2), finished=False), 2).field
        == "rows[0].first"
    )


def test_unfinished_after_one_round_ranks_as_it_stood():
    result = scored_table(GAME, match_entry_from_rounds((3, 9), finished=False), 2)
    assert (scores(result), ranks(result), result.winner, margins(result)) == (
        [1, 0],
        [1, 2],
        None,
        [-3, -9],
    )
    assert (
        result_refusal(GAME, match_entry_from_rounds((3, 9), finished=True), 2).field == "finished"
    )


def test_basic_minus_points_fit_one_deck_variant1_counts_values_and_pawns():
    assert scores(scored_table(GAME, match_entry_from_rounds((DECK, 0), finished=False), 2)) == [
        0,
        1,
    ]
    assert result_refusal(
        GAME, match_entry_from_rounds((DECK + 1, 0), finished=False), 2
    ).field == ("rows[0].sides[0].minus")
    assert V1_MOST == 102
    v1 = scored_table(
        GAME, match_entry_from_rounds((V1_MOST, 60), finished=False), 2, variant1=True
    )
    assert (scores(v1), margins(v1)) == ([0, 1], [-V1_MOST, -60])
    assert result_refusal(
        GAME, match_entry_from_rounds((V1_MOST + 1, 0), finished=False), 2, variant1=True
    ).field == ("rows[0].sides[0].minus")


def test_teams_of_four_players_have_two_sides():
    result = scored_table(
        GAME,
        match_entry_from_rounds((20, 14), (8, 30), (11, 11, 0), finished=True),
        2,
        players=4,
        third_round=True,
    )
    assert (scores(result), result.winner, margins(result)) == ([2, 1], 0, [-39, -55])
    assert (
        result_refusal(GAME, match_entry_from_rounds((3, 9), finished=False), 2, players=3).field
        == "sides"
    )


def test_summary_rounds_won_and_minus_points():
    won = scored_table(GAME, summary_entry(finished=True, rounds=[0, 2], minus=[30, 9]), 2)
    assert (scores(won), ranks(won), margins(won), won.winner) == ([0, 2], [2, 1], [-30, -9], 1)
    draw = scored_table(GAME, summary_entry(finished=True, rounds=[1, 1], minus=[15, 16]), 2)
    assert (ranks(draw), draw.winner, margins(draw)) == ([1, 1], None, [-15, -16])
    third = scored_table(
        GAME, summary_entry(finished=True, rounds=[2, 1], minus=[20, 21]), 2, third_round=True
    )
    assert (ranks(third), third.winner) == ([1, 2], 0)
    stood = scored_table(GAME, summary_entry(finished=False, rounds=[1, 0], minus=[3, 9]), 2)
    assert (ranks(stood), stood.winner) == ([1, 2], None)
    nothing = scored_table(GAME, summary_entry(finished=False, rounds=[0, 0], minus=[0, 0]), 2)
    assert ranks(nothing) == [1, 1]


def test_summary_refusals():
    def field(finished: bool, rounds: list[int], minus: list[int], **given: Any) -> str:
        entry = summary_entry(finished=finished, rounds=rounds, minus=minus)
        return result_refusal(GAME, entry, 2, **given).field

    assert field(True, [1, 1], [15, 16], third_round=True) == "finished"
    assert field(True, [2, 1], [20, 21]).startswith("sides")
    assert field(True, [2, 2], [20, 21], third_round=True).startswith("sides")
    assert field(True, [1, 0], [3, 9]) == "finished"
    assert field(False, [2, 0], [3, 9]) == "finished"
    assert field(False, [1, 1], [15, 16]) == "finished"
    assert field(False, [0, 0], [5, 0]).startswith("sides")
    assert field(True, [2, 0], [2 * DECK + 1, 2 * DECK]) == "sides[0].minus"


def test_a_summary_sweep_has_no_more_minus_points_than_the_loser():
    # Each round's winner had no more minus points than the loser (MR-12), so a side
    # that won every round played has no more in all.
    def entry(finished: bool, rounds: list[int], minus: list[int]) -> dict[str, Any]:
        return summary_entry(finished=finished, rounds=rounds, minus=minus)

    assert scores(scored_table(GAME, entry(True, [0, 2], [9, 9]), 2)) == [0, 2]
    assert result_refusal(GAME, entry(True, [0, 2], [9, 10]), 2).field == "sides[1].minus"
    assert result_refusal(GAME, entry(False, [1, 0], [9, 3]), 2).field == "sides[0].minus"
    # 1-1 says nothing about the totals.
    assert ranks(scored_table(GAME, entry(True, [1, 1], [40, 3]), 2)) == [1, 1]


def test_margin_orientation():
    spec = registry.get(GAME).results
    assert (spec.sides, spec.margin_sign) == ((2,), -1)
