"""Check-in slips: one per player, with their name, their personal code and their
personal QR code (it links the phone that opens it to that player). Eight to an A4 page,
with dashed lines to cut them apart: each slip goes to its player alone.
"""

from __future__ import annotations

from .base import PAGE_HEIGHT, PAGE_WIDTH, Pen, mm, wrap
from .data import CheckInSlips, Slip
from .i18n import _
from .qr import draw_qr

COLUMNS, ROWS = 2, 4
SLIP_WIDTH = PAGE_WIDTH / COLUMNS
SLIP_HEIGHT = PAGE_HEIGHT / ROWS
PAD = 8 * mm
QR_SIZE = 38 * mm
NOTE_SIZE = 7


def draw_slips(pen: Pen, doc: CheckInSlips) -> None:
    """The slips in order, eight to a page."""
    slips = list(doc.slips)
    per_page = COLUMNS * ROWS
    if not slips:
        pen.text(PAD * 2, PAGE_HEIGHT - PAD * 3, pen.tr(_("No players to print a slip for.")))
        pen.end_page()
        return
    for start in range(0, len(slips), per_page):
        for index, slip in enumerate(slips[start : start + per_page]):
            column, row = index % COLUMNS, index // COLUMNS
            x = column * SLIP_WIDTH
            top = PAGE_HEIGHT - row * SLIP_HEIGHT
            draw_slip(pen, doc, slip, x, top)
        cut_lines(pen)
        pen.end_page()


def cut_lines(pen: Pen) -> None:
    c = pen.canvas
    c.saveState()
    c.setDash([3 * mm, 2 * mm])
    c.setStrokeColorRGB(0.5, 0.5, 0.5)
    c.setLineWidth(0.5)
    for row in range(1, ROWS):
        c.line(0, row * SLIP_HEIGHT, PAGE_WIDTH, row * SLIP_HEIGHT)
    for column in range(1, COLUMNS):
        c.line(column * SLIP_WIDTH, 0, column * SLIP_WIDTH, PAGE_HEIGHT)
    c.restoreState()


def draw_slip(pen: Pen, doc: CheckInSlips, slip: Slip, x: float, top: float) -> None:
    tr = pen.tr
    header = doc.header
    left = x + PAD
    text_width = SLIP_WIDTH - 2 * PAD - QR_SIZE - 3 * mm
    line = " · ".join(part for part in (header.club, header.tournament, header.date) if part)
    pen.text(left, top - PAD - 2 * mm, line, size=7, max_width=SLIP_WIDTH - 2 * PAD)
    pen.text(left, top - PAD - 10 * mm, slip.name, size=14, bold=True, max_width=text_width)
    pen.text(left, top - PAD - 17 * mm, tr(_("Your personal code")), size=8)
    pen.text(left, top - PAD - 27 * mm, slip.code, size=24, bold=True, max_width=text_width)
    y = top - PAD - 33 * mm
    note = tr(
        _(
            "Keep this slip to yourself. Scan the QR code once with your phone: it then "
            "confirms results as you. Or type the code at the table when asked."
        )
    )
    for part in wrap(pen, note, text_width, size=NOTE_SIZE):
        pen.text(left, y, part, size=NOTE_SIZE)
        y -= NOTE_SIZE * 1.3
    if slip.link:
        qr_left = x + SLIP_WIDTH - PAD - QR_SIZE
        draw_qr(pen.canvas, slip.link, qr_left, top - PAD - 4 * mm - QR_SIZE, QR_SIZE)
