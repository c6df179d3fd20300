"""MEINO ME-11 drawing and ME-12 the MEINO call."""

from __future__ import annotations

from tests.games.helpers import cited, legal_result, rules_in_order
from tests.games.meino.helpers import assert_legal, judge_play_fields_unchecked, run_me

# --- ME-11 Drawing ---------------------------------------------------------------------------


def test_me11_a_player_who_cannot_play_draws():
    verdict = judge_play_fields_unchecked(top="R5", hand=["B3", "G1"], draw=True)
    assert_legal(verdict)
    assert verdict["result"] == {"draws": 1}


def test_me11_a_player_who_can_play_may_not_draw():
    verdict = judge_play_fields_unchecked(top="R5", hand=["B3", "G5"], draw=True, player="Ann")
    assert rules_in_order(verdict) == ["ME-11"]
    assert verdict["violations"][0]["message"] == "Ann drew although able to play G5"


def test_me11_the_drawn_card_may_be_played_at_once():
    assert_legal(judge_play_fields_unchecked(top="R5", hand=["B3", "R8"], card="R8", drawn="R8"))


def test_me11_only_the_drawn_card_and_only_after_a_hand_that_could_not_play():
    assert rules_in_order(
        judge_play_fields_unchecked(top="R5", hand=["B5", "R8"], card="B5", drawn="R8")
    ) == [
        "ME-11",
        "ME-11",
    ]
    assert rules_in_order(
        judge_play_fields_unchecked(top="R5", hand=["B3", "R8", "R9"], card="R8", drawn="R9")
    ) == [
        "ME-11",
        "ME-11",
    ]


def test_me11_a_drawn_card_that_does_not_fit_cannot_be_played():
    assert rules_in_order(
        judge_play_fields_unchecked(top="R5", hand=["B3", "G8"], card="G8", drawn="G8")
    ) == ["ME-3"]


def test_me11_draw_although_able_to_play():
    verdict = run_me("play", top="R5", hand=["R7", "B1"], draw=True)
    assert cited(verdict) == {"ME-11"}
    assert legal_result(run_me("play", top="R5", hand=["B7", "G1"], draw=True)) == {"draws": 1}


def test_me11_only_the_drawn_card():
    assert legal_result(run_me("play", top="R5", hand=["B1", "R7"], drawn="R7", card="R7"))
    verdict = run_me("play", top="R5", hand=["B5", "R7"], drawn="R7", card="R7")
    assert cited(verdict) == {"ME-11"}


# --- ME-12 MEINO call ------------------------------------------------------------------------


def test_me12_seed_the_call_comes_with_one_card_left():
    # Seed: "Sobald ein Spieler nur noch eine Karte auf der Hand hat, muss er MEINO rufen."
    verdict = judge_play_fields_unchecked(top="R5", hand=["R7", "B1"], card="R7", meino=True)
    assert_legal(verdict)
    assert verdict["result"]["cards_left"] == 1


def test_me12_forgetting_the_call_is_a_violation():
    verdict = judge_play_fields_unchecked(
        top="R5", hand=["R7", "B1"], card="R7", meino=False, player="Ann"
    )
    assert rules_in_order(verdict) == ["ME-12"]
    assert verdict["violations"][0]["message"].startswith("Ann ")
    assert verdict["result"]["cards_left"] == 1  # the play itself is fine


def test_me12_no_call_is_needed_with_more_cards():
    assert_legal(
        judge_play_fields_unchecked(top="R5", hand=["R7", "B1", "B2"], card="R7", meino=False)
    )


def test_me12_missed_call():
    verdict = run_me("play", top="R5", hand=["R7", "B1"], card="R7", meino=False)
    assert cited(verdict) == {"ME-12"}
    assert run_me("play", top="R5", hand=["R7", "B1"], card="R7", meino=True)["legal"] is True
    assert run_me("play", top="R5", hand=["R7", "B1"], card="R7")["legal"] is True
