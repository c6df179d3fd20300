"""The generic score sheet: a column per player, a row per deal and a total row.

Any game without its own drawer prints this; so does a game the registry does not know
yet (its name as the title, four columns).
"""

from __future__ import annotations

from .base import BOTTOM, LEFT, WIDTH, Pen, mm
from .common import fit_name, game_title, side_letter
from .data import TableSheet
from .i18n import _

#: Lines to write deals on.
ROWS = 25
NUMBER_W = 13 * mm
NAMES_H = 12 * mm


def draw(pen: Pen, sheet: TableSheet) -> None:
    tr = pen.tr
    title, default_players = game_title(sheet.game)
    players = sorted(sheet.players, key=lambda p: p.seat)
    if players:
        seats = [
            tr(_("Seat %(number)s")) % {"number": p.seat}
            + (f" · {side_letter(p.side)}" if side_letter(p.side) else "")
            for p in players
        ]
        names = [p.name for p in players]
    else:
        count = sheet.seats or default_players
        seats = [tr(_("Seat %(number)s")) % {"number": n} for n in range(1, count + 1)]
        names = [""] * count

    label = tr(_("Score sheet"))
    top = pen.header(f"{label} · {title}", sheet.header, link=sheet.link)
    column = (WIDTH - NUMBER_W) / len(seats)
    widths = [NUMBER_W] + [column] * len(seats)
    blank = [""] * len(seats)
    # The seats on grey, then the names (or room to write them) on a taller row.
    y = pen.grid(LEFT, top, widths, 7 * mm, [["", *seats]], heading_rows=1, size=9)
    y = pen.grid(LEFT, y, widths, NAMES_H, [["", *blank]], heading_rows=0)
    for i, name in enumerate(names):
        if name:
            middle_x = LEFT + NUMBER_W + (i + 0.5) * column
            fit_name(
                pen,
                middle_x,
                y + NAMES_H / 2,
                column - 3 * mm,
                name,
                size=11,
                bold=True,
                align="center",
            )
    rows = [[str(n), *blank] for n in range(1, ROWS + 1)]
    rows.append(["", *blank])
    row_height = min(9 * mm, (y - BOTTOM - 2 * mm) / len(rows))
    bottom = pen.grid(LEFT, y, widths, row_height, rows, heading_rows=0, size=9)
    # The total row stands apart: a heavy rule above it and its label in bold.
    c = pen.canvas
    c.setLineWidth(1.4)
    c.line(LEFT, bottom + row_height, LEFT + WIDTH, bottom + row_height)
    c.rect(LEFT, top - 7 * mm - NAMES_H, WIDTH, NAMES_H)
    c.rect(LEFT, bottom, WIDTH, top - bottom)
    pen.text(
        LEFT + NUMBER_W / 2,
        bottom + row_height * 0.3,
        tr(_("Total")),
        size=8,
        bold=True,
        align="center",
        max_width=NUMBER_W - 1.5 * mm,
    )
    pen.end_page()
