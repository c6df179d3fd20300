"""MeieRijen MR-4P: four players in two teams."""

from __future__ import annotations

import pytest

from games import cases
from games.base import CaseError
from tests.games.helpers import legal_result, violation_of
from tests.games.meierijen.helpers import PASS, TEN, V1, judge_round_score, judge_turn

# --- MR-4P four players ----------------------------------------------------------------------

FOUR = {"players": 4}


# --- MR-4P four players ----------------------------------------------------------------------

TEAMS = {"A": ["p1", "p3"], "B": ["p2", "p4"]}


# --- MR-4P Four players ----------------------------------------------------------------------


def test_mr4p_a_team_uses_its_own_open_cards_and_two_whites_may_share_a_pile():
    result = legal_result(
        judge_turn(
            [
                {"card": "9S", "from": "open", "to": "black"},
                *TEN,
                {"pawn_action": "place", "pawn": "white", "on": "pile:mix"},
                PASS,
            ],
            FOUR,
            open={"me": ["9S"], "opponent": ["9H"]},
            pawns={"grey": "start", "red": "start", "white": ["pile:mix", "start"]},
        )
    )
    assert result["pawns"]["white"] == ["pile:mix", "pile:mix"]


def test_mr4p_never_the_opponents_cards():
    violation_of(
        judge_turn([{"card": "9H", "from": "opponent_open", "to": "red"}], FOUR), "MR-4P", 0
    )
    violation_of(
        judge_turn([{"card": "KD", "from": "opponent_penalty", "to": "mix"}], FOUR), "MR-4P", 0
    )


def test_mr4p_round_score_sums_both_partners():
    # A scoring rule: the team totals are checked exactly.
    case = {
        "game": "meierijen",
        "check": "round_score",
        "options": FOUR,
        "players": {
            "Ann": {"hand": ["3H"], "open": ["4H", "5H"]},
            "Bas": {"hand": ["6C"]},
            "Cor": {"hand": ["7D", "8D"]},
            "Dirk": {"open": ["9S"]},
        },
        "teams": {"A": ["Ann", "Cor"], "B": ["Bas", "Dirk"]},
        "emptied_first": "Dirk",
    }
    assert legal_result(cases.judge(case)) == {"points": {"A": 5, "B": 2}, "winner": "B"}
    case["players"]["Dirk"]["open"] = ["9S", "10S", "JS"]
    assert legal_result(cases.judge(case)) == {"points": {"A": 5, "B": 4}, "winner": "B"}
    case["emptied_first"] = "A"
    case["players"]["Bas"]["hand"] = ["6C", "7C"]
    assert legal_result(cases.judge(case)) == {"points": {"A": 5, "B": 5}, "winner": "A"}


def test_mr4p_round_score_per_team():
    players = {
        "p1": {"hand": ["3H", "4H"]},
        "p2": {"hand": ["5S"]},
        "p3": {"open": ["6D"], "penalty": ["7D"]},
        "p4": {"hand": ["8S", "9S", "10S"]},
    }
    result = judge_round_score(players, teams=TEAMS, emptied_first="p1")["result"]
    assert result == {"points": {"A": 4, "B": 4}, "winner": "A"}
    result = judge_round_score(players, teams=TEAMS, emptied_first="p4")["result"]
    assert result == {"points": {"A": 4, "B": 4}, "winner": "B"}


def test_mr4p_team_variant1_with_shared_pawns():
    players = {
        "p1": {"hand": ["JK"], "pawns": ["red"]},
        "p2": {"hand": ["5S"]},
        "p3": {"open": ["AD"]},
        "p4": {"hand": ["8S"], "pawns": ["grey"]},
    }
    result = judge_round_score(players, V1, teams=TEAMS, emptied_first="p2")["result"]
    assert result == {"points": {"A": 5 + 5 + 2, "B": 1 + 1 + 3}, "winner": "B"}


def test_mr4p_team_basic_fewest_wins():
    players = {"p1": {}, "p2": {"hand": ["5S"]}, "p3": {}, "p4": {}}
    result = judge_round_score(players, teams=TEAMS, emptied_first="p2")["result"]
    assert result == {"points": {"A": 0, "B": 1}, "winner": "A"}


def test_mr4p_teams_must_name_the_players():
    players = {"p1": {}, "p2": {}, "p3": {}, "p4": {}}
    with pytest.raises(CaseError) as caught:
        cases.judge(
            {
                "game": "meierijen",
                "check": "round_score",
                "players": players,
                "teams": {"A": ["p1", "p3"], "B": ["p2", "p9"]},
            }
        )
    assert caught.value.field.startswith("teams")
