"""Keezen KZ-4: a pawn landing on another sends it to its nest."""

from tests.games.helpers import rules_in_order
from tests.games.keezen.helpers import (
    NEST,
    illegal_move_citing,
    judge_kz_unchecked,
    judge_move_case,
    legal_move_result,
    pawns_after_of,
    pawns_board,
)

# --- KZ-4 Hitting ----------------------------------------------------------------------------


def test_kz4_landing_hits_any_other_pawn_own_and_partner_included():
    board = {0: [10, 15, "nest", "nest"], 1: [20, *NEST[1:]], 2: [25, *NEST[1:]]}
    v = judge_kz_unchecked(
        pawns=board, card="10H", move={"pawn": 0, "steps": 10}
    )  # on seat 1's pawn at 20
    assert v["result"]["hits"] == [{"seat": 1, "pawn": 0}] and pawns_after_of(v, 1)[0] == "nest"
    # Seed: "mag je deze er af gooien (ook als dit in je eigen nadeel is)"
    v = judge_kz_unchecked(pawns=board, card="5H", move={"pawn": 0, "steps": 5})
    assert v["result"]["hits"] == [{"seat": 0, "pawn": 1}] and pawns_after_of(v, 0)[:2] == [
        15,
        "nest",
    ]
    v = judge_kz_unchecked(
        pawns=board,
        card="QH",
        move={"pawn": 1, "steps": 10 + 0},
    )
    assert rules_in_order(v) == ["KZ-2"]  # a Q is 12
    v = judge_kz_unchecked(pawns=board, card="10H", move={"pawn": 1, "steps": 10})  # partner at 25
    assert v["result"]["hits"] == [{"seat": 2, "pawn": 0}]


def test_kz4_passing_over_pawns_hits_none_of_them():
    board = {0: [10, *NEST[1:]], 1: [12, 14, "nest", "nest"]}
    v = judge_kz_unchecked(pawns=board, card="6H", move={"pawn": 0, "steps": 6})
    assert v["result"]["hits"] == [] and pawns_after_of(v, 1) == [12, 14, "nest", "nest"]


def test_kz4_an_ace_entering_hits_the_pawn_on_the_start_square():
    v = judge_kz_unchecked(pawns={1: [0, *NEST[1:]]}, card="AS", move={"enter": True})
    assert v["result"]["hits"] == [{"seat": 1, "pawn": 0}] and pawns_after_of(v, 0)[0] == 0


def test_kz4_both_parts_of_a_seven_hit_pawns_of_one_seat():
    board = {0: [10, 30, "nest", "nest"], 1: [13, 34, "nest", "nest"]}
    v = judge_kz_unchecked(
        pawns=board, card="7C", move={"split": [{"pawn": 0, "steps": 3}, {"pawn": 1, "steps": 4}]}
    )
    assert v["result"]["hits"] == [{"seat": 1, "pawn": 0}, {"seat": 1, "pawn": 1}]


def test_kz4_a_pawn_hit_by_the_first_part_of_a_seven_cannot_make_the_second():
    board = {0: [10, 12, "nest", "nest"]}
    v = judge_kz_unchecked(
        pawns=board, card="7C", move={"split": [{"pawn": 0, "steps": 2}, {"pawn": 1, "steps": 5}]}
    )
    assert rules_in_order(v) == ["KZ-4"] and v["violations"][0]["at"] == 1
    v = judge_kz_unchecked(
        pawns=board, card="7C", move={"split": [{"pawn": 1, "steps": 5}, {"pawn": 0, "steps": 2}]}
    )
    assert pawns_after_of(v, 0)[:2] == [12, 17]


def test_kz4_landing_on_an_opponent_sends_it_home():
    pawns = pawns_board(s0=[10, *NEST[1:]], s1=["nest", 15, "nest", "nest"])
    result = legal_move_result(judge_move_case(pawns, "5H", {"pawn": 0, "steps": 5}))
    assert result["hits"] == [{"seat": 1, "pawn": 1}]
    assert result["pawns_after"]["1"] == NEST
    assert result["pawns_after"]["0"][0] == 15


def test_kz4_own_and_partner_pawns_are_hit_too():
    pawns = pawns_board(s0=[10, 15, "nest", "nest"], s2=[20, *NEST[1:]])
    result = legal_move_result(judge_move_case(pawns, "5H", {"pawn": 0, "steps": 5}))
    assert result["hits"] == [{"seat": 0, "pawn": 1}]
    assert result["pawns_after"]["0"] == [15, "nest", "nest", "nest"]
    result = legal_move_result(judge_move_case(pawns, "QH", {"pawn": 0, "steps": 12}))
    assert result["pawns_after"]["0"][:2] == [22, 15]
    assert result["hits"] == []
    result = legal_move_result(judge_move_case(pawns, "5H", {"pawn": 1, "steps": 5}))
    assert result["hits"] == [{"seat": 2, "pawn": 0}]


def test_kz4_only_the_landing_square_hits():
    pawns = pawns_board(s0=[10, *NEST[1:]], s1=[12, 13, "nest", "nest"], s3=[14, *NEST[1:]])
    result = legal_move_result(judge_move_case(pawns, "5H", {"pawn": 0, "steps": 5}))
    assert result["hits"] == []
    assert result["pawns_after"]["1"] == [12, 13, "nest", "nest"]


def test_kz4_entering_hits_a_pawn_on_the_start_square():
    pawns = pawns_board(s0=["nest", 30, "nest", "nest"], s3=["nest", "nest", 0, "nest"])
    result = legal_move_result(judge_move_case(pawns, "AH", {"enter": True}))
    assert result["hits"] == [{"seat": 3, "pawn": 2}]
    assert result["pawns_after"]["0"] == [0, 30, "nest", "nest"]
    assert result["pawns_after"]["3"] == NEST


def test_kz4_backward_four_hits():
    pawns = pawns_board(s0=[20, *NEST[1:]], s1=[16, 17, "nest", "nest"])
    # 20 -> 19, 18, 17, 16: 16 is seat 1's blockade, landing there is not allowed
    illegal_move_citing(judge_move_case(pawns, "4H", {"pawn": 0, "steps": 4}), "KZ-3")
    pawns = pawns_board(s0=[21, *NEST[1:]], s1=["nest", 17, "nest", "nest"])
    result = legal_move_result(judge_move_case(pawns, "4H", {"pawn": 0, "steps": 4}))
    assert result["hits"] == [{"seat": 1, "pawn": 1}]


def test_kz4_each_part_of_a_seven_hits():
    pawns = pawns_board(s0=[10, 30, "nest", "nest"], s1=[13, *NEST[1:]], s3=[34, *NEST[1:]])
    split = [{"pawn": 0, "steps": 3}, {"pawn": 1, "steps": 4}]
    result = legal_move_result(judge_move_case(pawns, "7C", {"split": split}))
    assert result["hits"] == [{"seat": 1, "pawn": 0}, {"seat": 3, "pawn": 0}]
    assert result["pawns_after"]["0"] == [13, 34, "nest", "nest"]
    assert result["pawns_after"]["1"] == NEST and result["pawns_after"]["3"] == NEST


def test_kz4_second_part_of_a_seven_may_hit_the_first_pawn():
    pawns = pawns_board(s0=[10, 13, "nest", "nest"])
    # pawn 0 to 15, then pawn 1 from 13 two steps to 15: hits pawn 0
    split = [{"pawn": 0, "steps": 5}, {"pawn": 1, "steps": 2}]
    result = legal_move_result(judge_move_case(pawns, "7C", {"split": split}))
    assert result["pawns_after"]["0"] == ["nest", 15, "nest", "nest"]
    assert result["hits"] == [{"seat": 0, "pawn": 0}]
    # the other order: pawn 1 to 15, then pawn 0 to 15 hits pawn 1
    result = legal_move_result(judge_move_case(pawns, "7C", {"split": split[::-1]}))
    assert result["pawns_after"]["0"] == [15, "nest", "nest", "nest"]
    assert result["hits"] == [{"seat": 0, "pawn": 1}]


def test_kz4_a_pawn_hit_by_the_first_part_cannot_move_in_the_second():
    pawns = pawns_board(s0=[10, 13, "nest", "nest"])
    split = [{"pawn": 0, "steps": 3}, {"pawn": 1, "steps": 4}]
    verdict = judge_move_case(pawns, "7C", {"split": split})
    assert verdict["legal"] is False
    result = legal_move_result(judge_move_case(pawns, "7C", {"split": split[::-1]}))
    assert result["pawns_after"]["0"] == [13, 17, "nest", "nest"]


def test_kz4_jack_swap_never_hits():
    pawns = pawns_board(s0=[10, *NEST[1:]], s3=[40, *NEST[1:]])
    result = legal_move_result(
        judge_move_case(pawns, "JH", {"pawn": 0, "swap": {"seat": 3, "pawn": 0}})
    )
    assert result["hits"] == []
