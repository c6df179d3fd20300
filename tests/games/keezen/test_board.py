"""Keezen KZ-1: the board, seats, partners and the notation of places."""

import pytest

from games import cases
from games.base import CaseError
from tests.games.helpers import case_error, rules_in_order
from tests.games.keezen.helpers import (
    NEST,
    first_message_says,
    illegal_move_citing,
    judge_kz,
    judge_kz_unchecked,
    judge_move_case,
    kz_case,
    legal_move_result,
    pawns_after_of,
    pawns_board,
)

# --- KZ-1 Board ------------------------------------------------------------------------------


def test_kz1_six_player_board_has_96_squares_and_seat_entrances():
    # Seat 0 enters its home from square 95 (16·0 - 1 mod 96); seat 4 starts on 64.
    v = judge_kz_unchecked(
        players=6,
        pawns={0: [95, *NEST[1:]]},
        card="AS",
        move={"pawn": 0, "steps": 1, "into_home": True},
    )
    assert pawns_after_of(v, 0) == ["home:0", "nest", "nest", "nest"]
    v = judge_kz_unchecked(
        players=6,
        seat=4,
        pawns={4: [60, *NEST[1:]]},
        card="5D",
        move={"pawn": 0, "steps": 5, "into_home": True},
    )
    assert pawns_after_of(v, 4)[0] == "home:1"  # 61, 62, 63 (the entrance), home:0, home:1
    v = judge_kz_unchecked(players=6, seat=4, card="KD", move={"enter": True})
    assert pawns_after_of(v, 4)[0] == 64


def test_kz1_play_is_clockwise_in_a_replay():
    hands = {
        "0": ["2S", "3S", "5S", "6S", "8S"],
        "1": ["2H", "3H", "5H", "6H", "8H"],
        "2": ["2D", "3D", "5D", "6D", "8D"],
        "3": ["2C", "3C", "5C", "6C", "8C"],
    }
    deal = {"deal": {"dealer": 0, "shuffle": True, "hands": hands}}
    fold = {"move": {"fold": True}}
    ok = cases.judge(
        {
            "game": "keezen",
            "check": "replay",
            "players": 4,
            "events": [deal, {"seat": 1, **fold}, {"seat": 2, **fold}],
        }
    )
    assert ok["legal"] and ok["result"]["turns"] == 2
    wrong = cases.judge(
        {"game": "keezen", "check": "replay", "players": 4, "events": [deal, {"seat": 2, **fold}]}
    )
    assert rules_in_order(wrong) == ["KZ-1"] and wrong["violations"][0]["at"] == 1
    assert first_message_says(wrong, "seat 1's turn")


@pytest.mark.parametrize(
    ("pawns", "players", "field"),
    [
        ({0: [64, *NEST[1:]]}, 4, "pawns.0[0]"),  # off a 64-square track
        ({0: [-1, *NEST[1:]]}, 4, "pawns.0[0]"),
        ({0: [5, 5, "nest", "nest"]}, 4, "pawns.0[1]"),  # two pawns on one square
        ({0: [5, *NEST[1:]], 2: [5, *NEST[1:]]}, 4, "pawns.2[0]"),
        ({0: ["home:1", "home:1", "nest", "nest"]}, 4, "pawns.0[1]"),
        ({0: ["home:4", *NEST[1:]]}, 4, "pawns.0[0]"),
        ({0: ["nest", "nest", "nest"]}, 4, "pawns.0"),  # three pawns
        ({0: [True, *NEST[1:]]}, 4, "pawns.0[0]"),
        ({0: ["attic", *NEST[1:]]}, 4, "pawns.0[0]"),
        ({4: list(NEST)}, 4, "pawns.4"),  # no seat 4 at a table of four
    ],
)
def test_kz1_impossible_boards_name_the_field(pawns, players, field):
    with pytest.raises(CaseError) as error:
        judge_kz_unchecked(players=players, pawns=pawns, card="AS", move={"enter": True})
    assert error.value.field == field


def test_kz1_board_notation_and_table_size():
    # Home squares of different seats are different squares; "home:K" and digits are read.
    v = judge_kz_unchecked(
        pawns={0: ["home:1", " 20 ", "nest", "nest"], 1: ["home:1", *NEST[1:]]},
        card="3S",
        move={"pawn": 1, "steps": 3},
    )
    assert pawns_after_of(v, 0) == ["home:1", 23, "nest", "nest"]
    for bad, field in ((5, "players"), ("4", "players"), (["A", "B", "C"], "players")):
        with pytest.raises(CaseError) as error:
            judge_kz_unchecked(players=bad, card="AS", move={"enter": True})
        assert error.value.field == field
    with pytest.raises(CaseError, match=r"^pawns\.3: is missing"):
        cases.judge(
            {
                "game": "keezen",
                "check": "move",
                "seat": 0,
                "card": "AS",
                "move": {"enter": True},
                "pawns": {"0": NEST, "1": NEST, "2": NEST},
            }
        )


def test_kz1_named_players_are_used_in_messages():
    v = judge_kz_unchecked(
        players=["Ann", "Bas", "Cor", "Dirk"], seat=1, card="5H", move={"pawn": 0, "steps": 5}
    )
    assert rules_in_order(v) == ["KZ-2"]
    assert v["violations"][0]["message"].startswith("Bas's pawn 0 is in the nest")


def test_kz1_track_wraps_at_64():
    result = legal_move_result(
        judge_move_case(pawns_board(s0=[60, *NEST[1:]]), "8C", {"pawn": 0, "steps": 8})
    )
    assert result["pawns_after"]["0"] == [4, "nest", "nest", "nest"]


def test_kz1_six_players_track_of_96_and_start_squares():
    pawns = pawns_board(6, s5=[90, *NEST[1:]])
    result = legal_move_result(
        judge_move_case(pawns, "5D", {"pawn": 0, "steps": 5}, seat=5, players=6)
    )
    assert result["pawns_after"]["5"][0] == 95
    result = legal_move_result(
        judge_move_case(pawns_board(6), "KD", {"enter": True}, seat=5, players=6)
    )
    assert result["pawns_after"]["5"] == [80, "nest", "nest", "nest"]
    # seat 0 of six enters its home from 95
    pawns = pawns_board(6, s0=[93, *NEST[1:]])
    result = legal_move_result(
        judge_move_case(pawns, "3C", {"pawn": 0, "steps": 3, "into_home": True}, players=6)
    )
    assert result["pawns_after"]["0"][0] == "home:0"
    # and without into_home goes on to square 0 (its own start, empty)
    result = legal_move_result(judge_move_case(pawns, "3C", {"pawn": 0, "steps": 3}, players=6))
    assert result["pawns_after"]["0"][0] == 0


def test_kz1_six_players_partner_is_opposite():
    pawns = pawns_board(6, s0=["home:0", "home:1", "home:2", "home:3"], s3=[50, *NEST[1:]])
    result = legal_move_result(
        judge_move_case(pawns, "5C", {"pawn": 0, "steps": 5, "for_seat": 3}, players=6)
    )
    assert result["pawns_after"]["3"][0] == 55
    illegal_move_citing(
        judge_move_case(pawns, "5C", {"pawn": 0, "steps": 5, "for_seat": 2}, players=6), "KZ-8"
    )


def test_kz1_players_must_be_4_or_6():
    case_error(
        kz_case("move", pawns_board(5), players=5, card="KH", move={"enter": True}), "players"
    )
    case_error(
        kz_case("move", pawns_board(4), players=3, card="KH", move={"enter": True}), "players"
    )


def test_kz1_players_may_be_left_out():
    data = kz_case("move", pawns_board(s0=[10, *NEST[1:]]), card="5C", move={"pawn": 0, "steps": 5})
    del data["players"]
    assert legal_move_result(judge_kz(data))["pawns_after"]["0"][0] == 15
    data = kz_case(
        "move", pawns_board(6, s0=[90, *NEST[1:]]), card="5C", move={"pawn": 0, "steps": 5}
    )
    del data["players"]
    assert (
        legal_move_result(judge_kz(data))["pawns_after"]["0"][0] == 95
    )  # a six-seat board: 96 squares


def test_kz1_pawns_must_match_players():
    case_error(kz_case("move", pawns_board(4), players=6, card="KH", move={"enter": True}), "pawns")


@pytest.mark.parametrize(
    "place", [64, -1, "home:4", "home:-1", "huis", 3.5, None, True, "home:", [1]]
)
def test_kz1_a_place_that_does_not_exist_cannot_be_judged(place):
    pawns = pawns_board(s1=[place, *NEST[1:]])
    case_error(kz_case("move", pawns, card="KH", move={"enter": True}), "pawns")


def test_kz1_square_95_exists_for_six_players_only():
    legal_move_result(
        judge_move_case(pawns_board(6, s1=[95, *NEST[1:]]), "KH", {"enter": True}, players=6)
    )
    case_error(
        kz_case("move", pawns_board(s1=[95, *NEST[1:]]), card="KH", move={"enter": True}), "pawns"
    )


def test_kz1_two_pawns_on_one_square_is_a_contradiction():
    pawns = pawns_board(s0=[10, *NEST[1:]], s1=[10, *NEST[1:]])
    case_error(kz_case("move", pawns, card="KH", move={"enter": True}), "pawns")
    pawns = pawns_board(s0=["home:1", "home:1", "nest", "nest"])
    case_error(kz_case("move", pawns, card="KH", move={"enter": True}), "pawns")


def test_kz1_a_seat_needs_four_pawns():
    pawns = pawns_board(s1=[10, "nest", "nest"])
    case_error(kz_case("move", pawns, card="KH", move={"enter": True}), "pawns")


@pytest.mark.parametrize("seat", [4, -1, "zero", None])
def test_kz1_seat_out_of_range(seat):
    case_error(kz_case("move", pawns_board(), seat=seat, card="KH", move={"enter": True}), "seat")


def test_kz1_missing_fields_name_the_field():
    data = kz_case("move", pawns_board(), card="KH", move={"enter": True})
    for field in ("seat", "pawns", "card", "move"):
        partial = {k: v for k, v in data.items() if k != field}
        case_error(partial, field)
    data = kz_case("legal_moves", pawns_board(), hand=["KH"])
    case_error({k: v for k, v in data.items() if k != "hand"}, "hand")
