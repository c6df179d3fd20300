"""Keezen cases that cannot be judged and malformed input."""

import pytest

from tests.games.helpers import case_error, verdict_or_field
from tests.games.keezen.helpers import NEST, judge_kz, kz_case, kz_case_with_nests, pawns_board

# --- malformed input never crashes ------------------------------------------------------------

MALFORMED_MOVES = [
    None,
    [],
    "enter",
    {},
    {"enter": False},
    {"pawn": "x", "steps": 5},
    {"pawn": 0},
    {"pawn": 0, "steps": "5"},
    {"pawn": 0, "steps": 5.5},
    {"pawn": 9, "steps": 5},
    {"pawn": 0, "steps": 10**30},
    {"pawn": 0, "swap": None},
    {"pawn": 0, "swap": {"seat": 9, "pawn": 0}},
    {"pawn": 0, "swap": {"seat": 1}},
    {"split": None},
    {"split": [1, 2]},
    {"split": [{"pawn": 0, "steps": 7}]},
    {"split": [{}, {}]},
    {"split": [{"pawn": 0, "steps": 1}, {"pawn": 1, "steps": 2}, {"pawn": 2, "steps": 4}]},
    {"fold": "yes"},
    {"pawn": 0, "steps": 5, "for_seat": 17},
    {"pawn": 0, "steps": 5, "for_seat": "two"},
    {"pawn": 0, "steps": 5, "into_home": "yes"},
    {"pawn": True, "steps": 5},
]


MALFORMED_CASES = [
    {"pawns": None},
    {"pawns": []},
    {"pawns": {"0": "nest"}},
    {"pawns": {"a": NEST, "1": NEST, "2": NEST, "3": NEST}},
    {"pawns": {"0": NEST, "1": NEST, "2": NEST, "3": NEST, "4": NEST}},
    {"players": "4"},
    {"players": None},
    {"players": 4.0},
    {"players": True},
    {"seat": True},
    {"seat": 1.5},
    {"card": 7},
    {"card": None},
    {"card": ["7H"]},
    {"hand": "7H"},
    {"hand": [7]},
    {"hand": None},
    {"options": []},
    {"options": {"points_per_pawn": "many"}},
]


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"move": {"pawn": 0}}, "move"),
        ({"move": {"enter": True, "steps": 3}}, "move.steps"),
        ({"move": {"enter": False}}, "move.enter"),
        ({"move": {"pawn": 4, "steps": 3}}, "move.pawn"),
        ({"move": {"pawn": 0, "steps": "3"}}, "move.steps"),
        ({"move": {"pawn": 0, "steps": 3, "for_seat": 4}}, "move.for_seat"),
        ({"move": {"pawn": 0, "swap": {"seat": 9, "pawn": 0}}}, "move.swap.seat"),
        ({"move": {"split": [{"pawn": 0, "steps": 3}, {"steps": 4}]}}, "move.split[1].pawn"),
        ({"move": {"split": "3+4"}}, "move.split"),
        ({"move": []}, "move"),
        ({"card": "XX"}, "card"),
        ({"card": "JK"}, "card"),
        ({"seat": 4}, "seat"),
        ({"seat": None}, "seat"),
        ({"hand": "AS"}, "hand"),
    ],
)
def test_bad_move_cases_name_the_field(fields, field):
    data = kz_case_with_nests(card="5H", move={"pawn": 0, "steps": 5})
    data.update(fields)
    assert case_error(data).field == field


def test_unknown_options_and_checks():
    data = {**kz_case_with_nests(card="AS", move={"enter": True}), "options": {"jokers": True}}
    assert case_error(data).field == "options.jokers"
    assert case_error({**kz_case_with_nests(), "check": "trick"}).field == "check"


@pytest.mark.parametrize("mv", MALFORMED_MOVES)
@pytest.mark.parametrize("card", ["5C", "7C", "JC", "AC"])
def test_malformed_moves_give_a_verdict_or_a_case_error(mv, card):
    pawns = pawns_board(s0=[10, 30, "nest", "nest"], s1=[20, *NEST[1:]])
    data = kz_case("move", pawns, card=card, move=mv, hand=["5C", "7C", "JC", "AC"])
    verdict_or_field(judge_kz, data)


@pytest.mark.parametrize("patch", MALFORMED_CASES)
@pytest.mark.parametrize("check", ["move", "legal_moves"])
def test_malformed_cases_give_a_verdict_or_a_case_error(patch, check):
    data = kz_case(check, pawns_board(s0=[10, *NEST[1:]]), card="5C", move={"pawn": 0, "steps": 5})
    data["hand"] = ["5C", "KH"]
    data.update(patch)
    verdict_or_field(judge_kz, data)
