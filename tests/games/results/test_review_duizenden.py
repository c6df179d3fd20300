"""Outside review of Duizenden table results, worked by hand from RULES.md: deal scores in
card points (DZ-11: multiples of 5, no more card points than two decks hold) and the
1000 finish (DZ-12: the first past 1000 wins, the highest when several pass it, equal
highest totals play another deal)."""

from __future__ import annotations

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

GAME = "duizenden"
# DZ-11 over two 54-card decks: per deck 2-9 32*5, 10-K 15*10 + QS 100, A 4*15, 2 jokers.
BOTH_DECKS = 2 * (32 * 5 + 15 * 10 + 100 + 4 * 15 + 2 * 50)


def deals(*rows: list[int], finished: bool) -> dict:
    return detailed("points", list(rows), finished=finished)


def test_four_players_the_unique_highest_past_1000_wins():
    entry = deals([400, 300, 200, -50], [350, 400, 250, 100], [255, 150, 300, 50],
                  finished=True)  # fmt: skip
    result = score(GAME, entry, 4)
    assert scores(result) == [1005, 850, 750, 100]
    assert (ranks(result), result.winner, result.finished) == ([1, 2, 3, 4], 0, True)
    assert margins(result) == [1005, 850, 750, 100]
    assert result.totals == ((400, 300, 200, -50), (750, 700, 450, 50), (1005, 850, 750, 100))
    assert_consistent(result)


def test_two_past_1000_in_one_deal_the_higher_wins():
    result = score(GAME, deals([600, 500, 0], [450, 510, 0], finished=True), 3)
    assert (scores(result), result.winner, ranks(result)) == ([1050, 1010, 0], 0, [1, 2, 3])


def test_equal_highest_past_1000_play_another_deal_that_anyone_may_win():
    tied = deals([500, 500, 100], [500, 500, 100], finished=False)
    result = score(GAME, tied, 3)
    assert (scores(result), ranks(result), result.winner) == ([1000, 1000, 200], [1, 1, 3], None)
    assert refusal(GAME, {**tied, "finished": True}, 3).field == "finished"
    # The extra deal: both tied players lose points, the third passes them all.
    third = deals([500, 500, 100], [500, 500, 100], [-50, -60, 850], finished=True)
    result = score(GAME, third, 3)
    assert (scores(result), ranks(result), result.winner) == ([950, 940, 1050], [2, 3, 1], 2)


def test_after_a_tied_extra_deal_nobody_past_1000_the_game_goes_on():
    entry = deals([500, 500, 0], [500, 500, 0], [-50, -50, 100], finished=False)
    result = score(GAME, entry, 3)
    assert (scores(result), ranks(result), result.finished) == ([950, 950, 100], [1, 1, 3], False)
    assert refusal(GAME, {**entry, "finished": True}, 3).field == "finished"


def test_no_deal_after_the_deal_that_decided_the_game():
    error = refusal(GAME, deals([600, 0, 0], [410, 0, 0], [5, 0, 0], finished=True), 3)
    assert error.field.startswith("rows[2]")


def test_a_decided_game_cannot_be_recorded_as_unfinished():
    assert refusal(GAME, deals([600, 0, 0], [410, 0, 0], finished=False), 3).field == "finished"


def test_a_finished_game_needs_someone_past_1000():
    assert refusal(GAME, deals([600, 0, 0], finished=True), 3).field == "finished"


def test_unfinished_games_rank_as_they_stood_with_shared_ranks():
    result = score(GAME, deals([300, -20, 300, 45, 10], finished=False), 5)
    assert (ranks(result), margins(result), result.winner) == (
        [1, 5, 1, 3, 4], [300, -20, 300, 45, 10], None,
    )  # fmt: skip
    assert_consistent(result)


def test_a_deal_score_is_a_multiple_of_5():
    error = refusal(GAME, deals([300, 12, 0], finished=False), 3)
    assert error.field == "rows[0].sides[1].points"


def test_a_deal_cannot_hold_more_card_points_than_both_decks():
    assert BOTH_DECKS == 1140
    at_most = deals([800, -200, -140], finished=False)
    assert scores(score(GAME, at_most, 3)) == [800, -200, -140]
    error = refusal(GAME, deals([800, -200, -145], finished=False), 3)
    assert error.field.startswith("rows[0]")
    assert refusal(GAME, deals([BOTH_DECKS + 5, 0, 0], finished=False), 3).field == (
        "rows[0].sides[0].points"
    )


def test_summary_finished_and_unfinished():
    result = score(GAME, summary(finished=True, total=[985, 1100, 1005, -40]), 4)
    assert (ranks(result), result.winner, margins(result), result.totals) == (
        [3, 1, 2, 4], 1, [985, 1100, 1005, -40], (),
    )  # fmt: skip
    tied = summary(finished=False, total=[1010, 1010, 200])
    assert (ranks(score(GAME, tied, 3)), score(GAME, tied, 3).winner) == ([1, 1, 3], None)
    assert refusal(GAME, {**tied, "finished": True}, 3).field == "finished"
    assert refusal(GAME, summary(finished=False, total=[1010, 900, 0]), 3).field == "finished"
    assert refusal(GAME, summary(finished=True, total=[990, 900, 0]), 3).field == "finished"
    assert refusal(GAME, summary(finished=False, total=[503, 0, 0]), 3).field == "sides[0].total"


def test_table_sizes_and_margin_orientation():
    spec = registry.get(GAME).results
    assert spec.sides == (3, 4, 5)
    assert (spec.margin_sign, spec.game_points) == (1, False)
    assert refusal(GAME, deals([5, 0], finished=False), 2).field == "sides"
