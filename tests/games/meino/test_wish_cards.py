"""MEINO ME-4 wish cards, ME-9 no wish on a wish, ME-10 the joker."""

from __future__ import annotations

import pytest

from games.base import CaseError
from tests.games.helpers import cited, legal_result, rules_in_order
from tests.games.meino.helpers import assert_legal, judge_play, judge_play_fields_unchecked, run_me


@pytest.mark.parametrize("card", ["W", "JOKER"])
def test_plain_wish_any_time(card):
    # ME-4: W may be played at any time (even holding the colour), except on a wish card.
    verdict = judge_play("R5", card, [card, "R7", "B5"], wish="Y")
    assert verdict["legal"] is True, verdict["violations"]
    verdict = judge_play("Rskip", card, [card, "Rskip"], wish="G")
    assert verdict["legal"] is True, verdict["violations"]


@pytest.mark.parametrize("top", ["W", "W+2", "W+4", "JOKER"])
@pytest.mark.parametrize("card", ["W", "JOKER"])
def test_no_wish_on_a_wish(top, card):
    verdict = judge_play(top, card, [card], colour="G", wish="R")
    assert cited(verdict) == {"ME-9"}


@pytest.mark.parametrize("top", ["W", "JOKER", "W+2", "W+4"])  # plain wishes, draw wishes
@pytest.mark.parametrize("card", ["W+2", "W+4"])
def test_no_draw_wish_on_a_wish(top, card):
    verdict = judge_play(top, card, [card, "Y1"], colour="G", wish="R")
    # ME-9 always; on a W+2 or W+4 also ME-8 ("No +2, W+2 or W+4 may be played on them").
    assert cited(verdict) == {"ME-9"} | ({"ME-8"} if top in ("W+2", "W+4") else set())


@pytest.mark.parametrize("top", ["W", "W+2", "W+4", "JOKER"])
def test_colour_cards_on_a_wish_follow_the_wished_colour(top):
    assert judge_play(top, "G5", ["G5"], colour="G")["legal"] is True
    assert judge_play(top, "Gskip", ["Gskip"], colour="G")["legal"] is True
    assert judge_play(top, "Grev", ["Grev"], colour="G")["legal"] is True
    assert cited(judge_play(top, "R5", ["R5"], colour="G")) == {"ME-3"}
    assert cited(judge_play(top, "Rskip", ["Rskip"], colour="G")) == {"ME-3"}


def test_plain_wish_top_allows_colour_draw_two():
    assert judge_play("W", "G+2", ["G+2"], colour="G")["legal"] is True
    assert judge_play("JOKER", "G+2", ["G+2"], colour="G")["legal"] is True


def test_wish_card_without_a_wish_breaks_me4():
    # Author's reading: a wish card names a colour (ME-4); a play that names none breaks it.
    verdict = judge_play("R5", "W", ["W", "B3"])
    assert cited(verdict) == {"ME-4"}
    assert cited(judge_play("R5", "W+4", ["W+4", "B3"])) == {"ME-4"}


def test_wish_card_as_last_card_needs_no_wish():
    # Going out ends the round at once (ME-13): there is no next player to name a colour for.
    verdict = judge_play("R5", "JOKER", ["JOKER"])
    assert verdict["legal"] is True, verdict["violations"]


@pytest.mark.parametrize(
    ("wish"), ["G", "g", "grün", "gruen", "green", "Grün", "groen", "R", "rot", "blau", "gelb"]
)
def test_wish_spellings(wish):
    assert judge_play("R5", "W", ["W"], wish=wish)["legal"] is True


@pytest.mark.parametrize(
    "rule", ["none", "swap hands with another player", "tausch", "everybody draws one"]
)
def test_joker_rule_option_keeps_joker_a_wish_card(rule):
    options = {"joker_rule": rule}
    verdict = judge_play("R5", "JOKER", ["JOKER", "R7"], wish="B", options=options)
    assert verdict["legal"] is True, verdict["violations"]
    verdict = judge_play("W", "JOKER", ["JOKER"], colour="B", wish="G", options=options)
    assert cited(verdict) == {"ME-9"}


@pytest.mark.parametrize("card", ["w+4", "W+4", "joker", "Joker", "w", "Farbwahl", "w+2"])
def test_wish_card_spellings(card):
    verdict = judge_play("R5", card, [card], wish="G")
    assert verdict["legal"] is True, verdict["violations"]


@pytest.mark.parametrize("top", ["W", "W+2", "W+4", "JOKER"])
@pytest.mark.parametrize("card", ["W", "W+2", "W+4", "JOKER"])
def test_wish_on_wish_without_colour_is_still_me9(top, card):
    verdict = run_me("play", top=top, card=card, hand=[card, "R1"], wish="G")
    # ME-9 always; a W+2 or W+4 on a W+2 or W+4 also breaks ME-8.
    draw_on_draw = top in ("W+2", "W+4") and card in ("W+2", "W+4")
    assert cited(verdict) == {"ME-9"} | ({"ME-8"} if draw_on_draw else set())


def test_wish_missing_and_wish_on_wish():
    verdict = run_me("play", top="W", colour="G", card="W", hand=["W", "B1"])
    assert cited(verdict) == {"ME-4", "ME-9"}


# --- ME-3 Matching ---------------------------------------------------------------------------


def test_me3_a_number_on_a_wish_card_follows_the_wished_colour():
    assert_legal(judge_play_fields_unchecked(top="W", colour="G", hand=["G2", "R2"], card="G2"))
    assert rules_in_order(
        judge_play_fields_unchecked(top="W", colour="G", hand=["G2", "R2"], card="R2")
    ) == ["ME-3"]


def test_me3_the_colour_is_needed_on_a_wish_card_and_must_agree_with_a_coloured_top():
    with pytest.raises(CaseError) as error:
        judge_play_fields_unchecked(top="W", hand=["G2"], card="G2")
    assert error.value.field == "colour"
    with pytest.raises(CaseError):
        judge_play_fields_unchecked(top="R5", colour="B", hand=["G2"], card="G2")


# --- ME-4 Wish cards -------------------------------------------------------------------------


@pytest.mark.parametrize("top", ["R5", "Bskip", "G+2", "Yrev"])
def test_me4_a_wish_card_goes_on_any_coloured_card(top):
    verdict = judge_play_fields_unchecked(top=top, hand=["W", "R1"], card="W", wish="Y")
    assert_legal(verdict)
    assert verdict["result"]["colour_after"] == "Y"


def test_me4_a_wish_card_must_name_a_colour():
    assert rules_in_order(judge_play_fields_unchecked(top="R5", hand=["W", "R1"], card="W")) == [
        "ME-4"
    ]


def test_me4_the_last_card_needs_no_colour():
    verdict = judge_play_fields_unchecked(top="R5", hand=["W"], card="W")
    assert_legal(verdict)
    assert verdict["result"]["round_over"] is True


# --- ME-9 No wish on a wish ------------------------------------------------------------------


@pytest.mark.parametrize("card", ["W", "W+2", "W+4", "JOKER"])
def test_me9_wish_cards_on_coloured_cards(card):
    assert_legal(judge_play_fields_unchecked(top="R5", hand=[card, "B1"], card=card, wish="R"))


@pytest.mark.parametrize("top", ["W", "W+2", "W+4", "JOKER"])
@pytest.mark.parametrize("card", ["W", "JOKER"])
def test_me9_seed_no_wish_card_on_a_wish_card(top, card):
    # Seed: "Bei MEINO dürfen insgesamt keine Wunschkarten aufeinander gelegt werden!"
    verdict = judge_play_fields_unchecked(
        top=top, colour="B", hand=[card, "R1"], card=card, wish="R"
    )
    assert rules_in_order(verdict) == ["ME-9"]


# --- ME-10 Joker -----------------------------------------------------------------------------


@pytest.mark.parametrize("rule", ["swap", "swap hands with another player", "Tauschen"])
def test_me10_the_swap_rule_lets_the_joker_swap_hands(rule):
    verdict = judge_play_fields_unchecked(
        top="R5",
        hand=["JOKER", "B1", "B2"],
        card="JOKER",
        wish="G",
        swap="Bas",
        options={"joker_rule": rule},
    )
    assert_legal(verdict)
    assert verdict["result"]["swap_with"] == "Bas"


def test_me10_the_joker_is_a_plain_wish_card_by_default():
    assert_legal(
        judge_play_fields_unchecked(top="R5", hand=["JOKER", "B1"], card="JOKER", wish="G")
    )
    verdict = judge_play_fields_unchecked(
        top="R5", hand=["JOKER", "B1"], card="JOKER", wish="G", swap="Bas"
    )
    assert rules_in_order(verdict) == ["ME-10"]


def test_me10_only_the_joker_swaps_and_not_as_the_last_card():
    swap = {"joker_rule": "swap"}
    verdict = judge_play_fields_unchecked(
        top="R5", hand=["W", "B1"], card="W", wish="G", swap="Bas", options=swap
    )
    assert rules_in_order(verdict) == ["ME-10"]
    verdict = judge_play_fields_unchecked(
        top="R5", hand=["JOKER"], card="JOKER", wish="G", swap="Bas", options=swap
    )
    assert rules_in_order(verdict) == ["ME-10"]


def test_me10_swap_only_with_the_swap_rule():
    data = {"top": "R5", "hand": ["JOKER", "R1", "B2"], "card": "JOKER", "wish": "B"}
    verdict = run_me("play", swap="Bas", **data)
    assert cited(verdict) == {"ME-10"}
    verdict = run_me("play", swap="Bas", options={"joker_rule": "swap hands"}, **data)
    result = legal_result(verdict)
    assert result["swap_with"] == "Bas"
    assert result["colour_after"] == "B"
    verdict = run_me("play", swap="Bas", options={"joker_rule": "Tausch der Karten"}, **data)
    assert verdict["legal"] is True
    verdict = run_me("play", swap="Bas", options={"joker_rule": "draw one"}, **data)
    assert cited(verdict) == {"ME-10"}
