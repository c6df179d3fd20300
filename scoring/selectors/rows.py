"""The rows standings are made of, read in a fixed number of queries whatever the number
of players, evenings and rounds (:func:`fetch`), and turned into scoring.standings' tuples
(:func:`build`) keyed one way or another, with the names of who they stand for
(:func:`people`).

The rows are lean on purpose (``values_list`` read straight from the cursor, only the
``sides`` of each result's outcome, not its running totals, decoded in one go): a season
of 200 players and 30 evenings is 24,000 seats.
"""

from __future__ import annotations

import gc
import json
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import NamedTuple

from django.core.exceptions import EmptyResultSet
from django.db import connections
from django.db.models import QuerySet
from django.db.models.fields.json import KT

from games import registry
from tournaments import formats
from tournaments.models import Bye, Entry, Seat, Tournament

from .. import standings
from ..models import ResultEntry
from ..services import table_options

CONFIRMED = ResultEntry.Status.CONFIRMED
PROVISIONAL = ResultEntry.Status.PROVISIONAL

# A table's state on the venue screen and the player's page.
OPEN, PENDING, DISPUTED, DONE = "open", "provisional", "disputed", "confirmed"


def scheme_of(tournament: Tournament) -> standings.Scheme:
    spec = registry.get(tournament.game)
    return standings.Scheme(
        kind=tournament.scheme,
        win=tournament.win_points,
        draw=tournament.draw_points,
        loss=tournament.loss_points,
        bye_game_points=spec.results.bye_game_points(table_options(tournament, None)),
        tiebreaks=spec.results.tiebreaks,
    )


def _sides_per_table(tournament: Tournament) -> int:
    found = formats.table_format(tournament.game, tournament.table_size, tournament.team_play)
    return found.sides if found else tournament.table_size


@contextmanager
def counting() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while standings are loaded and counted.

    A season is tens of thousands of small rows and dataclasses, none of them in a cycle,
    so reference counting frees them all the same; but their allocation keeps triggering
    the collector, which walks the whole heap each time: it doubled the season page's
    time (benchmarks/standings.py). The collector is switched back on only if it was on,
    so nested or concurrent uses never leave it off.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


# --- rows ---------------------------------------------------------------------------------


class EntryRow(NamedTuple):
    tournament: int
    entry: int
    member: int | None
    name: str
    team: int | None  # only in a tournament with fixed teams
    team_name: str
    withdrawn: bool


class TableRow(NamedTuple):
    tournament: int
    round: int
    number: int
    seats: list[tuple[int, int]]  # (side, entry id) in seat order


class ResultRow(NamedTuple):
    status: str
    sides: list[dict]  # the outcome's sides: {side, score, rank, margin, game_points}
    finished: bool = True  # ended by the game's rules, not stopped by the clock (TP-2)
    winner: int | None = None  # the side the game names its sole winner, if any


class ByeData(NamedTuple):
    tournament: int
    round: int
    entry: int


@dataclass(slots=True)
class Rows:
    """Everything standings are made of, for some tournaments (:func:`fetch`)."""

    tournaments: dict[int, Tournament]
    tables: dict[int, TableRow]  # tables with seats, by id
    results: dict[int, ResultRow]  # table id -> the confirmed result, else the latest one
    disputed: set[int]  # tables with two different provisional results and none confirmed
    byes: list[ByeData]
    entries: dict[int, EntryRow]

    def state(self, table_id: int) -> str:
        result = self.results.get(table_id)
        if result is None:
            return OPEN
        if result.status == CONFIRMED:
            return DONE
        return DISPUTED if table_id in self.disputed else PENDING

    def rounds(self) -> int:
        """The latest round drawn."""
        return max(
            (*(t.round for t in self.tables.values()), *(b.round for b in self.byes)), default=0
        )


def fetch(tournaments: Sequence[Tournament]) -> Rows:
    """The seats, results, byes and entries of `tournaments` (four queries)."""
    by_id = {t.pk: t for t in tournaments}
    ids = list(by_id)
    results: dict[int, ResultRow] = {}
    disputed: set[int] = set()
    # Newest first: the first row of a table is its latest entry.
    found = _raw(
        ResultEntry.objects.filter(
            table__round__tournament_id__in=ids, status__in=[CONFIRMED, PROVISIONAL]
        )
        .annotate(sides=KT("outcome__sides"), winner=KT("outcome__winner"))
        .order_by("table_id", "-created_at", "-id")
        .values_list("table_id", "status", "disputed", "finished", "sides", "winner")
    )
    # The sides come as JSON text, parsed in one go: much faster than the JSONField's own
    # decoding, or than json.loads called once per result, for thousands.
    every_sides = json.loads(f"[{','.join(row[4] for row in found)}]")
    for (table, status, is_disputed, finished, _text, winner), sides in zip(
        found, every_sides, strict=True
    ):
        if status == CONFIRMED or table not in results:
            results[table] = ResultRow(status, sides, bool(finished), _side_index(winner))
        if status == PROVISIONAL and is_disputed:
            disputed.add(table)
    tables: dict[int, TableRow] = {}
    for tournament, number, table, table_number, side, entry in _raw(
        Seat.objects.filter(round__tournament_id__in=ids)
        .order_by("table_id", "position")
        .values_list(
            "round__tournament_id", "round__number", "table_id", "table__number", "side", "entry_id"
        )
    ):
        row = tables.get(table)
        if row is None:
            row = tables[table] = TableRow(tournament, number, table_number, [])
        row.seats.append((side, entry))
    byes = [
        ByeData(*row)
        for row in _raw(
            Bye.objects.filter(round__tournament_id__in=ids)
            .order_by("round__tournament_id", "round__number", "entry_id")
            .values_list("round__tournament_id", "round__number", "entry_id")
        )
    ]
    disputed -= {table for table, row in results.items() if row.status == CONFIRMED}
    return Rows(by_id, tables, results, disputed, byes, entries_of(tournaments))


def _side_index(value: object) -> int | None:
    """An outcome's ``winner`` as read by KT: a number, its text, or for JSON null SQL
    NULL or the text "null", depending on the database."""
    if value is None or value == "null":
        return None
    return int(value)  # type: ignore[call-overload]


def entries_of(tournaments: Sequence[Tournament]) -> dict[int, EntryRow]:
    """The entries of `tournaments` by id, in entry order (one query)."""
    fixed = {t.pk for t in tournaments if t.teams == Tournament.Teams.FIXED}
    return {
        entry: EntryRow(
            tournament,
            entry,
            member,
            member_name or guest,
            team if tournament in fixed else None,
            team_name or "",
            status == Entry.Status.WITHDRAWN,
        )
        for tournament, entry, member, member_name, guest, team, team_name, status in _raw(
            Entry.objects.filter(tournament_id__in=[t.pk for t in tournaments])
            .order_by("tournament_id", "id")
            .values_list(
                "tournament_id",
                "id",
                "member_id",
                "member__name",
                "guest_name",
                "team_id",
                "team__name",
                "status",
            )
        )
    }


def _raw(rows: QuerySet) -> list[tuple]:
    """The rows of a ``values_list`` query of plain columns (numbers and text), straight
    from the database cursor: Django's own iteration converts and re-packs each value,
    which costs as much as the query itself for tens of thousands of rows. The SQL is the
    query's own, so this works on every database Django does. The columns come in the
    order Django selects them, fields before annotations: name annotations last."""
    try:
        sql, params = rows.query.get_compiler(using=rows.db).as_sql()
    except EmptyResultSet:  # e.g. `__in` an empty list: Django skips the database too
        return []
    with connections[rows.db].cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


#: Who an entry stands for in some standings.
KeyOf = Callable[[EntryRow], Hashable]


def team_key(entry: EntryRow) -> Hashable:
    """Evening standings: a fixed team, or a player by their entry (negative id)."""
    return entry.team or -entry.entry


def member_key(entry: EntryRow) -> Hashable:
    """The same player across evenings: the member, or a guest by their entry."""
    return entry.member or -entry.entry


@dataclass(slots=True)
class Loaded:
    """Standings input made of :class:`Rows` for one way of keying competitors."""

    games: list[standings.Game]
    pending: list[standings.Game]  # undisputed provisional results of unconfirmed tables
    byes: list[standings.Bye]
    # Who has a table (with a result or not) or a bye: the standings list them, and
    # nobody else (a registered player who never played is not in the standings).
    played: set[Hashable] = field(default_factory=set)
    # (evening, competitor) of everyone seated at a table, with a result or not: seated
    # with nothing confirmed still attended the evening (TP-7).
    seated: set[tuple[Hashable, Hashable]] = field(default_factory=set)


def build(rows: Rows, key: KeyOf, *, up_to_round: int | None = None) -> Loaded:
    """Games, pending games and byes of `rows` with competitors keyed by `key`; only of
    rounds up to `up_to_round` when given."""
    keys = {entry: key(row) for entry, row in rows.entries.items()}
    games: list[standings.Game] = []
    pending: list[standings.Game] = []
    side_of, game_of = standings.Side, standings.Game  # local names: the loop runs per table
    played: set[Hashable] = set()
    at_tables: set[tuple[Hashable, Hashable]] = set()
    for table_id, table in rows.tables.items():
        if up_to_round is not None and table.round > up_to_round:
            continue
        at_tables.update((table.tournament, keys[entry]) for _side, entry in table.seats)
        result = rows.results.get(table_id)
        if result is None or table_id in rows.disputed:
            continue
        members: dict[int, list[Hashable]] = {}
        for side, entry in table.seats:
            competitor = keys[entry]
            seated = members.setdefault(side, [])
            if competitor not in seated:  # teammates of a fixed team share one key
                seated.append(competitor)
        winner = result.winner
        game = game_of(
            table.tournament,
            table.round,
            table.number,
            tuple(
                side_of(
                    tuple(members.get(s["side"], ())),
                    s["rank"],
                    s["margin"],
                    s["game_points"],
                    s["side"] == winner,
                )
                for s in result.sides
            ),
            result.finished,
        )
        (games if result.status == CONFIRMED else pending).append(game)
    sides_of = {pk: _sides_per_table(t) for pk, t in rows.tournaments.items()}
    # A team's bye is one bye, recorded for each of its players: fromkeys drops repeats.
    byes = dict.fromkeys(
        standings.Bye(bye.tournament, bye.round, keys[bye.entry], sides_of[bye.tournament])
        for bye in rows.byes
        if up_to_round is None or bye.round <= up_to_round
    )
    played.update(competitor for _evening, competitor in at_tables)
    played.update(bye.competitor for bye in byes)
    return Loaded(games, pending, list(byes), played, at_tables)


def load(tournaments: Sequence[Tournament], key: KeyOf) -> Loaded:
    """The games and byes of `tournaments` with competitors keyed by `key`."""
    return build(fetch(tournaments), key)


# --- names --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Person:
    key: Hashable
    name: str
    member: int | None  # member id (links to the player's page); None for guests and teams
    players: str = ""  # a team's players beside its name ("" when the name is theirs)
    withdrawn: bool = False


def people(
    entries: dict[int, EntryRow], tournaments: dict[int, Tournament], key: KeyOf, *, teams: bool
) -> dict[Hashable, Person]:
    """key -> Person for everyone in `entries` (of `tournaments`); the latest tournament's
    entry names a member seen in several. With `teams`, a fixed team is one Person named
    after the team, withdrawn when all its players are."""
    in_team: defaultdict[Hashable, list[EntryRow]] = defaultdict(list)
    found: dict[Hashable, Person] = {}
    dated = sorted(entries.values(), key=lambda e: tournaments[e.tournament].date)
    for entry in dated:
        k = key(entry)
        if teams and entry.team is not None:
            players = in_team[k]
            players.append(entry)
            found[k] = Person(
                k,
                entry.team_name,
                None,
                formats.players_beside(entry.team_name, [p.name for p in players]),
                all(p.withdrawn for p in players),
            )
        else:
            found[k] = Person(k, entry.name, entry.member, "", entry.withdrawn)
    return found
