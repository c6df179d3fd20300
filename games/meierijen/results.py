"""MeieRijen at a tournament table (MR-12, MR-13, MR-V1, MR-4P): round by round or the
rounds won.

A table has two sides: two players, or two teams when the tournament's game option
``players`` is 4 (MR-4P). Three-player MeieRijen is no tournament game: its tables are
refused. A detailed row is a round with every side's minus points (MR-12; the MR-V1 (c)
card values and (d) pawns with ``variant1``) and ``first``, the side that emptied its draw
pile first, which decides equal minus points. A side's minus points fit its own deck:
every card it holds comes from its 54 cards (one deck per player, and one per team with
four players: the engine's reading of MR-4P in ``games/meierijen/__init__.py``), so a team
has the same bound as a player. The match follows MR-13: two rounds, a 1-1 draw, or with
``third_round`` a third round; no round follows the one that decided it.

A summary gives each side's rounds won and minus points in all. Rank: more rounds won
(a draw shares the first place); the margin is the minus points (lower is better).

Pure Python: no Django here (tests/test_architecture.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.meierijen.rules import DECK, GREY, RED
from games.meierijen.scoring import MatchResult, match_result, minus_points, round_winner
from games.results import (
    CombinedResultError,
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

SIDES = 2
THREE_PLAYERS = 3
#: MR-13: two rounds and, with ``third_round``, a third.
MAX_ROUNDS = 3


def most_minus(*, variant1: bool) -> int:
    """The most minus points one side can have after a round: its whole deck held, and
    with Variant 1 the grey and red pawns too (MR-12, MR-V1 (c) and (d))."""
    return minus_points(DECK, (GREY, RED), variant1)


MOST_ROUND = most_minus(variant1=True)

LAYOUT = Layout(
    modes=("detailed", "summary"),
    row_label=_("Deal"),
    row_fields=(
        Field("minus", _("Minus points"), "int", minimum=0, maximum=MOST_ROUND,
              help=_("One point per card held in hand, open and on the penalty pile (MR-12); "
                     "Variant 1 counts card values and pawns held (MR-V1).")),
        Field("first", _("Emptied the draw pile first"), "side", per_side=False,
              required=False,
              help=_("Decides a round with equal minus points (MR-12).")),
    ),
    summary_fields=(
        Field("rounds", _("Rounds won"), "int", minimum=0, maximum=MAX_ROUNDS,
              help=_("The rounds this side won (MR-13).")),
        Field("minus", _("Minus points"), "int", minimum=0, maximum=MAX_ROUNDS * MOST_ROUND,
              help=_("The minus points of all rounds together (MR-12).")),
    ),
    max_rows=MAX_ROUNDS,
)  # fmt: skip


def score(entry: Mapping[str, Any], sides: int, options: Mapping[str, Any]) -> TableResult:
    """A checked entry (:func:`games.results.score_entry`) ranked by rounds won."""
    if options["players"] == THREE_PLAYERS:
        raise ResultError(
            "sides",
            _(
                "Three-player MeieRijen is not played at tournament tables: two players or two "
                "teams of two (MR-4P)."
            ),
        )
    names = side_names(sides)
    most = most_minus(variant1=options["variant1"])
    third = options["third_round"]
    if entry["mode"] == "summary":
        won = [side["rounds"] for side in entry["sides"]]
        minus = [side["minus"] for side in entry["sides"]]
        # Both checks at once, so that the players correct them together.
        errors = _summary_minus_errors(minus, won, most)
        try:
            match = _summary_match(names, won, options)
        except ResultError as error:
            raise CombinedResultError([error, *errors]) from None
        if errors:
            raise CombinedResultError(errors)
        return _result(names, match, minus, entry["finished"], third_round=third)
    rounds = [[side["minus"] for side in row["sides"]] for row in entry["rows"]]
    winners, errors = [], []
    for index, (row, minus) in enumerate(zip(entry["rows"], rounds, strict=True)):
        try:
            winners.append(_round_winner(names, minus, row["first"], index, most))
        except ResultError as error:
            errors.append(error)
    if errors:  # every round's refusal at once
        raise CombinedResultError(errors)
    match = match_result(names, winners, third_round=third)
    if match.decided_after is not None and match.decided_after < len(rounds):
        raise ResultError(
            f"rows[{match.decided_after}]",
            _("The match was decided after round %(decided)s: round %(round)s should not have "
              "been played (MR-13)."),
            decided=match.decided_after, round=match.decided_after + 1,
        )  # fmt: skip
    won = [[int(winner == name) for name in names] for winner in winners]
    minus = [sum(column) for column in zip(*rounds, strict=True)] if rounds else [0] * sides
    return _result(names, match, minus, entry["finished"], running_totals(won), third_round=third)


def _round_winner(
    names: Sequence[str], minus: Sequence[int], first: int | None, index: int, most: int
) -> str | None:
    """MR-12: the fewest minus points win; equal, the side that emptied its pile first."""
    for side, value in enumerate(minus):
        if value > most:
            raise ResultError(
                f"rows[{index}].sides[{side}].minus",
                _("Deal %(round)s: a side holds at most %(most)s minus points: its own deck "
                  "(MR-12)."),
                round=index + 1, most=most,
            )  # fmt: skip
    points = dict(zip(names, minus, strict=True))
    if first is None and minus.count(min(minus)) > 1:
        raise ResultError(
            f"rows[{index}].first",
            _("Deal %(round)s: the minus points are equal; say who emptied their draw pile "
              "first (MR-12)."),
            round=index + 1,
        )  # fmt: skip
    return round_winner(points, None if first is None else names[first])


def _summary_match(
    names: Sequence[str], won: Sequence[int], options: Mapping[str, Any]
) -> MatchResult:
    """MR-13 from rounds won, played in the order that decides latest: the two sides take
    turns winning (the leader first) and the leader's extra wins come last. Counts no
    match can end with (3-0, 2-2, 2-1 without a third round) then show up as rounds
    played after the decision."""
    order = sorted(range(len(names)), key=lambda side: won[side])
    trailing, leading = order[0], order[-1]
    winners = [names[side] for _pair in range(won[trailing]) for side in (leading, trailing)]
    winners += [names[leading]] * (won[leading] - won[trailing])
    match = match_result(names, winners, third_round=options["third_round"])
    if match.decided_after is not None and match.decided_after < len(winners):
        # The rule as this evening plays it: a third round is named only when played.
        if options["third_round"]:
            raise ResultError(
                "sides",
                _("No match ends %(first)s-%(second)s: it is decided after two rounds, or "
                  "after a third one with a 1-1 (MR-13)."),
                first=won[0], second=won[1],
            )  # fmt: skip
        raise ResultError(
            "sides",
            _("No match ends %(first)s-%(second)s: this evening plays no third round, so a "
              "match ends after two rounds, 2-0, 1-1 or 0-2 (MR-13)."),
            first=won[0], second=won[1],
        )  # fmt: skip
    return match


def _summary_minus_errors(minus: Sequence[int], won: Sequence[int], most: int) -> list[ResultError]:
    """MR-12: every round adds at most a whole deck's minus points to a side; the winner
    of a round has no more minus points than the loser, so a side that won every round
    played has no more in all. At most one refusal a side."""
    rounds = sum(won)
    errors: dict[int, ResultError] = {}
    for side, value in enumerate(minus):
        if value > rounds * most:
            errors[side] = ResultError(
                f"sides[{side}].minus",
                _("%(rounds)s rounds of at most %(most)s minus points each: the total is at "
                  "most %(total)s (MR-12)."),
                rounds=rounds, most=most, total=rounds * most,
            )  # fmt: skip
    for side, other in ((0, 1), (1, 0)):
        if side not in errors and rounds and won[side] == rounds and minus[side] > minus[other]:
            errors[side] = ResultError(
                f"sides[{side}].minus",
                _("This side won every round, each with no more minus points than the "
                  "other: its total is at most %(most)s (MR-12)."),
                most=minus[other],
            )  # fmt: skip
    return [errors[side] for side in sorted(errors)]


def _result(
    names: Sequence[str],
    match: MatchResult,
    minus: Sequence[int],
    finished: bool,
    running: Sequence[Sequence[int]] = (),
    *,
    third_round: bool,
) -> TableResult:
    """MR-13: finished exactly when the match is decided; ranked by rounds won."""
    decided = match.decided_after is not None
    if finished and not decided:
        if third_round:
            raise ResultError(
                "finished",
                _(
                    "The match is not decided yet: two rounds, and with the third-round "
                    "option a third after a 1-1 (MR-13)."
                ),
            )
        raise ResultError(
            "finished",
            _("The match is not decided yet: it ends after two rounds (MR-13)."),
        )
    if decided and not finished:
        raise ResultError("finished", _("These rounds decide the match: it is finished (MR-13)."))
    won = [match.rounds_won[name] for name in names]
    return table_result(
        scores=won,
        margins=[-value for value in minus],
        keys=won,
        finished=finished,
        winner=None if match.winner is None else int(match.winner),
        totals=running,
    )


RESULTS = ResultSpec(
    layout=LAYOUT,
    score=score,
    sides=(SIDES,),
    score_label=_("Rounds won"),
    margin_label=_("minus points"),
    margin_sign=-1,
)
