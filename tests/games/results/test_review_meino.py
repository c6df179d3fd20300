"""Outside review of MEINO table results, worked by hand from RULES.md: round scores
(ME-13: the player who went out 0 and a tally mark, the others their hand's value, no more
than the deck holds, ME-1) and the 500 end (ME-14: the lowest total wins, equal totals by
more tally marks, still equal shared)."""

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

GAME = "meino"
# ME-1 and ME-13: numbers 1-9 twice per colour, 24 action cards at 25, 4 W and 4 W+4 at
# 40, 4 W+2 at 20, 2 JOKER at 50; the compact deck holds half of everything but 1 JOKER.
FULL_DECK = 2 * 4 * 45 + 24 * 25 + 4 * 40 + 4 * 40 + 4 * 20 + 2 * 50
COMPACT_DECK = 4 * 45 + 12 * 25 + 2 * 40 + 2 * 40 + 2 * 20 + 50


def rounds(*rows: list[int], finished: bool) -> dict:
    return detailed("points", list(rows), finished=finished)


def test_the_game_ends_after_the_round_a_total_reaches_500_lowest_wins():
    entry = rounds([0, 120, 45], [200, 0, 80], [150, 300, 0], [60, 100, 0], finished=True)
    result = score(GAME, entry, 3)
    assert result.totals == ((0, 120, 45), (200, 120, 125), (350, 420, 125), (410, 520, 125))
    assert (scores(result), ranks(result), result.winner) == ([410, 520, 125], [2, 3, 1], 2)
    assert margins(result) == [-410, -520, -125]
    assert_consistent(result)


def test_equal_totals_more_tally_marks_wins():
    # Totals 60, 550, 60: side 0 went out once, side 2 twice.
    entry = rounds([0, 200, 60], [30, 100, 0], [30, 250, 0], finished=True)
    result = score(GAME, entry, 3)
    assert (scores(result), ranks(result), result.winner) == ([60, 550, 60], [2, 3, 1], 2)
    assert margins(result) == [-60, -550, -60]


def test_equal_totals_and_marks_share_the_win():
    result = score(GAME, rounds([0, 300, 40], [40, 250, 0], finished=True), 3)
    assert (scores(result), ranks(result), result.finished, result.winner) == (
        [40, 550, 40], [1, 3, 1], True, None,
    )  # fmt: skip


def test_an_unfinished_game_ranks_as_it_stood_tally_marks_breaking_equal_totals():
    result = score(GAME, rounds([0, 15, 5], [15, 0, 5], [0, 10, 5], finished=False), 3)
    # Totals 15, 25, 15: side 0 went out twice, side 2 never.
    assert (scores(result), ranks(result), result.winner) == ([15, 25, 15], [1, 3, 2], None)
    assert margins(result) == [-15, -25, -15]
    level = score(GAME, rounds([10, 0, 5], [0, 10, 5], [5, 5, 0], finished=False), 3)
    # Totals 15, 15, 10 with one mark each: sides 0 and 1 share the second place.
    assert (scores(level), ranks(level)) == ([15, 15, 10], [2, 2, 1])


def test_every_round_has_exactly_one_player_out():
    assert refusal(GAME, rounds([0, 0, 30], finished=False), 3).field.startswith("rows[0]")
    assert refusal(GAME, rounds([5, 10, 30], finished=False), 3).field.startswith("rows[0]")


def test_no_round_after_500_and_a_finish_needs_500():
    over = rounds([0, 520, 30], [10, 0, 20], finished=True)
    assert refusal(GAME, over, 3).field.startswith("rows[1]")
    assert refusal(GAME, rounds([0, 520, 30], finished=False), 3).field == "finished"
    assert refusal(GAME, rounds([0, 499, 30], finished=True), 3).field == "finished"
    exactly = score(GAME, rounds([0, 500, 30], finished=True), 3)
    assert (exactly.finished, exactly.winner) == (True, 0)


def test_hands_fit_the_deck_full_and_compact():
    assert (FULL_DECK, COMPACT_DECK) == (1460, 730)
    assert scores(score(GAME, rounds([0, 450, 40], finished=False), 3, compact=True)) == [
        0, 450, 40,
    ]  # fmt: skip
    assert refusal(GAME, rounds([0, 800, 30], finished=False), 3, compact=True).field.startswith(
        "rows[0]"
    )
    assert score(GAME, rounds([0, 800, 30], finished=True), 3).winner == 0
    too_many = rounds([0, 800, 800], finished=True)
    assert refusal(GAME, too_many, 3).field.startswith("rows[0]")
    assert refusal(GAME, rounds([0, FULL_DECK + 1, 1], finished=True), 3).field.startswith(
        "rows[0]"
    )


def test_summary_totals_and_marks():
    result = score(GAME, summary(finished=True, total=[410, 520, 125], marks=[1, 1, 2]), 3)
    assert (scores(result), ranks(result), margins(result), result.winner) == (
        [410, 520, 125], [2, 3, 1], [-410, -520, -125], 2,
    )  # fmt: skip
    marks = score(GAME, summary(finished=True, total=[60, 550, 60], marks=[1, 0, 2]), 3)
    assert (ranks(marks), marks.winner) == ([2, 3, 1], 2)
    shared = score(GAME, summary(finished=True, total=[40, 550, 40], marks=[1, 0, 1]), 3)
    assert (ranks(shared), shared.winner) == ([1, 3, 1], None)
    stood = score(GAME, summary(finished=False, total=[40, 40, 140], marks=[1, 1, 0]), 3)
    assert (ranks(stood), stood.winner) == ([1, 1, 3], None)
    assert refusal(GAME, summary(finished=False, total=[40, 540, 140], marks=[1, 1, 0]),
                   3).field == "finished"  # fmt: skip
    assert refusal(GAME, summary(finished=True, total=[40, 40, 140], marks=[1, 1, 0]),
                   3).field == "finished"  # fmt: skip


def test_a_summary_total_fits_the_rounds_lost():
    # Two rounds played (two marks): side 2 lost both, so it has at least 2 points.
    assert refusal(GAME, summary(finished=False, total=[10, 20, 0], marks=[1, 1, 0]),
                   3).field.startswith("sides")  # fmt: skip
    # No round played: nobody has points.
    assert refusal(GAME, summary(finished=False, total=[0, 5, 0], marks=[0, 0, 0]),
                   3).field.startswith("sides")  # fmt: skip
    # A side that went out every round has no points.
    assert refusal(GAME, summary(finished=False, total=[5, 20, 30], marks=[2, 0, 0]),
                   3).field.startswith("sides")  # fmt: skip


def test_a_summary_total_was_below_500_before_a_last_round_that_fits_the_deck():
    # The most one round adds: the whole deck but the two cards on the discard pile.
    compact_most = 499 + COMPACT_DECK - 2
    entry = summary(finished=True, total=[compact_most, 300, 5], marks=[0, 1, 3])
    assert score(GAME, entry, 3, compact=True).winner == 2
    over = summary(finished=True, total=[compact_most + 1, 300, 5], marks=[0, 1, 3])
    assert refusal(GAME, over, 3, compact=True).field == "sides[0].total"
    assert score(GAME, over, 3).winner == 2


def test_table_sizes_and_margin_orientation():
    spec = registry.get(GAME).results
    assert spec.sides == (2, 3, 4, 5, 6)
    assert spec.margin_sign == -1
    assert refusal(GAME, rounds([0], finished=False), 1).field == "sides"
