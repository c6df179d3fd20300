"""MeieRijen score sheet (MR-12, MR-13, MR-V1, MR-4P): a block per round with every
player's cards left in hand, open and on the penalty pile, the pawns held and the minus
points (shaded); with four players the teams' totals; who emptied the draw pile first and
who won the round; then the match: rounds won and minus points per side. With Variant 1
the card values are printed above the rounds."""

from __future__ import annotations

from games.cards import ACE, JACK, KING, QUEEN

from ..base import LEFT, SUITS, Pen, mm
from ..data import TableSheet
from ..i18n import _
from . import _layout as lay

#: MR-4P: four players play in two teams.
TEAM_TABLE = 4
TICK = "☐"


def draw(pen: Pen, sheet: TableSheet) -> None:
    opts = lay.options(sheet)
    tr = pen.tr
    variant1 = bool(opts["variant1"])
    table_seats = _seats(sheet)
    groups = lay.sides(table_seats)
    teams = len(table_seats) == TEAM_TABLE and len(groups) == 2
    rounds = 3 if opts["third_round"] else 2

    y = lay.start(pen, sheet)
    if variant1:
        how = _("After each round count what every player still holds in hand, open and "
                "on the penalty pile, at the Variant 1 values below; a pawn still held adds "
                "its points. Fewest minus points wins the round; equal: who emptied the "
                "draw pile first.")  # fmt: skip
    else:
        how = _("After each round count the cards every player still holds in hand, open "
                "and on the penalty pile: one minus point a card. Fewest minus points wins "
                "the round; equal: who emptied the draw pile first.")  # fmt: skip
    y = lay.small(pen, y, tr(how))
    match = (
        _("match: two rounds; 2-0 wins, at 1-1 a third round decides")
        if rounds == 3
        else _("match: two rounds; 2-0 wins, 1-1 is a draw")
    )
    parts = [tr(match)]
    if teams:
        parts.append(tr(_("teams of two: a team's minus points are both players' together")))
    if opts["draw_rule"] == "two":
        parts.append(tr(_("draw two cards a turn")))
    y = lay.rules_line(pen, y, parts) - 1 * mm
    if variant1:
        y = _values(pen, y) - 3 * mm

    # fixed heights: per round a title, a heading and a gap; the match: title and heading
    fixed = rounds * (6 * mm + 9 * mm + 3 * mm) + 6 * mm + 8 * mm
    body_rows = rounds * len(table_seats) + len(groups)
    room = y - lay.BOTTOM - lay.FOOT - fixed
    row = max(min(room / body_rows, 13 * mm), 6.5 * mm)
    for number in range(1, rounds + 1):
        y = _round(pen, y, number, groups, teams=teams, variant1=variant1, row=row) - 3 * mm
    y = _match(pen, y, groups, rounds, teams=teams, row=min(row, 10 * mm)) - 4 * mm
    lay.notes(pen, y)
    lay.finish(pen)


def _seats(sheet: TableSheet) -> list[lay.Seat]:
    """The seats; four players are two teams, partners opposite (MR-4P) unless the
    sheet says who plays with whom."""
    table_seats = lay.seats(sheet, teams=lay.seat_count(sheet) == TEAM_TABLE)
    if len(table_seats) == TEAM_TABLE and all(s.side is None for s in table_seats):
        table_seats = [lay.Seat(s.number, s.name, (s.number - 1) % 2) for s in table_seats]
    return table_seats


def _values(pen: Pen, y: float) -> float:
    """MR-V1 (c) and (d): what a card or a pawn held at the end costs."""
    tr = pen.tr
    suits = " ".join(SUITS.values())
    label = tr(_("Variant 1 values"))
    pen.text(LEFT, y - 3.5 * mm, f"{label} {suits}", size=9, bold=True)
    faces = pen.ranks(JACK, QUEEN, KING, ACE)
    rows = [
        [tr(_("Card or pawn")), f"3 {lay.DASH} 10", faces, "2 · " + tr(_("Joker")),
         tr(_("Red pawn")), tr(_("Grey pawn")), tr(_("White pawn"))],
        [tr(_("Minus points")), "1", "2", "5", "5", "3", "0"],
    ]  # fmt: skip
    widths = lay.scaled([34, 20, 20, 24, 24, 24, 24], lay.WIDTH)
    return lay.table(
        pen, LEFT, y - 5 * mm, widths, rows, row_height=6.5 * mm, size=9, bold_rows=[1]
    )


def _round(
    pen: Pen,
    y: float,
    number: int,
    groups: list[list[lay.Seat]],
    *,
    teams: bool,
    variant1: bool,
    row: float,
) -> float:
    tr = pen.tr
    heading = tr(_("Round")) + f" {number}"
    if number == 3:
        heading += f" {lay.DASH} " + tr(_("only at 1-1"))
    pen.text(LEFT, y - 4.5 * mm, heading, size=11, bold=True)
    grey, red = tr(_("grey")), tr(_("red"))
    pawns = f"{TICK} {grey}  {TICK} {red}"
    if variant1:
        pawns = f"{TICK} {grey} 3  {TICK} {red} 5"
    head = [tr(_("Seat")), tr(_("Player")), tr(_("Hand")), tr(_("Open cards")),
            tr(_("Penalty pile"))]  # fmt: skip
    tail = [tr(_("Emptied draw pile first")), tr(_("Won the round"))]
    if teams:
        head += [tr(_("Minus points")), tr(_("Pawns held")), tr(_("Team total"))]
        widths = lay.scaled([8, 40, 17, 17, 17, 19, 27, 20, 18, 14], lay.WIDTH)
        shade, small, thick = [7], [6], [1, 5]
    else:
        head += [tr(_("Pawns held")), tr(_("Minus points"))]
        widths = lay.scaled([8, 46, 18, 18, 18, 28, 21, 18, 14], lay.WIDTH)
        shade, small, thick = [6], [5], [1, 4]
    rows = [head + tail]
    labels: dict[tuple[int, int], str] = {}
    spans: dict[tuple[int, int], int] = {}
    thick_rows = []
    for index, group in enumerate(groups):
        first = len(rows)
        for seat in group:
            if not seat.name:
                labels[(len(rows), 1)] = lay.seat_label(pen, seat)
            if teams:
                cells = ["", pawns, "", TICK, TICK] if len(rows) == first else [""] * 5
            else:
                cells = [pawns, "", TICK, TICK]
            rows.append([str(seat.number), seat.name, "", "", "", *cells])
        if teams:
            for column in (6, 7, 8, 9):
                spans[(first, column)] = len(group)
            labels[(first, 7)] = lay.team_label(pen, index)
        thick_rows.append(len(rows) - 1)
    name_size = 11 if row >= 8 * mm else 9.5
    return lay.table(
        pen, LEFT, y - 6 * mm, widths, rows, row_height=row, heading_height=9 * mm, size=name_size,
        shade_columns=shade, bold_rows=range(1, len(rows)), thick_rows=thick_rows[:-1],
        small_columns=small, labels=labels, align=["center", "left"], thick_after=thick,
        spans=spans,
    )  # fmt: skip


def _match(
    pen: Pen, y: float, groups: list[list[lay.Seat]], rounds: int, *, teams: bool, row: float
) -> float:
    tr = pen.tr
    pen.text(LEFT, y - 4.5 * mm, tr(_("Match")), size=11, bold=True)
    heading = [tr(_("Team") if teams else _("Player"))]
    heading += [tr(_("Round")) + f" {n}" for n in range(1, rounds + 1)]
    heading += [tr(_("Minus points")), tr(_("Rounds won"))]
    rows = [heading]
    for index, group in enumerate(groups):
        if teams:
            names = " & ".join(s.name for s in group if s.name)
            label = lay.team_label(pen, index) + (f": {names}" if names else "")
        else:
            label = group[0].name
        rows.append([label] + [""] * (rounds + 2))
    labels = {}
    if not teams:
        labels = {(i + 1, 0): lay.seat_label(pen, g[0]) for i, g in enumerate(groups)
                  if not g[0].name}  # fmt: skip
    widths = lay.scaled([60] + [20] * rounds + [24, 24], lay.WIDTH)
    n = len(heading)
    return lay.table(
        pen, LEFT, y - 6 * mm, widths, rows, row_height=row, heading_height=8 * mm, size=10,
        shade_columns=[n - 2, n - 1], align=["left"], labels=labels,
        bold_rows=range(1, len(rows)), thick_after=[0, rounds],
    )  # fmt: skip
