"""Outside review of MeieRijen table results, worked by hand from RULES.md: minus points
(MR-12: a card held counts 1; MR-V1 (c) card values and (d) pawns held), the round winner
(fewer minus points, equal by who emptied the draw pile first) and the match (MR-13: 2-0,
a 1-1 draw, or a third round with ``third_round``)."""

from __future__ import annotations

from typing import Any

from games import registry
from tests.games.results.helpers import (
    assert_consistent,
    margins,
    ranks,
    refusal,
    score,
    scores,
    summary,
)

GAME = "meierijen"
DECK = 54
# MR-V1 (c): 32 cards 3-10 at 1, 16 J/Q/K/A at 2, four 2s and two jokers at 5; (d) the
# red pawn 5 and the grey pawn 3.
V1_MOST = 32 * 1 + 16 * 2 + 6 * 5 + 5 + 3


def match(*rounds: tuple[int, int] | tuple[int, int, int], finished: bool) -> dict[str, Any]:
    """Rounds as (minus side 0, minus side 1) or with a third item: who emptied first."""
    rows = []
    for played in rounds:
        row: dict[str, Any] = {"sides": [{"minus": played[0]}, {"minus": played[1]}]}
        if len(played) == 3:
            row["first"] = played[2]
        rows.append(row)
    return {"mode": "detailed", "finished": finished, "rows": rows}


def test_2_0_wins_the_match():
    result = score(GAME, match((3, 9), (0, 4), finished=True), 2)
    assert (scores(result), ranks(result), result.winner) == ([2, 0], [1, 2], 0)
    assert margins(result) == [-3, -13]
    assert result.totals == ((1, 0), (2, 0))
    assert_consistent(result)


def test_1_1_is_a_draw_by_default():
    result = score(GAME, match((12, 7), (3, 9), finished=True), 2)
    assert (scores(result), ranks(result), result.finished, result.winner) == (
        [1, 1], [1, 1], True, None,
    )  # fmt: skip
    assert margins(result) == [-15, -16]
    error = refusal(GAME, match((12, 7), (3, 9), (5, 6), finished=True), 2)
    assert error.field.startswith("rows[2]")


def test_1_1_plays_a_third_round_with_the_option():
    assert refusal(GAME, match((12, 7), (3, 9), finished=True), 2, third_round=True).field == (
        "finished"
    )
    stood = score(GAME, match((12, 7), (3, 9), finished=False), 2, third_round=True)
    assert (ranks(stood), stood.winner, stood.finished) == ([1, 1], None, False)
    result = score(GAME, match((12, 7), (3, 9), (5, 5, 1), finished=True), 2, third_round=True)
    assert (scores(result), ranks(result), result.winner) == ([1, 2], [2, 1], 1)
    assert margins(result) == [-20, -21]
    assert result.totals == ((0, 1), (1, 1), (1, 2))


def test_no_third_round_after_2_0_even_with_the_option():
    error = refusal(GAME, match((3, 9), (0, 4), (9, 0), finished=True), 2, third_round=True)
    assert error.field.startswith("rows[2]")
    assert refusal(GAME, match((3, 9), (0, 4), finished=False), 2).field == "finished"


def test_equal_minus_points_the_first_to_empty_the_draw_pile_wins_the_round():
    first_one = score(GAME, match((6, 6, 1), finished=False), 2)
    assert (scores(first_one), ranks(first_one)) == ([0, 1], [2, 1])
    first_zero = score(GAME, match((6, 6, 0), finished=False), 2)
    assert scores(first_zero) == [1, 0]
    # Who emptied first matters only for equal minus points.
    assert scores(score(GAME, match((4, 6, 1), finished=False), 2)) == [1, 0]
    assert refusal(GAME, match((6, 6), finished=False), 2).field == "rows[0].first"
    assert refusal(GAME, match((6, 6, 2), finished=False), 2).field == "rows[0].first"


def test_unfinished_after_one_round_ranks_as_it_stood():
    result = score(GAME, match((3, 9), finished=False), 2)
    assert (scores(result), ranks(result), result.winner, margins(result)) == (
        [1, 0], [1, 2], None, [-3, -9],
    )  # fmt: skip
    assert refusal(GAME, match((3, 9), finished=True), 2).field == "finished"


def test_basic_minus_points_fit_one_deck_variant1_counts_values_and_pawns():
    assert scores(score(GAME, match((DECK, 0), finished=False), 2)) == [0, 1]
    assert refusal(GAME, match((DECK + 1, 0), finished=False), 2).field == (
        "rows[0].sides[0].minus"
    )
    assert V1_MOST == 102
    v1 = score(GAME, match((V1_MOST, 60), finished=False), 2, variant1=True)
    assert (scores(v1), margins(v1)) == ([0, 1], [-V1_MOST, -60])
    assert refusal(GAME, match((V1_MOST + 1, 0), finished=False), 2, variant1=True).field == (
        "rows[0].sides[0].minus"
    )


def test_teams_of_four_players_have_two_sides():
    result = score(GAME, match((20, 14), (8, 30), (11, 11, 0), finished=True), 2, players=4,
                   third_round=True)  # fmt: skip
    assert (scores(result), result.winner, margins(result)) == ([2, 1], 0, [-39, -55])
    assert refusal(GAME, match((3, 9), finished=False), 2, players=3).field == "sides"


def test_summary_rounds_won_and_minus_points():
    won = score(GAME, summary(finished=True, rounds=[0, 2], minus=[30, 9]), 2)
    assert (scores(won), ranks(won), margins(won), won.winner) == ([0, 2], [2, 1], [-30, -9], 1)
    draw = score(GAME, summary(finished=True, rounds=[1, 1], minus=[15, 16]), 2)
    assert (ranks(draw), draw.winner, margins(draw)) == ([1, 1], None, [-15, -16])
    third = score(GAME, summary(finished=True, rounds=[2, 1], minus=[20, 21]), 2,
                  third_round=True)  # fmt: skip
    assert (ranks(third), third.winner) == ([1, 2], 0)
    stood = score(GAME, summary(finished=False, rounds=[1, 0], minus=[3, 9]), 2)
    assert (ranks(stood), stood.winner) == ([1, 2], None)
    nothing = score(GAME, summary(finished=False, rounds=[0, 0], minus=[0, 0]), 2)
    assert ranks(nothing) == [1, 1]


def test_summary_refusals():
    def field(finished: bool, rounds: list[int], minus: list[int], **given: Any) -> str:
        entry = summary(finished=finished, rounds=rounds, minus=minus)
        return refusal(GAME, entry, 2, **given).field

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
        return summary(finished=finished, rounds=rounds, minus=minus)

    assert scores(score(GAME, entry(True, [0, 2], [9, 9]), 2)) == [0, 2]
    assert refusal(GAME, entry(True, [0, 2], [9, 10]), 2).field == "sides[1].minus"
    assert refusal(GAME, entry(False, [1, 0], [9, 3]), 2).field == "sides[0].minus"
    # 1-1 says nothing about the totals.
    assert ranks(score(GAME, entry(True, [1, 1], [40, 3]), 2)) == [1, 1]


def test_margin_orientation():
    spec = registry.get(GAME).results
    assert (spec.sides, spec.margin_sign) == ((2,), -1)
