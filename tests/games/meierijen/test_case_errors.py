"""MeieRijen cases that cannot be judged: missing and wrong fields, contradictions, the
command line and junk anywhere."""

from __future__ import annotations

import copy
import io
import json

import pytest

from games import cases
from games.base import CaseError
from tests.games.cases_md import MR_ROUND, MR_TURN
from tests.games.helpers import case_error, judged_or_case_error, mutated, paths
from tests.games.meierijen.helpers import (
    BOARD,
    MR_ROUND_WITHOUT_OPTIONS,
    case_error_field,
    round_case,
    turn_case_with,
)

# --- no crash on malformed input -------------------------------------------------------------

JUNK_VALUES = [None, 0, -1, 1.5, True, "", "x", [], {}, [None], [[]], [{}], {"a": None}, ["5H"] * 3]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"piles": {"red": "8D", "black": "8C"}}, "piles.mix"),
        ({"piles": {"red": "JK", "black": "8C", "mix": "QH"}}, "piles.red"),
        ({"piles": {"red": "AD", "black": "8C", "mix": "QH"}}, "piles.red"),
        ({"piles": {"red": "8S", "black": "8C", "mix": "QH"}}, "piles.red"),
        ({"hand": ["9D", "9D", "9D"]}, "hand[1]"),
        ({"hand": ["XX"]}, "hand[0]"),
        ({"pawns": {"grey": "pile:red"}}, "pawns.grey"),
        ({"pawns": {"white": ["me"]}}, "pawns.white[0].place"),
        ({"pawns": {"white": ["opponent_open:5C"]}}, "pawns.white[0].place"),
        ({"pawns": {"white": ["start", "start", "start"]}}, "pawns.white"),
        ({"plays": [{"card": "9D", "to": "blue"}]}, "plays[0].to"),
        ({"plays": [{"card": "9D", "to": "red", "from": "sleeve"}]}, "plays[0].from"),
        ({"plays": [{"shout": "meierijen"}]}, "plays[0]"),
        ({"plays": [{"pawn_action": "place", "pawn": "white", "on": "moon"}]}, "plays[0].on"),
    ],
)
def test_turn_and_round_cases_that_cannot_be_judged_name_the_field(change, field):
    case = copy.deepcopy({**BOARD, "plays": []})
    case.update(change)
    assert case_error(case).field == field


def test_round_score_contradictions():
    case = copy.deepcopy(MR_ROUND_WITHOUT_OPTIONS)
    case["players"]["blue"]["hand"] = ["KH", "KH"]
    with pytest.raises(CaseError, match=r"^players\.blue\.hand\[1\]: KH appears more often"):
        cases.judge(case)
    case = copy.deepcopy(MR_ROUND_WITHOUT_OPTIONS)
    case["players"]["blue"]["pawns"] = ["grey"]
    with pytest.raises(CaseError, match=r"^players\.blue\.pawns: the game has only 1 grey"):
        cases.judge(case)
    case = copy.deepcopy(MR_ROUND_WITHOUT_OPTIONS)
    case["options"] = {"players": 3}
    with pytest.raises(CaseError, match=r"^options\.players"):
        cases.judge(case)


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"piles": None}, "piles"),
        ({"piles": {"red": "8D", "black": "8C"}}, "piles.mix"),
        ({"piles": {"red": "1D", "black": "8C", "mix": "QH"}}, "piles.red"),
        ({"piles": {"red": "8D", "black": "8H", "mix": "QH"}}, "piles.black"),
        ({"hand": ["9D", "XX"]}, "hand[1]"),
        ({"hand": ["9D", "11D"]}, "hand[1]"),
        ({"hand": ["9D", "9D"]}, "hand[1]"),
        ({"hand": ["JK", "JK", "JK"]}, "hand[2]"),
        ({"hand": "9D"}, "hand"),
        ({"draw_pile": ["9D", "9D"]}, "draw_pile[1]"),  # with 9D in hand: 3 of 2 decks
        ({"draw_pile": ["JK", "JK", "JK", "JK"]}, "draw_pile[3]"),  # 5 jokers of 4
        # one deck per player: 9D in hand and open, 9H open and on the penalty pile; the
        # later place in the case is named
        ({"open": {"me": ["9D"], "opponent": []}}, "open.me[0]"),
        ({"penalty": {"me": [], "opponent": ["9H", "KD"]}}, "penalty.opponent[0]"),
        (
            {"pawns": {"grey": "pile:red", "red": "start", "white": ["start", "start"]}},
            "pawns.grey",
        ),
        ({"plays": [{"card": "9D", "to": "purple"}]}, "plays[0].to"),
        ({"plays": [{"card": "9D", "to": "red", "from": "pocket"}]}, "plays[0].from"),
        ({"plays": [{"card": "ZZ", "to": "red"}]}, "plays[0].card"),
        ({"plays": [{"card": "9D"}]}, "plays[0].to"),
        ({"plays": "9D"}, "plays"),
        ({"plays": [{"pawn_action": "fly", "pawn": "grey"}]}, "plays[0].pawn_action"),
    ],
)
def test_cases_that_cannot_be_judged_name_the_field(changes, field):
    got = case_error_field(turn_case_with(**changes))
    assert got == field, (got, field)


@pytest.mark.parametrize("missing", ["piles", "hand"])
def test_a_missing_required_field(missing):
    data = turn_case_with()
    del data[missing]
    assert case_error_field(data) == missing


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"players": None}, "players"),
        ({"players": {"red": {"hand": ["KH", "KH"]}, "blue": {}}}, "players.red.hand[1]"),
        ({"players": {"red": {"hand": ["KH"], "open": ["KH"]}, "blue": {}}}, "players.red.open[0]"),
        ({"players": {"red": {"hand": ["ZZ"]}, "blue": {}}}, "players.red.hand[0]"),
        ({"players": {"red": {"pawns": ["purple"]}, "blue": {}}}, "players.red.pawns[0]"),
        (
            {"players": {"red": {"pawns": ["grey"]}, "blue": {"pawns": ["grey"]}}},
            "players.blue.pawns",
        ),
        ({"emptied_first": "green"}, "emptied_first"),
        ({"options": {"variant1": True, "colour": "red"}}, "options.colour"),
        ({"options": {"draw_rule": "three"}}, "options.draw_rule"),
    ],
)
def test_round_score_cases_that_cannot_be_judged(changes, field):
    data = copy.deepcopy(MR_ROUND)
    data.update(copy.deepcopy(changes))
    got = case_error_field(data)
    assert got == field, (got, field)


@pytest.mark.parametrize(
    ("rounds", "field"),
    [
        (None, "rounds"),
        ("two", "rounds"),
        ([5], "rounds[0]"),
        ([{"game": "meierijen", "check": "round_score"}], "rounds[0].players"),
    ],
)
def test_match_cases_that_cannot_be_judged(rounds, field):
    data = {"game": "meierijen", "check": "match", "rounds": rounds}
    got = case_error_field(data)
    assert got == field, (got, field)


def test_a_round_error_names_its_place_in_the_match():
    bad_round = round_case(1, 2)
    bad_round["players"]["red"]["hand"] = ["ZZ"]
    got = case_error_field(
        {"game": "meierijen", "check": "match", "rounds": [round_case(1, 2), bad_round]}
    )
    assert got.startswith("rounds[1]"), got


def test_unknown_check():
    assert case_error_field({"game": "meierijen", "check": "trick"}) == "check"


def test_cli_case_error_is_one_line_and_exit_2():
    data = turn_case_with(hand=["9D", "XX"])
    out, err = io.StringIO(), io.StringIO()
    assert cases.main(["-"], io.BytesIO(json.dumps(data).encode()), out, err) == 2
    assert out.getvalue() == ""
    assert err.getvalue().count("\n") == 1
    assert "hand[1]" in err.getvalue() and "Traceback" not in err.getvalue()


def test_cli_illegal_turn_exits_0():
    out, err = io.StringIO(), io.StringIO()
    assert cases.main(["-"], io.BytesIO(json.dumps(MR_TURN).encode()), out, err) == 0
    verdict = json.loads(out.getvalue())
    assert verdict["legal"] is False


@pytest.mark.parametrize(
    "good",
    [
        MR_TURN,
        MR_ROUND,
        {"game": "meierijen", "check": "match", "rounds": [MR_ROUND, round_case(1, 2)]},
    ],
)
def test_no_crash_on_junk_anywhere(good):
    places = paths(good, skip_keys={"game", "check"})[1:]
    assert places  # the loop below runs
    for path in places:
        for junk in JUNK_VALUES:
            judged_or_case_error(mutated(good, path, junk))
