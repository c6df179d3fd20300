"""MEINO at a tournament table (ME-13, ME-14): round by round or the final totals.

A detailed row is a round with every side's hand points: exactly one side has 0 (it went
out and gets a tally mark), every other side at least 1 (a card left counts at least 1),
and the hands together no more than the deck can hold (ME-1: 110 cards, or 55 with the
``compact`` option). The game is finished after the round in which a total reached 500,
and no round follows it (ME-14). A summary gives each side's total and tally marks
(rounds won); its checks: the totals fit the rounds the marks add up to, and finished
exactly when a total is 500 or more. Rank: the lower total, then more tally marks
(ME-14); the margin is the total (lower is better).

Pure Python: no Django here (tests/test_architecture.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.meino.rules import MAX_PLAYERS, MIN_PLAYERS
from games.meino.scoring import TARGET, game_winner, most_round_points, standings
from games.results import (
    Field,
    Layout,
    ResultError,
    ResultSpec,
    TableResult,
    _,
    running_totals,
    side_names,
    table_result,
)

MAX_ROUNDS = 60
#: The most one round gives (the full 110-card deck; ``compact`` is checked in :func:`score`).
MOST_ROUND = most_round_points()

LAYOUT = Layout(
    modes=("detailed", "summary"),
    row_label=_("Deal"),
    row_fields=(
        Field("points", _("Points"), "int", minimum=0, maximum=MOST_ROUND,
              help=_("The value of the cards left in hand; 0 for the player who went out "
                     "(ME-13).")),
    ),
    summary_fields=(
        Field("total", _("Total"), "int", minimum=0, maximum=TARGET - 1 + MOST_ROUND,
              help=_("The total of all rounds (ME-14).")),
        Field("marks", _("Tally marks"), "int", minimum=0, maximum=MAX_ROUNDS,
              help=_("The rounds this player won by going out (ME-13).")),
    ),
    max_rows=MAX_ROUNDS,
)  # fmt: skip


def score(entry: Mapping[str, Any], sides: int, options: Mapping[str, Any]) -> TableResult:
    """A checked entry (:func:`games.results.score_entry`) ranked by total, then marks."""
    names = side_names(sides)
    most = most_round_points(compact=options["compact"])
    if entry["mode"] == "summary":
        totals = [side["total"] for side in entry["sides"]]
        marks = [side["marks"] for side in entry["sides"]]
        _check_summary(totals, marks, most)
        return _result(names, totals, marks, entry["finished"])
    rounds = [[side["points"] for side in row["sides"]] for row in entry["rows"]]
    went_out = [_check_round(points, index, most) for index, points in enumerate(rounds)]
    state = standings(names, rounds, went_out)
    after = state["finished_after"]
    if after is not None and after < len(rounds):
        raise ResultError(
            f"rows[{after}]",
            _("A total reached 500 in round %(won)s: round %(round)s should not have been "
              "played (ME-14)."),
            won=after, round=after + 1,
        )  # fmt: skip
    totals = [state["totals"][name] for name in names]
    marks = [state["tally"][name] for name in names]
    return _result(names, totals, marks, entry["finished"], running_totals(rounds))


def _check_round(points: Sequence[int], index: int, most: int) -> int:
    """ME-13: one side went out with 0 and the hands fit the deck; the side that went out."""
    path = f"rows[{index}].sides"
    out = [side for side, value in enumerate(points) if value == 0]
    if not out:
        raise ResultError(
            path, _("Deal %(round)s: the player who went out scores 0, and nobody has 0 "
                    "(ME-13)."),
            round=index + 1,
        )  # fmt: skip
    if len(out) > 1:
        raise ResultError(
            f"{path}[{out[1]}].points",
            _("Deal %(round)s: only one player goes out, but %(count)s have 0 points "
              "(ME-13)."),
            round=index + 1, count=len(out),
        )  # fmt: skip
    held = sum(points)
    if held > most:
        raise ResultError(
            path,
            _("Deal %(round)s: the hands together hold %(held)s points, more than the deck "
              "allows (%(most)s, ME-1, ME-13)."),
            round=index + 1, held=held, most=most,
        )  # fmt: skip
    return out[0]


def _check_summary(totals: Sequence[int], marks: Sequence[int], most: int) -> None:
    """The rounds are the marks added up (one per round, ME-13); every round a side did
    not win adds 1 to ``most`` points to its total, none for a round it won. Every total
    was below 500 before the last round (ME-14), which added at most ``most``: the
    field's maximum holds for the full deck, this one for the ``compact`` deck too."""
    rounds = sum(marks)
    for side, (total, won) in enumerate(zip(totals, marks, strict=True)):
        if total > TARGET - 1 + most:
            raise ResultError(
                f"sides[{side}].total",
                _("Every total was below 500 before the last round, which adds at most "
                  "%(most)s points: the total is at most %(total)s (ME-13, ME-14)."),
                most=most, total=TARGET - 1 + most,
            )  # fmt: skip
        lost = rounds - won
        if total < lost:
            raise ResultError(
                f"sides[{side}].total",
                _("This player did not go out in %(lost)s of the %(rounds)s rounds, each "
                  "adding at least 1 point: the total is at least %(lost)s (ME-13)."),
                lost=lost, rounds=rounds,
            )  # fmt: skip
        if total > lost * most:
            raise ResultError(
                f"sides[{side}].total",
                _("This player did not go out in %(lost)s of the %(rounds)s rounds, each "
                  "adding at most %(most)s points: the total is at most %(total)s (ME-13)."),
                lost=lost, rounds=rounds, most=most, total=lost * most,
            )  # fmt: skip


def _result(
    names: Sequence[str],
    totals: Sequence[int],
    marks: Sequence[int],
    finished: bool,
    running: Sequence[Sequence[int]] = (),
) -> TableResult:
    """ME-14: finished exactly when a total is 500 or more; ranked by the lower total,
    then more marks."""
    reached = max(totals) >= TARGET
    if finished and not reached:
        raise ResultError(
            "finished", _("No total has reached 500 yet, so the game goes on (ME-14).")
        )
    if reached and not finished:
        raise ResultError(
            "finished", _("A total has reached 500: the game ends after that round (ME-14).")
        )
    winner = game_winner(names, totals, marks) if finished else None
    return table_result(
        scores=totals,
        margins=[-total for total in totals],
        keys=[(-total, won) for total, won in zip(totals, marks, strict=True)],
        finished=finished,
        winner=int(winner) if isinstance(winner, str) else None,
        totals=running,
    )


RESULTS = ResultSpec(
    layout=LAYOUT,
    score=score,
    sides=tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
    score_label=_("Total"),
    margin_label=_("points"),
    margin_sign=-1,
)
