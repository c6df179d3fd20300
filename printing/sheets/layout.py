"""The tools a table's score sheet is drawn with (:mod:`.game_sheets` draws a game's
layout description with them): seats and sides, options, name headings, ruled tables with
shaded totals, small print and the boxes at the foot of a sheet.

A sheet is pre-filled (``sheet.players``: names in seat order, and sides for team tables)
or blank for casual play: a column per seat with an empty box to write the name in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games import registry

from .base import BOTTOM, GREY, LEFT, LIGHT, WIDTH, Pen, column_lefts, mm, wrap
from .data import TableSheet
from .i18n import _

#: Thin rules inside a table, thick ones between players and around it.
THIN, THICK = 0.5, 1.2
#: Room kept at the foot of every sheet for the winner and the signatures.
FOOT = 17 * mm
#: A player_grid's row of name boxes, and the most its heading row takes.
NAME_HEIGHT, HEADING_HEIGHT = 11 * mm, 7 * mm


@dataclass(frozen=True, slots=True)
class Seat:
    """A column of the sheet: seat number (1-based), the name (empty on a blank sheet)
    and the side for team tables (None otherwise)."""

    number: int
    name: str = ""
    side: int | None = None
    team: str = ""  # a fixed team's name


# --- what is played --------------------------------------------------------------------


def options(sheet: TableSheet) -> dict[str, Any]:
    """The game's options: its defaults, overlaid with the sheet's."""
    spec = registry.get(sheet.game)
    out = {o.name: o.default for o in spec.options}
    out.update(sheet.options)
    return out


def seat_count(sheet: TableSheet) -> int:
    """Players at the table: the names given, else ``seats``, else the option
    ``players``, else the game's default."""
    if sheet.players:
        return len(sheet.players)
    if sheet.seats:
        return sheet.seats
    players = options(sheet).get("players")
    if isinstance(players, int) and players > 0:
        return players
    return registry.get(sheet.game).default_players


def seats(sheet: TableSheet, *, teams: bool = False) -> list[Seat]:
    """The table's seats in seat order. With ``teams`` (a team table of the game) a blank
    sheet gets the sides partners have: seat i and seat i + n/2 play together."""
    if sheet.players:
        return [
            Seat(p.seat, p.name, p.side, p.team)
            for p in sorted(sheet.players, key=lambda p: p.seat)
        ]
    n = seat_count(sheet)
    half = n // 2
    return [Seat(i, "", (i - 1) % half if teams and half else None) for i in range(1, n + 1)]


def sides(table: Sequence[Seat]) -> list[list[Seat]]:
    """The seats grouped by side (side order), or one seat a side without sides."""
    if not any(s.side is not None for s in table):
        return [[s] for s in table]
    found: dict[int, list[Seat]] = {}
    for s in table:
        found.setdefault(s.side if s.side is not None else -1, []).append(s)
    return [found[k] for k in sorted(found)]


def title(pen: Pen, sheet: TableSheet) -> str:
    label = pen.tr(_("Score sheet"))
    return f"{label} {registry.get(sheet.game).title}"


def seat_label(pen: Pen, seat: Seat) -> str:
    """The small label "Seat 3" above a printed name, "Player 3" above an empty name box."""
    if seat.name:
        return pen.tr(_("Seat %(number)s")) % {"number": seat.number}
    return pen.tr(_("Player %(number)s")) % {"number": seat.number}


def team_label(pen: Pen, index: int, team: str = "") -> str:
    """A side of partners on the sheet: a fixed team by its own name, as the pages name
    it; partners drawn for the round (and a blank sheet's) as Team A, B, ..."""
    if team:
        return team
    return pen.tr(_("Team %(letter)s")) % {"letter": "ABCDEFGH"[index % 8]}


def start(pen: Pen, sheet: TableSheet) -> float:
    """The heading of a sheet's page; returns the y below it."""
    return pen.header(title(pen, sheet), sheet.header, link=sheet.link)


# --- text ------------------------------------------------------------------------------


def small(pen: Pen, y: float, value: str, *, size: float = 8, bold: bool = False) -> float:
    """Small print across the page, wrapped; returns the y of the next line."""
    for line in wrap(pen, value, WIDTH, size=size, bold=bold):
        pen.text(LEFT, y, line, size=size, bold=bold, max_width=WIDTH)
        y -= size * 1.4
    return y


def name_lines(pen: Pen, name: str, width: float, size: float) -> tuple[list[str], float]:
    """A name in one line at ``size``, or smaller, or (long names) in two lines, so
    that it stays readable: the lines and their size."""
    if pen.width(name, size=size, bold=True) <= width:
        return [name], size
    one = size * width / pen.width(name, size=size, bold=True)
    words = name.split()
    best: tuple[list[str], float] = ([name], one)
    for cut in range(1, len(words)):
        lines = [" ".join(words[:cut]), " ".join(words[cut:])]
        widest = max(pen.width(line, size=size, bold=True) for line in lines)
        two = min(size * 0.85, size * width / widest)
        if two > best[1] * 1.15:
            best = (lines, two)
    return best


def rules_line(pen: Pen, y: float, parts: Sequence[str]) -> float:
    """The line "Rules in play: a · b · c" in small print; returns the y of the next line."""
    parts = [p for p in parts if p]
    if not parts:
        return y
    label = pen.tr(_("Rules in play"))
    return small(pen, y, f"{label}: " + " · ".join(parts))


def scaled(widths: Sequence[float], total: float) -> list[float]:
    """``widths`` stretched or shrunk in proportion to add up to ``total``."""
    s = sum(widths)
    return [w * total / s for w in widths]


# --- tables ----------------------------------------------------------------------------


def fit_lines(
    pen: Pen, value: str, width: float, height: float, *, size: float, bold: bool = False
) -> tuple[list[str], float]:
    """``value`` in as many lines (at spaces) as let it be printed largest in a box of
    ``width`` by ``height``, at ``size`` or smaller: the lines and their size."""
    one = min(size, height * 0.62)
    if pen.width(value, size=one, bold=bold) <= width:
        return [value], one  # the usual case: it fits as it is
    best: tuple[list[str], float] = ([value], 0.0)
    for count in (1, 2, 3):
        fit = min(size, height / (count * 1.2 + 0.2) if count > 1 else height * 0.62)
        while fit > 4:  # the smallest size worth printing
            lines = wrap(pen, value, width, size=fit, bold=bold) if count > 1 else [value]
            widest = max(pen.width(line, size=fit, bold=bold) for line in lines)
            if len(lines) <= count and widest <= width:
                break
            fit *= 0.95
        if fit > best[1] * 1.08:  # another line only when it reads clearly larger
            best = (lines, fit)
    return best


def cell_text(
    pen: Pen,
    cell: tuple[float, float, float, float],
    value: str,
    *,
    size: float = 9,
    bold: bool = False,
    align: str = "center",
) -> None:
    """``value`` in the middle of ``cell`` (left, top, width, height): shrunk to fit, or
    in two or three lines when that reads larger."""
    if not value:
        return
    left, top, width, height = cell
    lines, size = fit_lines(pen, value, width - 2 * mm, height, size=size, bold=bold)
    step = size * 1.15
    first = top - height / 2 + step * (len(lines) - 1) / 2 - size * 0.35
    x = {"left": left + 1.5 * mm, "right": left + width - 1.5 * mm}.get(align, left + width / 2)
    for k, line in enumerate(lines):
        pen.text(x, first - k * step, line, size=size, bold=bold, align=align,
                 max_width=width - 2 * mm)  # fmt: skip


def name_heading(
    pen: Pen,
    x: float,
    top: float,
    groups: Sequence[tuple[float, str, str]],
    height: float,
    *,
    lead: Sequence[tuple[float, str]] = (),
    size: float = 11,
) -> float:
    """A heading row of name boxes: ``groups`` as (width, small label, name) — an empty
    name leaves a white box to write it in. ``lead`` cells (width, text) come first, grey.
    Returns the y of its bottom."""
    c = pen.canvas
    bottom = top - height
    cx = x
    for width, label in lead:
        c.setFillColorRGB(*GREY)
        c.rect(cx, bottom, width, height, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        cell_text(pen, (cx, top, width, height), label, size=8, bold=True)
        cx += width
    for width, label, name in groups:
        if name:
            c.setFillColorRGB(*GREY)
            c.rect(cx, bottom, width, height, stroke=0, fill=1)
            c.setFillColorRGB(0, 0, 0)
            lines, fit = name_lines(pen, name, width - 2 * mm, min(size, height * 0.45))
            if len(lines) == 1:
                pen.text(cx + width / 2, bottom + height * 0.22, name, size=fit, bold=True,
                         align="center", max_width=width - 2 * mm)  # fmt: skip
            else:
                fit = min(fit, (height - 3.2 * mm) / 2.3)
                for k, line in enumerate(lines):
                    base = bottom + 1 * mm + (1 - k) * fit * 1.1
                    pen.text(cx + width / 2, base, line, size=fit, bold=True, align="center",
                             max_width=width - 2 * mm)  # fmt: skip
        pen.text(cx + 1.2 * mm, top - 2.8 * mm, label, size=6.5, max_width=width - 2.4 * mm)
        cx += width
    c.setLineWidth(THICK)
    c.rect(x, bottom, cx - x, height)
    cx = x
    for width, _label in lead:
        cx += width
        c.line(cx, top, cx, bottom)
    for width, _label, _name in groups:
        cx += width
        c.line(cx, top, cx, bottom)
    return bottom


@dataclass(frozen=True, slots=True)
class _Frame:
    """Where a table's cells are: column lefts and widths, row tops, the bottom, and the
    cells merged into the one above them."""

    xs: list[float]
    widths: list[float]
    tops: list[float]
    bottom: float
    inside: set[tuple[int, int]]

    def row_bottom(self, r: int) -> float:
        return self.tops[r + 1] if r + 1 < len(self.tops) else self.bottom

    def across(self, pen: Pen, r: int, y: float) -> None:
        """A rule at ``y`` above row ``r``, broken where a merged cell goes on."""
        start = None
        for i, x in enumerate(self.xs):
            if (r, i) in self.inside:
                if start is not None:
                    pen.canvas.line(start, y, x, y)
                start = None
            elif start is None:
                start = x
        if start is not None:
            pen.canvas.line(start, y, self.xs[-1] + self.widths[-1], y)


def table(
    pen: Pen,
    x: float,
    top: float,
    widths: Sequence[float],
    rows: Sequence[Sequence[str]],
    *,
    row_height: float,
    heading_rows: int = 1,
    heading_height: float | None = None,
    size: float = 9,
    shade_columns: Sequence[int] = (),
    bold_rows: Sequence[int] = (),
    thick_after: Sequence[int] = (),
    thick_rows: Sequence[int] = (),
    align: Sequence[str] = (),
    small_columns: Sequence[int] = (),
    labels: Mapping[tuple[int, int], str] | None = None,
    spans: Mapping[tuple[int, int], int] | None = None,
) -> float:
    """A ruled table. The first ``heading_rows`` rows are bold on grey (``heading_height``
    each), the others ``row_height``; empty cells are left to write in. Columns in
    ``shade_columns`` are shaded below the heading (running totals); ``thick_after``
    lists columns with a thick rule on their right (between players), ``thick_rows`` rows
    with one below. Text in ``small_columns`` is printed small (printed hints such as
    "☐ grey ☐ red"); ``labels`` puts a small label in the top left corner of cell (row,
    column), "Player 3" above a name to write in, say; ``spans`` merges cell (row, column)
    with the cells below it, (row, column) -> number of rows (a team's total beside its
    two players). Returns the y of its bottom."""
    c = pen.canvas
    heights = [(heading_height or row_height) if r < heading_rows else row_height
               for r in range(len(rows))]  # fmt: skip
    tops = [top]
    for h in heights[:-1]:
        tops.append(tops[-1] - h)
    spans = spans or {}
    frame = _Frame(
        column_lefts(x, widths), list(widths), tops, top - sum(heights),
        {(r0 + k, i) for (r0, i), n in spans.items() for k in range(1, n)},
    )  # fmt: skip
    right = x + sum(widths)
    body_top = frame.row_bottom(heading_rows - 1) if heading_rows else top
    # shading first, the rules over it
    c.setFillColorRGB(*LIGHT)
    for i in shade_columns:
        c.rect(frame.xs[i], frame.bottom, widths[i], body_top - frame.bottom, stroke=0, fill=1)
    c.setFillColorRGB(*GREY)
    c.rect(x, body_top, right - x, top - body_top, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    c.setLineWidth(THIN)
    for r in range(1, len(rows)):
        frame.across(pen, r, tops[r])
    for edge in frame.xs[1:]:
        c.line(edge, top, edge, frame.bottom)
    c.setLineWidth(THICK)
    for i in thick_after:
        c.line(frame.xs[i] + widths[i], top, frame.xs[i] + widths[i], frame.bottom)
    for r in [*thick_rows, *([heading_rows - 1] if heading_rows else [])]:
        frame.across(pen, r + 1, frame.row_bottom(r))
    c.rect(x, frame.bottom, right - x, top - frame.bottom)
    for r, row in enumerate(rows):
        for i, cell in enumerate(row[: len(widths)]):
            if (r, i) in frame.inside:
                continue
            heading = r < heading_rows
            hint = i in small_columns and not heading
            cell_text(
                pen, (frame.xs[i], tops[r], widths[i], heights[r] * spans.get((r, i), 1)),
                cell, size=size * (0.8 if heading else 0.75 if hint else 1),
                bold=(heading or r in bold_rows) and not hint,
                align=align[i] if i < len(align) else "center",
            )  # fmt: skip
    for (r, i), label in (labels or {}).items():
        pen.text(frame.xs[i] + 1.2 * mm, tops[r] - 2.6 * mm, label, size=6.5,
                 max_width=widths[i] - 2.4 * mm)  # fmt: skip
    return frame.bottom


def write_boxes(
    pen: Pen, y: float, boxes: Sequence[tuple[str, float]], *, height: float = 12 * mm
) -> float:
    """A row of labelled boxes to write in across the page, ``boxes`` as (label, share of
    the width); returns the y below them."""
    gap = 3 * mm
    total = sum(share for _label, share in boxes)
    room = WIDTH - gap * (len(boxes) - 1)
    x = LEFT
    for label, share in boxes:
        w = room * share / total
        pen.box(x, y - height, w, height, label)
        x += w + gap
    return y - height - 4 * mm


def notes(pen: Pen, y: float) -> None:
    """A box for notes down to the foot, when there is room for one."""
    bottom = BOTTOM + FOOT
    if y - bottom >= 20 * mm:
        pen.box(LEFT, bottom, WIDTH, y - bottom, pen.tr(_("Notes")))


def finish(pen: Pen, *, winner: bool = True) -> None:
    """The winner and the players' signatures in the ``FOOT`` of the page, then the page
    ends."""
    boxes = [(pen.tr(_("Signatures")), 2)]
    if winner:
        boxes.insert(0, (pen.tr(_("Winner")), 1))
    write_boxes(pen, BOTTOM + FOOT - 3 * mm, boxes)
    pen.end_page()


def rows_that_fit(top: float, row_height: float, below: float = 0) -> int:
    """How many rows of ``row_height`` fit between ``top`` and the ``FOOT`` with
    ``below`` more kept free."""
    return max(int((top - BOTTOM - FOOT - below) / row_height), 0)


def grid_rows_that_fit(top: float, row_height: float, below: float = 0) -> int:
    """How many body rows of a :func:`player_grid` drawn at ``top`` fit (as
    :func:`rows_that_fit`), its name boxes and heading row taken off."""
    return rows_that_fit(top - NAME_HEIGHT - HEADING_HEIGHT, row_height, below)


@dataclass(frozen=True, slots=True)
class Sub:
    """A player's sub-column: heading, share of the player's width, shaded (a running
    total) or not."""

    label: str
    weight: float = 1
    shaded: bool = False


def player_grid(
    pen: Pen,
    top: float,
    table_seats: Sequence[Seat],
    *,
    lead: Sequence[tuple[str, float]],
    subs: Sequence[Sub],
    body: Sequence[tuple[Sequence[str], Sequence[str]]],
    row_height: float,
    size: float = 9,
    bold_rows: Sequence[int] = (),
) -> tuple[float, float, list[float]]:
    """The usual score grid: ``lead`` columns (heading, width) then, per seat, a name box
    over ``subs``; ``body`` rows as (lead cells, sub cells repeated for every seat).
    Returns (bottom, the width of a seat's block, the lead widths)."""
    lead_widths = [w for _label, w in lead]
    block = (WIDTH - sum(lead_widths)) / len(table_seats)
    weights = sum(s.weight for s in subs)
    sub_widths = [block * s.weight / weights for s in subs]
    groups = [(block, seat_label(pen, s), s.name) for s in table_seats]
    y = name_heading(pen, LEFT, top, groups, NAME_HEIGHT, lead=[(sum(lead_widths), "")])
    widths = lead_widths + sub_widths * len(table_seats)
    heading = [label for label, _w in lead] + [s.label for s in subs] * len(table_seats)
    rows = [heading] + [list(lc) + list(sc) * len(table_seats) for lc, sc in body]
    n_lead, n_sub = len(lead), len(subs)
    shade = [n_lead + p * n_sub + i for p in range(len(table_seats))
             for i, s in enumerate(subs) if s.shaded]  # fmt: skip
    thick = [n_lead - 1] + [n_lead + p * n_sub + n_sub - 1 for p in range(len(table_seats))]
    bottom = table(
        pen, LEFT, y, widths, rows, row_height=row_height,
        heading_height=min(row_height, HEADING_HEIGHT), size=size, shade_columns=shade,
        thick_after=thick, bold_rows=[r + 1 for r in bold_rows],
    )  # fmt: skip
    return bottom, block, lead_widths


__all__ = [
    "BOTTOM",
    "FOOT",
    "LEFT",
    "WIDTH",
    "Seat",
    "Sub",
    "cell_text",
    "finish",
    "grid_rows_that_fit",
    "name_heading",
    "notes",
    "options",
    "player_grid",
    "rows_that_fit",
    "rules_line",
    "scaled",
    "seat_count",
    "seat_label",
    "seats",
    "sides",
    "small",
    "start",
    "table",
    "team_label",
    "title",
    "write_boxes",
]
