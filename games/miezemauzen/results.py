"""Miezemauzen at a tournament table (MZ-2 … MZ-11): deal by deal or the points left.

A detailed row is a deal: every side's ``tricks`` (0-5, or empty for a player who
passed), ``kat`` (the side that showed a kat, which ends the deal without tricks) with
``kater`` (five trumps), ``kat_others`` (with ``kat_scoring: either``: the holder chose 5
on for every other player) and ``spades`` (with ``spades_double``: spades were trump).
Checked: at least two play (MZ-5); nobody passes at 3 points or fewer (MZ-6) or in a
doubled spades deal (MZ-11); the players who played took the five tricks between them
(MZ-8), or none at all after a kat, which only a playing player can show (MZ-7); no deal
follows the one in which someone reached 0 (MZ-10). The points come from the game's
:class:`~games.miezemauzen.scoring.Scoreboard` and ``deal_points``: start points, per
trick, exact zero, pass penalties, kat and doubling as the options say.

A summary gives the points each side has left. Finished: someone at 0 or below (MZ-10).
Rank: fewer points left; the margin is the points left (lower is better).

Pure Python: no Django here (tests/test_architecture.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.miezemauzen.rules import MIN_PLAYING, NO_PASS_AT, OPTIONS, SPADES, TRICKS
from games.miezemauzen.scoring import (
    KATER_POINTS,
    NO_TRICK_PENALTY,
    PASS_PENALTY,
    SPADES_FACTOR,
    Scoreboard,
    deal_points,
    kat_points,
    winners,
)
from games.results import (
    Field,
    Layout,
    ResultError,
    ResultSpec,
    TableResult,
    _,
    side_names,
    table_result,
)

#: The tournament's table sizes (the issue: 2-5; six or more play with 52 cards, MZ-1).
TABLE_SIZES = (2, 3, 4, 5)
#: A game from 25 points lasts 25 deals at the very least, often far more.
MAX_DEALS = 200
#: The lowest score: from 1 point (at 0 the game is over), a doubled kater (MZ-7, MZ-11).
LEAST_POINTS = 1 - KATER_POINTS * SPADES_FACTOR
#: The most one deal adds (the others' doubled kater and a pass penalty) over the most
#: deals, from the highest start the ``start_points`` option allows.
MOST_POINTS = next(o.maximum or 0 for o in OPTIONS if o.name == "start_points") + MAX_DEALS * (
    (max(KATER_POINTS, NO_TRICK_PENALTY) + PASS_PENALTY) * SPADES_FACTOR
)

LAYOUT = Layout(
    modes=("detailed", "summary"),
    row_label=_("Deal"),
    row_fields=(
        Field("tricks", _("Tricks"), "tricks", minimum=0, maximum=TRICKS,
              help=_("Tricks taken; leave empty for a player who passed (MZ-8).")),
        Field("spades", _("Spades trump"), "bool", per_side=False, required=False,
              when=("spades_double", True),
              help=_("Spades were trump: every point of the deal counts double (MZ-11).")),
        Field("kat", _("Kat"), "side", per_side=False, required=False,
              help=_("Who showed a kat: the deal ends without tricks (MZ-7).")),
        Field("kater", _("Kater"), "bool", per_side=False, required=False,
              help=_("The kat was five trumps (MZ-7).")),
        Field("kat_others", _("Kat for the others"), "bool", per_side=False, required=False,
              when=("kat_scoring", "either"),
              help=_("The kat's holder chose 5 points on for every other player instead of "
                     "5 off for themselves (MZ-7).")),
    ),
    summary_fields=(
        Field("points", _("Points left"), "int", minimum=LEAST_POINTS, maximum=MOST_POINTS,
              help=_("The points the player still has (MZ-2).")),
    ),
    max_rows=MAX_DEALS,
)  # fmt: skip


def score(entry: Mapping[str, Any], sides: int, options: Mapping[str, Any]) -> TableResult:
    """A checked entry (:func:`games.results.score_entry`) ranked by points left."""
    names = side_names(sides)
    if entry["mode"] == "summary":
        points = [side["points"] for side in entry["sides"]]
        _check_summary(points, options)
        return _result(names, points, entry["finished"])
    board = Scoreboard(names, options["start_points"])
    for index, row in enumerate(entry["rows"]):
        if board.finished:
            raise ResultError(
                f"rows[{index}]",
                _("The game was won in deal %(won)s: deal %(deal)s should not have been "
                  "played (MZ-10)."),
                won=board.finished_after, deal=index + 1,
            )  # fmt: skip
        changes, passers = _deal(row, index, board, names, options)
        board.apply(changes, passers)
    points = [board.points[name] for name in names]
    running = [tuple(row[name] for name in names) for row in board.history]
    return _result(names, points, entry["finished"], running)


def _deal(
    row: Mapping[str, Any],
    index: int,
    board: Scoreboard,
    names: Sequence[str],
    options: Mapping[str, Any],
) -> tuple[dict[str, int], list[str]]:
    """One deal checked (MZ-5 … MZ-8, MZ-11) and scored: the changes and who passed."""
    path = f"rows[{index}]"
    tricks = [side["tricks"] for side in row["sides"]]
    playing = [side for side, won in enumerate(tricks) if won is not None]
    passers = [names[side] for side, won in enumerate(tricks) if won is None]
    if len(playing) < MIN_PLAYING:
        raise ResultError(
            f"{path}.sides", _("Deal %(deal)s: at least two players play each deal (MZ-5)."),
            deal=index + 1,
        )  # fmt: skip
    _check_passes(row, index, tricks, board)
    kat = row["kat"]
    if kat is None:
        _check_tricks(row, index, tricks)
        won = {names[side]: tricks[side] for side in playing}
        kat_changes = None
    else:
        _check_kat(index, kat, tricks)
        won = None
        choice = "others" if row.get("kat_others") else "holder"
        kat_changes = kat_points(names, names[kat], row["kater"], options["kat_scoring"], choice)
    changes = deal_points(
        names, passers=passers, passes_before=board.streaks, points_before=board.points,
        trump=SPADES if row.get("spades") else "", options=options,
        tricks_won=won, kat=kat_changes,
    )  # fmt: skip
    return changes, passers


def _check_passes(
    row: Mapping[str, Any], index: int, tricks: Sequence[int | None], board: Scoreboard
) -> None:
    """MZ-11: nobody passes in a doubled spades deal; MZ-6: nor at 3 points or fewer."""
    for side, won in enumerate(tricks):
        if won is not None:
            continue
        path = f"rows[{index}].sides[{side}].tricks"
        if row.get("spades"):
            raise ResultError(
                path, _("Deal %(deal)s: with spades trump nobody may pass (MZ-11)."),
                deal=index + 1,
            )  # fmt: skip
        before = board.points[str(side)]
        if before <= NO_PASS_AT:
            raise ResultError(
                path,
                _("Deal %(deal)s: a player at %(points)s points may not pass (3 or fewer, "
                  "MZ-6)."),
                deal=index + 1, points=before,
            )  # fmt: skip


def _check_tricks(row: Mapping[str, Any], index: int, tricks: Sequence[int | None]) -> None:
    """MZ-8: the players who played took the five tricks between them."""
    if row["kater"] or row.get("kat_others"):
        raise ResultError(
            f"rows[{index}].kat",
            _("Deal %(deal)s: a kater or the kat holder's choice needs the kat's holder "
              "(MZ-7)."),
            deal=index + 1,
        )  # fmt: skip
    taken = sum(won for won in tricks if won is not None)
    if taken != TRICKS:
        raise ResultError(
            f"rows[{index}].sides",
            _("Deal %(deal)s: the players who played took %(taken)s tricks, not 5 (MZ-8)."),
            deal=index + 1, taken=taken,
        )  # fmt: skip


def _check_kat(index: int, kat: int, tricks: Sequence[int | None]) -> None:
    """MZ-7: a playing player shows the kat, and the deal ends without tricks."""
    if tricks[kat] is None:
        raise ResultError(
            f"rows[{index}].kat",
            _("Deal %(deal)s: only a player who plays can show a kat, and this one passed "
              "(MZ-7)."),
            deal=index + 1,
        )  # fmt: skip
    for side, won in enumerate(tricks):
        if won:
            raise ResultError(
                f"rows[{index}].sides[{side}].tricks",
                _("Deal %(deal)s: a kat ends the deal without tricks: enter 0 for every "
                  "player who played (MZ-7)."),
                deal=index + 1,
            )  # fmt: skip


def _check_summary(points: Sequence[int], options: Mapping[str, Any]) -> None:
    """MZ-10 with ``per_trick`` and ``exact_zero``: nobody goes below 0. Otherwise the
    last deal starts at 1 point at least and takes off at most a kater (MZ-7), doubled
    only with ``spades_double`` (MZ-11): the field's minimum holds for that option alone."""
    if options["per_trick"] and options["exact_zero"]:
        for side, value in enumerate(points):
            if value < 0:
                raise ResultError(
                    f"sides[{side}].points",
                    _("With exact zero nobody goes below 0 points (MZ-10)."),
                )
    least = 1 - KATER_POINTS * (SPADES_FACTOR if options["spades_double"] else 1)
    for side, value in enumerate(points):
        if value < least:
            raise ResultError(
                f"sides[{side}].points",
                _("From 1 point a deal takes off at most a kater's %(kater)s, so nobody ends "
                  "below %(least)s points (MZ-7, MZ-10)."),
                kater=1 - least, least=least,
            )  # fmt: skip


def _result(
    names: Sequence[str],
    points: Sequence[int],
    finished: bool,
    running: Sequence[Sequence[int]] = (),
) -> TableResult:
    """Ranked by fewer points; MZ-10: finished exactly when someone is at 0 or below."""
    won = winners(dict(zip(names, points, strict=True)))
    if finished and not won:
        raise ResultError(
            "finished",
            _("Nobody is at 0 points or below, so the game is not finished (MZ-10)."),
        )
    if won and not finished:
        raise ResultError(
            "finished",
            _("A player is at 0 points or below: that player has won, so the game is "
              "finished (MZ-10)."),
        )  # fmt: skip
    return table_result(
        scores=points,
        margins=[-value for value in points],
        keys=[-value for value in points],
        finished=finished,
        winner=int(won[0]) if len(won) == 1 else None,
        totals=running,
    )


RESULTS = ResultSpec(
    layout=LAYOUT,
    score=score,
    sides=TABLE_SIZES,
    score_label=_("Points left"),
    margin_label=_("points left"),
    margin_sign=-1,
)
