"""Miezemauzen score sheet (MZ-2 … MZ-11), as data for ``printing.sheets``: a countdown
from the start points. A line per deal: trump and kat for the deal, per player the
declaration (played, exchanged, or the pass streak), the tricks and the points left
(shaded). Long games go on to a second page."""

from __future__ import annotations

from games.sheet_layout import (
    All,
    Case,
    Continued,
    Estimate,
    FirstRow,
    Gap,
    Grid,
    Is,
    Msg,
    Note,
    Opt,
    Players,
    Rules,
    SheetLayout,
    Sub,
)
from games.text import _

#: Deals a game lasts at most, roughly, per start point: a deal takes one point off the
#: players who took a trick, and the others gain five (a point a trick with per_trick:
#: 2.5 a deal).
DEALS_PER_POINT = 1.6

SHEET = SheetLayout(
    blocks=(
        Note(
            Msg(
                _(
                    "Declaration: ✓ played · ⇄ exchanged with the kip · when passing, write how "
                    "many times in a row (1, 2, 3 …): from the 3rd pass in a row +3. Kat: the "
                    "seat number of the kat holder, circled for a kater (five trumps). Points: "
                    "what is left after the deal; the first at 0 wins."
                )
            )
        ),
        Rules(
            (
                Msg(_("start at %(points)s points"), points=Opt("start_points")),
                Case(
                    Is("per_trick"),
                    Msg(_("a point off per trick, no trick +5")),
                    Msg(_("a trick: 1 point off, no trick: +5")),
                ),
                Case(
                    Is("kat_scoring", "holder"),
                    Msg(_("kat: holder 5 off (kater 10)")),
                    Case(
                        Is("kat_scoring", "others"),
                        Msg(_("kat: holder 5 off, every other player 5 on")),
                        Case(
                            Is("kat_scoring", "either"),
                            Msg(_("kat: holder chooses 5 off, or 5 on for every other player")),
                        ),
                    ),
                ),
                Msg(_("no pass at 3 points or fewer")),
                Case(All((Is("per_trick"), Is("exact_zero"))), Msg(_("exactly to zero"))),
                Case(
                    Is("spades_double"),
                    Msg(_("spades trump: every point double, nobody passes")),
                ),
                Case(
                    Is("stake_cents"),
                    Msg(_("stake %(cents)s ct a point"), cents=Opt("stake_cents")),
                ),
            )
        ),
        Gap(1.5),
        Grid(
            lead=((Msg(_("Deal")), 12), (Msg(_("Trump")), 10), (Msg(_("Kat")), 9)),
            subs=(
                Sub(Msg(_("Decl."))),
                Sub(Msg(_("Tricks"))),
                Sub(Msg(_("Points")), 1.25, shaded=True),
            ),
            row=6.5,
            size=Case(Players(6), 8, 9),
            first=FirstRow(Msg(_("Start")), ("", "", Opt("start_points"))),
            continued=Continued(
                rows=Estimate(
                    "start_points",
                    times=DEALS_PER_POINT,
                    over=Case(Is("per_trick"), 2.5, 1),
                    plus=4,
                ),
                note=Msg(_("Continued from the first page.")),
                first=FirstRow(Msg(_("Carried")), ("", "", "")),
            ),
        ),
    )
)
