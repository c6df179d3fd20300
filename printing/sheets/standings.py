"""The standings: a ruled table of every player's results, turned to landscape or set
smaller when it is wide, continued over pages."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from .base import (
    GREY,
    LANDSCAPE,
    PORTRAIT,
    Page,
    Pen,
    column_lefts,
    mm,
    wrap,
)
from .common import ZEBRA, continued, fill, heading
from .data import (
    Standings,
    StandingsRow,
)
from .i18n import _

# -- standings ------------------------------------------------------------------------

STANDINGS_SIZE = 9
STANDINGS_SMALL = 7  # the smallest type tried before the page turns to landscape
STANDINGS_FLOOR = 6  # never smaller: still readable on paper
STANDINGS_STEP = 0.5
STANDINGS_ROW = 6 * mm
STANDINGS_PAD = 3 * mm
STANDINGS_TIGHT = 2.4 * mm  # the least room around a cell's text (the grid insets 1.5 mm)
STANDINGS_HEAD_MAX = 32 * mm  # a turned heading longer than this shrinks
#: The names' column needs no more to fit the page: a longer name (100 letters) has the
#: page's spare room and shrinks into it rather than turn the page.
STANDINGS_NAMES = 60 * mm
NUMERIC = re.compile(r"^[\s\d.,:%+\-\u2212\u2013()/]*\d[\s\d.,:%+\-\u2212\u2013()/]*$")


@dataclasses.dataclass(frozen=True, slots=True)
class StandingsLayout:
    """How a standings table is printed: on which page, its columns' widths, the type
    size, each column's alignment, the columns whose heading is turned 90° (read upwards,
    so a narrow column stays narrow under a long heading), the heading row's
    height and the other rows'."""

    page: Page
    widths: list[float]
    size: float
    align: list[str]
    turned: frozenset[int]
    head: float
    row: float


def standings_layout(pen: Pen, doc: Standings) -> StandingsLayout:
    """Each column as wide as its widest cell, in the largest type that fits, trying in
    turn: portrait with the headings upright, portrait with the long headings of narrow
    columns turned, landscape upright, landscape turned (30-odd evenings of a
    season). Spare room goes to the widest text column (the names), whose heading always
    stands and whose width counts up to STANDINGS_NAMES only. Numbers align right, text left."""
    n = len(doc.columns)
    # Widths at 1 pt: a cell's width scales with its type.
    heads = [pen.width(value, size=1, bold=True) for value in doc.columns]
    body = [0.0] * n
    for row in doc.rows:
        for i, value in enumerate(row.cells[:n]):
            body[i] = max(body[i], pen.width(value, size=1))
    align = []
    for i in range(n):
        values = [row.cells[i] for row in doc.rows if i < len(row.cells) and row.cells[i]]
        align.append("right" if values and all(NUMERIC.match(v) for v in values) else "left")

    texts = [i for i in range(n) if align[i] == "left"] or list(range(n))
    names = max(texts, key=lambda i: body[i])  # gets the spare room; its heading stands

    def sizes(smallest: float) -> list[float]:
        count = int((STANDINGS_SIZE - smallest) / STANDINGS_STEP)
        return [STANDINGS_SIZE - k * STANDINGS_STEP for k in range(count + 1)]

    def attempt(
        page: Page, turn: bool, size: float, pad: float, *, squeeze: bool = False
    ) -> StandingsLayout | None:
        turned = frozenset(i for i in range(n) if turn and heads[i] > body[i] and i != names)
        natural = [
            max(body[i] * size, size * 1.25) if i in turned else max(body[i], heads[i]) * size
            for i in range(n)
        ]
        natural[names] = min(natural[names], STANDINGS_NAMES)
        widths = [w + pad for w in natural]
        if sum(widths) > page.span:
            if not squeeze:
                return None
            # Too wide even so: the columns share the page and shrink their text.
            widths = [w * page.span / sum(widths) for w in widths]
        widths[names] += page.span - sum(widths)
        row = STANDINGS_ROW * max(size / STANDINGS_SIZE, 0.8)
        head = row
        if turned:
            longest = max(heads[i] * size for i in turned) + 4 * mm
            head = min(max(longest, row), STANDINGS_HEAD_MAX)
        return StandingsLayout(page, widths, size, align, turned, head, row)

    tries = [
        (PORTRAIT, False, STANDINGS_PAD, sizes(STANDINGS_SMALL)),
        (PORTRAIT, True, STANDINGS_TIGHT, sizes(STANDINGS_SMALL)),
        (LANDSCAPE, False, STANDINGS_TIGHT, sizes(STANDINGS_SMALL)),
        (LANDSCAPE, True, STANDINGS_TIGHT, sizes(STANDINGS_FLOOR)),
    ]
    for page, turn, pad, options in tries:
        for size in options:
            layout = attempt(page, turn, size, pad)
            if layout is not None:
                return layout
    layout = attempt(LANDSCAPE, True, STANDINGS_FLOOR, STANDINGS_TIGHT, squeeze=True)
    assert layout is not None
    return layout


def standings(pen: Pen, doc: Standings) -> None:
    if not doc.columns:
        y = pen.header(doc.title, doc.header)
        for note in doc.notes:
            y = pen.note(y, note)
        pen.end_page()
        return
    layout = standings_layout(pen, doc)
    with pen.turned(layout.page):
        standings_pages(pen, doc, layout)


def standings_pages(pen: Pen, doc: Standings, layout: StandingsLayout) -> None:
    tr = pen.tr
    page = layout.page
    heading_row = list(doc.columns)
    title = doc.title
    y = pen.header(title, doc.header)
    main = [row for row in doc.rows if not row.apart]
    apart = [row for row in doc.rows if row.apart]
    below = tr(_("Below the minimum attendance"))

    def new_page() -> float:
        pen.end_page()
        return heading(pen, continued(pen, title))

    def rows_block(rows, y: float, label: str | None, *, heading_first: bool) -> float:
        """Print ``rows`` (under ``label``), page after page, with the column heading on
        every page (on the first one only when ``heading_first``)."""
        with_heading = heading_first
        while True:
            space = y - page.bottom - 2 * mm
            space -= (layout.head if with_heading else 0) + (layout.row if label else 0)
            room = int(space // layout.row)
            if room < min(len(rows), 2):
                y = new_page()
                with_heading = True
                continue
            if label:
                pen.text(page.left, y - 4 * mm, label, size=9, bold=True, max_width=page.span)
                y -= STANDINGS_ROW
            chunk, rows = rows[:room], rows[room:]
            y = standings_grid(
                pen,
                chunk,
                heading_row=heading_row if with_heading else None,
                layout=layout,
                top=y,
            )
            if not rows:
                return y
            y = new_page()
            with_heading = True

    if main or not apart:
        y = rows_block(main, y, None, heading_first=True)
    if apart:
        y -= 4 * mm
        y = rows_block(apart, y, below, heading_first=not main)
    if doc.notes:
        y -= 2 * mm
        for note in doc.notes:
            for line in wrap(pen, note, page.span, size=7.5):
                if y - 3 * mm < page.bottom + 2 * mm:
                    y = new_page()
                y = pen.note(y - 3 * mm, line, size=7.5) + 3 * mm
    pen.end_page()


def standings_heading(
    pen: Pen, heading_row: Sequence[str], layout: StandingsLayout, top: float
) -> float:
    """The column heading, bold on grey: turned headings read upwards from the foot of
    the row, the others stand on it. Returns the y below."""
    c = pen.canvas
    widths, size, head = layout.widths, layout.size, layout.head
    x = layout.page.left
    total = sum(widths)
    bottom = top - head
    fill(pen, GREY, (x, bottom, total, head))
    c.setLineWidth(0.5)
    c.line(x, top, x + total, top)
    c.line(x, bottom, x + total, bottom)
    left = x
    for i, width in enumerate(widths):
        c.line(left, top, left, bottom)
        value = heading_row[i] if i < len(heading_row) else ""
        if value and i in layout.turned:
            c.saveState()
            # Turned a quarter left: the baseline runs up the middle of the column.
            c.translate(left + width / 2 + size * 0.36, bottom + 2 * mm)
            c.rotate(90)
            pen.text(0, 0, value, size=size, bold=True, max_width=head - 4 * mm)
            c.restoreState()
        elif value:
            how = layout.align[i]
            if how == "right":
                cx = left + width - 1.5 * mm
            elif how == "left":
                cx = left + 1.5 * mm
            else:
                cx = left + width / 2
            base = bottom + layout.row * 0.3
            pen.text(cx, base, value, size=size, bold=True, align=how, max_width=width - 2 * mm)
        left += width
    c.line(x + total, top, x + total, bottom)
    return bottom


def standings_grid(
    pen: Pen,
    rows: Sequence[StandingsRow],
    *,
    heading_row: Sequence[str] | None,
    layout: StandingsLayout,
    top: float,
) -> float:
    """The column heading (unless None) and ``rows``, zebra-striped, struck cells struck
    through; returns the y below."""
    widths, size, align, row_h = layout.widths, layout.size, layout.align, layout.row
    x = layout.page.left
    if heading_row is not None:
        top = standings_heading(pen, heading_row, layout, top)
    for r in range(len(rows)):
        if r % 2 == 1:
            fill(pen, ZEBRA, (x, top - (r + 1) * row_h, sum(widths), row_h))
    cells = [
        [row.cells[i] if i < len(row.cells) else "" for i in range(len(widths))] for row in rows
    ]
    # Never cut short: a cut number would read as another number.
    bottom = pen.grid(x, top, widths, row_h, cells, heading_rows=0, size=size, align=align,
                      cut=False)  # fmt: skip
    lefts = column_lefts(x, widths)
    c = pen.canvas
    c.setLineWidth(0.7)
    for r, row in enumerate(rows, start=1):
        base = top - r * row_h + row_h * 0.3
        for i in sorted(row.struck):
            if i >= len(widths) or i >= len(row.cells) or not row.cells[i]:
                continue
            w = min(pen.width(row.cells[i], size=size), widths[i] - 2 * mm)
            if align[i] == "right":
                x1 = lefts[i] + widths[i] - 1.5 * mm - w
            elif align[i] == "left":
                x1 = lefts[i] + 1.5 * mm
            else:
                x1 = lefts[i] + (widths[i] - w) / 2
            strike = base + size * 0.3
            c.line(x1 - 0.5 * mm, strike, x1 + w + 0.5 * mm, strike)
    return bottom
