"""MEINO table results (ME-13, ME-14): rounds and totals with tally marks, worked by hand,
and whole simulated games scoring to the simulator's totals and winner."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import cases, registry
from games.meino.results import MAX_ROUNDS
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

GAME = "meino"


def rounds(*rows: list[int], finished: bool) -> dict:
    return detailed("points", list(rows), finished=finished)


def test_a_finished_game_round_by_round():
    entry = rounds([0, 120, 45], [30, 0, 400], [0, 20, 80], finished=True)
    result = score(GAME, entry, 3)
    assert (scores(result), ranks(result), margins(result)) == (
        [30, 140, 525], [1, 2, 3], [-30, -140, -525],
    )  # fmt: skip
    assert (result.finished, result.winner) == (True, 0)
    assert result.totals == ((0, 120, 45), (30, 120, 445), (30, 140, 525))
    assert_consistent(result)


def test_equal_totals_are_decided_by_tally_marks():
    entry = rounds([0, 30, 100], [0, 30, 100], [60, 0, 350], finished=True)
    result = score(GAME, entry, 3)
    assert (scores(result), ranks(result), result.winner) == ([60, 60, 550], [1, 2, 3], 0)


def test_equal_totals_and_marks_share_the_win():
    result = score(GAME, rounds([0, 60, 300], [60, 0, 250], finished=True), 3)
    assert (ranks(result), result.winner, result.finished) == ([1, 1, 3], None, True)


def test_an_unfinished_game_is_ranked_as_it_stood():
    result = score(GAME, rounds([0, 250], [250, 0], finished=False), 2)
    assert (ranks(result), result.winner, result.finished) == ([1, 1], None, False)
    assert ranks(score(GAME, rounds(finished=False), 4)) == [1, 1, 1, 1]


def test_a_summary_of_totals_and_tally_marks():
    result = score(GAME, summary(finished=True, total=[60, 60, 550], marks=[2, 1, 0]), 3)
    assert (ranks(result), result.winner, margins(result), result.totals) == (
        [1, 2, 3], 0, [-60, -60, -550], (),
    )  # fmt: skip
    assert ranks(score(GAME, summary(finished=False, total=[0, 0], marks=[0, 0]), 2)) == [1, 1]


def test_the_compact_deck_holds_fewer_points():
    entry = rounds([0, 500, 250], finished=True)
    assert scores(score(GAME, entry, 3)) == [0, 500, 250]
    error = refusal(GAME, entry, 3, compact=True)
    assert (error.field, error.params) == ("rows[0].sides", {"round": 1, "held": 750, "most": 728})


@pytest.mark.parametrize(
    ("entry", "field", "template"),
    [
        (rounds([5, 120, 45], finished=False), "rows[0].sides",
         "Deal %(round)s: the player who went out scores 0, and nobody has 0 (ME-13)."),
        (rounds([0, 120, 0], finished=False), "rows[0].sides[2].points",
         "Deal %(round)s: only one player goes out, but %(count)s have 0 points (ME-13)."),
        (rounds([0, 800, 700], finished=True), "rows[0].sides",
         "Deal %(round)s: the hands together hold %(held)s points, more than the deck allows "
         "(%(most)s, ME-1, ME-13)."),
        (rounds([0, -5, 40], finished=False), "rows[0].sides[1].points",
         "Enter at least %(minimum)s."),
        (rounds([0, 500, 20], [0, 5, 5], finished=True), "rows[1]",
         "A total reached 500 in round %(won)s: round %(round)s should not have been played "
         "(ME-14)."),
        (rounds([0, 499, 20], finished=True), "finished",
         "No total has reached 500 yet, so the game goes on (ME-14)."),
        (rounds([0, 500, 20], finished=False), "finished",
         "A total has reached 500: the game ends after that round (ME-14)."),
        (summary(finished=False, total=[10, 30, 600], marks=[2, 1, 0]), "finished",
         "A total has reached 500: the game ends after that round (ME-14)."),
        (summary(finished=False, total=[0, 30, 60], marks=[2, 1, 0]), "sides[0].total",
         "This player did not go out in %(lost)s of the %(rounds)s rounds, each adding at "
         "least 1 point: the total is at least %(lost)s (ME-13)."),
        (summary(finished=False, total=[10, 30, 60], marks=[3, 0, 0]), "sides[0].total",
         "This player did not go out in %(lost)s of the %(rounds)s rounds, each adding at "
         "most %(most)s points: the total is at most %(total)s (ME-13)."),
        (summary(finished=False, total=[10, 30, 60], marks=[1, 1, None]), "sides[2].marks",
         "This field is required."),
    ],
)  # fmt: skip
def test_refusals_name_the_field(entry, field, template):
    error = refusal(GAME, entry, 3)
    assert (error.field, error.template) == (field, template)


def test_seven_players_are_no_meino_table():
    assert refusal(GAME, rounds(finished=False), 7).field == "sides"


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 6),
    given_options=st.sampled_from([{}, {"compact": True}, {"joker_rule": "swap"}]),
)
def test_simulated_games_score_to_the_simulators_totals_and_winner(seed, players, given_options):
    sim = registry.get(GAME).simulate(seed, players=players, options=given_options)
    names = sim.log["players"]
    played = cases.judge(sim.log)["result"]["rounds"]
    rows = [[one["points"][name] for name in names] for one in played]
    assert len(rows) <= MAX_ROUNDS
    expected = [sim.summary["totals"][name] for name in names]
    marks = [sim.summary["tally"][name] for name in names]
    won = sim.summary["winner"]
    winner = names.index(won) if isinstance(won, str) else None
    for entry in (
        detailed("points", rows, finished=True),
        summary(finished=True, total=expected, marks=marks),
    ):
        result = score(GAME, entry, players, **given_options)
        assert (scores(result), result.finished, result.winner) == (expected, True, winner)
        assert_consistent(result)
