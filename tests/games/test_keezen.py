"""Keezen (KZ-1 … KZ-9): every rule legal and illegal through games.cases.judge, the seed's
examples, the checks' result formats and the errors that name a field.

Four players unless said otherwise: the track is squares 0-63, seat s starts on 16·s and
enters its home from 16·s - 1 (seat 0: start 0, entrance 63; seat 1: 16 and 15; ...).
"""

import copy

import pytest

from games import cases, registry
from games.base import CaseError
from tests.games.cases_md import KZ_MOVE as EXAMPLE
from tests.games.helpers import case_error, rules

NEST = ["nest"] * 4


def case(check="move", players=4, seat=0, pawns=None, **fields):
    """A CASES.md case; seats not named in ``pawns`` have all pawns in the nest."""
    board = {str(s): list(NEST) for s in range(players if isinstance(players, int) else 4)}
    board.update({str(s): places for s, places in (pawns or {}).items()})
    return {
        "game": "keezen",
        "check": check,
        "players": players,
        "seat": seat,
        "pawns": board,
        **fields,
    }


def judge(**fields):
    return cases.judge(case(**fields))


def says(verdict, words):
    """The first violation's message contains ``words`` (any case)."""
    return words.lower() in verdict["violations"][0]["message"].lower()


def after(verdict, seat):
    assert verdict["legal"], verdict["violations"]
    return verdict["result"]["pawns_after"][str(seat)]


def legal_moves(hand, **fields):
    verdict = judge(check="legal_moves", hand=hand, **fields)
    assert verdict["legal"]
    return verdict["result"]


# --- KZ-1 board ------------------------------------------------------------------------


def test_kz1_six_player_board_has_96_squares_and_seat_entrances():
    # Seat 0 enters its home from square 95 (16·0 - 1 mod 96); seat 4 starts on 64.
    v = judge(
        players=6,
        pawns={0: [95, *NEST[1:]]},
        card="AS",
        move={"pawn": 0, "steps": 1, "into_home": True},
    )
    assert after(v, 0) == ["home:0", "nest", "nest", "nest"]
    v = judge(
        players=6,
        seat=4,
        pawns={4: [60, *NEST[1:]]},
        card="5D",
        move={"pawn": 0, "steps": 5, "into_home": True},
    )
    assert after(v, 4)[0] == "home:1"  # 61, 62, 63 (the entrance), home:0, home:1
    v = judge(players=6, seat=4, card="KD", move={"enter": True})
    assert after(v, 4)[0] == 64


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
    assert rules(wrong) == ["KZ-1"] and wrong["violations"][0]["at"] == 1
    assert says(wrong, "seat 1's turn")


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
        judge(players=players, pawns=pawns, card="AS", move={"enter": True})
    assert error.value.field == field


def test_kz1_board_notation_and_table_size():
    # Home squares of different seats are different squares; "home:K" and digits are read.
    v = judge(
        pawns={0: ["home:1", " 20 ", "nest", "nest"], 1: ["home:1", *NEST[1:]]},
        card="3S",
        move={"pawn": 1, "steps": 3},
    )
    assert after(v, 0) == ["home:1", 23, "nest", "nest"]
    for bad, field in ((5, "players"), ("4", "players"), (["A", "B", "C"], "players")):
        with pytest.raises(CaseError) as error:
            judge(players=bad, card="AS", move={"enter": True})
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
    v = judge(
        players=["Ann", "Bas", "Cor", "Dirk"], seat=1, card="5H", move={"pawn": 0, "steps": 5}
    )
    assert rules(v) == ["KZ-2"]
    assert v["violations"][0]["message"].startswith("Bas's pawn 0 is in the nest")


# --- KZ-2 cards ------------------------------------------------------------------------


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
    assert after(judge(pawns={0: pawns}, card=card, move=move), 0) == expected


def test_kz2_jack_swaps_with_any_other_players_pawn_partner_included():
    board = {0: [10, *NEST[1:]], 1: [30, *NEST[1:]], 2: [40, *NEST[1:]]}
    v = judge(pawns=board, card="JH", move={"pawn": 0, "swap": {"seat": 1, "pawn": 0}})
    assert after(v, 0)[0] == 30 and after(v, 1)[0] == 10 and v["result"]["hits"] == []
    v = judge(pawns=board, card="JH", move={"pawn": 0, "swap": {"seat": 2, "pawn": 0}})
    assert after(v, 0)[0] == 40 and after(v, 2)[0] == 10


def test_kz2_the_example_of_cases_md():
    v = cases.judge(copy.deepcopy(EXAMPLE))
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
    v = judge(pawns={0: pawns, 1: [35, *NEST[1:]]}, card=card, move=move)
    assert rules(v) == ["KZ-2"], v
    assert says(v, word)
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
    assert after(judge(pawns=pawns, card="7S", move={"pawn": 0, "steps": 7}), 0) == [17, *home]
    assert legal_moves(["7S"], pawns=pawns)["moves"] == {"7S": [{"pawn": 0, "steps": 7}]}
    # a home pawn cannot take a part, even to a free square further in (KZ-5)
    split = {"split": [{"pawn": 0, "steps": 6}, {"pawn": 1, "steps": 1}]}
    v = judge(pawns=pawns, card="7S", move=split)
    assert rules(v) == ["KZ-2"] and says(v, "fewer than two pawns on the track")


def test_kz2_a_pawn_entering_the_home_whole_with_the_seven():
    # The one pawn on the track may take all seven into the home, beside the home pawns.
    pawns = {0: [60, "home:3", "nest", "nest"]}
    v = judge(pawns=pawns, card="7S", move={"pawn": 0, "steps": 6, "into_home": True})
    assert rules(v) == ["KZ-2"]  # a 7 is seven steps, not six
    result = legal_moves(["7S"], pawns=pawns)
    assert result["moves"]["7S"] == [{"pawn": 0, "steps": 7}]  # home:3 is taken: round
    pawns = {0: [59, "home:3", "nest", "nest"]}
    v = judge(pawns=pawns, card="7S", move={"pawn": 0, "steps": 7, "into_home": True})
    assert after(v, 0) == ["home:2", "home:3", "nest", "nest"]


def test_kz2_two_pawns_on_the_track_still_split_beside_home_pawns():
    pawns = {0: [10, 30, "home:3", "home:2"]}
    v = judge(pawns=pawns, card="7S", move={"pawn": 0, "steps": 7})
    assert rules(v) == ["KZ-2"] and says(v, "two or more pawns on the track")
    listed = legal_moves(["7S"], pawns=pawns)["moves"]["7S"]
    assert len(listed) == 6
    assert all({part["pawn"] for part in move["split"]} == {0, 1} for move in listed)


# --- KZ-3 blockade ---------------------------------------------------------------------


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
    v = judge(seat=seat, pawns=board, card=card, move=move)
    assert rules(v) == ["KZ-3"]
    assert says(v, word)


def test_kz3_the_blockade_holds_for_its_owner_too():
    # Seed: "De blokkade geldt ook voor de speler zelf. Die kan ook niet over zijn eigen pion heen."
    board = {0: [0, 60, "nest", "nest"]}
    v = judge(pawns=board, card="5H", move={"pawn": 1, "steps": 5})  # 61 62 63 0 1
    assert rules(v) == ["KZ-3"]
    v = judge(pawns=board, card="KH", move={"enter": True})  # own pawn on the start square
    assert rules(v) == ["KZ-3"] and says(v, "cannot put a pawn on the start square")
    # ... and a pawn that went round blocks its own start square as well
    v = judge(
        seat=1,
        pawns={0: [0, *NEST[1:]], 1: [60, *NEST[1:]]},
        card="5H",
        move={"pawn": 0, "steps": 5},
    )
    assert rules(v) == ["KZ-3"]


def test_kz3_the_blockade_is_lifted_when_the_pawn_leaves_its_start_square():
    # Seed: "Een blokkade wordt opgeheven, wanneer de speler van zijn startplaats af gaat."
    board = {0: [12, *NEST[1:]], 1: [16, *NEST[1:]]}
    assert rules(judge(pawns=board, card="5H", move={"pawn": 0, "steps": 5})) == ["KZ-3"]
    lifted = judge(seat=1, pawns=board, card="3H", move={"pawn": 0, "steps": 3})
    board = {int(s): p for s, p in lifted["result"]["pawns_after"].items()}
    assert after(judge(pawns=board, card="5H", move={"pawn": 0, "steps": 5}), 0)[0] == 17


def test_kz3_only_a_pawn_on_its_own_start_square_blocks():
    # Seat 2's pawn on seat 1's start square blocks nobody: it is passed, or hit.
    board = {0: [12, 14, "nest", "nest"], 2: [16, *NEST[1:]]}
    assert after(judge(pawns=board, card="5H", move={"pawn": 0, "steps": 5}), 0)[0] == 17
    v = judge(pawns=board, card="2H", move={"pawn": 1, "steps": 2})
    assert v["result"]["hits"] == [{"seat": 2, "pawn": 0}]
    # and it can be swapped
    v = judge(pawns=board, card="JS", move={"pawn": 0, "swap": {"seat": 2, "pawn": 0}})
    assert after(v, 0)[0] == 16


def test_kz3_an_own_jack_may_swap_the_own_blocking_pawn_a_partners_jack_not():
    board = {0: [0, *NEST[1:]], 1: [30, *NEST[1:]]}
    v = judge(pawns=board, card="JS", move={"pawn": 0, "swap": {"seat": 1, "pawn": 0}})
    assert after(v, 0)[0] == 30 and after(v, 1)[0] == 0
    home = ["home:0", "home:1", "home:2", "home:3"]
    v = judge(
        seat=2,
        pawns={**board, 2: home},
        card="JS",
        move={"pawn": 0, "swap": {"seat": 1, "pawn": 0}, "for_seat": 0},
    )
    assert rules(v) == ["KZ-3"]


# --- KZ-4 hitting ----------------------------------------------------------------------


def test_kz4_landing_hits_any_other_pawn_own_and_partner_included():
    board = {0: [10, 15, "nest", "nest"], 1: [20, *NEST[1:]], 2: [25, *NEST[1:]]}
    v = judge(pawns=board, card="10H", move={"pawn": 0, "steps": 10})  # on seat 1's pawn at 20
    assert v["result"]["hits"] == [{"seat": 1, "pawn": 0}] and after(v, 1)[0] == "nest"
    # Seed: "mag je deze er af gooien (ook als dit in je eigen nadeel is)"
    v = judge(pawns=board, card="5H", move={"pawn": 0, "steps": 5})
    assert v["result"]["hits"] == [{"seat": 0, "pawn": 1}] and after(v, 0)[:2] == [15, "nest"]
    v = judge(
        pawns=board,
        card="QH",
        move={"pawn": 1, "steps": 10 + 0},
    )
    assert rules(v) == ["KZ-2"]  # a Q is 12
    v = judge(pawns=board, card="10H", move={"pawn": 1, "steps": 10})  # partner at 25
    assert v["result"]["hits"] == [{"seat": 2, "pawn": 0}]


def test_kz4_only_the_landing_square_hits():
    board = {0: [10, *NEST[1:]], 1: [12, 14, "nest", "nest"]}
    v = judge(pawns=board, card="6H", move={"pawn": 0, "steps": 6})
    assert v["result"]["hits"] == [] and after(v, 1) == [12, 14, "nest", "nest"]


def test_kz4_entering_hits_a_pawn_on_the_start_square():
    v = judge(pawns={1: [0, *NEST[1:]]}, card="AS", move={"enter": True})
    assert v["result"]["hits"] == [{"seat": 1, "pawn": 0}] and after(v, 0)[0] == 0


def test_kz4_each_part_of_a_seven_hits():
    board = {0: [10, 30, "nest", "nest"], 1: [13, 34, "nest", "nest"]}
    v = judge(
        pawns=board, card="7C", move={"split": [{"pawn": 0, "steps": 3}, {"pawn": 1, "steps": 4}]}
    )
    assert v["result"]["hits"] == [{"seat": 1, "pawn": 0}, {"seat": 1, "pawn": 1}]


def test_kz4_a_pawn_hit_by_the_first_part_of_a_seven_cannot_make_the_second():
    board = {0: [10, 12, "nest", "nest"]}
    v = judge(
        pawns=board, card="7C", move={"split": [{"pawn": 0, "steps": 2}, {"pawn": 1, "steps": 5}]}
    )
    assert rules(v) == ["KZ-4"] and v["violations"][0]["at"] == 1
    v = judge(
        pawns=board, card="7C", move={"split": [{"pawn": 1, "steps": 5}, {"pawn": 0, "steps": 2}]}
    )
    assert after(v, 0)[:2] == [12, 17]


# --- KZ-5 home -------------------------------------------------------------------------


def test_kz5_entering_the_home_with_the_exact_count():
    v = judge(
        pawns={0: [60, *NEST[1:]]}, card="7H", move={"pawn": 0, "steps": 7, "into_home": True}
    )
    assert after(v, 0)[0] == "home:3"  # 61 62 63 home:0 home:1 home:2 home:3
    v = judge(
        pawns={0: [63, "home:2", "nest", "nest"]},
        card="2H",
        move={"pawn": 0, "steps": 2, "into_home": True},
    )
    assert after(v, 0)[:2] == ["home:1", "home:2"]


def test_kz5_entering_is_a_choice_the_pawn_may_go_round():
    v = judge(pawns={0: [60, *NEST[1:]]}, card="7H", move={"pawn": 0, "steps": 7})
    assert after(v, 0)[0] == 3
    # Seed rule 5: every card must be played if possible, even past one's own home.
    result = legal_moves(["QS"], pawns={0: [62, *NEST[1:]]})
    assert result["moves"] == {"QS": [{"pawn": 0, "steps": 12}]}
    v = judge(pawns={0: [62, *NEST[1:]]}, card="QS", move={"fold": True}, hand=["QS"])
    assert rules(v) == ["KZ-6"]


def test_kz5_four_back_from_the_start_then_into_the_home():
    v = judge(pawns={0: [0, *NEST[1:]]}, card="4H", move={"pawn": 0, "steps": 4})
    assert after(v, 0)[0] == 60
    v = judge(
        pawns={0: [60, *NEST[1:]]}, card="5H", move={"pawn": 0, "steps": 5, "into_home": True}
    )
    assert after(v, 0)[0] == "home:1"


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
    v = judge(pawns={0: ["home:0", "home:3", "nest", "nest"]}, card=card, move=move)
    assert rules(v) == ["KZ-5"] and says(v, "never moves again") and says(v, "(home 0)")
    assert v["result"] == {}


def test_kz5_with_only_home_pawns_no_card_moves_and_the_hand_is_laid_down():
    # Three pawns home (one short of the deepest square) and one in the nest: only an A or a
    # K can do something; without one, the player folds (KZ-6).
    board = {0: ["home:0", "home:1", "home:2", "nest"]}
    result = legal_moves(["AC", "2C", "3C", "4C", "7C", "QC"], pawns=board)
    assert result["moves"] == {
        "AC": [{"enter": True}], "2C": [], "3C": [], "4C": [], "7C": [], "QC": [],
    }  # fmt: skip
    result = legal_moves(["2C", "3C", "4C", "7C"], pawns=board)
    assert result["count"] == 0 and result["fold"] is True
    v = judge(pawns=board, card=None, move={"fold": True}, hand=["2C", "3C", "4C", "7C"])
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
    v = judge(pawns={0: pawns}, card=card, move=move)
    assert rules(v) == ["KZ-5"]
    assert says(v, word)


def test_kz5_a_seven_part_into_the_home():
    v = judge(
        pawns={0: [61, 20, "nest", "nest"]},
        card="7H",
        move={"split": [{"pawn": 0, "steps": 4, "into_home": True}, {"pawn": 1, "steps": 3}]},
    )
    assert after(v, 0)[:2] == ["home:1", 23]
    v = judge(
        pawns={0: [62, 20, "nest", "nest"]},
        card="7H",
        move={"split": [{"pawn": 0, "steps": 6, "into_home": True}, {"pawn": 1, "steps": 1}]},
    )
    assert rules(v) == ["KZ-5"] and v["violations"][0]["at"] == 0


# --- KZ-6 must play --------------------------------------------------------------------


def test_kz6_fold_only_without_a_playable_card():
    v = judge(card=None, move={"fold": True}, hand=["5H", "9C", "JD"])
    assert v["legal"] and v["result"]["hits"] == []
    result = legal_moves(["5H", "9C", "JD"])
    assert result == {"moves": {"5H": [], "9C": [], "JD": []}, "count": 0, "fold": True}
    v = judge(move={"fold": True}, hand=["5H", "9C", "KD"])
    assert rules(v) == ["KZ-6"] and says(v, "KD")


def test_kz6_a_fold_needs_the_hand():
    with pytest.raises(CaseError, match=r"^hand: is missing"):
        judge(move={"fold": True})


def test_kz6_a_card_not_in_the_given_hand_is_a_contradiction():
    with pytest.raises(CaseError, match=r"^card: 5H is not in the hand"):
        judge(card="5H", move={"pawn": 0, "steps": 5}, hand=["6H"], pawns={0: [3, *NEST[1:]]})


# --- KZ-7 dealing ----------------------------------------------------------------------


def _deal(dealer=0, size=5, shuffle=True, players=4, first=0):
    """Hands without aces and kings: with every pawn in the nest, nobody can play."""
    from games.cards import keezen_deck

    deck = [str(c) for c in keezen_deck(players) if c.rank < 13][first:]
    hands = {str(s): deck[s * size : (s + 1) * size] for s in range(players)}
    return {"deal": {"dealer": dealer, "shuffle": shuffle, "hands": hands}}


def _replay(events, players=4, **fields):
    return cases.judge(
        {"game": "keezen", "check": "replay", "players": players, "events": events, **fields}
    )


def test_kz7_five_cards_from_a_fresh_deck_then_four():
    fold = {"move": {"fold": True}}
    # 2S..6S, 7S..JS, QS..3H, 4H..8H: seat 1 holds 7S-JS with nothing in play: it folds.
    first = _deal()
    v = _replay([first, *[fold] * 4, _deal(size=4, shuffle=False, first=20)])
    assert v["legal"], v["violations"]
    assert v["result"]["deals"] == 2 and v["result"]["turns"] == 4
    v = _replay([_deal(size=4)])
    assert rules(v) == ["KZ-7"] and says(v, "4 cards instead of 5")
    v = _replay([first, *[fold] * 4, _deal(size=5, shuffle=False, first=20)])
    assert rules(v) == ["KZ-7"] and v["violations"][0]["at"] == 5
    v = _replay([first, *[fold] * 4, _deal(size=4, shuffle=True, first=20)])
    assert rules(v) == ["KZ-7"] and says(v, "not used up")
    v = _replay([first, *[fold] * 4, _deal(dealer=1, size=4, shuffle=False, first=20)])
    assert rules(v) == ["KZ-7"] and says(v, "seat 0 deals now")
    v = _replay([first, *[fold] * 3, _deal(size=4, shuffle=False, first=20)])
    assert rules(v) == ["KZ-7"] and says(v, "every card of the last one")
    # the same cards again before the deck is used up
    v = _replay([first, *[fold] * 4, _deal(size=4, shuffle=False, first=0)])
    assert rules(v) == ["KZ-7"] and says(v, "since the last shuffle")


def test_kz7_the_deal_passes_left_when_the_deck_is_used_up():
    log = registry.get("keezen").simulate(5).log
    deals = [i for i, event in enumerate(log["events"]) if "deal" in event]
    assert [log["events"][i]["deal"]["dealer"] for i in deals[:7]] == [0, 0, 0, 1, 1, 1, 2]
    assert [len(log["events"][i]["deal"]["hands"]["0"]) for i in deals[:4]] == [5, 4, 4, 5]
    assert _replay(log["events"])["legal"]
    for field, value in (("dealer", 0), ("shuffle", False)):
        events = [dict(e) for e in log["events"]]
        events[deals[3]] = {"deal": {**events[deals[3]]["deal"], field: value}}
        v = _replay(events)
        assert rules(v) == ["KZ-7"] and v["violations"][0]["at"] == deals[3]


def test_kz7_a_card_not_held_and_a_turn_without_cards():
    v = _replay([_deal(), {"seat": 1, "card": "AH", "move": {"enter": True}}])
    assert rules(v) == ["KZ-7"] and says(v, "not in the hand dealt")
    v = _replay([{"seat": 1, "move": {"fold": True}}])
    assert rules(v) == ["KZ-7"] and says(v, "a new deal is due")


def test_kz7_six_players_use_one_and_a_half_decks():
    # The half deck is two whole suits; the seed leaves open which two ("bijvoorbeeld"),
    # so any card may come twice, but at most two suits can have a card twice.
    result = legal_moves(["7S", "7S", "AH", "AH"], players=6)
    assert list(result["moves"]) == ["7S", "AH"]
    result = legal_moves(["7D", "7D", "AC", "AC"], players=6)
    assert list(result["moves"]) == ["7D", "AC"]
    with pytest.raises(CaseError, match=r"^hand: holds 7D 3 times; one and a half decks hold 2"):
        legal_moves(["7D", "7D", "7D"], players=6)
    with pytest.raises(CaseError, match=r"^hand: holds cards of 3 suits \(C, D, H\) twice"):
        legal_moves(["7D", "7D", "AC", "AC", "2H", "2H"], players=6)
    with pytest.raises(CaseError, match=r"^hand: holds 7S 2 times; the deck has 1"):
        legal_moves(["7S", "7S"])
    with pytest.raises(CaseError, match=r"^hand\[0\]: Keezen is played without jokers"):
        legal_moves(["JK"])


# --- KZ-8 partner ----------------------------------------------------------------------

HOME = ["home:0", "home:1", "home:2", "home:3"]


def test_kz8_a_player_with_four_pawns_home_plays_for_the_partner():
    board = {0: HOME, 2: [40, *NEST[1:]]}
    v = judge(pawns=board, card="5H", move={"pawn": 0, "steps": 5, "for_seat": 2})
    assert after(v, 2)[0] == 45
    result = legal_moves(["AS", "5H"], pawns=board)
    assert result["for_seat"] == 2
    assert result["moves"]["AS"] == [
        {"enter": True, "for_seat": 2},
        {"pawn": 0, "steps": 1, "for_seat": 2},
    ]
    # six players: the partner sits three seats on
    v = judge(
        players=6,
        seat=1,
        pawns={1: HOME, 4: [70, *NEST[1:]]},
        card="2C",
        move={"pawn": 0, "steps": 2, "for_seat": 4},
    )
    assert after(v, 4)[0] == 72


@pytest.mark.parametrize(
    ("pawns", "move", "word"),
    [
        (
            {0: [10, *NEST[1:]], 2: [40, *NEST[1:]]},
            {"pawn": 0, "steps": 5, "for_seat": 2},
            "only once all four",
        ),
        ({0: HOME, 2: [40, *NEST[1:]]}, {"pawn": 0, "steps": 5, "for_seat": 0}, "partner seat 2"),
        ({0: HOME, 1: [40, *NEST[1:]]}, {"pawn": 0, "steps": 5, "for_seat": 1}, "not for seat 1"),
        (
            {0: [10, *NEST[1:]], 1: [40, *NEST[1:]]},
            {"pawn": 0, "steps": 5, "for_seat": 1},
            "seat 1's pawns",
        ),
    ],
)
def test_kz8_partner_pawns_only_once_the_own_four_are_home(pawns, move, word):
    v = judge(pawns=pawns, card="5H", move=move)
    assert rules(v) == ["KZ-8"] and says(v, word)


def test_kz8_the_game_ends_when_both_partners_are_home():
    v = judge(
        pawns={0: HOME, 2: HOME, 1: [20, *NEST[1:]]},
        seat=1,
        card="5H",
        move={"pawn": 0, "steps": 5},
    )
    assert rules(v) == ["KZ-8"] and says(v, "the game is over")
    board = {0: HOME, 2: [30, *HOME[1:]]}  # seat 2 enters its home from square 31

    def replay(*more):
        """Seat 0 (all home) brings its partner's last pawn home, then ``more``."""
        events = [
            _deal(dealer=3),
            {
                "seat": 0,
                "card": "2S",
                "move": {"pawn": 0, "steps": 2, "into_home": True, "for_seat": 2},
            },
            *more,
        ]
        return _replay(events, pawns={str(s): board.get(s, NEST) for s in range(4)})

    v = replay()
    assert v["legal"] and v["result"]["winner"] == "0+2" and v["result"]["finished"]
    assert v["result"]["points"] == {"0+2": 26, "1+3": 0}
    v = replay({"seat": 1, "move": {"fold": True}})
    assert rules(v) == ["KZ-8"] and v["violations"][0]["at"] == 2


# --- KZ-9 tournament game --------------------------------------------------------------


def _score(**fields):
    return cases.judge({"game": "keezen", "check": "game_score", **fields})


def test_kz9_two_points_per_pawn_home_and_ten_for_the_winner():
    v = _score(pawns_home={"0+2": 8, "1+3": 5})
    assert v["legal"] and v["result"] == {
        "pawns_home": {"0+2": 8, "1+3": 5},
        "points": {"0+2": 26, "1+3": 10},
        "winner": "0+2",
        "finished": True,
    }
    v = _score(players=6, pawns_home={"0": 4, "3": 2, "1": 1, "4": 0, "2": 3, "5": 3})
    assert v["result"]["points"] == {"0+3": 12, "1+4": 2, "2+5": 12}
    assert v["result"]["winner"] is None and not v["result"]["finished"]
    v = _score(
        options={"points_per_pawn": 3, "win_bonus": 0, "round_minutes": 45},
        pawns_home={"0+2": 6, "1+3": 8},
    )
    assert v["result"]["points"] == {"0+2": 18, "1+3": 24} and v["result"]["winner"] == "1+3"
    v = _score(
        pawns={
            "0": HOME,
            "1": ["home:0", 5, "nest", "nest"],
            "2": HOME,
            "3": ["home:3", "home:2", 3, 4],
        }
    )
    assert v["result"]["pawns_home"] == {"0+2": 8, "1+3": 3}


def test_kz9_a_score_sheet_that_disagrees_is_refused():
    v = _score(pawns_home={"0+2": 7, "1+3": 5}, winner="0+2")
    assert rules(v) == ["KZ-9"] and says(v, "no team")
    v = _score(pawns_home={"0+2": 8, "1+3": 5}, winner="0+2", points={"0+2": 26, "1+3": 10})
    assert v["legal"]
    v = _score(pawns_home={"0+2": 8, "1+3": 5}, points={"0+2": 16, "1+3": 10})
    assert rules(v) == ["KZ-9"] and says(v, "scores 26, not 16")


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"pawns_home": {"0+2": 8, "1+3": 8}}, "pawns_home"),
        ({"pawns_home": {"0+2": 9, "1+3": 0}}, "pawns_home.0+2"),
        ({"pawns_home": {"0": 5, "1": 0, "2": 0, "3": 0}}, "pawns_home.0"),
        ({"pawns_home": {"0+1": 3}}, "pawns_home.0+1"),
        ({"pawns_home": {"0+2": 3}}, "pawns_home.1+3"),
        ({}, "pawns_home"),
        ({"pawns_home": {"0+2": 3, "1+3": 1}, "winner": "2+0"}, "winner"),
        ({"pawns_home": {"0+2": 3, "1+3": 1}, "points": {"x": 1}}, "points.x"),
        (
            {"pawns_home": {"0+2": 3, "1+3": 1}, "options": {"points_per_pawn": -1}},
            "options.points_per_pawn",
        ),
    ],
)
def test_kz9_bad_score_cases_name_the_field(fields, field):
    with pytest.raises(CaseError) as error:
        _score(**fields)
    assert error.value.field == field


# --- legal_moves -----------------------------------------------------------------------


def test_legal_moves_lists_every_card_and_move_once():
    result = legal_moves(
        ["7H", "JS", "4C", "AS", "KD", "KH"],
        pawns={0: ["nest", 20, 5, "home:0"], 1: [16, *NEST[1:]], 3: [40, 3, "nest", "nest"]},
    )
    moves = result["moves"]
    assert list(moves) == ["7H", "JS", "4C", "AS", "KD", "KH"]
    assert moves["4C"] == [{"pawn": 2, "steps": 4}]  # pawn 1 would land on seat 1's blockade
    assert moves["KD"] == moves["KH"] == [{"enter": True}]
    assert moves["JS"] == [
        {"pawn": p, "swap": {"seat": 3, "pawn": q}} for p in (1, 2) for q in (0, 1)
    ]
    # 7: pawns 1 and 2 on the track split it (1 … 6 steps for pawn 1); pawn 3 on home:0
    # never moves again (KZ-5) and does not count for the split (KZ-2)
    assert moves["7H"] == [
        {"split": [{"pawn": 1, "steps": k}, {"pawn": 2, "steps": 7 - k}]} for k in range(1, 7)
    ]
    assert result["count"] == sum(map(len, moves.values()))
    for listed in moves.values():
        assert len({repr(m) for m in listed}) == len(listed)


def test_legal_moves_of_a_seven_lists_both_orders_only_when_they_differ():
    result = legal_moves(["7D"], pawns={0: [10, 11, "nest", "nest"]})
    splits = [tuple((p["pawn"], p["steps"]) for p in m["split"]) for m in result["moves"]["7D"]]
    # pawn 0 going 1 would hit pawn 1: only pawn 1 first; both on 14 (4 + 3): two outcomes
    assert splits == [
        ((0, 2), (1, 5)),
        ((0, 3), (1, 4)),
        ((0, 4), (1, 3)),
        ((0, 5), (1, 2)),
        ((0, 6), (1, 1)),
        ((1, 6), (0, 1)),
        ((1, 3), (0, 4)),
    ]


def test_legal_moves_offers_the_home_and_the_way_round():
    result = legal_moves(["3S"], pawns={0: [62, *NEST[1:]]})
    assert result["moves"]["3S"] == [
        {"pawn": 0, "steps": 3},
        {"pawn": 0, "steps": 3, "into_home": True},
    ]


# --- errors ----------------------------------------------------------------------------


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
    data = case(card="5H", move={"pawn": 0, "steps": 5})
    data.update(fields)
    assert case_error(data).field == field


def test_unknown_options_and_checks():
    data = {**case(card="AS", move={"enter": True}), "options": {"jokers": True}}
    assert case_error(data).field == "options.jokers"
    assert case_error({**case(), "check": "trick"}).field == "check"
