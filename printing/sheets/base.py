"""Page geometry, fonts and the drawing helpers every sheet shares.

All sheets are A4 portrait unless a renderer turns the page, in points (1/72 inch; ``mm``
converts). Text is set in DejaVu Sans, embedded from ``fonts/``: it has the suit symbols
♠ ♥ ♦ ♣, so nothing falls back to the viewer's Symbol font.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from games.cards import Card, card_text, rank_text

from .data import Header
from .i18n import _
from .qr import draw_qr

FONTS = Path(__file__).resolve().parent / "fonts"
FONT = "TroefSans"
BOLD = "TroefSans-Bold"

PAGE_WIDTH, PAGE_HEIGHT = A4
MARGIN = 14 * mm
LEFT, RIGHT = MARGIN, PAGE_WIDTH - MARGIN
TOP, BOTTOM = PAGE_HEIGHT - MARGIN, MARGIN
WIDTH = RIGHT - LEFT


@dataclass(frozen=True, slots=True)
class Page:
    """A page's size and its printable area inside the margins, in points. LEFT, RIGHT,
    TOP, BOTTOM and WIDTH above are :data:`PORTRAIT`'s; a drawer that turns the page
    (:meth:`Pen.turned`) works with ``pen.page`` instead."""

    width: float
    height: float

    @property
    def size(self) -> tuple[float, float]:
        return self.width, self.height

    @property
    def left(self) -> float:
        return MARGIN

    @property
    def right(self) -> float:
        return self.width - MARGIN

    @property
    def top(self) -> float:
        return self.height - MARGIN

    @property
    def bottom(self) -> float:
        return MARGIN

    @property
    def span(self) -> float:
        """The printable width, margin to margin."""
        return self.width - 2 * MARGIN


PORTRAIT = Page(PAGE_WIDTH, PAGE_HEIGHT)
LANDSCAPE = Page(PAGE_HEIGHT, PAGE_WIDTH)

#: Side of the printed QR code, quiet zone included: large enough for any phone at arm's
#: length, small enough to leave the heading its room.
QR_SIZE = 30 * mm

GREY = (0.88, 0.88, 0.88)
LIGHT = (0.95, 0.95, 0.95)

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

#: The smallest type :meth:`Pen.text` shrinks a text to before it cuts it short.
MIN_SIZE = 4
ELLIPSIS = "…"


def clip(value: str, font: str, size: float, max_width: float) -> str:
    """The longest start of ``value`` that, with an ellipsis, fits ``max_width``."""
    low, high = 0, len(value)
    while low < high:  # the most characters that fit
        middle = (low + high + 1) // 2
        if pdfmetrics.stringWidth(value[:middle] + ELLIPSIS, font, size) <= max_width:
            low = middle
        else:
            high = middle - 1
    return value[:low].rstrip() + ELLIPSIS


def column_lefts(x: float, widths: Sequence[float]) -> list[float]:
    """The left edges of columns of ``widths`` side by side from ``x``."""
    lefts = [x]
    for w in widths[:-1]:
        lefts.append(lefts[-1] + w)
    return lefts


def register_fonts() -> None:
    """Register the embedded fonts once per process (reportlab keeps a global registry)."""
    registered = pdfmetrics.getRegisteredFontNames()
    if FONT not in registered:
        pdfmetrics.registerFont(TTFont(FONT, FONTS / "DejaVuSans.ttf"))
    if BOLD not in registered:
        pdfmetrics.registerFont(TTFont(BOLD, FONTS / "DejaVuSans-Bold.ttf"))


class Pen:
    """A canvas with the pack's language and helpers for headings, text and grids.

    ``tr`` translates the renderers' own labels (marked with ``_``) into the club's
    language; ``language`` is that language's code, for what ``tr`` has no msgid for (the
    card letters: :meth:`ranks`, :meth:`card`). Renderers draw one or more pages and end
    each with :meth:`end_page`.
    """

    def __init__(self, canvas: Canvas, tr: Callable[[str], str], language: str = "en") -> None:
        self.canvas = canvas
        self.tr = tr
        self.language = language
        self.page = PORTRAIT

    # -- cards in the club's letters (nl B V H A, de B D K A, en J Q K A) ---------------

    def ranks(self, *ranks: int) -> str:
        """``ranks`` as the club writes them, one space apart: ``11, 12, 13`` → "B V H"."""
        return " ".join(rank_text(rank, self.language) for rank in ranks)

    def card(self, rank: int, suit: str) -> str:
        """One card, compact: ``12, "S"`` → "V♠" (nl), "D♠" (de), "Q♠" (en)."""
        return card_text(Card(rank, suit), self.language, compact=True)

    # -- the page's size --------------------------------------------------------------

    def set_page(self, page: Page) -> None:
        """Print the current page (nothing drawn on it yet) and the ones after it on
        ``page``; :meth:`header`, :meth:`note` and :meth:`end_page` follow it."""
        self.page = page
        self.canvas.setPageSize(page.size)

    @contextmanager
    def turned(self, page: Page) -> Iterator[None]:
        """Draw whole pages on ``page`` (say :data:`LANDSCAPE`); the page after the
        block (the next document's first) is on the page size from before again."""
        before = self.page
        self.set_page(page)
        try:
            yield
        finally:
            self.set_page(before)

    # -- text -------------------------------------------------------------------------

    def text(
        self,
        x: float,
        y: float,
        value: str,
        *,
        size: float = 10,
        bold: bool = False,
        align: str = "left",
        max_width: float | None = None,
        cut: bool = True,
    ) -> float:
        """Draw ``value`` with its baseline at ``y``; shrink it to fit ``max_width``,
        and when it does not fit even at MIN_SIZE, cut it short with an ellipsis (a
        name of 100 letters never runs over the boxes, the QR code or the page's edge)
        unless ``cut`` is False. Returns the width drawn."""
        font = BOLD if bold else FONT
        width = pdfmetrics.stringWidth(value, font, size)
        if max_width is not None and width > max_width > 0:
            fitted = size * max_width / width
            if fitted < MIN_SIZE:  # too long to fit even in the smallest type
                fitted = MIN_SIZE
                if cut:
                    value = clip(value, font, MIN_SIZE, max_width)
            size = fitted
            width = pdfmetrics.stringWidth(value, font, size)
        c = self.canvas
        c.setFont(font, size)
        if align == "center":
            c.drawCentredString(x, y, value)
        elif align == "right":
            c.drawRightString(x, y, value)
        else:
            c.drawString(x, y, value)
        return width

    def width(self, value: str, *, size: float = 10, bold: bool = False) -> float:
        return pdfmetrics.stringWidth(value, BOLD if bold else FONT, size)

    # -- the heading ------------------------------------------------------------------

    def header(self, title: str, header: Header, *, link: str = "") -> float:
        """The page heading: ``title`` in large type, the club, tournament and date under
        it, round and table in boxes at the right, and the table link's QR code (with a
        line saying what it is for) when ``link`` is given. Returns the y below it."""
        c = self.canvas
        tr = self.tr
        page = self.page
        left, edge, top = page.left, page.right, page.top
        right = edge
        if link:
            draw_qr(c, link, edge - QR_SIZE, top - QR_SIZE, QR_SIZE)
            caption, room = tr(_("Scan to enter the result")), QR_SIZE + 8 * mm
            # Centred under the code, unless that would run past the right margin.
            half = min(self.width(caption, size=6.5), room) / 2
            self.text(
                min(edge - QR_SIZE / 2, edge - half),
                top - QR_SIZE - 3 * mm,
                caption,
                size=6.5,
                align="center",
                max_width=room,
            )
            right = edge - QR_SIZE - 4 * mm
        boxes = []
        if header.table is not None:
            boxes.append((tr(_("Table")), str(header.table)))
        if header.round is not None:
            boxes.append((tr(_("Round")), str(header.round)))
        box_w = 22 * mm
        for label, value in boxes:
            x = right - box_w
            c.setLineWidth(1.2)
            c.rect(x, top - 18 * mm, box_w, 18 * mm)
            self.text(x + box_w / 2, top - 5 * mm, label, size=8, align="center")
            self.text(x + box_w / 2, top - 15 * mm, value, size=20, bold=True, align="center")
            right = x - 3 * mm
        text_width = right - left
        self.text(left, top - 8 * mm, title, size=18, bold=True, max_width=text_width)
        line = " · ".join(part for part in (header.club, header.tournament, header.date) if part)
        self.text(left, top - 15 * mm, line, size=10, max_width=text_width)
        bottom = top - (QR_SIZE + 6 * mm if link else 21 * mm)
        c.setLineWidth(0.6)
        c.line(left, bottom, edge, bottom)
        return bottom - 4 * mm

    # -- grids ------------------------------------------------------------------------

    def grid(
        self,
        x: float,
        top: float,
        widths: Sequence[float],
        row_height: float,
        rows: Sequence[Sequence[str]],
        *,
        heading_rows: int = 1,
        size: float = 9,
        shade: Sequence[int] = (),
        align: Sequence[str] = (),
        cut: bool = True,
    ) -> float:
        """A ruled table: one row per entry of ``rows`` (cells as strings; empty cells are
        left to write in). The first ``heading_rows`` rows are bold on grey; columns
        listed in ``shade`` are lightly shaded (running totals, say); ``cut`` as for
        :meth:`text`. Returns the y of its bottom edge."""
        c = self.canvas
        total = sum(widths)
        lefts = column_lefts(x, widths)
        bottom = top - row_height * len(rows)
        for i in shade:
            c.setFillColorRGB(*LIGHT)
            c.rect(
                lefts[i],
                bottom,
                widths[i],
                top - bottom - heading_rows * row_height,
                stroke=0,
                fill=1,
            )
        if heading_rows:
            c.setFillColorRGB(*GREY)
            c.rect(
                x,
                top - heading_rows * row_height,
                total,
                heading_rows * row_height,
                stroke=0,
                fill=1,
            )
        c.setFillColorRGB(0, 0, 0)
        c.setLineWidth(0.5)
        for r in range(len(rows) + 1):
            c.line(x, top - r * row_height, x + total, top - r * row_height)
        for edge in [*lefts, x + total]:
            c.line(edge, top, edge, bottom)
        for r, row in enumerate(rows):
            base = top - (r + 1) * row_height + row_height * 0.3
            for i, cell in enumerate(row):
                if not cell:
                    continue
                how = align[i] if i < len(align) else "center"
                if how == "left":
                    cx = lefts[i] + 1.5 * mm
                elif how == "right":
                    cx = lefts[i] + widths[i] - 1.5 * mm
                else:
                    cx = lefts[i] + widths[i] / 2
                self.text(
                    cx,
                    base,
                    cell,
                    size=size,
                    bold=r < heading_rows,
                    align=how,
                    max_width=widths[i] - 2 * mm,
                    cut=cut,
                )
        return bottom

    def box(self, x: float, y: float, w: float, h: float, label: str = "") -> None:
        """A box to write in, its label small in the top left corner."""
        self.canvas.setLineWidth(0.6)
        self.canvas.rect(x, y, w, h)
        if label:
            self.text(x + 1.5 * mm, y + h - 3.2 * mm, label, size=7, max_width=w - 3 * mm)

    def note(self, y: float, value: str, *, size: float = 8) -> float:
        """A line of small print across the page; returns the y below it."""
        self.text(self.page.left, y, value, size=size, max_width=self.page.span)
        return y - size * 1.5

    def end_page(self) -> None:
        self.text(self.page.right, self.page.bottom - 5 * mm, "Troef", size=6.5, align="right")
        self.canvas.showPage()


def wrap(pen: Pen, value: str, width: float, *, size: float, bold: bool = False) -> list[str]:
    """``value`` broken into lines no wider than ``width`` at its spaces (a single word
    wider than that stays one line; ``pen.text`` shrinks it)."""
    lines: list[str] = []
    line = ""
    for word in value.split():
        candidate = f"{line} {word}" if line else word
        if line and pen.width(candidate, size=size, bold=bold) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines
