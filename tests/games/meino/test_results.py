"""MEINO table results (ME-13, ME-14 as the site scores a table)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import cases, registry
from games.meino.results import MAX_ROUNDS
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

GAME = "meino"


def round_points_entry(*rows: list[int], finished: bool) -> dict:
    return detailed_entry("points", list(rows), finished=finished)


# ME-1 and ME-13: numbers 1-9 twice per colour, 24 action cards at 25, 4 W and 4 W+4 at
# 40, 4 W+2 at 20, 2 JOKER at 50; the compact deck holds half of everything but 1 JOKER.
FULL_DECK = 2 * 4 * 45 + 24 * 25 + 4 * 40 + 4 * 40 + 4 * 20 + 2 * 50


COMPACT_DECK = 4 * 45 + 12 * 25 + 2 * 40 + 2 * 40 + 2 * 20 + 50


def test_a_finished_game_round_by_round():
    entry = round_points_entry([0, 120, 45], [30, 0, 400], [0, 20, 80], finished=True)
    result = scored_table(GAME, entry, 3)
    assert (scores(result), ranks(result), margins(result)) == (
        [30, 140, 525],
        [1, 2, 3],
        [-30, -140, -525],
    )
    assert (result.finished, result.winner) == (True, 0)
    assert result.totals == ((0, 120, 45), (30, 120, 445), (30, 140, 525))
    assert_consistent(result)


def test_equal_totals_are_decided_by_tally_marks():
    entry = round_points_entry([0, 30, 100], [0, 30, 100], [60, 0, 350], finished=True)
    result = scored_table(GAME, entry, 3)
    assert (scores(result), ranks(result), result.winner) == ([60, 60, 550], [1, 2, 3], 0)


def test_three_players_two_level_on_totals_and_marks_share_first():
    result = scored_table(GAME, round_points_entry([0, 60, 300], [60, 0, 250], finished=True), 3)
    assert (ranks(result), result.winner, result.finished) == ([1, 1, 3], None, True)


def test_an_unfinished_game_is_ranked_as_it_stood():
    result = scored_table(GAME, round_points_entry([0, 250], [250, 0], finished=False), 2)
    assert (ranks(result), result.winner, result.finished) == ([1, 1], None, False)
    assert ranks(scored_table(GAME, round_points_entry(finished=False), 4)) == [1, 1, 1, 1]


def test_a_summary_of_totals_and_tally_marks():
    result = scored_table(
        GAME, summary_entry(finished=True, total=[60, 60, 550], marks=[2, 1, 0]), 3
    )
    assert (ranks(result), result.winner, margins(result), result.totals) == (
        [1, 2, 3],
        0,
        [-60, -60, -550],
        (),
    )
    assert ranks(
        scored_table(GAME, summary_entry(finished=False, total=[0, 0], marks=[0, 0]), 2)
    ) == [1, 1]


def test_the_compact_deck_holds_fewer_points():
    entry = round_points_entry([0, 500, 250], finished=True)
    assert scores(scored_table(GAME, entry, 3)) == [0, 500, 250]
    error = result_refusal(GAME, entry, 3, compact=True)
    assert (error.field, error.params) == ("rows[0].sides", {"round": 1, "held": 750, "most": 728})


@pytest.mark.parametrize(
    ("entry", "field", "template"),
    [
        (
            round_points_entry([5, 120, 45], finished=False),
            "rows[0].sides",
            "Deal %(round)s: the player who went out scores 0, and nobody has 0 (ME-13).",
        ),
        (
            round_points_entry([0, 120, 0], finished=False),
            "rows[0].sides[2].points",
            "Deal %(round)s: only one player goes out, but %(count)s have 0 points (ME-13).",
        ),
        (
            round_points_entry([0, 800, 700], finished=True),
            "rows[0].sides",
            "Deal %(round)s: the hands together hold %(held)s points, more than the deck allows "
            "(%(most)s, ME-1, ME-13).",
        ),
        (
            round_points_entry([0, -5, 40], finished=False),
            "rows[0].sides[1].points",
            "Enter at least %(minimum)s.",
        ),
        (
            round_points_entry([0, 500, 20], [0, 5, 5], finished=True),
            "rows[1]",
            "A total reached 500 in round %(won)s: round %(round)s should not have been played "
            "(ME-14).",
        ),
        (
            round_points_entry([0, 499, 20], finished=True),
            "finished",
            "No total has reached 500 yet, so the game goes on (ME-14).",
        ),
        (
            round_points_entry([0, 500, 20], finished=False),
            "finished",
            "A total has reached 500: the game ends after that round (ME-14).",
        ),
        (
            summary_entry(finished=False, total=[10, 30, 600], marks=[2, 1, 0]),
            "finished",
            "A total has reached 500: the game ends after that round (ME-14).",
        ),
        (
            summary_entry(finished=False, total=[0, 30, 60], marks=[2, 1, 0]),
            "sides[0].total",
            "This player did not go out in %(lost)s of the %(rounds)s rounds, each adding at "
            "least 1 point: the total is at least %(lost)s (ME-13).",
        ),
        (
            summary_entry(finished=False, total=[10, 30, 60], marks=[3, 0, 0]),
            "sides[0].total",
            "This player did not go out in %(lost)s of the %(rounds)s rounds, each adding at "
            "most %(most)s points: the total is at most %(total)s (ME-13).",
        ),
        (
            summary_entry(finished=False, total=[10, 30, 60], marks=[1, 1, None]),
            "sides[2].marks",
            "This field is required.",
        ),
    ],
)
def test_refusals_name_the_field(entry, field, template):
    error = result_refusal(GAME, entry, 3)
    assert (error.field, error.template) == (field, template)


def test_seven_players_are_no_meino_table():
    assert result_refusal(GAME, round_points_entry(finished=False), 7).field == "sides"


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
        detailed_entry("points", rows, finished=True),
        summary_entry(finished=True, total=expected, marks=marks),
    ):
        result = scored_table(GAME, entry, players, **given_options)
        assert (scores(result), result.finished, result.winner) == (expected, True, winner)
        assert_consistent(result)


def test_the_game_ends_after_the_round_a_total_reaches_500_lowest_wins():
    entry = round_points_entry(
        [0, 120, 45], [200, 0, 80], [150, 300, 0], [60, 100, 0], finished=True
    )
    result = scored_table(GAME, entry, 3)
    assert result.totals == ((0, 120, 45), (200, 120, 125), (350, 420, 125), (410, 520, 125))
    assert (scores(result), ranks(result), result.winner) == ([410, 520, 125], [2, 3, 1], 2)
    assert margins(result) == [-410, -520, -125]
    assert_consistent(result)


def test_equal_totals_more_tally_marks_wins():
    # Totals 60, 550, 60: side 0 went out once, side 2 twice.
    entry = round_points_entry([0, 200, 60], [30, 100, 0], [30, 250, 0], finished=True)
    result = scored_table(GAME, entry, 3)
    assert (scores(result), ranks(result), result.winner) == ([60, 550, 60], [2, 3, 1], 2)
    assert margins(result) == [-60, -550, -60]


def test_equal_totals_and_marks_share_the_win():
    result = scored_table(GAME, round_points_entry([0, 300, 40], [40, 250, 0], finished=True), 3)
    assert (scores(result), ranks(result), result.finished, result.winner) == (
        [40, 550, 40],
        [1, 3, 1],
        True,
        None,
    )


def test_an_unfinished_game_ranks_as_it_stood_tally_marks_breaking_equal_totals():
    result = scored_table(
        GAME, round_points_entry([0, 15, 5], [15, 0, 5], [0, 10, 5], finished=False), 3
    )
    # Totals 15, 25, 15: side 0 went out twice, side 2 never.
    assert (scores(result), ranks(result), result.winner) == ([15, 25, 15], [1, 3, 2], None)
    assert margins(result) == [-15, -25, -15]
    level = scored_table(
        GAME, round_points_entry([10, 0, 5], [0, 10, 5], [5, 5, 0], finished=False), 3
    )
    # Totals 15, 15, 10 with one mark each: sides 0 and 1 share the second place.
    assert (scores(level), ranks(level)) == ([15, 15, 10], [2, 2, 1])


def test_every_round_has_exactly_one_player_out():
    assert result_refusal(GAME, round_points_entry([0, 0, 30], finished=False), 3).field.startswith(
        "rows[0]"
    )
    assert result_refusal(
        GAME, round_points_entry([5, 10, 30], finished=False), 3
    ).field.startswith("rows[0]")


def test_no_round_after_500_and_a_finish_needs_500():
    over = round_points_entry([0, 520, 30], [10, 0, 20], finished=True)
    assert result_refusal(GAME, over, 3).field.startswith("rows[1]")
    assert (
        result_refusal(GAME, round_points_entry([0, 520, 30], finished=False), 3).field
        == "finished"
    )
    assert (
        result_refusal(GAME, round_points_entry([0, 499, 30], finished=True), 3).field == "finished"
    )
    exactly = scored_table(GAME, round_points_entry([0, 500, 30], finished=True), 3)
    assert (exactly.finished, exactly.winner) == (True, 0)


def test_hands_fit_the_deck_full_and_compact():
    assert (FULL_DECK, COMPACT_DECK) == (1460, 730)
    assert scores(
        scored_table(GAME, round_points_entry([0, 450, 40], finished=False), 3, compact=True)
    ) == [
        0,
        450,
        40,
    ]
    assert result_refusal(
        GAME, round_points_entry([0, 800, 30], finished=False), 3, compact=True
    ).field.startswith("rows[0]")
    assert scored_table(GAME, round_points_entry([0, 800, 30], finished=True), 3).winner == 0
    too_many = round_points_entry([0, 800, 800], finished=True)
    assert result_refusal(GAME, too_many, 3).field.startswith("rows[0]")
    assert result_refusal(
        GAME, round_points_entry([0, FULL_DECK + 1, 1], finished=True), 3
    ).field.startswith("rows[0]")


def test_summary_totals_and_marks():
    result = scored_table(
        GAME, summary_entry(finished=True, total=[410, 520, 125], marks=[1, 1, 2]), 3
    )
    assert (scores(result), ranks(result), margins(result), result.winner) == (
        [410, 520, 125],
        [2, 3, 1],
        [-410, -520, -125],
        2,
    )
    marks = scored_table(
        GAME, summary_entry(finished=True, total=[60, 550, 60], marks=[1, 0, 2]), 3
    )
    assert (ranks(marks), marks.winner) == ([2, 3, 1], 2)
    shared = scored_table(
        GAME, summary_entry(finished=True, total=[40, 550, 40], marks=[1, 0, 1]), 3
    )
    assert (ranks(shared), shared.winner) == ([1, 3, 1], None)
    stood = scored_table(
        GAME, summary_entry(finished=False, total=[40, 40, 140], marks=[1, 1, 0]), 3
    )
    assert (ranks(stood), stood.winner) == ([1, 1, 3], None)
    assert (
        result_refusal(
            GAME, summary_entry(finished=False, total=[40, 540, 140], marks=[1, 1, 0]), 3
        ).field
        == "finished"
    )
    assert (
        result_refusal(
            GAME, summary_entry(finished=True, total=[40, 40, 140], marks=[1, 1, 0]), 3
        ).field
        == "finished"
    )


def test_a_summary_total_fits_the_rounds_lost():
    # Two rounds played (two marks): side 2 lost both, so it has at least 2 points.
    assert result_refusal(
        GAME, summary_entry(finished=False, total=[10, 20, 0], marks=[1, 1, 0]), 3
    ).field.startswith("sides")
    # No round played: nobody has points.
    assert result_refusal(
        GAME, summary_entry(finished=False, total=[0, 5, 0], marks=[0, 0, 0]), 3
    ).field.startswith("sides")
    # A side that went out every round has no points.
    assert result_refusal(
        GAME, summary_entry(finished=False, total=[5, 20, 30], marks=[2, 0, 0]), 3
    ).field.startswith("sides")


def test_a_summary_total_was_below_500_before_a_last_round_that_fits_the_deck():
    # The most one round adds: the whole deck but the two cards on the discard pile.
    compact_most = 499 + COMPACT_DECK - 2
    entry = summary_entry(finished=True, total=[compact_most, 300, 5], marks=[0, 1, 3])
    assert scored_table(GAME, entry, 3, compact=True).winner == 2
    over = summary_entry(finished=True, total=[compact_most + 1, 300, 5], marks=[0, 1, 3])
    assert result_refusal(GAME, over, 3, compact=True).field == "sides[0].total"
    assert scored_table(GAME, over, 3).winner == 2


def test_table_sizes_and_margin_orientation():
    spec = registry.get(GAME).results
    assert spec.sides == (2, 3, 4, 5, 6)
    assert spec.margin_sign == -1
    assert result_refusal(GAME, round_points_entry([0], finished=False), 1).field == "sides"
