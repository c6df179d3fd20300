"""Klaverjassen at a tournament table (KJ-8, KJ-9): the briefje row by row, or the two
totals at the end.

A side is a team of two partners (seats 0+2 and 1+3): two at a table of four, Wij (side
0) and Zij (side 1). A detailed row is a briefje row: the team that played, each team's
points as the tricks gave them (the other team's are 162 minus the typed ones) and its
roem as claimed, and the marks nat, pit and verzaakt (the team that reneged). Each row
is checked as :func:`games.klaverjassen.scoring.deal_score` checks it (points summing to
162, roem that no deal gives, nat or pit marked but not so) and scored by it; every
refusal names the row and cites its KJ rule. A summary gives each team's game score:
together the deals hand out 162 points each plus the roem, in tens (KJ-8).

Finished: all ``deals`` rows entered (KJ-8). Rank: the higher game score; equal scores
share the rank and nobody wins. The game points (the tournament's scheme "game") and the
margin are the game score itself, so that a player's match points add up to the
evening's total (KJ-9). A bye is worth half a game's card points, ``deals`` times 81
(TP-1 for the scheme "game": half a game; RULES.md is silent on klaverjassen's byes).
Equal totals go by the games won, then by the best game (KJ-9: ``tiebreaks``).
Under ``verzaken`` minus100 the player who reneged loses 100 alone: the team's game
score leaves that out.

Pure Python: no Django here (tests/test_architecture.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.klaverjassen.cards import OPTIONS, TOTAL, Options
from games.klaverjassen.roembound import possible
from games.klaverjassen.scoring import PIT, deal_score
from games.results import (
    CombinedResultError,
    Field,
    Layout,
    ResultError,
    ResultSpec,
    TableResult,
    _,
    running_totals,
    table_result,
)

#: The most deals the ``deals`` option allows.
MAX_DEALS = next(o.maximum or 0 for o in OPTIONS if o.name == "deals")
#: The most roem one team (or a deal) can record (KJ-4), four of a kind included.
MOST_ROEM = max(possible(Options()))
#: A game score no game of MAX_DEALS deals can pass: every deal's points, roem and pit.
MOST_TOTAL = MAX_DEALS * (TOTAL + MOST_ROEM + PIT)
#: Roem comes in tens (KJ-4, KJ-6).
ROEM_STEP = 10

LAYOUT = Layout(
    modes=("detailed", "summary"),
    row_label=_("Deal"),
    row_fields=(
        Field("playing", _("Played"), "side", per_side=False,
              help=_("The team that chose trump or was made to play it (KJ-3).")),
        Field("points", _("Points"), "int", minimum=0, maximum=TOTAL, complement=TOTAL,
              help=_("The points of the team's tricks, the last trick's 10 included; the "
                     "other team has 162 minus these (KJ-2).")),
        Field("roem", _("Roem"), "int", minimum=0, maximum=MOST_ROEM, required=False,
              help=_("The roem the team claimed, pit's 100 not included; empty is none "
                     "(KJ-4).")),
        Field("nat", _("Nat"), "bool", per_side=False, required=False,
              help=_("The playing team did not score more than the other team (KJ-5).")),
        Field("pit", _("Pit"), "bool", per_side=False, required=False,
              help=_("A team won all 8 tricks: 100 roem more (KJ-6).")),
        Field("verzaakt", _("Verzaakt"), "side", per_side=False, required=False,
              help=_("The team of the player who reneged, if one did (KJ-7).")),
    ),
    summary_fields=(
        Field("total", _("Game score"), "int", minimum=0, maximum=MOST_TOTAL,
              help=_("The team's points and roem over all deals (KJ-8).")),
    ),
    max_rows=MAX_DEALS,
    rows_option="deals",
    # The briefje's words (games.klaverjassen.sheet): Wij the first team, Zij the second.
    side_words=(_("Us"), _("Them")),
)  # fmt: skip


def score(entry: Mapping[str, Any], sides: int, options: Mapping[str, Any]) -> TableResult:
    """A checked entry (:func:`games.results.score_entry`) ranked by game score."""
    opts = Options.of(options)
    if entry["mode"] == "summary":
        totals = [side["total"] for side in entry["sides"]]
        _check_summary(totals, entry["finished"], opts)
        return _result(totals, entry["finished"])
    rows = entry["rows"]
    if len(rows) > opts.deals:
        raise ResultError(
            f"rows[{opts.deals}]",
            _("A game has %(deals)s deals: deal %(deal)s should not have been played (KJ-8)."),
            deals=opts.deals, deal=opts.deals + 1,
        )  # fmt: skip
    scored = _rows(rows, opts)
    _check_finished(entry["finished"], len(rows), opts.deals)
    running = running_totals(scored)
    totals = list(running[-1]) if running else [0, 0]
    return _result(totals, entry["finished"], running)


def _rows(rows: Sequence[Mapping[str, Any]], opts: Options) -> list[list[int]]:
    """Each row's score per team (``deal_score``); every row's refusals at once."""
    found: list[ResultError] = []
    scored = []
    for index, row in enumerate(rows):
        briefje = _briefje_row(row)
        outcome = deal_score(briefje, opts)
        # deal_score names the roem of one team before the roem of both (KJ-4).
        cells = [f"rows[{index}].sides[{side}].roem" for side in (0, 1)
                 if briefje["roem"][side] not in possible(opts)]  # fmt: skip
        for violation in outcome.violations:
            values = violation.text.values if violation.text else {}
            where = cells.pop(0) if violation.rule == "KJ-4" and cells else f"rows[{index}].sides"
            found.append(_refusal(violation.rule, values, index, row, where))
        scored.append(list(outcome.result["score"]))
    if found:
        raise CombinedResultError(found)
    return scored


def _briefje_row(row: Mapping[str, Any]) -> dict[str, Any]:
    """A form row as ``deal_score`` reads it (an empty roem is none)."""
    return {
        "playing": row["playing"],
        "points": [side["points"] for side in row["sides"]],
        "roem": [side["roem"] or 0 for side in row["sides"]],
        "nat": row["nat"],
        "pit": row["pit"],
        "verzaakt": row["verzaakt"],
    }


def _refusal(
    rule: str, values: Mapping[str, Any], index: int, row: Mapping[str, Any], where: str
) -> ResultError:
    """``deal_score``'s finding ``rule`` in row ``index`` as a refusal naming the field
    (``where`` for the roem and the points)."""
    path, deal = f"rows[{index}]", index + 1
    if rule == "KJ-5":
        if row["nat"]:
            return ResultError(
                f"{path}.nat",
                _("Deal %(deal)s: nat is marked, but the playing team scored more (KJ-5)."),
                deal=deal,
            )
        return ResultError(
            f"{path}.nat",
            _("Deal %(deal)s: the playing team did not score more, so it is nat: mark nat "
              "(KJ-5)."),
            deal=deal,
        )  # fmt: skip
    if rule == "KJ-2":
        return ResultError(
            f"{path}.sides[0].points",
            _("Deal %(deal)s: the points sum to %(total)s, not 162 (KJ-2)."),
            deal=deal, total=values.get("total", 0),
        )  # fmt: skip
    if rule == "KJ-4":
        return ResultError(
            where,
            _("Deal %(deal)s: no deal gives %(roem)s roem (KJ-4)."),
            deal=deal, roem=values.get("roem", 0),
        )  # fmt: skip
    return ResultError(
        f"{path}.pit",
        _("Deal %(deal)s: pit is marked, but the other team has points or roem (KJ-6)."),
        deal=deal,
    )


def _check_finished(claimed: bool, rows: int, deals: int) -> None:
    if claimed and rows < deals:
        raise ResultError(
            "finished",
            _("A game has %(deals)s deals and %(rows)s are entered, so it is not finished "
              "(KJ-8)."),
            deals=deals, rows=rows,
        )  # fmt: skip
    if rows == deals and not claimed:
        raise ResultError(
            "finished",
            _("All %(deals)s deals are entered, so the game is finished (KJ-8)."),
            deals=deals,
        )


def _check_summary(totals: Sequence[int], finished: bool, opts: Options) -> None:
    """KJ-8: each deal hands out 162 points and roem in tens, so the two game scores of
    ``deals`` deals add up to 162 for each plus a multiple of 10; an unfinished game has
    fewer deals."""
    played = [opts.deals] if finished else range(opts.deals)
    together = sum(totals)
    most = MOST_ROEM + PIT
    if not any(
        0 <= together - TOTAL * deals <= most * deals
        and (together - TOTAL * deals) % ROEM_STEP == 0
        for deals in played
    ):
        raise ResultError(
            "sides",
            _("Together the game scores must be 162 for each deal played plus the roem, "
              "in tens: %(together)s is not (KJ-8)."),
            together=together,
        )  # fmt: skip


def _result(
    totals: Sequence[int], finished: bool, running: Sequence[Sequence[int]] = ()
) -> TableResult:
    winner = None if totals[0] == totals[1] else int(totals[1] > totals[0])
    return table_result(
        scores=totals,
        margins=totals,
        keys=totals,
        finished=finished,
        winner=winner,
        totals=running,
        game_points=totals,
    )


def bye_game_points(options: Mapping[str, Any]) -> float:
    """A player on a bye (the numbers did not divide into tables of four) scores half a
    game's card points: neither roem nor a lost game (TP-1)."""
    return Options.of(options).deals * TOTAL / 2


RESULTS = ResultSpec(
    layout=LAYOUT,
    score=score,
    sides=(2,),
    score_label=_("Game score"),
    margin_label=_("points"),
    margin_sign=1,
    game_points=True,
    bye_game_points=bye_game_points,
    # KJ-9: equal totals are ordered by the games won, then by the best game.
    tiebreaks=("wins", "best"),
    # KJ-9: a player's evening is the sum of their team's game scores.
    scheme="game",
)
