"""Duizenden table results (DZ-11, DZ-12): deals and totals, worked by hand, and whole
simulated games scoring to the simulator's totals and winner."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import registry
from games.duizenden.results import MAX_DEALS
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

GAME = "duizenden"


def deals(*rows: list[int], finished: bool) -> dict:
    return detailed("points", list(rows), finished=finished)


def test_a_finished_game_deal_by_deal():
    result = score(GAME, deals([500, 300, -100], [505, 100, 0], finished=True), 3)
    assert (scores(result), ranks(result), margins(result)) == (
        [1005, 400, -100], [1, 2, 3], [1005, 400, -100],
    )  # fmt: skip
    assert (result.finished, result.winner) == (True, 0)
    assert result.totals == ((500, 300, -100), (1005, 400, -100))
    assert_consistent(result)


def test_an_unfinished_game_is_ranked_as_it_stood_with_shared_ranks():
    result = score(GAME, deals([300, 300, 120, -50], finished=False), 4)
    assert (ranks(result), result.finished, result.winner) == ([1, 1, 3, 4], False, None)


def test_equal_highest_totals_over_1000_play_on():
    tied = deals([550, 550, 0], [450, 450, 0], finished=False)
    assert ranks(score(GAME, tied, 3)) == [1, 1, 3]
    assert refusal(GAME, {**tied, "finished": True}, 3).field == "finished"
    decided = deals([550, 550, 0], [450, 450, 0], [50, 0, -10], finished=True)
    result = score(GAME, decided, 3)
    assert (scores(result), result.winner) == ([1050, 1000, -10], 0)


def test_a_summary_of_totals():
    result = score(GAME, summary(finished=True, total=[850, 1020, 400]), 3)
    assert (ranks(result), result.winner, result.totals) == ([2, 1, 3], 1, ())
    unfinished = score(GAME, summary(finished=False, total=[995, 995, -200]), 3)
    assert (ranks(unfinished), unfinished.winner) == ([1, 1, 3], None)


@pytest.mark.parametrize(
    ("entry", "field", "template"),
    [
        (deals([500, 303, 0], finished=False), "rows[0].sides[1].points",
         "Enter a multiple of %(step)s."),
        (deals([1145, 0, 0], finished=False), "rows[0].sides[0].points",
         "Enter at most %(maximum)s."),
        (deals([700, -300, -200], finished=False), "rows[0].sides",
         "Deal %(deal)s: these scores need %(needed)s card points, more than both decks hold "
         "(%(most)s, DZ-11)."),
        (deals([1000, 0, 0], [5, 0, 0], finished=True), "rows[1]",
         "The game was won in deal %(won)s: deal %(deal)s should not have been played "
         "(DZ-12)."),
        (deals([995, 0, 0], finished=True), "finished",
         "Nobody has won yet: the game is won by the only highest total of 1000 or more "
         "(DZ-12)."),
        (deals([1000, 0, 0], finished=False), "finished",
         "The only highest total is 1000 or more: that player has won, so the game is "
         "finished (DZ-12)."),
        (summary(finished=False, total=[1000, 5, 0]), "finished",
         "The only highest total is 1000 or more: that player has won, so the game is "
         "finished (DZ-12)."),
        (summary(finished=True, total=[1000, 1000, 0]), "finished",
         "Nobody has won yet: the game is won by the only highest total of 1000 or more "
         "(DZ-12)."),
        (summary(finished=False, total=[10, 5, 1]), "sides[2].total",
         "Enter a multiple of %(step)s."),
        (deals([5, 0], finished=False), "rows[0].sides",
         "Enter one value for each of the %(sides)s players or teams."),
    ],
)  # fmt: skip
def test_refusals_name_the_field(entry, field, template):
    error = refusal(GAME, entry, 3)
    assert (error.field, error.template) == (field, template)


def test_the_deck_check_counts_card_points_on_either_side():
    assert score(GAME, deals([700, -300, -140], finished=False), 3).sides[0].score == 700
    error = refusal(GAME, deals([700, -300, -145], finished=False), 3)
    assert error.params == {"deal": 1, "needed": 1145, "most": 1140}


def test_two_players_are_no_duizenden_table():
    assert refusal(GAME, deals([5, 0], finished=False), 2).field == "sides"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4, 5]))
def test_simulated_games_score_to_the_simulators_totals_and_winner(seed, players):
    sim = registry.get(GAME).simulate(seed, players=players)
    names = sim.log["players"]
    rows = [[deal["scores"][name] for name in names] for deal in sim.log["deals"]]
    assert len(rows) <= MAX_DEALS
    expected = [sim.summary["totals"][name] for name in names]
    winner = names.index(sim.summary["winner"]) if sim.summary["winner"] else None
    finished = sim.summary["finished"]
    for entry in (
        detailed("points", rows, finished=finished),
        summary(finished=finished, total=expected),
    ):
        result = score(GAME, entry, players)
        assert (scores(result), result.finished, result.winner) == (expected, finished, winner)
        assert_consistent(result)
