"""Keezen KZ-3: a pawn on its own start square blocks."""

import pytest

from tests.games.helpers import rules_in_order
from tests.games.keezen.helpers import (
    NEST,
    first_message_says,
    illegal_move_citing,
    judge_kz_unchecked,
    judge_move_case,
    legal_move_result,
    pawns_after_of,
    pawns_board,
)

# --- KZ-3 Blockade ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "pawns", "card", "move", "word"),
    [
        (0, {0: [12, *NEST[1:]]}, "5H", {"pawn": 0, "steps": 5}, "cannot pass"),
        (0, {0: [10, *NEST[1:]]}, "6H", {"pawn": 0, "steps": 6}, "cannot land on"),
        (0, {0: [18, *NEST[1:]]}, "4H", {"pawn": 0, "steps": 4}, "cannot go back and pass"),
        (0, {0: [20, *NEST[1:]]}, "4H", {"pawn": 0, "steps": 4}, "cannot go back and land on"),
        (
            0,
            {0: [10, *NEST[1:]]},
            "JH",
            {"pawn": 0, "swap": {"seat": 1, "pawn": 0}},
            "cannot be swapped",
        ),
        # 7 parts obey it too
        (
            0,
            {0: [12, 30, "nest", "nest"]},
            "7H",
            {"split": [{"pawn": 1, "steps": 2}, {"pawn": 0, "steps": 5}]},
            "cannot pass",
        ),
    ],
)
def test_kz3_a_pawn_on_its_own_start_square_cannot_be_passed_landed_on_or_swapped(
    seat, pawns, card, move, word
):
    board = {1: [16, *NEST[1:]], **pawns}  # seat 1's pawn on its start square 16
    v = judge_kz_unchecked(seat=seat, pawns=board, card=card, move=move)
    assert rules_in_order(v) == ["KZ-3"]
    assert first_message_says(v, word)


def test_kz3_the_blockade_holds_for_its_owner_too():
    # Seed: "De blokkade geldt ook voor de speler zelf. Die kan ook niet over zijn eigen pion heen."
    board = {0: [0, 60, "nest", "nest"]}
    v = judge_kz_unchecked(pawns=board, card="5H", move={"pawn": 1, "steps": 5})  # 61 62 63 0 1
    assert rules_in_order(v) == ["KZ-3"]
    v = judge_kz_unchecked(
        pawns=board, card="KH", move={"enter": True}
    )  # own pawn on the start square
    assert rules_in_order(v) == ["KZ-3"] and first_message_says(
        v, "cannot put a pawn on the start square"
    )
    # ... and a pawn that went round blocks its own start square as well
    v = judge_kz_unchecked(
        seat=1,
        pawns={0: [0, *NEST[1:]], 1: [60, *NEST[1:]]},
        card="5H",
        move={"pawn": 0, "steps": 5},
    )
    assert rules_in_order(v) == ["KZ-3"]


def test_kz3_the_blockade_is_lifted_when_the_pawn_leaves_its_start_square():
    # Seed: "Een blokkade wordt opgeheven, wanneer de speler van zijn startplaats af gaat."
    board = {0: [12, *NEST[1:]], 1: [16, *NEST[1:]]}
    assert rules_in_order(
        judge_kz_unchecked(pawns=board, card="5H", move={"pawn": 0, "steps": 5})
    ) == ["KZ-3"]
    lifted = judge_kz_unchecked(seat=1, pawns=board, card="3H", move={"pawn": 0, "steps": 3})
    board = {int(s): p for s, p in lifted["result"]["pawns_after"].items()}
    assert (
        pawns_after_of(judge_kz_unchecked(pawns=board, card="5H", move={"pawn": 0, "steps": 5}), 0)[
            0
        ]
        == 17
    )


def test_kz3_only_a_pawn_on_its_own_start_square_blocks():
    # Seat 2's pawn on seat 1's start square blocks nobody: it is passed, or hit.
    board = {0: [12, 14, "nest", "nest"], 2: [16, *NEST[1:]]}
    assert (
        pawns_after_of(judge_kz_unchecked(pawns=board, card="5H", move={"pawn": 0, "steps": 5}), 0)[
            0
        ]
        == 17
    )
    v = judge_kz_unchecked(pawns=board, card="2H", move={"pawn": 1, "steps": 2})
    assert v["result"]["hits"] == [{"seat": 2, "pawn": 0}]
    # and it can be swapped
    v = judge_kz_unchecked(pawns=board, card="JS", move={"pawn": 0, "swap": {"seat": 2, "pawn": 0}})
    assert pawns_after_of(v, 0)[0] == 16


def test_kz3_an_own_jack_may_swap_the_own_blocking_pawn_a_partners_jack_not():
    board = {0: [0, *NEST[1:]], 1: [30, *NEST[1:]]}
    v = judge_kz_unchecked(pawns=board, card="JS", move={"pawn": 0, "swap": {"seat": 1, "pawn": 0}})
    assert pawns_after_of(v, 0)[0] == 30 and pawns_after_of(v, 1)[0] == 0
    home = ["home:0", "home:1", "home:2", "home:3"]
    v = judge_kz_unchecked(
        seat=2,
        pawns={**board, 2: home},
        card="JS",
        move={"pawn": 0, "swap": {"seat": 1, "pawn": 0}, "for_seat": 0},
    )
    assert rules_in_order(v) == ["KZ-3"]


def test_kz3_cannot_pass_another_players_start_pawn():
    pawns = pawns_board(s0=[10, *NEST[1:]], s1=[16, *NEST[1:]])
    illegal_move_citing(judge_move_case(pawns, "8C", {"pawn": 0, "steps": 8}), "KZ-3")
    illegal_move_citing(
        judge_move_case(pawns, "6C", {"pawn": 0, "steps": 6}), "KZ-3"
    )  # landing is not allowed either
    result = legal_move_result(judge_move_case(pawns, "5C", {"pawn": 0, "steps": 5}))
    assert result["pawns_after"]["0"][0] == 15


def test_kz3_own_blockade_blocks_own_pawns():
    pawns = pawns_board(s0=[0, 60, "nest", "nest"])
    illegal_move_citing(judge_move_case(pawns, "5C", {"pawn": 1, "steps": 5}), "KZ-3")
    illegal_move_citing(
        judge_move_case(pawns_board(s0=[0, 61, "nest", "nest"]), "3C", {"pawn": 1, "steps": 3}),
        "KZ-3",
    )  # landing
    # into the home does not pass square 0
    result = legal_move_result(
        judge_move_case(pawns, "5C", {"pawn": 1, "steps": 5, "into_home": True})
    )
    assert result["pawns_after"]["0"] == [0, "home:1", "nest", "nest"]


def test_kz3_cannot_enter_on_own_blockade():
    pawns = pawns_board(s0=[0, *NEST[1:]])
    illegal_move_citing(judge_move_case(pawns, "KC", {"enter": True}), "KZ-3")


def test_kz3_backward_cannot_pass_a_blockade():
    pawns = pawns_board(s0=[18, *NEST[1:]], s1=[16, *NEST[1:]])
    illegal_move_citing(judge_move_case(pawns, "4C", {"pawn": 0, "steps": 4}), "KZ-3")


def test_kz3_jack_cannot_take_a_pawn_off_its_own_start():
    pawns = pawns_board(s0=[10, *NEST[1:]], s1=[16, 20, "nest", "nest"])
    illegal_move_citing(
        judge_move_case(pawns, "JC", {"pawn": 0, "swap": {"seat": 1, "pawn": 0}}), "KZ-3"
    )
    legal_move_result(judge_move_case(pawns, "JC", {"pawn": 0, "swap": {"seat": 1, "pawn": 1}}))


def test_kz3_pawn_on_someone_elses_start_is_no_blockade():
    pawns = pawns_board(s0=[10, *NEST[1:]], s2=[16, *NEST[1:]])
    result = legal_move_result(judge_move_case(pawns, "8C", {"pawn": 0, "steps": 8}))
    assert result["hits"] == []
    result = legal_move_result(judge_move_case(pawns, "6C", {"pawn": 0, "steps": 6}))
    assert result["hits"] == [{"seat": 2, "pawn": 0}]
    assert result["pawns_after"]["2"] == NEST


def test_kz3_blockade_lifts_when_the_pawn_leaves_even_inside_a_seven():
    pawns = pawns_board(s0=[0, 60, "nest", "nest"])
    # pawn 0 leaves square 0 first, then pawn 1 may pass it
    split = [{"pawn": 0, "steps": 2}, {"pawn": 1, "steps": 5}]
    result = legal_move_result(judge_move_case(pawns, "7H", {"split": split}))
    assert result["pawns_after"]["0"] == [2, 1, "nest", "nest"]
    # the other order passes the blockade
    illegal_move_citing(judge_move_case(pawns, "7H", {"split": split[::-1]}), "KZ-3")


def test_kz3_blockade_cannot_be_hit_on_entering():
    pawns = pawns_board(s0=[0, *NEST[1:]])
    illegal_move_citing(judge_move_case(pawns, "AC", {"enter": True}), "KZ-3")
