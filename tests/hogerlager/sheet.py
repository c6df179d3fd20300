"""Hoger-lager's score sheet, as data for ``printing.sheets`` (games/sheet_layout.py): a
line per card turned, per player a tick for a hit and the running points (shaded)."""

from __future__ import annotations

from games.sheet_layout import Gap, Grid, Msg, Note, Opt, SheetLayout, Sub
from games.text import _

SHEET = SheetLayout(
    blocks=(
        Note(
            Msg(
                _("Higher or lower: a hit is a point; first to %(target)s wins."),
                target=Opt("target"),
            )
        ),
        Gap(1.5),
        Grid(
            lead=((Msg(_("Card")), 10),),
            subs=(Sub(Msg(_("Hit"))), Sub(Msg(_("Points")), 1.3, shaded=True)),
        ),
    )
)
