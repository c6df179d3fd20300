"""Miezemauzen score sheet (MZ-2 … MZ-11): a countdown from the start points. A line per
deal: trump and kat for the deal, per player the declaration (played, exchanged, or the
pass streak), the tricks and the points left (shaded). Long games go on to a second
page."""

from __future__ import annotations

from ..base import Pen, mm
from ..data import TableSheet
from ..i18n import _
from . import _layout as lay

ROW = 6.5 * mm
#: Deals a game lasts at most, roughly, per start point: a deal takes one point off the
#: players who took a trick, and the others gain five.
DEALS_PER_POINT = 1.6


def draw(pen: Pen, sheet: TableSheet) -> None:
    opts = lay.options(sheet)
    table_seats = lay.seats(sheet)
    start_points = int(opts["start_points"])
    # Deals the game may last: one point off a deal (a point a trick with per_trick).
    per_deal = 2.5 if opts["per_trick"] else 1
    needed = int(start_points * DEALS_PER_POINT / per_deal) + 4
    deal = 1
    for page in (1, 2):
        y = _top(pen, sheet, opts, first=page == 1)
        rows = lay.grid_rows_that_fit(y, ROW)
        # the last page keeps the foot for the winner and the signatures
        last = page == 2 or deal + rows - 1 > needed
        if not last:
            rows = lay.grid_rows_that_fit(y, ROW, below=-lay.FOOT)
        body: list[tuple[list[str], list[str]]] = []
        if page == 1:
            body.append(([pen.tr(_("Start"))], ["", "", str(start_points)]))
        else:
            body.append(([pen.tr(_("Carried"))], ["", "", ""]))
        while len(body) < rows:
            body.append(([str(deal), "", ""], ["", "", ""]))
            deal += 1
        _grid(pen, y, table_seats, body)
        if last:
            lay.finish(pen)
            break
        pen.end_page()


def _top(pen: Pen, sheet: TableSheet, opts: dict, *, first: bool) -> float:
    tr = pen.tr
    y = lay.start(pen, sheet)
    if not first:
        return lay.small(pen, y, tr(_("Continued from the first page.")), bold=True)
    y = lay.small(
        pen,
        y,
        tr(_("Declaration: ✓ played · ⇄ exchanged with the kip · when passing, write how "
             "many times in a row (1, 2, 3 …): from the 3rd pass in a row +3. Kat: the seat "
             "number of the kat holder, circled for a kater (five trumps). Points: what is "
             "left after the deal; the first at 0 wins.")),
    )  # fmt: skip
    if opts["per_trick"]:
        scoring = tr(_("a point off per trick, no trick +5"))
    else:
        scoring = tr(_("a trick: 1 point off, no trick: +5"))
    kat = {
        "holder": tr(_("kat: holder 5 off (kater 10)")),
        "others": tr(_("kat: holder 5 off, every other player 5 on")),
        "either": tr(_("kat: holder chooses 5 off, or 5 on for every other player")),
    }.get(str(opts["kat_scoring"]), "")
    parts = [
        tr(_("start at %(points)s points")) % {"points": opts["start_points"]},
        scoring,
        kat,
        tr(_("no pass at 3 points or fewer")),
    ]
    if opts["per_trick"] and opts["exact_zero"]:
        parts.append(tr(_("exactly to zero")))
    if opts["spades_double"]:
        parts.append(tr(_("spades trump: every point double, nobody passes")))
    if opts.get("stake_cents"):
        parts.append(tr(_("stake %(cents)s ct a point")) % {"cents": opts["stake_cents"]})
    return lay.rules_line(pen, y, parts) - 1.5 * mm


def _grid(
    pen: Pen, y: float, table_seats: list[lay.Seat], body: list[tuple[list[str], list[str]]]
) -> None:
    tr = pen.tr
    lead = [(tr(_("Deal")), 12 * mm), (tr(_("Trump")), 10 * mm), (tr(_("Kat")), 9 * mm)]
    subs = [
        lay.Sub(tr(_("Decl.")), 1),
        lay.Sub(tr(_("Tricks")), 1),
        lay.Sub(tr(_("Points")), 1.25, shaded=True),
    ]
    body = [(lc + [""] * (len(lead) - len(lc)), sc) for lc, sc in body]
    size = 9 if len(table_seats) <= 5 else 8
    lay.player_grid(
        pen,
        y,
        table_seats,
        lead=lead,
        subs=subs,
        body=body,
        row_height=ROW,
        size=size,
        bold_rows=[0],
    )
