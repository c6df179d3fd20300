"""Duizenden at a tournament table (DZ-11, DZ-12): deal by deal or the final totals.

A detailed row is a deal with every side's deal score (card points melded minus card
points left in hand, DZ-11): a multiple of 5, and all scores of a deal together need no
more card points than both decks hold (each card is melded or held by one player at
most). A summary gives each side's total. A finished game has exactly one highest total
of 1000 or more, reached in the last deal (DZ-12: the game ends there); an unfinished one
(the round's time ran out) has none, and is ranked as it stood. Rank: the higher total;
the margin is the total in card points.

Pure Python: no Django here (tests/test_architecture.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.duizenden.rules import MAX_PLAYERS, MIN_PLAYERS
from games.duizenden.scoring import DECK_POINTS, SCORE_STEP, game_winner, play_game
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

MAX_DEALS = 60
#: A total no game of MAX_DEALS deals can pass either way.
MOST_TOTAL = DECK_POINTS * MAX_DEALS

LAYOUT = Layout(
    modes=("detailed", "summary"),
    row_label=_("Deal"),
    row_fields=(
        Field("points", _("Points"), "int", minimum=-DECK_POINTS, maximum=DECK_POINTS,
              step=SCORE_STEP,
              help=_("Card points melded minus card points left in hand (DZ-11).")),
    ),
    summary_fields=(
        Field("total", _("Total"), "int", minimum=-MOST_TOTAL, maximum=MOST_TOTAL,
              step=SCORE_STEP, help=_("The total of all deals (DZ-12).")),
    ),
    max_rows=MAX_DEALS,
)  # fmt: skip


def score(entry: Mapping[str, Any], sides: int, options: Mapping[str, Any]) -> TableResult:
    """A checked entry (:func:`games.results.score_entry`) ranked by total."""
    names = side_names(sides)
    if entry["mode"] == "summary":
        totals = [side["total"] for side in entry["sides"]]
        winner = game_winner(dict(zip(names, totals, strict=True)))
        _check_finished(entry["finished"], winner is not None)
        return _result(totals, entry["finished"], winner)
    deals = [[side["points"] for side in row["sides"]] for row in entry["rows"]]
    for index, deal in enumerate(deals):
        _check_deal(deal, index)
    state = play_game(names, [dict(zip(names, deal, strict=True)) for deal in deals])
    if state.after_deal is not None and state.after_deal < len(deals):
        raise ResultError(
            f"rows[{state.after_deal}]",
            _("The game was won in deal %(won)s: deal %(deal)s should not have been played "
              "(DZ-12)."),
            won=state.after_deal, deal=state.after_deal + 1,
        )  # fmt: skip
    _check_finished(entry["finished"], state.finished)
    totals = [state.totals[name] for name in names]
    return _result(totals, state.finished, state.winner, running_totals(deals))


def _check_deal(deal: Sequence[int], index: int) -> None:
    """DZ-11: every card is melded or held by one player at most, so the scores of one
    deal together need no more card points than both decks hold."""
    needed = sum(abs(points) for points in deal)
    if needed > DECK_POINTS:
        raise ResultError(
            f"rows[{index}].sides",
            _("Deal %(deal)s: these scores need %(needed)s card points, more than both decks "
              "hold (%(most)s, DZ-11)."),
            deal=index + 1, needed=needed, most=DECK_POINTS,
        )  # fmt: skip


def _check_finished(claimed: bool, won: bool) -> None:
    if claimed and not won:
        raise ResultError(
            "finished",
            _(
                "Nobody has won yet: the game is won by the only highest total of 1000 or more "
                "(DZ-12)."
            ),
        )
    if won and not claimed:
        raise ResultError(
            "finished",
            _(
                "The only highest total is 1000 or more: that player has won, so the game is "
                "finished (DZ-12)."
            ),
        )


def _result(
    totals: Sequence[int],
    finished: bool,
    winner: str | None,
    running: Sequence[Sequence[int]] = (),
) -> TableResult:
    return table_result(
        scores=totals,
        margins=totals,
        keys=totals,
        finished=finished,
        winner=None if winner is None else int(winner),
        totals=running,
    )


RESULTS = ResultSpec(
    layout=LAYOUT,
    score=score,
    sides=tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
    score_label=_("Total"),
    margin_label=_("card points"),
    margin_sign=1,
)
