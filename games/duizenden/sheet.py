"""Duizenden score sheet (DZ-11, DZ-12), as data for ``printing.sheets``: a line per deal,
per player the card points melded and left in hand, and the running total toward 1000
(shaded)."""

from __future__ import annotations

from games.cards import ACE, JACK, KING, QUEEN
from games.sheet_layout import (
    DASH,
    MINUS,
    CardName,
    Case,
    Gap,
    Grid,
    Is,
    Msg,
    Note,
    Ranks,
    SheetLayout,
    Sub,
    Text,
)
from games.text import _

#: DZ-12: the total that wins.
TARGET = 1000

SHEET = SheetLayout(
    blocks=(
        Note(
            Msg(
                _(
                    "Per deal: the card points you melded and those left in your hand; "
                    "Total = last total + melded - hand. First to %(target)s or more wins."
                ),
                target=TARGET,
            )
        ),
        Note(
            Text(
                Msg(_("Card points")),
                f": 2{DASH}9 = 5 · 10 ",
                Ranks((JACK, QUEEN, KING)),
                " = 10 · ",
                Ranks((ACE,)),
                " = 15 · ",
                Msg(_("Joker")),
                " = 50 · ",
                CardName(QUEEN, "S"),
                " = 100 · ",
                Case(
                    Is("opening_face_cards"),
                    Msg(_("Opening: at least 30, cards at face value (A = 11)")),
                    Msg(_("Opening: at least 30 card points")),
                ),
            )
        ),
        Gap(1.5),
        Grid(
            lead=((Msg(_("Deal")), 10),),
            subs=(
                Sub(Text("+ ", Msg(_("Melded")))),
                Sub(Text(f"{MINUS} ", Msg(_("Hand")))),
                Sub(Msg(_("Total")), 1.3, shaded=True),
            ),
            row=7,
        ),
    )
)
