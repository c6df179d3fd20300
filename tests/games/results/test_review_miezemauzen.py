"""Outside review of Miezemauzen table results, worked by hand from RULES.md: tricks and
passes (MZ-5, MZ-8, MZ-9), pass penalties (MZ-6), kat and kater with every
``kat_scoring`` (MZ-7), ``per_trick`` and ``exact_zero`` (MZ-9, MZ-10), doubled spades
(MZ-11) and the finish, shared or not (MZ-10)."""

from __future__ import annotations

from typing import Any

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

GAME = "miezemauzen"
P = None  # a player who passed


def deals(*rows: Any, finished: bool) -> dict:
    return detailed("tricks", list(rows), finished=finished)


def test_tricks_passes_and_pass_penalties_from_the_third_pass_in_a_row():
    entry = deals(
        [3, 2, 0],  # 24 24 30
        [P, 4, 1],  # first pass: free
        [P, 2, 3],  # second pass in a row: free
        [P, 5, 0],  # third in a row: 3 on (MZ-6)
        [P, 3, 2],  # fourth in a row: 3 on again (reading)
        [1, 2, 2],  # plays: the count resets
        [P, 0, 5],  # first pass again: free
        finished=False,
    )
    result = score(GAME, entry, 3)
    assert result.totals == (
        (24, 24, 30), (24, 23, 29), (24, 22, 28), (27, 21, 33), (30, 20, 32),
        (29, 19, 31), (29, 24, 30),
    )  # fmt: skip
    assert (ranks(result), margins(result), result.winner) == ([2, 1, 3], [-29, -24, -30], None)
    assert_consistent(result)


def test_nobody_passes_at_3_points_or_fewer():
    at_four = deals([3, 2, 0], [2, 3, 0], [3, 2, 0], [3, 2, 0], finished=False)
    assert scores(score(GAME, at_four, 3, start_points=7)) == [3, 3, 27]
    passes_at_four = deals([3, 2, 0], [2, 3, 0], [P, 3, 2], finished=False)
    assert scores(score(GAME, passes_at_four, 3, start_points=6)) == [4, 3, 15]
    error = refusal(GAME, deals([3, 2, 0], [2, 3, 0], [P, 3, 2], finished=False), 3,
                    start_points=5)  # fmt: skip
    assert error.field == "rows[2].sides[0].tricks"


def test_at_least_two_play_and_they_take_the_five_tricks():
    assert refusal(GAME, deals([P, P, 5], finished=False), 3).field.startswith("rows[0]")
    assert refusal(GAME, deals([3, 1, 0], finished=False), 3).field.startswith("rows[0]")
    assert refusal(GAME, deals([3, 3, P], finished=False), 3).field.startswith("rows[0]")
    assert refusal(GAME, deals([6, 0, P], finished=False), 3).field == "rows[0].sides[0].tricks"


def test_kat_and_kater_for_the_holder_others_score_nothing_but_pass_penalties():
    entry = deals(
        ([0, 0, P], {"kat": 1}),  # 25 20 25
        ([0, 0, 0], {"kat": 0, "kater": True}),  # 15 20 25
        finished=False,
    )
    assert score(GAME, entry, 3).totals == ((25, 20, 25), (15, 20, 25))
    penalised = deals([P, 3, 2], [P, 2, 3], ([P, 0, 0], {"kat": 2}), finished=False)
    assert score(GAME, penalised, 3).totals == ((25, 24, 24), (25, 23, 23), (28, 23, 18))


def test_kat_for_the_others_puts_5_on_every_other_player_passers_included():
    entry = deals(([0, 0, P], {"kat": 1}), finished=False)
    assert scores(score(GAME, entry, 3, kat_scoring="others")) == [30, 20, 30]


def test_kat_either_the_holder_chooses():
    own = deals(([0, 0, P], {"kat": 1, "kat_others": False}), finished=False)
    assert scores(score(GAME, own, 3, kat_scoring="either")) == [25, 20, 25]
    others = deals(([0, 0, P], {"kat": 1, "kat_others": True}), finished=False)
    assert scores(score(GAME, others, 3, kat_scoring="either")) == [30, 25, 30]
    # Without kat_scoring "either" there is no choice to record.
    error = refusal(GAME, others, 3)
    assert error.field == "rows[0].kat_others"


def test_a_kat_is_shown_by_a_playing_player_and_ends_the_deal_without_tricks():
    assert refusal(GAME, deals(([0, P, 0], {"kat": 1}), finished=False), 3).field == "rows[0].kat"
    with_tricks = deals(([3, 2, P], {"kat": 0}), finished=False)
    assert refusal(GAME, with_tricks, 3).field.startswith("rows[0]")
    kater_alone = deals(([3, 2, P], {"kater": True}), finished=False)
    assert refusal(GAME, kater_alone, 3).field == "rows[0].kat"
    assert refusal(GAME, deals(([0, 0, P], {"kat": 3}), finished=False), 3).field == "rows[0].kat"


def test_per_trick_one_point_off_per_trick():
    result = score(GAME, deals([3, 2, 0], [1, 4, 0], finished=False), 3, per_trick=True)
    assert result.totals == ((22, 23, 30), (21, 19, 35))


def test_exact_zero_a_deduction_below_0_is_not_applied():
    result = score(GAME, deals([3, 2, 0], finished=True), 3, start_points=2, per_trick=True,
                   exact_zero=True)  # fmt: skip
    assert (scores(result), result.winner, ranks(result)) == ([2, 0, 7], 1, [2, 1, 3])
    assert margins(result) == [-2, 0, -7]


def test_several_at_0_or_below_the_lowest_wins():
    result = score(GAME, deals([3, 2, 0], finished=True), 3, start_points=2, per_trick=True)
    assert (scores(result), result.winner, ranks(result)) == ([-1, 0, 7], 0, [1, 2, 3])


def test_equal_lowest_at_the_finish_share_the_win():
    result = score(GAME, deals([3, 2], [4, 1], finished=True), 2, start_points=2)
    assert (scores(result), result.finished, result.winner, ranks(result)) == (
        [0, 0], True, None, [1, 1],
    )  # fmt: skip


def test_spades_double_every_point_and_nobody_passes():
    entry = deals(
        ([3, 2, 0], {"spades": True}),  # 23 23 35
        ([3, 2, 0], {"spades": False}),  # 22 22 40
        ([0, 0, 0], {"spades": True, "kat": 0}),  # kat doubled: 12
        ([0, 0, 0], {"spades": True, "kat": 1, "kater": True}),  # kater doubled: 2
        finished=False,
    )
    result = score(GAME, entry, 3, spades_double=True)
    assert result.totals == ((23, 23, 35), (22, 22, 40), (12, 22, 40), (12, 2, 40))
    passing = deals(([P, 3, 2], {"spades": True}), finished=False)
    assert refusal(GAME, passing, 3, spades_double=True).field == "rows[0].sides[0].tricks"
    # Without the option there is no spades column.
    assert refusal(GAME, deals(([3, 2, 0], {"spades": True}), finished=False), 3).field == (
        "rows[0].spades"
    )


def test_the_kater_wins_at_once_and_no_deal_follows():
    won = deals(([0, 0], {"kat": 0, "kater": True}), finished=True)
    result = score(GAME, won, 2, start_points=8)
    assert (scores(result), result.winner) == ([-2, 8], 0)
    after = deals(([0, 0], {"kat": 0, "kater": True}), [3, 2], finished=True)
    assert refusal(GAME, after, 2, start_points=8).field.startswith("rows[1]")
    assert refusal(GAME, {**won, "finished": False}, 2, start_points=8).field == "finished"
    assert refusal(GAME, deals([3, 2], finished=True), 2).field == "finished"


def test_summary_points_left():
    result = score(GAME, summary(finished=True, points=[0, 5, 12]), 3)
    assert (scores(result), ranks(result), margins(result), result.winner) == (
        [0, 5, 12], [1, 2, 3], [0, -5, -12], 0,
    )  # fmt: skip
    below = score(GAME, summary(finished=True, points=[4, -3, 0]), 3)
    assert (below.winner, ranks(below)) == (1, [3, 1, 2])
    shared = score(GAME, summary(finished=True, points=[0, 0, 8]), 3)
    assert (shared.winner, ranks(shared)) == (None, [1, 1, 3])
    stood = score(GAME, summary(finished=False, points=[3, 5, 5]), 3)
    assert (stood.winner, ranks(stood), stood.finished) == (None, [1, 2, 2], False)
    assert refusal(GAME, summary(finished=False, points=[0, 5, 5]), 3).field == "finished"
    assert refusal(GAME, summary(finished=True, points=[3, 5, 5]), 3).field == "finished"


def test_a_summary_ends_no_lower_than_a_kater_from_1_point():
    # From 1 point (at 0 the game is over) the most a deal takes off is a kater: 10, or
    # 20 doubled in a spades deal (MZ-7, MZ-11); with exact zero nobody goes below 0.
    lowest = score(GAME, summary(finished=True, points=[-9, 3, 4]), 3)
    assert (lowest.winner, margins(lowest)) == (0, [9, -3, -4])
    below = summary(finished=True, points=[-10, 3, 4])
    assert refusal(GAME, below, 3).field == "sides[0].points"
    assert score(GAME, below, 3, spades_double=True).winner == 0
    doubled = summary(finished=True, points=[-19, 3, 4])
    assert score(GAME, doubled, 3, spades_double=True).winner == 0
    assert refusal(GAME, doubled, 3).field == "sides[0].points"
    exact = summary(finished=True, points=[-1, 3, 4])
    assert refusal(GAME, exact, 3, per_trick=True, exact_zero=True).field == "sides[0].points"


def test_table_sizes_and_margin_orientation():
    spec = registry.get(GAME).results
    assert spec.sides == (2, 3, 4, 5)
    assert spec.margin_sign == -1
    assert refusal(GAME, deals([1, 1, 1, 1, 1, 0], finished=False), 6).field == "sides"
