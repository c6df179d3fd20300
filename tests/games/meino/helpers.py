"""MEINO case builders and constants shared by the tests in this folder."""

from __future__ import annotations

from typing import Any

from games import cases
from tests.games.helpers import judge_checked


def run_me_unchecked(check: str, **fields: Any) -> dict[str, Any]:
    """The verdict of a MEINO ``check`` case built from ``fields``, without shape checks."""
    return cases.judge({"game": "meino", "check": check, **fields})


def judge_play_fields_unchecked(**fields: Any) -> dict[str, Any]:
    """``run_me_unchecked("play", **fields)``."""
    return run_me_unchecked("play", **fields)


def assert_legal(verdict: dict[str, Any]) -> None:
    """The verdict is legal (its violations shown otherwise)."""
    assert verdict["legal"], verdict["violations"]


def me_case(check, **fields):
    """A MEINO ``check`` case built from ``fields`` (not judged)."""
    return {"game": "meino", "check": check, **fields}


def judge_me(data):
    """Judge a whole MEINO case, its verdict's shape checked (``judge_checked``)."""
    return judge_checked(data, game="meino", prefix="ME-")


def run_me(check, **fields):
    """``judge_me`` of the ``check`` case built from ``fields``."""
    return judge_me(me_case(check, **fields))


def judge_play(top, card, hand=None, **more):
    """A ``play`` case; ``hand`` defaults to just the card played."""
    return run_me("play", top=top, card=card, hand=[card] if hand is None else hand, **more)
