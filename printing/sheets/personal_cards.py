"""A player's personal score card: the rounds played and the season strip."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from .base import (
    BOTTOM,
    LEFT,
    RIGHT,
    WIDTH,
    Pen,
    mm,
)
from .common import continued, game_title, heading, wrap_items
from .data import (
    PersonalCard,
)
from .i18n import _

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
