"""Miezemauzen MZ-1: the 32- and 52-card decks, rank order and card spellings."""

import pytest

from games import cases
from games.base import CaseError
from tests.games.helpers import (
    at_of,
    case_error,
    cited,
    illegal_result,
    legal_result,
    with_changes,
)
from tests.games.miezemauzen.helpers import (
    ANN_HAND,
    DIRK_HAND,
    deal_example_with,
    four_player_deal,
    judge_game_unchecked,
    judge_mz,
)


def test_every_accepted_spelling_gives_the_same_verdict():
    hands = {
        "Ann": ["A♥", "♠K", "schoppen 9", "klaveren 8", "ruiten 7"],
        "Dirk": ["harten 10", "schoppen vrouw", "ruiten boer", "9d", "7♣"],
    }
    tricks = [
        ["harten aas", "10♥"],
        ["schoppen heer", "Q♠"],
        ["9s", "klaveren 7"],
        ["♣8", "jd"],
        ["7D", "ruiten 9"],
    ]
    base = judge_mz(four_player_deal())
    spelled = judge_mz(four_player_deal(hands=hands, tricks=tricks, trump="harten"))
    assert spelled == base


@pytest.mark.parametrize("trump", ["H", "h", "♥", "harten", "hearts", "Harten"])
def test_trump_spellings(trump):
    result = legal_result(judge_mz(four_player_deal(trump=trump)))
    assert result["trick_winners"] == ["Ann", "Ann", "Ann", "Ann", "Dirk"]


def test_unknown_trump():
    err = case_error(four_player_deal(trump="X"))
    assert err.field == "trump"


# --- MZ-1 Deck -------------------------------------------------------------------------------


def test_mz1_six_players_deal_with_twos_to_sixes():
    six = ["Ann", "Bas", "Cor", "Dirk", "Eva", "Fien"]
    verdict = cases.judge(
        deal_example_with(
            players=six,
            dealer="Fien",
            trump="C",
            points_before=None,
            passes_before=None,
            declarations={
                "Ann": "play",
                "Bas": "play",
                "Cor": "pass",
                "Dirk": "pass",
                "Eva": "pass",
                "Fien": "pass",
            },
            hands={"Ann": ["2H", "5S", "7D", "9C", "JC"], "Bas": ["3H", "4S", "6D", "8C", "10C"]},
            tricks=[["2H", "3H"], ["4S", "5S"], ["7D", "6D"], ["9C", "8C"], ["JC", "10C"]],
        )
    )
    result = legal_result(verdict)
    assert result["trick_winners"] == ["Bas", "Ann", "Ann", "Ann", "Ann"]
    assert result["deal_points"] == {"Ann": -1, "Bas": -1, "Cor": 0, "Dirk": 0, "Eva": 0, "Fien": 0}


def test_mz1_options_players_must_match_the_table():
    legal_result(cases.judge(deal_example_with(options={"players": 4})))
    with pytest.raises(CaseError, match=r"options\.players"):
        cases.judge(deal_example_with(options={"players": 6}))


def test_mz1_card_below_seven_with_four_players():
    verdict = cases.judge(
        deal_example_with(hands={"Ann": ["AH", "KS", "9S", "8C", "6D"]}, tricks=None)
    )
    illegal_result(verdict, "MZ-1")
    assert "6D" in verdict["violations"][0]["message"]


def test_mz1_nine_players():
    names = ["A", "B", "C", "D", "E", "F", "G", "H", "I"]
    verdict = judge_game_unchecked([], players=names)
    illegal_result(verdict, "MZ-1")


def test_mz1_unknown_card_is_a_case_error():
    with pytest.raises(CaseError, match=r"hands.Ann\[4\]"):
        cases.judge(deal_example_with(hands={"Ann": ["AH", "KS", "9S", "8C", "XX"]}))


def test_mz1_jack_beats_ten_and_seven_is_lowest():
    tricks = [["10S", "JS"], ["8C", "7C"]]  # Dirk wins trick 1 and leads trick 2
    verdict = judge_mz(
        four_player_deal(
            hands={"Ann": ["10S", "7C", "AD", "KD", "QD"], "Dirk": ["JS", "8C", "7H", "8H", "9H"]},
            tricks=tricks,
        )
    )
    result = legal_result(verdict)
    assert result["trick_winners"] == ["Dirk", "Dirk"]


@pytest.mark.parametrize("card", ["2H", "6S", "5C"])
def test_mz1_cards_below_seven_are_not_in_a_32_card_deck(card):
    data = four_player_deal(hands=None, tricks=[[card, "10H"]])
    # MZ-1: the card exists, but not in the 32-card deck: a rule broken at its trick.
    verdict = judge_mz(data)
    assert cited(verdict) == {"MZ-1"}
    assert at_of(verdict, "MZ-1") == [0]


@pytest.mark.parametrize(
    "options",
    [pytest.param({"players": 6}, id="option"), pytest.param(None, id="inferred-from-the-names")],
)
def test_mz1_six_players_use_52_cards(options):
    players = ["A1", "A2", "A3", "A4", "A5", "A6"]
    data = {
        "game": "miezemauzen",
        "check": "deal",
        "options": options,
        "players": players,
        "dealer": "A6",
        "trump": "C",
        "declarations": {"A1": "play", "A2": "play", **dict.fromkeys(players[2:], "pass")},
        "tricks": [["2H", "3H"]],
    }
    result = legal_result(judge_mz(with_changes(data)))  # options None: no options field
    assert result["trick_winners"] == ["A2"]


def test_mz1_joker_is_not_a_miezemauzen_card():
    data = four_player_deal(
        hands={"Ann": ["JK", "KS", "9S", "8C", "7D"], "Dirk": DIRK_HAND}, tricks=None
    )
    # MZ-1: a joker is no card of the deck; held in a hand, the violation has no trick index.
    verdict = judge_mz(data)
    assert cited(verdict) == {"MZ-1"}
    assert at_of(verdict, "MZ-1") == [None]


def test_mz1_card_held_twice_cannot_be_judged():
    err = case_error(
        four_player_deal(hands={"Ann": ["AH", "AH", "9S", "8C", "7D"], "Dirk": DIRK_HAND})
    )
    assert err.field.startswith("hands")
    case_error(
        four_player_deal(hands={"Ann": ANN_HAND, "Dirk": ["AH", "QS", "JD", "9D", "7C"]}), "hands"
    )


def test_mz1_card_played_twice_without_hands():
    tricks = [["AH", "10H"], ["AH", "QS"]]
    # CASES.md: a card held twice in a one-deck game is a contradiction, not a rule broken.
    case_error(four_player_deal(hands=None, tricks=tricks), "tricks[1][0]")


def test_mz1_unknown_card():
    err = case_error(four_player_deal(tricks=[["AH", "XH"]]))
    assert err.field.startswith("tricks")
    case_error(
        four_player_deal(hands={"Ann": ["AH", "KS", "9S", "8C", "ZZ"], "Dirk": DIRK_HAND}), "hands"
    )


def test_mz1_options_players_must_match_the_names():
    data = four_player_deal(options={"players": 3})
    case_error(data, "options")
