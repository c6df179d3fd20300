"""Miezemauzen table results (MZ-5 … MZ-11): deals and points left, worked by hand, every
option, and whole simulated games scoring to the simulator's (and replay's) points."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import cases, registry
from games.cards import parse_card
from games.miezemauzen.results import MAX_DEALS
from games.miezemauzen.rules import Tricks, seat_order
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


def deals(*rows: Any, finished: bool = False) -> dict[str, Any]:
    return detailed("tricks", list(rows), finished=finished)


def test_players_who_played_lose_a_point_and_a_first_pass_is_free():
    result = score(GAME, deals([3, 2, None]), 3)
    assert (scores(result), ranks(result), margins(result)) == (
        [24, 24, 25], [1, 1, 3], [-24, -24, -25],
    )  # fmt: skip
    assert (result.finished, result.winner, result.totals) == (False, None, ((24, 24, 25),))
    assert_consistent(result)


def test_a_player_without_a_trick_gets_five_on():
    assert scores(score(GAME, deals([3, 2, 0]), 3)) == [24, 24, 30]


def test_the_third_pass_in_a_row_costs_three_and_playing_resets_the_count():
    rows = [[3, 2, None]] * 3 + [[2, 2, 1], [3, 2, None]]
    result = score(GAME, deals(*rows), 3)
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
    entry = deals(([0, 0, None], {"kat": 1, **extra}))
    assert scores(score(GAME, entry, 3, **given)) == expected


def test_per_trick_takes_a_point_off_for_every_trick():
    assert scores(score(GAME, deals([3, 2, 0]), 3, per_trick=True)) == [22, 23, 30]


def test_a_spades_deal_counts_double_with_the_option():
    entry = deals(([3, 2, 0], {"spades": True}), ([3, 2, 0], {"spades": False}))
    result = score(GAME, entry, 3, spades_double=True)
    assert result.totals == ((23, 23, 35), (22, 22, 40))
    kater = deals(([0, 0, 0], {"kat": 0, "kater": True, "spades": True}))
    assert scores(score(GAME, kater, 3, spades_double=True)) == [5, 25, 25]


def test_exact_zero_keeps_a_deduction_from_going_below_zero():
    entry = deals([3, 2, 0], finished=True)
    exact = score(GAME, entry, 3, start_points=2, per_trick=True, exact_zero=True)
    assert (scores(exact), exact.winner) == ([2, 0, 7], 1)
    plain = score(GAME, entry, 3, start_points=2, per_trick=True)
    assert (scores(plain), plain.winner, ranks(plain)) == ([-1, 0, 7], 0, [1, 2, 3])


def test_two_players_reaching_zero_in_the_same_deal_share_the_win():
    result = score(GAME, deals([1, 4, 0], [2, 3, 0], finished=True), 3, start_points=2)
    assert (scores(result), ranks(result), result.winner) == ([0, 0, 12], [1, 1, 3], None)
    assert result.finished
    assert_consistent(result)


def test_a_summary_of_points_left():
    won = score(GAME, summary(finished=True, points=[0, 7, 12]), 3)
    assert (ranks(won), won.winner, margins(won), won.totals) == ([1, 2, 3], 0, [0, -7, -12], ())
    shared = score(GAME, summary(finished=True, points=[-2, -2, 4]), 3)
    assert (ranks(shared), shared.winner) == ([1, 1, 3], None)
    stood = score(GAME, summary(finished=False, points=[3, 3, 10, 1]), 4)
    assert (ranks(stood), stood.winner) == ([2, 2, 4, 1], None)


@pytest.mark.parametrize(
    ("entry", "given", "field", "template"),
    [
        (deals([5, None, None]), {}, "rows[0].sides",
         "Deal %(deal)s: at least two players play each deal (MZ-5)."),
        (deals([3, 2, None]), {"start_points": 3}, "rows[0].sides[2].tricks",
         "Deal %(deal)s: a player at %(points)s points may not pass (3 or fewer, MZ-6)."),
        (deals(([3, 2, None], {"spades": True})), {"spades_double": True},
         "rows[0].sides[2].tricks", "Deal %(deal)s: with spades trump nobody may pass (MZ-11)."),
        (deals(([3, 2, 0], {"spades": True})), {}, "rows[0].spades",
         "This game's result has no such field."),
        (deals([3, 1, 0]), {}, "rows[0].sides",
         "Deal %(deal)s: the players who played took %(taken)s tricks, not 5 (MZ-8)."),
        (deals([3, 2, 6]), {}, "rows[0].sides[2].tricks", "Enter at most %(maximum)s."),
        (deals(([0, 0, None], {"kat": 2})), {}, "rows[0].kat",
         "Deal %(deal)s: only a player who plays can show a kat, and this one passed (MZ-7)."),
        (deals(([1, 0, None], {"kat": 1})), {}, "rows[0].sides[0].tricks",
         "Deal %(deal)s: a kat ends the deal without tricks: enter 0 for every player who "
         "played (MZ-7)."),
        (deals(([3, 2, 0], {"kater": True})), {}, "rows[0].kat",
         "Deal %(deal)s: a kater or the kat holder's choice needs the kat's holder (MZ-7)."),
        (deals(([3, 2, 0], {"kat_others": True})), {"kat_scoring": "either"}, "rows[0].kat",
         "Deal %(deal)s: a kater or the kat holder's choice needs the kat's holder (MZ-7)."),
        (deals(([0, 0, 0], {"kat": 0, "kat_others": True})), {"kat_scoring": "others"},
         "rows[0].kat_others", "This game's result has no such field."),
        (deals([1, 4, 0], [2, 3, 0], [2, 3, 0], finished=True), {"start_points": 2}, "rows[2]",
         "The game was won in deal %(won)s: deal %(deal)s should not have been played "
         "(MZ-10)."),
        (deals([3, 2, 0], finished=True), {}, "finished",
         "Nobody is at 0 points or below, so the game is not finished (MZ-10)."),
        (deals([1, 4, 0]), {"start_points": 1}, "finished",
         "A player is at 0 points or below: that player has won, so the game is finished "
         "(MZ-10)."),
        (summary(finished=False, points=[0, 5, 5]), {}, "finished",
         "A player is at 0 points or below: that player has won, so the game is finished "
         "(MZ-10)."),
        (summary(finished=True, points=[-1, 5, 5]), {"per_trick": True, "exact_zero": True},
         "sides[0].points", "With exact zero nobody goes below 0 points (MZ-10)."),
        (summary(finished=True, points=[-20, 5, 5]), {}, "sides[0].points",
         "Enter at least %(minimum)s."),
    ],
)  # fmt: skip
def test_refusals_name_the_field(entry, given, field, template):
    error = refusal(GAME, entry, 3, **given)
    assert (error.field, error.template) == (field, template)


def test_exact_zero_alone_lets_points_go_below_zero():
    """RULES.md MZ-10: exact_zero is an option of per_trick; without it it does nothing."""
    result = score(GAME, summary(finished=True, points=[-1, 5, 5]), 3, exact_zero=True)
    assert result.winner == 0


def test_six_players_are_no_tournament_table():
    assert refusal(GAME, deals([5, 0, 0, 0, 0, 0]), 6).field == "sides"


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


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.sampled_from([2, 3, 4, 5]),
    given_options=st.fixed_dictionaries({
        "start_points": st.integers(1, 25),
        "per_trick": st.booleans(),
        "exact_zero": st.booleans(),
        "spades_double": st.booleans(),
        "kat_scoring": st.sampled_from(["holder", "others", "either"]),
    }),
)  # fmt: skip
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
    result = score(GAME, entry, players, **given_options)
    assert (scores(result), result.finished, result.winner) == (expected, finished, winner)
    assert_consistent(result)
    points_left = summary(finished=finished, points=expected)
    assert scores(score(GAME, points_left, players, **given_options)) == expected
