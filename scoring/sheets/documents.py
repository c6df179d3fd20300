"""The printed documents that are not a game's score sheet: the round's draw list for the
wall, table cards, standings, a player's personal score card and a tournament's disputes
with the director's rulings.

``draw(pen, doc)`` draws whole pages, each ended with ``pen.end_page()`` like the game
drawers. Names are never cut: they wrap onto a second line or shrink to fit.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
import unicodedata
from collections.abc import Sequence

from games import registry

from .base import (
    BOTTOM,
    GREY,
    LANDSCAPE,
    LEFT,
    PAGE_HEIGHT,
    PAGE_WIDTH,
    PORTRAIT,
    RIGHT,
    TOP,
    WIDTH,
    Page,
    Pen,
    column_lefts,
    mm,
    wrap,
)
from .data import (
    CheckInSlips,
    DisputeEntry,
    DisputeReport,
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
from .qr import draw_qr
from .slips import draw_slips

SIDES = "ABCDEF"  # the teams' letters: Keezen at six is three teams of two
GREY_TEXT = (0.35, 0.35, 0.35)
RULE = (0.75, 0.75, 0.75)
ZEBRA = (0.95, 0.95, 0.95)


def draw(pen: Pen, doc: object) -> None:
    """Draw ``doc`` (a DrawList, TableCards, Standings, PersonalCard or DisputeReport) as
    whole pages."""
    if isinstance(doc, DrawList):
        draw_list(pen, doc)
    elif isinstance(doc, TableCards):
        table_cards(pen, doc)
    elif isinstance(doc, Standings):
        standings(pen, doc)
    elif isinstance(doc, PersonalCard):
        personal_card(pen, doc)
    elif isinstance(doc, DisputeReport):
        dispute_report(pen, doc)
    elif isinstance(doc, CheckInSlips):
        draw_slips(pen, doc)
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
) -> None:
    """Draw ``name`` vertically centred on ``middle`` within ``width``: on one line when
    it fits at ``size`` (or a little smaller), else on two lines split at a space, else
    shrunk onto one line."""
    full = pen.width(name, size=size, bold=bold)
    words = name.split()
    if full <= width * 1.15 or len(words) < 2:
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
    for line, centre in zip(best, (middle + gap / 2, middle - gap / 2), strict=True):
        pen.text(
            x,
            centre - line_size * 0.35,
            line,
            size=line_size,
            bold=bold,
            align=align,
            max_width=width,
        )


def heading(pen: Pen, title: str, *, size: float = 13) -> float:
    """The small heading of a continuation page; returns the y below it."""
    page = pen.page
    pen.text(page.left, page.top - 6 * mm, title, size=size, bold=True, max_width=page.span)
    c = pen.canvas
    c.setLineWidth(0.6)
    bottom = page.top - 9 * mm
    c.line(page.left, bottom, page.right, bottom)
    return bottom - 5 * mm


def continued(pen: Pen, title: str) -> str:
    label = pen.tr(_("continued"))
    return f"{title} ({label})"


def with_game(header: Header, game: str) -> Header:
    """``header`` with the game's title on its second line and no round or table boxes
    (the title says the round)."""
    title, _players = game_title(game)
    tournament = " · ".join(part for part in (header.tournament, title) if part)
    return dataclasses.replace(header, tournament=tournament, round=None, table=None)


def seated(players: Sequence[Player]) -> list[Player]:
    """Players in the order to print them: by team, then by seat."""
    return sorted(players, key=lambda p: (p.side if p.side is not None else -1, p.seat))


def team_columns(players: Sequence[Player]) -> list[list[Player]]:
    """Seated players a team to a column, in the teams' order; a player without a team
    (none at a team table) joins the first."""
    sides = sorted({p.side for p in players if p.side is not None})
    columns = [[p for p in players if p.side == side] for side in sides]
    columns[0] += [p for p in players if p.side is None]
    return columns


def side_letter(side: int | None) -> str:
    """A team's letter (A for side 0), or nothing for a player without a team."""
    return SIDES[side] if side is not None and 0 <= side < len(SIDES) else ""


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


# -- the personal score card ----------------------------------------------------------


def personal_card(pen: Pen, doc: PersonalCard) -> None:
    tr = pen.tr
    game, _players = game_title(doc.game)
    label = tr(_("Personal score card"))
    title = f"{label} · {game}"
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
            if doc.season and bottom - BOTTOM >= SEASON_STRIP:
                season_strip(pen, doc.season, bottom - 8 * mm)
            pen.end_page()
            return
        pen.end_page()
        y = heading(pen, continued(pen, f"{doc.player} · {title}"))


#: Room the season strip under a personal card's rounds needs (it is left out without).
SEASON_STRIP = 48 * mm


def season_strip(pen: Pen, season: Sequence[tuple[str, int | None]], top: float) -> None:
    """The player's position in the season after each evening, as on their page: a line
    through the positions, 1 at the top, each written beside its point, the dates below."""
    c = pen.canvas
    pen.text(LEFT, top, pen.tr(_("Position in the season after each evening")), size=11,
             bold=True, max_width=WIDTH)  # fmt: skip
    known = [p for _label, p in season if p is not None]
    worst = max(known, default=1)
    high, low = top - 10 * mm, top - 34 * mm
    step = WIDTH / max(len(season) - 1, 1)

    def y(position: int) -> float:
        return (
            (high + low) / 2 if worst == 1 else high - (position - 1) / (worst - 1) * (high - low)
        )

    points = [(LEFT + i * step, y(p), p) for i, (_label, p) in enumerate(season) if p is not None]
    c.setLineWidth(1.2)
    for (x1, y1, _p1), (x2, y2, _p2) in itertools.pairwise(points):
        c.line(x1, y1, x2, y2)
    for x, y_, position in points:
        c.circle(x, y_, 1.4 * mm, stroke=1, fill=1)
        if x > RIGHT - 6 * mm:  # the last point: its number goes to the left of it
            pen.text(x - 2 * mm, y_ + 1.5 * mm, str(position), size=9, bold=True, align="right")
        else:
            pen.text(x + 2 * mm, y_ + 1.5 * mm, str(position), size=9, bold=True)
    every = max(1, len(season) // 8)  # at most about eight dates fit under the line
    for i, (label, _position) in enumerate(season):
        if i % every == 0 or i == len(season) - 1:
            # The first and last dates end at the margins, the others sit under their point.
            align = "left" if i == 0 else "right" if i == len(season) - 1 else "center"
            pen.text(LEFT + i * step, low - 6 * mm, label, size=7, align=align)


# -- the disputes and the director's rulings ------------------------------------------

#: (text, size, bold, grey, indent) of one printed line of a dispute's block.
Line = tuple[str, float, bool, bool, float]

DISPUTE_GAP = 4 * mm
RULING_INDENT = 4 * mm


def dispute_where(pen: Pen, entry: DisputeEntry) -> str:
    """ "Round 2 · Table 3 · Miezemauzen · Deal" (what is known of it)."""
    tr = pen.tr
    parts = []
    if entry.round is not None:
        parts.append(tr(_("Round")) + f" {entry.round}")
    if entry.table is not None:
        parts.append(tr(_("Table")) + f" {entry.table}")
    if entry.subject:
        parts.append(entry.subject)
    return " · ".join(parts)


def dispute_verdict(pen: Pen, entry: DisputeEntry) -> str:
    """ "Verdict: legal", or "Verdict: not legal: MZ-8 Renege; MZ-9 ..."."""
    tr = pen.tr
    label = tr(_("Verdict"))
    if entry.legal:
        legal = tr(_("legal"))
        return f"{label}: {legal}"
    broken = "; ".join(
        f"{rule.id} {rule.title}".strip() if rule.title else rule.id for rule in entry.rules
    )
    not_legal = tr(_("not legal"))
    verdict = f"{label}: {not_legal}"
    return f"{verdict} \N{EN DASH} {broken}" if broken else verdict


def dispute_lines(pen: Pen, entry: DisputeEntry) -> list[Line]:
    """Every line of one dispute's block, wrapped to the page: where and what, the
    verdict, the engine's findings, the ruling in full (its own line breaks kept), who
    decided and when."""
    tr = pen.tr
    lines: list[Line] = []

    def add(text: str, size: float, *, bold=False, grey=False, indent: float = 0.0) -> None:
        for line in wrap(pen, text, WIDTH - indent, size=size, bold=bold) or [""]:
            lines.append((line, size, bold, grey, indent))

    add(dispute_where(pen, entry) or tr(_("Dispute")), 11, bold=True)
    if entry.what:
        add(entry.what, 9)
    add(dispute_verdict(pen, entry), 9.5, bold=True)
    if entry.notes:  # under the label the dispute page shows them under
        add(tr(_("The rules engine:")), 8, bold=True, grey=True)
    for note in entry.notes:
        add(note, 8, grey=True, indent=RULING_INDENT)
    add(tr(_("Ruling")) + ":", 9, bold=True)
    for paragraph in entry.ruling.splitlines() or [""]:
        if paragraph.strip():
            add(paragraph, 10, indent=RULING_INDENT)
    signed = [part for part in (entry.decided_by, entry.when) if part]
    if signed:
        decided = tr(_("Decided by"))
        add(f"{decided}: {', '.join(signed)}", 8, grey=True)
    return lines


def line_height(size: float) -> float:
    return size * 1.35


def dispute_report(pen: Pen, doc: DisputeReport) -> None:
    """The tournament's disputes, one block each: where, what, the verdict with the rules
    broken, the ruling in full and who decided. A block that does not fit the rest of
    the page starts a new one; a block longer than a page runs on."""
    tr = pen.tr
    title = tr(_("Disputes and rulings"))
    y = pen.header(title, doc.header)
    if not doc.entries:
        pen.text(LEFT, y - 6 * mm, tr(_("No disputes")), size=11, max_width=WIDTH)
        pen.end_page()
        return
    floor = BOTTOM + 4 * mm
    c = pen.canvas
    for index, entry in enumerate(doc.entries):
        lines = dispute_lines(pen, entry)
        height = sum(line_height(size) for _text, size, *_rest in lines)
        # Keep a block on one page when it fits on a page; never start one at its foot.
        keep_together = index and y - height < floor and height < TOP - BOTTOM - 30 * mm
        if keep_together or y - 3 * line_height(11) < floor:
            pen.end_page()
            y = heading(pen, continued(pen, title))
        for text, size, bold, grey, indent in lines:
            step = line_height(size)
            if y - step < floor:
                pen.end_page()
                y = heading(pen, continued(pen, title))
            y -= step
            if grey:
                c.setFillColorRGB(*GREY_TEXT)
            pen.text(LEFT + indent, y + size * 0.25, text, size=size, bold=bold,
                     max_width=WIDTH - indent)  # fmt: skip
            if grey:
                c.setFillColorRGB(0, 0, 0)
        y -= DISPUTE_GAP / 2
        if index + 1 < len(doc.entries):
            c.setStrokeColorRGB(*RULE)
            c.setLineWidth(0.5)
            c.line(LEFT, y, RIGHT, y)
            c.setStrokeColorRGB(0, 0, 0)
        y -= DISPUTE_GAP / 2
    pen.end_page()
