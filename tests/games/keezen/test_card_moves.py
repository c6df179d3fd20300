"""Keezen KZ-2: what each card does, the 7 split over two pawns; the CASES.md example."""

import copy
import json

import pytest

from games import cases
from tests.games.cases_md import KZ_MOVE
from tests.games.helpers import rules_in_order
from tests.games.keezen.helpers import (
    NEST,
    first_message_says,
    illegal_move_citing,
    judge_kz,
    judge_kz_unchecked,
    judge_move_case,
    legal_move_result,
    legal_moves_result,
    listed_moves,
    move_outcome_key,
    pawns_after_of,
    pawns_board,
)


def test_cases_md_example_exactly():
    result = legal_move_result(judge_kz(json.loads(json.dumps(KZ_MOVE))))
    assert result["pawns_after"] == {
        "0": ["nest", 23, 9, "home:0"],
        "1": [16, "nest", "nest", "nest"],
        "2": ["nest", "nest", "nest", "nest"],
        "3": [40, 3, "nest", "nest"],
    }
    assert result["hits"] == []


def test_cases_md_example_through_json_text():
    verdict = cases.judge_json(json.dumps(KZ_MOVE))
    assert verdict["legal"] is True


def test_cases_md_example_as_legal_moves_lists_the_example_split():
    data = {k: v for k, v in KZ_MOVE.items() if k not in ("card", "move")}
    data.update(check="legal_moves", hand=["7H"])
    listed = judge_kz(data)["result"]["moves"]["7H"]
    outcomes = [
        move_outcome_key(legal_move_result(judge_move_case(KZ_MOVE["pawns"], "7H", m)))
        for m in listed
    ]
    assert (
        move_outcome_key(legal_move_result(judge_kz(json.loads(json.dumps(KZ_MOVE))))) in outcomes
    )


# --- KZ-2 Cards ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "move", "pawns", "expected"),
    [
        ("AS", {"enter": True}, NEST, [0, "nest", "nest", "nest"]),
        ("KH", {"enter": True}, [10, *NEST[1:]], [10, 0, "nest", "nest"]),
        ("AD", {"pawn": 0, "steps": 1}, [10, *NEST[1:]], [11, "nest", "nest", "nest"]),
        ("QC", {"pawn": 0, "steps": 12}, [10, *NEST[1:]], [22, "nest", "nest", "nest"]),
        ("10C", {"pawn": 0, "steps": 10}, [10, *NEST[1:]], [20, "nest", "nest", "nest"]),
        ("2H", {"pawn": 0, "steps": 2}, [10, *NEST[1:]], [12, "nest", "nest", "nest"]),
        ("4S", {"pawn": 0, "steps": 4}, [10, *NEST[1:]], [6, "nest", "nest", "nest"]),
        ("4S", {"pawn": 0, "steps": -4}, [2, *NEST[1:]], [62, "nest", "nest", "nest"]),
        ("7S", {"pawn": 0, "steps": 7}, [10, *NEST[1:]], [17, "nest", "nest", "nest"]),
        ("7S", {"split": [{"pawn": 0, "steps": 7}]}, [10, *NEST[1:]], [17, "nest", "nest", "nest"]),
        (
            "7S",
            {"split": [{"pawn": 1, "steps": 2}, {"pawn": 0, "steps": 5}]},
            [10, 30, "nest", "nest"],
            [15, 32, "nest", "nest"],
        ),
    ],
)
def test_kz2_each_card_moves_as_the_table_says(card, move, pawns, expected):
    assert pawns_after_of(judge_kz_unchecked(pawns={0: pawns}, card=card, move=move), 0) == expected


def test_kz2_jack_swaps_with_any_other_players_pawn_partner_included():
    board = {0: [10, *NEST[1:]], 1: [30, *NEST[1:]], 2: [40, *NEST[1:]]}
    v = judge_kz_unchecked(pawns=board, card="JH", move={"pawn": 0, "swap": {"seat": 1, "pawn": 0}})
    assert (
        pawns_after_of(v, 0)[0] == 30
        and pawns_after_of(v, 1)[0] == 10
        and v["result"]["hits"] == []
    )
    v = judge_kz_unchecked(pawns=board, card="JH", move={"pawn": 0, "swap": {"seat": 2, "pawn": 0}})
    assert pawns_after_of(v, 0)[0] == 40 and pawns_after_of(v, 2)[0] == 10


def test_kz2_the_example_of_cases_md():
    v = cases.judge(copy.deepcopy(KZ_MOVE))
    assert v["legal"] and v["result"] == {
        "pawns_after": {
            "0": ["nest", 23, 9, "home:0"],
            "1": [16, "nest", "nest", "nest"],
            "2": ["nest", "nest", "nest", "nest"],
            "3": [40, 3, "nest", "nest"],
        },
        "hits": [],
    }


@pytest.mark.parametrize(
    ("card", "move", "pawns", "word"),
    [
        ("9H", {"pawn": 0, "steps": 8}, [10, *NEST[1:]], "9 forward, not 8"),
        ("9H", {"pawn": 0, "steps": -9}, [10, *NEST[1:]], "9 forward, not -9"),
        ("AS", {"pawn": 0, "steps": 2}, [10, *NEST[1:]], "1 forward"),
        ("KH", {"pawn": 0, "steps": 13}, [10, *NEST[1:]], "start square"),
        ("JH", {"pawn": 0, "steps": 11}, [10, *NEST[1:]], "swaps"),
        ("4C", {"pawn": 0, "steps": 3}, [10, *NEST[1:]], "4 backward"),
        ("5D", {"enter": True}, NEST, "only an A or a K"),
        (
            "8H",
            {"split": [{"pawn": 0, "steps": 4}, {"pawn": 1, "steps": 4}]},
            [10, 30, "nest", "nest"],
            "only a 7",
        ),
        ("5D", {"pawn": 0, "swap": {"seat": 1, "pawn": 0}}, [10, *NEST[1:]], "only a J"),
        ("5D", {"pawn": 1, "steps": 5}, [10, *NEST[1:]], "in the nest"),
        ("AS", {"enter": True}, [1, 2, 3, "home:0"], "no pawn in the nest"),
        ("AS", {"enter": True, "pawn": 0}, [5, "nest", "nest", "nest"], "not in the nest"),
        # a 7 must be split when two pawns can move, and only then
        ("7S", {"pawn": 0, "steps": 7}, [10, 30, "nest", "nest"], "must be split"),
        (
            "7S",
            {"split": [{"pawn": 0, "steps": 3}, {"pawn": 1, "steps": 4}]},
            [10, *NEST[1:]],
            "fewer than two",
        ),
        (
            "7S",
            {"split": [{"pawn": 0, "steps": 3}, {"pawn": 1, "steps": 3}]},
            [10, 30, "nest", "nest"],
            "add up to 7",
        ),
        (
            "7S",
            {"split": [{"pawn": 0, "steps": 3}, {"pawn": 0, "steps": 4}]},
            [10, 30, "nest", "nest"],
            "two different",
        ),
        (
            "7S",
            {"split": [{"pawn": 0, "steps": 0}, {"pawn": 1, "steps": 7}]},
            [10, 30, "nest", "nest"],
            "at least 1",
        ),
        (
            "7S",
            {"split": [{"pawn": 0, "steps": 2}, {"pawn": 1, "steps": 2}, {"pawn": 2, "steps": 3}]},
            [10, 30, 40, "nest"],
            "exactly two",
        ),
        (
            "JH",
            {"pawn": 0, "swap": {"seat": 0, "pawn": 1}},
            [10, 30, "nest", "nest"],
            "not its own",
        ),
        ("JH", {"pawn": 0, "swap": {"seat": 1, "pawn": 1}}, [10, *NEST[1:]], "is in the nest"),
        (
            "JH",
            {"pawn": 1, "swap": {"seat": 1, "pawn": 0}},
            [10, "home:0", "nest", "nest"],
            "is in home 0",
        ),
    ],
)
def test_kz2_wrong_card_or_count(card, move, pawns, word):
    v = judge_kz_unchecked(pawns={0: pawns, 1: [35, *NEST[1:]]}, card=card, move=move)
    assert rules_in_order(v) == ["KZ-2"], v
    assert first_message_says(v, word)
    assert v["result"] == {}


@pytest.mark.parametrize(
    "home",
    [["home:3", "nest", "nest"], ["home:3", "home:2", "nest"], ["home:3", "home:2", "home:1"]],
)
def test_kz2_one_pawn_on_the_track_and_the_rest_home_takes_the_whole_seven(home):
    # RULES.md KZ-2: the 7 is split only over two or more pawns *on the track* that can
    # move; "Pawns in the nest or in the home do not count" (seed: "als er 1 pion in het
    # spel is, doorgaan met 1 pion").
    pawns = {0: [10, *home]}
    assert pawns_after_of(
        judge_kz_unchecked(pawns=pawns, card="7S", move={"pawn": 0, "steps": 7}), 0
    ) == [17, *home]
    assert legal_moves_result(["7S"], pawns=pawns)["moves"] == {"7S": [{"pawn": 0, "steps": 7}]}
    # a home pawn cannot take a part, even to a free square further in (KZ-5)
    split = {"split": [{"pawn": 0, "steps": 6}, {"pawn": 1, "steps": 1}]}
    v = judge_kz_unchecked(pawns=pawns, card="7S", move=split)
    assert rules_in_order(v) == ["KZ-2"] and first_message_says(
        v, "fewer than two pawns on the track"
    )


def test_kz2_a_pawn_entering_the_home_whole_with_the_seven():
    # The one pawn on the track may take all seven into the home, beside the home pawns.
    pawns = {0: [60, "home:3", "nest", "nest"]}
    v = judge_kz_unchecked(pawns=pawns, card="7S", move={"pawn": 0, "steps": 6, "into_home": True})
    assert rules_in_order(v) == ["KZ-2"]  # a 7 is seven steps, not six
    result = legal_moves_result(["7S"], pawns=pawns)
    assert result["moves"]["7S"] == [{"pawn": 0, "steps": 7}]  # home:3 is taken: round
    pawns = {0: [59, "home:3", "nest", "nest"]}
    v = judge_kz_unchecked(pawns=pawns, card="7S", move={"pawn": 0, "steps": 7, "into_home": True})
    assert pawns_after_of(v, 0) == ["home:2", "home:3", "nest", "nest"]


def test_kz2_two_pawns_on_the_track_still_split_beside_home_pawns():
    pawns = {0: [10, 30, "home:3", "home:2"]}
    v = judge_kz_unchecked(pawns=pawns, card="7S", move={"pawn": 0, "steps": 7})
    assert rules_in_order(v) == ["KZ-2"] and first_message_says(v, "two or more pawns on the track")
    listed = legal_moves_result(["7S"], pawns=pawns)["moves"]["7S"]
    assert len(listed) == 6
    assert all({part["pawn"] for part in move["split"]} == {0, 1} for move in listed)


@pytest.mark.parametrize(
    "card", ["AS", "KH", "as", "kh", "A♠", "♠A", "klaveren aas", "harten heer"]
)
def test_kz2_ace_and_king_enter_a_pawn_on_the_start_square(card):
    result = legal_move_result(judge_move_case(pawns_board(), card, {"enter": True}))
    assert result["pawns_after"]["0"] == [0, "nest", "nest", "nest"]
    assert result["hits"] == []


def test_kz2_enter_takes_the_lowest_nest_pawn_or_the_named_one():
    pawns = pawns_board(s1=["nest", 30, "nest", "nest"])
    result = legal_move_result(judge_move_case(pawns, "KS", {"enter": True}, seat=1))
    assert result["pawns_after"]["1"] == [16, 30, "nest", "nest"]
    result = legal_move_result(judge_move_case(pawns, "KS", {"enter": True, "pawn": 2}, seat=1))
    assert result["pawns_after"]["1"] == ["nest", 30, 16, "nest"]
    # a pawn that is not in the nest cannot be entered
    assert not judge_move_case(pawns, "KS", {"enter": True, "pawn": 1}, seat=1)["legal"]


def test_kz2_enter_with_all_pawns_out_is_illegal():
    pawns = pawns_board(s0=[5, 6, 7, "home:3"])
    illegal_move_citing(judge_move_case(pawns, "AS", {"enter": True}), "KZ-2")


def test_kz2_ace_one_forward_king_not():
    pawns = pawns_board(s0=[10, *NEST[1:]])
    assert (
        legal_move_result(judge_move_case(pawns, "AD", {"pawn": 0, "steps": 1}))["pawns_after"][
            "0"
        ][0]
        == 11
    )
    illegal_move_citing(judge_move_case(pawns, "KD", {"pawn": 0, "steps": 1}), "KZ-2")
    illegal_move_citing(judge_move_case(pawns, "KD", {"pawn": 0, "steps": 13}), "KZ-2")


@pytest.mark.parametrize(
    "card,steps",
    [("QH", 12), ("10C", 10), ("9D", 9), ("8S", 8), ("6H", 6), ("5C", 5), ("3D", 3), ("2S", 2)],
)
def test_kz2_number_cards_move_that_many_forward(card, steps):
    pawns = pawns_board(s0=[20, *NEST[1:]])
    result = legal_move_result(judge_move_case(pawns, card, {"pawn": 0, "steps": steps}))
    assert result["pawns_after"]["0"][0] == 20 + steps
    assert result["hits"] == []
    illegal_move_citing(judge_move_case(pawns, card, {"pawn": 0, "steps": steps - 1}), "KZ-2")
    illegal_move_citing(judge_move_case(pawns, card, {"enter": True}), "KZ-2")


def test_kz2_dutch_card_words():
    pawns = pawns_board(s0=[20, *NEST[1:]])
    legal_move_result(judge_move_case(pawns, "schoppen vrouw", {"pawn": 0, "steps": 12}))
    legal_move_result(judge_move_case(pawns, "harten 10", {"pawn": 0, "steps": 10}))
    legal_move_result(judge_move_case(pawns, "Q♥", {"pawn": 0, "steps": 12}))
    legal_move_result(judge_move_case(pawns, "♦10", {"pawn": 0, "steps": 10}))
    legal_move_result(judge_move_case(pawns, "10h", {"pawn": 0, "steps": 10}))


def test_kz2_four_goes_backward_always():
    pawns = pawns_board(s0=[30, *NEST[1:]])
    result = legal_move_result(judge_move_case(pawns, "4C", {"pawn": 0, "steps": 4}))
    assert result["pawns_after"]["0"][0] == 26
    # wraps below 0
    result = legal_move_result(
        judge_move_case(pawns_board(s0=[2, *NEST[1:]]), "4C", {"pawn": 0, "steps": 4})
    )
    assert result["pawns_after"]["0"][0] == 62
    # a 4 is never forward
    assert not judge_move_case(pawns, "4C", {"pawn": 0, "steps": 4, "into_home": True})["legal"]
    illegal_move_citing(judge_move_case(pawns, "4C", {"pawn": 0, "steps": 3}), "KZ-2")
    illegal_move_citing(judge_move_case(pawns, "5C", {"pawn": 0, "steps": -4}), "KZ-2")


def test_kz2_four_backward_accepts_minus_four_too():
    pawns = pawns_board(s0=[30, *NEST[1:]])
    result = legal_move_result(judge_move_case(pawns, "4C", {"pawn": 0, "steps": -4}))
    assert result["pawns_after"]["0"][0] == 26


def test_kz2_pawn_in_nest_cannot_move():
    illegal_move_citing(judge_move_case(pawns_board(), "5C", {"pawn": 0, "steps": 5}), "KZ-2")


def test_kz2_jack_swaps_with_opponent():
    pawns = pawns_board(s0=[10, *NEST[1:]], s1=[30, *NEST[1:]])
    result = legal_move_result(
        judge_move_case(pawns, "JD", {"pawn": 0, "swap": {"seat": 1, "pawn": 0}})
    )
    assert result["pawns_after"]["0"][0] == 30
    assert result["pawns_after"]["1"][0] == 10
    assert result["hits"] == []


def test_kz2_jack_swaps_with_partner_too():
    pawns = pawns_board(s0=[10, *NEST[1:]], s2=["nest", 45, "nest", "nest"])
    result = legal_move_result(
        judge_move_case(pawns, "ruiten boer", {"pawn": 0, "swap": {"seat": 2, "pawn": 1}})
    )
    assert result["pawns_after"]["0"][0] == 45
    assert result["pawns_after"]["2"][1] == 10


def test_kz2_jack_needs_own_pawn_and_other_players_pawn_on_track():
    pawns = pawns_board(s0=[10, 12, "home:0", "nest"], s1=[30, "home:1", "nest", "nest"])
    illegal_move_citing(
        judge_move_case(pawns, "JD", {"pawn": 0, "swap": {"seat": 0, "pawn": 1}}), "KZ-2"
    )
    illegal_move_citing(
        judge_move_case(pawns, "JD", {"pawn": 3, "swap": {"seat": 1, "pawn": 0}}), "KZ-2"
    )
    illegal_move_citing(
        judge_move_case(pawns, "JD", {"pawn": 2, "swap": {"seat": 1, "pawn": 0}}), "KZ-2"
    )
    illegal_move_citing(
        judge_move_case(pawns, "JD", {"pawn": 0, "swap": {"seat": 1, "pawn": 1}}), "KZ-2"
    )
    illegal_move_citing(
        judge_move_case(pawns, "JD", {"pawn": 0, "swap": {"seat": 1, "pawn": 2}}), "KZ-2"
    )
    illegal_move_citing(judge_move_case(pawns, "JD", {"pawn": 0, "steps": 11}), "KZ-2")
    illegal_move_citing(
        judge_move_case(pawns, "5D", {"pawn": 0, "swap": {"seat": 1, "pawn": 0}}), "KZ-2"
    )


def test_kz2_own_pawn_on_own_start_may_be_swapped_by_its_owner():
    pawns = pawns_board(s0=[0, *NEST[1:]], s1=[30, *NEST[1:]])
    result = legal_move_result(
        judge_move_case(pawns, "JC", {"pawn": 0, "swap": {"seat": 1, "pawn": 0}})
    )
    assert result["pawns_after"]["0"][0] == 30 and result["pawns_after"]["1"][0] == 0


def test_kz2_seven_split_over_two_pawns():
    pawns = pawns_board(s0=[10, 30, "nest", "nest"])
    result = legal_move_result(
        judge_move_case(pawns, "7S", {"split": [{"pawn": 0, "steps": 2}, {"pawn": 1, "steps": 5}]})
    )
    assert result["pawns_after"]["0"] == [12, 35, "nest", "nest"]


def test_kz2_seven_must_be_split_when_two_pawns_can_move():
    pawns = pawns_board(s0=[10, 30, "nest", "nest"])
    illegal_move_citing(judge_move_case(pawns, "7S", {"pawn": 0, "steps": 7}), "KZ-2")


def test_kz2_seven_with_one_pawn_goes_all_seven():
    pawns = pawns_board(s0=[10, *NEST[1:]])
    assert (
        legal_move_result(judge_move_case(pawns, "7S", {"pawn": 0, "steps": 7}))["pawns_after"][
            "0"
        ][0]
        == 17
    )
    # a split needs two pawns
    illegal_move_citing(
        judge_move_case(pawns, "7S", {"split": [{"pawn": 0, "steps": 3}, {"pawn": 1, "steps": 4}]}),
        "KZ-2",
    )


def test_kz2_seven_with_one_pawn_able_to_move():
    # pawn 1 on 15 is stuck behind seat 1's blockade on 16: only pawn 0 can move
    pawns = pawns_board(s0=[20, 15, "nest", "nest"], s1=[16, *NEST[1:]])
    assert legal_move_result(judge_move_case(pawns, "7S", {"pawn": 0, "steps": 7}))["pawns_after"][
        "0"
    ][:2] == [27, 15]
    assert listed_moves(pawns, ["7S"])["7S"] == [{"pawn": 0, "steps": 7}]


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
    pawns = pawns_board(s0=[10, 30, "nest", "nest"])
    illegal_move_citing(judge_move_case(pawns, "7S", {"split": parts}), "KZ-2")


def test_kz2_split_only_with_a_seven():
    pawns = pawns_board(s0=[10, 30, "nest", "nest"])
    illegal_move_citing(
        judge_move_case(pawns, "8S", {"split": [{"pawn": 0, "steps": 4}, {"pawn": 1, "steps": 4}]}),
        "KZ-2",
    )


def test_kz2_at_is_the_part_of_the_seven_that_breaks_the_rule():
    pawns = pawns_board(s0=[10, 30, "nest", "nest"], s1=[16, *NEST[1:]], s2=[32, *NEST[1:]])
    split = [{"pawn": 0, "steps": 5}, {"pawn": 1, "steps": 2}]  # 10 -> 15, 30 -> 32 blocked
    verdict = illegal_move_citing(judge_move_case(pawns, "7S", {"split": split}), "KZ-3")
    assert [v.get("at") for v in verdict["violations"]] == [1]
    split = [{"pawn": 0, "steps": 6}, {"pawn": 1, "steps": 1}]  # 10 -> 16 blocked
    verdict = illegal_move_citing(judge_move_case(pawns, "7S", {"split": split}), "KZ-3")
    assert [v.get("at") for v in verdict["violations"]] == [0]
