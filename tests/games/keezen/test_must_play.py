"""Keezen KZ-6: a card must be played when one can; folding."""

import pytest

from games.base import CaseError
from tests.games.helpers import case_error, cited, rules_in_order
from tests.games.keezen.helpers import (
    NEST,
    first_message_says,
    judge_kz,
    judge_kz_unchecked,
    judge_move_case,
    kz_case,
    legal_moves_result,
    listed_moves,
    pawns_board,
)

# --- KZ-6 Must play --------------------------------------------------------------------------


def test_kz6_fold_only_without_a_playable_card():
    v = judge_kz_unchecked(card=None, move={"fold": True}, hand=["5H", "9C", "JD"])
    assert v["legal"] and v["result"]["hits"] == []
    result = legal_moves_result(["5H", "9C", "JD"])
    assert result == {"moves": {"5H": [], "9C": [], "JD": []}, "count": 0, "fold": True}
    v = judge_kz_unchecked(move={"fold": True}, hand=["5H", "9C", "KD"])
    assert rules_in_order(v) == ["KZ-6"] and first_message_says(v, "KD")


def test_kz6_a_fold_needs_the_hand():
    with pytest.raises(CaseError, match=r"^hand: is missing"):
        judge_kz_unchecked(move={"fold": True})


def test_kz6_a_card_not_in_the_given_hand_is_a_contradiction():
    with pytest.raises(CaseError, match=r"^card: 5H is not in the hand"):
        judge_kz_unchecked(
            card="5H", move={"pawn": 0, "steps": 5}, hand=["6H"], pawns={0: [3, *NEST[1:]]}
        )


def test_kz6_fold_with_nothing_playable():
    pawns = pawns_board()
    verdict = judge_move_case(pawns, None, {"fold": True}, hand=["5C", "QD", "JH", "7S", "4C"])
    assert verdict["legal"] is True
    assert verdict["result"].get("hits", []) == []
    if "pawns_after" in verdict["result"]:
        assert verdict["result"]["pawns_after"] == pawns


def test_kz6_fold_without_card_field():
    data = kz_case("move", pawns_board(), move={"fold": True}, hand=["5C", "QD"])
    assert judge_kz(data)["legal"] is True


def test_kz6_fold_with_a_playable_card_is_illegal():
    verdict = judge_move_case(pawns_board(), None, {"fold": True}, hand=["5C", "QD", "AH"])
    assert verdict["legal"] is False
    assert cited(verdict) == {"KZ-6"}


def test_kz6_fold_when_only_a_bad_move_exists():
    # only move: a 4 backward that takes the pawn away from its home
    pawns = pawns_board(s0=[62, *NEST[1:]])
    verdict = judge_move_case(pawns, None, {"fold": True}, hand=["4C", "KS"])
    # KS enters a pawn: certainly playable
    assert cited(verdict) == {"KZ-6"}
    verdict = judge_move_case(
        pawns_board(s0=[62, "home:3", "home:2", "home:1"]), None, {"fold": True}, hand=["4C"]
    )
    assert cited(verdict) == {"KZ-6"}


def test_kz6_fold_when_blockade_stops_everything():
    pawns = pawns_board(s0=[14, *NEST[1:]], s1=[16, *NEST[1:]])
    verdict = judge_move_case(pawns, None, {"fold": True}, hand=["3C", "5D", "QD"])
    assert verdict["legal"] is True
    verdict = judge_move_case(pawns, None, {"fold": True}, hand=["3C", "5D", "AD"])
    assert cited(verdict) == {"KZ-6"}  # A: enter, or 1 forward to 15


def test_kz6_fold_needs_the_hand():
    case_error(kz_case("move", pawns_board(), move={"fold": True}), "hand")


def test_kz6_legal_moves_with_nothing_playable():
    verdict = judge_kz(kz_case("legal_moves", pawns_board(), hand=["5C", "QD", "JH"]))
    assert verdict["result"]["moves"] == {"5C": [], "QD": [], "JH": []}
    assert verdict["result"]["fold"] is True


def test_kz6_legal_moves_with_something_playable_has_no_fold():
    assert (
        judge_kz(kz_case("legal_moves", pawns_board(), hand=["5C", "KD"]))["result"]["fold"]
        is False
    )
    listed = listed_moves(pawns_board(), ["5C", "KD"])
    assert listed["KD"] == [{"enter": True}]
    assert listed["5C"] == []
