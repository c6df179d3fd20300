"""Writing the results of the Keezen checks: a refusal as a violation (:func:`add`), the
pawns, the hits, a move in the ``move`` notation (:func:`move_json`) and the teams' result
(KZ-9)."""

from __future__ import annotations

from typing import Any

from games.base import Outcome, as_text
from games.keezen.board import (
    PAWNS,
    place_text,
)
from games.keezen.rules import (
    BACK,
    ENTER,
    FORWARD,
    SPLIT,
    SWAP,
    Move,
    Position,
    Refusal,
)
from games.keezen.scoring import game_score

# --- writing results -------------------------------------------------------------------


def add(outcome: Outcome, refusal: Refusal, at: int | None) -> None:
    """A refusal as a violation, its message starting with a capital as a sentence does."""
    outcome.add(refusal.rule, as_text(refusal.message).sentence(), at)


def pawns_json(position: Position) -> dict[str, list[str | int]]:
    g = position.g
    return {
        str(s): [place_text(position.pos[s * PAWNS + i], g.length) for i in range(PAWNS)]
        for s in range(g.players)
    }


def hits_json(hits: list[int]) -> list[dict[str, int]]:
    return [{"seat": pid >> 2, "pawn": pid & 3} for pid in hits]


def _part_json(pid: int, steps: int, into_home: bool) -> dict[str, Any]:
    part: dict[str, Any] = {"pawn": pid & 3, "steps": steps}
    if into_home:
        part["into_home"] = True
    return part


def move_json(move: Move, seat: int, mover: int) -> dict[str, Any]:
    """A generated move tuple in CASES.md notation (``for_seat`` when playing for a partner)."""
    kind = move[0]
    out: dict[str, Any]
    if kind == ENTER:
        out = {"enter": True}
    elif kind == FORWARD:
        out = _part_json(move[1], move[3], bool(move[4]))
    elif kind == BACK:
        out = {"pawn": move[1] & 3, "steps": 4}
    elif kind == SWAP:
        out = {"pawn": move[1] & 3, "swap": {"seat": move[2] >> 2, "pawn": move[2] & 3}}
    else:
        assert kind == SPLIT
        out = {"split": [_part_json(move[1], move[3], bool(move[4])),
                         _part_json(move[5], move[7], bool(move[8]))]}  # fmt: skip
    if mover != seat:
        out["for_seat"] = mover
    elif kind == SPLIT and move[5] >> 2 != mover:  # a 7's rest on the partner's pawn (KZ-8)
        out["for_seat"] = move[5] >> 2
    return out


def team_result(position: Position, options: Any) -> dict[str, Any]:
    g = position.g
    return game_score(
        g.team_names, [position.team_home(t) for t in range(len(g.team_seats))], options
    )
