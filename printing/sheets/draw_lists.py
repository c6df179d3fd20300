"""The round's draw list for the wall (by table, then by name) and the table cards, two
to a page."""

from __future__ import annotations

from collections.abc import Sequence

from .base import (
    BOTTOM,
    LEFT,
    PAGE_HEIGHT,
    PAGE_WIDTH,
    RIGHT,
    TOP,
    WIDTH,
    Pen,
    mm,
    wrap,
)
from .common import (
    GREY_TEXT,
    RULE,
    ZEBRA,
    continued,
    fill,
    fit_name,
    game_title,
    heading,
    seated,
    side_letter,
    sort_key,
    team_columns,
    with_game,
)
from .data import (
    DrawList,
    DrawTable,
    Header,
    Player,
    TableCards,
)
from .i18n import _
from .qr import draw_qr

# -- the draw list for the wall -------------------------------------------------------

DRAW_LINE = 8 * mm
DRAW_NAME = 16
DRAW_NUMBER_W = 30 * mm
DRAW_SPACE = 3 * mm


def draw_title(pen: Pen, header: Header) -> str:
    if header.round is None:
        return pen.tr(_("Draw"))
    return pen.tr(_("Draw for round %(number)s")) % {"number": header.round}


def draw_columns(table: DrawTable) -> list[list[Player]]:
    """The table's players in columns: a team to a column (A, B and, at Keezen for
    six, C), else in seat order filled down two columns (three from seven players on)."""
    players = seated(table.players)
    if any(p.side is not None for p in players):
        return team_columns(players)
    count = 3 if len(players) > 6 else 2
    rows = max(-(-len(players) // count), 1)
    return [players[i * rows : (i + 1) * rows] for i in range(count)]


def name_room(table: DrawTable, columns: int) -> float:
    """The width a name has in a draw-list column (after the team letter and seat)."""
    col_w = (WIDTH - DRAW_NUMBER_W - DRAW_SPACE) / columns
    teams = any(p.side is not None for p in table.players)
    return col_w - DRAW_SPACE - 5.5 * mm - (5 * mm if teams else 0)


def name_heights(pen: Pen, table: DrawTable, columns: list[list[Player]]) -> list[list[float]]:
    """Each name's height in the block: one line, or two for a name that would have to
    shrink a lot."""
    room = name_room(table, len(columns))
    return [
        [
            DRAW_LINE
            * (
                1.75
                if pen.width(p.name, size=DRAW_NAME, bold=True) > room * 1.3
                and len(p.name.split()) > 1
                else 1
            )
            for p in col
        ]
        for col in columns
    ]


def table_block_height(pen: Pen, table: DrawTable) -> float:
    heights = name_heights(pen, table, draw_columns(table))
    return 3 * mm + max(max((sum(col) for col in heights), default=0), 2 * DRAW_LINE)


def table_block(pen: Pen, table: DrawTable, top: float, h: float) -> None:
    """One table of the draw list across the page: its number big at the left, the
    players in columns at the right (a team to a column)."""
    c = pen.canvas
    x, w = LEFT, WIDTH
    fill(pen, ZEBRA, (x, top - h, DRAW_NUMBER_W, h))
    c.setLineWidth(1)
    c.rect(x, top - h, w, h)
    c.line(x + DRAW_NUMBER_W, top - h, x + DRAW_NUMBER_W, top)
    middle = x + DRAW_NUMBER_W / 2
    pen.text(
        middle,
        top - 5 * mm,
        pen.tr(_("Table")),
        size=9,
        align="center",
        max_width=DRAW_NUMBER_W - 2 * mm,
    )
    pen.text(
        middle,
        top - h / 2 - 6.5 * mm,
        str(table.number),
        size=28,
        bold=True,
        align="center",
        max_width=DRAW_NUMBER_W - 3 * mm,
    )
    columns = draw_columns(table)
    heights = name_heights(pen, table, columns)
    names_x = x + DRAW_NUMBER_W + DRAW_SPACE
    col_w = (x + w - names_x) / len(columns)
    for i, col in enumerate(columns):
        left = names_x + i * col_w
        if i:
            c.setStrokeColorRGB(*RULE)
            c.line(left - DRAW_SPACE / 2, top - 2 * mm, left - DRAW_SPACE / 2, top - h + 2 * mm)
            c.setStrokeColorRGB(0, 0, 0)
        row_top = top - 1.5 * mm
        for player, height in zip(col, heights[i], strict=True):
            middle_y = row_top - height / 2
            base = middle_y - DRAW_NAME * 0.35
            label_x = left
            if side_letter(player.side):
                pen.text(label_x, base, side_letter(player.side), size=12, bold=True)
                label_x += 5 * mm
            c.setFillColorRGB(*GREY_TEXT)
            pen.text(label_x + 3.5 * mm, base, str(player.seat), size=10, align="right")
            c.setFillColorRGB(0, 0, 0)
            name_x = label_x + 5.5 * mm
            room = left + col_w - DRAW_SPACE - name_x
            if height > DRAW_LINE:
                fit_name(pen, name_x, middle_y, room, player.name, size=DRAW_NAME * 0.85, bold=True)
            else:
                pen.text(name_x, base, player.name, size=DRAW_NAME, bold=True, max_width=room)
            row_top -= height


def draw_list(pen: Pen, doc: DrawList) -> None:
    title = draw_title(pen, doc.header)
    y = pen.header(title, with_game(doc.header, doc.game))
    for index, table in enumerate(doc.tables):
        h = table_block_height(pen, table)
        if y - h < BOTTOM + 4 * mm and index:
            pen.end_page()
            y = heading(pen, continued(pen, title))
        table_block(pen, table, y, h)
        y -= h + 2.5 * mm
    if doc.byes:
        size = 14
        lines = wrap(pen, ", ".join(doc.byes), WIDTH, size=size, bold=True)
        if y - 15 * mm < BOTTOM + 4 * mm:
            pen.end_page()
            y = heading(pen, continued(pen, title))
        y -= 5 * mm
        pen.text(LEFT, y, pen.tr(_("Sitting out (bye)")), size=11)
        y -= 7 * mm
        for line in lines:
            if y < BOTTOM + 4 * mm:
                pen.end_page()
                y = heading(pen, continued(pen, title)) - 4 * mm
            pen.text(LEFT, y, line, size=size, bold=True, max_width=WIDTH)
            y -= size * 1.3
        y -= 2 * mm
    by_name(pen, doc, title, y)


BY_NAME_LINE = 6.5 * mm
BY_NAME_SIZE = 12
BY_NAME_GAP = 5 * mm


def by_name_columns(pen: Pen, names: Sequence[str], number_w: float) -> int:
    """Three columns when every name fits one at nearly full size, else two."""
    column = (WIDTH - 2 * BY_NAME_GAP) / 3
    room = column - number_w - 3 * mm
    widest = max(pen.width(name, size=BY_NAME_SIZE) for name in names)
    return 3 if widest <= room * 1.2 else 2


def by_name(pen: Pen, doc: DrawList, title: str, y: float) -> None:
    """The same draw as an alphabetical list, name -> table, in columns: where players
    look themselves up. On the draw's last page when it fits there whole, else on pages
    of its own."""
    entries = [(p.name, str(t.number)) for t in doc.tables for p in t.players]
    bye = pen.tr(_("bye"))
    entries += [(name, bye) for name in doc.byes]
    if not entries:
        pen.end_page()
        return
    entries.sort(key=lambda e: sort_key(e[0]))
    by_name_label = pen.tr(_("by name"))
    section = f"{title} · {by_name_label}"
    number_w = max(12 * mm, pen.width(bye, size=9) + 2 * mm)
    count = by_name_columns(pen, [name for name, _table in entries], number_w)
    column = (WIDTH - (count - 1) * BY_NAME_GAP) / count

    def per_page(top: float) -> int:
        return max(int((top - 5 * mm - BOTTOM - 2 * mm) // BY_NAME_LINE), 1) * count

    here = y - 10 * mm
    if len(entries) <= per_page(here) and here - 5 * mm > BOTTOM + 20 * mm:
        pen.canvas.setLineWidth(0.6)
        pen.canvas.line(LEFT, y, RIGHT, y)
        pen.text(LEFT, y - 7 * mm, section, size=13, bold=True, max_width=WIDTH)
        top = here
    else:
        pen.end_page()
        top = heading(pen, section, size=16)
    table_label = pen.tr(_("Table"))
    while entries:
        capacity = per_page(top)
        page, entries = entries[:capacity], entries[capacity:]
        # Fill the columns evenly, top to bottom, so the order reads down each column.
        rows = -(-len(page) // count)
        for col in range(count):
            chunk = page[col * rows : (col + 1) * rows]
            if not chunk:
                continue
            x = LEFT + col * (column + BY_NAME_GAP)
            pen.canvas.setFillColorRGB(*GREY_TEXT)
            pen.text(
                x + column - 1.5 * mm,
                top - 3 * mm,
                table_label,
                size=8,
                align="right",
                max_width=number_w,
            )
            pen.canvas.setFillColorRGB(0, 0, 0)
            row_top = top - 5 * mm
            for i, (name, table) in enumerate(chunk):
                if i % 2 == 0:
                    fill(pen, ZEBRA, (x, row_top - BY_NAME_LINE, column, BY_NAME_LINE))
                base = row_top - BY_NAME_LINE + 2 * mm
                pen.text(
                    x + 1.5 * mm,
                    base,
                    name,
                    size=BY_NAME_SIZE,
                    max_width=column - number_w - 3 * mm,
                )
                numeric = table.isdigit()
                pen.text(
                    x + column - 1.5 * mm,
                    base,
                    table,
                    size=BY_NAME_SIZE if numeric else 9,
                    bold=numeric,
                    align="right",
                    max_width=number_w,
                )
                row_top -= BY_NAME_LINE
        pen.end_page()
        if entries:
            top = heading(pen, continued(pen, section))


# -- table cards ----------------------------------------------------------------------

CARD_HEIGHT = PAGE_HEIGHT / 2
CARD_QR = 30 * mm  # the table's link on its card


def table_cards(pen: Pen, doc: TableCards) -> None:
    """One card per table, two to an A4 page with a dashed cut line between them."""
    title, _players = game_title(doc.game)
    tables = list(doc.tables)
    if not tables:
        pen.end_page()
        return
    for start in range(0, len(tables), 2):
        for i, table in enumerate(tables[start : start + 2]):
            card(pen, doc.header, title, table, PAGE_HEIGHT - i * CARD_HEIGHT)
        c = pen.canvas
        c.saveState()
        c.setDash([3 * mm, 2 * mm])
        c.setStrokeColorRGB(0.5, 0.5, 0.5)
        c.setLineWidth(0.5)
        c.line(0, CARD_HEIGHT, PAGE_WIDTH, CARD_HEIGHT)
        c.restoreState()
        pen.text(LEFT, CARD_HEIGHT + 1.5 * mm, "✂", size=9)
        pen.end_page()


def card(pen: Pen, header: Header, game: str, table: DrawTable, top: float) -> None:
    tr = pen.tr
    c = pen.canvas
    margin = PAGE_HEIGHT - TOP  # the page's margin, inside each card
    inner_top = top - margin
    line = " · ".join(part for part in (header.club, header.tournament, header.date) if part)
    pen.text(LEFT, inner_top - 3 * mm, line, size=10, max_width=WIDTH * 0.6)
    pen.text(
        RIGHT, inner_top - 3 * mm, game, size=12, bold=True, align="right", max_width=WIDTH * 0.38
    )
    c.setLineWidth(0.6)
    c.line(LEFT, inner_top - 6 * mm, RIGHT, inner_top - 6 * mm)
    middle = PAGE_WIDTH / 2
    pen.text(
        middle,
        inner_top - 19 * mm,
        tr(_("Table")).upper(),
        size=22,
        bold=True,
        align="center",
        max_width=WIDTH,
    )
    pen.text(
        middle,
        inner_top - 66 * mm,
        str(table.number),
        size=150,
        bold=True,
        align="center",
        max_width=WIDTH,
    )
    if header.round is not None:
        pen.text(
            middle,
            inner_top - 79 * mm,
            tr(_("Round %(number)s")) % {"number": header.round},
            size=22,
            align="center",
            max_width=WIDTH,
        )
    if table.link:
        # The table's private link (a renewed one prints on a fresh card).
        size = CARD_QR
        draw_qr(c, table.link, RIGHT - size, inner_top - 8 * mm - size, size)
    players = seated(table.players)
    if not players:
        return
    names_top = inner_top - 86 * mm
    bottom = top - CARD_HEIGHT + margin
    teams = any(p.side is not None for p in players)
    if teams:
        columns = team_columns(players)
    elif len(players) > 3:
        half = -(-len(players) // 2)
        columns = [players[:half], players[half:]]
    else:
        columns = [players]
    rows = max(len(col) for col in columns)
    line_h = min(11 * mm, (names_top - bottom - 2 * mm) / max(rows, 1))
    size = min(20, line_h / mm * 1.9)
    gap = 8 * mm
    col_w = (WIDTH - gap * (len(columns) - 1)) / len(columns)
    for i, col in enumerate(columns):
        x = LEFT + i * (col_w + gap)
        if teams:
            c.setLineWidth(0.6)
            c.rect(x, names_top - rows * line_h - 2 * mm, col_w, rows * line_h + 2 * mm)
        for r, player in enumerate(col):
            base = names_top - (r + 1) * line_h + line_h * 0.3
            label = str(player.seat)
            if teams:
                label = f"{side_letter(player.side)}{player.seat}"
            c.setFillColorRGB(*GREY_TEXT)
            pen.text(x + 12 * mm, base, label, size=size * 0.7, align="right")
            c.setFillColorRGB(0, 0, 0)
            pen.text(
                x + 15 * mm, base, player.name, size=size, bold=True, max_width=col_w - 17 * mm
            )
