"""MEINO score sheet (ME-13, ME-14): a line per round, per player the points left in hand
and the running total toward 500 (shaded), and a box per player for the tally marks of
the rounds won."""

from __future__ import annotations

from ..base import LEFT, Pen, mm
from ..data import TableSheet
from ..i18n import _
from . import _layout as lay

ROW = 7 * mm
TALLY = 15 * mm
#: ME-14: the game ends after the round in which a total reaches this.
TARGET = 500


def draw(pen: Pen, sheet: TableSheet) -> None:
    opts = lay.options(sheet)
    table_seats = lay.seats(sheet)
    tr = pen.tr
    y = lay.start(pen, sheet)
    y = lay.small(
        pen,
        y,
        tr(_("Per round: the points left in each hand (0 and a tally mark for the one who "
             "went out) and the new total. The game ends after the round in which a total "
             "reaches %(target)s; the lowest total wins, then more tally marks."))
        % {"target": TARGET},
    )  # fmt: skip
    y = lay.small(
        pen,
        y,
        tr(_("Card points"))
        + f": 1{lay.DASH}9 = "
        + tr(_("the number"))
        + " · skip, rev, +2 = 25 · W+2 = 20 · W, W+4 = 40 · JOKER = 50",
    )
    deck = tr(_("Compact deck: 55 cards")) if opts["compact"] else tr(_("Full deck: 110 cards"))
    joker = str(opts.get("joker_rule") or "")
    parts = [deck, tr(_("Target: %(target)s points")) % {"target": TARGET}]
    if joker and joker != "none":
        parts.append(tr(_("JOKER")) + ": " + joker)
    y = lay.rules_line(pen, y, parts)
    y -= 1.5 * mm
    rows = lay.grid_rows_that_fit(y, ROW, below=TALLY + 3 * mm)
    subs = [lay.Sub(tr(_("Points"))), lay.Sub(tr(_("Total")), 1.2, shaded=True)]
    body = [([str(i)], ["", ""]) for i in range(1, rows + 1)]
    bottom, block, lead = lay.player_grid(
        pen, y, table_seats, lead=[(tr(_("Round")), 10 * mm)], subs=subs, body=body, row_height=ROW
    )
    y = bottom - 3 * mm
    widths = [*lead, *[block] * len(table_seats)]
    tally = tr(_("Tally marks"))
    lay.table(
        pen,
        LEFT,
        y,
        widths,
        [["", *[""] * len(table_seats)]],
        row_height=TALLY,
        heading_rows=0,
        thick_after=list(range(len(widths))),
        labels={(0, i + 1): tally for i in range(len(table_seats))},
    )
    lay.finish(pen)
