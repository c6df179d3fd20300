"""A Keezen move as a player wrote it down (:class:`MoveRequest` of :class:`Step` counts) and
the :class:`Refusal` that names the rule a move breaks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.base import Text

# --- the judge -------------------------------------------------------------------------


class Refusal(Exception):  # noqa: N818 - a refusal is the normal outcome of judging, not an error
    """A move breaks ``rule``; ``part`` is the index of the 7's part where it happens."""

    def __init__(self, rule: str, message: str, part: int | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.part = part


@dataclass(frozen=True, slots=True)
class Step:
    """One pawn's count: a plain move or a part of a 7 (``into_home`` chooses the home)."""

    pawn: int
    steps: int
    into_home: bool = False


@dataclass(frozen=True, slots=True)
class MoveRequest:
    """A move as written in a case (CASES.md ``move``): ``kind`` is ``enter``, ``steps``,
    ``swap``, ``split`` or ``fold``; ``for_seat`` names whose pawns move (KZ-8)."""

    kind: str
    step: Step | None = None
    pawn: int | None = None
    target: tuple[int, int] | None = None
    parts: tuple[Step, ...] = ()
    for_seat: int | None = None


Names = Callable[[int], "str | Text"]
