"""Miezemauzen MZ-4 declarations, MZ-5 two must play, MZ-6 passing."""

import copy

import pytest

from games import cases
from games.base import CaseError
from tests.games.helpers import (
    at_of,
    case_error,
    cited,
    illegal_result,
    legal_result,
    rules_in_order,
)
from tests.games.miezemauzen.helpers import (
    ALL3,
    ALL_PLAY3,
    REPLAY,
    deal_example_with,
    deal_summary,
    four_player_deal,
    game_case,
    judge_game_unchecked,
    judge_mz,
)


def declarations_only_deal(
    players=("Ann", "Bas", "Cor", "Dirk"), dealer=None, points=None, passes=None, **kw
):
    """A deal with declarations only (no hands, no tricks)."""
    players = list(players)
    data = {
        "game": "miezemauzen",
        "check": "deal",
        "players": players,
        "dealer": dealer or players[-1],
        "trump": kw.pop("trump", "H"),
        "declarations": kw.pop("declarations"),
    }
    if points is not None:
        data["points_before"] = points
    if passes is not None:
        data["passes_before"] = passes
    data.update(kw)
    return data


# --- MZ-4 Declarations -----------------------------------------------------------------------


def test_mz4_one_exchange_and_the_dealer_swap():
    verdict = cases.judge(
        deal_example_with(
            turned="QH",
            dealer_swap={"give": "8D"},
            hands={"Ann": ["AH", "KS", "9S", "8C", "7D"], "Dirk": ["10H", "QS", "7S", "9C", "QH"]},
            tricks=[["AH", "10H"], ["KS", "QS"], ["9S", "7S"], ["8C", "9C"], ["QH", "7D"]],
        )
    )
    assert legal_result(verdict)["tricks_won"] == {"Ann": 3, "Dirk": 2}


def test_mz4_second_exchange():
    verdict = cases.judge(
        deal_example_with(
            declarations={"Ann": "exchange", "Bas": "pass", "Cor": "pass", "Dirk": "exchange"}
        )
    )
    illegal_result(verdict, "MZ-4", at=3)
    assert verdict["violations"][0]["message"].startswith("Dirk may not exchange")


def test_mz4_only_the_dealer_swaps():
    verdict = cases.judge(
        deal_example_with(dealer_swap={"give": "7C", "player": "Ann"}, tricks=None)
    )
    illegal_result(verdict, "MZ-4")


def test_mz4_swap_keeps_the_turned_card_in_the_dealers_hand():
    with pytest.raises(CaseError, match="turned"):
        cases.judge(deal_example_with(turned="QH", dealer_swap={"give": "7C"}))


def test_mz4_replay_declaration_out_of_turn():
    log = copy.deepcopy(REPLAY)
    moves = log["deals"][0]["moves"]
    moves[0], moves[1] = moves[1], moves[0]
    verdict = cases.judge(log)
    illegal_result(verdict, "MZ-4", at=0)
    assert "final" not in verdict["result"]


def test_mz4_declarations_in_dutch():
    verdict = cases.judge(
        deal_example_with(
            declarations={"Ann": "spelen", "Bas": "passen", "Cor": "Pass", "Dirk": "ruilen"}
        )
    )
    legal_result(verdict)
    with pytest.raises(CaseError, match=r"declarations\.Bas"):
        cases.judge(
            deal_example_with(
                declarations={"Ann": "play", "Bas": "fold", "Cor": "pass", "Dirk": "play"}
            )
        )
    with pytest.raises(CaseError, match=r"declarations\.Cor"):
        cases.judge(deal_example_with(declarations={"Ann": "play", "Bas": "pass", "Dirk": "play"}))


def test_mz4_swap_as_a_card_or_with_the_card_taken():
    hands = {"Dirk": ["10H", "QS", "7S", "9C", "QH"]}
    legal_result(
        cases.judge(deal_example_with(dealer_swap="8D", turned="QH", hands=hands, tricks=None))
    )
    legal_result(
        cases.judge(
            deal_example_with(dealer_swap={"give": "8D", "take": "QH"}, hands=hands, tricks=None)
        )
    )
    illegal_result(
        cases.judge(
            deal_example_with(dealer_swap={"give": "8D", "take": "QS"}, hands=None, tricks=None)
        ),
        "MZ-3",
    )
    with pytest.raises(CaseError, match=r"dealer_swap\.take"):
        cases.judge(
            deal_example_with(dealer_swap={"give": "8D", "take": "QH"}, turned="KH", tricks=None)
        )


def test_mz4_only_one_exchange_per_deal():
    verdict = judge_mz(
        declarations_only_deal(
            declarations={"Ann": "exchange", "Bas": "exchange", "Cor": "play", "Dirk": "play"}
        )
    )
    assert cited(verdict) == {"MZ-4"}
    assert at_of(verdict, "MZ-4") == [1]


def test_mz4_at_follows_seat_order_from_dealers_left_not_key_order():
    # dealer Bas: order Cor, Dirk, Ann, Bas. Second exchange is Ann (index 2).
    verdict = judge_mz(
        declarations_only_deal(
            dealer="Bas",
            declarations={"Ann": "exchange", "Bas": "play", "Cor": "play", "Dirk": "exchange"},
        )
    )
    assert cited(verdict) == {"MZ-4"}
    assert at_of(verdict, "MZ-4") == [2]


def test_mz4_dealer_may_exchange_when_nobody_did():
    legal_result(
        judge_mz(
            declarations_only_deal(
                declarations={"Ann": "play", "Bas": "pass", "Cor": "pass", "Dirk": "exchange"}
            )
        )
    )


def test_mz4_unknown_declaration_cannot_be_judged():
    err = case_error(
        declarations_only_deal(
            declarations={"Ann": "fold", "Bas": "play", "Cor": "play", "Dirk": "play"}
        )
    )
    assert err.field.startswith("declarations")


def test_mz4_missing_declaration_cannot_be_judged():
    case_error(
        declarations_only_deal(declarations={"Ann": "play", "Bas": "play", "Cor": "play"}),
        "declarations",
    )


def test_mz4_declaration_of_a_stranger_cannot_be_judged():
    err = case_error(
        declarations_only_deal(
            declarations={
                "Ann": "play",
                "Bas": "play",
                "Cor": "play",
                "Dirk": "play",
                "Eve": "play",
            }
        )
    )
    assert err.field.startswith("declarations")


# --- MZ-5 Two must play ----------------------------------------------------------------------


def test_mz5_last_two_play_after_two_passes():
    verdict = cases.judge(
        deal_example_with(
            declarations={"Ann": "pass", "Bas": "pass", "Cor": "play", "Dirk": "play"},
            hands=None,
            tricks=None,
        )
    )
    assert legal_result(verdict) == {}


def test_mz5_third_pass_leaves_one_player():
    verdict = cases.judge(
        deal_example_with(
            declarations={"Ann": "pass", "Bas": "pass", "Cor": "pass", "Dirk": "play"},
            hands=None,
            tricks=None,
        )
    )
    illegal_result(verdict, "MZ-5", at=2)
    assert rules_in_order(verdict) == ["MZ-5"]


def test_mz5_two_players_both_play():
    two = {
        "players": ["Ann", "Bas"],
        "dealer": "Bas",
        "points_before": None,
        "passes_before": None,
        "hands": None,
        "tricks": None,
    }
    legal_result(
        cases.judge(deal_example_with(**two, declarations={"Ann": "play", "Bas": "exchange"}))
    )
    illegal_result(
        cases.judge(deal_example_with(**two, declarations={"Ann": "pass", "Bas": "play"})),
        "MZ-5",
        at=0,
    )


def test_mz5_game_deal_with_one_player():
    verdict = judge_game_unchecked(
        [deal_summary("H", {"Ann": "pass", "Bas": "pass", "Cor": "play"}, tricks_won={"Cor": 5})]
    )
    illegal_result(verdict, "MZ-5", at=0)


def test_mz5_last_two_must_play_after_two_passes():
    verdict = judge_mz(
        declarations_only_deal(
            declarations={"Ann": "pass", "Bas": "pass", "Cor": "pass", "Dirk": "play"}
        )
    )
    assert cited(verdict) == {"MZ-5"}
    assert at_of(verdict, "MZ-5")[0] == 2


def test_mz5_seed_example_is_legal():
    legal_result(
        judge_mz(
            declarations_only_deal(
                declarations={"Ann": "pass", "Bas": "pass", "Cor": "play", "Dirk": "play"}
            )
        )
    )


def test_mz5_dealer_must_play_as_second_player():
    verdict = judge_mz(
        declarations_only_deal(
            declarations={"Ann": "pass", "Bas": "pass", "Cor": "play", "Dirk": "pass"}
        )
    )
    assert cited(verdict) == {"MZ-5"}
    assert at_of(verdict, "MZ-5") == [3]


def test_mz5_exchange_counts_as_playing():
    legal_result(
        judge_mz(
            declarations_only_deal(
                declarations={"Ann": "exchange", "Bas": "pass", "Cor": "pass", "Dirk": "play"}
            )
        )
    )
    verdict = judge_mz(
        declarations_only_deal(
            declarations={"Ann": "exchange", "Bas": "pass", "Cor": "pass", "Dirk": "pass"}
        )
    )
    assert cited(verdict) == {"MZ-5"}
    assert at_of(verdict, "MZ-5") == [3]


def test_mz5_forced_player_may_exchange():
    legal_result(
        judge_mz(
            declarations_only_deal(
                declarations={"Ann": "pass", "Bas": "pass", "Cor": "exchange", "Dirk": "play"}
            )
        )
    )


def test_mz5_all_pass():
    verdict = judge_mz(
        declarations_only_deal(
            declarations={"Ann": "pass", "Bas": "pass", "Cor": "pass", "Dirk": "pass"}
        )
    )
    assert cited(verdict) == {"MZ-5"}
    assert at_of(verdict, "MZ-5")[0] == 2


def test_mz5_three_players_first_pass_forces_the_others():
    players = ("Ann", "Bas", "Cor")
    legal_result(
        judge_mz(
            declarations_only_deal(
                players, declarations={"Ann": "pass", "Bas": "play", "Cor": "play"}
            )
        )
    )
    legal_result(
        judge_mz(
            declarations_only_deal(
                players, declarations={"Ann": "play", "Bas": "pass", "Cor": "play"}
            )
        )
    )
    verdict = judge_mz(
        declarations_only_deal(players, declarations={"Ann": "play", "Bas": "play", "Cor": "pass"})
    )
    assert verdict["legal"] is True
    verdict = judge_mz(
        declarations_only_deal(players, declarations={"Ann": "pass", "Bas": "pass", "Cor": "play"})
    )
    assert cited(verdict) == {"MZ-5"}
    assert at_of(verdict, "MZ-5") == [1]
    verdict = judge_mz(
        declarations_only_deal(players, declarations={"Ann": "play", "Bas": "pass", "Cor": "pass"})
    )
    assert cited(verdict) == {"MZ-5"}
    assert at_of(verdict, "MZ-5") == [2]


def test_mz5_two_players_both_must_play():
    players = ("Ann", "Bas")
    legal_result(
        judge_mz(declarations_only_deal(players, declarations={"Ann": "play", "Bas": "exchange"}))
    )
    verdict = judge_mz(declarations_only_deal(players, declarations={"Ann": "pass", "Bas": "play"}))
    assert cited(verdict) == {"MZ-5"}
    assert at_of(verdict, "MZ-5") == [0]


def test_mz5_order_starts_left_of_dealer():
    # dealer Ann: order Bas, Cor, Dirk, Ann. Bas and Cor pass -> Dirk and Ann must play.
    legal_result(
        judge_mz(
            declarations_only_deal(
                dealer="Ann",
                declarations={"Bas": "pass", "Cor": "pass", "Dirk": "play", "Ann": "play"},
            )
        )
    )
    verdict = judge_mz(
        declarations_only_deal(
            dealer="Ann", declarations={"Bas": "pass", "Cor": "pass", "Dirk": "pass", "Ann": "play"}
        )
    )
    assert cited(verdict) == {"MZ-5"}
    assert at_of(verdict, "MZ-5") == [2]


# --- MZ-6 Passing ----------------------------------------------------------------------------


def test_mz6_penalty_depends_on_passes_before():
    assert (
        legal_result(cases.judge(deal_example_with()))["deal_points"]["Cor"] == 3
    )  # passes_before 2
    result = legal_result(cases.judge(deal_example_with(passes_before={"Cor": 1})))
    assert result["deal_points"]["Cor"] == 0
    result = legal_result(cases.judge(deal_example_with(passes_before={"Bas": 7})))
    assert result["deal_points"]["Bas"] == 3


def test_mz6_player_at_three_may_not_pass():
    verdict = cases.judge(
        deal_example_with(points_before={"Ann": 12, "Bas": 3, "Cor": 25, "Dirk": 7})
    )
    illegal_result(verdict, "MZ-6", at=1)
    assert "Bas is at 3 points" in verdict["violations"][0]["message"]
    legal_result(
        cases.judge(deal_example_with(points_before={"Ann": 12, "Bas": 4, "Cor": 25, "Dirk": 7}))
    )


def test_mz6_game_counts_passes_in_a_row():
    pass_bas = {"Ann": "play", "Bas": "pass", "Cor": "play"}
    won = {"Ann": 3, "Cor": 2}
    deals = [deal_summary("D", pass_bas, tricks_won=won)] * 4
    deals += [deal_summary("D", ALL_PLAY3, tricks_won={"Ann": 1, "Bas": 1, "Cor": 3})]
    deals += [deal_summary("D", pass_bas, tricks_won=won)] * 3
    result = legal_result(judge_game_unchecked(deals))
    assert [row["Bas"] for row in result["points"]] == [25, 25, 28, 31, 30, 30, 30, 33]


def test_mz6_game_pass_at_three_points():
    deals = [
        deal_summary("D", ALL_PLAY3, tricks_won={"Ann": 4, "Bas": 1, "Cor": 0}),
        deal_summary(
            "D", {"Ann": "pass", "Bas": "play", "Cor": "play"}, tricks_won={"Bas": 3, "Cor": 2}
        ),
    ]
    verdict = judge_game_unchecked(deals, start_points=4)
    illegal_result(verdict, "MZ-6", at=1)
    assert verdict["result"]["final"] == {"Ann": 3, "Bas": 2, "Cor": 8}


@pytest.mark.parametrize("points", [3, 2, 1])
def test_mz6_at_three_or_fewer_no_pass(points):
    verdict = judge_mz(
        declarations_only_deal(
            points={"Ann": 10, "Bas": points, "Cor": 10, "Dirk": 10},
            declarations={"Ann": "play", "Bas": "pass", "Cor": "play", "Dirk": "play"},
        )
    )
    assert cited(verdict) == {"MZ-6"}
    assert at_of(verdict, "MZ-6") == [1]


def test_mz6_at_four_may_pass():
    legal_result(
        judge_mz(
            declarations_only_deal(
                points={"Ann": 10, "Bas": 4, "Cor": 10, "Dirk": 10},
                declarations={"Ann": "play", "Bas": "pass", "Cor": "play", "Dirk": "play"},
            )
        )
    )


@pytest.mark.parametrize(("before", "penalty"), [(0, 0), (1, 0), (2, 3), (3, 3), (7, 3)])
def test_mz6_third_pass_in_a_row_costs_three(before, penalty):
    result = legal_result(
        judge_mz(four_player_deal(passes_before={"Ann": 0, "Bas": before, "Cor": 0, "Dirk": 0}))
    )
    assert result["deal_points"]["Bas"] == penalty
    assert result["points_after"]["Bas"] == 9 + penalty


def test_mz6_playing_after_two_passes_costs_nothing():
    data = four_player_deal(
        passes_before={"Ann": 2, "Bas": 0, "Cor": 0, "Dirk": 0},
    )
    result = legal_result(judge_mz(data))
    assert result["deal_points"]["Ann"] == -1


def test_mz6_penalty_stands_with_a_kat():
    hands = {"Ann": ["AC", "KC", "QC", "9C", "7C"], "Dirk": ["10H", "QS", "JD", "9D", "8C"]}
    result = legal_result(
        judge_mz(four_player_deal(hands=hands, tricks=None, kat=[{"player": "Ann", "suit": "C"}]))
    )
    assert result["deal_points"] == {"Ann": -5, "Bas": 0, "Cor": 3, "Dirk": 0}
    assert result["points_after"] == {"Ann": 7, "Bas": 9, "Cor": 28, "Dirk": 7}


def test_mz6_in_game_third_pass_and_low_points():
    def won(passer, winners):
        declarations = {p: "pass" if p == passer else "play" for p in ("Ann", "Bas", "Cor")}
        tricks_won = dict(zip(winners, (3, 2), strict=True))
        return {"trump": "H", "declarations": declarations, "tricks_won": tricks_won}

    deals = [
        *(won("Bas", ("Ann", "Cor")) for _ in range(4)),
        won("Cor", ("Ann", "Bas")),
        won("Bas", ("Ann", "Cor")),
    ]
    result = legal_result(judge_mz(game_case(deals)))
    assert [p["Bas"] for p in result["points"]] == [25, 25, 28, 31, 30, 30]
    assert [p["Ann"] for p in result["points"]] == [24, 23, 22, 21, 20, 19]


def test_mz6_in_game_no_pass_at_three():
    deals = [
        {"trump": "H", "declarations": ALL3, "tricks_won": {"Ann": 3, "Bas": 2, "Cor": 0}},
        {
            "trump": "H",
            "declarations": {"Ann": "pass", "Bas": "play", "Cor": "play"},
            "tricks_won": {"Bas": 3, "Cor": 2},
        },
    ]
    verdict = judge_mz(game_case(deals, options={"start_points": 4}))
    assert cited(verdict) == {"MZ-6"}
    assert at_of(verdict, "MZ-6") == [1]
