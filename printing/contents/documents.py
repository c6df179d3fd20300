"""Single documents: a table's sheet, a blank sheet, the draw list, the table cards, the
check-in slips, and a player's personal card."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils import translation
from django.utils.formats import date_format
from django.utils.translation import gettext

from clubs.models import Club
from games import registry
from games.base import clean_options
from scoring import selectors, standings
from scoring.links import player_key, player_link, table_url
from scoring.tables import points
from tournaments.models import Entry, Round, Seat, Table, Tournament

from ..sheets.data import (
    CardRound,
    CheckInSlips,
    DrawList,
    Header,
    PersonalCard,
    Slip,
    TableCards,
    TableSheet,
)
from .pieces import (
    draw_list_of,
    draw_tables,
    header_of,
    read_rounds,
    sheet_of,
)

# --- single documents ---------------------------------------------------------------------


def table_sheet(table: Table, base_url: str) -> TableSheet:
    """One table's score sheet with its QR link; `table` comes with its round, tournament
    and club (one query: its seats)."""
    seats = list(Seat.objects.filter(table=table).select_related("entry__member", "entry__team"))
    tournament = table.round.tournament
    with translation.override(tournament.club.language):
        return sheet_of(tournament, table.round.number, table, seats, table_url(base_url, table))


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
    (drawn,) = read_rounds([round_])
    with translation.override(tournament.club.language):
        return draw_list_of(tournament, drawn)


def table_cards(round_: Round, *, base_url: str = "", table: int | None = None) -> TableCards:
    """A card for each table of the round (or table number `table` alone): its number,
    who sits there and, with `base_url`, its private link as a QR code (three
    queries)."""
    tournament = round_.tournament
    (drawn,) = read_rounds([round_])
    links = (
        {t.number: table_url(base_url, t) for t, seats_prefetch in drawn.tables} if base_url else {}
    )
    with translation.override(tournament.club.language):
        tables = tuple(
            dataclasses.replace(card, link=links.get(card.number, ""))
            for card in draw_tables(tournament, drawn)
            if table is None or card.number == table
        )
        return TableCards(
            header=header_of(tournament, round_.number), game=tournament.game, tables=tables
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
            header=header_of(tournament),
            slips=tuple(
                Slip(name=entry.name, code=codes[entry.pk], link=link(entry)) for entry in entries
            ),
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
            header=header_of(tournament),
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
