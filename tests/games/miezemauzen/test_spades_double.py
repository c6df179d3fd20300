"""Miezemauzen MZ-11: spades double."""

from games import cases
from tests.games.helpers import at_of, cited, illegal_result, legal_result
from tests.games.miezemauzen.helpers import (
    ALL3,
    ALL_PLAY3,
    deal_example_with,
    deal_summary,
    four_player_deal,
    game_case,
    judge_game_unchecked,
    judge_mz,
)

# --- MZ-11 spades double ----------------------------------------------------------------------


def spade_deal(**kw):
    # same play as the example with spades trump: Ann's 9S beats nothing new
    return four_player_deal(
        trump="S",
        options={"spades_double": True},
        declarations={"Ann": "play", "Bas": "play", "Cor": "play", "Dirk": "exchange"},
        hands=None,
        tricks=None,
        **kw,
    )


# --- MZ-11 Spades double ---------------------------------------------------------------------


def test_mz11_spades_double_every_point():
    everyone = {"Ann": "play", "Bas": "play", "Cor": "play", "Dirk": "play"}
    verdict = cases.judge(
        deal_example_with(
            options={"spades_double": True},
            trump="S",
            declarations=everyone,
            hands=None,
            tricks=None,
            tricks_won={"Ann": 3, "Dirk": 2},
        )
    )
    assert legal_result(verdict)["deal_points"] == {"Ann": -2, "Bas": 10, "Cor": 10, "Dirk": -2}
    deals = [deal_summary("S", ALL_PLAY3, kat={"player": "Ann", "kater": True})]
    assert legal_result(judge_game_unchecked(deals, spades_double=True))["final"]["Ann"] == 5


def test_mz11_nobody_passes_with_spades():
    verdict = cases.judge(
        deal_example_with(options={"spades_double": True}, trump="S", hands=None, tricks=None)
    )
    illegal_result(verdict, "MZ-11", at=1)
    legal_result(cases.judge(deal_example_with(trump="S", hands=None, tricks=None)))  # option off


def test_mz11_nobody_may_pass_with_spades():
    data = spade_deal()
    data["declarations"]["Bas"] = "pass"
    verdict = judge_mz(data)
    assert cited(verdict) == {"MZ-11"}
    assert at_of(verdict, "MZ-11") == [1]


def test_mz11_pass_allowed_with_spades_when_option_off():
    legal_result(judge_mz(four_player_deal(trump="S", hands=None, tricks=None)))


def test_mz11_pass_allowed_with_option_other_trump():
    legal_result(judge_mz(four_player_deal(options={"spades_double": True})))


def test_mz11_points_double():
    data = four_player_deal(trump="S", options={"spades_double": True})
    data["declarations"] = {"Ann": "play", "Bas": "play", "Cor": "play", "Dirk": "exchange"}
    data["hands"] = None
    data.pop("hands")
    # four players, each trick four cards: Ann, Bas, Cor, Dirk
    data["tricks"] = [
        ["AH", "KH", "QH", "JH"],  # Ann
        ["AD", "KD", "QD", "JD"],  # Ann
        ["AC", "KC", "QC", "JC"],  # Ann
        ["10C", "9C", "8C", "7S"],  # Dirk trumps
        ["7H", "10D", "9D", "AS"],  # Dirk leads
    ]
    # trick 5 leader is Dirk: Dirk 7H, Ann 10D, Bas 9D, Cor AS (trump) -> Cor
    result = legal_result(judge_mz(data))
    assert result["trick_winners"] == ["Ann", "Ann", "Ann", "Dirk", "Cor"]
    assert result["deal_points"] == {"Ann": -2, "Bas": 10, "Cor": -2, "Dirk": -2}


def test_mz11_kat_and_kater_double():
    hands = {"Ann": ["AS", "KS", "QS", "9S", "7S"]}
    data = spade_deal(kat=[{"player": "Ann", "suit": "S"}])
    data["hands"] = hands
    result = legal_result(judge_mz(data))
    assert result["deal_points"]["Ann"] == -20
    hands = {"Ann": ["AC", "KC", "QC", "9C", "7C"]}
    data = spade_deal(kat=[{"player": "Ann", "suit": "C"}])
    data["hands"] = hands
    result = legal_result(judge_mz(data))
    assert result["deal_points"]["Ann"] == -10


def test_mz11_game_double():
    deals = [
        {"trump": "S", "declarations": ALL3, "tricks_won": {"Ann": 3, "Bas": 2, "Cor": 0}},
        {"trump": "S", "declarations": ALL3, "kat": {"player": "Cor", "kater": True}},
    ]
    result = legal_result(judge_mz(game_case(deals, options={"spades_double": True})))
    assert result["points"] == [
        {"Ann": 23, "Bas": 23, "Cor": 35},
        {"Ann": 23, "Bas": 23, "Cor": 15},
    ]


def test_mz11_game_pass_with_spades():
    deals = [
        {
            "trump": "S",
            "declarations": {"Ann": "play", "Bas": "pass", "Cor": "play"},
            "tricks_won": {"Ann": 3, "Cor": 2},
        },
    ]
    verdict = judge_mz(game_case(deals, options={"spades_double": True}))
    assert cited(verdict) == {"MZ-11"}
    assert at_of(verdict, "MZ-11") == [0]
