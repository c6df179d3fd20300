"""Keezen score sheet (KZ-8, KZ-9): the teams with their partners, a box per pawn to
tick as it comes home, each team's pawns home, the winning team and its game points, and
the time the game started and ended (a round may be played against the clock)."""

from __future__ import annotations

from ..base import LEFT, Pen, mm
from ..data import TableSheet
from ..i18n import _
from . import _layout as lay

ROW = 13 * mm
TICK = "☐"
PAWNS = 4


def draw(pen: Pen, sheet: TableSheet) -> None:
    opts = lay.options(sheet)
    tr = pen.tr
    table_seats = lay.seats(sheet, teams=True)
    if all(s.side is None for s in table_seats):
        half = max(len(table_seats) // 2, 1)
        table_seats = [lay.Seat(s.number, s.name, (s.number - 1) % half) for s in table_seats]
    groups = lay.sides(table_seats)
    per_pawn, bonus = int(opts["points_per_pawn"]), int(opts["win_bonus"])
    minutes = int(opts["round_minutes"])

    y = lay.start(pen, sheet)
    y = lay.small(
        pen,
        y,
        tr(_("Partners sit opposite. Tick a pawn when it is home; a team wins when both "
             "partners have all four pawns home. Write the time the game starts and ends.")),
    )  # fmt: skip
    points = tr(_("Game points: %(per_pawn)s per pawn home, %(bonus)s more for the winning team"))
    parts = [points % {"per_pawn": per_pawn, "bonus": bonus}]
    if minutes:
        parts.append(tr(_("a round of %(minutes)s minutes")) % {"minutes": minutes})
    y = lay.rules_line(pen, y, parts) - 2 * mm

    boxes = [(tr(_("Start")), 1), (tr(_("End")), 1)]
    if minutes:
        clock = tr(_("Time is up at (start + %(minutes)s min.)")) % {"minutes": minutes}
        boxes.append((clock, 1.4))
    y = lay.write_boxes(pen, y, boxes, height=13 * mm)

    rows = [[tr(_("Team")), tr(_("Seat")), tr(_("Player")), tr(_("Pawns home")),
             tr(_("Pawns home (0-8)")), tr(_("Winner")), tr(_("Game points"))]]  # fmt: skip
    labels: dict[tuple[int, int], str] = {}
    spans: dict[tuple[int, int], int] = {}
    thick_rows = []
    ticks = "  ".join([TICK] * PAWNS)
    for index, group in enumerate(groups):
        first = len(rows)
        for seat in group:
            if not seat.name:
                labels[(len(rows), 2)] = lay.seat_label(pen, seat)
            team = [lay.team_label(pen, index), "", TICK, ""] if len(rows) == first else [""] * 4
            rows.append([team[0], str(seat.number), seat.name, ticks, *team[1:]])
        for column in (0, 4, 5, 6):
            spans[(first, column)] = len(group)
        thick_rows.append(len(rows) - 1)
    widths = lay.scaled([20, 10, 52, 36, 24, 18, 22], lay.WIDTH)
    y = lay.table(
        pen, LEFT, y, widths, rows, row_height=ROW, heading_height=9 * mm, size=12,
        shade_columns=[4, 6], bold_rows=range(1, len(rows)), thick_rows=thick_rows[:-1],
        labels=labels, spans=spans, align=["center", "center", "left"], thick_after=[0, 3],
    )  # fmt: skip
    y -= 7 * mm
    finished = f"{TICK} " + tr(_("Finished: a team has all eight pawns home"))
    stopped = f"{TICK} " + tr(_("Stopped by the clock: no winner, pawns home count"))
    pen.text(LEFT, y, finished, size=10.5, max_width=lay.WIDTH)
    pen.text(LEFT, y - 6 * mm, stopped, size=10.5, max_width=lay.WIDTH)
    y -= 11 * mm
    lay.notes(pen, y)
    lay.finish(pen)
