"""Reads for the result pages, the standings, player and venue pages, and the Swiss draw.

A result page reads one table (:func:`load_table`, three queries) or a round's tables
(:func:`round_tables`, three queries whatever their number).

Each loader runs a fixed number of queries whatever the number of players, evenings and
rounds: seats, results, byes and entries are fetched as plain rows in one query each
(:func:`fetch`), then turned into scoring.standings' tuples, which do the counting in
Python. The rows are lean on purpose (``values_list`` read straight from the cursor, only
the ``sides`` of each result's outcome, not its running totals, decoded in one go): a
season of 200 players and 30 evenings is 24,000 seats.

A season's standings are cached, keyed on a fingerprint of everything they are made of
(:func:`_evening_keys`), so the page does a few aggregate queries instead of the whole
count while nothing changed; any entered, confirmed or corrected result changes its
table's ``version`` and so the key. Each evening's count is cached as well, so a new
result has only its own evening counted again.
"""

from __future__ import annotations

import gc
import hashlib
import json
import math
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, NamedTuple, TypeVar

from django.core.cache import cache
from django.core.exceptions import EmptyResultSet
from django.db import connections
from django.db.models import Count, Exists, Max, OuterRef, Prefetch, Q, QuerySet, Sum
from django.db.models.fields.json import KT
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Club, Member
from games import registry
from games.results import Layout
from tournaments import formats
from tournaments.models import Bye, Entry, Round, Season, Seat, Table, Tournament

from . import standings
from .links import table_link
from .models import ResultEntry
from .services import Device, confirm_refusal, fingerprint, table_options

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


#: Each evening's count in a season: tournament pk -> competitor -> Night.
Nights = dict[int, dict[Hashable, standings.Night]]

#: Who an entry stands for in some standings.
KeyOf = Callable[[EntryRow], Hashable]
#: What happened at an evening: a game played, or a bye.
Played = TypeVar("Played", standings.Game, standings.Bye)


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


def build(rows: Rows, key: KeyOf, *, up_to_round: int | None = None) -> Loaded:
    """Games, pending games and byes of `rows` with competitors keyed by `key`; only of
    rounds up to `up_to_round` when given."""
    keys = {entry: key(row) for entry, row in rows.entries.items()}
    games: list[standings.Game] = []
    pending: list[standings.Game] = []
    side_of, game_of = standings.Side, standings.Game  # local names: the loop runs per table
    played: set[Hashable] = set()
    for table_id, table in rows.tables.items():
        if up_to_round is not None and table.round > up_to_round:
            continue
        played.update(keys[entry] for _side, entry in table.seats)
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
    played.update(bye.competitor for bye in byes)
    return Loaded(games, pending, list(byes), played)


def load(tournaments: Sequence[Tournament], key: KeyOf) -> Loaded:
    """The games and byes of `tournaments` with competitors keyed by `key`."""
    return build(fetch(tournaments), key)


# --- names --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Person:
    key: Hashable
    name: str
    member: int | None  # member id (links to the player's page); None for guests and teams
    players: str = ""  # a team's players
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
                " & ".join(p.name for p in players),
                all(p.withdrawn for p in players),
            )
        else:
            found[k] = Person(k, entry.name, entry.member, "", entry.withdrawn)
    return found


# --- a tournament -------------------------------------------------------------------------


@dataclass(slots=True)
class Board:
    """What a standings page shows: the lines, who they are, and what is still open."""

    tournament: Tournament
    lines: list[standings.Line]
    people: dict[Hashable, Person]
    provisional: dict[Hashable, float] = field(default_factory=dict)  # pending match points
    open_tables: int = 0  # tables of drawn rounds without a confirmed result
    disputed_tables: int = 0
    rounds: int = 0  # rounds drawn so far
    up_to_round: int | None = None  # the standings after this round, when asked


@counting()
def tournament_board(tournament: Tournament, *, up_to_round: int | None = None) -> Board:
    """Standings of one evening or tournament: confirmed results count, provisional ones
    are shown beside them as pending (a disputed table's are not: nobody knows which).
    Fixed teams stand as teams. `up_to_round` (before the latest round) gives the
    standings after that round."""
    return _board(tournament, fetch([tournament]), up_to_round)


def _board(tournament: Tournament, rows: Rows, up_to_round: int | None) -> Board:
    rounds = rows.rounds()
    if up_to_round is not None and not 1 <= up_to_round < rounds:
        up_to_round = None
    loaded = build(rows, team_key, up_to_round=up_to_round)
    scheme = scheme_of(tournament)
    who = people(rows.entries, rows.tournaments, team_key, teams=True)
    lines = standings.standings(
        loaded.games,
        scheme,
        byes=loaded.byes,
        competitors=loaded.played,
        names={k: person.name for k, person in who.items()},
    )
    pending: defaultdict[Hashable, list[float]] = defaultdict(list)
    for game in loaded.pending:
        worth = standings.match_points(game.sides, scheme)
        for side, points in zip(game.sides, worth, strict=True):
            for competitor in side.members:
                pending[competitor].append(points)
    states = Counter(
        rows.state(table_id)
        for table_id, table in rows.tables.items()
        if up_to_round is None or table.round <= up_to_round
    )
    return Board(
        tournament=tournament,
        lines=lines,
        people=who,
        provisional={k: math.fsum(points) for k, points in pending.items()},
        open_tables=states.total() - states[DONE],
        disputed_tables=states[DISPUTED],
        rounds=rounds,
        up_to_round=up_to_round,
    )


@dataclass(frozen=True, slots=True)
class VenueTable:
    number: int
    sides: list[list[str]]  # the players' names, side by side
    state: str  # OPEN, PENDING, DISPUTED or DONE


@dataclass(slots=True)
class Venue:
    board: Board
    round: int  # the current (latest) round; 0 before the first draw
    tables: list[VenueTable]
    byes: list[str]


@counting()
def venue(tournament: Tournament) -> Venue:
    """The venue screen: the latest round's tables with their state, and the standings
    (the same four queries as :func:`tournament_board`)."""
    rows = fetch([tournament])
    board = _board(tournament, rows, None)
    names = {entry: row.name for entry, row in rows.entries.items()}
    tables = []
    for table_id, table in rows.tables.items():
        if table.round != board.rounds:
            continue
        sides: dict[int, list[str]] = {}
        for side, entry in table.seats:
            sides.setdefault(side, []).append(names[entry])
        tables.append(
            VenueTable(table.number, [sides[s] for s in sorted(sides)], rows.state(table_id))
        )
    tables.sort(key=lambda table: table.number)
    byes = sorted(names[bye.entry] for bye in rows.byes if bye.round == board.rounds)
    return Venue(board, board.rounds, tables, byes)


@counting()
def draw_scores(tournament: Tournament) -> dict[Hashable, float]:
    """Match points so far, keyed as the draw keys competitors (tournaments.services):
    fixed teams by team, players by member (guests by negative entry id)."""
    teams = tournament.teams == Tournament.Teams.FIXED
    loaded = load([tournament], team_key if teams else member_key)
    lines = standings.standings(loaded.games, scheme_of(tournament), byes=loaded.byes)
    return {line.competitor: line.match_points for line in lines}


# --- a season -----------------------------------------------------------------------------

#: Bump when what the season cache holds changes shape.
SEASON_CACHE = "troef.season-board.4"
SEASON_CACHE_SECONDS = 7 * 24 * 3600
#: An evening's settings its count in the season depends on (scheme_of, _sides_per_table)
#: or the page shows.
EVENING_FIELDS = ("pk", "date", "name", "game", "options", "table_size", "teams", "scheme",
                  "win_points", "draw_points", "loss_points")  # fmt: skip
#: What an evening's count is made of, per model: (model, its path to the evening, the
#: aggregates that change with every addition, deletion or entered result).
EVENING_ROWS = (
    (Table, "round__tournament_id", {"versions": Sum("version")}),
    (Seat, "round__tournament_id", {}),
    (Bye, "round__tournament_id", {}),
    (ResultEntry, "table__round__tournament_id", {}),
    (Entry, "tournament_id", {}),
)


@dataclass(slots=True)
class SeasonBoard:
    season: Season
    evenings: list[Tournament]  # in date order
    lines: list[standings.SeasonLine]
    people: dict[Hashable, Person]
    # competitor -> position after each evening (None before their first)
    positions: dict[Hashable, tuple[int | None, ...]] = field(default_factory=dict)


@counting()
def season_board(season: Season) -> SeasonBoard:
    """A season competition over its evenings, players known by member across evenings.

    Cached in two layers keyed on fingerprints: each evening's :func:`standings.nights`
    (:func:`_evening_keys`), and the season's lines and names, whose key adds the
    season's settings and the club's members (count and latest ``updated_at``: a rename;
    guests' names are never edited). After a new result only its evening is counted
    again. Seven queries when nothing changed, eight when only names or the season's
    settings did, eleven or twelve when evenings are counted (:func:`_season_count`).
    """
    evenings = list(season.tournaments.order_by("date", "pk"))
    evening_keys = _evening_keys(evenings)
    members = Member.objects.filter(club_id=season.club_id).aggregate(
        n=Count("id"), changed=Max("updated_at")
    )
    key = _fingerprint(
        f"{SEASON_CACHE}:{season.pk}",
        (season.name, season.game, season.best_of, season.min_attendance),
        list(evening_keys.values()),
        members,
    )
    cached = cache.get(key)
    if cached is None:
        cached = _season_count(season, evenings, evening_keys)
        cache.set(key, cached, SEASON_CACHE_SECONDS)
    lines, who, positions = cached
    return SeasonBoard(season, evenings, lines, who, positions)


def _season_count(
    season: Season, evenings: list[Tournament], evening_keys: dict[int, str]
) -> tuple[
    list[standings.SeasonLine], dict[Hashable, Person], dict[Hashable, tuple[int | None, ...]]
]:
    """The season's lines, names and positions after each evening, counting only the
    evenings not cached: four queries
    (:func:`fetch`) for those, one more for the names when some evenings were cached."""
    known = cache.get_many(list(evening_keys.values()))
    missing = [t for t in evenings if evening_keys[t.pk] not in known]
    rows = fetch(missing) if missing else None
    if rows is not None:
        counted = {
            evening_keys[pk]: nights
            for pk, nights in _nights(missing, build(rows, member_key)).items()
        }
        cache.set_many(counted, SEASON_CACHE_SECONDS)
        known.update(counted)
    everyone = rows is not None and len(missing) == len(evenings)
    entries = rows.entries if everyone else entries_of(evenings)
    nights = {t.pk: known[evening_keys[t.pk]] for t in evenings}
    who = people(entries, {t.pk: t for t in evenings}, member_key, teams=False)
    positions = standings.positions_by_evening(
        [t.pk for t in evenings],
        nights,
        best=season.best_of,
        min_attendance=season.min_attendance,
        names={k: person.name for k, person in who.items()},
    )
    return _season_lines(season, evenings, nights, who), who, positions


def _evening_keys(evenings: Sequence[Tournament]) -> dict[int, str]:
    """pk -> the cache key of each evening's count in a season, a fingerprint of what it is
    made of (five grouped aggregate queries for all the evenings together).

    Results: every change goes through scoring.services, which bumps the table's
    version; new entries also show in the results' count and highest id. The draw:
    tables, seats and byes are only ever added or deleted (a swap re-creates them), so
    their count and highest id change. The evening's own settings are part of it as read.
    """
    ids = [t.pk for t in evenings]
    parts: dict[int, dict[str, object]] = {
        t.pk: {"evening": attrgetter(*EVENING_FIELDS)(t)} for t in evenings
    }
    for model, path, extra in EVENING_ROWS:
        for evening, *aggregates in (
            model.objects.filter(**{f"{path}__in": ids})
            .values_list(path)
            .annotate(n=Count("id"), last=Max("id"), **extra)
            .order_by()
        ):
            parts[evening][model.__name__] = aggregates
    return {pk: _fingerprint(f"{SEASON_CACHE}:evening:{pk}", part) for pk, part in parts.items()}


def _fingerprint(prefix: str, *parts: object) -> str:
    return f"{prefix}:{hashlib.sha256(repr(parts).encode()).hexdigest()}"


def _nights(evenings: Sequence[Tournament], loaded: Loaded) -> Nights:
    """pk -> competitor -> Night for each of `evenings`, each counted by its own scheme
    (the same points as its own standings page), from `loaded` games of these evenings
    and maybe others."""
    games, byes = _by_evening(loaded.games), _by_evening(loaded.byes)
    return {
        t.pk: standings.nights(games[t.pk], scheme_of(t), byes=byes[t.pk]).get(t.pk, {})
        for t in evenings
    }


def _by_evening(items: Iterable[Played]) -> defaultdict[Hashable, list[Played]]:
    """Games or byes grouped by their evening (a tournament's pk)."""
    grouped: defaultdict[Hashable, list[Played]] = defaultdict(list)
    for item in items:
        grouped[item.evening].append(item)
    return grouped


def _season_lines(
    season: Season,
    evenings: Sequence[Tournament],
    nights: Nights,
    who: Mapping[Hashable, Person] | None = None,
) -> list[standings.SeasonLine]:
    """`season`'s competition over `evenings` (in date order) from their `nights`; lines
    sharing a position listed by the names of `who`."""
    return standings.season_of_nights(
        [t.pk for t in evenings],
        nights,
        best=season.best_of,
        min_attendance=season.min_attendance,
        names={k: person.name for k, person in (who or {}).items()},
    )


# --- a player -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One of the player's tables, as far as its result is known."""

    round: int
    table: int
    partners: list[str]
    opponents: list[str]
    state: str  # OPEN, PENDING, DISPUTED or DONE
    rank: int | None
    score: int | None
    match_points: float | None


@dataclass(slots=True)
class PlayerEvening:
    tournament: Tournament
    position: int | None  # None before the first result
    competitors: int
    match_points: float
    pending: float  # match points of provisional results
    games: list[PlayedGame]
    byes: list[int]  # the rounds sat out


@dataclass(frozen=True, slots=True)
class Tablemate:
    name: str
    member: int | None
    tables: int  # tables shared (partners and opponents alike)
    # at the shared tables with a confirmed result where they were on different sides:
    ahead: int = 0  # the player finished ahead
    level: int = 0  # a shared place
    behind: int = 0


@dataclass(frozen=True, slots=True)
class SeasonProgress:
    season: Season
    line: standings.SeasonLine
    competitors: int
    evenings: int  # the season's evenings so far
    # the player's position after each evening (None before their first), and the dates
    positions: tuple[int | None, ...] = ()
    dates: tuple = ()

    @property
    def counted(self) -> int:
        return sum(cell.counted for cell in self.line.evenings)

    @property
    def struck(self) -> int:
        return sum(cell.struck for cell in self.line.evenings)


@dataclass(slots=True)
class PlayerPage:
    member: Member
    evenings: list[PlayerEvening]  # newest first
    tablemates: list[Tablemate]  # most often met first
    seasons: list[SeasonProgress]  # newest first


@counting()
def player_page(member: Member) -> PlayerPage:
    """A member's evenings with every table and result, who they met how often, and
    where they stand in each season they played in (two queries and :func:`fetch`)."""
    mine = list(
        Tournament.objects.filter(entries__member=member)
        .select_related("season")
        .order_by("-date", "-pk")
    )
    season_ids = {t.season_id for t in mine if t.season_id is not None}
    others = list(
        Tournament.objects.filter(season_id__in=season_ids)
        .exclude(pk__in=[t.pk for t in mine])
        .select_related("season")
    )
    rows = fetch([*mine, *others])
    return PlayerPage(
        member=member,
        evenings=_player_evenings(member, mine, rows),
        tablemates=_tablemates(member, rows),
        seasons=_season_progress(member, [*mine, *others], rows),
    )


def _player_evenings(member: Member, mine: Sequence[Tournament], rows: Rows) -> list[PlayerEvening]:
    loaded = build(rows, team_key)
    # Who has a table or a bye, per tournament: the same lines as its standings page.
    played: defaultdict[int, set[Hashable]] = defaultdict(set)
    for table in rows.tables.values():
        played[table.tournament].update(team_key(rows.entries[e]) for _side, e in table.seats)
    for bye in rows.byes:
        played[bye.tournament].add(team_key(rows.entries[bye.entry]))
    games, pending = _by_evening(loaded.games), _by_evening(loaded.pending)
    byes = _by_evening(loaded.byes)
    entries: defaultdict[int, list[EntryRow]] = defaultdict(list)
    for entry in rows.entries.values():
        entries[entry.tournament].append(entry)
    # tournament -> (table id, side, entry) of the member's seats
    my_seats: defaultdict[int, list[tuple[int, int, int]]] = defaultdict(list)
    for table_id, table in rows.tables.items():
        for side, entry in table.seats:
            if rows.entries[entry].member == member.pk:
                my_seats[table.tournament].append((table_id, side, entry))
    evenings = []
    for tournament in mine:
        scheme = scheme_of(tournament)
        me = next(e for e in entries[tournament.pk] if e.member == member.pk)
        lines = standings.standings(
            games[tournament.pk],
            scheme,
            byes=byes[tournament.pk],
            competitors=played[tournament.pk],
        )
        line = next((line for line in lines if line.competitor == team_key(me)), None)
        evenings.append(
            PlayerEvening(
                tournament=tournament,
                position=line.position if line and (line.played or line.byes) else None,
                competitors=len(lines),
                match_points=line.match_points if line else 0,
                pending=math.fsum(
                    points
                    for game in pending[tournament.pk]
                    for side, points in zip(
                        game.sides, standings.match_points(game.sides, scheme), strict=True
                    )
                    if team_key(me) in side.members
                ),
                games=sorted(
                    (_played(seat, rows, scheme) for seat in my_seats[tournament.pk]),
                    key=lambda game: game.round,
                ),
                byes=sorted(
                    bye.round
                    for bye in rows.byes
                    if bye.tournament == tournament.pk and bye.entry == me.entry
                ),
            )
        )
    return evenings


def _played(seat: tuple[int, int, int], rows: Rows, scheme: standings.Scheme) -> PlayedGame:
    table_id, my_side, me = seat
    table = rows.tables[table_id]
    state = rows.state(table_id)
    rank = score = points = None
    if state in (PENDING, DONE):
        sides = rows.results[table_id].sides
        worth = standings.match_points(
            [standings.Side((), s["rank"], s["margin"], s["game_points"]) for s in sides], scheme
        )
        for side, value in zip(sides, worth, strict=True):
            if side["side"] == my_side:
                rank, score, points = side["rank"], side["score"], value
    names = rows.entries
    return PlayedGame(
        round=table.round,
        table=table.number,
        partners=[names[e].name for side, e in table.seats if side == my_side and e != me],
        opponents=[names[e].name for side, e in table.seats if side != my_side],
        state=state,
        rank=rank,
        score=score,
        match_points=points,
    )


def _tablemates(member: Member, rows: Rows) -> list[Tablemate]:
    who = people(rows.entries, rows.tournaments, member_key, teams=False)
    met: Counter[Hashable] = Counter()
    record: defaultdict[Hashable, Counter[str]] = defaultdict(Counter)
    for table_id, table in rows.tables.items():
        seated = [(side, rows.entries[entry]) for side, entry in table.seats]
        mine = next((side for side, entry in seated if entry.member == member.pk), None)
        if mine is None:
            continue
        met.update({member_key(entry) for _side, entry in seated if entry.member != member.pk})
        result = rows.results.get(table_id)
        if result is None or result.status != CONFIRMED:
            continue
        ranks = {side["side"]: side["rank"] for side in result.sides}
        for side, entry in seated:
            if side == mine or mine not in ranks or side not in ranks:
                continue
            mark = (
                "ahead" if ranks[mine] < ranks[side]
                else "behind" if ranks[mine] > ranks[side] else "level"
            )  # fmt: skip
            record[member_key(entry)][mark] += 1
    mates = [
        Tablemate(who[k].name, who[k].member, count, **record.get(k, {}))
        for k, count in met.items()
    ]
    return sorted(mates, key=lambda mate: (-mate.tables, mate.name))


def _season_progress(
    member: Member, tournaments: Sequence[Tournament], rows: Rows
) -> list[SeasonProgress]:
    nights = _nights([t for t in tournaments if t.season_id is not None], build(rows, member_key))
    seasons: defaultdict[int, list[Tournament]] = defaultdict(list)
    for tournament in sorted(tournaments, key=lambda t: (t.date, t.pk)):
        if tournament.season_id is not None:
            seasons[tournament.season_id].append(tournament)
    progress = []
    for evenings in seasons.values():
        season = evenings[0].season
        lines = _season_lines(season, evenings, {t.pk: nights[t.pk] for t in evenings})
        line = next((line for line in lines if line.competitor == member.pk), None)
        if line is not None:
            ids = [t.pk for t in evenings]
            positions = standings.positions_by_evening(
                ids,
                {t.pk: nights[t.pk] for t in evenings},
                best=season.best_of,
                min_attendance=season.min_attendance,
            ).get(member.pk, ())
            progress.append(
                SeasonProgress(
                    season,
                    line,
                    len(lines),
                    len(evenings),
                    positions,
                    tuple(t.date for t in evenings),
                )
            )
    return sorted(progress, key=lambda p: -p.season.pk)


# --- a table's results ---------------------------------------------------------------------

#: A table's result status as the result pages show it.
STATUS_LABELS = {
    "none": gettext_lazy("no result yet"),
    "provisional": gettext_lazy("provisional"),
    "disputed": gettext_lazy("disputed"),
    "confirmed": gettext_lazy("confirmed"),
}


#: The order of a round's results list: what the director must see to first on top.
STATUS_ORDER = {"disputed": 0, "none": 1, "provisional": 2, "confirmed": 3}


def side_names(seats: Iterable[Seat]) -> list[str]:
    """One name per side in side order: the player, or the partners joined by '&'."""
    by_side: dict[int, list[str]] = defaultdict(list)
    for seat in sorted(seats, key=lambda seat: seat.position):
        by_side[seat.side].append(seat.entry.name)
    return [" & ".join(by_side[side]) for side in sorted(by_side)]


def table_status(results: Iterable[ResultEntry]) -> str:
    """none / provisional / disputed / confirmed, from the table's entries."""
    statuses = [(result.status, result.disputed) for result in results]
    if any(status == CONFIRMED for status, _disputed in statuses):
        return "confirmed"
    open_ = [disputed for status, disputed in statuses if status == PROVISIONAL]
    if any(open_):
        return "disputed"
    return "provisional" if open_ else "none"


def game_layout(tournament: Tournament) -> Layout:
    """The game's result form for this tournament's options (stored cleaned by
    tournament_create; the defaults stand in for any it lacks)."""
    spec = registry.get(tournament.game)
    return spec.results.layout.for_options(table_options(tournament, None))


@dataclass
class Shown:
    """A recorded entry as the page shows it: each side's score and rank, and what was
    entered, as a small table (a row per deal or round, or the one summary line)."""

    result: ResultEntry
    scores: list[tuple[str, int, int]]
    columns: list[str]
    lines: list[tuple[str, list[str]]]


def row_label(layout: Layout) -> str:
    """What a result page calls a row of the game's entry, translated: the game's own
    word, "Deal" (nl "Spel", de "Spiel"), never "Round", which is the tournament's."""
    return _(layout.row_label)


def show_entry(result: ResultEntry, layout: Layout, names: Sequence[str]) -> Shown:
    """`result` read with the game's layout of the mode it was entered in (a correction
    may be entered another way than the entry it replaces)."""
    data = result.data
    detailed = data.get("mode") == "detailed"
    fields = layout.row_fields if detailed else layout.summary_fields
    per_side = [spec for spec in fields if spec.per_side]
    own = [spec for spec in fields if not spec.per_side]
    several = len(per_side) > 1
    columns = [
        f"{name}: {_(spec.label)}" if several else name for name in names for spec in per_side
    ]
    columns += [_(spec.label) for spec in own]

    def cells(values: Mapping[str, Any]) -> list[str]:
        sides = values.get("sides", [])
        out = [_cell(spec.kind, side.get(spec.name), names) for side in sides for spec in per_side]
        return out + [_cell(spec.kind, values.get(spec.name), names) for spec in own]

    if detailed:
        label = row_label(layout)
        lines = [(f"{label} {i + 1}", cells(row)) for i, row in enumerate(data.get("rows", []))]
    else:
        lines = [("", cells(data))]
    scores = [
        (names[side["side"]], side["score"], side["rank"]) for side in result.outcome["sides"]
    ]
    return Shown(result, scores, columns, lines)


def _cell(kind: str, value: Any, names: Sequence[str]) -> str:
    if value is None:
        return "\N{EN DASH}"
    if kind == "bool":
        return "✓" if value else ""
    if kind == "side" and isinstance(value, int) and 0 <= value < len(names):
        return names[value]
    return str(value)


@dataclass
class TableState:
    """Everything a table's page shows: who sits where, and every entry ever made."""

    table: Table
    tournament: Tournament
    names: list[str]
    layout: Layout
    results: list[ResultEntry]

    @property
    def mode(self) -> str:
        """How this tournament's results are entered: the director's choice, when the
        game offers it."""
        entering = self.tournament.entering
        return entering if entering in self.layout.modes else self.layout.modes[0]

    @property
    def score_label(self) -> str:
        return _(registry.get(self.tournament.game).results.score_label)

    @property
    def status(self) -> str:
        return table_status(self.results)

    @property
    def status_label(self) -> str:
        return STATUS_LABELS[self.status]

    @property
    def confirmed(self) -> ResultEntry | None:
        return next((r for r in self.results if r.status == CONFIRMED), None)

    @property
    def open(self) -> list[Shown]:
        """The provisional entries, oldest first: two of them side by side are a dispute."""
        pending = [r for r in reversed(self.results) if r.status == PROVISIONAL]
        return [show_entry(r, self.layout, self.names) for r in pending]

    def open_entries_of(self, player: Entry) -> set[int]:
        """The ids of the provisional entries `player` made (through the table's link)."""
        return {
            r.pk
            for r in self.results
            if r.status == PROVISIONAL and r.entered_by_entry_id == player.pk
        }

    @property
    def current(self) -> Shown | None:
        confirmed = self.confirmed
        return None if confirmed is None else show_entry(confirmed, self.layout, self.names)

    @property
    def history(self) -> list[Shown]:
        return [show_entry(r, self.layout, self.names) for r in self.results]

    @property
    def finished(self) -> bool:
        return self.tournament.status == Tournament.Status.FINISHED


def load_table(pk: int) -> TableState:
    """The table with its seats and entries, fresh from the database (after a conflict,
    what is there now): three queries. Table.DoesNotExist when its draw was taken back."""
    table = Table.objects.select_related("round__tournament__club").get(pk=pk)
    seats = Seat.objects.filter(table=table).select_related("entry__member")
    results = list(ResultEntry.objects.filter(table=table).order_by("-created_at", "-id"))
    tournament = table.round.tournament
    return TableState(table, tournament, side_names(seats), game_layout(tournament), results)


def player_by_key(club: Club, key: str) -> str:
    """The name of the player a personal code belongs to (links.player_key): a member of
    `club`, or a guest's entry in one of its tournaments; "" when there is none."""
    kind, number = key[:1], key[1:]
    if not number.isdigit():
        return ""
    if kind == "m":
        found = Member.objects.filter(club=club, pk=int(number)).values_list("name", flat=True)
    else:
        found = Entry.objects.filter(tournament__club=club, pk=int(number)).values_list(
            "guest_name", flat=True
        )
    return found.first() or ""


def slip_entries(tournament: Tournament, one: int | None = None) -> list[Entry]:
    """Whose check-in slips to print: entry `one` of the tournament alone, or every
    guest and member without a login (not withdrawn), by name."""
    entries = Entry.objects.filter(tournament=tournament).select_related("member")
    if one is not None:
        entries = entries.filter(pk=one)
    else:
        entries = entries.exclude(status=Entry.Status.WITHDRAWN).filter(
            Q(member__isnull=True) | Q(member__user__isnull=True)
        )
    return sorted(entries, key=lambda entry: entry.name.casefold())


@dataclass
class RoundTable:
    """A line of a round's results list (templates/scoring/_round_results.html)."""

    table: Table
    names: list[str]
    status: str
    status_label: str
    current: ResultEntry | None
    link: str
    same_device: str = ""  # why its result looks entered and confirmed on one device
    # Whether the director looking may confirm its open entry (services.confirm_refusal):
    # not their own entry, nor their partner's. The list offers "confirm" only then.
    confirmable: bool = True


def round_tables(round_: Round, *, director=None, session: str = "") -> list[RoundTable]:
    """Every table of `round_` with its players and result status, in three queries
    whatever the number of tables, those needing the director first (STATUS_ORDER). The
    round page includes the list with these rows.
    `director`: the director looking (a user; `session` their browser's session key),
    for whom each open entry says whether they may confirm it (no further query)."""
    device = Device(session=fingerprint("session", session) if session else "")
    tables = round_.tables.order_by("number").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("entry__member")),
        Prefetch(
            "results",
            queryset=ResultEntry.objects.filter(status__in=[PROVISIONAL, CONFIRMED]).order_by(
                "-created_at", "-id"
            ),
        ),
    )
    rows = []
    for table in tables:
        results = list(table.results.all())
        status = table_status(results)
        confirmed = [r for r in results if r.status == CONFIRMED]
        confirmable = True
        if director is not None and status == "provisional":
            seats = [
                (seat.entry_id, seat.side, seat.entry.member.user_id if seat.entry.member else None)
                for seat in table.seats.all()
            ]
            refusal = confirm_refusal(
                table, results[0], actor=director, device=device, seats=seats, director=True
            )
            confirmable = refusal is None
        rows.append(
            RoundTable(
                table=table,
                names=side_names(table.seats.all()),
                status=status,
                status_label=STATUS_LABELS[status],
                current=(confirmed or results or [None])[0],
                link=table_link(table.pk, table.link_version),
                same_device=next((r.same_device_why for r in confirmed if r.same_device), ""),
                confirmable=confirmable,
            )
        )
    # What needs the director first: the disputed and missing tables, then those waiting
    # for a confirmation, the confirmed last; by number within each (a stable sort).
    rows.sort(key=lambda row: STATUS_ORDER[row.status])
    return rows


def round_tables_seen_by(request, round_: Round, *, director: bool) -> list[RoundTable]:
    """round_tables for the browser of `request`: a director's with whether they may
    confirm each open entry from here (the round page, the results page, the live list)."""
    return round_tables(
        round_,
        director=request.user if director else None,
        session=request.session.session_key or "",
    )


# --- the public pages ---------------------------------------------------------------------


def public_lists(club: Club, recent: int) -> tuple[QuerySet[Season], QuerySet[Tournament]]:
    """What the club's public page lists: its seasons, newest first, each with its
    evenings counted, and its `recent` latest tournaments. Only evenings with a draw:
    a tournament has standings from its first draw on."""
    seasons = club.seasons.annotate(
        evenings=Count("tournaments", filter=Q(tournaments__rounds__isnull=False), distinct=True)
    ).order_by("-created_at", "-pk")
    drawn = Exists(Round.objects.filter(tournament=OuterRef("pk")))
    return seasons, club.tournaments.filter(drawn).order_by("-date", "-pk")[:recent]
