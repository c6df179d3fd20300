"""Miezemauzen table results (MZ-9, MZ-10 as the site scores a table)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import cases, registry
from games.cards import parse_card
from games.miezemauzen.results import MAX_DEALS
from games.miezemauzen.rules import Tricks, seat_order
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

GAME = "miezemauzen"


def deal_tricks_entry(*rows: Any, finished: bool = False) -> dict[str, Any]:
    return detailed_entry("tricks", list(rows), finished=finished)


# --- simulated games ----------------------------------------------------------------------------


def rows_from_log(log: dict[str, Any]) -> list[dict[str, Any]]:
    """A detailed entry's rows written from a replay log: declarations, kat, card plays."""
    names = log["players"]
    options = log["options"]
    rows = []
    for deal in log["deals"]:
        trump = parse_card(deal["turned"]).suit
        declared: dict[str, str] = {}
        kat = None
        tricks = None
        for move in deal["moves"]:
            if "declare" in move:
                declared[move["player"]] = move["declare"]
            elif "kat" in move:
                kat = move
            elif "card" in move:
                if tricks is None:
                    order = seat_order(names, deal["dealer"])
                    tricks = Tricks([p for p in order if declared[p] != "pass"], trump, {})
                tricks.play(parse_card(move["card"]))
        won = tricks.won if tricks is not None else {}
        row: dict[str, Any] = {
            "sides": [
                {"tricks": None if declared[name] == "pass" else won.get(name, 0)} for name in names
            ]
        }
        if kat is not None:
            row["kat"] = names.index(kat["player"])
            row["kater"] = kat["kat"] == trump
            if options["kat_scoring"] == "either":
                row["kat_others"] = kat["choice"] == "others"
        if options["spades_double"]:
            row["spades"] = trump == "S"
        rows.append(row)
    return rows


P = None  # a player who passed


def test_players_who_played_lose_a_point_and_a_first_pass_is_free():
    result = scored_table(GAME, deal_tricks_entry([3, 2, None]), 3)
    assert (scores(result), ranks(result), margins(result)) == (
        [24, 24, 25],
        [1, 1, 3],
        [-24, -24, -25],
    )
    assert (result.finished, result.winner, result.totals) == (False, None, ((24, 24, 25),))
    assert_consistent(result)


def test_a_player_without_a_trick_gets_five_on():
    assert scores(scored_table(GAME, deal_tricks_entry([3, 2, 0]), 3)) == [24, 24, 30]


def test_the_third_pass_in_a_row_costs_three_and_playing_resets_the_count():
    rows = [[3, 2, None]] * 3 + [[2, 2, 1], [3, 2, None]]
    result = scored_table(GAME, deal_tricks_entry(*rows), 3)
    assert [row[2] for row in result.totals] == [25, 25, 28, 27, 27]


@pytest.mark.parametrize(
    ("given", "extra", "expected"),
    [
        ({}, {}, [25, 20, 25]),
        ({}, {"kater": True}, [25, 15, 25]),
        ({"kat_scoring": "others"}, {}, [30, 20, 30]),
        ({"kat_scoring": "others"}, {"kater": True}, [35, 15, 35]),
        ({"kat_scoring": "either"}, {}, [25, 20, 25]),
        ({"kat_scoring": "either"}, {"kat_others": True}, [30, 25, 30]),
        ({"kat_scoring": "either"}, {"kat_others": True, "kater": True}, [35, 25, 35]),
    ],
)
def test_a_kat_ends_the_deal_and_scores_as_the_option_says(given, extra, expected):
    entry = deal_tricks_entry(([0, 0, None], {"kat": 1, **extra}))
    assert scores(scored_table(GAME, entry, 3, **given)) == expected


def test_per_trick_takes_a_point_off_for_every_trick():
    assert scores(scored_table(GAME, deal_tricks_entry([3, 2, 0]), 3, per_trick=True)) == [
        22,
        23,
        30,
    ]


def test_a_spades_deal_counts_double_with_the_option():
    entry = deal_tricks_entry(([3, 2, 0], {"spades": True}), ([3, 2, 0], {"spades": False}))
    result = scored_table(GAME, entry, 3, spades_double=True)
    assert result.totals == ((23, 23, 35), (22, 22, 40))
    kater = deal_tricks_entry(([0, 0, 0], {"kat": 0, "kater": True, "spades": True}))
    assert scores(scored_table(GAME, kater, 3, spades_double=True)) == [5, 25, 25]


def test_exact_zero_keeps_a_deduction_from_going_below_zero():
    entry = deal_tricks_entry([3, 2, 0], finished=True)
    exact = scored_table(GAME, entry, 3, start_points=2, per_trick=True, exact_zero=True)
    assert (scores(exact), exact.winner) == ([2, 0, 7], 1)
    plain = scored_table(GAME, entry, 3, start_points=2, per_trick=True)
    assert (scores(plain), plain.winner, ranks(plain)) == ([-1, 0, 7], 0, [1, 2, 3])


def test_two_players_reaching_zero_in_the_same_deal_share_the_win():
    result = scored_table(
        GAME, deal_tricks_entry([1, 4, 0], [2, 3, 0], finished=True), 3, start_points=2
    )
    assert (scores(result), ranks(result), result.winner) == ([0, 0, 12], [1, 1, 3], None)
    assert result.finished
    assert_consistent(result)


def test_a_summary_of_points_left():
    won = scored_table(GAME, summary_entry(finished=True, points=[0, 7, 12]), 3)
    assert (ranks(won), won.winner, margins(won), won.totals) == ([1, 2, 3], 0, [0, -7, -12], ())
    shared = scored_table(GAME, summary_entry(finished=True, points=[-2, -2, 4]), 3)
    assert (ranks(shared), shared.winner) == ([1, 1, 3], None)
    stood = scored_table(GAME, summary_entry(finished=False, points=[3, 3, 10, 1]), 4)
    assert (ranks(stood), stood.winner) == ([2, 2, 4, 1], None)


@pytest.mark.parametrize(
    ("entry", "given", "field", "template"),
    [
        (
            deal_tricks_entry([5, None, None]),
            {},
            "rows[0].sides",
            "Deal %(deal)s: at least two players play each deal (MZ-5).",
        ),
        (
            deal_tricks_entry([3, 2, None]),
            {"start_points": 3},
            "rows[0].sides[2].tricks",
            "Deal %(deal)s: a player at %(points)s points may not pass (3 or fewer, MZ-6).",
        ),
        (
            deal_tricks_entry(([3, 2, None], {"spades": True})),
            {"spades_double": True},
            "rows[0].sides[2].tricks",
            "Deal %(deal)s: with spades trump nobody may pass (MZ-11).",
        ),
        (
            deal_tricks_entry(([3, 2, 0], {"spades": True})),
            {},
            "rows[0].spades",
            "This game's result has no such field.",
        ),
        (
            deal_tricks_entry([3, 1, 0]),
            {},
            "rows[0].sides",
            "Deal %(deal)s: the players who played took %(taken)s tricks, not 5 (MZ-8).",
        ),
        (deal_tricks_entry([3, 2, 6]), {}, "rows[0].sides[2].tricks", "Enter at most %(maximum)s."),
        (
            deal_tricks_entry(([0, 0, None], {"kat": 2})),
            {},
            "rows[0].kat",
            "Deal %(deal)s: only a player who plays can show a kat, and this one passed (MZ-7).",
        ),
        (
            deal_tricks_entry(([1, 0, None], {"kat": 1})),
            {},
            "rows[0].sides[0].tricks",
            "Deal %(deal)s: a kat ends the deal without tricks: enter 0 for every player who "
            "played (MZ-7).",
        ),
        (
            deal_tricks_entry(([3, 2, 0], {"kater": True})),
            {},
            "rows[0].kat",
            "Deal %(deal)s: a kater or the kat holder's choice needs the kat's holder (MZ-7).",
        ),
        (
            deal_tricks_entry(([3, 2, 0], {"kat_others": True})),
            {"kat_scoring": "either"},
            "rows[0].kat",
            "Deal %(deal)s: a kater or the kat holder's choice needs the kat's holder (MZ-7).",
        ),
        (
            deal_tricks_entry(([0, 0, 0], {"kat": 0, "kat_others": True})),
            {"kat_scoring": "others"},
            "rows[0].kat_others",
            "This game's result has no such field.",
        ),
        (
            deal_tricks_entry([1, 4, 0], [2, 3, 0], [2, 3, 0], finished=True),
            {"start_points": 2},
            "rows[2]",
            "The game was won in deal %(won)s: deal %(deal)s should not have been played (MZ-10).",
        ),
        (
            deal_tricks_entry([3, 2, 0], finished=True),
            {},
            "finished",
            "Nobody is at 0 points or below, so the game is not finished (MZ-10).",
        ),
        (
            deal_tricks_entry([1, 4, 0]),
            {"start_points": 1},
            "finished",
            "A player is at 0 points or below: that player has won, so the game is finished "
            "(MZ-10).",
        ),
        (
            summary_entry(finished=False, points=[0, 5, 5]),
            {},
            "finished",
            "A player is at 0 points or below: that player has won, so the game is finished "
            "(MZ-10).",
        ),
        (
            summary_entry(finished=True, points=[-1, 5, 5]),
            {"per_trick": True, "exact_zero": True},
            "sides[0].points",
            "With exact zero nobody goes below 0 points (MZ-10).",
        ),
        (
            summary_entry(finished=True, points=[-20, 5, 5]),
            {},
            "sides[0].points",
            "Enter at least %(minimum)s.",
        ),
    ],
)
def test_refusals_name_the_field(entry, given, field, template):
    error = result_refusal(GAME, entry, 3, **given)
    assert (error.field, error.template) == (field, template)


def test_exact_zero_alone_lets_points_go_below_zero():
    """RULES.md MZ-10: exact_zero is an option of per_trick; without it it does nothing."""
    result = scored_table(GAME, summary_entry(finished=True, points=[-1, 5, 5]), 3, exact_zero=True)
    assert result.winner == 0


def test_six_players_are_no_tournament_table():
    assert result_refusal(GAME, deal_tricks_entry([5, 0, 0, 0, 0, 0]), 6).field == "sides"


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.sampled_from([2, 3, 4, 5]),
    given_options=st.fixed_dictionaries(
        {
            "start_points": st.integers(1, 25),
            "per_trick": st.booleans(),
            "exact_zero": st.booleans(),
            "spades_double": st.booleans(),
            "kat_scoring": st.sampled_from(["holder", "others", "either"]),
        }
    ),
)
def test_simulated_games_score_to_the_simulators_points_and_winner(seed, players, given_options):
    sim = registry.get(GAME).simulate(seed, players=players, options=given_options)
    names = sim.log["players"]
    rows = rows_from_log(sim.log)
    if len(rows) <= MAX_DEALS:
        finished = sim.summary["finished_after"] is not None
        expected = [sim.summary["final"][name] for name in names]
        won = sim.summary["winner"]
        winner = names.index(won) if isinstance(won, str) else None
    else:  # a long random game: its first MAX_DEALS deals, as the replay books them
        rows = rows[:MAX_DEALS]
        after = cases.judge(sim.log)["result"]["points"][MAX_DEALS - 1]
        finished, expected, winner = False, [after[name] for name in names], None
    entry = {"mode": "detailed", "finished": finished, "rows": rows}
    result = scored_table(GAME, entry, players, **given_options)
    assert (scores(result), result.finished, result.winner) == (expected, finished, winner)
    assert_consistent(result)
    points_left = summary_entry(finished=finished, points=expected)
    assert scores(scored_table(GAME, points_left, players, **given_options)) == expected


def test_tricks_passes_and_pass_penalties_from_the_third_pass_in_a_row():
    entry = deal_tricks_entry(
        [3, 2, 0],  # 24 24 30
        [P, 4, 1],  # first pass: free
        [P, 2, 3],  # second pass in a row: free
        [P, 5, 0],  # third in a row: 3 on (MZ-6)
        [P, 3, 2],  # fourth in a row: 3 on again (reading)
        [1, 2, 2],  # plays: the count resets
        [P, 0, 5],  # first pass again: free
        finished=False,
    )
    result = scored_table(GAME, entry, 3)
    assert result.totals == (
        (24, 24, 30),
        (24, 23, 29),
        (24, 22, 28),
        (27, 21, 33),
        (30, 20, 32),
        (29, 19, 31),
        (29, 24, 30),
    )
    assert (ranks(result), margins(result), result.winner) == ([2, 1, 3], [-29, -24, -30], None)
    assert_consistent(result)


def test_nobody_passes_at_3_points_or_fewer():
    at_four = deal_tricks_entry([3, 2, 0], [2, 3, 0], [3, 2, 0], [3, 2, 0], finished=False)
    assert scores(scored_table(GAME, at_four, 3, start_points=7)) == [3, 3, 27]
    passes_at_four = deal_tricks_entry([3, 2, 0], [2, 3, 0], [P, 3, 2], finished=False)
    assert scores(scored_table(GAME, passes_at_four, 3, start_points=6)) == [4, 3, 15]
    error = result_refusal(
        GAME, deal_tricks_entry([3, 2, 0], [2, 3, 0], [P, 3, 2], finished=False), 3, start_points=5
    )
    assert error.field == "rows[2].sides[0].tricks"


def test_at_least_two_play_and_they_take_the_five_tricks():
    assert result_refusal(GAME, deal_tricks_entry([P, P, 5], finished=False), 3).field.startswith(
        "rows[0]"
    )
    assert result_refusal(GAME, deal_tricks_entry([3, 1, 0], finished=False), 3).field.startswith(
        "rows[0]"
    )
    assert result_refusal(GAME, deal_tricks_entry([3, 3, P], finished=False), 3).field.startswith(
        "rows[0]"
    )
    assert (
        result_refusal(GAME, deal_tricks_entry([6, 0, P], finished=False), 3).field
        == "rows[0].sides[0].tricks"
    )


def test_kat_and_kater_for_the_holder_others_score_nothing_but_pass_penalties():
    entry = deal_tricks_entry(
        ([0, 0, P], {"kat": 1}),  # 25 20 25
        ([0, 0, 0], {"kat": 0, "kater": True}),  # 15 20 25
        finished=False,
    )
    assert scored_table(GAME, entry, 3).totals == ((25, 20, 25), (15, 20, 25))
    penalised = deal_tricks_entry([P, 3, 2], [P, 2, 3], ([P, 0, 0], {"kat": 2}), finished=False)
    assert scored_table(GAME, penalised, 3).totals == ((25, 24, 24), (25, 23, 23), (28, 23, 18))


def test_kat_for_the_others_puts_5_on_every_other_player_passers_included():
    entry = deal_tricks_entry(([0, 0, P], {"kat": 1}), finished=False)
    assert scores(scored_table(GAME, entry, 3, kat_scoring="others")) == [30, 20, 30]


def test_kat_either_the_holder_chooses():
    own = deal_tricks_entry(([0, 0, P], {"kat": 1, "kat_others": False}), finished=False)
    assert scores(scored_table(GAME, own, 3, kat_scoring="either")) == [25, 20, 25]
    others = deal_tricks_entry(([0, 0, P], {"kat": 1, "kat_others": True}), finished=False)
    assert scores(scored_table(GAME, others, 3, kat_scoring="either")) == [30, 25, 30]
    # Without kat_scoring "either" there is no choice to record.
    error = result_refusal(GAME, others, 3)
    assert error.field == "rows[0].kat_others"


def test_a_kat_is_shown_by_a_playing_player_and_ends_the_deal_without_tricks():
    assert (
        result_refusal(GAME, deal_tricks_entry(([0, P, 0], {"kat": 1}), finished=False), 3).field
        == "rows[0].kat"
    )
    with_tricks = deal_tricks_entry(([3, 2, P], {"kat": 0}), finished=False)
    assert result_refusal(GAME, with_tricks, 3).field.startswith("rows[0]")
    kater_alone = deal_tricks_entry(([3, 2, P], {"kater": True}), finished=False)
    assert result_refusal(GAME, kater_alone, 3).field == "rows[0].kat"
    assert (
        result_refusal(GAME, deal_tricks_entry(([0, 0, P], {"kat": 3}), finished=False), 3).field
        == "rows[0].kat"
    )


def test_per_trick_one_point_off_per_trick():
    result = scored_table(
        GAME, deal_tricks_entry([3, 2, 0], [1, 4, 0], finished=False), 3, per_trick=True
    )
    assert result.totals == ((22, 23, 30), (21, 19, 35))


def test_exact_zero_a_deduction_below_0_is_not_applied():
    result = scored_table(
        GAME,
        deal_tricks_entry([3, 2, 0], finished=True),
        3,
        start_points=2,
        per_trick=True,
        exact_zero=True,
    )
    assert (scores(result), result.winner, ranks(result)) == ([2, 0, 7], 1, [2, 1, 3])
    assert margins(result) == [-2, 0, -7]


def test_several_at_0_or_below_the_lowest_wins():
    result = scored_table(
        GAME, deal_tricks_entry([3, 2, 0], finished=True), 3, start_points=2, per_trick=True
    )
    assert (scores(result), result.winner, ranks(result)) == ([-1, 0, 7], 0, [1, 2, 3])


def test_equal_lowest_at_the_finish_share_the_win():
    result = scored_table(GAME, deal_tricks_entry([3, 2], [4, 1], finished=True), 2, start_points=2)
    assert (scores(result), result.finished, result.winner, ranks(result)) == (
        [0, 0],
        True,
        None,
        [1, 1],
    )


def test_spades_double_every_point_and_nobody_passes():
    entry = deal_tricks_entry(
        ([3, 2, 0], {"spades": True}),  # 23 23 35
        ([3, 2, 0], {"spades": False}),  # 22 22 40
        ([0, 0, 0], {"spades": True, "kat": 0}),  # kat doubled: 12
        ([0, 0, 0], {"spades": True, "kat": 1, "kater": True}),  # kater doubled: 2
        finished=False,
    )
    result = scored_table(GAME, entry, 3, spades_double=True)
    assert result.totals == ((23, 23, 35), (22, 22, 40), (12, 22, 40), (12, 2, 40))
    passing = deal_tricks_entry(([P, 3, 2], {"spades": True}), finished=False)
    assert result_refusal(GAME, passing, 3, spades_double=True).field == "rows[0].sides[0].tricks"
    # Without the option there is no spades column.
    assert result_refusal(
        GAME, deal_tricks_entry(([3, 2, 0], {"spades": True}), finished=False), 3
    ).field == ("rows[0].spades")


def test_the_kater_wins_at_once_and_no_deal_follows():
    won = deal_tricks_entry(([0, 0], {"kat": 0, "kater": True}), finished=True)
    result = scored_table(GAME, won, 2, start_points=8)
    assert (scores(result), result.winner) == ([-2, 8], 0)
    after = deal_tricks_entry(([0, 0], {"kat": 0, "kater": True}), [3, 2], finished=True)
    assert result_refusal(GAME, after, 2, start_points=8).field.startswith("rows[1]")
    assert result_refusal(GAME, {**won, "finished": False}, 2, start_points=8).field == "finished"
    assert result_refusal(GAME, deal_tricks_entry([3, 2], finished=True), 2).field == "finished"


def test_summary_points_left():
    result = scored_table(GAME, summary_entry(finished=True, points=[0, 5, 12]), 3)
    assert (scores(result), ranks(result), margins(result), result.winner) == (
        [0, 5, 12],
        [1, 2, 3],
        [0, -5, -12],
        0,
    )
    below = scored_table(GAME, summary_entry(finished=True, points=[4, -3, 0]), 3)
    assert (below.winner, ranks(below)) == (1, [3, 1, 2])
    shared = scored_table(GAME, summary_entry(finished=True, points=[0, 0, 8]), 3)
    assert (shared.winner, ranks(shared)) == (None, [1, 1, 3])
    stood = scored_table(GAME, summary_entry(finished=False, points=[3, 5, 5]), 3)
    assert (stood.winner, ranks(stood), stood.finished) == (None, [1, 2, 2], False)
    assert (
        result_refusal(GAME, summary_entry(finished=False, points=[0, 5, 5]), 3).field == "finished"
    )
    assert (
        result_refusal(GAME, summary_entry(finished=True, points=[3, 5, 5]), 3).field == "finished"
    )


def test_a_summary_ends_no_lower_than_a_kater_from_1_point():
    # From 1 point (at 0 the game is over) the most a deal takes off is a kater: 10, or
    # 20 doubled in a spades deal (MZ-7, MZ-11); with exact zero nobody goes below 0.
    lowest = scored_table(GAME, summary_entry(finished=True, points=[-9, 3, 4]), 3)
    assert (lowest.winner, margins(lowest)) == (0, [9, -3, -4])
    below = summary_entry(finished=True, points=[-10, 3, 4])
    assert result_refusal(GAME, below, 3).field == "sides[0].points"
    assert scored_table(GAME, below, 3, spades_double=True).winner == 0
    doubled = summary_entry(finished=True, points=[-19, 3, 4])
    assert scored_table(GAME, doubled, 3, spades_double=True).winner == 0
    assert result_refusal(GAME, doubled, 3).field == "sides[0].points"
    exact = summary_entry(finished=True, points=[-1, 3, 4])
    assert (
        result_refusal(GAME, exact, 3, per_trick=True, exact_zero=True).field == "sides[0].points"
    )


def test_table_sizes_and_margin_orientation():
    spec = registry.get(GAME).results
    assert spec.sides == (2, 3, 4, 5)
    assert spec.margin_sign == -1
    assert (
        result_refusal(GAME, deal_tricks_entry([1, 1, 1, 1, 1, 0], finished=False), 6).field
        == "sides"
    )
