"""The printed sheets' adapter: reads the database and fills the plain dataclasses of
:mod:`scoring.sheets.data`, which :func:`scoring.sheets.render` turns into a PDF.

Everything here only reads, in a fixed number of queries whatever the number of tables,
players and rounds. What is printed is in the club's language (``Club.language``),
whatever the language of the page that asked for it: the dates, the standings' headings
and the notes are made under ``translation.override(club.language)``; the renderers add
their own labels in the same language.

The standings are the pages' own (scoring.selectors' boards, scoring.tables' rows), so the
printed numbers are the numbers on the screen: 1½, struck evenings struck, players below
the minimum attendance apart.

:func:`round_pack` and :func:`tournament_pack` are what the print jobs (scoring.jobs) and
``python manage.py print_round`` print; :func:`tournament_report` is an evening's printed
report: its standings, then its disputes with the director's rulings.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from django.db.models import Exists, OuterRef, Prefetch
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.text import capfirst, slugify
from django.utils.translation import gettext, ngettext

from clubs.models import Club
from disputes import rules as dispute_rules
from disputes.checker.base import violation_messages
from disputes.models import Dispute
from disputes.selectors import tournament_disputes
from games import registry
from games.base import clean_options
from games.cards import UnknownCardError, card_text
from tournaments.models import Bye, Entry, Round, Season, Seat, Table, Tournament

from . import selectors, standings
from .links import player_key, player_link, table_url
from .services import table_options
from .sheets.data import (
    CardRound,
    CheckInSlips,
    DisputeEntry,
    DisputeReport,
    DisputeRule,
    Document,
    DrawList,
    DrawTable,
    Header,
    PersonalCard,
    Player,
    Slip,
    Standings,
    StandingsRow,
    TableCards,
    TableSheet,
)
from .tables import MarginDisplay, margin_text, points, season_rows, tournament_rows

__all__ = [
    "Pack",
    "blank_sheet",
    "checkin_slips",
    "dispute_report",
    "draw_list",
    "pdf_filename",
    "personal_card",
    "round_names",
    "round_pack",
    "season_standings",
    "table_cards",
    "table_sheet",
    "tournament_pack",
    "tournament_report",
    "tournament_standings",
]


class Pack(NamedTuple):
    """What one PDF is made of, and what to call it."""

    documents: list[Document]  # in print order
    language: str  # the club's language (Club.language)
    title: str  # the PDF's title, e.g. "Najaarscompetitie - Ronde 2" (an en dash)
    filename: str  # e.g. "rooi-najaarscompetitie-ronde-2.pdf" (ASCII)
    author: str = ""  # the club's name, for the PDF's metadata


# --- reading a round ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Drawn:
    """A drawn round as it is printed: its tables with their seats in playing order."""

    round: Round
    tables: list[tuple[Table, list[Seat]]]  # in table order
    byes: list[str]  # names, in entry order


def _seats() -> Prefetch:
    return Prefetch(
        "seats", queryset=Seat.objects.select_related("entry__member").order_by("position")
    )


def _read_rounds(rounds: Sequence[Round]) -> list[_Drawn]:
    """The tables, seats and byes of `rounds` (three queries whatever their number)."""
    if not rounds:
        return []
    ids = [r.pk for r in rounds]
    tables: defaultdict[int, list[tuple[Table, list[Seat]]]] = defaultdict(list)
    for table in (
        Table.objects.filter(round_id__in=ids).prefetch_related(_seats()).order_by("number")
    ):
        tables[table.round_id].append((table, list(table.seats.all())))
    byes: defaultdict[int, list[str]] = defaultdict(list)
    for bye in (
        Bye.objects.filter(round_id__in=ids).select_related("entry__member").order_by("entry_id")
    ):
        byes[bye.round_id].append(bye.entry.name)
    return [_Drawn(r, tables[r.pk], byes[r.pk]) for r in rounds]


def _round(round_pk: int) -> Round:
    return Round.objects.select_related("tournament__club", "tournament__season").get(pk=round_pk)


# --- pieces -------------------------------------------------------------------------------


def _date(tournament: Tournament) -> str:
    """The tournament's date as the club's language writes it (call in its override)."""
    return date_format(tournament.date, "DATE_FORMAT")


def _header(tournament: Tournament, round_: int | None = None, table: int | None = None):
    return Header(
        club=tournament.club.name,
        tournament=tournament.name,
        date=_date(tournament),
        round=round_,
        table=table,
    )


def _players(tournament: Tournament, seats: Iterable[Seat]) -> tuple[Player, ...]:
    """The players in playing order; with their side when the table plays in teams."""
    teams = tournament.team_play
    return tuple(
        Player(name=seat.entry.name, seat=seat.position + 1, side=seat.side if teams else None)
        for seat in sorted(seats, key=lambda seat: seat.position)
    )


def _sheet(tournament: Tournament, number: int, table: Table, seats, link: str) -> TableSheet:
    return TableSheet(
        game=tournament.game,
        header=_header(tournament, number, table.number),
        options=table_options(tournament, len(seats)),
        players=_players(tournament, seats),
        seats=len(seats),
        link=link,
    )


def _draw_tables(tournament: Tournament, drawn: _Drawn) -> tuple[DrawTable, ...]:
    return tuple(
        DrawTable(number=table.number, players=_players(tournament, seats))
        for table, seats in drawn.tables
    )


def _draw_list(tournament: Tournament, drawn: _Drawn) -> DrawList:
    return DrawList(
        header=_header(tournament, drawn.round.number),
        game=tournament.game,
        tables=_draw_tables(tournament, drawn),
        byes=tuple(drawn.byes),
    )


def _round_documents(
    tournament: Tournament, drawn: _Drawn, *, base_url: str, qr: bool
) -> list[Document]:
    """A round's draw list, then one score sheet per table in table order."""
    return [
        _draw_list(tournament, drawn),
        *(
            _sheet(
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


# --- packs --------------------------------------------------------------------------------


def round_pack(round_pk: int, *, base_url: str, qr: bool = True) -> Pack:
    """A round's draw list for the wall, then each table's score sheet with its QR link
    (``base_url`` + the table's private link; none with ``qr=False``). Four queries.
    Round.DoesNotExist for an unknown round."""
    round_ = _round(round_pk)
    tournament = round_.tournament
    club = tournament.club
    (drawn,) = _read_rounds([round_])
    title, filename = round_names(tournament, round_.number)
    with translation.override(club.language):
        return Pack(
            documents=_round_documents(tournament, drawn, base_url=base_url, qr=qr),
            language=club.language,
            author=club.name,
            title=title,
            filename=filename,
        )


def _tournament(tournament_pk: int) -> Tournament:
    """The tournament with its club and season, and whether it has saved disputes
    (``has_disputes``): one query."""
    return (
        Tournament.objects.select_related("club", "season")
        .annotate(has_disputes=Exists(Dispute.objects.filter(tournament=OuterRef("pk"))))
        .get(pk=tournament_pk)
    )


def tournament_pack(tournament_pk: int, *, base_url: str) -> Pack:
    """Every drawn round's draw list and score sheets, in round order, then the
    tournament's standings, then its disputes with the rulings when it has any. A fixed
    number of queries (one more when there are disputes). Tournament.DoesNotExist for an
    unknown tournament."""
    tournament = _tournament(tournament_pk)
    club = tournament.club
    rounds = list(tournament.rounds.order_by("number"))
    for round_ in rounds:
        round_.tournament = tournament
    drawn = _read_rounds(rounds)
    with translation.override(club.language):
        documents: list[Document] = []
        for one in drawn:
            documents += _round_documents(tournament, one, base_url=base_url, qr=True)
        documents.append(_tournament_standings(tournament))
        if tournament.has_disputes:
            documents.append(_dispute_report(tournament))
        return Pack(
            documents=documents,
            language=club.language,
            author=club.name,
            title=tournament.name,
            filename=pdf_filename(club.slug, tournament.name),
        )


def tournament_report(tournament_pk: int) -> Pack:
    """An evening's printed report: the tournament's standings, then its disputes with
    the director's rulings ("No disputes" when there were none). Six queries.
    Tournament.DoesNotExist for an unknown tournament."""
    tournament = _tournament(tournament_pk)
    club = tournament.club
    with translation.override(club.language):
        label = gettext("Report")
        return Pack(
            documents=[_tournament_standings(tournament), _dispute_report(tournament)],
            language=club.language,
            author=club.name,
            title=f"{tournament.name} \N{EN DASH} {label}",
            filename=pdf_filename(club.slug, tournament.name, _date(tournament), label),
        )


# --- single documents ---------------------------------------------------------------------


def table_sheet(table: Table, base_url: str) -> TableSheet:
    """One table's score sheet with its QR link; `table` comes with its round, tournament
    and club (one query: its seats)."""
    seats = list(Seat.objects.filter(table=table).select_related("entry__member"))
    tournament = table.round.tournament
    with translation.override(tournament.club.language):
        return _sheet(tournament, table.round.number, table, seats, table_url(base_url, table))


def blank_sheet(club: Club, game: str, seats: int, options: Mapping[str, Any]) -> TableSheet:
    """A score sheet for casual play: the club's name, the game, `seats` empty columns.
    `options` are the game's (checked by games.base.clean_options, defaults filled in; a
    game with a `players` option plays it with `seats`). No queries."""
    spec = registry.get(game)
    given = {name: value for name, value in options.items() if value is not None}
    if any(option.name == "players" for option in spec.options):
        given["players"] = seats
    cleaned = clean_options(spec.options, given)
    return TableSheet(game=game, header=Header(club=club.name), options=cleaned, seats=seats)


def draw_list(round_: Round) -> DrawList:
    """The round's draw in large type for the wall (three queries)."""
    tournament = round_.tournament
    (drawn,) = _read_rounds([round_])
    with translation.override(tournament.club.language):
        return _draw_list(tournament, drawn)


def table_cards(round_: Round, *, base_url: str = "", table: int | None = None) -> TableCards:
    """A card for each table of the round (or table number `table` alone): its number,
    who sits there and, with `base_url`, its private link as a QR code (three
    queries)."""
    tournament = round_.tournament
    (drawn,) = _read_rounds([round_])
    links = {t.number: table_url(base_url, t) for t, _seats in drawn.tables} if base_url else {}
    with translation.override(tournament.club.language):
        tables = tuple(
            dataclasses.replace(card, link=links.get(card.number, ""))
            for card in _draw_tables(tournament, drawn)
            if table is None or card.number == table
        )
        return TableCards(
            header=_header(tournament, round_.number), game=tournament.game, tables=tables
        )


def checkin_slips(
    tournament: Tournament, entries: Sequence[Entry], codes: Mapping[int, str], *, base_url: str
) -> CheckInSlips:
    """A check-in slip for each of `entries` with its personal code (`codes`, entry id
    -> code) and personal QR code."""
    club = tournament.club
    root = base_url.rstrip("/")

    def link(entry: Entry) -> str:
        key = player_key(entry.member_id, entry.pk)
        return root + player_link(club.slug, key, codes[entry.pk])

    with translation.override(club.language):
        return CheckInSlips(
            header=_header(tournament),
            slips=tuple(
                Slip(name=entry.name, code=codes[entry.pk], link=link(entry)) for entry in entries
            ),
        )


# --- standings ----------------------------------------------------------------------------


def _heading(text: str) -> str:
    return capfirst(gettext(text))


def tournament_standings(tournament: Tournament) -> Standings:
    """The tournament's standings as its page shows them (scoring.selectors'
    tournament_board: four queries)."""
    with translation.override(tournament.club.language):
        return _tournament_standings(tournament)


def _tournament_standings(tournament: Tournament) -> Standings:
    board = selectors.tournament_board(tournament)
    margin = MarginDisplay.of(tournament.game)
    pending = any(board.provisional.values())
    lines = tournament_rows(board, lambda person: None)
    ties = any(row["tie"] for row in lines)  # a column for how ties were settled, if any
    columns = [
        _heading("position"),
        _heading("name"),
        _heading("match points"),
        capfirst(margin.label),
        _heading("played"),
        _heading("byes"),
        _heading("wins"),
    ]
    if ties:
        columns.append(_heading("tie-break"))
    if pending:
        columns.append(_heading("provisional (not counted)"))
    rows = []
    for row in lines:
        name = row["name"]
        if row["players"]:
            name = f"{name} ({row['players']})"
        if row["withdrawn"]:
            name = f"{name} · {gettext('withdrawn')}"
        cells = [
            str(row["position"]),
            name,
            row["points_text"],
            margin_text(row["margin"]),
            str(row["played"]),
            str(row["byes"]),
            str(row["wins"]),
        ]
        if ties:
            cells.append(row["tie"])
        if pending:
            cells.append(f"+{row['pending_text']}" if row["pending"] else "")
        rows.append(StandingsRow(cells=tuple(cells)))
    notes = []
    if board.open_tables:
        notes.append(
            ngettext(
                "%(counter)s table has no confirmed result yet.",
                "%(counter)s tables have no confirmed result yet.",
                board.open_tables,
            )
            % {"counter": board.open_tables}
        )
    if board.disputed_tables:
        notes.append(
            ngettext(
                "%(counter)s table has two different results; a director decides.",
                "%(counter)s tables have two different results; a director decides.",
                board.disputed_tables,
            )
            % {"counter": board.disputed_tables}
        )
    if notes:
        notes.append(
            gettext(
                "Only confirmed results count; provisional match points are shown apart "
                "and are not counted."
            )
        )
    if ties:
        notes.append(
            gettext(
                "Equal match points: the margin decides, then head-to-head (times finished "
                "above the others minus below) when every two of the tied players shared a "
                "table; otherwise they share the place."
            )
        )
    return Standings(
        header=_header(tournament),
        title=gettext("Standings"),
        columns=tuple(columns),
        rows=tuple(rows),
        notes=tuple(notes),
    )


def season_standings(season: Season) -> Standings:
    """The season's standings as its page shows them: an evening's match points struck
    through when they do not count, players below the minimum attendance apart
    (scoring.selectors.season_board)."""
    club = season.club
    with translation.override(club.language):
        board = selectors.season_board(season)
        rows = season_rows(board, lambda person: None)
        evenings = len(board.evenings)
        columns = [
            _heading("position"),
            _heading("name"),
            *(date_format(t.date, "d-m") for t in board.evenings),
            _heading("total"),
            capfirst(MarginDisplay.of(season.game).label),
            _heading("attended"),
        ]
        if season.min_attendance:
            columns.append(_heading("qualified"))
        ties = any(row.tie for row in rows)  # a column for how ties were settled, if any
        if ties:
            columns.append(_heading("tie-break"))
        printed = []
        for row in sorted(rows, key=lambda r: not r.qualified):  # stable: qualified first
            cells = [
                str(row.position),
                row.name,
                *(cell.text for cell in row.cells),
                row.total_text,
                margin_text(row.margin),
                str(row.attended),
            ]
            if season.min_attendance:
                cells.append(gettext("yes") if row.qualified else gettext("no"))
            if ties:
                cells.append(row.tie)
            printed.append(
                StandingsRow(
                    cells=tuple(cells),
                    struck=frozenset(2 + i for i, cell in enumerate(row.cells) if cell.struck),
                    apart=not row.qualified,
                )
            )
        notes = []
        if season.best_of:
            notes.append(
                ngettext(
                    "Each player's best %(best)s of %(counter)s evening count, the others "
                    "are struck through:",
                    "Each player's best %(best)s of %(counter)s evenings count, the others "
                    "are struck through:",
                    evenings,
                ).removesuffix(":")
                % {"best": season.best_of, "counter": evenings}
                + "."
            )
        else:
            notes.append(gettext("Every evening counts."))
        if season.min_attendance:
            notes.append(
                ngettext(
                    "Players who came to fewer than %(counter)s evening are listed below "
                    "the others.",
                    "Players who came to fewer than %(counter)s evenings are listed below "
                    "the others.",
                    season.min_attendance,
                )
                % {"counter": season.min_attendance}
            )
        if ties:
            notes.append(
                gettext(
                    "Equal totals: the margin of the counted evenings decides, then the "
                    "evenings won (first place that evening); otherwise the place is shared."
                )
            )
        notes.append(gettext("Only confirmed results count."))
        return Standings(
            header=Header(club=club.name, tournament=season.name),
            title=gettext("Season standings"),
            columns=tuple(columns),
            rows=tuple(printed),
            notes=tuple(notes),
        )


# --- a player's card ----------------------------------------------------------------------


def personal_card(entry: Entry) -> PersonalCard:
    """The card a player keeps all evening: each round's table and tablemates, the
    confirmed score and match points once known, and empty lines to write in for the
    rounds not drawn yet (up to the rounds planned). Four queries (scoring.selectors'
    fetch) and the tournament's when `entry` comes without it."""
    tournament = entry.tournament
    club = tournament.club
    rows = selectors.fetch([tournament])
    scheme = selectors.scheme_of(tournament)
    names = {pk: row.name for pk, row in rows.entries.items()}
    by_round: dict[int, CardRound] = {}
    for table_id, table in rows.tables.items():
        mine = [side for side, seated in table.seats if seated == entry.pk]
        if not mine:
            continue
        my_side = mine[0]
        partners = [names[e] for side, e in table.seats if side == my_side and e != entry.pk]
        opponents = [names[e] for side, e in table.seats if side != my_side]
        score = worth = ""
        result = rows.results.get(table_id)
        if result is not None and result.status == selectors.CONFIRMED:
            sides = result.sides
            values = standings.match_points(
                [standings.Side((), s["rank"], s["margin"], s["game_points"]) for s in sides],
                scheme,
            )
            for side, value in zip(sides, values, strict=True):
                if side["side"] == my_side:
                    score, worth = str(side["score"]), points(value)
        by_round[table.round] = CardRound(
            round=table.round,
            table=table.number,
            tablemates=(*partners, *opponents),
            score=score,
            points=worth,
        )
    with translation.override(club.language):
        bye = gettext("Sitting out (bye)")
        for one in rows.byes:
            if one.entry == entry.pk:
                by_round[one.round] = CardRound(round=one.round, tablemates=(bye,))
        last = max([tournament.rounds_planned, *by_round])
        return PersonalCard(
            header=_header(tournament),
            game=tournament.game,
            player=entry.name,
            rounds=tuple(by_round.get(n) or CardRound(round=n) for n in range(1, last + 1)),
            season=_season_so_far(tournament, entry),
        )


def _season_so_far(tournament: Tournament, entry: Entry) -> tuple[tuple[str, int | None], ...]:
    """The member's position in the tournament's season after each evening (the season
    board's, cached), for their card; () outside a season or for a guest."""
    if tournament.season_id is None or entry.member_id is None:
        return ()
    board = selectors.season_board(tournament.season)
    positions = board.positions.get(entry.member_id)  # only those who came have one
    if positions is None:
        return ()
    return tuple(
        (date_format(evening.date, "SHORT_DATE_FORMAT"), position)
        for evening, position in zip(board.evenings, positions, strict=True)
    )


# --- disputes -----------------------------------------------------------------------------


def dispute_report(tournament: Tournament) -> DisputeReport:
    """The tournament's saved disputes, first saved first, with the verdict's rules (their
    titles in the club's language) and the director's rulings (one query)."""
    with translation.override(tournament.club.language):
        return _dispute_report(tournament)


def _names(value: Any) -> str:
    """The players of a case as one line: a list of names, a mapping by name, a count."""
    if isinstance(value, list | dict):
        return ", ".join(str(name) for name in value)
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else ""


def _case_summary(case: Mapping[str, Any], language: str) -> str:
    """Who and what the dispute was about, from the case: its players, the player and
    the card in question (what the case has of them; the card in the club's letters)."""
    parts = []
    players = _names(case.get("players"))
    if players:
        parts.append(f"{gettext('players')}: {players}")
    player = case.get("player")
    if isinstance(player, str) and player:
        parts.append(f"{gettext('player')}: {player}")
    card = case.get("card")
    if isinstance(card, dict):
        card = card.get("card")
    if isinstance(card, str) and card:
        with contextlib.suppress(UnknownCardError):  # no card: as it was typed
            card = card_text(card, language)
        parts.append(f"{gettext('card')}: {card}")
    return " · ".join(parts)


def _dispute_rules(dispute: Dispute, language: str) -> tuple[DisputeRule, ...]:
    found = []
    for rule_id in dispute.rules:
        rule = dispute_rules.rule(rule_id, language)
        found.append(DisputeRule(id=rule_id, title=rule.title if rule is not None else ""))
    return tuple(found)


def _dispute_entry(dispute: Dispute, language: str) -> DisputeEntry:
    case = dispute.case if isinstance(dispute.case, dict) else {}
    # The engine's explanations in the club's language (the verdict stores English).
    notes = tuple(m for m in violation_messages(dispute.verdict, case, language) if m)
    return DisputeEntry(
        round=dispute.round_number,
        table=dispute.table_number,
        subject=f"{dispute.game_title} · {dispute.check_title}",
        what=_case_summary(case, language),
        legal=dispute.legal,
        rules=_dispute_rules(dispute, language),
        notes=notes,
        ruling=dispute.ruling,
        decided_by=dispute.created_by_name,
        when=date_format(timezone.localtime(dispute.created_at), "SHORT_DATETIME_FORMAT"),
    )


def _dispute_report(tournament: Tournament) -> DisputeReport:
    language = tournament.club.language
    return DisputeReport(
        header=_header(tournament),
        entries=tuple(_dispute_entry(d, language) for d in tournament_disputes(tournament)),
    )
