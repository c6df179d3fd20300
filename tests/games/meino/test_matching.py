"""MEINO ME-3 matching colour or number."""

from __future__ import annotations

import pytest

from tests.games.helpers import case_error, cited, rules_in_order
from tests.games.meino.helpers import assert_legal, judge_play, judge_play_fields_unchecked, me_case


@pytest.mark.parametrize(
    ("top", "card"),
    [
        ("R5", "R7"),  # same colour
        ("R5", "B5"),  # same number
        ("R5", "G5"),
        ("Y9", "Y1"),
        ("G1", "Y1"),
        ("Rskip", "R3"),  # a number card on an action card of the current colour
        ("Brev", "B9"),
        ("G+2", "G2"),  # the player after the victim of a +2 (the +2 is still on top)
        ("R5", "Rskip"),  # an action card on the current colour
        ("R5", "Rrev"),
        ("R5", "R+2"),
        ("Rskip", "Rrev"),
        ("Rrev", "Rskip"),
        ("Rskip", "R+2"),
        ("R+2", "Rskip"),
        ("R+2", "Rrev"),
        ("Brev", "B+2"),
    ],
)
def test_play_matching_legal(top, card):
    verdict = judge_play(top, card, [card, "Y7"])
    assert verdict["legal"] is True, verdict["violations"]


@pytest.mark.parametrize(
    ("top", "card"),
    [
        ("R5", "B7"),  # neither colour nor number
        ("R5", "G4"),
        ("Rskip", "B3"),  # an action card has no number
        ("G+2", "R2"),
        ("Y+2", "B2"),  # "+2" is no number card 2
        ("R5", "Bskip"),  # an action card only on the current colour
        ("R5", "Grev"),
        ("R5", "Y+2"),
        ("R2", "B+2"),  # not even a "2" on a 2: an action card needs the colour
        ("Bskip", "Rrev"),
        ("Grev", "Y+2"),
    ],
)
def test_play_matching_illegal(top, card):
    verdict = judge_play(top, card, [card, "W"])
    assert cited(verdict) == {"ME-3"}, verdict


def test_play_colour_given_for_a_coloured_top_that_agrees():
    verdict = judge_play("R5", "R7", colour="R")
    assert verdict["legal"] is True


def test_colour_contradicting_a_coloured_top():
    # The colour in force of a coloured top card is its own colour: a different one is a
    # contradiction (engine's choice; CASES.md needs colour only on a wish card).
    assert (
        case_error(me_case("play", top="R5", colour="B", card="B7", hand=["B7"])).field == "colour"
    )


# --- ME-3 Matching ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("top", "card"),
    [("R5", "R7"), ("R5", "B5"), ("R5", "Rskip"), ("Gskip", "G3"), ("Y+2", "Yrev")],
)
def test_me3_same_colour_or_same_number_is_legal(top, card):
    assert_legal(judge_play_fields_unchecked(top=top, hand=[card, "B9"], card=card))


@pytest.mark.parametrize(
    ("top", "card"), [("R5", "B7"), ("R5", "Bskip"), ("Gskip", "R3"), ("Y+2", "Rrev")]
)
def test_me3_other_colour_and_number_is_illegal(top, card):
    verdict = judge_play_fields_unchecked(top=top, hand=[card, "B9"], card=card, player="Ann")
    assert rules_in_order(verdict) == ["ME-3"]
    assert "Ann" in verdict["violations"][0]["message"]
    assert card in verdict["violations"][0]["message"]
