"""MEINO cases that cannot be judged and malformed input."""

from __future__ import annotations

import pytest

from games.base import CaseError
from tests.games.helpers import case_error, verdict_or_field
from tests.games.meino.helpers import (
    judge_me,
    judge_play_fields_unchecked,
    me_case,
    run_me_unchecked,
)


def test_game_cases_that_cannot_be_judged():
    with pytest.raises(CaseError) as error:
        run_me_unchecked("game", players=["Ann", "Bas"], rounds=[{"Ann": 0}])
    assert error.value.field == "rounds[0].Bas"
    with pytest.raises(CaseError) as error:
        run_me_unchecked("game", players=["Ann", "Bas"], rounds=[{"Ann": 0, "Bas": 5, "Cor": 1}])
    assert error.value.field == "rounds[0].Cor"
    with pytest.raises(CaseError):
        run_me_unchecked("game", players=["Ann", "Bas"], rounds=[{"Ann": 0, "Bas": 5.5}])


def test_wish_unknown_colour_cannot_be_judged():
    assert case_error(me_case("play", top="R5", card="W", hand=["W"], wish="P")).field == "wish"
    assert case_error(me_case("play", top="R5", card="W", hand=["W"], wish=3)).field == "wish"


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"card": "R7", "hand": ["R7"]}, "top"),
        ({"top": "R5", "hand": ["R7"]}, "card"),
        ({"top": "R0", "card": "R7", "hand": ["R7"]}, "top"),
        ({"top": "R10", "card": "R7", "hand": ["R7"]}, "top"),
        ({"top": "P5", "card": "R7", "hand": ["R7"]}, "top"),
        ({"top": "R5", "card": "W+3", "hand": ["R7"]}, "card"),
        ({"top": "R5", "card": 7, "hand": ["R7"]}, "card"),
        ({"top": "R5", "card": "", "hand": ["R7"]}, "card"),
        ({"top": None, "card": "R7", "hand": ["R7"]}, "top"),
        ({"top": "R5", "card": "R7", "hand": "R7"}, "hand"),
    ],
)
def test_play_cannot_be_judged(fields, field):
    case_error(me_case("play", **fields), field)


def test_unknown_card_in_hand_names_the_field():
    case_error(me_case("play", top="R5", card="R7", hand=["R7", "X9"]), "hand")


def test_card_not_in_hand_cannot_be_judged():
    # CASES.md: ``hand`` holds ``card``; the card played that is not there is named.
    error = case_error(me_case("play", top="R5", card="R7", hand=["B7", "R8"]))
    assert error.field == "card", error


def test_wish_top_without_colour_cannot_be_judged():
    error = case_error(me_case("play", top="W", card="G5", hand=["G5"]))
    assert error.field == "colour", error


def test_wish_top_colour_unknown():
    error = case_error(me_case("play", top="W", colour="purple", card="G5", hand=["G5"]))
    assert error.field == "colour", error


@pytest.mark.parametrize(
    "options",
    [{"colour_rule": 1}, {"compact": "maybe"}, {"joker_rule": 5}, "compact"],
)
def test_bad_options(options):
    case_error(me_case("play", top="R5", card="R7", hand=["R7"], options=options), "options")


@pytest.mark.parametrize(
    ("hands", "field"),
    [
        (None, "hands"),
        ([], "hands"),
        ({"Ann": [], "Bas": "R5"}, "hands.Bas"),
        ({"Ann": [], "Bas": ["R0"]}, "hands.Bas"),
        ({"Ann": [], "Bas": [None]}, "hands.Bas"),
    ],
)
def test_round_score_cannot_be_judged(hands, field):
    data = me_case("round_score") if hands is None else me_case("round_score", hands=hands)
    case_error(data, field)


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"rounds": []}, "players"),
        ({"players": ["Ann", "Bas"]}, "rounds"),
        ({"players": "Ann", "rounds": []}, "players"),
        ({"players": ["Ann", "Ann"], "rounds": []}, "players"),
        ({"players": ["Ann", "Bas"], "rounds": [{"Ann": 0, "Cor": 5}]}, "rounds"),
        ({"players": ["Ann", "Bas"], "rounds": [{"Ann": 0}]}, "rounds"),
        ({"players": ["Ann", "Bas"], "rounds": [{"Ann": 0, "Bas": "5"}]}, "rounds"),
        ({"players": ["Ann", "Bas"], "rounds": [{"Ann": 0, "Bas": 2.5}]}, "rounds"),
        ({"players": ["Ann", "Bas"], "rounds": [{"Ann": 0, "Bas": True}]}, "rounds"),
        ({"players": ["Ann", "Bas"], "rounds": [[0, 5]]}, "rounds"),
        ({"players": ["Ann", "Bas"], "rounds": "x"}, "rounds"),
    ],
)
def test_game_cannot_be_judged(fields, field):
    case_error(me_case("game", **fields), field)


@pytest.mark.parametrize(
    "data",
    [
        me_case("play"),
        me_case("play", top=[], card={}, hand=[]),
        me_case("play", top="R5", card="R7", hand=[["R7"]]),
        me_case("play", top="R5", card="R7", hand=["R7"], colour=[]),
        me_case("play", top="W", card="R7", hand=["R7"], colour=None),
        me_case("play", top="R5", card="W", hand=["W"], wish=None),
        me_case("play", top="R5", card="W", hand=["W"], wish=["G"]),
        me_case("round_score", hands={"": []}),
        me_case("round_score", hands={"Ann": {}, "Bas": []}),
        me_case("game", players=[1, 2], rounds=[]),
        me_case("game", players=["A", "B"], rounds=[None]),
        me_case("game", players=["A", "B"], rounds=[{"A": None, "B": 0}]),
        me_case("game", players=["A", "B"], rounds=[{"A": 10**30, "B": 0}]),
        me_case("game", players=[], rounds=[]),
        me_case("nonsense"),
    ],
)
def test_malformed_input_never_crashes(data):
    verdict_or_field(judge_me, data)


def test_colour_card_on_wish_without_colour_cannot_be_judged():
    assert case_error(me_case("play", top="W+4", card="G+2", hand=["G+2"])).field == "colour"


def test_wish_with_a_colour_card_cannot_be_judged():
    # Engine's choice: "wish goes with wish cards"; a colour card naming a wish contradicts.
    assert case_error(me_case("play", top="R5", card="R7", hand=["R7"], wish="G")).field == "wish"


# --- ME-1 Deck -------------------------------------------------------------------------------


def test_me1_more_copies_than_the_deck_cannot_be_judged():
    # ME-1 is a contradiction, not a breach: a card the deck does not hold exits 2.
    with pytest.raises(CaseError) as error:
        judge_play_fields_unchecked(
            top="R5", hand=["JOKER", "JOKER", "R1"], card="R1", options={"compact": True}
        )
    assert error.value.field == "hand"
    with pytest.raises(CaseError):
        run_me_unchecked(
            "round_score", hands={"Ann": [], "Bas": ["W+2"] * 3, "Cor": ["W+2", "W+2"]}
        )


# --- ME-3 Matching ---------------------------------------------------------------------------


def test_me3_a_card_not_in_hand_cannot_be_judged():
    with pytest.raises(CaseError) as error:
        judge_play_fields_unchecked(top="R5", hand=["R7"], card="R8")
    assert error.value.field == "card"


# --- ME-4 Wish cards -------------------------------------------------------------------------


def test_me4_a_colour_named_with_a_coloured_card_cannot_be_judged():
    with pytest.raises(CaseError) as error:
        judge_play_fields_unchecked(top="R5", hand=["R7"], card="R7", wish="G")
    assert error.value.field == "wish"


# --- ME-11 Drawing ---------------------------------------------------------------------------


def test_me11_draw_and_card_together_cannot_be_judged():
    with pytest.raises(CaseError) as error:
        judge_play_fields_unchecked(top="R5", hand=["B3"], card="B3", draw=True)
    assert error.value.field == "draw"
