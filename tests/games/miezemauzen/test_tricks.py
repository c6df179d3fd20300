"""Miezemauzen MZ-8: tricks, following suit, trumping."""

import copy

import pytest

from games import cases
from games.base import CaseError
from tests.games.helpers import at_of, case_error, cited, illegal_result, legal_result
from tests.games.miezemauzen.helpers import (
    ANN_HAND,
    DEAL_EXAMPLE,
    DIRK_HAND,
    REPLAY,
    TRICKS,
    TRICKS3,
    deal_example_with,
    four_player_deal,
    judge_mz,
    three_player_deal,
)

# --- MZ-8 Tricks -----------------------------------------------------------------------------


def test_mz8_trumping_is_allowed_and_wins():
    verdict = cases.judge(
        deal_example_with(
            hands={"Ann": ["AS", "KS", "9S", "8C", "7D"], "Dirk": ["10H", "QD", "7H", "9C", "8D"]},
            tricks=[["AS", "7H"], ["9C", "8C"], ["QD", "7D"], ["10H", "9S"], ["8D", "KS"]],
        )
    )
    result = legal_result(verdict)
    assert result["trick_winners"] == ["Dirk", "Dirk", "Dirk", "Dirk", "Dirk"]
    assert result["deal_points"] == {"Ann": 5, "Bas": 0, "Cor": 3, "Dirk": -1}


def test_mz8_discarding_without_the_led_suit_is_allowed():
    verdict = cases.judge(
        deal_example_with(
            hands={"Ann": ["AS", "KS", "9S", "8S", "7S"], "Dirk": ["10H", "QD", "7H", "9C", "8D"]},
            tricks=[["AS", "QD"]],
        )
    )
    assert legal_result(verdict) == {"trick_winners": ["Ann"]}


def test_mz8_renege_message_names_the_cards_held():
    verdict = cases.judge(deal_example_with(tricks=[["AH", "10H"], ["KS", "9C"]]))
    illegal_result(verdict, "MZ-8", at=1)
    message = verdict["violations"][0]["message"]
    assert message == "Dirk did not follow spades in trick 2 although holding QS 7S"


def test_mz8_renege_shown_by_a_later_card():
    verdict = cases.judge(
        deal_example_with(hands=None, tricks=[["AH", "10H"], ["KS", "9C"], ["9S", "7S"]])
    )
    illegal_result(verdict, "MZ-8", at=1)
    assert verdict["result"]["trick_winners"] == ["Ann", "Ann", "Ann"]


def test_mz8_a_card_not_in_the_players_hand_is_mz8():
    verdict = cases.judge(deal_example_with(tricks=[["AH", "JH"]]))
    illegal_result(verdict, "MZ-8", at=0)


def test_mz8_card_in_another_hand_or_played_twice_is_a_case_error():
    with pytest.raises(CaseError, match=r"tricks\[0\]\[1\]"):
        cases.judge(deal_example_with(tricks=[["AH", "KS"]]))
    with pytest.raises(CaseError, match="played twice"):
        cases.judge(deal_example_with(hands=None, tricks=[["AH", "10H"], ["AH", "QH"]]))


def test_mz8_six_tricks():
    tricks = DEAL_EXAMPLE["tricks"] + [["JD", "QD"]]
    verdict = cases.judge(deal_example_with(hands=None, tricks=tricks))
    result = illegal_result(verdict, "MZ-8", at=5)
    assert "deal_points" not in result


def test_mz8_trick_with_a_missing_card_is_a_case_error():
    with pytest.raises(CaseError, match=r"tricks\[0\]"):
        cases.judge(deal_example_with(tricks=[["AH"], ["KS", "QS"]]))


def test_mz8_incomplete_last_trick_is_judged():
    verdict = cases.judge(deal_example_with(tricks=[["AH", "10H"], ["KS"]]))
    assert legal_result(verdict) == {"trick_winners": ["Ann"]}


def test_mz8_replay_out_of_turn_and_renege():
    log = copy.deepcopy(REPLAY)
    moves = log["deals"][0]["moves"]
    moves[2], moves[3] = moves[3], moves[2]
    illegal_result(cases.judge(log), "MZ-8", at=0)
    log = copy.deepcopy(REPLAY)
    log["deals"][0]["moves"][7]["card"] = "8D"  # Bas holds 9S and 8S
    verdict = cases.judge(log)
    illegal_result(verdict, "MZ-8", at=0)
    assert "did not follow spades in trick 3" in verdict["violations"][0]["message"]
    log = copy.deepcopy(REPLAY)
    log["deals"][0]["moves"][3]["card"] = "JD"
    assert "not in their hand" in cases.judge(log)["violations"][0]["message"]


def test_mz8_renege_with_hands():
    tricks = [["AH", "10H"], ["KS", "7C"]]
    verdict = judge_mz(four_player_deal(tricks=tricks))
    assert cited(verdict) == {"MZ-8"}
    assert at_of(verdict, "MZ-8") == [1]


def test_mz8_renege_by_the_leader_is_impossible_leader_free_choice():
    # Ann leads anything she likes
    tricks = [["7D", "9D"]]
    result = legal_result(judge_mz(four_player_deal(tricks=tricks)))
    assert result["trick_winners"] == ["Dirk"]


def test_mz8_renege_detected_without_hands():
    # Dirk discards 7C on spades in trick 1 and later plays QS: he held spades.
    tricks = [["AH", "10H"], ["KS", "7C"], ["8C", "QS"]]
    verdict = judge_mz(four_player_deal(hands=None, tricks=tricks))
    assert cited(verdict) == {"MZ-8"}
    # CASES.md: ``at`` is where the violation happens, the renege in trick 2 (index 1), not
    # trick 3 where QS shows it.
    assert at_of(verdict, "MZ-8") == [1]


def test_mz8_no_renege_when_player_never_shows_the_suit():
    tricks = [["AH", "10H"], ["KS", "7C"], ["8C", "JD"]]
    legal_result(judge_mz(four_player_deal(hands=None, tricks=tricks)))


def test_mz8_trumping_not_compulsory_and_discard_allowed():
    # Dirk without clubs discards JD rather than trumping with 10H
    hands = {"Ann": ANN_HAND, "Dirk": ["10H", "QS", "JD", "9D", "8D"]}
    tricks = [["8C", "JD"]]
    result = legal_result(judge_mz(four_player_deal(hands=hands, tricks=tricks)))
    assert result["trick_winners"] == ["Ann"]


def test_mz8_trump_wins_and_winner_leads():
    hands = {"Ann": ANN_HAND, "Dirk": ["10H", "QS", "JD", "9D", "8D"]}
    tricks = [["8C", "10H"], ["JD", "7D"]]
    result = legal_result(judge_mz(four_player_deal(hands=hands, tricks=tricks)))
    assert result["trick_winners"] == ["Dirk", "Dirk"]


def test_mz8_must_follow_even_with_trump_in_hand():
    # Ann leads KS; Dirk holds QS but trumps with 10H: renege.
    tricks = [["KS", "10H"]]
    verdict = judge_mz(four_player_deal(tricks=tricks))
    assert cited(verdict) == {"MZ-8"}
    assert at_of(verdict, "MZ-8") == [0]


def test_mz8_card_not_in_hand():
    tricks = [["AH", "8H"]]
    verdict = judge_mz(four_player_deal(tricks=tricks))
    assert "MZ-8" in cited(verdict)
    assert at_of(verdict, "MZ-8")[0] == 0


def test_mz8_wrong_leader_is_seen_as_wrong_cards():
    # Dirk's cards put first: read as Ann (the leader) playing 10H, which is in Dirk's given
    # hand. CASES.md: a card in two places is a contradiction, so the case cannot be judged.
    tricks = [["10H", "AH"]]
    case_error(four_player_deal(tricks=tricks), "tricks[0][0]")


def test_mz8_three_players_renege_in_middle_seat():
    tricks = copy.deepcopy(TRICKS3[:2])
    # trick 2: Ann leads 7S; Bas holds 8S, 9S but plays AC
    tricks[1] = ["7S", "AC", "10S"]
    verdict = judge_mz(three_player_deal(tricks=tricks))
    assert "MZ-8" in cited(verdict)
    assert at_of(verdict, "MZ-8")[0] == 1


def test_mz8_more_than_five_tricks():
    tricks = [*copy.deepcopy(TRICKS), ["AH", "10H"]]
    # MZ-8 "Five tricks": the sixth trick breaks the rule, at its index.
    verdict = judge_mz(four_player_deal(hands=None, tricks=tricks))
    assert cited(verdict) == {"MZ-8"}
    assert at_of(verdict, "MZ-8") == [5]


def test_mz8_trick_with_too_many_cards():
    tricks = [["AH", "10H", "KH"]]
    # Two players play (MZ-8: only playing players take part): three cards in a trick cannot
    # be given to players, so the case cannot be judged.
    case_error(four_player_deal(hands=None, tricks=tricks), "tricks[0]")


def test_mz8_passer_hand_is_ignored_in_tricks():
    hands = {"Ann": ANN_HAND, "Dirk": DIRK_HAND, "Bas": ["AS", "AD", "AC", "KH", "KD"]}
    result = legal_result(judge_mz(four_player_deal(hands=hands)))
    assert result["trick_winners"] == ["Ann", "Ann", "Ann", "Ann", "Dirk"]
