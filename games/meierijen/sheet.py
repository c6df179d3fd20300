"""MeieRijen score sheet (MR-12, MR-13, MR-V1, MR-4P), as data for ``printing.sheets``: a
block per round with every player's cards left in hand, open and on the penalty pile, the
pawns held and the minus points (shaded); with four players the teams' totals; who
emptied the draw pile first and who won the round; then the match: rounds won and minus
points per side. With Variant 1 the card values are printed above the rounds."""

from __future__ import annotations

from games.cards import ACE, JACK, KING, QUEEN
from games.sheet_layout import (
    DASH,
    NAME,
    SEAT,
    SIDE,
    TICK,
    All,
    Case,
    Column,
    Condition,
    Gap,
    InTeams,
    Is,
    Msg,
    Not,
    Note,
    Notes,
    Partners,
    Ranks,
    Rules,
    SeatTable,
    Share,
    SheetLayout,
    Suits,
    Table,
    Text,
    Title,
)
from games.text import _

#: MR-4P: four players play in two teams.
TEAM_TABLE = 4
#: The rows of the rounds and the match share the page: this high at least, at most.
ROW = Share(6.5, 13)

PAWNS = Case(
    Is("variant1"),
    Text(f"{TICK} ", Msg(_("grey")), f" 3  {TICK} ", Msg(_("red")), " 5"),
    Text(f"{TICK} ", Msg(_("grey")), f"  {TICK} ", Msg(_("red"))),
)

#: MR-V1 (c) and (d): what a card or a pawn held at the end costs.
VALUES = Table(
    title=Title(Text(Msg(_("Variant 1 values")), " ", Suits()), size=9, height=5, baseline=3.5),
    rows=(
        (
            Msg(_("Card or pawn")),
            f"3 {DASH} 10",
            Ranks((JACK, QUEEN, KING, ACE)),
            Text("2 · ", Msg(_("Joker"))),
            Msg(_("Red pawn")),
            Msg(_("Grey pawn")),
            Msg(_("White pawn")),
        ),
        (Msg(_("Minus points")), "1", "2", "5", "5", "3", "0"),
    ),
    widths=(34, 20, 20, 24, 24, 24, 24),
    row=6.5,
    size=9,
    bold_rows=(1,),
    when=Is("variant1"),
)


def _round(number: int, *, teams: bool) -> SeatTable:
    """Round ``number``'s block, for a table of two teams or of single players."""
    heading = Text(Msg(_("Round")), f" {number}")
    if number == 3:
        heading = Text(heading, f" {DASH} ", Msg(_("only at 1-1")))
    start = (
        Column(Msg(_("Seat")), 8, SEAT),
        Column(Msg(_("Player")), 40 if teams else 46, NAME, thick=True, align="left"),
        Column(Msg(_("Hand")), 17 if teams else 18),
        Column(Msg(_("Open cards")), 17 if teams else 18),
        Column(Msg(_("Penalty pile")), 17 if teams else 18, thick=not teams),
    )
    if teams:
        middle = (
            Column(Msg(_("Minus points")), 19, thick=True),
            Column(Msg(_("Pawns held")), 27, PAWNS, per_side=True, small=True),
            Column(Msg(_("Team total")), 20, per_side=True, shaded=True, team_label=True),
        )
    else:
        middle = (
            Column(Msg(_("Pawns held")), 28, PAWNS, small=True),
            Column(Msg(_("Minus points")), 21, shaded=True),
        )
    end = (
        Column(Msg(_("Emptied draw pile first")), 18, TICK, per_side=teams),
        Column(Msg(_("Won the round")), 14, TICK, per_side=teams),
    )
    when: Condition = InTeams() if teams else Not(InTeams())
    if number == 3:
        when = All((when, Is("third_round")))
    return SeatTable(
        columns=start + middle + end,
        title=Title(heading),
        row=ROW,
        heading_height=9,
        size=11,
        tight_size=9.5,
        tight_row=8,
        when=when,
    )


def _match(*, teams: bool) -> SeatTable:
    """The match: a line per side, its minus points a round and the rounds won."""
    return SeatTable(
        columns=(
            Column(
                Msg(_("Team")) if teams else Msg(_("Player")), 60, SIDE, thick=True, align="left"
            ),
            Column(Text(Msg(_("Round")), " 1"), 20),
            Column(Text(Msg(_("Round")), " 2"), 20, thick=Not(Is("third_round"))),
            Column(Text(Msg(_("Round")), " 3"), 20, thick=True, when=Is("third_round")),
            Column(Msg(_("Minus points")), 24, shaded=True),
            Column(Msg(_("Rounds won")), 24, shaded=True),
        ),
        title=Title(Msg(_("Match"))),
        row=Share(ROW.low, ROW.high, cap=10),
        heading_height=8,
        size=10,
        per_side=True,
        when=InTeams() if teams else Not(InTeams()),
    )


SHEET = SheetLayout(
    partners=Partners(only_at=(TEAM_TABLE,)),
    blocks=(
        Note(
            Case(
                Is("variant1"),
                Msg(
                    _(
                        "After each round count what every player still holds in hand, open "
                        "and on the penalty pile, at the Variant 1 values below; a pawn still "
                        "held adds its points. Fewest minus points wins the round; equal: who "
                        "emptied the draw pile first."
                    )
                ),
                Msg(
                    _(
                        "After each round count the cards every player still holds in hand, "
                        "open and on the penalty pile: one minus point a card. Fewest minus "
                        "points wins the round; equal: who emptied the draw pile first."
                    )
                ),
            )
        ),
        Rules(
            (
                Case(
                    Is("third_round"),
                    Msg(_("match: two rounds; 2-0 wins, at 1-1 a third round decides")),
                    Msg(_("match: two rounds; 2-0 wins, 1-1 is a draw")),
                ),
                Case(
                    InTeams(),
                    Msg(_("teams of two: a team's minus points are both players' together")),
                ),
                Case(Is("draw_rule", "two"), Msg(_("draw two cards a turn"))),
            )
        ),
        Gap(1),
        VALUES,
        Gap(3, when=Is("variant1")),
        *(
            block
            for number in (1, 2, 3)
            for block in (
                _round(number, teams=False),
                _round(number, teams=True),
                Gap(3, when=Is("third_round") if number == 3 else None),
            )
        ),
        _match(teams=False),
        _match(teams=True),
        Gap(4),
        Notes(),
    ),
)
