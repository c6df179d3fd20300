"""A table's score sheet: the game's layout description drawn.

A game describes its sheet as data in ``games/<game>/sheet.py`` (``SHEET``, a
:class:`games.sheet_layout.SheetLayout`; why data and not drawing code: that module's
docstring), given by its spec (``GameSpec.sheet``, through the registry); this module
draws its blocks one under the other with the tools of :mod:`.layout`. A game without
a layout, or one the registry does not know, prints the generic sheet (:mod:`.generic`).
Nothing here knows a game by name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games import registry
from games import sheet_layout as sl
from tournaments.formats import team_title

from . import generic
from . import layout as lay
from .base import LEFT, SUITS, WIDTH, Pen, mm
from .data import TableSheet

_CONDITIONS = (sl.Is, sl.Not, sl.All, sl.InTeams, sl.Players)


def layout_of(game: str) -> sl.SheetLayout | None:
    """Game ``game``'s sheet layout from its package, or None (the generic sheet)."""
    if game not in registry.available():
        return None
    return registry.get(game).sheet


def draw(pen: Pen, sheet: TableSheet) -> None:
    """``sheet`` on whole pages: the game's layout, else the generic sheet."""
    layout = layout_of(sheet.game)
    if layout is None:
        generic.draw(pen, sheet)
        return
    draw_layout(pen, sheet, layout)


@dataclass
class _Table:
    """What the blocks are drawn for: the sheet, its options, its seats and sides."""

    pen: Pen
    sheet: TableSheet
    options: dict[str, Any]
    seats: list[lay.Seat]
    groups: list[list[lay.Seat]]
    teams: bool
    shared_row: float | None = None
    grid: tuple[list[float], float] | None = None  # the last grid's lead widths, seat width
    side_words: tuple[Any, ...] = ()  # the layout's names of drawn partners' sides


def draw_layout(pen: Pen, sheet: TableSheet, layout: sl.SheetLayout) -> None:
    """Draw ``layout`` for ``sheet``: the heading, the blocks, the foot."""
    table = _table(pen, sheet, layout)
    blocks = [b for b in layout.blocks if _holds(table, b.when)]
    y = lay.start(pen, sheet)
    for index, block in enumerate(blocks):
        y = _DRAW[type(block)](table, block, y, blocks[index + 1 :])
    lay.finish(pen, winner=layout.winner)


def _table(pen: Pen, sheet: TableSheet, layout: sl.SheetLayout) -> _Table:
    partners = layout.partners
    count = lay.seat_count(sheet)
    partnered = partners is not None and (not partners.only_at or count in partners.only_at)
    seats = lay.seats(sheet, teams=partnered)
    if partnered and all(s.side is None for s in seats):
        half = max(len(seats) // 2, 1)
        seats = [lay.Seat(s.number, s.name, (s.number - 1) % half) for s in seats]
    groups = lay.sides(seats)
    teams = partnered and len(groups) * 2 == len(seats)
    words = partners.words if partnered and partners is not None else ()
    return _Table(pen, sheet, lay.options(sheet), seats, groups, teams, side_words=words)


# --- values, conditions and texts ------------------------------------------------------


def _holds(table: _Table, condition: sl.Condition | None) -> bool:  # noqa: PLR0911 - a kind a case
    """Whether ``condition`` holds at ``table`` (no condition always does)."""
    match condition:
        case None:
            return True
        case sl.Is(name=name, value=None):
            return bool(table.options.get(name))
        case sl.Is(name=name, value=value):
            return table.options.get(name) == value
        case sl.Not(condition=inner):
            return not _holds(table, inner)
        case sl.All(conditions=conditions):
            return all(_holds(table, c) for c in conditions)
        case sl.InTeams():
            return table.teams
        case sl.Players(at_least=least):
            return len(table.seats) >= least
    raise TypeError(f"not a condition: {condition!r}")


def _value(table: _Table, value: Any) -> Any:
    """``value`` at ``table``: a :class:`~games.sheet_layout.Case` decided, an option
    read, a condition as a flag; anything else as it is."""
    if isinstance(value, sl.Case):
        chosen = value.then if _holds(table, value.condition) else value.otherwise
        return _value(table, chosen)
    if isinstance(value, sl.Opt):
        return table.options.get(value.name)
    if isinstance(value, _CONDITIONS):
        return _holds(table, value)
    return value


def _say(table: _Table, text: Any) -> str:  # noqa: PLR0911 - one return per kind of text
    """``text`` printed: translated, its values put in."""
    pen = table.pen
    text = _value(table, text)
    if text is None:
        return ""
    if isinstance(text, str):
        return text
    if isinstance(text, sl.Msg):
        said = pen.tr(text.msgid)
        if text.values:
            said = said % {k: _value(table, v) for k, v in text.values.items()}
        return said
    if isinstance(text, sl.Text):
        return "".join(_say(table, part) for part in text.parts)
    if isinstance(text, sl.Ranks):
        return pen.ranks(*text.ranks)
    if isinstance(text, sl.CardName):
        return pen.card(text.rank, text.suit)
    if isinstance(text, sl.Suits):
        return " ".join(SUITS.values())
    return str(text)


def _fixed_height(block: sl.Block) -> float:
    """The room a block below a grid takes for sure (a notes box takes what is left)."""
    if isinstance(block, sl.Gap | sl.SeatBoxes | sl.Lines):
        return block.height * mm
    if isinstance(block, sl.Boxes):
        return block.height * mm + 4 * mm
    return 0


# --- the blocks ------------------------------------------------------------------------

Later = Sequence[sl.Block]


def _note(table: _Table, block: sl.Note, y: float, _later: Later) -> float:
    return lay.small(table.pen, y, _say(table, block.text), bold=block.bold)


def _rules(table: _Table, block: sl.Rules, y: float, _later: Later) -> float:
    return lay.rules_line(table.pen, y, [_say(table, part) for part in block.parts])


def _gap(_table: _Table, block: sl.Gap, y: float, _later: Later) -> float:
    return y - block.height * mm


def _title(table: _Table, title: sl.Title | None, y: float) -> float:
    """A table's title; returns the y of the table's top."""
    if title is None:
        return y
    table.pen.text(LEFT, y - title.baseline * mm, _say(table, title.text), size=title.size,
                   bold=True)  # fmt: skip
    return y - title.height * mm


def _fixed_table(table: _Table, block: sl.Table, y: float, _later: Later) -> float:
    top = _title(table, block.title, y)
    rows = [[_say(table, cell) for cell in row] for row in block.rows]
    widths = lay.scaled(block.widths, WIDTH)
    return lay.table(table.pen, LEFT, top, widths, rows, row_height=block.row * mm,
                     size=block.size, bold_rows=block.bold_rows)  # fmt: skip


def _body_rows(table: _Table, block: sl.SeatTable) -> int:
    return len(table.groups) if block.per_side else len(table.seats)


def _share(table: _Table, y: float, blocks: Sequence[sl.Block]) -> float:
    """The row height of the tables from ``blocks[0]`` on that share the page's room."""
    sharing = [i for i, b in enumerate(blocks)
               if isinstance(b, sl.SeatTable) and isinstance(b.row, sl.Share)]  # fmt: skip
    fixed = 0.0
    for b in blocks[sharing[0] : sharing[-1] + 1]:
        if isinstance(b, sl.Gap):
            fixed += b.height * mm
        elif isinstance(b, sl.SeatTable) and isinstance(b.row, sl.Share):
            fixed += (b.title.height * mm if b.title else 0) + b.heading_height * mm
    rows = sum(_body_rows(table, blocks[i]) for i in sharing)  # type: ignore[arg-type]
    share = blocks[sharing[0]].row  # type: ignore[union-attr]
    room = y - lay.BOTTOM - lay.FOOT - fixed
    return max(min(room / max(rows, 1), share.high * mm), share.low * mm)


def _row(table: _Table, block: sl.SeatTable, y: float, later: Later) -> float:
    """A seat table's row height: its own, or its share of the room left on the page."""
    if not isinstance(block.row, sl.Share):
        return block.row * mm
    if table.shared_row is None:
        table.shared_row = _share(table, y, [block, *later])
    if block.row.cap is not None:
        return min(table.shared_row, block.row.cap * mm)
    return table.shared_row


def _seat_table(table: _Table, block: sl.SeatTable, y: float, later: Later) -> float:
    row = _row(table, block, y, later)
    size = block.size
    if block.tight_size is not None and row < block.tight_row * mm:
        size = block.tight_size
    columns = [c for c in block.columns if _holds(table, c.when)]
    rows, labels, spans, thick_rows = _seat_rows(table, block, columns)
    widths = lay.scaled([c.width for c in columns], WIDTH)
    return lay.table(
        table.pen, LEFT, _title(table, block.title, y), widths, rows, row_height=row,
        heading_height=block.heading_height * mm, size=size,
        shade_columns=[i for i, c in enumerate(columns) if c.shaded],
        bold_rows=range(1, len(rows)), thick_rows=thick_rows[:-1],
        small_columns=[i for i, c in enumerate(columns) if c.small], labels=labels,
        align=[c.align for c in columns],
        thick_after=[i for i, c in enumerate(columns) if _value(table, c.thick)], spans=spans,
    )  # fmt: skip


def _seat_rows(
    table: _Table, block: sl.SeatTable, columns: Sequence[sl.Column]
) -> tuple[list[list[str]], dict[tuple[int, int], str], dict[tuple[int, int], int], list[int]]:
    """A seat table's rows (the heading first), the small labels in its cells, the cells
    merged over a side's rows and the rows with a thick rule below (a side's last)."""
    rows: list[list[str]] = [[_say(table, c.heading) for c in columns]]
    labels: dict[tuple[int, int], str] = {}
    spans: dict[tuple[int, int], int] = {}
    thick_rows: list[int] = []
    for index, group in enumerate(table.groups):
        first = len(rows)
        for seat in [group[0]] if block.per_side else group:
            cells = []
            for i, column in enumerate(columns):
                if column.per_side and len(rows) != first:
                    cells.append("")
                    continue
                side = (group, index)
                cells.append(_cell(table, column.cell, seat, side, (len(rows), i), labels))
            rows.append(cells)
        if block.per_side:
            continue
        for i, column in enumerate(columns):
            if column.per_side:
                spans[(first, i)] = len(group)
            if column.team_label:
                labels[(first, i)] = _team(table, index, group[0].team)
        thick_rows.append(len(rows) - 1)
    return rows, labels, spans, thick_rows


def _cell(  # noqa: PLR0917 - a cell's seat, side and place
    table: _Table,
    cell: Any,
    seat: lay.Seat,
    side: tuple[list[lay.Seat], int],
    where: tuple[int, int],
    labels: dict[tuple[int, int], str],
) -> str:
    """What a seat's (or a side's: the side's players and its index) row holds in a
    column; a small label for the cell at ``where`` goes into ``labels``."""
    pen = table.pen
    group, index = side
    if cell == sl.SEAT:
        return str(seat.number)
    if cell == sl.NAME:
        if not seat.name:
            labels[where] = lay.seat_label(pen, seat)
        return seat.name
    if cell == sl.TEAM:
        return _team(table, index, group[0].team)
    if cell == sl.SIDE:
        if table.teams:
            return _partners(table, group, index)
        if not group[0].name:
            labels[where] = lay.seat_label(pen, group[0])
        return group[0].name
    return _say(table, cell)


def _team(table: _Table, index: int, team: str = "") -> str:
    """A side of partners: a fixed team by its name; partners drawn for the round by the
    layout's word for the side (Us, Them) where it has one, else as Team A, B, ..."""
    if not team and index < len(table.side_words):
        return _say(table, table.side_words[index])
    return lay.team_label(table.pen, index, team)


def _partners(table: _Table, group: list[lay.Seat], index: int) -> str:
    """A side of partners: a fixed team as every page names it ("Team 5 (Henk & Wim)");
    partners drawn for the round as "Team A: Henk & Wim" (or the layout's word)."""
    names = [s.name for s in group if s.name]
    if group[0].team:
        return team_title(group[0].team, names)
    joined = " & ".join(names)
    return _team(table, index) + (f": {joined}" if joined else "")


def _estimate(table: _Table, estimate: sl.Estimate) -> int:
    start = int(table.options[estimate.option])
    return int(start * estimate.times / _value(table, estimate.over)) + estimate.plus


def _grid(table: _Table, block: sl.Grid, y: float, later: Later) -> float:
    pen = table.pen
    row = block.row * mm
    below = sum(_fixed_height(b) for b in later)
    lead = [(_say(table, heading), width * mm) for heading, width in block.lead]
    subs = [lay.Sub(_say(table, s.heading), s.weight, s.shaded) for s in block.subs]
    size = _value(table, block.size)
    more = block.continued
    needed = _estimate(table, more.rows) if more else 0
    first, number, page = block.first, 1, 1
    while True:
        rows = lay.grid_rows_that_fit(y, row, below)
        last = more is None or page == 2 or number + rows - 1 > needed
        if not last:
            rows = lay.grid_rows_that_fit(y, row, below=-lay.FOOT)
        body: list[tuple[list[str], list[str]]] = []
        if first is not None:
            body.append(([_say(table, first.lead)], [_say(table, c) for c in first.subs]))
        while len(body) < rows:
            body.append(([str(number)], [""] * len(subs)))
            number += 1
        body = [(lc + [""] * (len(lead) - len(lc)), sc) for lc, sc in body]
        bottom, width, lead_widths = lay.player_grid(
            pen, y, table.seats, lead=lead, subs=subs, body=body, row_height=row, size=size,
            bold_rows=[0] if first is not None else [],
        )  # fmt: skip
        table.grid = (lead_widths, width)
        if last or more is None:
            return bottom
        pen.end_page()
        y = lay.small(pen, lay.start(pen, table.sheet), _say(table, more.note), bold=True)
        first, page = more.first, page + 1


def _seat_boxes(table: _Table, block: sl.SeatBoxes, y: float, _later: Later) -> float:
    if table.grid is None:
        raise ValueError("SeatBoxes go under a Grid")
    lead_widths, width = table.grid
    seats = len(table.seats)
    widths = [sum(lead_widths), *[width] * seats]
    label = _say(table, block.label)
    return lay.table(
        table.pen, LEFT, y, widths, [["", *[""] * seats]], row_height=block.height * mm,
        heading_rows=0, thick_after=list(range(len(widths))),
        labels={(0, i + 1): label for i in range(seats)},
    )  # fmt: skip


def _boxes(table: _Table, block: sl.Boxes, y: float, _later: Later) -> float:
    boxes = [(_say(table, b.label), b.share) for b in block.boxes if _holds(table, b.when)]
    return lay.write_boxes(table.pen, y, boxes, height=block.height * mm)


def _lines(table: _Table, block: sl.Lines, y: float, _later: Later) -> float:
    for k, text in enumerate(block.texts):
        table.pen.text(LEFT, y - k * block.step * mm, _say(table, text), size=block.size,
                       max_width=WIDTH)  # fmt: skip
    return y - block.height * mm


def _notes(table: _Table, _block: sl.Notes, y: float, _later: Later) -> float:
    lay.notes(table.pen, y)
    return y


_DRAW: dict[type, Callable[..., float]] = {
    sl.Note: _note,
    sl.Rules: _rules,
    sl.Gap: _gap,
    sl.Table: _fixed_table,
    sl.SeatTable: _seat_table,
    sl.Grid: _grid,
    sl.SeatBoxes: _seat_boxes,
    sl.Boxes: _boxes,
    sl.Lines: _lines,
    sl.Notes: _notes,
}
