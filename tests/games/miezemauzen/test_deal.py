"""Miezemauzen MZ-3: the deal, the kip and the turned trump."""

import copy

import pytest

from games import cases
from games.base import CaseError
from tests.games.helpers import illegal_result, legal_result
from tests.games.miezemauzen.helpers import REPLAY, deal_example_with

# --- MZ-3 Deal -------------------------------------------------------------------------------


def test_mz3_five_cards_each_kip_and_turned_trump():
    kip = ["JH", "QH", "KH", "7C", "10C"]
    legal_result(cases.judge(deal_example_with(kip=kip, turned="9H")))


def test_mz3_turned_card_must_show_trump():
    illegal_result(cases.judge(deal_example_with(turned="JC")), "MZ-3")


def test_mz3_hand_of_four_cards():
    verdict = cases.judge(deal_example_with(hands={"Ann": ["AH", "KS", "9S", "8C"]}, tricks=None))
    illegal_result(verdict, "MZ-3")


def test_mz3_kip_of_six_cards():
    illegal_result(
        cases.judge(deal_example_with(kip=["JH", "QH", "KH", "7C", "10C", "JC"])), "MZ-3"
    )


def test_mz3_replay_hand_of_four():
    log = copy.deepcopy(REPLAY)
    log["deals"][0]["hands"]["Bas"].remove("8D")
    illegal_result(cases.judge(log), "MZ-3", at=0)


def test_mz3_card_dealt_twice_is_a_case_error():
    with pytest.raises(CaseError, match="one-deck"):
        cases.judge(deal_example_with(kip=["AH", "QH", "KH", "7C", "10C"]))
    log = copy.deepcopy(REPLAY)
    log["deals"][0]["kip"][0] = "AH"
    with pytest.raises(CaseError, match="dealt twice"):
        cases.judge(log)
