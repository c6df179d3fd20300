"""Duizenden score sheet (DZ-11, DZ-12): a line per deal, per player the card points
melded and left in hand, and the running total toward 1000 (shaded)."""

from __future__ import annotations

from games.cards import ACE, JACK, KING, QUEEN

from ..base import Pen, mm
from ..data import TableSheet
from ..i18n import _
from . import _layout as lay

ROW = 7 * mm
#: DZ-12: the total that wins.
TARGET = 1000


def draw(pen: Pen, sheet: TableSheet) -> None:
    opts = lay.options(sheet)
    table_seats = lay.seats(sheet)
    tr = pen.tr
    y = lay.start(pen, sheet)
    y = lay.small(
        pen,
        y,
        tr(_("Per deal: the card points you melded and those left in your hand; "
             "Total = last total + melded - hand. First to %(target)s or more wins."))
        % {"target": TARGET},
    )  # fmt: skip
    opening = (
        tr(_("Opening: at least 30, cards at face value (A = 11)"))
        if opts["opening_face_cards"]
        else tr(_("Opening: at least 30 card points"))
    )
    faces, ace, queen = pen.ranks(JACK, QUEEN, KING), pen.ranks(ACE), pen.card(QUEEN, "S")
    values = (
        tr(_("Card points"))
        + f": 2{lay.DASH}9 = 5 · 10 {faces} = 10 · {ace} = 15 · "
        + tr(_("Joker"))
    )
    y = lay.small(pen, y, f"{values} = 50 · {queen} = 100 · {opening}")
    y -= 1.5 * mm
    rows = lay.grid_rows_that_fit(y, ROW)
    subs = [
        lay.Sub("+ " + tr(_("Melded"))),
        lay.Sub(f"{lay.MINUS} " + tr(_("Hand"))),
        lay.Sub(tr(_("Total")), 1.3, shaded=True),
    ]
    body = [([str(i)], ["", "", ""]) for i in range(1, rows + 1)]
    lay.player_grid(
        pen, y, table_seats, lead=[(tr(_("Deal")), 10 * mm)], subs=subs, body=body, row_height=ROW
    )
    lay.finish(pen)
