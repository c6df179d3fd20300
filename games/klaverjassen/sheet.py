"""Klaverjassen score sheet, the *klaverjasbriefje* (KJ-4 … KJ-8), as data for
``printing.sheets``: the two teams with their partners (Wij the first, Zij the second)
and their game scores, then a row per deal: the team that played, each team's points and
roem, and the marks nat, pit and verzaakt; a total row at the foot. A row holds what
the table's phone form asks (games.klaverjassen.results): points as the tricks gave
them, roem as claimed; Troef scores nat, pit and verzaakt from the marks."""

from __future__ import annotations

from games.sheet_layout import (
    NAME,
    SEAT,
    TEAM,
    TICK,
    Case,
    Column,
    Gap,
    Is,
    Msg,
    Not,
    Note,
    Opt,
    Partners,
    Rules,
    SeatTable,
    SheetLayout,
    Table,
    Text,
)
from games.text import _

#: KJ-8: the deals of a game, a row each.
DEALS = 16

#: A cell to tick one of the two teams.
US_OR_THEM = Text(f"{TICK} ", Msg(_("Us")), f"  {TICK} ", Msg(_("Them")))

HEADING = (
    Msg(_("Deal")),
    Msg(_("Played")),
    Msg(_("Points us")),
    Msg(_("Roem us")),
    Msg(_("Points them")),
    Msg(_("Roem them")),
    Msg(_("Nat")),
    Msg(_("Pit")),
    Msg(_("Verzaakt")),
)
ROWS = tuple((str(deal), US_OR_THEM, "", "", "", "", TICK, TICK, US_OR_THEM)
             for deal in range(1, DEALS + 1))  # fmt: skip
TOTAL_ROW = (Msg(_("Total")), "", "", "", "", "", "", "", "")

SHEET = SheetLayout(
    partners=Partners(words=(Msg(_("Us")), Msg(_("Them")))),
    blocks=(
        Note(
            Msg(
                _(
                    "Partners sit opposite; Us is the first team below, Them the second. Per "
                    "deal: tick the team that played, write each team's points as the tricks "
                    "gave them (together 162) and the roem it claimed, and tick nat, pit or "
                    "the team that reneged. Troef scores nat, pit and verzaakt from the marks."
                )
            )
        ),
        Rules(
            (
                Case(Is("variant", "amsterdams"), Msg(_("Amsterdams")), Msg(_("Rotterdams"))),
                Msg(_("%(deals)s deals"), deals=Opt("deals")),
                Case(
                    Is("verzaken", "minus100"),
                    Msg(_("a renege costs the player 100 points")),
                    Msg(_("a renege loses the deal")),
                ),
                Case(Not(Is("four_of_a_kind")), Msg(_("no roem for four of a kind"))),
            )
        ),
        Gap(2),
        SeatTable(
            columns=(
                Column(Msg(_("Team")), 20, TEAM, per_side=True, thick=True),
                Column(Msg(_("Seat")), 10, SEAT),
                Column(Msg(_("Player")), 52, NAME, align="left", thick=True),
                Column(Msg(_("Game score")), 28, per_side=True, shaded=True),
            ),
            row=8,
            heading_height=8,
            size=11,
        ),
        Gap(4),
        Table(
            rows=(HEADING, *ROWS, TOTAL_ROW),
            widths=(7, 17, 12, 11, 12, 11, 6, 6, 17),
            row=7.5,
            size=9,
            bold_rows=(DEALS + 1,),
        ),
    ),
)
