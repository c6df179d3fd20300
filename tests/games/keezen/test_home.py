"""Keezen KZ-5: entering the home."""

import pytest

from tests.games.helpers import cited, rules_in_order
from tests.games.keezen.helpers import (
    NEST,
    first_message_says,
    illegal_move_citing,
    judge_kz_unchecked,
    judge_move_case,
    legal_move_result,
    legal_moves_result,
    pawns_after_of,
    pawns_board,
)

# --- KZ-5 Home -------------------------------------------------------------------------------


def test_kz5_exact_count_into_the_home_behind_a_home_pawn():
    v = judge_kz_unchecked(
        pawns={0: [60, *NEST[1:]]}, card="7H", move={"pawn": 0, "steps": 7, "into_home": True}
    )
    assert pawns_after_of(v, 0)[0] == "home:3"  # 61 62 63 home:0 home:1 home:2 home:3
    v = judge_kz_unchecked(
        pawns={0: [63, "home:2", "nest", "nest"]},
        card="2H",
        move={"pawn": 0, "steps": 2, "into_home": True},
    )
    assert pawns_after_of(v, 0)[:2] == ["home:1", "home:2"]


def test_kz5_entering_is_a_choice_the_pawn_may_go_round():
    v = judge_kz_unchecked(pawns={0: [60, *NEST[1:]]}, card="7H", move={"pawn": 0, "steps": 7})
    assert pawns_after_of(v, 0)[0] == 3
    # Seed rule 5: every card must be played if possible, even past one's own home.
    result = legal_moves_result(["QS"], pawns={0: [62, *NEST[1:]]})
    assert result["moves"] == {"QS": [{"pawn": 0, "steps": 12}]}
    v = judge_kz_unchecked(pawns={0: [62, *NEST[1:]]}, card="QS", move={"fold": True}, hand=["QS"])
    assert rules_in_order(v) == ["KZ-6"]


def test_kz5_four_back_from_the_start_then_into_the_home():
    v = judge_kz_unchecked(pawns={0: [0, *NEST[1:]]}, card="4H", move={"pawn": 0, "steps": 4})
    assert pawns_after_of(v, 0)[0] == 60
    v = judge_kz_unchecked(
        pawns={0: [60, *NEST[1:]]}, card="5H", move={"pawn": 0, "steps": 5, "into_home": True}
    )
    assert pawns_after_of(v, 0)[0] == "home:1"


@pytest.mark.parametrize(
    ("card", "move"),
    [
        ("AC", {"pawn": 0, "steps": 1}),
        ("2C", {"pawn": 0, "steps": 2}),
        ("3C", {"pawn": 0, "steps": 3}),
        ("2C", {"pawn": 0, "steps": 2, "into_home": True}),
        ("4C", {"pawn": 0, "steps": 4}),
        ("7C", {"pawn": 0, "steps": 7}),
    ],
)
def test_kz5_a_pawn_in_the_home_never_moves_again(card, move):
    # RULES.md KZ-5: "A pawn in the home never moves again" (seed: place them "zo veel
    # mogelijk naar achter", because they stay where they land): not even to a free square
    # further in.
    v = judge_kz_unchecked(pawns={0: ["home:0", "home:3", "nest", "nest"]}, card=card, move=move)
    assert (
        rules_in_order(v) == ["KZ-5"]
        and first_message_says(v, "never moves again")
        and first_message_says(v, "(home 0)")
    )
    assert v["result"] == {}


def test_kz5_with_only_home_pawns_no_card_moves_and_the_hand_is_laid_down():
    # Three pawns home (one short of the deepest square) and one in the nest: only an A or a
    # K can do something; without one, the player folds (KZ-6).
    board = {0: ["home:0", "home:1", "home:2", "nest"]}
    result = legal_moves_result(["AC", "2C", "3C", "4C", "7C", "QC"], pawns=board)
    assert result["moves"] == {
        "AC": [{"enter": True}],
        "2C": [],
        "3C": [],
        "4C": [],
        "7C": [],
        "QC": [],
    }
    result = legal_moves_result(["2C", "3C", "4C", "7C"], pawns=board)
    assert result["count"] == 0 and result["fold"] is True
    v = judge_kz_unchecked(
        pawns=board, card=None, move={"fold": True}, hand=["2C", "3C", "4C", "7C"]
    )
    assert v["legal"]


@pytest.mark.parametrize(
    ("pawns", "card", "move", "word"),
    [
        ([60, *NEST[1:]], "8H", {"pawn": 0, "steps": 8, "into_home": True}, "count must be exact"),
        ([50, *NEST[1:]], "5H", {"pawn": 0, "steps": 5, "into_home": True}, "13 steps ahead"),
        (
            [62, "home:1", "nest", "nest"],
            "5H",
            {"pawn": 0, "steps": 5, "into_home": True},
            "jump over the pawn on home 1",
        ),
        (
            [61, "home:2", "nest", "nest"],
            "5H",
            {"pawn": 0, "steps": 5, "into_home": True},
            "land on the pawn on home 2",
        ),
        (["home:2", *NEST[1:]], "2H", {"pawn": 0, "steps": 2}, "never moves again"),
        (["home:0", "home:1", "nest", "nest"], "2H", {"pawn": 0, "steps": 2}, "never moves"),
        (["home:2", *NEST[1:]], "4H", {"pawn": 0, "steps": 4}, "never moves again"),
        ([2, *NEST[1:]], "4H", {"pawn": 0, "steps": 4, "into_home": True}, "forward only"),
    ],
)
def test_kz5_home_entry_forward_only_exact_and_without_jumping(pawns, card, move, word):
    v = judge_kz_unchecked(pawns={0: pawns}, card=card, move=move)
    assert rules_in_order(v) == ["KZ-5"]
    assert first_message_says(v, word)


def test_kz5_a_seven_part_into_the_home():
    v = judge_kz_unchecked(
        pawns={0: [61, 20, "nest", "nest"]},
        card="7H",
        move={"split": [{"pawn": 0, "steps": 4, "into_home": True}, {"pawn": 1, "steps": 3}]},
    )
    assert pawns_after_of(v, 0)[:2] == ["home:1", 23]
    v = judge_kz_unchecked(
        pawns={0: [62, 20, "nest", "nest"]},
        card="7H",
        move={"split": [{"pawn": 0, "steps": 6, "into_home": True}, {"pawn": 1, "steps": 1}]},
    )
    assert rules_in_order(v) == ["KZ-5"] and v["violations"][0]["at"] == 0


@pytest.mark.parametrize(
    "start,card,steps,place",
    [
        (63, "AH", 1, "home:0"),
        (59, "5H", 5, "home:0"),
        (60, "7H", 7, "home:3"),
        (62, "3H", 3, "home:1"),
        (58, "8H", 8, "home:2"),
        (55, "QH", 12, "home:3"),
    ],
)
def test_kz5_entering_the_home_with_the_exact_count(start, card, steps, place):
    pawns = pawns_board(s0=[start, *NEST[1:]])
    result = legal_move_result(
        judge_move_case(pawns, card, {"pawn": 0, "steps": steps, "into_home": True})
    )
    assert result["pawns_after"]["0"][0] == place


def test_kz5_count_that_does_not_fit_goes_around():
    pawns = pawns_board(s0=[60, *NEST[1:]])
    illegal_move_citing(
        judge_move_case(pawns, "8H", {"pawn": 0, "steps": 8, "into_home": True}), "KZ-5"
    )
    result = legal_move_result(judge_move_case(pawns, "8H", {"pawn": 0, "steps": 8}))
    assert result["pawns_after"]["0"][0] == 4


def test_kz5_entering_is_optional():
    pawns = pawns_board(s0=[62, *NEST[1:]])
    result = legal_move_result(judge_move_case(pawns, "3H", {"pawn": 0, "steps": 3}))
    assert result["pawns_after"]["0"][0] == 1
    result = legal_move_result(
        judge_move_case(pawns, "3H", {"pawn": 0, "steps": 3, "into_home": False})
    )
    assert result["pawns_after"]["0"][0] == 1


def test_kz5_into_home_without_reaching_the_entrance():
    pawns = pawns_board(s0=[20, *NEST[1:]])
    illegal_move_citing(
        judge_move_case(pawns, "5H", {"pawn": 0, "steps": 5, "into_home": True}), "KZ-5"
    )


def test_kz5_other_seats_home_entrance():
    pawns = pawns_board(s1=[14, *NEST[1:]])
    result = legal_move_result(
        judge_move_case(pawns, "3H", {"pawn": 0, "steps": 3, "into_home": True}, seat=1)
    )
    assert result["pawns_after"]["1"][0] == "home:1"
    pawns = pawns_board(s3=[44, *NEST[1:]])
    result = legal_move_result(
        judge_move_case(pawns, "5H", {"pawn": 0, "steps": 5, "into_home": True}, seat=3)
    )
    assert result["pawns_after"]["3"][0] == "home:1"  # 45, 46, 47 (the entrance), home 0, 1


def test_kz5_cannot_jump_over_a_pawn_in_the_home():
    pawns = pawns_board(s0=[62, "home:1", "nest", "nest"])
    illegal_move_citing(
        judge_move_case(pawns, "5H", {"pawn": 0, "steps": 5, "into_home": True}), "KZ-5"
    )
    result = legal_move_result(
        judge_move_case(pawns, "2H", {"pawn": 0, "steps": 2, "into_home": True})
    )
    assert result["pawns_after"]["0"][:2] == ["home:0", "home:1"]


def test_kz5_cannot_land_on_a_pawn_in_the_home():
    pawns = pawns_board(s0=[62, "home:1", "nest", "nest"])
    verdict = judge_move_case(pawns, "3H", {"pawn": 0, "steps": 3, "into_home": True})
    # KZ-5: a pawn in the home never moves again, so it cannot be hit (KZ-4 is for the track).
    assert verdict["legal"] is False
    assert cited(verdict) == {"KZ-5"}


def test_kz5_four_backward_from_start_then_home():
    pawns = pawns_board(s0=[0, *NEST[1:]])
    result = legal_move_result(judge_move_case(pawns, "4D", {"pawn": 0, "steps": 4}))
    assert result["pawns_after"]["0"][0] == 60
    result = legal_move_result(
        judge_move_case(result["pawns_after"], "5D", {"pawn": 0, "steps": 5, "into_home": True})
    )
    assert result["pawns_after"]["0"][0] == "home:1"


def test_kz5_home_entry_in_a_seven_part():
    pawns = pawns_board(s0=[61, 30, "nest", "nest"])
    split = [{"pawn": 0, "steps": 4, "into_home": True}, {"pawn": 1, "steps": 3}]
    result = legal_move_result(judge_move_case(pawns, "7D", {"split": split}))
    assert result["pawns_after"]["0"] == ["home:1", 33, "nest", "nest"]
    split = [{"pawn": 0, "steps": 4, "into_home": False}, {"pawn": 1, "steps": 3}]
    result = legal_move_result(judge_move_case(pawns, "7D", {"split": split}))
    assert result["pawns_after"]["0"] == [1, 33, "nest", "nest"]


def test_kz5_blockade_on_start_passed_only_by_going_home():
    pawns = pawns_board(
        s0=[61, *NEST[1:]], s2=[0, *NEST[1:]]
    )  # partner's pawn on my start: no blockade
    result = legal_move_result(judge_move_case(pawns, "3D", {"pawn": 0, "steps": 3}))
    assert result["hits"] == [{"seat": 2, "pawn": 0}]
