"""MEINO ``play`` check: its result, card spellings and several rules at once."""

import pytest

from tests.games.helpers import cited, legal_result
from tests.games.meino.helpers import judge_play, run_me


@pytest.mark.parametrize(
    ("top", "card"),
    [
        ("r5", "r7"),
        ("rot 5", "rot 7"),
        ("Rot 5", "blau 5"),
        ("5 rot", "Blau 5"),
        ("red 5", "blue 5"),
        ("gelb aussetzen", "gelb 3"),
        ("grün 4", "Grün Richtungswechsel"),
        ("g4", "g+2"),
        ("b1", "bskip"),
        ("y2", "yrev"),
    ],
)
def test_card_spellings_legal(top, card):
    verdict = judge_play(top, card, [card])
    assert verdict["legal"] is True, verdict["violations"]


def test_spellings_in_hand_count_for_me8():
    assert cited(judge_play("R5", "w+4", ["w+4", "rot 1"], wish="G")) == {"ME-8"}


def test_hand_may_hold_the_card_in_another_spelling():
    verdict = judge_play("R5", "R7", ["rot 7"])
    assert verdict["legal"] is True, verdict["violations"]


def test_play_result_is_an_object():
    assert isinstance(judge_play("R5", "R7")["result"], dict)


def test_play_result_of_a_legal_play():
    result = legal_result(run_me("play", top="R5", hand=["R7", "B1"], card="R7"))
    assert result["colour_after"] == "R"
    assert result["cards_left"] == 1
    assert result["round_over"] is False
    result = legal_result(run_me("play", top="R5", hand=["W+4", "B1"], card="W+4", wish="Y"))
    assert result["colour_after"] == "Y"
    assert result["next_draws"] == 4
    result = legal_result(run_me("play", top="R5", hand=["R+2"], card="R+2"))
    assert result["round_over"] is True
    assert result["next_draws"] == 0


def test_play_result_of_action_cards():
    result = legal_result(run_me("play", top="R5", hand=["Rskip", "B1"], card="Rskip"))
    assert result["next_misses_turn"] is True
    assert result["reverses"] is False
    result = legal_result(run_me("play", top="R5", hand=["Rrev", "B1"], card="Rrev", players=4))
    assert result["reverses"] is True
    assert result["next_misses_turn"] is False
    # ME-5: with two players a reverse acts as a skip
    result = legal_result(run_me("play", top="R5", hand=["Rrev", "B1"], card="Rrev", players=2))
    assert result["reverses"] is False
    assert result["next_misses_turn"] is True
    result = legal_result(run_me("play", top="R5", hand=["R+2", "B1"], card="R+2"))
    assert result["next_draws"] == 2
    assert result["next_misses_turn"] is True


@pytest.mark.parametrize(
    ("top", "colour", "card", "hand", "rules"),
    [
        ("W+4", "R", "B+2", ["B+2"], {"ME-3", "ME-8"}),
        ("Y+2", None, "W+2", ["W+2", "B1"], {"ME-7"}),
        ("Y+2", None, "W+2", ["W+2", "Y1"], {"ME-7", "ME-8"}),
        ("W", "G", "W+4", ["W+4", "G1"], {"ME-8", "ME-9"}),
    ],
)
def test_several_rules_at_once(top, colour, card, hand, rules):
    fields = {"top": top, "card": card, "hand": hand}
    if colour:
        fields["colour"] = colour
    if card.startswith("W"):
        fields["wish"] = "B"
    assert cited(run_me("play", **fields)) == rules
