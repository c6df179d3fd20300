"""Duizenden table results (DZ-11, DZ-12 as the site scores a table)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import registry
from games.duizenden.results import MAX_DEALS
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

GAME = "duizenden"


def deal_points_entry(*rows: list[int], finished: bool) -> dict:
    return detailed_entry("points", list(rows), finished=finished)


# DZ-11 over two 54-card decks: per deck 2-9 32*5, 10-K 15*10 + QS 100, A 4*15, 2 jokers.
BOTH_DECKS = 2 * (32 * 5 + 15 * 10 + 100 + 4 * 15 + 2 * 50)


def test_a_finished_game_deal_by_deal():
    result = scored_table(
        GAME, deal_points_entry([500, 300, -100], [505, 100, 0], finished=True), 3
    )
    assert (scores(result), ranks(result), margins(result)) == (
        [1005, 400, -100],
        [1, 2, 3],
        [1005, 400, -100],
    )
    assert (result.finished, result.winner) == (True, 0)
    assert result.totals == ((500, 300, -100), (1005, 400, -100))
    assert_consistent(result)


def test_an_unfinished_game_is_ranked_as_it_stood_with_shared_ranks():
    result = scored_table(GAME, deal_points_entry([300, 300, 120, -50], finished=False), 4)
    assert (ranks(result), result.finished, result.winner) == ([1, 1, 3, 4], False, None)


def test_equal_highest_totals_over_1000_play_on():
    tied = deal_points_entry([550, 550, 0], [450, 450, 0], finished=False)
    assert ranks(scored_table(GAME, tied, 3)) == [1, 1, 3]
    assert result_refusal(GAME, {**tied, "finished": True}, 3).field == "finished"
    decided = deal_points_entry([550, 550, 0], [450, 450, 0], [50, 0, -10], finished=True)
    result = scored_table(GAME, decided, 3)
    assert (scores(result), result.winner) == ([1050, 1000, -10], 0)


def test_a_summary_of_totals():
    result = scored_table(GAME, summary_entry(finished=True, total=[850, 1020, 400]), 3)
    assert (ranks(result), result.winner, result.totals) == ([2, 1, 3], 1, ())
    unfinished = scored_table(GAME, summary_entry(finished=False, total=[995, 995, -200]), 3)
    assert (ranks(unfinished), unfinished.winner) == ([1, 1, 3], None)


@pytest.mark.parametrize(
    ("entry", "field", "template"),
    [
        (
            deal_points_entry([500, 303, 0], finished=False),
            "rows[0].sides[1].points",
            "Enter a multiple of %(step)s.",
        ),
        (
            deal_points_entry([1145, 0, 0], finished=False),
            "rows[0].sides[0].points",
            "Enter at most %(maximum)s.",
        ),
        (
            deal_points_entry([700, -300, -200], finished=False),
            "rows[0].sides",
            "Deal %(deal)s: these scores need %(needed)s card points, more than both decks hold "
            "(%(most)s, DZ-11).",
        ),
        (
            deal_points_entry([1000, 0, 0], [5, 0, 0], finished=True),
            "rows[1]",
            "The game was won in deal %(won)s: deal %(deal)s should not have been played (DZ-12).",
        ),
        (
            deal_points_entry([995, 0, 0], finished=True),
            "finished",
            "Nobody has won yet: the game is won by the only highest total of 1000 or more "
            "(DZ-12).",
        ),
        (
            deal_points_entry([1000, 0, 0], finished=False),
            "finished",
            "The only highest total is 1000 or more: that player has won, so the game is "
            "finished (DZ-12).",
        ),
        (
            summary_entry(finished=False, total=[1000, 5, 0]),
            "finished",
            "The only highest total is 1000 or more: that player has won, so the game is "
            "finished (DZ-12).",
        ),
        (
            summary_entry(finished=True, total=[1000, 1000, 0]),
            "finished",
            "Nobody has won yet: the game is won by the only highest total of 1000 or more "
            "(DZ-12).",
        ),
        (
            summary_entry(finished=False, total=[10, 5, 1]),
            "sides[2].total",
            "Enter a multiple of %(step)s.",
        ),
        (
            deal_points_entry([5, 0], finished=False),
            "rows[0].sides",
            "Enter one value for each of the %(sides)s players or teams.",
        ),
    ],
)
def test_refusals_name_the_field(entry, field, template):
    error = result_refusal(GAME, entry, 3)
    assert (error.field, error.template) == (field, template)


def test_the_deck_check_counts_card_points_on_either_side():
    assert (
        scored_table(GAME, deal_points_entry([700, -300, -140], finished=False), 3).sides[0].score
        == 700
    )
    error = result_refusal(GAME, deal_points_entry([700, -300, -145], finished=False), 3)
    assert error.params == {"deal": 1, "needed": 1145, "most": 1140}


def test_two_players_are_no_duizenden_table():
    assert result_refusal(GAME, deal_points_entry([5, 0], finished=False), 2).field == "sides"


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
        detailed_entry("points", rows, finished=finished),
        summary_entry(finished=finished, total=expected),
    ):
        result = scored_table(GAME, entry, players)
        assert (scores(result), result.finished, result.winner) == (expected, finished, winner)
        assert_consistent(result)


def test_four_players_the_unique_highest_past_1000_wins():
    entry = deal_points_entry(
        [400, 300, 200, -50], [350, 400, 250, 100], [255, 150, 300, 50], finished=True
    )
    result = scored_table(GAME, entry, 4)
    assert scores(result) == [1005, 850, 750, 100]
    assert (ranks(result), result.winner, result.finished) == ([1, 2, 3, 4], 0, True)
    assert margins(result) == [1005, 850, 750, 100]
    assert result.totals == ((400, 300, 200, -50), (750, 700, 450, 50), (1005, 850, 750, 100))
    assert_consistent(result)


def test_two_past_1000_in_one_deal_the_higher_wins():
    result = scored_table(GAME, deal_points_entry([600, 500, 0], [450, 510, 0], finished=True), 3)
    assert (scores(result), result.winner, ranks(result)) == ([1050, 1010, 0], 0, [1, 2, 3])


def test_equal_highest_past_1000_play_another_deal_that_anyone_may_win():
    tied = deal_points_entry([500, 500, 100], [500, 500, 100], finished=False)
    result = scored_table(GAME, tied, 3)
    assert (scores(result), ranks(result), result.winner) == ([1000, 1000, 200], [1, 1, 3], None)
    assert result_refusal(GAME, {**tied, "finished": True}, 3).field == "finished"
    # The extra deal: both tied players lose points, the third passes them all.
    third = deal_points_entry([500, 500, 100], [500, 500, 100], [-50, -60, 850], finished=True)
    result = scored_table(GAME, third, 3)
    assert (scores(result), ranks(result), result.winner) == ([950, 940, 1050], [2, 3, 1], 2)


def test_after_a_tied_extra_deal_nobody_past_1000_the_game_goes_on():
    entry = deal_points_entry([500, 500, 0], [500, 500, 0], [-50, -50, 100], finished=False)
    result = scored_table(GAME, entry, 3)
    assert (scores(result), ranks(result), result.finished) == ([950, 950, 100], [1, 1, 3], False)
    assert result_refusal(GAME, {**entry, "finished": True}, 3).field == "finished"


def test_no_deal_after_the_deal_that_decided_the_game():
    error = result_refusal(
        GAME, deal_points_entry([600, 0, 0], [410, 0, 0], [5, 0, 0], finished=True), 3
    )
    assert error.field.startswith("rows[2]")


def test_a_decided_game_cannot_be_recorded_as_unfinished():
    assert (
        result_refusal(GAME, deal_points_entry([600, 0, 0], [410, 0, 0], finished=False), 3).field
        == "finished"
    )


def test_a_finished_game_needs_someone_past_1000():
    assert (
        result_refusal(GAME, deal_points_entry([600, 0, 0], finished=True), 3).field == "finished"
    )


def test_unfinished_games_rank_as_they_stood_with_shared_ranks():
    result = scored_table(GAME, deal_points_entry([300, -20, 300, 45, 10], finished=False), 5)
    assert (ranks(result), margins(result), result.winner) == (
        [1, 5, 1, 3, 4],
        [300, -20, 300, 45, 10],
        None,
    )
    assert_consistent(result)


def test_a_deal_score_is_a_multiple_of_5():
    error = result_refusal(GAME, deal_points_entry([300, 12, 0], finished=False), 3)
    assert error.field == "rows[0].sides[1].points"


def test_a_deal_cannot_hold_more_card_points_than_both_decks():
    assert BOTH_DECKS == 1140
    at_most = deal_points_entry([800, -200, -140], finished=False)
    assert scores(scored_table(GAME, at_most, 3)) == [800, -200, -140]
    error = result_refusal(GAME, deal_points_entry([800, -200, -145], finished=False), 3)
    assert error.field.startswith("rows[0]")
    assert result_refusal(
        GAME, deal_points_entry([BOTH_DECKS + 5, 0, 0], finished=False), 3
    ).field == ("rows[0].sides[0].points")


def test_summary_finished_and_unfinished():
    result = scored_table(GAME, summary_entry(finished=True, total=[985, 1100, 1005, -40]), 4)
    assert (ranks(result), result.winner, margins(result), result.totals) == (
        [3, 1, 2, 4],
        1,
        [985, 1100, 1005, -40],
        (),
    )
    tied = summary_entry(finished=False, total=[1010, 1010, 200])
    assert (ranks(scored_table(GAME, tied, 3)), scored_table(GAME, tied, 3).winner) == (
        [1, 1, 3],
        None,
    )
    assert result_refusal(GAME, {**tied, "finished": True}, 3).field == "finished"
    assert (
        result_refusal(GAME, summary_entry(finished=False, total=[1010, 900, 0]), 3).field
        == "finished"
    )
    assert (
        result_refusal(GAME, summary_entry(finished=True, total=[990, 900, 0]), 3).field
        == "finished"
    )
    assert (
        result_refusal(GAME, summary_entry(finished=False, total=[503, 0, 0]), 3).field
        == "sides[0].total"
    )


def test_table_sizes_and_margin_orientation():
    spec = registry.get(GAME).results
    assert spec.sides == (3, 4, 5)
    assert (spec.margin_sign, spec.game_points) == (1, False)
    assert result_refusal(GAME, deal_points_entry([5, 0], finished=False), 2).field == "sides"
