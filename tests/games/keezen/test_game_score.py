"""Keezen KZ-9: options and the game score."""

import json

import pytest

from games import cases
from games.base import CaseError
from tests.games.cases_md import KZ_MOVE
from tests.games.helpers import case_error, rules_in_order
from tests.games.keezen.helpers import ALL_HOME, first_message_says, judge_kz, pawns_board

# --- KZ-9 tournament game --------------------------------------------------------------


def judge_game_score_unchecked(**fields):
    return cases.judge({"game": "keezen", "check": "game_score", **fields})


# --- KZ-9 Tournament game --------------------------------------------------------------------


def test_kz9_two_points_per_pawn_home_and_ten_for_the_winner():
    v = judge_game_score_unchecked(pawns_home={"0+2": 8, "1+3": 5})
    assert v["legal"] and v["result"] == {
        "pawns_home": {"0+2": 8, "1+3": 5},
        "points": {"0+2": 26, "1+3": 10},
        "winner": "0+2",
        "finished": True,
    }
    v = judge_game_score_unchecked(
        players=6, pawns_home={"0": 4, "3": 2, "1": 1, "4": 0, "2": 3, "5": 3}
    )
    assert v["result"]["points"] == {"0+3": 12, "1+4": 2, "2+5": 12}
    assert v["result"]["winner"] is None and not v["result"]["finished"]
    v = judge_game_score_unchecked(
        options={"points_per_pawn": 3, "win_bonus": 0, "round_minutes": 45},
        pawns_home={"0+2": 6, "1+3": 8},
    )
    assert v["result"]["points"] == {"0+2": 18, "1+3": 24} and v["result"]["winner"] == "1+3"
    v = judge_game_score_unchecked(
        pawns={
            "0": ALL_HOME,
            "1": ["home:0", 5, "nest", "nest"],
            "2": ALL_HOME,
            "3": ["home:3", "home:2", 3, 4],
        }
    )
    assert v["result"]["pawns_home"] == {"0+2": 8, "1+3": 3}


def test_kz9_a_score_sheet_that_disagrees_is_refused():
    v = judge_game_score_unchecked(pawns_home={"0+2": 7, "1+3": 5}, winner="0+2")
    assert rules_in_order(v) == ["KZ-9"] and first_message_says(v, "no team")
    v = judge_game_score_unchecked(
        pawns_home={"0+2": 8, "1+3": 5}, winner="0+2", points={"0+2": 26, "1+3": 10}
    )
    assert v["legal"]
    v = judge_game_score_unchecked(pawns_home={"0+2": 8, "1+3": 5}, points={"0+2": 16, "1+3": 10})
    assert rules_in_order(v) == ["KZ-9"] and first_message_says(v, "scores 26, not 16")


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
        judge_game_score_unchecked(**fields)
    assert error.value.field == field


def test_kz9_options_are_accepted_with_non_default_values():
    data = dict(json.loads(json.dumps(KZ_MOVE)))
    data["options"] = {"points_per_pawn": 3, "win_bonus": 0, "round_minutes": 45}
    assert judge_kz(data)["legal"] is True


def test_kz9_unknown_option_cannot_be_judged():
    data = dict(json.loads(json.dumps(KZ_MOVE)))
    data["options"] = {"points_per_pown": 3}
    case_error(data, "options")


def test_kz9_game_score_defaults_and_options():
    data = {"game": "keezen", "check": "game_score", "pawns_home": {"0+2": 8, "1+3": 5}}
    result = judge_kz(data)["result"]
    assert result["points"] == {"0+2": 26, "1+3": 10}
    assert result["winner"] == "0+2"
    data["options"] = {"points_per_pawn": 3, "win_bonus": 0}
    assert judge_kz(data)["result"]["points"] == {"0+2": 24, "1+3": 15}
    data = {"game": "keezen", "check": "game_score", "pawns_home": {"0+2": 0, "1+3": 7}}
    result = judge_kz(data)["result"]
    assert result["points"] == {"0+2": 0, "1+3": 14} and result["winner"] is None
    # the board gives the same counts
    pawns = pawns_board(s0=ALL_HOME, s2=ALL_HOME, s1=["home:0", 5, "nest", "nest"])
    data = {"game": "keezen", "check": "game_score", "pawns": pawns}
    assert judge_kz(data)["result"]["points"] == {"0+2": 26, "1+3": 2}
