"""Keezen table results (KZ-9 as the site scores a table)."""

from __future__ import annotations

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

GAME = "keezen"


def game_points_of(result) -> list[int]:
    return [side.game_points for side in result.sides]


def test_the_team_with_eight_pawns_home_wins_the_bonus():
    result = scored_table(GAME, summary_entry(finished=True, pawns=[5, 8]), 2)
    assert (scores(result), ranks(result), margins(result)) == ([10, 26], [2, 1], [5, 8])
    assert [side.game_points for side in result.sides] == [10, 26]
    assert (result.finished, result.winner, result.totals) == (True, 1, ())
    assert_consistent(result)


def test_a_game_stopped_by_the_clock_counts_pawns_home_without_a_bonus():
    result = scored_table(GAME, summary_entry(finished=False, pawns=[6, 3, 6]), 3, round_minutes=45)
    assert (scores(result), ranks(result), result.winner) == ([12, 6, 12], [1, 3, 1], None)


def test_the_options_set_the_game_points():
    result = scored_table(
        GAME, summary_entry(finished=True, pawns=[8, 2]), 2, points_per_pawn=3, win_bonus=0
    )
    assert [side.game_points for side in result.sides] == [24, 6]


def test_a_keezen_result_is_a_summary_and_a_bye_is_worth_nothing():
    spec = registry.get(GAME).results
    assert spec.layout.modes == ("summary",)
    assert spec.game_points
    # A bye is worth half a won game: 4 pawns x 2 + 10 / 2 by default.
    assert spec.bye_game_points({"points_per_pawn": 2, "win_bonus": 10}) == 13
    assert spec.bye_game_points({"points_per_pawn": 3, "win_bonus": 0}) == 12


@pytest.mark.parametrize(
    ("entry", "field", "template"),
    [
        (
            summary_entry(finished=True, pawns=[8, 8]),
            "sides[1].pawns",
            "Only one team can have all eight pawns home: the game ends when the first does "
            "(KZ-8).",
        ),
        (
            summary_entry(finished=True, pawns=[7, 6]),
            "finished",
            "No team has all eight pawns home, so the game is not finished (KZ-8).",
        ),
        (
            summary_entry(finished=False, pawns=[8, 6]),
            "finished",
            "A team has all eight pawns home: it has won, so the game is finished (KZ-8).",
        ),
        (
            summary_entry(finished=False, pawns=[9, 6]),
            "sides[0].pawns",
            "Enter at most %(maximum)s.",
        ),
        (
            summary_entry(finished=False, pawns=[-1, 6]),
            "sides[0].pawns",
            "Enter at least %(minimum)s.",
        ),
    ],
)
def test_refusals_name_the_field(entry, field, template):
    error = result_refusal(GAME, entry, 2)
    assert (error.field, error.template) == (field, template)


def test_four_teams_are_no_keezen_table():
    assert (
        result_refusal(GAME, summary_entry(finished=False, pawns=[1, 2, 3, 4]), 4).field == "sides"
    )


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.sampled_from([4, 6]),
    per_pawn=st.integers(0, 5),
    bonus=st.integers(0, 20),
)
def test_simulated_games_score_to_the_simulators_points_and_winner(seed, players, per_pawn, bonus):
    given_options = {"points_per_pawn": per_pawn, "win_bonus": bonus}
    sim = registry.get(GAME).simulate(seed, players=players, options=given_options, record=False)
    teams = list(sim.summary["pawns_home"])
    pawns = [sim.summary["pawns_home"][team] for team in teams]
    expected = [sim.summary["points"][team] for team in teams]
    winner = teams.index(sim.summary["winner"])
    entry = summary_entry(finished=sim.summary["finished"], pawns=pawns)
    result = scored_table(GAME, entry, players // 2, **given_options)
    assert (scores(result), result.winner, margins(result)) == (expected, winner, pawns)
    assert [side.game_points for side in result.sides] == expected
    assert_consistent(result)


def test_four_players_the_team_with_eight_home_wins_2_per_pawn_plus_10():
    result = scored_table(GAME, summary_entry(finished=True, pawns=[5, 8]), 2)
    assert (ranks(result), result.winner, game_points_of(result), margins(result)) == (
        [2, 1],
        1,
        [10, 26],
        [5, 8],
    )
    assert scores(result) == game_points_of(result)
    assert_consistent(result)


def test_six_players_three_teams():
    result = scored_table(GAME, summary_entry(finished=True, pawns=[8, 7, 3]), 3)
    assert (ranks(result), result.winner, game_points_of(result)) == ([1, 2, 3], 0, [26, 14, 6])


def test_options_change_the_game_points():
    result = scored_table(
        GAME, summary_entry(finished=True, pawns=[8, 5]), 2, points_per_pawn=3, win_bonus=5
    )
    assert game_points_of(result) == [29, 15]


def test_a_game_stopped_by_the_clock_has_no_winner_and_no_bonus():
    result = scored_table(GAME, summary_entry(finished=False, pawns=[6, 6, 2]), 3, round_minutes=45)
    assert (ranks(result), result.winner, game_points_of(result)) == ([1, 1, 3], None, [12, 12, 4])


def test_refusals():
    assert result_refusal(GAME, summary_entry(finished=True, pawns=[8, 8]), 2).field.startswith(
        "sides"
    )
    assert result_refusal(GAME, summary_entry(finished=True, pawns=[7, 5]), 2).field == "finished"
    assert result_refusal(GAME, summary_entry(finished=False, pawns=[8, 3]), 2).field == "finished"
    assert (
        result_refusal(GAME, summary_entry(finished=False, pawns=[9, 3]), 2).field
        == "sides[0].pawns"
    )
    assert (
        result_refusal(GAME, summary_entry(finished=False, pawns=[-1, 3]), 2).field
        == "sides[0].pawns"
    )
    assert (
        result_refusal(GAME, detailed_entry("pawns", [[3, 4]], finished=False), 2).field == "mode"
    )
    assert (
        result_refusal(GAME, summary_entry(finished=False, pawns=[1, 2, 3, 4]), 4).field == "sides"
    )


def test_a_bye_is_worth_half_a_won_game():
    spec = registry.get(GAME).results
    assert spec.bye_game_points({"points_per_pawn": 2, "win_bonus": 10}) == 13
    assert (spec.sides, spec.margin_sign, spec.game_points) == ((2, 3), 1, True)
