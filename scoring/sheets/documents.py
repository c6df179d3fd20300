"""The printed documents that are not a game's score sheet: the round's draw list for the
wall, table cards, standings and a player's personal score card.

``draw(pen, doc)`` draws whole pages, each ended with ``pen.end_page()`` like the game
drawers. Names are never cut: they wrap onto a second line or shrink to fit.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Sequence

from games import registry

from .base import BOTTOM, LEFT, PAGE_HEIGHT, PAGE_WIDTH, RIGHT, TOP, WIDTH, Pen, mm
from .data import (
    DrawList,
    DrawTable,
    Header,
    PersonalCard,
    Player,
    Standings,
    StandingsRow,
    TableCards,
)
from .i18n import _

SIDES = "AB"
GREY_TEXT = (0.35, 0.35, 0.35)
RULE = (0.75, 0.75, 0.75)
ZEBRA = (0.95, 0.95, 0.95)


def draw(pen: Pen, doc: object) -> None:
    """Draw ``doc`` (a DrawList, TableCards, Standings or PersonalCard) as whole pages."""
    if isinstance(doc, DrawList):
        draw_list(pen, doc)
    elif isinstance(doc, TableCards):
        table_cards(pen, doc)
    elif isinstance(doc, Standings):
        standings(pen, doc)
    elif isinstance(doc, PersonalCard):
        personal_card(pen, doc)
    else:
        raise TypeError(f"cannot print a {type(doc).__name__}")


# -- shared helpers -------------------------------------------------------------------


def game_title(game: str) -> tuple[str, int]:
    """The game's printed title and its default number of players; a game the registry
    does not know prints under its own name, for four."""
    try:
        spec = registry.get(game)
    except registry.UnknownGameError:
        return game, 4
    return spec.title, spec.default_players


def sort_key(name: str) -> tuple[str, str]:
    """Alphabetical order as people expect it: accents and case ignored."""
    plain = unicodedata.normalize("NFKD", name)
    plain = "".join(ch for ch in plain if not unicodedata.combining(ch))
    return plain.casefold(), name


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


def wrap_items(pen: Pen, items: Sequence[str], width: float, *, size: float) -> list[str]:
    """``items`` joined by commas into lines no wider than ``width``, never breaking an
    item (a name) across lines."""
    lines: list[str] = []
    line = ""
    for item in items:
        candidate = f"{line}, {item}" if line else item
        if line and pen.width(candidate + ",", size=size) > width:
            lines.append(line + ",")
            line = item
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines


def fit_name(
    pen: Pen,
    x: float,
    middle: float,
    width: float,
    name: str,
    *,
    size: float,
    bold: bool = False,
    align: str = "left",
    max_lines: int = 2,
) -> None:
    """Draw ``name`` vertically centred on ``middle`` within ``width``: on one line when
    it fits at ``size`` (or a little smaller), else on two lines split at a space, else
    shrunk onto one line."""
    full = pen.width(name, size=size, bold=bold)
    words = name.split()
    if full <= width * 1.15 or len(words) < 2 or max_lines < 2:
        pen.text(x, middle - size * 0.35, name, size=size, bold=bold, align=align, max_width=width)
        return
    # The split that makes the longer of the two lines shortest.
    best: tuple[str, str] | None = None
    best_width: float | None = None
    for i in range(1, len(words)):
        first, second = " ".join(words[:i]), " ".join(words[i:])
        longest = max(
            pen.width(first, size=size, bold=bold), pen.width(second, size=size, bold=bold)
        )
        if best_width is None or longest < best_width:
            best, best_width = (first, second), longest
    assert best is not None and best_width is not None
    line_size = size * min(1.0, width / best_width) if best_width > width else size
    line_size = max(line_size, size * 0.6)
    gap = line_size * 1.1
    pen.text(
        x,
        middle + gap / 2 - line_size * 0.35,
        best[0],
        size=line_size,
        bold=bold,
        align=align,
        max_width=width,
    )
    pen.text(
        x,
        middle - gap / 2 - line_size * 0.35,
        best[1],
        size=line_size,
        bold=bold,
        align=align,
        max_width=width,
    )


def heading(pen: Pen, title: str, *, size: float = 13) -> float:
    """The small heading of a continuation page; returns the y below it."""
    pen.text(LEFT, TOP - 6 * mm, title, size=size, bold=True, max_width=WIDTH)
    c = pen.canvas
    c.setLineWidth(0.6)
    bottom = TOP - 9 * mm
    c.line(LEFT, bottom, RIGHT, bottom)
    return bottom - 5 * mm


def continued(pen: Pen, title: str) -> str:
    return f"{title} ({pen.tr(_('continued'))})"


def with_game(header: Header, game: str) -> Header:
    """``header`` with the game's title on its second line and no round or table boxes
    (the title says the round)."""
    title, _players = game_title(game)
    tournament = " · ".join(part for part in (header.tournament, title) if part)
    return dataclasses.replace(header, tournament=tournament, round=None, table=None)


def seated(players: Sequence[Player]) -> list[Player]:
    """Players in the order to print them: by team, then by seat."""
    return sorted(players, key=lambda p: (p.side if p.side is not None else -1, p.seat))


def fill(pen: Pen, rgb: tuple[float, float, float], box: tuple[float, float, float, float]):
    c = pen.canvas
    c.setFillColorRGB(*rgb)
    c.rect(*box, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)


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
    """The table's players in columns: team A and team B side by side, else in seat
    order filled down two columns (three from seven players on)."""
    players = seated(table.players)
    if any(p.side is not None for p in players):
        columns = [[p for p in players if p.side == side] for side in (0, 1)]
        columns[0] += [p for p in players if p.side not in (0, 1)]
        return columns
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
            if player.side in (0, 1):
                pen.text(label_x, base, SIDES[player.side], size=12, bold=True)
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
    section = f"{title} · {pen.tr(_('by name'))}"
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
    players = seated(table.players)
    if not players:
        return
    names_top = inner_top - 86 * mm
    bottom = top - CARD_HEIGHT + margin
    teams = any(p.side is not None for p in players)
    if teams:
        columns = [[p for p in players if p.side == side] for side in (0, 1)]
        columns[0] += [p for p in players if p.side not in (0, 1)]
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
            if teams and player.side in (0, 1):
                label = f"{SIDES[player.side]}{player.seat}"
            c.setFillColorRGB(*GREY_TEXT)
            pen.text(x + 12 * mm, base, label, size=size * 0.7, align="right")
            c.setFillColorRGB(0, 0, 0)
            pen.text(
                x + 15 * mm, base, player.name, size=size, bold=True, max_width=col_w - 17 * mm
            )


# -- standings ------------------------------------------------------------------------

STANDINGS_SIZE = 9
STANDINGS_ROW = 6 * mm
STANDINGS_PAD = 3 * mm
NUMERIC = re.compile(r"^[\s\d.,:%+\-\u2212\u2013()/]*\d[\s\d.,:%+\-\u2212\u2013()/]*$")


def standings_layout(pen: Pen, doc: Standings) -> tuple[list[float], float, list[str]]:
    """Column widths, text size and alignment: each column as wide as its widest cell,
    the whole shrunk to the page when too wide, spare room given to the widest text
    column (the names). Numbers align right, text left."""
    n = len(doc.columns)
    cells = [list(doc.columns), *[list(row.cells) for row in doc.rows]]
    natural = [0.0] * n
    for r, row in enumerate(cells):
        for i in range(n):
            value = row[i] if i < len(row) else ""
            natural[i] = max(natural[i], pen.width(value, size=STANDINGS_SIZE, bold=r == 0))
    align = []
    for i in range(n):
        values = [row.cells[i] for row in doc.rows if i < len(row.cells) and row.cells[i]]
        align.append("right" if values and all(NUMERIC.match(v) for v in values) else "left")
    size = STANDINGS_SIZE
    total = sum(natural) + n * STANDINGS_PAD
    if total > WIDTH:
        size = max(STANDINGS_SIZE * (WIDTH - n * STANDINGS_PAD) / sum(natural), 5)
        natural = [w * size / STANDINGS_SIZE for w in natural]
    widths = [w + STANDINGS_PAD for w in natural]
    if sum(widths) > WIDTH:  # too wide even in the smallest type: cells shrink their text
        widths = [w * WIDTH / sum(widths) for w in widths]
    spare = WIDTH - sum(widths)
    if spare > 0:
        texts = [i for i in range(n) if align[i] == "left"] or list(range(n))
        widest = max(texts, key=lambda i: natural[i])
        widths[widest] += spare
    return widths, size, align


def standings(pen: Pen, doc: Standings) -> None:
    tr = pen.tr
    if not doc.columns:
        y = pen.header(doc.title, doc.header)
        for note in doc.notes:
            y = pen.note(y, note)
        pen.end_page()
        return
    widths, size, align = standings_layout(pen, doc)
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
            room = int((y - BOTTOM - 2 * mm) // STANDINGS_ROW) - with_heading - bool(label)
            if room < min(len(rows), 2):
                y = new_page()
                with_heading = True
                continue
            if label:
                pen.text(LEFT, y - 4 * mm, label, size=9, bold=True, max_width=WIDTH)
                y -= STANDINGS_ROW
            chunk, rows = rows[:room], rows[room:]
            y = standings_grid(
                pen,
                chunk,
                heading_row=heading_row if with_heading else None,
                layout=(widths, size, align),
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
            for line in wrap(pen, note, WIDTH, size=7.5):
                if y - 3 * mm < BOTTOM + 2 * mm:
                    y = new_page()
                y = pen.note(y - 3 * mm, line, size=7.5) + 3 * mm
    pen.end_page()


def standings_grid(
    pen: Pen,
    rows: Sequence[StandingsRow],
    *,
    heading_row: Sequence[str] | None,
    layout: tuple[list[float], float, list[str]],
    top: float,
) -> float:
    """The column heading (unless None) and ``rows``, zebra-striped, struck cells struck
    through; returns the y below."""
    widths, size, align = layout
    x = LEFT
    first = 1 if heading_row is not None else 0
    for r in range(len(rows)):
        if r % 2 == 1:
            fill(pen, ZEBRA, (x, top - (r + 1 + first) * STANDINGS_ROW, sum(widths), STANDINGS_ROW))
    cells = [heading_row] if first else []
    cells += [
        [row.cells[i] if i < len(row.cells) else "" for i in range(len(widths))] for row in rows
    ]
    bottom = pen.grid(
        x, top, widths, STANDINGS_ROW, cells, heading_rows=first, size=size, align=align
    )
    lefts = [x]
    for w in widths[:-1]:
        lefts.append(lefts[-1] + w)
    c = pen.canvas
    c.setLineWidth(0.7)
    for r, row in enumerate(rows, start=1 + first):
        base = top - r * STANDINGS_ROW + STANDINGS_ROW * 0.3
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


# -- the personal score card ----------------------------------------------------------


def personal_card(pen: Pen, doc: PersonalCard) -> None:
    tr = pen.tr
    game, _players = game_title(doc.game)
    title = f"{tr(_('Personal score card'))} · {game}"
    y = pen.header(title, doc.header)
    pen.text(LEFT, y - 9 * mm, doc.player, size=26, bold=True, max_width=WIDTH)
    y -= 15 * mm
    columns = [
        tr(_("Round")),
        tr(_("Table")),
        tr(_("Tablemates")),
        tr(_("Score")),
        tr(_("Points")),
        tr(_("Running total")),
    ]
    widths = [18 * mm, 16 * mm, 0.0, 24 * mm, 22 * mm, 28 * mm]
    widths[2] = WIDTH - sum(widths)
    rounds = list(doc.rounds)
    head = 9 * mm
    row_h = 14 * mm
    mates_size = 10
    while True:
        room = int((y - head - BOTTOM - 2 * mm) // row_h) - 1  # one for the total row
        chunk, rounds = rounds[: max(room, 1)], rounds[max(room, 1) :]
        last = not rounds
        body = [
            [str(r.round), str(r.table) if r.table is not None else "", "", r.score, r.points, ""]
            for r in chunk
        ]
        if last:
            body.append([tr(_("Total")), "", "", "", "", ""])
        pen.grid(LEFT, y, widths, head, [columns], heading_rows=1, size=9)
        top = y - head
        bottom = pen.grid(LEFT, top, widths, row_h, body, heading_rows=0, size=13, shade=(5,))
        mates_x = LEFT + sum(widths[:2]) + 2 * mm
        for r, rnd in enumerate(chunk):
            if not rnd.tablemates:
                continue
            middle = top - r * row_h - row_h / 2
            lines = wrap_items(pen, rnd.tablemates, widths[2] - 4 * mm, size=mates_size)
            if len(lines) > 3:
                lines = [", ".join(rnd.tablemates)]
            gap = mates_size * 1.2
            first = middle + (len(lines) - 1) * gap / 2 - mates_size * 0.35 - 0.8 * mm
            for i, line in enumerate(lines):
                pen.text(
                    mates_x, first - i * gap, line, size=mates_size, max_width=widths[2] - 4 * mm
                )
        if last:
            c = pen.canvas
            c.setLineWidth(1.4)
            c.line(LEFT, bottom + row_h, RIGHT, bottom + row_h)
            pen.end_page()
            return
        pen.end_page()
        y = heading(pen, continued(pen, f"{doc.player} · {title}"))
