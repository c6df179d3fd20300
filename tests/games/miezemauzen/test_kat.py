"""Miezemauzen MZ-7: kat and kater."""

import copy

import pytest

from games import cases
from tests.games.helpers import at_of, case_error, cited, illegal_result, legal_result
from tests.games.miezemauzen.helpers import (
    ALL3,
    ALL_PLAY3,
    DIRK_NO_KAT,
    GAME_DEALS,
    KAT_ANN,
    deal_example_with,
    deal_summary,
    four_player_deal,
    game_case,
    judge_game_unchecked,
    judge_mz,
)

# --- MZ-7 kat and kater -------------------------------------------------------------------

KAT_HANDS = {"Ann": ["AD", "KD", "9D", "8D", "7D"], "Dirk": ["10H", "QH", "7H", "9H", "JH"]}


KATER_ANN = ["AH", "KH", "QH", "9H", "7H"]


DIRK_NO_KAT2 = ["10C", "QS", "JD", "9D", "8C"]


# --- MZ-7 Kat and kater ----------------------------------------------------------------------


def test_mz7_kat_five_off_and_no_tricks():
    verdict = cases.judge(
        deal_example_with(hands=KAT_HANDS, kat=[{"player": "Ann", "suit": "D"}], tricks=None)
    )
    result = legal_result(verdict)
    assert result == {
        "deal_points": {"Ann": -5, "Bas": 0, "Cor": 3, "Dirk": 0},
        "points_after": {"Ann": 7, "Bas": 9, "Cor": 28, "Dirk": 7},
        "winner": None,
    }


def test_mz7_a_kater_by_the_dealer_wins_the_game():
    verdict = cases.judge(
        deal_example_with(hands=KAT_HANDS, kat=[{"player": "Dirk", "kater": True}], tricks=None)
    )
    result = legal_result(verdict)
    assert result["deal_points"]["Dirk"] == -10
    assert result["winner"] == "Dirk"
    assert result["points_after"]["Dirk"] == -3


@pytest.mark.parametrize(
    ("scoring", "choice", "expected"),
    [
        ("holder", None, {"Ann": -5, "Bas": 0, "Cor": 3, "Dirk": 0}),
        ("others", None, {"Ann": -5, "Bas": 5, "Cor": 8, "Dirk": 5}),
        ("either", "holder", {"Ann": -5, "Bas": 0, "Cor": 3, "Dirk": 0}),
        ("either", "others", {"Ann": 0, "Bas": 5, "Cor": 8, "Dirk": 5}),
    ],
)
def test_mz7_kat_scoring_option(scoring, choice, expected):
    claim = {"player": "Ann", "suit": "D"} | ({"choice": choice} if choice else {})
    verdict = cases.judge(
        deal_example_with(
            options={"kat_scoring": scoring}, hands=KAT_HANDS, kat=[claim], tricks=None
        )
    )
    assert legal_result(verdict)["deal_points"] == expected


def test_mz7_passer_cannot_show_a_kat():
    verdict = cases.judge(
        deal_example_with(hands=None, kat=[{"player": "Bas", "suit": "D"}], tricks=None)
    )
    illegal_result(verdict, "MZ-7", at=0)
    assert "deal_points" not in verdict["result"]


def test_mz7_false_kat_claim_names_the_cards_held():
    verdict = cases.judge(deal_example_with(kat=[{"player": "Ann", "suit": "S"}], tricks=None))
    illegal_result(verdict, "MZ-7", at=0)
    assert "Ann claimed a kat in spades but holds AH 8C 7D" in verdict["violations"][0]["message"]


def test_mz7_kat_is_not_a_kater_in_another_suit():
    verdict = cases.judge(
        deal_example_with(
            hands=KAT_HANDS, kat=[{"player": "Ann", "suit": "D", "kater": True}], tricks=None
        )
    )
    illegal_result(verdict, "MZ-7", at=0)


def test_mz7_no_tricks_after_a_kat():
    tricks = [["AD", "10H"]]
    verdict = cases.judge(
        deal_example_with(hands=KAT_HANDS, kat=[{"player": "Ann", "suit": "D"}], tricks=tricks)
    )
    result = illegal_result(verdict, "MZ-7", at=0)
    assert result["deal_points"]["Ann"] == -5


def test_mz7_only_one_kat_per_deal():
    claims = [{"player": "Dirk", "suit": "H"}, {"player": "Ann", "suit": "D"}]
    verdict = cases.judge(deal_example_with(hands=KAT_HANDS, kat=claims, tricks=None))
    illegal_result(verdict, "MZ-7", at=1)
    assert verdict["result"]["deal_points"]["Dirk"] == -10


def test_mz7_game_kat_scoring_holder_and_others():
    deals = [
        deal_summary("H", ALL_PLAY3, kat={"player": "Cor", "kater": True}),
        deal_summary("H", ALL_PLAY3, kat={"player": "Ann", "kater": False}),
    ]
    result = legal_result(judge_game_unchecked(deals))
    assert result["points"] == [
        {"Ann": 25, "Bas": 25, "Cor": 15},
        {"Ann": 20, "Bas": 25, "Cor": 15},
    ]
    result = legal_result(judge_game_unchecked(deals, kat_scoring="others"))
    assert result["final"] == {"Ann": 30, "Bas": 40, "Cor": 20}


def test_mz7_game_kat_by_a_passer():
    deals = [
        deal_summary(
            "H",
            {"Ann": "play", "Bas": "pass", "Cor": "play"},
            kat={"player": "Bas", "kater": False},
        )
    ]
    verdict = judge_game_unchecked(deals)
    illegal_result(verdict, "MZ-7", at=0)
    assert verdict["result"] == {"points": []}


def test_mz7_kat_five_off_deal_ends():
    hands = {"Ann": KAT_ANN, "Dirk": DIRK_NO_KAT}
    result = legal_result(
        judge_mz(four_player_deal(hands=hands, tricks=None, kat=[{"player": "Ann", "suit": "C"}]))
    )
    assert result["deal_points"]["Ann"] == -5
    assert result["deal_points"]["Dirk"] == 0
    assert result["points_after"]["Ann"] == 7
    assert result["winner"] is None


def test_mz7_kater_ten_off():
    hands = {"Ann": KATER_ANN, "Dirk": DIRK_NO_KAT2}
    result = legal_result(
        judge_mz(four_player_deal(hands=hands, tricks=None, kat=[{"player": "Ann", "suit": "H"}]))
    )
    assert result["deal_points"]["Ann"] == -10
    assert result["points_after"]["Ann"] == 2


@pytest.mark.parametrize("suit", ["C", "c", "♣", "klaveren", "clubs"])
def test_mz7_kat_suit_spellings(suit):
    hands = {"Ann": KAT_ANN, "Dirk": DIRK_NO_KAT}
    result = legal_result(
        judge_mz(four_player_deal(hands=hands, tricks=None, kat=[{"player": "Ann", "suit": suit}]))
    )
    assert result["deal_points"]["Ann"] == -5


def test_mz7_kat_without_hands_is_taken_on_trust():
    result = legal_result(
        judge_mz(four_player_deal(hands=None, tricks=None, kat=[{"player": "Dirk", "suit": "S"}]))
    )
    assert result["deal_points"] == {"Ann": 0, "Bas": 0, "Cor": 3, "Dirk": -5}


def test_mz7_false_kat_claim():
    verdict = judge_mz(four_player_deal(tricks=None, kat=[{"player": "Ann", "suit": "S"}]))
    assert cited(verdict) == {"MZ-7"}
    assert at_of(verdict, "MZ-7") == [0]


def test_mz7_passer_cannot_claim_kat():
    verdict = judge_mz(
        four_player_deal(hands=None, tricks=None, kat=[{"player": "Bas", "suit": "S"}])
    )
    assert cited(verdict) == {"MZ-7"}
    assert at_of(verdict, "MZ-7") == [0]


def test_mz7_kat_ends_the_deal_no_tricks():
    hands = {"Ann": KAT_ANN, "Dirk": DIRK_NO_KAT}
    tricks = [["AC", "8C"]]
    verdict = judge_mz(
        four_player_deal(hands=hands, tricks=tricks, kat=[{"player": "Ann", "suit": "C"}])
    )
    assert "MZ-7" in cited(verdict)


def test_mz7_kat_scoring_others():
    hands = {"Ann": KAT_ANN, "Dirk": DIRK_NO_KAT}
    verdict = judge_mz(
        four_player_deal(
            hands=hands,
            tricks=None,
            kat=[{"player": "Ann", "suit": "C"}],
            options={"kat_scoring": "others"},
        )
    )
    result = legal_result(verdict)
    assert result["deal_points"]["Ann"] == -5
    assert result["deal_points"]["Dirk"] == 5


def test_mz7_kat_claim_of_unknown_player():
    case_error(four_player_deal(tricks=None, kat=[{"player": "Eve", "suit": "C"}]), "kat")


def test_mz7_kat_claim_with_bad_suit():
    case_error(four_player_deal(tricks=None, kat=[{"player": "Ann", "suit": "X"}]), "kat")


def test_mz7_game_kat_and_kater():
    deals = [
        *copy.deepcopy(GAME_DEALS),
        {"trump": "H", "declarations": ALL3, "kat": {"player": "Bas", "kater": False}},
    ]
    result = legal_result(judge_mz(game_case(deals, options={"start_points": 25})))
    assert result["points"] == [
        {"Ann": 24, "Bas": 25, "Cor": 24},
        {"Ann": 24, "Bas": 25, "Cor": 14},
        {"Ann": 24, "Bas": 20, "Cor": 14},
    ]
    assert result["final"] == {"Ann": 24, "Bas": 20, "Cor": 14}
    assert result["winner"] is None
    assert result["finished_after"] is None


def test_mz7_game_kat_by_passer():
    deals = [
        {
            "trump": "H",
            "declarations": {"Ann": "pass", "Bas": "play", "Cor": "play"},
            "kat": {"player": "Ann", "kater": False},
        },
    ]
    verdict = judge_mz(game_case(deals))
    assert cited(verdict) == {"MZ-7"}
    assert at_of(verdict, "MZ-7") == [0]


def test_mz7_second_kat_claim():
    hands = {"Ann": KAT_ANN, "Dirk": ["AS", "KS", "QS", "JS", "10S"]}
    verdict = judge_mz(
        four_player_deal(
            hands=hands,
            tricks=None,
            kat=[{"player": "Ann", "suit": "C"}, {"player": "Dirk", "suit": "S"}],
        )
    )
    assert cited(verdict) == {"MZ-7"}
    assert at_of(verdict, "MZ-7") == [1]
    assert verdict["result"]["deal_points"]["Ann"] == -5
    assert verdict["result"]["deal_points"]["Dirk"] == 0


def test_mz7_kater_flag_in_deal_claim():
    hands = {"Ann": KATER_ANN, "Dirk": DIRK_NO_KAT2}
    result = legal_result(
        judge_mz(four_player_deal(hands=hands, tricks=None, kat=[{"player": "Ann", "kater": True}]))
    )
    assert result["deal_points"]["Ann"] == -10
    verdict = judge_mz(
        four_player_deal(hands=hands, tricks=None, kat=[{"player": "Ann", "suit": "C"}])
    )
    assert cited(verdict) == {"MZ-7"}


def test_mz7_kat_scoring_either_choices():
    hands = {"Ann": KAT_ANN, "Dirk": DIRK_NO_KAT}
    options = {"kat_scoring": "either"}
    claim = {"player": "Ann", "suit": "C", "choice": "others"}
    result = legal_result(
        judge_mz(four_player_deal(hands=hands, tricks=None, kat=[claim], options=options))
    )
    assert result["deal_points"] == {"Ann": 0, "Bas": 5, "Cor": 8, "Dirk": 5}
    claim["choice"] = "holder"
    result = legal_result(
        judge_mz(four_player_deal(hands=hands, tricks=None, kat=[claim], options=options))
    )
    assert result["deal_points"] == {"Ann": -5, "Bas": 0, "Cor": 3, "Dirk": 0}


def test_mz7_kater_scoring_others():
    hands = {"Ann": KATER_ANN, "Dirk": DIRK_NO_KAT2}
    data = four_player_deal(
        hands=hands,
        tricks=None,
        kat=[{"player": "Ann", "suit": "H"}],
        options={"kat_scoring": "others"},
    )
    result = legal_result(judge_mz(data))
    assert result["deal_points"] == {"Ann": -10, "Bas": 10, "Cor": 13, "Dirk": 10}
