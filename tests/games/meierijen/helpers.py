"""MeieRijen case builders and constants shared by the tests in this folder."""

from __future__ import annotations

import copy
from typing import Any

from tests.games.cases_md import MR_ROUND
from tests.games.helpers import case_error, judge_checked, legal_result

#: The CASES.md round_score example with basic scoring.
MR_ROUND_WITHOUT_OPTIONS = {k: v for k, v in MR_ROUND.items() if k != "options"}


V1 = {"variant1": True}


START = {"grey": "start", "red": "start", "white": ["start", "start"]}


BOARD: dict[str, Any] = {
    "game": "meierijen",
    "check": "turn",
    "piles": {"red": "8D", "black": "8C", "mix": "QH"},
    "hand": ["9D", "9C", "10H", "JK", "5S"],
    "draw_pile": ["3H", "4C", "QD", "6S", "7H", "KC"],
    "open": {"me": [], "opponent": ["9H"]},
    "penalty": {"me": [], "opponent": ["3S", "KD"]},
    "pawns": START,
}


PASS = {"pass": "5S", "to": "penalty"}


TEN = [{"card": "9D", "to": "red"}, {"card": "10H", "to": "red"}]  # a ten-card at index 1


TAKE_GREY = {"pawn_action": "take", "pawn": "grey"}


TAKE_RED = {"pawn_action": "take", "pawn": "red"}


def judge_mr(data: dict[str, Any]) -> dict[str, Any]:
    """Judge a case and check the verdict's shape (CASES.md "Every verdict")."""
    return judge_checked(data, game="meierijen", prefix="MR-")


def judge_turn(plays: list[dict[str, Any]], options: dict[str, Any] | None = None, **board: Any):
    """``judge_mr`` of ``BOARD`` with ``plays``, ``options`` and board parts replaced."""
    data = copy.deepcopy(BOARD)
    data.update(copy.deepcopy(board))
    data["plays"] = plays
    if options is not None:
        data["options"] = options
    return judge_mr(data)


def legal_turn_result(verdict: dict[str, Any]) -> dict[str, Any]:
    """A legal ``turn`` verdict's result, which has exactly the four CASES.md keys."""
    result = legal_result(verdict)
    assert set(result) == {"piles", "hand", "pawns", "finished"}, result
    return result


def first_violation_at(verdict: dict[str, Any], rule: str, at: int) -> dict[str, Any]:
    """Illegal, and the first violation (by ``at``) is ``rule`` at ``at``; the turn's board is
    left out of the result. Returns that violation."""
    assert isinstance(rule, str), rule  # one rule: a test names the rule it expects
    assert verdict["legal"] is False, verdict
    first = min(verdict["violations"], key=lambda v: v.get("at", 10**6))
    assert first["rule"] == rule, verdict["violations"]
    assert first.get("at") == at, verdict["violations"]
    # The board after a turn that breaks a rule cannot be computed: left out, never guessed.
    assert "piles" not in verdict["result"] and "hand" not in verdict["result"], verdict
    return first


def white_pawns(result: dict[str, Any]) -> list[str]:
    """The places of a turn result's white pawns, sorted."""
    return sorted(result["pawns"]["white"])


def case_error_field(data: dict[str, Any]) -> str:
    """The field a case that cannot be judged names (``case_error``)."""
    return case_error(data).field


def turn_case_with(**changes: Any) -> dict[str, Any]:
    """``BOARD`` without plays and with ``changes``, as a case (not judged)."""
    data = copy.deepcopy(BOARD)
    data["plays"] = []
    data.update(copy.deepcopy(changes))
    return data


def judge_round_score(players: dict[str, Any], options: dict[str, Any] | None = None, **extra: Any):
    """``judge_mr`` of a ``round_score`` case of ``players``."""
    data: dict[str, Any] = {"game": "meierijen", "check": "round_score", "players": players}
    if options is not None:
        data["options"] = options
    data.update(extra)
    return judge_mr(data)


def round_case(red: int, blue: int, first: str = "red", options: dict[str, Any] | None = None):
    """A whole round_score case where red has ``red`` and blue ``blue`` cards left."""
    pool = ["3H", "4H", "5H", "6H", "7H", "8H", "9H"]
    data: dict[str, Any] = {
        "game": "meierijen",
        "check": "round_score",
        "players": {"red": {"hand": pool[:red]}, "blue": {"hand": pool[:blue]}},
        "emptied_first": first,
    }
    if options is not None:
        data["options"] = options
    return data
