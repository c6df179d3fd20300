"""MEINO ME-7 draw two and ME-8 W+2 and W+4 (the CASES.md ``play`` example)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.helpers import cited, legal_result, rules_in_order
from tests.games.meino.helpers import assert_legal, judge_play, judge_play_fields_unchecked, run_me


def assert_breaks(verdict: dict[str, Any], rule: str) -> None:
    assert not verdict["legal"]
    assert rule in rules_in_order(verdict), verdict["violations"]


def test_draw_two_on_draw_two_same_colour():
    assert cited(judge_play("B+2", "B+2", ["B+2", "Y1"])) == {"ME-7"}


def test_draw_two_on_draw_two_other_colour_cites_both():
    assert cited(judge_play("B+2", "R+2", ["R+2", "Y1"])) == {"ME-3", "ME-7"}


def test_wish_draw_two_on_draw_two():
    assert cited(judge_play("B+2", "W+2", ["W+2", "Y1"], wish="G")) == {"ME-7"}


def test_wish_draw_four_on_draw_two_is_not_named_by_me7():
    # ME-7 names only +2 and W+2; ME-8 forbids +2/W+2/W+4 only on W+2 and W+4.
    verdict = judge_play("B+2", "W+4", ["W+4", "Y1"], wish="G")
    assert verdict["legal"] is True, verdict["violations"]


def test_wish_draw_four_on_draw_two_holding_the_colour():
    verdict = judge_play("B+2", "W+4", ["W+4", "B1"], wish="G")
    assert cited(verdict) == {"ME-8"}


def test_plain_wish_and_joker_on_draw_two_are_fine():
    assert judge_play("B+2", "W", ["W", "B1"], wish="G")["legal"] is True
    assert judge_play("B+2", "JOKER", ["JOKER", "B1"], wish="G")["legal"] is True


def test_cases_md_example_holds_red():
    # CASES.md's example: R7 is another card of the current colour -> ME-8.
    verdict = run_me("play", top="R5", colour="R", hand=["R7", "W+4", "B5"], card="W+4", wish="G")
    assert cited(verdict) == {"ME-8"}


def test_cases_md_example_without_red_is_legal():
    # B5 fits by number but is not "of the current colour"; ME-8 only counts the colour.
    verdict = run_me("play", top="R5", colour="R", hand=["W+4", "B5"], card="W+4", wish="G")
    assert verdict["legal"] is True, verdict["violations"]


@pytest.mark.parametrize("top", ["W+2", "W+4"])
def test_no_colour_draw_two_on_a_draw_wish(top):
    assert cited(judge_play(top, "G+2", ["G+2"], colour="G")) == {"ME-8"}


# --- ME-7 Draw two ---------------------------------------------------------------------------


def test_me7_a_draw_two_makes_the_next_player_draw_two_and_miss_the_turn():
    result = judge_play_fields_unchecked(top="R5", hand=["R+2", "B1"], card="R+2")["result"]
    assert result["next_draws"] == 2
    assert result["next_misses_turn"] is True


@pytest.mark.parametrize(
    ("top", "card", "wish"), [("R+2", "R+2", None), ("B+2", "R+2", None), ("R+2", "W+2", "B")]
)
def test_me7_no_draw_two_on_a_draw_two(top, card, wish):
    fields = {"wish": wish} if wish else {}
    assert_breaks(
        judge_play_fields_unchecked(top=top, hand=[card, "G1"], card=card, **fields), "ME-7"
    )


def test_me7_a_w4_on_a_draw_two_is_not_forbidden_by_me7():
    assert_legal(judge_play_fields_unchecked(top="R+2", hand=["W+4", "B1"], card="W+4", wish="G"))


def test_me7_the_player_who_must_draw_two_may_not_play():
    assert rules_in_order(
        judge_play_fields_unchecked(top="R+2", hand=["R3", "B1"], card="R3", penalty=True)
    ) == ["ME-7"]
    verdict = judge_play_fields_unchecked(top="R+2", hand=["R3", "B1"], draw=True, penalty=True)
    assert_legal(verdict)
    assert verdict["result"] == {"draws": 2}


def test_me7_victim_may_not_play():
    verdict = run_me("play", top="R+2", hand=["R7", "B1", "G4"], card="R7", penalty=True)
    assert cited(verdict) == {"ME-7"}
    assert legal_result(run_me("play", top="R+2", hand=["R7"], draw=True, penalty=True)) == {
        "draws": 2
    }


# --- ME-8 W+2 and W+4 ------------------------------------------------------------------------


@pytest.mark.parametrize("card", ["W+2", "W+4"])
def test_me8_a_wish_draw_without_a_card_of_the_colour_in_force(card):
    # B5 has the number of the top card but not its colour: it does not count (ME-8).
    verdict = judge_play_fields_unchecked(top="R5", hand=["B5", card, "G9"], card=card, wish="G")
    assert_legal(verdict)
    assert verdict["result"]["next_draws"] == (2 if card == "W+2" else 4)
    assert verdict["result"]["next_misses_turn"] is False


@pytest.mark.parametrize("card", ["W+2", "W+4"])
def test_me8_a_wish_draw_while_holding_the_colour_in_force(card):
    verdict = judge_play_fields_unchecked(
        top="R5", colour="R", hand=["R7", card, "B5"], card=card, wish="G"
    )
    assert rules_in_order(verdict) == ["ME-8"]
    assert "R7" in verdict["violations"][0]["message"]


def test_me8_the_wished_colour_counts_on_a_wish_card_top():
    assert rules_in_order(
        judge_play_fields_unchecked(top="W", colour="Y", hand=["Y1", "W+4"], card="W+4", wish="B")
    ) == [
        "ME-9",
        "ME-8",
    ]


@pytest.mark.parametrize("top", ["W+2", "W+4"])
def test_me8_after_the_penalty_one_card_of_the_wish_may_be_played(top):
    assert_legal(
        judge_play_fields_unchecked(top=top, colour="G", hand=["G5", "R1"], card="G5", penalty=True)
    )
    verdict = judge_play_fields_unchecked(
        top=top, colour="G", hand=["G5", "R1"], draw=True, penalty=True
    )
    assert verdict["result"] == {"draws": 2 if top == "W+2" else 4}


@pytest.mark.parametrize("top", ["W+2", "W+4"])
def test_me8_no_draw_two_on_a_wish_draw(top):
    assert rules_in_order(
        judge_play_fields_unchecked(top=top, colour="G", hand=["G+2", "R1"], card="G+2")
    ) == ["ME-8"]


@pytest.mark.parametrize("card", ["W+2", "W+4"])
@pytest.mark.parametrize(
    ("hand_rest", "legal"),
    [
        ([], True),
        (["B5", "G7", "Yskip"], True),
        (["W"], True),  # a wish card is of no colour
        (["JOKER", "W+2", "W+4"], True),
        (["R1"], False),
        (["Rskip"], False),  # an action card of the current colour is of the current colour
        (["R+2"], False),
        (["Rrev", "B3"], False),
    ],
)
def test_me8_holds_no_other_card_of_the_colour(card, hand_rest, legal):
    verdict = judge_play("R5", card, [card, *hand_rest], wish="B")
    if legal:
        assert verdict["legal"] is True, verdict["violations"]
    else:
        assert cited(verdict) == {"ME-8"}


def test_me8_on_a_wish_card_counts_the_wished_colour():
    # Wish cards on wish cards are ME-9 anyway; the colour in force matters for W+4 after a
    # colour card on top of a wish: top G3 after a wish of green.
    assert cited(judge_play("G3", "W+4", ["W+4", "G8"], wish="R")) == {"ME-8"}
    assert judge_play("G3", "W+4", ["W+4", "R8"], wish="R")["legal"] is True


def test_me8_second_copy_of_the_same_wish_card_does_not_block():
    assert judge_play("R5", "W+4", ["W+4", "W+4"], wish="B")["legal"] is True


def test_me8_victim_may_play_one_fitting_card():
    verdict = run_me("play", top="W+4", colour="G", hand=["G7", "B1"], card="G7", penalty=True)
    assert verdict["legal"] is True, verdict["violations"]
    assert legal_result(
        run_me("play", top="W+4", colour="G", hand=["R7"], draw=True, penalty=True)
    ) == {"draws": 4}
