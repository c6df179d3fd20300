"""MeieRijen MR-V1 Variant 1: up or down, shared white pawns, card values and pawns held."""

from __future__ import annotations

import pytest

from games import cases
from tests.games.cases_md import MR_ROUND
from tests.games.helpers import legal_result, rules_with_at, violation_of
from tests.games.meierijen.helpers import (
    MR_ROUND_WITHOUT_OPTIONS,
    PASS,
    START,
    TAKE_GREY,
    TEN,
    V1,
    first_violation_at,
    judge_mr,
    judge_round_score,
    judge_turn,
    legal_turn_result,
    white_pawns,
)

# --- MR-V1 Variant 1 -------------------------------------------------------------------------


def test_mrv1_up_or_down_but_not_both_in_one_turn():
    hand = ["7D", "6D", "9C", "5S"]
    result = legal_result(
        judge_turn(
            [{"card": "7D", "to": "red", "direction": "down"}, {"card": "6D", "to": "red"}, PASS],
            V1,
            hand=hand,
        )
    )
    assert result["piles"]["red"] == "6D"
    hit = violation_of(
        judge_turn([{"card": "7D", "to": "red"}, {"card": "9C", "to": "black"}], V1, hand=hand),
        "MR-V1",
        1,
    )
    assert "9C" in hit["message"]


def test_mrv1_two_white_pawns_may_share_a_pile_and_cost_two_turns():
    both = {"grey": "start", "red": "start", "white": ["pile:mix", "start"]}
    place = {"pawn_action": "place", "pawn": "white", "on": "pile:mix"}
    result = legal_result(judge_turn([*TEN, place, PASS], V1, pawns=both))
    assert result["pawns"]["white"] == ["pile:mix", "pile:mix"]
    on_draw = {"grey": "start", "red": "start", "white": ["draw", "draw"]}
    skipped = legal_result(judge_turn([], V1, pawns=on_draw, hand=["9D", "5S"]))
    assert skipped["pawns"]["white"] == ["start", "draw"]  # one more turn to skip
    joker = legal_result(judge_turn([], V1, pawns=on_draw))  # a real joker in hand cancels one skip
    assert joker["pawns"]["white"] == ["start", "start"]


def test_mrv1_card_values_and_pawns_held():
    # A scoring rule: the numbers are checked exactly (CASES.md's example).
    case = {**MR_ROUND_WITHOUT_OPTIONS, "options": V1}
    assert legal_result(cases.judge(case)) == {"points": {"red": 13, "blue": 1}, "winner": "blue"}
    case["players"] = {
        "a": {"hand": ["10S", "JS", "AS", "2C", "JK"], "pawns": ["red", "white"]},
        "b": {"hand": ["3H"]},
    }
    case["emptied_first"] = "b"
    assert legal_result(cases.judge(case))["points"] == {"a": 1 + 2 + 2 + 5 + 5 + 5, "b": 1}


def test_mrv1_cases_md_round_score_example():
    verdict = judge_mr(MR_ROUND)
    assert verdict["legal"] is True
    # red: KH 2 + 3C 1 + 2D 5 + QS 2 + grey pawn 3 = 13; blue: 9H 1
    assert verdict["result"] == {"points": {"red": 13, "blue": 1}, "winner": "blue"}


@pytest.mark.parametrize(
    ("cards", "pawns", "points"),
    [
        (["3S", "10S", "9H"], [], 3),
        (["JH", "QH", "KH", "AH"], [], 8),
        (["2S", "2H", "JK", "JK"], [], 20),
        ([], ["red"], 5),
        ([], ["grey"], 3),
        ([], ["white"], 0),
        ([], ["white", "white"], 0),
        (["AS"], ["red", "grey"], 10),
    ],
)
def test_mrv1_card_values_and_pawns(cards, pawns, points):
    players = {"red": {"hand": cards, "pawns": pawns}, "blue": {"hand": []}}
    result = judge_round_score(players, V1, emptied_first="blue")["result"]
    assert result["points"]["red"] == points
    assert result["points"]["blue"] == 0
    assert result["winner"] == "blue"


def test_mrv1_pawns_count_nothing_without_the_variant():
    players = {"red": {"hand": ["JK"], "pawns": ["red", "grey"]}, "blue": {"hand": ["3H", "4H"]}}
    assert judge_round_score(players, emptied_first="blue")["result"] == {
        "points": {"red": 1, "blue": 2},
        "winner": "red",
    }


def test_mrv1_down_a_step():
    result = legal_turn_result(
        judge_turn([{"card": "7D", "to": "red", "direction": "down"}, PASS], V1, hand=["7D", "5S"])
    )
    assert result["piles"]["red"] == "7D"
    result = legal_turn_result(
        judge_turn([{"card": "7D", "to": "red"}, PASS], V1, hand=["7D", "5S"])
    )
    assert result["piles"]["red"] == "7D"


def test_mrv1_down_needs_the_variant():
    # Without the option the order goes up only (MR-2); MR-V1 is not in play.
    verdict = judge_turn([{"card": "7D", "to": "red", "direction": "down"}], hand=["7D", "5S"])
    first_violation_at(verdict, "MR-2", 0)
    assert rules_with_at(verdict) == [("MR-2", 0)]


def test_mrv1_not_up_and_down_in_one_turn():
    hand = ["7D", "9C", "5S"]
    plays = [{"card": "7D", "to": "red"}, {"card": "9C", "to": "black"}]
    first_violation_at(judge_turn(plays, V1, hand=hand), "MR-V1", 1)
    plays = [{"card": "9C", "to": "black"}, {"card": "7D", "to": "red"}]
    first_violation_at(judge_turn(plays, V1, hand=hand), "MR-V1", 1)


def test_mrv1_down_the_same_pile():
    hand = ["7D", "6D", "5D", "5S"]
    plays = [{"card": c, "to": "red"} for c in hand[:3]] + [PASS]
    assert legal_turn_result(judge_turn(plays, V1, hand=hand))["piles"]["red"] == "5D"


def test_mrv1_down_onto_a_jack_is_no_ten_card():
    # MR-5 names a 10 laid on a 9 (on a 10 with grey, on an 8 with red); a 10 played down
    # on a J is not laid on a 9: no pawn action (docs/rules-engine.md).
    piles = {"red": "JD", "black": "8C", "mix": "QH"}
    hand = ["10D", "5S"]
    result = legal_turn_result(
        judge_turn([{"card": "10D", "to": "red"}, PASS], V1, piles=piles, hand=hand)
    )
    assert result["piles"]["red"] == "10D" and result["pawns"] == START
    first_violation_at(
        judge_turn([{"card": "10D", "to": "red"}, TAKE_GREY, PASS], V1, piles=piles, hand=hand),
        "MR-5",
        1,
    )
    # ... while up onto a 9 it is one, with Variant 1 too
    piles = {"red": "9D", "black": "8C", "mix": "QH"}
    legal_turn_result(
        judge_turn([{"card": "10D", "to": "red"}, TAKE_GREY, PASS], V1, piles=piles, hand=hand)
    )
    first_violation_at(
        judge_turn([{"card": "10D", "to": "red"}, PASS], V1, piles=piles, hand=hand), "MR-5", 1
    )


def test_mrv1_a_wild_says_its_rank_up_or_down():
    result = legal_turn_result(judge_turn([{"card": "JK", "to": "red", "as": "7"}, PASS], V1))
    assert result["piles"]["red"] == {"card": "JK", "as": "7"}
    result = legal_turn_result(judge_turn([{"card": "JK", "to": "red", "as": "9"}, PASS], V1))
    assert result["piles"]["red"] == {"card": "JK", "as": "9"}


def test_mrv1_two_white_pawns_may_share_a_pile():
    pawns = {**START, "white": ["pile:mix", "start"]}
    place = {"pawn_action": "place", "pawn": "white", "on": "pile:mix"}
    result = legal_turn_result(judge_turn([*TEN, place, PASS], V1, pawns=pawns))
    assert white_pawns(result) == ["pile:mix", "pile:mix"]
    first_violation_at(judge_turn([*TEN, place, PASS], pawns=pawns), "MR-7", 2)


def test_mrv1_two_white_pawns_need_two_ten_cards():
    pawns = {**START, "white": ["pile:mix", "pile:mix"]}
    remove = {"pawn_action": "remove", "pawn": "white", "from": "pile:mix"}
    hand = ["9D", "10H", "10C", "KD", "5S"]
    piles = {"red": "8D", "black": "9C", "mix": "QH"}
    plays = [*TEN, remove, {"card": "KD", "to": "mix"}]
    first_violation_at(judge_turn(plays, V1, pawns=pawns, hand=hand, piles=piles), "MR-7", 3)
    plays = [
        *TEN,
        remove,
        {"card": "10C", "to": "black"},
        remove,
        {"card": "KD", "to": "mix"},
        PASS,
    ]
    result = legal_turn_result(judge_turn(plays, V1, pawns=pawns, hand=hand, piles=piles))
    assert white_pawns(result) == ["start", "start"]
    assert result["piles"]["mix"] == "KD"


def test_mrv1_up_only_also_with_the_variant():
    legal_turn_result(
        judge_turn([{"card": "9D", "to": "red"}, {"card": "9C", "to": "black"}, PASS], V1)
    )
