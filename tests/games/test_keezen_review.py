"""Keezen reviewed from outside: cases written from RULES.md (KZ-1 … KZ-9), CASES.md and the
seed text only, judged through ``games.cases.judge`` exactly as a tournament director's JSON
would be. Every verdict's shape is checked too (CASES.md "Every verdict").

Four players unless said otherwise: squares 0-63, seat s starts on 16·s and enters its home
from 16·s - 1 (seat 0: start 0, entrance 63; seat 1: start 16, entrance 15; …).
"""

import itertools
import json

import pytest

from games import cases
from tests.games.cases_md import KZ_MOVE as EXAMPLE
from tests.games.helpers import case_error, cited, judge_checked, verdict_or_field
from tests.games.helpers import ok as legal_result

NEST = ["nest"] * 4

# --- helpers ----------------------------------------------------------------------------------


def board(players=4, **seats):
    """All pawns in the nest except the seats given as ``s0=[...]``, ``s1=[...]``, …"""
    pawns = {str(s): list(NEST) for s in range(players)}
    for key, places in seats.items():
        pawns[key[1:]] = list(places)
    return pawns


def case(check, pawns, seat=0, players=4, **fields):
    return {
        "game": "keezen",
        "check": check,
        "players": players,
        "seat": seat,
        "pawns": pawns,
        **fields,
    }


def judge(data):
    return judge_checked(data, game="keezen", prefix="KZ-")


def move(pawns, card, mv, seat=0, players=4, **fields):
    if card is not None:
        fields["card"] = card
    return judge(case("move", pawns, seat=seat, players=players, move=mv, **fields))


def moves(pawns, hand, seat=0, players=4, **fields):
    verdict = judge(case("legal_moves", pawns, seat=seat, players=players, hand=hand, **fields))
    assert verdict["legal"], verdict
    return verdict["result"]["moves"]


def ok(verdict):
    result = legal_result(verdict)
    assert set(result) >= {"pawns_after", "hits"}, result
    return result


def bad(verdict, *rules):
    assert verdict["legal"] is False, verdict
    assert cited(verdict) == set(rules), verdict["violations"]
    # An illegal move has no position after it: never guessed.
    assert "pawns_after" not in verdict["result"], verdict["result"]
    return verdict


def outcome(result):
    """The position after a move and the pawns it hit (in any order): what makes two moves
    the same move."""
    hits = sorted((h["seat"], h["pawn"]) for h in result["hits"])
    return json.dumps([result["pawns_after"], hits], sort_keys=True)


# --- the CASES.md example ----------------------------------------------------------------------


def test_cases_md_example_exactly():
    result = ok(judge(json.loads(json.dumps(EXAMPLE))))
    assert result["pawns_after"] == {
        "0": ["nest", 23, 9, "home:0"],
        "1": [16, "nest", "nest", "nest"],
        "2": ["nest", "nest", "nest", "nest"],
        "3": [40, 3, "nest", "nest"],
    }
    assert result["hits"] == []


def test_cases_md_example_through_json_text():
    verdict = cases.judge_json(json.dumps(EXAMPLE))
    assert verdict["legal"] is True


def test_cases_md_example_as_legal_moves_lists_the_example_split():
    data = {k: v for k, v in EXAMPLE.items() if k not in ("card", "move")}
    data.update(check="legal_moves", hand=["7H"])
    listed = judge(data)["result"]["moves"]["7H"]
    outcomes = [outcome(ok(move(EXAMPLE["pawns"], "7H", m))) for m in listed]
    assert outcome(ok(judge(json.loads(json.dumps(EXAMPLE))))) in outcomes


# --- KZ-1 board ---------------------------------------------------------------------------------


def test_kz1_track_wraps_at_64():
    result = ok(move(board(s0=[60, *NEST[1:]]), "8C", {"pawn": 0, "steps": 8}))
    assert result["pawns_after"]["0"] == [4, "nest", "nest", "nest"]


def test_kz1_six_players_track_of_96_and_start_squares():
    pawns = board(6, s5=[90, *NEST[1:]])
    result = ok(move(pawns, "5D", {"pawn": 0, "steps": 5}, seat=5, players=6))
    assert result["pawns_after"]["5"][0] == 95
    result = ok(move(board(6), "KD", {"enter": True}, seat=5, players=6))
    assert result["pawns_after"]["5"] == [80, "nest", "nest", "nest"]
    # seat 0 of six enters its home from 95
    pawns = board(6, s0=[93, *NEST[1:]])
    result = ok(move(pawns, "3C", {"pawn": 0, "steps": 3, "into_home": True}, players=6))
    assert result["pawns_after"]["0"][0] == "home:0"
    # and without into_home goes on to square 0 (its own start, empty)
    result = ok(move(pawns, "3C", {"pawn": 0, "steps": 3}, players=6))
    assert result["pawns_after"]["0"][0] == 0


def test_kz1_six_players_partner_is_opposite():
    pawns = board(6, s0=["home:0", "home:1", "home:2", "home:3"], s3=[50, *NEST[1:]])
    result = ok(move(pawns, "5C", {"pawn": 0, "steps": 5, "for_seat": 3}, players=6))
    assert result["pawns_after"]["3"][0] == 55
    bad(move(pawns, "5C", {"pawn": 0, "steps": 5, "for_seat": 2}, players=6), "KZ-8")


def test_kz1_players_must_be_4_or_6():
    case_error(case("move", board(5), players=5, card="KH", move={"enter": True}), "players")
    case_error(case("move", board(4), players=3, card="KH", move={"enter": True}), "players")


def test_kz1_players_may_be_left_out():
    data = case("move", board(s0=[10, *NEST[1:]]), card="5C", move={"pawn": 0, "steps": 5})
    del data["players"]
    assert ok(judge(data))["pawns_after"]["0"][0] == 15
    data = case("move", board(6, s0=[90, *NEST[1:]]), card="5C", move={"pawn": 0, "steps": 5})
    del data["players"]
    assert ok(judge(data))["pawns_after"]["0"][0] == 95  # a six-seat board: 96 squares


def test_kz1_pawns_must_match_players():
    case_error(case("move", board(4), players=6, card="KH", move={"enter": True}), "pawns")


@pytest.mark.parametrize(
    "place", [64, -1, "home:4", "home:-1", "huis", 3.5, None, True, "home:", [1]]
)
def test_kz1_a_place_that_does_not_exist_cannot_be_judged(place):
    pawns = board(s1=[place, *NEST[1:]])
    case_error(case("move", pawns, card="KH", move={"enter": True}), "pawns")


def test_kz1_square_95_exists_for_six_players_only():
    ok(move(board(6, s1=[95, *NEST[1:]]), "KH", {"enter": True}, players=6))
    case_error(case("move", board(s1=[95, *NEST[1:]]), card="KH", move={"enter": True}), "pawns")


def test_kz1_two_pawns_on_one_square_is_a_contradiction():
    pawns = board(s0=[10, *NEST[1:]], s1=[10, *NEST[1:]])
    case_error(case("move", pawns, card="KH", move={"enter": True}), "pawns")
    pawns = board(s0=["home:1", "home:1", "nest", "nest"])
    case_error(case("move", pawns, card="KH", move={"enter": True}), "pawns")


def test_kz1_a_seat_needs_four_pawns():
    pawns = board(s1=[10, "nest", "nest"])
    case_error(case("move", pawns, card="KH", move={"enter": True}), "pawns")


@pytest.mark.parametrize("seat", [4, -1, "zero", None])
def test_kz1_seat_out_of_range(seat):
    case_error(case("move", board(), seat=seat, card="KH", move={"enter": True}), "seat")


def test_kz1_missing_fields_name_the_field():
    data = case("move", board(), card="KH", move={"enter": True})
    for field in ("seat", "pawns", "card", "move"):
        partial = {k: v for k, v in data.items() if k != field}
        case_error(partial, field)
    data = case("legal_moves", board(), hand=["KH"])
    case_error({k: v for k, v in data.items() if k != "hand"}, "hand")


# --- KZ-2 cards ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "card", ["AS", "KH", "as", "kh", "A♠", "♠A", "klaveren aas", "harten heer"]
)
def test_kz2_ace_and_king_enter_a_pawn_on_the_start_square(card):
    result = ok(move(board(), card, {"enter": True}))
    assert result["pawns_after"]["0"] == [0, "nest", "nest", "nest"]
    assert result["hits"] == []


def test_kz2_enter_takes_the_lowest_nest_pawn_or_the_named_one():
    pawns = board(s1=["nest", 30, "nest", "nest"])
    result = ok(move(pawns, "KS", {"enter": True}, seat=1))
    assert result["pawns_after"]["1"] == [16, 30, "nest", "nest"]
    result = ok(move(pawns, "KS", {"enter": True, "pawn": 2}, seat=1))
    assert result["pawns_after"]["1"] == ["nest", 30, 16, "nest"]
    # a pawn that is not in the nest cannot be entered
    assert not move(pawns, "KS", {"enter": True, "pawn": 1}, seat=1)["legal"]


def test_kz2_enter_with_all_pawns_out_is_illegal():
    pawns = board(s0=[5, 6, 7, "home:3"])
    bad(move(pawns, "AS", {"enter": True}), "KZ-2")


def test_kz2_ace_one_forward_king_not():
    pawns = board(s0=[10, *NEST[1:]])
    assert ok(move(pawns, "AD", {"pawn": 0, "steps": 1}))["pawns_after"]["0"][0] == 11
    bad(move(pawns, "KD", {"pawn": 0, "steps": 1}), "KZ-2")
    bad(move(pawns, "KD", {"pawn": 0, "steps": 13}), "KZ-2")


@pytest.mark.parametrize(
    "card,steps",
    [("QH", 12), ("10C", 10), ("9D", 9), ("8S", 8), ("6H", 6), ("5C", 5), ("3D", 3), ("2S", 2)],
)
def test_kz2_number_cards_move_that_many_forward(card, steps):
    pawns = board(s0=[20, *NEST[1:]])
    result = ok(move(pawns, card, {"pawn": 0, "steps": steps}))
    assert result["pawns_after"]["0"][0] == 20 + steps
    assert result["hits"] == []
    bad(move(pawns, card, {"pawn": 0, "steps": steps - 1}), "KZ-2")
    bad(move(pawns, card, {"enter": True}), "KZ-2")


def test_kz2_dutch_card_words():
    pawns = board(s0=[20, *NEST[1:]])
    ok(move(pawns, "schoppen vrouw", {"pawn": 0, "steps": 12}))
    ok(move(pawns, "harten 10", {"pawn": 0, "steps": 10}))
    ok(move(pawns, "Q♥", {"pawn": 0, "steps": 12}))
    ok(move(pawns, "♦10", {"pawn": 0, "steps": 10}))
    ok(move(pawns, "10h", {"pawn": 0, "steps": 10}))


def test_kz2_four_goes_backward_always():
    pawns = board(s0=[30, *NEST[1:]])
    result = ok(move(pawns, "4C", {"pawn": 0, "steps": 4}))
    assert result["pawns_after"]["0"][0] == 26
    # wraps below 0
    result = ok(move(board(s0=[2, *NEST[1:]]), "4C", {"pawn": 0, "steps": 4}))
    assert result["pawns_after"]["0"][0] == 62
    # a 4 is never forward
    assert not move(pawns, "4C", {"pawn": 0, "steps": 4, "into_home": True})["legal"]
    bad(move(pawns, "4C", {"pawn": 0, "steps": 3}), "KZ-2")
    bad(move(pawns, "5C", {"pawn": 0, "steps": -4}), "KZ-2")


def test_kz2_four_backward_accepts_minus_four_too():
    pawns = board(s0=[30, *NEST[1:]])
    result = ok(move(pawns, "4C", {"pawn": 0, "steps": -4}))
    assert result["pawns_after"]["0"][0] == 26


def test_kz2_pawn_in_nest_cannot_move():
    bad(move(board(), "5C", {"pawn": 0, "steps": 5}), "KZ-2")


def test_kz2_jack_swaps_with_opponent():
    pawns = board(s0=[10, *NEST[1:]], s1=[30, *NEST[1:]])
    result = ok(move(pawns, "JD", {"pawn": 0, "swap": {"seat": 1, "pawn": 0}}))
    assert result["pawns_after"]["0"][0] == 30
    assert result["pawns_after"]["1"][0] == 10
    assert result["hits"] == []


def test_kz2_jack_swaps_with_partner_too():
    pawns = board(s0=[10, *NEST[1:]], s2=["nest", 45, "nest", "nest"])
    result = ok(move(pawns, "ruiten boer", {"pawn": 0, "swap": {"seat": 2, "pawn": 1}}))
    assert result["pawns_after"]["0"][0] == 45
    assert result["pawns_after"]["2"][1] == 10


def test_kz2_jack_needs_own_pawn_and_other_players_pawn_on_track():
    pawns = board(s0=[10, 12, "home:0", "nest"], s1=[30, "home:1", "nest", "nest"])
    bad(move(pawns, "JD", {"pawn": 0, "swap": {"seat": 0, "pawn": 1}}), "KZ-2")
    bad(move(pawns, "JD", {"pawn": 3, "swap": {"seat": 1, "pawn": 0}}), "KZ-2")
    bad(move(pawns, "JD", {"pawn": 2, "swap": {"seat": 1, "pawn": 0}}), "KZ-2")
    bad(move(pawns, "JD", {"pawn": 0, "swap": {"seat": 1, "pawn": 1}}), "KZ-2")
    bad(move(pawns, "JD", {"pawn": 0, "swap": {"seat": 1, "pawn": 2}}), "KZ-2")
    bad(move(pawns, "JD", {"pawn": 0, "steps": 11}), "KZ-2")
    bad(move(pawns, "5D", {"pawn": 0, "swap": {"seat": 1, "pawn": 0}}), "KZ-2")


def test_kz2_own_pawn_on_own_start_may_be_swapped_by_its_owner():
    pawns = board(s0=[0, *NEST[1:]], s1=[30, *NEST[1:]])
    result = ok(move(pawns, "JC", {"pawn": 0, "swap": {"seat": 1, "pawn": 0}}))
    assert result["pawns_after"]["0"][0] == 30 and result["pawns_after"]["1"][0] == 0


def test_kz2_seven_split_over_two_pawns():
    pawns = board(s0=[10, 30, "nest", "nest"])
    result = ok(move(pawns, "7S", {"split": [{"pawn": 0, "steps": 2}, {"pawn": 1, "steps": 5}]}))
    assert result["pawns_after"]["0"] == [12, 35, "nest", "nest"]


def test_kz2_seven_must_be_split_when_two_pawns_can_move():
    pawns = board(s0=[10, 30, "nest", "nest"])
    bad(move(pawns, "7S", {"pawn": 0, "steps": 7}), "KZ-2")


def test_kz2_seven_with_one_pawn_goes_all_seven():
    pawns = board(s0=[10, *NEST[1:]])
    assert ok(move(pawns, "7S", {"pawn": 0, "steps": 7}))["pawns_after"]["0"][0] == 17
    # a split needs two pawns
    bad(move(pawns, "7S", {"split": [{"pawn": 0, "steps": 3}, {"pawn": 1, "steps": 4}]}), "KZ-2")


def test_kz2_seven_with_one_pawn_able_to_move():
    # pawn 1 on 15 is stuck behind seat 1's blockade on 16: only pawn 0 can move
    pawns = board(s0=[20, 15, "nest", "nest"], s1=[16, *NEST[1:]])
    assert ok(move(pawns, "7S", {"pawn": 0, "steps": 7}))["pawns_after"]["0"][:2] == [27, 15]
    assert moves(pawns, ["7S"])["7S"] == [{"pawn": 0, "steps": 7}]


@pytest.mark.parametrize(
    "parts",
    [
        [{"pawn": 0, "steps": 3}, {"pawn": 1, "steps": 3}],
        [{"pawn": 0, "steps": 0}, {"pawn": 1, "steps": 7}],
        [{"pawn": 0, "steps": 4}, {"pawn": 1, "steps": 4}],
        [{"pawn": 0, "steps": 3}, {"pawn": 0, "steps": 4}],
        [{"pawn": 0, "steps": 8}, {"pawn": 1, "steps": -1}],
    ],
)
def test_kz2_bad_seven_splits(parts):
    pawns = board(s0=[10, 30, "nest", "nest"])
    bad(move(pawns, "7S", {"split": parts}), "KZ-2")


def test_kz2_split_only_with_a_seven():
    pawns = board(s0=[10, 30, "nest", "nest"])
    bad(move(pawns, "8S", {"split": [{"pawn": 0, "steps": 4}, {"pawn": 1, "steps": 4}]}), "KZ-2")


def test_kz2_at_is_the_part_of_the_seven_that_breaks_the_rule():
    pawns = board(s0=[10, 30, "nest", "nest"], s1=[16, *NEST[1:]], s2=[32, *NEST[1:]])
    split = [{"pawn": 0, "steps": 5}, {"pawn": 1, "steps": 2}]  # 10 -> 15, 30 -> 32 blocked
    verdict = bad(move(pawns, "7S", {"split": split}), "KZ-3")
    assert [v.get("at") for v in verdict["violations"]] == [1]
    split = [{"pawn": 0, "steps": 6}, {"pawn": 1, "steps": 1}]  # 10 -> 16 blocked
    verdict = bad(move(pawns, "7S", {"split": split}), "KZ-3")
    assert [v.get("at") for v in verdict["violations"]] == [0]


# --- KZ-3 blockade ------------------------------------------------------------------------------


def test_kz3_cannot_pass_another_players_start_pawn():
    pawns = board(s0=[10, *NEST[1:]], s1=[16, *NEST[1:]])
    bad(move(pawns, "8C", {"pawn": 0, "steps": 8}), "KZ-3")
    bad(move(pawns, "6C", {"pawn": 0, "steps": 6}), "KZ-3")  # landing is not allowed either
    result = ok(move(pawns, "5C", {"pawn": 0, "steps": 5}))
    assert result["pawns_after"]["0"][0] == 15


def test_kz3_own_blockade_blocks_own_pawns():
    pawns = board(s0=[0, 60, "nest", "nest"])
    bad(move(pawns, "5C", {"pawn": 1, "steps": 5}), "KZ-3")
    bad(move(board(s0=[0, 61, "nest", "nest"]), "3C", {"pawn": 1, "steps": 3}), "KZ-3")  # landing
    # into the home does not pass square 0
    result = ok(move(pawns, "5C", {"pawn": 1, "steps": 5, "into_home": True}))
    assert result["pawns_after"]["0"] == [0, "home:1", "nest", "nest"]


def test_kz3_cannot_enter_on_own_blockade():
    pawns = board(s0=[0, *NEST[1:]])
    bad(move(pawns, "KC", {"enter": True}), "KZ-3")


def test_kz3_backward_cannot_pass_a_blockade():
    pawns = board(s0=[18, *NEST[1:]], s1=[16, *NEST[1:]])
    bad(move(pawns, "4C", {"pawn": 0, "steps": 4}), "KZ-3")


def test_kz3_jack_cannot_take_a_pawn_off_its_own_start():
    pawns = board(s0=[10, *NEST[1:]], s1=[16, 20, "nest", "nest"])
    bad(move(pawns, "JC", {"pawn": 0, "swap": {"seat": 1, "pawn": 0}}), "KZ-3")
    ok(move(pawns, "JC", {"pawn": 0, "swap": {"seat": 1, "pawn": 1}}))


def test_kz3_pawn_on_someone_elses_start_is_no_blockade():
    pawns = board(s0=[10, *NEST[1:]], s2=[16, *NEST[1:]])
    result = ok(move(pawns, "8C", {"pawn": 0, "steps": 8}))
    assert result["hits"] == []
    result = ok(move(pawns, "6C", {"pawn": 0, "steps": 6}))
    assert result["hits"] == [{"seat": 2, "pawn": 0}]
    assert result["pawns_after"]["2"] == NEST


def test_kz3_blockade_lifts_when_the_pawn_leaves_even_inside_a_seven():
    pawns = board(s0=[0, 60, "nest", "nest"])
    # pawn 0 leaves square 0 first, then pawn 1 may pass it
    split = [{"pawn": 0, "steps": 2}, {"pawn": 1, "steps": 5}]
    result = ok(move(pawns, "7H", {"split": split}))
    assert result["pawns_after"]["0"] == [2, 1, "nest", "nest"]
    # the other order passes the blockade
    bad(move(pawns, "7H", {"split": split[::-1]}), "KZ-3")


def test_kz3_blockade_cannot_be_hit_on_entering():
    pawns = board(s0=[0, *NEST[1:]])
    bad(move(pawns, "AC", {"enter": True}), "KZ-3")


# --- KZ-4 hitting -------------------------------------------------------------------------------


def test_kz4_landing_on_an_opponent_sends_it_home():
    pawns = board(s0=[10, *NEST[1:]], s1=["nest", 15, "nest", "nest"])
    result = ok(move(pawns, "5H", {"pawn": 0, "steps": 5}))
    assert result["hits"] == [{"seat": 1, "pawn": 1}]
    assert result["pawns_after"]["1"] == NEST
    assert result["pawns_after"]["0"][0] == 15


def test_kz4_own_and_partner_pawns_are_hit_too():
    pawns = board(s0=[10, 15, "nest", "nest"], s2=[20, *NEST[1:]])
    result = ok(move(pawns, "5H", {"pawn": 0, "steps": 5}))
    assert result["hits"] == [{"seat": 0, "pawn": 1}]
    assert result["pawns_after"]["0"] == [15, "nest", "nest", "nest"]
    result = ok(move(pawns, "QH", {"pawn": 0, "steps": 12}))
    assert result["pawns_after"]["0"][:2] == [22, 15]
    assert result["hits"] == []
    result = ok(move(pawns, "5H", {"pawn": 1, "steps": 5}))
    assert result["hits"] == [{"seat": 2, "pawn": 0}]


def test_kz4_only_the_landing_square_hits():
    pawns = board(s0=[10, *NEST[1:]], s1=[12, 13, "nest", "nest"], s3=[14, *NEST[1:]])
    result = ok(move(pawns, "5H", {"pawn": 0, "steps": 5}))
    assert result["hits"] == []
    assert result["pawns_after"]["1"] == [12, 13, "nest", "nest"]


def test_kz4_entering_hits_a_pawn_on_the_start_square():
    pawns = board(s0=["nest", 30, "nest", "nest"], s3=["nest", "nest", 0, "nest"])
    result = ok(move(pawns, "AH", {"enter": True}))
    assert result["hits"] == [{"seat": 3, "pawn": 2}]
    assert result["pawns_after"]["0"] == [0, 30, "nest", "nest"]
    assert result["pawns_after"]["3"] == NEST


def test_kz4_backward_four_hits():
    pawns = board(s0=[20, *NEST[1:]], s1=[16, 17, "nest", "nest"])
    # 20 -> 19, 18, 17, 16: 16 is seat 1's blockade, landing there is not allowed
    bad(move(pawns, "4H", {"pawn": 0, "steps": 4}), "KZ-3")
    pawns = board(s0=[21, *NEST[1:]], s1=["nest", 17, "nest", "nest"])
    result = ok(move(pawns, "4H", {"pawn": 0, "steps": 4}))
    assert result["hits"] == [{"seat": 1, "pawn": 1}]


def test_kz4_each_part_of_a_seven_hits():
    pawns = board(s0=[10, 30, "nest", "nest"], s1=[13, *NEST[1:]], s3=[34, *NEST[1:]])
    split = [{"pawn": 0, "steps": 3}, {"pawn": 1, "steps": 4}]
    result = ok(move(pawns, "7C", {"split": split}))
    assert result["hits"] == [{"seat": 1, "pawn": 0}, {"seat": 3, "pawn": 0}]
    assert result["pawns_after"]["0"] == [13, 34, "nest", "nest"]
    assert result["pawns_after"]["1"] == NEST and result["pawns_after"]["3"] == NEST


def test_kz4_second_part_of_a_seven_may_hit_the_first_pawn():
    pawns = board(s0=[10, 13, "nest", "nest"])
    # pawn 0 to 15, then pawn 1 from 13 two steps to 15: hits pawn 0
    split = [{"pawn": 0, "steps": 5}, {"pawn": 1, "steps": 2}]
    result = ok(move(pawns, "7C", {"split": split}))
    assert result["pawns_after"]["0"] == ["nest", 15, "nest", "nest"]
    assert result["hits"] == [{"seat": 0, "pawn": 0}]
    # the other order: pawn 1 to 15, then pawn 0 to 15 hits pawn 1
    result = ok(move(pawns, "7C", {"split": split[::-1]}))
    assert result["pawns_after"]["0"] == [15, "nest", "nest", "nest"]
    assert result["hits"] == [{"seat": 0, "pawn": 1}]


def test_kz4_a_pawn_hit_by_the_first_part_cannot_move_in_the_second():
    pawns = board(s0=[10, 13, "nest", "nest"])
    split = [{"pawn": 0, "steps": 3}, {"pawn": 1, "steps": 4}]
    verdict = move(pawns, "7C", {"split": split})
    assert verdict["legal"] is False
    result = ok(move(pawns, "7C", {"split": split[::-1]}))
    assert result["pawns_after"]["0"] == [13, 17, "nest", "nest"]


def test_kz4_jack_swap_never_hits():
    pawns = board(s0=[10, *NEST[1:]], s3=[40, *NEST[1:]])
    result = ok(move(pawns, "JH", {"pawn": 0, "swap": {"seat": 3, "pawn": 0}}))
    assert result["hits"] == []


# --- KZ-5 home ----------------------------------------------------------------------------------


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
    pawns = board(s0=[start, *NEST[1:]])
    result = ok(move(pawns, card, {"pawn": 0, "steps": steps, "into_home": True}))
    assert result["pawns_after"]["0"][0] == place


def test_kz5_count_that_does_not_fit_goes_around():
    pawns = board(s0=[60, *NEST[1:]])
    bad(move(pawns, "8H", {"pawn": 0, "steps": 8, "into_home": True}), "KZ-5")
    result = ok(move(pawns, "8H", {"pawn": 0, "steps": 8}))
    assert result["pawns_after"]["0"][0] == 4


def test_kz5_entering_is_optional():
    pawns = board(s0=[62, *NEST[1:]])
    result = ok(move(pawns, "3H", {"pawn": 0, "steps": 3}))
    assert result["pawns_after"]["0"][0] == 1
    result = ok(move(pawns, "3H", {"pawn": 0, "steps": 3, "into_home": False}))
    assert result["pawns_after"]["0"][0] == 1


def test_kz5_into_home_without_reaching_the_entrance():
    pawns = board(s0=[20, *NEST[1:]])
    bad(move(pawns, "5H", {"pawn": 0, "steps": 5, "into_home": True}), "KZ-5")


def test_kz5_other_seats_home_entrance():
    pawns = board(s1=[14, *NEST[1:]])
    result = ok(move(pawns, "3H", {"pawn": 0, "steps": 3, "into_home": True}, seat=1))
    assert result["pawns_after"]["1"][0] == "home:1"
    pawns = board(s3=[44, *NEST[1:]])
    result = ok(move(pawns, "5H", {"pawn": 0, "steps": 5, "into_home": True}, seat=3))
    assert result["pawns_after"]["3"][0] == "home:1"  # 45, 46, 47 (the entrance), home 0, 1


def test_kz5_cannot_jump_over_a_pawn_in_the_home():
    pawns = board(s0=[62, "home:1", "nest", "nest"])
    bad(move(pawns, "5H", {"pawn": 0, "steps": 5, "into_home": True}), "KZ-5")
    result = ok(move(pawns, "2H", {"pawn": 0, "steps": 2, "into_home": True}))
    assert result["pawns_after"]["0"][:2] == ["home:0", "home:1"]


def test_kz5_cannot_land_on_a_pawn_in_the_home():
    pawns = board(s0=[62, "home:1", "nest", "nest"])
    verdict = move(pawns, "3H", {"pawn": 0, "steps": 3, "into_home": True})
    assert verdict["legal"] is False
    assert cited(verdict) <= {"KZ-5", "KZ-4"} and cited(verdict)


def test_kz5_four_backward_from_start_then_home():
    pawns = board(s0=[0, *NEST[1:]])
    result = ok(move(pawns, "4D", {"pawn": 0, "steps": 4}))
    assert result["pawns_after"]["0"][0] == 60
    result = ok(move(result["pawns_after"], "5D", {"pawn": 0, "steps": 5, "into_home": True}))
    assert result["pawns_after"]["0"][0] == "home:1"


def test_kz5_home_entry_in_a_seven_part():
    pawns = board(s0=[61, 30, "nest", "nest"])
    split = [{"pawn": 0, "steps": 4, "into_home": True}, {"pawn": 1, "steps": 3}]
    result = ok(move(pawns, "7D", {"split": split}))
    assert result["pawns_after"]["0"] == ["home:1", 33, "nest", "nest"]
    split = [{"pawn": 0, "steps": 4, "into_home": False}, {"pawn": 1, "steps": 3}]
    result = ok(move(pawns, "7D", {"split": split}))
    assert result["pawns_after"]["0"] == [1, 33, "nest", "nest"]


def test_kz5_blockade_on_start_passed_only_by_going_home():
    pawns = board(s0=[61, *NEST[1:]], s2=[0, *NEST[1:]])  # partner's pawn on my start: no blockade
    result = ok(move(pawns, "3D", {"pawn": 0, "steps": 3}))
    assert result["hits"] == [{"seat": 2, "pawn": 0}]


# --- KZ-6 must play -----------------------------------------------------------------------------


def test_kz6_fold_with_nothing_playable():
    pawns = board()
    verdict = move(pawns, None, {"fold": True}, hand=["5C", "QD", "JH", "7S", "4C"])
    assert verdict["legal"] is True
    assert verdict["result"].get("hits", []) == []
    if "pawns_after" in verdict["result"]:
        assert verdict["result"]["pawns_after"] == pawns


def test_kz6_fold_without_card_field():
    data = case("move", board(), move={"fold": True}, hand=["5C", "QD"])
    assert judge(data)["legal"] is True


def test_kz6_fold_with_a_playable_card_is_illegal():
    verdict = move(board(), None, {"fold": True}, hand=["5C", "QD", "AH"])
    assert verdict["legal"] is False
    assert cited(verdict) == {"KZ-6"}


def test_kz6_fold_when_only_a_bad_move_exists():
    # only move: a 4 backward that takes the pawn away from its home
    pawns = board(s0=[62, *NEST[1:]])
    verdict = move(pawns, None, {"fold": True}, hand=["4C", "KS"])
    # KS enters a pawn: certainly playable
    assert cited(verdict) == {"KZ-6"}
    verdict = move(board(s0=[62, "home:3", "home:2", "home:1"]), None, {"fold": True}, hand=["4C"])
    assert cited(verdict) == {"KZ-6"}


def test_kz6_fold_when_blockade_stops_everything():
    pawns = board(s0=[14, *NEST[1:]], s1=[16, *NEST[1:]])
    verdict = move(pawns, None, {"fold": True}, hand=["3C", "5D", "QD"])
    assert verdict["legal"] is True
    verdict = move(pawns, None, {"fold": True}, hand=["3C", "5D", "AD"])
    assert cited(verdict) == {"KZ-6"}  # A: enter, or 1 forward to 15


def test_kz6_fold_needs_the_hand():
    case_error(case("move", board(), move={"fold": True}), "hand")


def test_kz6_legal_moves_with_nothing_playable():
    verdict = judge(case("legal_moves", board(), hand=["5C", "QD", "JH"]))
    assert verdict["result"]["moves"] == {"5C": [], "QD": [], "JH": []}
    assert verdict["result"]["fold"] is True


def test_kz6_legal_moves_with_something_playable_has_no_fold():
    assert judge(case("legal_moves", board(), hand=["5C", "KD"]))["result"]["fold"] is False
    listed = moves(board(), ["5C", "KD"])
    assert listed["KD"] == [{"enter": True}]
    assert listed["5C"] == []


# --- KZ-7 dealing: hands --------------------------------------------------------------------------


def test_kz7_four_players_one_deck():
    case_error(case("legal_moves", board(), hand=["7D", "7D"]), "hand")
    case_error(case("legal_moves", board(), hand=["7D", "♦7"]), "hand")


def test_kz7_six_players_one_and_a_half_decks():
    listed = moves(board(6), ["7D", "ruiten 7", "KH"], players=6)
    assert set(listed) == {"7D", "KH"}
    case_error(case("legal_moves", board(6), players=6, hand=["7D", "7D", "7D"]), "hand")


def test_kz7_no_jokers_in_keezen():
    case_error(case("legal_moves", board(), hand=["JK"]), "hand")
    case_error(case("move", board(), card="JK", move={"enter": True}), "card")
    case_error(case("move", board(), card="1H", move={"enter": True}), "card")
    case_error(case("legal_moves", board(), hand=["KH", "XX"]), "hand")


def test_kz7_card_played_must_be_in_the_hand_when_given():
    data = case("move", board(), card="KH", move={"enter": True}, hand=["5C", "QD"])
    assert case_error(data).field in ("card", "hand")


# --- KZ-8 partner -------------------------------------------------------------------------------

ALL_HOME = ["home:0", "home:1", "home:2", "home:3"]


def test_kz8_finished_player_moves_the_partners_pawns():
    pawns = board(s0=ALL_HOME, s2=[40, *NEST[1:]])
    result = ok(move(pawns, "5H", {"pawn": 0, "steps": 5, "for_seat": 2}))
    assert result["pawns_after"]["2"][0] == 45
    result = ok(move(pawns, "KH", {"enter": True, "for_seat": 2}))
    assert result["pawns_after"]["2"] == [40, 32, "nest", "nest"]


def test_kz8_only_a_finished_player_may_play_for_the_partner():
    pawns = board(s0=[10, "home:1", "home:2", "home:3"], s2=[40, *NEST[1:]])
    bad(move(pawns, "5H", {"pawn": 0, "steps": 5, "for_seat": 2}), "KZ-8")


def test_kz8_only_for_the_partner():
    pawns = board(s0=ALL_HOME, s1=[20, *NEST[1:]], s2=[40, *NEST[1:]])
    bad(move(pawns, "5H", {"pawn": 0, "steps": 5, "for_seat": 1}), "KZ-8")


def test_kz8_legal_moves_of_a_finished_player_are_for_the_partner():
    pawns = board(s0=ALL_HOME, s2=[40, *NEST[1:]])
    listed = moves(pawns, ["5H", "KH"])
    assert listed["5H"] == [{"pawn": 0, "steps": 5, "for_seat": 2}]
    assert listed["KH"] == [{"enter": True, "for_seat": 2}]


def test_kz8_the_partner_may_be_swapped_by_the_finished_player():
    pawns = board(s0=ALL_HOME, s1=[20, *NEST[1:]], s2=[40, *NEST[1:]])
    result = ok(move(pawns, "JH", {"pawn": 0, "swap": {"seat": 1, "pawn": 0}, "for_seat": 2}))
    assert result["pawns_after"]["2"][0] == 20 and result["pawns_after"]["1"][0] == 40


def test_kz8_finished_player_must_play_for_the_partner():
    pawns = board(s0=ALL_HOME, s2=[40, *NEST[1:]])
    verdict = move(pawns, None, {"fold": True}, hand=["5H"])
    assert cited(verdict) == {"KZ-6"}


def test_kz8_for_seat_may_be_left_out_once_all_four_are_home():
    # the cards of a player with all four home are played for the partner (KZ-8)
    pawns = board(s0=ALL_HOME, s2=[40, *NEST[1:]])
    result = ok(move(pawns, "5H", {"pawn": 0, "steps": 5}))
    assert result["pawns_after"]["2"][0] == 45
    result = ok(move(pawns, "AH", {"enter": True}))
    assert result["pawns_after"]["2"] == [40, 32, "nest", "nest"]
    bad(move(pawns, "5H", {"pawn": 0, "steps": 5, "for_seat": 0}), "KZ-8")


def test_kz8_six_players_finished_player_enters_for_partner():
    pawns = board(6, s2=ALL_HOME, s5=[20, *NEST[1:]])
    result = ok(move(pawns, "KC", {"enter": True, "for_seat": 5}, seat=2, players=6))
    assert result["pawns_after"]["5"] == [20, 80, "nest", "nest"]


def test_kz8_game_over_refuses_every_card():
    pawns = board(s0=ALL_HOME, s2=ALL_HOME, s1=[20, *NEST[1:]])
    verdict = move(pawns, "5H", {"pawn": 0, "steps": 5}, seat=1)
    assert verdict["legal"] is False and cited(verdict) == {"KZ-8"}


# --- KZ-9 tournament options ----------------------------------------------------------------------


def test_kz9_options_are_accepted_with_non_default_values():
    data = dict(json.loads(json.dumps(EXAMPLE)))
    data["options"] = {"points_per_pawn": 3, "win_bonus": 0, "round_minutes": 45}
    assert judge(data)["legal"] is True


def test_kz9_unknown_option_cannot_be_judged():
    data = dict(json.loads(json.dumps(EXAMPLE)))
    data["options"] = {"points_per_pown": 3}
    case_error(data, "options")


def test_kz9_game_score_defaults_and_options():
    data = {"game": "keezen", "check": "game_score", "pawns_home": {"0+2": 8, "1+3": 5}}
    result = judge(data)["result"]
    assert result["points"] == {"0+2": 26, "1+3": 10}
    assert result["winner"] == "0+2"
    data["options"] = {"points_per_pawn": 3, "win_bonus": 0}
    assert judge(data)["result"]["points"] == {"0+2": 24, "1+3": 15}
    data = {"game": "keezen", "check": "game_score", "pawns_home": {"0+2": 0, "1+3": 7}}
    result = judge(data)["result"]
    assert result["points"] == {"0+2": 0, "1+3": 14} and result["winner"] is None
    # the board gives the same counts
    pawns = board(s0=ALL_HOME, s2=ALL_HOME, s1=["home:0", 5, "nest", "nest"])
    data = {"game": "keezen", "check": "game_score", "pawns": pawns}
    assert judge(data)["result"]["points"] == {"0+2": 26, "1+3": 2}


# --- legal_moves: every distinct outcome exactly once -------------------------------------------


def card_candidates(rank, extra):
    """Every move a director could write down for a card of ``rank``."""
    if rank in ("A", "K"):
        yield {"enter": True, **extra}
    if rank == "K":
        return
    if rank == "J":
        for i, s, j in itertools.product(range(4), range(6), range(4)):
            yield {"pawn": i, "swap": {"seat": s, "pawn": j}, **extra}
        return
    steps = {"A": 1, "Q": 12}.get(rank) or int(rank)
    for i, home in itertools.product(range(4), (False, True)):
        yield {"pawn": i, "steps": steps, "into_home": home, **extra}
    if rank == "7":
        for (i, j), a, (h1, h2) in itertools.product(
            itertools.permutations(range(4), 2), range(1, 7), itertools.product((0, 1), repeat=2)
        ):
            parts = [
                {"pawn": i, "steps": a, "into_home": bool(h1)},
                {"pawn": j, "steps": 7 - a, "into_home": bool(h2)},
            ]
            yield {"split": parts, **extra}


def candidates(pawns, card, seat, players):
    """Every move for ``card`` with the own pawns or the partner's."""
    out = []
    for who in (seat, (seat + players // 2) % players):
        extra = {} if who == seat else {"for_seat": who}
        out.extend(
            mv
            for mv in card_candidates(card[:-1], extra)
            if "swap" not in mv or mv["swap"]["seat"] < players
        )
    return out


def check_listing(pawns, hand, seat=0, players=4):
    listed = moves(pawns, hand, seat=seat, players=players)
    for card in hand:
        seen = {}
        for mv in listed[card]:
            result = ok(move(pawns, card, mv, seat=seat, players=players))
            key = outcome(result)
            assert key not in seen, (card, mv, seen.get(key))
            seen[key] = mv
        expected = set()
        for mv in candidates(pawns, card, seat, players):
            verdict = move(pawns, card, mv, seat=seat, players=players)
            if verdict["legal"]:
                expected.add(outcome(verdict["result"]))
        assert set(seen) == expected, card
    return listed


def test_listing_seven_two_free_pawns_six_splits():
    listed = check_listing(board(s0=[10, 30, "nest", "nest"]), ["7H"])
    assert len(listed["7H"]) == 6


def test_listing_seven_order_matters_when_a_part_hits():
    # pawns on 10 and 13 (see the KZ-4 tests): splits 1..6 for pawn 0, and 5+2 in both orders
    listed = check_listing(board(s0=[10, 13, "nest", "nest"]), ["7H"])
    assert len(listed["7H"]) == 7


def test_listing_seven_with_home_choice():
    listed = check_listing(board(s0=[61, 30, "nest", "nest"]), ["7H"])
    # pawn 0 (61) takes a = 1..6; with a = 3..6 it may go into the home (home:0 … home:3)
    assert len(listed["7H"]) == 6 + 4


def test_listing_seven_blockade_order():
    check_listing(board(s0=[0, 60, "nest", "nest"]), ["7H"])


def test_listing_seven_second_part_freed_by_the_first():
    # pawn 1 on 63 cannot move before the card (own blockade on 0, home:0 taken), but once
    # the split is due (pawns 0 and 2 on the track can move) and pawn 0 leaves square 0 in
    # the first part, pawn 1 may take the rest
    pawns = board(s0=[0, 63, 30, "home:0"])
    result = ok(move(pawns, "7H", {"split": [{"pawn": 0, "steps": 5}, {"pawn": 1, "steps": 2}]}))
    assert result["pawns_after"]["0"] == [5, 1, 30, "home:0"]
    listed = check_listing(pawns, ["7H"])
    assert len(listed["7H"]) == 6 + 6  # pawn 0 with pawn 2, pawn 0 then pawn 1
    # the same for a partner's pawns
    pawns = board(s0=ALL_HOME, s2=[32, 31, 50, "home:0"])
    listed = check_listing(pawns, ["7H"])
    assert {"split": [{"pawn": 0, "steps": 5}, {"pawn": 1, "steps": 2}], "for_seat": 2} in (
        listed["7H"]
    )


def test_listing_seven_home_pawns_never_make_the_split_due():
    # KZ-2 (RULES.md): only pawns on the track count. Pawn 0 on its start square is the
    # only one that can move before the card (pawn 1 behind it cannot, the home pawns never
    # move, KZ-5): all seven go with pawn 0, and no split is listed or allowed.
    pawns = board(s0=[0, 63, "home:0", "home:1"])
    listed = check_listing(pawns, ["7H"])
    assert listed["7H"] == [{"pawn": 0, "steps": 7}]
    verdict = move(pawns, "7H", {"split": [{"pawn": 0, "steps": 5}, {"pawn": 1, "steps": 2}]})
    assert not verdict["legal"] and verdict["violations"][0]["rule"] == "KZ-2"


def test_listing_crowded_board():
    pawns = board(
        s0=[0, 60, 5, "home:3"],
        s1=[16, 10, "nest", "nest"],
        s2=[62, "nest", "nest", "nest"],
        s3=[48, 2, "nest", "nest"],
    )
    check_listing(pawns, ["7H", "AS", "4C", "JD", "KH"])


def test_listing_counts_simple_cards():
    pawns = board(s0=[10, 20, "nest", "nest"], s1=[30, *NEST[1:]], s2=[40, *NEST[1:]])
    pawns["3"] = [48, "nest", "nest", "nest"]
    listed = check_listing(pawns, ["AS", "JD", "4C", "KH", "5D"])
    assert len(listed["AS"]) == 3  # enter, pawn 0 +1, pawn 1 +1
    assert len(listed["KH"]) == 1
    assert len(listed["JD"]) == 4  # 2 own x (seat 1 and partner seat 2); seat 3 is blocked
    assert len(listed["4C"]) == 2
    assert len(listed["5D"]) == 2


def test_listing_keys_are_canonical_cards():
    listed = moves(board(), ["kh", "♠A", "klaveren 5"])
    assert set(listed) == {"KH", "AS", "5C"}


def test_listing_six_players():
    pawns = board(6, s1=[20, 70, "nest", "nest"], s4=[64, *NEST[1:]])
    check_listing(pawns, ["7C", "JC", "AD"], seat=1, players=6)


def test_listing_for_partner():
    pawns = board(s0=ALL_HOME, s2=[40, 50, "nest", "nest"])
    check_listing(pawns, ["7C", "AD"])


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


@pytest.mark.parametrize("mv", MALFORMED_MOVES)
@pytest.mark.parametrize("card", ["5C", "7C", "JC", "AC"])
def test_malformed_moves_give_a_verdict_or_a_case_error(mv, card):
    pawns = board(s0=[10, 30, "nest", "nest"], s1=[20, *NEST[1:]])
    data = case("move", pawns, card=card, move=mv, hand=["5C", "7C", "JC", "AC"])
    verdict_or_field(judge, data)


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


@pytest.mark.parametrize("patch", MALFORMED_CASES)
@pytest.mark.parametrize("check", ["move", "legal_moves"])
def test_malformed_cases_give_a_verdict_or_a_case_error(patch, check):
    data = case(check, board(s0=[10, *NEST[1:]]), card="5C", move={"pawn": 0, "steps": 5})
    data["hand"] = ["5C", "KH"]
    data.update(patch)
    verdict_or_field(judge, data)
