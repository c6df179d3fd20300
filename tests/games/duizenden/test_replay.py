"""Duizenden replay logs (DZ-2 turns, DZ-5 laying off, DZ-6 jokers on the table, and the
other rules as they happen in a logged deal)."""

import copy

import pytest

from games import cases
from games.base import CaseError
from tests.games.duizenden.helpers import COR_HAND, base_log, judge_dz
from tests.games.helpers import at_of, cited, illegal_verdict, legal_result


def turn_of_first_deal(log, index):
    return log["deals"][0]["turns"][index]


def test_replay_of_the_hand_written_deal_is_legal_and_incomplete():
    result = legal_result(cases.judge(base_log()))
    assert result["complete"] is False
    assert result["deals"] == 0
    assert result["finished"] is False


def test_dz1_replay_hands_of_13_cards():
    log = base_log()
    log["deals"][0]["hands"]["Cor"] = COR_HAND[:12]
    illegal_verdict(cases.judge(log), "DZ-1")
    log = base_log()
    log["players"] = ["Ann", "Bas"]
    del log["deals"][0]["hands"]["Cor"]
    log["deals"][0]["dealer"] = "Bas"
    illegal_verdict(cases.judge(log), "DZ-1")


def test_dz2_only_the_first_player_takes_the_turned_card():
    log = base_log()
    del turn_of_first_deal(log, 1)["draw"]
    turn_of_first_deal(log, 1)["take_turned"] = True
    verdict = illegal_verdict(cases.judge(log), "DZ-2")
    assert verdict["violations"][0]["at"] == 0


def test_dz2_every_turn_draws_and_goes_clockwise_and_ends_with_a_discard():
    log = base_log()
    del turn_of_first_deal(log, 2)["draw"]
    illegal_verdict(cases.judge(log), "DZ-2")
    log = base_log()
    turn_of_first_deal(log, 2)["player"] = "Ann"
    illegal_verdict(cases.judge(log), "DZ-2")
    log = base_log()
    turn_of_first_deal(log, 2)["discard"] = None
    illegal_verdict(cases.judge(log), "DZ-2")


def test_dz3_replay_invalid_meld():
    log = base_log()
    turn_of_first_deal(log, 1)["actions"] = [{"meld": ["10H", "JH", "KH"]}]
    illegal_verdict(cases.judge(log), "DZ-3")


def test_dz4_replay_opening_below_30():
    log = base_log()
    turn_of_first_deal(log, 0)["actions"] = [{"meld": ["5H", "JK:6H", "7H"]}]
    verdict = illegal_verdict(cases.judge(log), "DZ-4")
    assert "18" in verdict["violations"][0]["message"]


def test_dz5_lay_off_only_on_own_melds():
    log = base_log()
    turn_of_first_deal(log, 1)["actions"].append({"lay_off": "9S", "to": 1, "owner": "Ann"})
    illegal_verdict(cases.judge(log), "DZ-5")
    log = base_log()
    turn_of_first_deal(log, 1)["actions"].append({"lay_off": "9C", "to": 0, "owner": "Bas"})
    illegal_verdict(cases.judge(log), "DZ-3")  # 9C does not fit the hearts run


def test_dz6_joker_exchange_only_by_its_owner_and_laid_again():
    log = base_log()
    turn_of_first_deal(log, 0)["actions"].pop()  # the joker is not laid again
    illegal_verdict(cases.judge(log), "DZ-6")
    log = base_log()
    turn_of_first_deal(log, 1)["actions"].append({"exchange": "8H", "to": 0, "owner": "Ann"})
    illegal_verdict(cases.judge(log), "DZ-6")
    log = base_log()
    turn_of_first_deal(log, 0)["actions"][2] = {"exchange": "7H", "to": 0}  # no joker stands for 7H
    turn_of_first_deal(log, 0)["actions"].pop()
    turn_of_first_deal(log, 0)["actions"].insert(0, {"meld": ["7H", "7H", "7H"]})
    with pytest.raises(CaseError):  # a third 7H: the log contradicts itself
        cases.judge(log)


def test_dz7_replay_claims_and_the_obligation_to_meld():
    log = base_log()
    turn_of_first_deal(log, 1)["claims"] = ["Cor"]
    del turn_of_first_deal(log, 1)["miner"]
    illegal_verdict(cases.judge(log), "DZ-7")
    log = base_log()
    turn_of_first_deal(log, 1)["claims"] = ["Bas"]
    del turn_of_first_deal(log, 1)["miner"]
    illegal_verdict(cases.judge(log), "DZ-7")
    log = base_log()
    turn_of_first_deal(log, 3)["actions"] = []
    turn_of_first_deal(log, 3)["discard"] = "9D"
    verdict = illegal_verdict(cases.judge(log), "DZ-7")
    assert "3C" in verdict["violations"][0]["message"]


def test_dz8_replay_queen_of_spades_discard():
    log = base_log()
    turn_of_first_deal(log, 0)["discard"] = "QS"
    illegal_verdict(cases.judge(log), "DZ-8")


def test_replay_contradictions_are_case_errors():
    for mutate, field in [
        (lambda log: turn_of_first_deal(log, 0).update(discard="9H"), "deals[0].turns[0].discard"),
        (lambda log: turn_of_first_deal(log, 1).update(extra=None), "deals[0].turns[1].extra"),
        (lambda log: turn_of_first_deal(log, 1).update(miner="Cor"), "deals[0].turns[1].miner"),
        (lambda log: turn_of_first_deal(log, 2).update(extra="2D"), "deals[0].turns[2].extra"),
        (
            lambda log: turn_of_first_deal(log, 1).update(actions=[{"lay_off": "KH", "to": 3}]),
            "deals[0].turns[1].actions[0].lay_off",
        ),
        (
            lambda log: turn_of_first_deal(log, 1).update(
                actions=[{"lay_off": "KH", "to": 10**30}]
            ),
            "deals[0].turns[1].actions[0].to",
        ),
        (
            lambda log: turn_of_first_deal(log, 1).update(actions=[{"pass": True}]),
            "deals[0].turns[1].actions[0].meld",
        ),
        (lambda log: log["deals"][0].update(turned="ZZ"), "deals[0].turned"),
        (
            lambda log: log["deals"][0]["hands"].update(Cor=[*COR_HAND[:11], "QS", "QS"]),
            "deals[0].hands.Cor[12]",
        ),
    ]:
        log = base_log()
        mutate(log)
        with pytest.raises(CaseError) as info:
            cases.judge(log)
        assert info.value.field == field, info.value


def test_replay_an_unfinished_middle_deal_cannot_be_judged():
    log = base_log()
    log["deals"].append(copy.deepcopy(log["deals"][0]))
    illegal_verdict(cases.judge(log), "DZ-2")  # turn 4 of deal 1 has no discard
    log["deals"][0]["turns"].pop()
    with pytest.raises(CaseError, match=r"^deals\[0\]\.turns: ends before the deal is over"):
        cases.judge(log)


def test_replay_hand_written_deal_is_legal():
    verdict = judge_dz(base_log())
    assert verdict["legal"] is True
    assert verdict["result"]["complete"] is False


def test_replay_dz2_second_player_may_not_take_the_turned_card():
    log = base_log()
    del turn_of_first_deal(log, 1)["draw"]
    turn_of_first_deal(log, 1)["take_turned"] = True
    verdict = judge_dz(log)
    assert cited(verdict) == {"DZ-2"} and at_of(verdict, "DZ-2") == [0]


def test_replay_dz2_out_of_turn():
    log = base_log()
    turn_of_first_deal(log, 2)["player"] = "Bas"
    assert cited(judge_dz(log)) == {"DZ-2"}


def test_replay_dz5_lay_off_on_anothers_meld():
    log = base_log()
    turn_of_first_deal(log, 2)["actions"] = [{"lay_off": "9H", "to": 0, "owner": "Bas"}]
    assert cited(judge_dz(log)) == {"DZ-5"}


def test_replay_dz6_exchange_by_another_player():
    log = base_log()
    turn_of_first_deal(log, 1)["actions"].append({"exchange": "8H", "to": 0, "owner": "Ann"})
    assert cited(judge_dz(log)) == {"DZ-6"}


def test_replay_dz1_two_players():
    log = base_log()
    log["players"] = ["Ann", "Bas"]
    del log["deals"][0]["hands"]["Cor"]
    log["deals"][0]["dealer"] = "Bas"
    assert cited(judge_dz(log)) == {"DZ-1"}
