"""What the printed documents share: reading drawn rounds (three queries whatever their
number), the header, a table's sheet and the draw list, a PDF's name."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from django.db.models import Prefetch
from django.utils import translation
from django.utils.formats import date_format
from django.utils.text import slugify
from django.utils.translation import gettext

from scoring.links import table_url
from scoring.services import table_options
from tournaments.models import Bye, Round, Seat, Table, Tournament

from ..sheets.data import (
    Document,
    DrawList,
    DrawTable,
    Header,
    Player,
    TableSheet,
)


class Pack(NamedTuple):
    """What one PDF is made of, and what to call it."""

    documents: list[Document]  # in print order
    language: str  # the club's language (Club.language)
    title: str  # the PDF's title, e.g. "Najaarscompetitie - Ronde 2" (an en dash)
    filename: str  # e.g. "rooi-najaarscompetitie-ronde-2.pdf" (ASCII)
    author: str = ""  # the club's name, for the PDF's metadata


# --- reading a round ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Drawn:
    """A drawn round as it is printed: its tables with their seats in playing order."""

    round: Round
    tables: list[tuple[Table, list[Seat]]]  # in table order
    byes: list[str]  # names, in entry order


def seats_prefetch() -> Prefetch:
    return Prefetch(
        "seats",
        queryset=Seat.objects.select_related("entry__member", "entry__team").order_by("position"),
    )


def read_rounds(rounds: Sequence[Round]) -> list[Drawn]:
    """The tables, seats and byes of `rounds` (three queries whatever their number)."""
    if not rounds:
        return []
    ids = [r.pk for r in rounds]
    tables: defaultdict[int, list[tuple[Table, list[Seat]]]] = defaultdict(list)
    for table in (
        Table.objects.filter(round_id__in=ids).prefetch_related(seats_prefetch()).order_by("number")
    ):
        tables[table.round_id].append((table, list(table.seats.all())))
    byes: defaultdict[int, list[str]] = defaultdict(list)
    for bye in (
        Bye.objects.filter(round_id__in=ids).select_related("entry__member").order_by("entry_id")
    ):
        byes[bye.round_id].append(bye.entry.name)
    return [Drawn(r, tables[r.pk], byes[r.pk]) for r in rounds]


def round_of(round_pk: int) -> Round:
    return Round.objects.select_related("tournament__club", "tournament__season").get(pk=round_pk)


# --- pieces -------------------------------------------------------------------------------


def date_text(tournament: Tournament) -> str:
    """The tournament's date as the club's language writes it (call in its override)."""
    return date_format(tournament.date, "DATE_FORMAT")


def header_of(tournament: Tournament, round_: int | None = None, table: int | None = None):
    return Header(
        club=tournament.club.name,
        tournament=tournament.name,
        date=date_text(tournament),
        round=round_,
        table=table,
    )


def players_of(tournament: Tournament, seats: Iterable[Seat]) -> tuple[Player, ...]:
    """The players in playing order; with their side when the table plays in teams."""
    teams = tournament.team_play
    fixed = tournament.teams == Tournament.Teams.FIXED
    return tuple(
        Player(
            name=seat.entry.name,
            seat=seat.position + 1,
            side=seat.side if teams else None,
            team=seat.entry.team.name if fixed and seat.entry.team_id else "",
        )
        for seat in sorted(seats, key=lambda seat: seat.position)
    )


def sheet_of(tournament: Tournament, number: int, table: Table, seats, link: str) -> TableSheet:
    return TableSheet(
        game=tournament.game,
        header=header_of(tournament, number, table.number),
        options=table_options(tournament, len(seats)),
        players=players_of(tournament, seats),
        seats=len(seats),
        link=link,
    )


def draw_tables(tournament: Tournament, drawn: Drawn) -> tuple[DrawTable, ...]:
    return tuple(
        DrawTable(number=table.number, players=players_of(tournament, seats))
        for table, seats in drawn.tables
    )


def draw_list_of(tournament: Tournament, drawn: Drawn) -> DrawList:
    return DrawList(
        header=header_of(tournament, drawn.round.number),
        game=tournament.game,
        tables=draw_tables(tournament, drawn),
        byes=tuple(drawn.byes),
    )


def round_documents(
    tournament: Tournament, drawn: Drawn, *, base_url: str, qr: bool
) -> list[Document]:
    """A round's draw list, then one score sheet per table in table order."""
    return [
        draw_list_of(tournament, drawn),
        *(
            sheet_of(
                tournament,
                drawn.round.number,
                table,
                seats,
                table_url(base_url, table) if qr else "",
            )
            for table, seats in drawn.tables
        ),
    ]


def pdf_filename(*parts: Any) -> str:
    """A PDF's file name of ``parts`` (ASCII, dashes between words), e.g.
    "rooi-najaarscompetitie-ronde-2.pdf"."""
    return f"{slugify(' '.join(str(part) for part in parts)) or 'troef'}.pdf"


def _round_label(number: int) -> str:
    return gettext("Round %(number)s") % {"number": number}


def round_names(tournament: Tournament, number: int, table: int | None = None) -> tuple[str, str]:
    """The title and file name of a round's PDF (of one table's, with `table`) in the
    club's language: ("Najaarscompetitie - Ronde 2" with an en dash,
    "rooi-najaarscompetitie-ronde-2.pdf")."""
    with translation.override(tournament.club.language):
        label = _round_label(number)
        if table is not None:
            label = f"{label}, {gettext('Table %(number)s') % {'number': table}}"
        return (
            f"{tournament.name} \N{EN DASH} {label}",
            pdf_filename(tournament.club.slug, tournament.name, label),
        )
