"""MEINO (RULES.md ME-1 … ME-14): every rule judged legal and illegal through check_hand
with CASES.md's JSON, and the seed's statements (seeds/meino.de.txt) as examples."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games import cases
from games.base import CaseError
from games.cards import meino_deck
from games.meino.rules import NAMES
from games.meino.scoring import CARD_POINTS, most_round_points
from tests.games.helpers import rules


def judge(check: str, **fields: Any) -> dict[str, Any]:
    return cases.judge({"game": "meino", "check": check, **fields})


def play(**fields: Any) -> dict[str, Any]:
    return judge("play", **fields)


def assert_legal(verdict: dict[str, Any]) -> None:
    assert verdict["legal"], verdict["violations"]


def assert_breaks(verdict: dict[str, Any], rule: str) -> None:
    assert not verdict["legal"]
    assert rule in rules(verdict), verdict["violations"]


# --- ME-1 deck ---------------------------------------------------------------------------


def test_me1_the_deck_has_110_cards_and_the_compact_deck_55():
    full, compact = meino_deck(), meino_deck(compact=True)
    assert len(full) == 110
    assert len(compact) == 55
    assert sum(str(c) == "R5" for c in full) == 2
    assert sum(str(c) == "R5" for c in compact) == 1
    assert [sum(str(c) == w for c in full) for w in ("W", "W+4", "W+2", "JOKER")] == [4, 4, 4, 2]
    assert [sum(str(c) == w for c in compact) for w in ("W", "W+4", "W+2", "JOKER")] == [2, 2, 2, 1]


def test_me1_two_copies_are_fine_in_the_full_deck():
    assert_legal(play(top="R5", hand=["JOKER", "JOKER", "R1", "R1"], card="R1"))


def test_me1_more_copies_than_the_deck_cannot_be_judged():
    # ME-1 is a contradiction, not a breach: a card the deck does not hold exits 2.
    with pytest.raises(CaseError) as error:
        play(top="R5", hand=["JOKER", "JOKER", "R1"], card="R1", options={"compact": True})
    assert error.value.field == "hand"
    with pytest.raises(CaseError):
        judge("round_score", hands={"Ann": [], "Bas": ["W+2"] * 3, "Cor": ["W+2", "W+2"]})


# --- ME-3 matching -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("top", "card"),
    [("R5", "R7"), ("R5", "B5"), ("R5", "Rskip"), ("Gskip", "G3"), ("Y+2", "Yrev")],
)
def test_me3_same_colour_or_same_number_is_legal(top, card):
    assert_legal(play(top=top, hand=[card, "B9"], card=card))


@pytest.mark.parametrize(
    ("top", "card"), [("R5", "B7"), ("R5", "Bskip"), ("Gskip", "R3"), ("Y+2", "Rrev")]
)
def test_me3_other_colour_and_number_is_illegal(top, card):
    verdict = play(top=top, hand=[card, "B9"], card=card, player="Ann")
    assert rules(verdict) == ["ME-3"]
    assert "Ann" in verdict["violations"][0]["message"]
    assert card in verdict["violations"][0]["message"]


def test_me3_a_number_on_a_wish_card_follows_the_wished_colour():
    assert_legal(play(top="W", colour="G", hand=["G2", "R2"], card="G2"))
    assert rules(play(top="W", colour="G", hand=["G2", "R2"], card="R2")) == ["ME-3"]


def test_me3_the_colour_is_needed_on_a_wish_card_and_must_agree_with_a_coloured_top():
    with pytest.raises(CaseError) as error:
        play(top="W", hand=["G2"], card="G2")
    assert error.value.field == "colour"
    with pytest.raises(CaseError):
        play(top="R5", colour="B", hand=["G2"], card="G2")


def test_me3_a_card_not_in_hand_cannot_be_judged():
    with pytest.raises(CaseError) as error:
        play(top="R5", hand=["R7"], card="R8")
    assert error.value.field == "card"


# --- ME-4 wish cards ---------------------------------------------------------------------


@pytest.mark.parametrize("top", ["R5", "Bskip", "G+2", "Yrev"])
def test_me4_a_wish_card_goes_on_any_coloured_card(top):
    verdict = play(top=top, hand=["W", "R1"], card="W", wish="Y")
    assert_legal(verdict)
    assert verdict["result"]["colour_after"] == "Y"


def test_me4_a_wish_card_must_name_a_colour():
    assert rules(play(top="R5", hand=["W", "R1"], card="W")) == ["ME-4"]


def test_me4_the_last_card_needs_no_colour():
    verdict = play(top="R5", hand=["W"], card="W")
    assert_legal(verdict)
    assert verdict["result"]["round_over"] is True


def test_me4_a_colour_named_with_a_coloured_card_cannot_be_judged():
    with pytest.raises(CaseError) as error:
        play(top="R5", hand=["R7"], card="R7", wish="G")
    assert error.value.field == "wish"


# --- ME-5 reverse ------------------------------------------------------------------------


def test_me5_a_reverse_on_the_colour_reverses_the_direction():
    verdict = play(top="R5", hand=["Rrev", "B1"], card="Rrev")
    assert_legal(verdict)
    assert verdict["result"]["reverses"] is True
    assert verdict["result"]["next_misses_turn"] is False


def test_me5_with_two_players_a_reverse_acts_as_a_skip():
    result = play(top="R5", hand=["Rrev", "B1"], card="Rrev", players=2)["result"]
    assert result["reverses"] is False
    assert result["next_misses_turn"] is True


@pytest.mark.parametrize(("top", "extra"), [("Rrev", []), ("Brev", ["ME-3"])])
def test_me5_no_reverse_on_a_reverse(top, extra):
    assert rules(play(top=top, hand=["Rrev", "B1"], card="Rrev")) == ["ME-5", *extra]


# --- ME-6 skip ---------------------------------------------------------------------------


def test_me6_a_skip_makes_the_next_player_miss_a_turn():
    verdict = play(top="R5", hand=["Rskip", "B1"], card="Rskip")
    assert_legal(verdict)
    assert verdict["result"]["next_misses_turn"] is True


@pytest.mark.parametrize(("top", "extra"), [("Rskip", []), ("Bskip", ["ME-3"])])
def test_me6_no_skip_on_a_skip(top, extra):
    assert rules(play(top=top, hand=["Rskip", "B1"], card="Rskip")) == ["ME-6", *extra]


# --- ME-7 draw two -----------------------------------------------------------------------


def test_me7_a_draw_two_makes_the_next_player_draw_two_and_miss_the_turn():
    result = play(top="R5", hand=["R+2", "B1"], card="R+2")["result"]
    assert result["next_draws"] == 2
    assert result["next_misses_turn"] is True


@pytest.mark.parametrize(
    ("top", "card", "wish"), [("R+2", "R+2", None), ("B+2", "R+2", None), ("R+2", "W+2", "B")]
)
def test_me7_no_draw_two_on_a_draw_two(top, card, wish):
    fields = {"wish": wish} if wish else {}
    assert_breaks(play(top=top, hand=[card, "G1"], card=card, **fields), "ME-7")


def test_me7_a_w4_on_a_draw_two_is_not_forbidden_by_me7():
    assert_legal(play(top="R+2", hand=["W+4", "B1"], card="W+4", wish="G"))


def test_me7_the_player_who_must_draw_two_may_not_play():
    assert rules(play(top="R+2", hand=["R3", "B1"], card="R3", penalty=True)) == ["ME-7"]
    verdict = play(top="R+2", hand=["R3", "B1"], draw=True, penalty=True)
    assert_legal(verdict)
    assert verdict["result"] == {"draws": 2}


# --- ME-8 W+2 and W+4 --------------------------------------------------------------------


@pytest.mark.parametrize("card", ["W+2", "W+4"])
def test_me8_a_wish_draw_without_a_card_of_the_colour_in_force(card):
    # B5 has the number of the top card but not its colour: it does not count (ME-8).
    verdict = play(top="R5", hand=["B5", card, "G9"], card=card, wish="G")
    assert_legal(verdict)
    assert verdict["result"]["next_draws"] == (2 if card == "W+2" else 4)
    assert verdict["result"]["next_misses_turn"] is False


@pytest.mark.parametrize("card", ["W+2", "W+4"])
def test_me8_a_wish_draw_while_holding_the_colour_in_force(card):
    verdict = play(top="R5", colour="R", hand=["R7", card, "B5"], card=card, wish="G")
    assert rules(verdict) == ["ME-8"]
    assert "R7" in verdict["violations"][0]["message"]


def test_me8_the_wished_colour_counts_on_a_wish_card_top():
    assert rules(play(top="W", colour="Y", hand=["Y1", "W+4"], card="W+4", wish="B")) == [
        "ME-9",
        "ME-8",
    ]


@pytest.mark.parametrize("top", ["W+2", "W+4"])
def test_me8_after_the_penalty_one_card_of_the_wish_may_be_played(top):
    assert_legal(play(top=top, colour="G", hand=["G5", "R1"], card="G5", penalty=True))
    verdict = play(top=top, colour="G", hand=["G5", "R1"], draw=True, penalty=True)
    assert verdict["result"] == {"draws": 2 if top == "W+2" else 4}


@pytest.mark.parametrize("top", ["W+2", "W+4"])
def test_me8_no_draw_two_on_a_wish_draw(top):
    assert rules(play(top=top, colour="G", hand=["G+2", "R1"], card="G+2")) == ["ME-8"]


# --- ME-9 no wish on a wish --------------------------------------------------------------


@pytest.mark.parametrize("card", ["W", "W+2", "W+4", "JOKER"])
def test_me9_wish_cards_on_coloured_cards(card):
    assert_legal(play(top="R5", hand=[card, "B1"], card=card, wish="R"))


@pytest.mark.parametrize("top", ["W", "W+2", "W+4", "JOKER"])
@pytest.mark.parametrize("card", ["W", "JOKER"])
def test_me9_seed_no_wish_card_on_a_wish_card(top, card):
    # Seed: "Bei MEINO dürfen insgesamt keine Wunschkarten aufeinander gelegt werden!"
    verdict = play(top=top, colour="B", hand=[card, "R1"], card=card, wish="R")
    assert rules(verdict) == ["ME-9"]


# --- ME-10 joker -------------------------------------------------------------------------


@pytest.mark.parametrize("rule", ["swap", "swap hands with another player", "Tauschen"])
def test_me10_the_swap_rule_lets_the_joker_swap_hands(rule):
    verdict = play(
        top="R5", hand=["JOKER", "B1", "B2"], card="JOKER", wish="G", swap="Bas",
        options={"joker_rule": rule},
    )  # fmt: skip
    assert_legal(verdict)
    assert verdict["result"]["swap_with"] == "Bas"


def test_me10_the_joker_is_a_plain_wish_card_by_default():
    assert_legal(play(top="R5", hand=["JOKER", "B1"], card="JOKER", wish="G"))
    verdict = play(top="R5", hand=["JOKER", "B1"], card="JOKER", wish="G", swap="Bas")
    assert rules(verdict) == ["ME-10"]


def test_me10_only_the_joker_swaps_and_not_as_the_last_card():
    swap = {"joker_rule": "swap"}
    verdict = play(top="R5", hand=["W", "B1"], card="W", wish="G", swap="Bas", options=swap)
    assert rules(verdict) == ["ME-10"]
    verdict = play(top="R5", hand=["JOKER"], card="JOKER", wish="G", swap="Bas", options=swap)
    assert rules(verdict) == ["ME-10"]


# --- ME-11 drawing -----------------------------------------------------------------------


def test_me11_a_player_who_cannot_play_draws():
    verdict = play(top="R5", hand=["B3", "G1"], draw=True)
    assert_legal(verdict)
    assert verdict["result"] == {"draws": 1}


def test_me11_a_player_who_can_play_may_not_draw():
    verdict = play(top="R5", hand=["B3", "G5"], draw=True, player="Ann")
    assert rules(verdict) == ["ME-11"]
    assert verdict["violations"][0]["message"] == "Ann drew although able to play G5"


def test_me11_the_drawn_card_may_be_played_at_once():
    assert_legal(play(top="R5", hand=["B3", "R8"], card="R8", drawn="R8"))


def test_me11_only_the_drawn_card_and_only_after_a_hand_that_could_not_play():
    assert rules(play(top="R5", hand=["B5", "R8"], card="B5", drawn="R8")) == [
        "ME-11",
        "ME-11",
    ]
    assert rules(play(top="R5", hand=["B3", "R8", "R9"], card="R8", drawn="R9")) == [
        "ME-11",
        "ME-11",
    ]


def test_me11_a_drawn_card_that_does_not_fit_cannot_be_played():
    assert rules(play(top="R5", hand=["B3", "G8"], card="G8", drawn="G8")) == ["ME-3"]


def test_me11_draw_and_card_together_cannot_be_judged():
    with pytest.raises(CaseError) as error:
        play(top="R5", hand=["B3"], card="B3", draw=True)
    assert error.value.field == "draw"


# --- ME-12 MEINO -------------------------------------------------------------------------


def test_me12_seed_the_call_comes_with_one_card_left():
    # Seed: "Sobald ein Spieler nur noch eine Karte auf der Hand hat, muss er MEINO rufen."
    verdict = play(top="R5", hand=["R7", "B1"], card="R7", meino=True)
    assert_legal(verdict)
    assert verdict["result"]["cards_left"] == 1


def test_me12_forgetting_the_call_is_a_violation():
    verdict = play(top="R5", hand=["R7", "B1"], card="R7", meino=False, player="Ann")
    assert rules(verdict) == ["ME-12"]
    assert verdict["violations"][0]["message"].startswith("Ann ")
    assert verdict["result"]["cards_left"] == 1  # the play itself is fine


def test_me12_no_call_is_needed_with_more_cards():
    assert_legal(play(top="R5", hand=["R7", "B1", "B2"], card="R7", meino=False))


# --- ME-13 round score -------------------------------------------------------------------


def test_me13_seed_card_values():
    # Seed: numbers their value, 2-Ziehen+Farbwahl 20, Richtungswechsel/Aussetzen/2-Ziehen
    # 25, 4-Ziehen+Farbwahl 40, Farbwahlkarte 40, Joker 50.
    values = dict(zip(NAMES, CARD_POINTS, strict=True))
    assert [values[f"B{n}"] for n in range(1, 10)] == list(range(1, 10))
    assert [values[c] for c in ("W+2", "Gskip", "Grev", "G+2", "W+4", "W", "JOKER")] == [
        20, 25, 25, 25, 40, 40, 50,
    ]  # fmt: skip


def test_me13_round_score_example():
    verdict = judge(
        "round_score", hands={"Ann": [], "Bas": ["R5", "W+4", "JOKER"], "Cor": ["Gskip", "Y9"]}
    )
    assert_legal(verdict)
    assert verdict["result"] == {"winner": "Ann", "points": {"Ann": 0, "Bas": 95, "Cor": 34}}


def test_me13_a_round_is_over_only_when_exactly_one_player_has_no_cards():
    verdict = judge("round_score", hands={"Ann": ["R1"], "Bas": ["R5"]})
    assert rules(verdict) == ["ME-13"]
    assert verdict["result"] == {}
    assert rules(judge("round_score", hands={"Ann": [], "Bas": [], "Cor": ["B1"]})) == ["ME-13"]


def test_me13_round_score_limits():
    with pytest.raises(CaseError):  # every card in hand: nothing left on the discard pile
        judge("round_score", hands={"Ann": [], "Bas": [str(c) for c in meino_deck()]})
    verdict = judge("round_score", hands={"Ann": []})
    assert rules(verdict) == ["ME-2"]  # MEINO needs 2 to 6 players
    assert verdict["result"] == {"winner": "Ann", "points": {"Ann": 0}}


@pytest.mark.parametrize(
    "points",
    [{"Ann": 0, "Bas": -5}, {"Ann": 3, "Bas": 5}, {"Ann": 0, "Bas": 0}, {"Ann": 0, "Bas": 1459}],
)
def test_me13_impossible_round_points(points):
    verdict = judge("game", players=["Ann", "Bas"], rounds=[points])
    assert rules(verdict) == ["ME-13"]
    assert verdict["violations"][0]["at"] == 0


def test_me13_the_most_points_of_a_round():
    assert most_round_points() == 1458
    assert most_round_points(compact=True) == 728
    assert judge("game", players=["Ann", "Bas"], rounds=[{"Ann": 0, "Bas": 1458}])["legal"]


# --- ME-14 game --------------------------------------------------------------------------

GAME = {
    "players": ["Ann", "Bas"],
    "rounds": [{"Ann": 0, "Bas": 95}, {"Ann": 250, "Bas": 0}, {"Ann": 0, "Bas": 420}],
}


def test_me14_the_game_ends_after_the_round_reaching_500():
    verdict = judge("game", **GAME)
    assert_legal(verdict)
    assert verdict["result"]["totals"] == {"Ann": 250, "Bas": 515}
    assert verdict["result"]["tally"] == {"Ann": 2, "Bas": 1}
    assert verdict["result"]["finished"] is True
    assert verdict["result"]["finished_after"] == 3
    assert verdict["result"]["winner"] == "Ann"
    assert verdict["result"]["behind"] == {"Ann": 0, "Bas": 265}


def test_me14_a_game_under_500_goes_on():
    verdict = judge("game", players=["Ann", "Bas"], rounds=[{"Ann": 0, "Bas": 95}])
    assert_legal(verdict)
    assert verdict["result"]["finished"] is False
    assert verdict["result"]["winner"] is None


def test_me14_no_round_after_the_end():
    game = copy.deepcopy(GAME)
    game["rounds"].append({"Ann": 30, "Bas": 0})
    verdict = judge("game", **game)
    assert rules(verdict) == ["ME-14"]
    assert verdict["violations"][0]["at"] == 3
    assert verdict["result"]["totals"] == {"Ann": 250, "Bas": 515}  # as the game ended


def test_me14_equal_totals_more_tally_marks_win():
    rounds = [{"Ann": 0, "Bas": 100, "Cor": 100}, {"Ann": 0, "Bas": 100, "Cor": 100},
              {"Ann": 200, "Bas": 0, "Cor": 400}]  # fmt: skip
    result = judge("game", players=["Ann", "Bas", "Cor"], rounds=rounds)["result"]
    assert result["totals"] == {"Ann": 200, "Bas": 200, "Cor": 600}
    assert result["tally"] == {"Ann": 2, "Bas": 1, "Cor": 0}
    assert result["winner"] == "Ann"


def test_me14_equal_totals_and_tally_marks_share_the_win():
    rounds = [{"Ann": 0, "Bas": 100, "Cor": 200}, {"Ann": 100, "Bas": 0, "Cor": 350}]
    verdict = judge("game", players=["Ann", "Bas", "Cor"], rounds=rounds)
    assert_legal(verdict)
    assert verdict["result"]["totals"] == {"Ann": 100, "Bas": 100, "Cor": 550}
    assert verdict["result"]["winner"] == ["Ann", "Bas"]


def test_me14_an_unknown_tally_leaves_a_tied_winner_out():
    rounds = [{"Ann": 0, "Bas": 0, "Cor": 500}]
    verdict = judge("game", players=["Ann", "Bas", "Cor"], rounds=rounds)
    assert rules(verdict) == ["ME-13"]
    assert "tally" not in verdict["result"]
    assert "winner" not in verdict["result"]
    assert verdict["result"]["finished"] is True


def test_me2_player_count_in_a_game():
    assert rules(judge("game", players=["Ann"], rounds=[])) == ["ME-2"]
    seven = [f"P{n}" for n in range(7)]
    assert rules(judge("game", players=seven, rounds=[])) == ["ME-2"]
    assert_legal(judge("game", players=seven[:6], rounds=[]))


def test_game_cases_that_cannot_be_judged():
    with pytest.raises(CaseError) as error:
        judge("game", players=["Ann", "Bas"], rounds=[{"Ann": 0}])
    assert error.value.field == "rounds[0].Bas"
    with pytest.raises(CaseError) as error:
        judge("game", players=["Ann", "Bas"], rounds=[{"Ann": 0, "Bas": 5, "Cor": 1}])
    assert error.value.field == "rounds[0].Cor"
    with pytest.raises(CaseError):
        judge("game", players=["Ann", "Bas"], rounds=[{"Ann": 0, "Bas": 5.5}])
