"""MEINO score sheet (ME-13, ME-14), as data for ``printing.sheets``: a line per round, per
player the points left in hand and the running total toward 500 (shaded), and a box per
player for the tally marks of the rounds won."""

from __future__ import annotations

from games.sheet_layout import (
    DASH,
    All,
    Case,
    Gap,
    Grid,
    Is,
    Msg,
    Not,
    Note,
    Opt,
    Rules,
    SeatBoxes,
    SheetLayout,
    Sub,
    Text,
)
from games.text import _

#: ME-14: the game ends after the round in which a total reaches this.
TARGET = 500

SHEET = SheetLayout(
    blocks=(
        Note(
            Msg(
                _(
                    "Per round: the points left in each hand (0 and a tally mark for the one "
                    "who went out) and the new total. The game ends after the round in which a "
                    "total reaches %(target)s; the lowest total wins, then more tally marks."
                ),
                target=TARGET,
            )
        ),
        Note(
            Text(
                Msg(_("Card points")),
                f": 1{DASH}9 = ",
                Msg(_("the number")),
                " · skip, rev, +2 = 25 · W+2 = 20 · W, W+4 = 40 · JOKER = 50",
            )
        ),
        Rules(
            (
                Case(
                    Is("compact"),
                    Msg(_("Compact deck: 55 cards")),
                    Msg(_("Full deck: 110 cards")),
                ),
                Msg(_("Target: %(target)s points"), target=TARGET),
                Case(
                    Is("joker_rule", "swap"),  # the form's choice, in words (not "swap")
                    Msg(_("JOKER: swap hands with another player")),
                    Case(  # a house rule typed before it was a choice, as typed
                        All((Is("joker_rule"), Not(Is("joker_rule", "none")))),
                        Text(Msg(_("JOKER")), ": ", Opt("joker_rule")),
                    ),
                ),
            )
        ),
        Gap(1.5),
        Grid(
            lead=((Msg(_("Round")), 10),),
            subs=(Sub(Msg(_("Points"))), Sub(Msg(_("Total")), 1.2, shaded=True)),
            row=7,
        ),
        Gap(3),
        SeatBoxes(Msg(_("Tally marks")), 15),
    )
)
