"""MEINO replay logs: rounds of events judged as they happen."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games import cases
from games.base import CaseError
from tests.games.helpers import rules_with_at

ANN_CARDS = ["R1", "R2", "R3", "R4", "R5", "R6", "R7"]
#: Bas holds nothing that fits on red 1-7.
BAS_CARDS = ["Y8", "Y9", "G8", "G9", "B8", "B9", "Bskip"]
#: Ann plays her red cards out; Bas draws a card that does not fit each time.
EVENTS: list[dict[str, Any]] = [
    {"player": "Ann", "play": "R1"},
    {"player": "Bas", "draw": ["Gskip"]},
    {"player": "Ann", "play": "R2"},
    {"player": "Bas", "draw": ["Yskip"]},
    {"player": "Ann", "play": "R3"},
    {"player": "Bas", "draw": ["Grev"]},
    {"player": "Ann", "play": "R4"},
    {"player": "Bas", "draw": ["Yrev"]},
    {"player": "Ann", "play": "R5"},
    {"player": "Bas", "draw": ["Brev"]},
    {"player": "Ann", "play": "R6", "meino": True},
    {"player": "Bas", "draw": ["G7"]},
    {"player": "Ann", "play": "R7"},
]


BAS_POINTS = 8 + 9 + 8 + 9 + 8 + 9 + 25 + 5 * 25 + 7  # ME-13


def one_round(
    events: list[dict[str, Any]],
    hands: dict[str, list[str]] | None = None,
    turned: list[str] | None = None,
) -> dict[str, Any]:
    hands = hands or {"Ann": ANN_CARDS, "Bas": BAS_CARDS}
    names = list(hands)
    return {
        "dealer": names[-1],
        "hands": copy.deepcopy(hands),
        "turned": turned or ["W", "R9"],
        "events": copy.deepcopy(events),
    }


def judge_me_replay_unchecked(*rounds: dict[str, Any], **extra: Any) -> dict[str, Any]:
    players = list(rounds[0]["hands"]) if rounds else ["Ann", "Bas"]
    case = {"game": "meino", "check": "replay", "players": players, "rounds": list(rounds)}
    return cases.judge({**case, **extra})


def test_a_whole_round_replays_and_scores():
    verdict = judge_me_replay_unchecked(one_round(EVENTS))
    assert verdict["legal"], verdict["violations"]
    result = verdict["result"]
    assert result["rounds"] == [{"winner": "Ann", "points": {"Ann": 0, "Bas": BAS_POINTS}}]
    assert result["totals"] == {"Ann": 0, "Bas": BAS_POINTS}
    assert result["tally"] == {"Ann": 1, "Bas": 0}
    assert result["finished"] is False
    assert result["winner"] is None
    assert result["round_in_progress"] is False


# --- ME-2 --------------------------------------------------------------------------------


def test_me2_seven_cards_each():
    verdict = judge_me_replay_unchecked(
        one_round(EVENTS, hands={"Ann": ANN_CARDS[:6], "Bas": BAS_CARDS})
    )
    assert rules_with_at(verdict) == [("ME-2", 0)]
    assert "Ann was dealt 6 cards" in verdict["violations"][0]["message"]
    assert verdict["result"] == {"rounds": []}


def test_me2_a_turned_wish_card_goes_back():
    verdict = judge_me_replay_unchecked(one_round(EVENTS, turned=["R9", "W"]))
    assert rules_with_at(verdict) == [("ME-2", 0), ("ME-2", 0)]


def test_me2_the_player_left_of_the_dealer_starts():
    events = [{"player": "Bas", "draw": ["Gskip"]}, *EVENTS]
    verdict = judge_me_replay_unchecked(one_round(events))
    assert rules_with_at(verdict) == [("ME-2", 0)]
    assert verdict["violations"][0]["message"] == (
        "Round 1, event 1: Bas acted out of turn: it was Ann's turn"
    )


def test_me2_player_count():
    verdict = judge_me_replay_unchecked(one_round(EVENTS), players=["Ann"])
    assert rules_with_at(verdict) == [("ME-2", None)]
    assert verdict["result"] == {}


# --- ME-3, ME-11 -------------------------------------------------------------------------


def test_me3_a_card_that_does_not_fit():
    events = copy.deepcopy(EVENTS)
    events[1] = {"player": "Bas", "play": "B8"}
    verdict = judge_me_replay_unchecked(one_round(events))
    assert rules_with_at(verdict) == [("ME-3", 0)]
    assert "totals" not in verdict["result"]  # the replay stops at a broken rule


def test_me11_one_card_is_drawn():
    events = copy.deepcopy(EVENTS)
    events[1] = {"player": "Bas", "draw": ["Gskip", "Yskip"]}
    verdict = judge_me_replay_unchecked(one_round(events))
    assert rules_with_at(verdict) == [("ME-11", 0)]
    assert "drew 2 cards instead of 1" in verdict["violations"][0]["message"]


def test_me11_no_draw_for_a_player_who_can_play():
    hands = {"Ann": ANN_CARDS, "Bas": ["G1", *BAS_CARDS[1:]]}
    verdict = judge_me_replay_unchecked(one_round(EVENTS, hands=hands))
    assert rules_with_at(verdict) == [("ME-11", 0)]
    assert "Bas drew although able to play G1" in verdict["violations"][0]["message"]


def test_me11_the_drawn_card_may_be_played_at_once_and_only_it():
    events = copy.deepcopy(EVENTS)
    events[1:2] = [{"player": "Bas", "draw": ["R8"]}, {"player": "Bas", "play": "R8"}]
    assert judge_me_replay_unchecked(one_round(events))["legal"]
    events[2] = {"player": "Bas", "play": "Y8"}
    assert rules_with_at(judge_me_replay_unchecked(one_round(events))) == [("ME-11", 0)]
    events[2] = {"player": "Bas", "draw": ["Y1"]}
    assert rules_with_at(judge_me_replay_unchecked(one_round(events))) == [("ME-11", 0)]


def test_a_card_not_held_or_not_left_to_draw_cannot_be_judged():
    events = copy.deepcopy(EVENTS)
    events[0] = {"player": "Ann", "play": "B8"}
    with pytest.raises(CaseError) as error:
        judge_me_replay_unchecked(one_round(events))
    assert error.value.field == "rounds[0].events[0].play"
    events = copy.deepcopy(EVENTS)
    events[1] = events[3] = {"player": "Bas", "draw": ["Bskip"]}  # two in the deck, Bas has one
    with pytest.raises(CaseError) as error:
        judge_me_replay_unchecked(one_round(events))
    assert error.value.field == "rounds[0].events[3].draw[0]"


# --- ME-5, ME-6, ME-7, ME-8, ME-10 -------------------------------------------------------


def test_me5_with_two_players_the_reverse_player_plays_again():
    hands = {"Ann": ["Rrev", *ANN_CARDS[:6]], "Bas": BAS_CARDS}
    events = [
        {"player": "Ann", "play": "Rrev"},
        {"player": "Ann", "play": "R1"},
        {"player": "Bas", "draw": ["Gskip"]},
    ]
    verdict = judge_me_replay_unchecked(one_round(events, hands=hands))
    assert verdict["legal"], verdict["violations"]
    assert verdict["result"]["round_in_progress"] is True
    events[1] = {"player": "Bas", "draw": ["Gskip"]}
    assert rules_with_at(judge_me_replay_unchecked(one_round(events, hands=hands))) == [("ME-5", 0)]


@pytest.mark.parametrize(
    ("card", "rule"),
    [
        pytest.param("Rrev", "ME-5", id="me5-a-reverse-turns-the-direction"),
        pytest.param("Rskip", "ME-6", id="me6-the-skipped-player-misses-the-turn"),
    ],
)
def test_me5_me6_three_players_after_a_reverse_or_skip(card, rule):
    hands = {
        "Ann": [card, *ANN_CARDS[:6]],
        "Bas": BAS_CARDS,
        "Cor": ["R8", "R9", "G1", "G2", "G3", "G4", "G5"],
    }
    events = [{"player": "Ann", "play": card}, {"player": "Cor", "play": "R8"}]
    assert judge_me_replay_unchecked(one_round(events, hands=hands))["legal"]
    events[1] = {"player": "Bas", "draw": ["Gskip"]}
    verdict = judge_me_replay_unchecked(one_round(events, hands=hands))
    assert rules_with_at(verdict) == [(rule, 0)]
    assert "it was Cor's turn" in verdict["violations"][0]["message"]


def test_me7_the_next_player_draws_two_and_does_not_play():
    hands = {"Ann": ["R+2", *ANN_CARDS[:6]], "Bas": BAS_CARDS}
    events = [
        {"player": "Ann", "play": "R+2"},
        {"player": "Bas", "draw": ["G1", "G2"]},
        {"player": "Ann", "play": "R1"},
    ]
    assert judge_me_replay_unchecked(one_round(events, hands=hands))["legal"]
    bad = copy.deepcopy(events)
    bad[1] = {"player": "Bas", "draw": ["G1"]}
    assert rules_with_at(judge_me_replay_unchecked(one_round(bad, hands=hands))) == [("ME-7", 0)]
    bad = copy.deepcopy(events)
    bad.insert(2, {"player": "Bas", "play": "G1"})
    assert rules_with_at(judge_me_replay_unchecked(one_round(bad, hands=hands))) == [("ME-7", 0)]


def test_me8_after_a_w4_the_next_player_draws_four_then_may_play():
    hands = {"Ann": ["W+4", "B1", "B2", "B3", "B4", "B5", "B6"], "Bas": BAS_CARDS}
    events = [
        {"player": "Ann", "play": "W+4", "wish": "G"},
        {"player": "Bas", "draw": ["G1", "G2", "G3", "G+2"]},
        {"player": "Bas", "play": "G1"},
        {"player": "Ann", "play": "B1"},
    ]
    assert judge_me_replay_unchecked(one_round(events, hands=hands))["legal"]
    passing = [*events[:2], {"player": "Ann", "draw": ["Y1"]}]  # Bas passes; Ann has no green
    assert judge_me_replay_unchecked(one_round(passing, hands=hands))["legal"]
    for bad_event, at in [
        ({"player": "Bas", "play": "G+2"}, 2),
        ({"player": "Bas", "draw": ["Y1"]}, 2),
        ({"player": "Bas", "play": "G8"}, 1),
    ]:
        bad = copy.deepcopy(events)
        bad[at] = bad_event
        assert rules_with_at(judge_me_replay_unchecked(one_round(bad, hands=hands))) == [
            ("ME-8", 0)
        ], bad_event


def test_me8_a_w4_while_holding_the_colour():
    hands = {"Ann": ["W+4", *ANN_CARDS[:6]], "Bas": BAS_CARDS}
    events = [{"player": "Ann", "play": "W+4", "wish": "G"}]
    assert rules_with_at(judge_me_replay_unchecked(one_round(events, hands=hands))) == [("ME-8", 0)]


def test_me10_the_joker_swaps_hands_under_the_swap_rule():
    hands = {"Ann": ["JOKER", *ANN_CARDS[:6]], "Bas": BAS_CARDS}
    events = [
        {"player": "Ann", "play": "JOKER", "wish": "Y", "swap": "Bas"},
        {"player": "Bas", "draw": ["Y1"]},  # Bas now holds Ann's red cards
        {"player": "Bas", "play": "Y1"},
        {"player": "Ann", "play": "Y8"},  # and Ann holds Bas's cards
    ]
    verdict = judge_me_replay_unchecked(
        one_round(events, hands=hands), options={"joker_rule": "swap"}
    )
    assert verdict["legal"], verdict["violations"]
    assert rules_with_at(judge_me_replay_unchecked(one_round(events, hands=hands))) == [
        ("ME-10", 0)
    ]
    events[0]["swap"] = "Ann"
    with pytest.raises(CaseError):
        judge_me_replay_unchecked(one_round(events, hands=hands), options={"joker_rule": "swap"})


# --- ME-12 -------------------------------------------------------------------------------


def test_me12_a_missed_call_is_a_violation_and_the_replay_goes_on():
    events = copy.deepcopy(EVENTS)
    del events[10]["meino"]
    verdict = judge_me_replay_unchecked(one_round(events))
    assert rules_with_at(verdict) == [("ME-12", 0)]
    assert verdict["violations"][0]["message"] == (
        "Round 1, event 11: Ann is down to one card and did not call MEINO"
    )
    assert verdict["result"]["totals"] == {"Ann": 0, "Bas": BAS_POINTS}


def test_me12_caught_before_the_next_play_the_player_draws_two():
    events = copy.deepcopy(EVENTS)
    del events[10]["meino"]
    events.insert(12, {"player": "Ann", "meino_penalty": ["G1", "G2"]})  # after Bas drew
    verdict = judge_me_replay_unchecked(one_round(events))
    assert rules_with_at(verdict) == [("ME-12", 0)]  # the missed call only
    assert verdict["result"]["round_in_progress"] is True  # Ann still holds G1, G2


def test_me12_no_penalty_after_the_call_or_for_another_player():
    for who in ("Ann", "Bas"):
        events = copy.deepcopy(EVENTS)
        events.insert(11, {"player": who, "meino_penalty": ["G1", "G2"]})
        verdict = judge_me_replay_unchecked(one_round(events))
        assert rules_with_at(verdict) == [("ME-12", 0)]
        assert "totals" not in verdict["result"]


# --- ME-13, ME-14 ------------------------------------------------------------------------


def test_me13_no_play_after_the_round_ended():
    events = [*EVENTS, {"player": "Bas", "draw": ["G1"]}]
    assert rules_with_at(judge_me_replay_unchecked(one_round(events))) == [("ME-13", 0)]


def test_me13_a_new_round_only_after_someone_went_out():
    verdict = judge_me_replay_unchecked(one_round(EVENTS[:-1]), one_round(EVENTS))
    assert rules_with_at(verdict) == [("ME-13", 0)]


def test_me14_rounds_until_a_total_reaches_500():
    rounds = [one_round(EVENTS) for _ in range(3)]  # Bas: 3 x 208 = 624
    for one in rounds:
        one["dealer"] = "Bas"  # Ann starts every round
    verdict = judge_me_replay_unchecked(*rounds)
    assert verdict["legal"], verdict["violations"]
    assert verdict["result"]["totals"] == {"Ann": 0, "Bas": 3 * BAS_POINTS}
    assert verdict["result"]["finished"] is True
    assert verdict["result"]["finished_after"] == 3
    assert verdict["result"]["winner"] == "Ann"
    verdict = judge_me_replay_unchecked(*rounds, rounds[0])
    assert rules_with_at(verdict) == [("ME-14", 3)]


def test_the_deal_passes_clockwise_by_default():
    rounds = [one_round(EVENTS), one_round(EVENTS)]
    del rounds[1]["dealer"]  # Ann deals round 2, so Bas starts
    assert rules_with_at(judge_me_replay_unchecked(*rounds)) == [("ME-2", 1)]
