"""An outside judge's check_hand cases for MR-5 (ten-cards), KZ-2 (the 7) and KZ-5 (home).

Each case is a CASES.md case written from the letter of RULES.md and the seeds
(seeds/meierijen.nl.txt: "Een tien-kaart leg je op een 9-kaart"; seeds/keezen.nl.txt:
"als er 1 pion in het spel is, doorgaan met 1 pion", home pawns placed "zo veel mogelijk
naar achter"), with the verdict expected by hand. They run through ``manage.py
check_hand`` itself (all cases in one call, one JSON line each) and through the engine
in-process.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games import cases

ROOT = Path(__file__).resolve().parents[2]
FRESH = {"grey": "start", "red": "start", "white": ["start", "start"]}
DRAW = ["3H", "4H", "5H", "6H", "7H", "8H", "9H"]


def mr_turn_case(piles, hand, plays, *, pawns=None, options=None):
    case = {
        "game": "meierijen",
        "check": "turn",
        "piles": piles,
        "hand": hand,
        "draw_pile": DRAW,
        "open": {"me": [], "opponent": []},
        "penalty": {"me": [], "opponent": []},
        "pawns": pawns or FRESH,
        "plays": plays,
    }
    if options:
        case["options"] = options
    return case


TAKE_GREY = {"pawn_action": "take", "pawn": "grey"}
TAKE_RED = {"pawn_action": "take", "pawn": "red"}
WHITE_ON_DRAW = {"pawn_action": "place", "pawn": "white", "on": "opponent_draw"}
PASS = {"pass": "3C", "to": "open"}
P4 = {"pass": "4C", "to": "open"}
GREY_ME = {"grey": "me", "red": "start", "white": ["start", "start"]}
V1 = {"variant1": True}

#: (name, case, legal, {rule: at or None}, result subset)
MEIERIJEN = [
    (
        "10 starts a new pile after an ace closed it: a pawn action is MR-5",
        mr_turn_case(
            {"red": "KH", "black": "5S", "mix": "7D"},
            ["AH", "10H", "3C", "4C", "6D"],
            [{"card": "AH", "to": "red"}, {"card": "10H", "to": "red"}, TAKE_GREY, PASS],
        ),
        False,
        {"MR-5": 2},
        {},
    ),
    (
        "10 starts a new pile after an ace, no pawn action: legal",
        mr_turn_case(
            {"red": "KH", "black": "5S", "mix": "7D"},
            ["AH", "10H", "3C", "4C", "6D"],
            [{"card": "AH", "to": "red"}, {"card": "10H", "to": "red"}, PASS],
        ),
        True,
        {},
        {"piles": {"red": "10H"}, "pawns": {"grey": "start"}, "finished": True},
    ),
    (
        "10 on an empty place given as null: no ten-card, nothing owed",
        mr_turn_case(
            {"red": None, "black": "5S", "mix": "7D"},
            ["10D", "3C", "4C", "6D", "KS"],
            [{"card": "10D", "to": "red"}, {"card": "6D", "to": "red", "as": None}, PASS],
        ),
        None,  # 6D on 10D is no legal step: only the pawn question is judged below
        {},
        {},
    ),
    (
        "joker as 10 on an empty place, then a pawn action: MR-5",
        mr_turn_case(
            {"red": "8D", "black": None, "mix": "7D"},
            ["JK", "3C", "4C", "6D", "KS"],
            [{"card": "JK", "to": "black", "as": "10"}, TAKE_RED, PASS],
        ),
        False,
        {"MR-5": 1},
        {},
    ),
    (
        "joker as 10 on a 9: a ten-card, grey pawn taken",
        mr_turn_case(
            {"red": "8D", "black": "9S", "mix": "7D"},
            ["JK", "3C", "4C", "6D", "KS"],
            [{"card": "JK", "to": "black", "as": "10"}, TAKE_GREY, PASS],
        ),
        True,
        {},
        {"pawns": {"grey": "me"}},
    ),
    (
        "black 2 as 10 on 9C: a ten-card, white pawn on the opponent's draw pile",
        mr_turn_case(
            {"red": "8D", "black": "9C", "mix": "7D"},
            ["2C", "3C", "4C", "6D", "KS"],
            [{"card": "2C", "to": "black", "as": "10"}, WHITE_ON_DRAW, PASS],
        ),
        True,
        {},
        {"piles": {"black": {"card": "2C", "as": "10"}}},
    ),
    (
        "red 2 as 10 on the mix pile's 9S: a ten-card",
        mr_turn_case(
            {"red": "8D", "black": "5C", "mix": "9S"},
            ["2H", "3C", "4C", "6D", "KS"],
            [{"card": "2H", "to": "mix", "as": "10"}, TAKE_RED, PASS],
        ),
        True,
        {},
        {"pawns": {"red": "me"}},
    ),
    (
        "a ten-card on a 9 and the next card without the pawn action: MR-5 there",
        mr_turn_case(
            {"red": "8D", "black": "9C", "mix": "7D"},
            ["10C", "8D", "4C", "6D", "KS"],
            [{"card": "10C", "to": "black"}, {"card": "8D", "to": "mix"}, TAKE_GREY, PASS],
        ),
        False,
        {"MR-5": 1},
        {},
    ),
    (
        "grey pawn held: 10 on a 10 is a ten-card (reading)",
        mr_turn_case(
            {"red": "8D", "black": "5C", "mix": "10H"},
            ["10S", "3C", "4C", "6D", "KS"],
            [{"card": "10S", "to": "mix"}, TAKE_RED, PASS],
            pawns={"grey": "me", "red": "start", "white": ["start", "start"]},
        ),
        True,
        {},
        {"pawns": {"red": "me"}},
    ),
    (
        "grey pawn held: 10 on a joker standing as 10 is a ten-card",
        mr_turn_case(
            {"red": "8D", "black": "5C", "mix": {"card": "JK", "as": "10"}},
            ["10C", "3C", "4C", "6D", "KS"],
            [{"card": "10C", "to": "mix"}, WHITE_ON_DRAW, PASS],
            pawns={"grey": "me", "red": "start", "white": ["start", "start"]},
        ),
        True,
        {},
        {},
    ),
    (
        "no grey pawn: 10 on a 10 is not a legal step",
        mr_turn_case(
            {"red": "8D", "black": "5C", "mix": "10H"},
            ["10S", "3C", "4C", "6D", "KS"],
            [{"card": "10S", "to": "mix"}, PASS],
        ),
        False,
        {"MR-2": 0},
        {},
    ),
    (
        "grey pawn held: a 9 on a 9 is a double but no ten-card",
        mr_turn_case(
            {"red": "9D", "black": "5C", "mix": "7D"},
            ["9H", "3C", "4C", "6D", "KS"],
            [{"card": "9H", "to": "red"}, TAKE_RED, PASS],
            pawns={"grey": "me", "red": "start", "white": ["start", "start"]},
        ),
        False,
        {"MR-5": 1},
        {},
    ),
    (
        "red pawn held: 10 on an 8 is a ten-card (reading)",
        mr_turn_case(
            {"red": "8D", "black": "5C", "mix": "7S"},
            ["10D", "3C", "4C", "6D", "KS"],
            [{"card": "10D", "to": "red"}, TAKE_GREY, PASS],
            pawns={"grey": "start", "red": "me", "white": ["start", "start"]},
        ),
        True,
        {},
        {"pawns": {"grey": "me"}},
    ),
    (
        "red pawn held: joker as 10 on a black 8 is a ten-card",
        mr_turn_case(
            {"red": "4D", "black": "8S", "mix": "7D"},
            ["JK", "3C", "4C", "6D", "KS"],
            [{"card": "JK", "to": "black", "as": "10"}, WHITE_ON_DRAW, PASS],
            pawns={"grey": "start", "red": "me", "white": ["start", "start"]},
        ),
        True,
        {},
        {},
    ),
    (
        "variant 1: a 10 laid down onto a J, then a pawn action: MR-5",
        mr_turn_case(
            {"red": "4D", "black": "JS", "mix": "7D"},
            ["10C", "3C", "4C", "6D", "KS"],
            [{"card": "10C", "to": "black", "direction": "down"}, TAKE_GREY, PASS],
            options=V1,
        ),
        False,
        {"MR-5": 1},
        {},
    ),
    (
        "variant 1: a 10 laid down onto a J without a pawn action: legal",
        mr_turn_case(
            {"red": "4D", "black": "JS", "mix": "7D"},
            ["10C", "3C", "4C", "6D", "KS"],
            [{"card": "10C", "to": "black", "direction": "down"}, PASS],
            options=V1,
        ),
        True,
        {},
        {"piles": {"black": "10C"}, "pawns": FRESH},
    ),
    (
        "variant 1: a 10 laid up onto a 9 is still a ten-card",
        mr_turn_case(
            {"red": "4D", "black": "9S", "mix": "7D"},
            ["10C", "3C", "4C", "6D", "KS"],
            [{"card": "10C", "to": "black"}, TAKE_GREY, PASS],
            options=V1,
        ),
        True,
        {},
        {"pawns": {"grey": "me"}},
    ),
    (
        "2 as 10 on an empty place, then a pawn action: MR-5",
        mr_turn_case(
            {"red": None, "black": "5S", "mix": "7D"},
            ["2D", "10H", "JH", "4C", "6D"],
            [{"card": "2D", "to": "red", "as": "10"}, TAKE_GREY, P4],
        ),
        False,
        {"MR-5": 1},
        {},
    ),
    (
        "grey pawn: 10 on a 9 and another 10 on that 10 give two pawn actions",
        mr_turn_case(
            {"red": "4D", "black": "9S", "mix": "7D"},
            ["10C", "10S", "4C", "6D", "KS"],
            [
                {"card": "10C", "to": "black"},
                TAKE_RED,
                {"card": "10S", "to": "black"},
                WHITE_ON_DRAW,
                P4,
            ],
            pawns=GREY_ME,
        ),
        True,
        {},
        {"pawns": {"red": "me", "white": ["opponent_draw", "start"]}},
    ),
    (
        "grey pawn: a 10 on an empty place is none, a 10 on that 10 is a ten-card",
        mr_turn_case(
            {"red": "4D", "black": None, "mix": "7D"},
            ["10C", "10S", "4C", "6D", "KS"],
            [{"card": "10C", "to": "black"}, {"card": "10S", "to": "black"}, P4],
            pawns=GREY_ME,
        ),
        False,
        {"MR-5": 2},
        {},
    ),
    (
        "variant 1: down from J to 10 after going up this turn is MR-V1",
        mr_turn_case(
            {"red": "8D", "black": "JS", "mix": "7D"},
            ["9D", "10C", "4C", "6D", "KS"],
            [{"card": "9D", "to": "red"}, {"card": "10C", "to": "black", "direction": "down"}, P4],
            options=V1,
        ),
        False,
        {"MR-V1": 1},
        {},
    ),
]


def kz_pawns_with_seat0(seat0, **others):
    pawns = {str(s): ["nest"] * 4 for s in range(4)}
    pawns["0"] = seat0
    for seat, where in others.items():
        pawns[seat.removeprefix("s")] = where
    return pawns


def kz_move_case(pawns, card, how):
    return {
        "game": "keezen",
        "check": "move",
        "players": 4,
        "seat": 0,
        "pawns": pawns,
        "card": card,
        "move": how,
    }


def seven_split(a, sa, b, sb, *, a_home=False):
    first = {"pawn": a, "steps": sa}
    if a_home:
        first["into_home"] = True
    return {"split": [first, {"pawn": b, "steps": sb}]}


KEEZEN = [
    (
        "7 with one track pawn and two home pawns: all seven with that pawn",
        kz_move_case(
            kz_pawns_with_seat0([10, "home:3", "home:2", "nest"]), "7H", {"pawn": 0, "steps": 7}
        ),
        True,
        {},
        {"pawns_after": {"0": [17, "home:3", "home:2", "nest"]}},
    ),
    (
        "7 split onto a home pawn (home:0 to home:2 would fit): refused",
        kz_move_case(
            kz_pawns_with_seat0([10, "home:0", "nest", "nest"]), "7H", seven_split(0, 5, 1, 2)
        ),
        False,
        {"KZ-2": None},
        {},
    ),
    (
        "7 split onto a pawn in the nest: refused",
        kz_move_case(
            kz_pawns_with_seat0([10, "nest", "nest", "nest"]), "7H", seven_split(0, 5, 1, 2)
        ),
        False,
        {"KZ-2": None},
        {},
    ),
    (
        "7 split over two track pawns while the other two are home: legal",
        kz_move_case(
            kz_pawns_with_seat0([5, 30, "home:3", "home:2"]), "7C", seven_split(0, 3, 1, 4)
        ),
        True,
        {},
        {"pawns_after": {"0": [8, 34, "home:3", "home:2"]}},
    ),
    (
        "7 split whose first part enters the home: legal",
        kz_move_case(
            kz_pawns_with_seat0([61, 20, "nest", "nest"]),
            "7C",
            seven_split(0, 3, 1, 4, a_home=True),
        ),
        True,
        {},
        {"pawns_after": {"0": ["home:0", 24, "nest", "nest"]}},
    ),
    (
        "2 for a pawn in the home (home:0 to home:2 would fit): refused",
        kz_move_case(
            kz_pawns_with_seat0(["home:0", 20, "nest", "nest"]), "2S", {"pawn": 0, "steps": 2}
        ),
        False,
        {"KZ-5": None},
        {},
    ),
    (
        "4 backward for a pawn in the home: refused",
        kz_move_case(
            kz_pawns_with_seat0(["home:2", 20, "nest", "nest"]), "4S", {"pawn": 0, "steps": 4}
        ),
        False,
        {"KZ-5": None},
        {},
    ),
    (
        "J swapping a home pawn: refused (KZ-2: a J swaps pawns on the track)",
        kz_move_case(
            kz_pawns_with_seat0(["home:0", 20, "nest", "nest"], s1=[30, "nest", "nest", "nest"]),
            "JH",
            {"pawn": 0, "swap": {"seat": 1, "pawn": 0}},
        ),
        False,
        {"KZ-2": None},
        {},
    ),
    (
        "4 backward from the own start square passes the home entrance to 60",
        kz_move_case(
            kz_pawns_with_seat0([0, "nest", "nest", "nest"]), "4D", {"pawn": 0, "steps": 4}
        ),
        True,
        {},
        {"pawns_after": {"0": [60, "nest", "nest", "nest"]}},
    ),
    (
        "4 backward can never turn into the home",
        kz_move_case(
            kz_pawns_with_seat0([2, "nest", "nest", "nest"]),
            "4D",
            {"pawn": 0, "steps": 4, "into_home": True},
        ),
        False,
        {"KZ-5": None},
        {},
    ),
    (
        "4 backward through the entrance lands on the track (61), not in the home",
        kz_move_case(
            kz_pawns_with_seat0([1, "nest", "nest", "nest"]), "4D", {"pawn": 0, "steps": 4}
        ),
        True,
        {},
        {"pawns_after": {"0": [61, "nest", "nest", "nest"]}},
    ),
    (
        "after going 4 back from the start, a later 5 may enter the home (reading)",
        kz_move_case(
            kz_pawns_with_seat0([60, "nest", "nest", "nest"]),
            "5D",
            {"pawn": 0, "steps": 5, "into_home": True},
        ),
        True,
        {},
        {"pawns_after": {"0": ["home:1", "nest", "nest", "nest"]}},
    ),
    (
        "entering the home may not jump a home pawn",
        kz_move_case(
            kz_pawns_with_seat0([62, "home:0", "nest", "nest"]),
            "3D",
            {"pawn": 0, "steps": 3, "into_home": True},
        ),
        False,
        {"KZ-5": None},
        {},
    ),
    (
        "entering the home in front of a home pawn with the exact count: legal",
        kz_move_case(
            kz_pawns_with_seat0([62, "home:1", "nest", "nest"]),
            "2D",
            {"pawn": 0, "steps": 2, "into_home": True},
        ),
        True,
        {},
        {"pawns_after": {"0": ["home:0", "home:1", "nest", "nest"]}},
    ),
    (
        "entering the home is optional: the pawn may go on round the track",
        kz_move_case(
            kz_pawns_with_seat0([62, "nest", "nest", "nest"]), "3D", {"pawn": 0, "steps": 3}
        ),
        True,
        {},
        {"pawns_after": {"0": [1, "nest", "nest", "nest"]}},
    ),
    (
        "7: a pawn that can go 1 step still counts, so the 7 must be split",
        kz_move_case(
            kz_pawns_with_seat0([14, 30, "nest", "nest"], s1=[16, "nest", "nest", "nest"]),
            "7H",
            {"pawn": 1, "steps": 7},
        ),
        False,
        {"KZ-2": None},
        {},
    ),
    (
        "7: the same board split 1 and 6 is legal",
        kz_move_case(
            kz_pawns_with_seat0([14, 30, "nest", "nest"], s1=[16, "nest", "nest", "nest"]),
            "7H",
            seven_split(0, 1, 1, 6),
        ),
        True,
        {},
        {"pawns_after": {"0": [15, 36, "nest", "nest"]}},
    ),
    (
        "7: a track pawn that cannot move at all does not count; the other takes all 7",
        kz_move_case(
            kz_pawns_with_seat0([15, 30, "nest", "nest"], s1=[16, "nest", "nest", "nest"]),
            "7H",
            {"pawn": 1, "steps": 7},
        ),
        True,
        {},
        {"pawns_after": {"0": [15, 37, "nest", "nest"]}},
    ),
    (
        "7 whole with the one track pawn may turn into the home",
        kz_move_case(
            kz_pawns_with_seat0([58, "home:3", "home:2", "nest"]),
            "7H",
            {"pawn": 0, "steps": 7, "into_home": True},
        ),
        True,
        {},
        {"pawns_after": {"0": ["home:1", "home:3", "home:2", "nest"]}},
    ),
]

LEGAL_MOVES = [
    (
        "one track pawn and a home pawn: the 7's only moves are with the track pawn",
        {
            "game": "keezen",
            "check": "legal_moves",
            "players": 4,
            "seat": 0,
            "pawns": kz_pawns_with_seat0([10, "home:0", "nest", "nest"]),
            "hand": ["7H", "2C"],
        },
        {"7H": [{"pawn": 0, "steps": 7}], "2C": [{"pawn": 0, "steps": 2}]},
        False,
    ),
    (
        "the track pawn is blocked and the home pawn never moves: nothing to play, fold",
        {
            "game": "keezen",
            "check": "legal_moves",
            "players": 4,
            "seat": 0,
            # Seat 1's pawn on its own start square (16) blocks 10 + 7 = 17; before
            # KZ-5's reading, 5 for the track pawn (15) and 2 for home:0 would do.
            "pawns": kz_pawns_with_seat0(
                [10, "home:0", "nest", "nest"], s1=[16, "nest", "nest", "nest"]
            ),
            "hand": ["7H"],
        },
        {"7H": []},
        True,
    ),
]


def subset(expected, actual):
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            k in actual and subset(v, actual[k]) for k, v in expected.items()
        )
    return expected == actual


def assert_verdict_matches(verdict, legal, rules, result):
    if legal is not None:
        assert verdict["legal"] is legal, verdict
        assert verdict["legal"] == (not verdict["violations"])
    found = {v["rule"]: v.get("at") for v in verdict["violations"]}
    for rule, at in rules.items():
        assert rule in found, verdict
        if at is not None:
            assert found[rule] == at, verdict
    assert subset(result, verdict["result"]), verdict


ALL = MEIERIJEN + KEEZEN


@pytest.mark.parametrize(
    ("case", "legal", "rules", "result"),
    [pytest.param(c, lg, r, res, id=n) for n, c, lg, r, res in ALL],
)
def test_engine_verdict(case, legal, rules, result):
    assert_verdict_matches(cases.judge(case), legal, rules, result)


def test_empty_place_ten_owes_no_pawn_action():
    # The third case: whatever the next card's verdict, no MR-5 is raised for the 10.
    verdict = cases.judge(MEIERIJEN[2][1])
    assert "MR-5" not in {v["rule"] for v in verdict["violations"]}


@pytest.mark.parametrize(
    ("case", "moves", "fold"),
    [pytest.param(c, m, f, id=n) for n, c, m, f in LEGAL_MOVES],
)
def test_legal_moves(case, moves, fold):
    verdict = cases.judge(case)
    assert verdict["legal"], verdict
    assert verdict["result"]["moves"] == moves
    assert verdict["result"]["fold"] is fold
    fold_case = {k: v for k, v in case.items() if k != "check"} | {
        "check": "move",
        "card": case["hand"][0],
        "move": {"fold": True},
    }
    assert cases.judge(fold_case)["legal"] is fold


def test_every_case_through_manage_py_check_hand(tmp_path):
    every = [c for _n, c, *_rest in ALL] + [c for _n, c, *_rest in LEGAL_MOVES]
    files = []
    for i, case in enumerate(every):
        path = tmp_path / f"case{i:02}.json"
        path.write_text(json.dumps(case))
        files.append(str(path))
    run = subprocess.run(
        [sys.executable, "manage.py", "check_hand", *files],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    verdicts = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(verdicts) == len(every)
    for (_name, _case, legal, rules, result), verdict in zip(ALL, verdicts, strict=False):
        assert_verdict_matches(verdict, legal, rules, result)
    for (_name, _case, moves, _fold), verdict in zip(
        LEGAL_MOVES, verdicts[len(ALL) :], strict=True
    ):
        assert verdict["result"]["moves"] == moves
