"""Keezen score sheet (KZ-8, KZ-9), as data for ``printing.sheets``: the teams with their
partners, a box per pawn to tick as it comes home, each team's pawns home, the winning
team and its game points, and the time the game started and ended (a round may be played
against the clock)."""

from __future__ import annotations

from games.sheet_layout import (
    NAME,
    SEAT,
    TEAM,
    TICK,
    Box,
    Boxes,
    Case,
    Column,
    Gap,
    Is,
    Lines,
    Msg,
    Note,
    Notes,
    Opt,
    Partners,
    Rules,
    SeatTable,
    SheetLayout,
    Text,
)
from games.text import _

PAWNS = 4

SHEET = SheetLayout(
    partners=Partners(),
    blocks=(
        Note(
            Msg(
                _(
                    "Partners sit opposite. Tick a pawn when it is home; a team wins when "
                    "both partners have all four pawns home. Write the time the game starts "
                    "and ends."
                )
            )
        ),
        Rules(
            (
                Msg(
                    _(
                        "Game points: %(per_pawn)s per pawn home, "
                        "%(bonus)s more for the winning team"
                    ),
                    per_pawn=Opt("points_per_pawn"),
                    bonus=Opt("win_bonus"),
                ),
                Case(
                    Is("round_minutes"),
                    Msg(_("a round of %(minutes)s minutes"), minutes=Opt("round_minutes")),
                ),
            )
        ),
        Gap(2),
        Boxes(
            (
                Box(Msg(_("Start"))),
                Box(Msg(_("End"))),
                Box(
                    Msg(
                        _("Time is up at (start + %(minutes)s min.)"), minutes=Opt("round_minutes")
                    ),
                    1.4,
                    when=Is("round_minutes"),
                ),
            ),
            height=13,
        ),
        SeatTable(
            columns=(
                Column(Msg(_("Team")), 20, TEAM, per_side=True, thick=True),
                Column(Msg(_("Seat")), 10, SEAT),
                Column(Msg(_("Player")), 52, NAME, align="left"),
                Column(Msg(_("Pawns home")), 36, "  ".join([TICK] * PAWNS), thick=True),
                Column(Msg(_("Pawns home (0-8)")), 24, per_side=True, shaded=True),
                Column(Msg(_("Winner")), 18, TICK, per_side=True),
                Column(Msg(_("Game points")), 22, per_side=True, shaded=True),
            ),
            row=13,
            heading_height=9,
            size=12,
        ),
        Gap(7),
        Lines(
            (
                Text(f"{TICK} ", Msg(_("Finished: a team has all eight pawns home"))),
                Text(f"{TICK} ", Msg(_("Stopped by the clock: no winner, pawns home count"))),
            ),
            size=10.5,
            step=6,
            height=11,
        ),
        Notes(),
    ),
)
