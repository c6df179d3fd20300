"""Reads for the standings, player and venue pages, and the Swiss draw.

Each loader runs a fixed number of queries whatever the number of players, evenings and
rounds: results, seats, byes and names are fetched as plain rows in one query each, then
turned into scoring.standings' dataclasses, which do the counting in Python.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

from games import registry
from tournaments import formats
from tournaments.models import Bye as ByeRow
from tournaments.models import Entry, Season, Seat, Tournament

from . import standings
from .models import ResultEntry

CONFIRMED = ResultEntry.Status.CONFIRMED
PROVISIONAL = ResultEntry.Status.PROVISIONAL


@dataclass(frozen=True, slots=True)
class Person:
    key: Hashable
    name: str
    member: int | None  # member id (links to the player's page)
    team: str = ""
    status: str = ""


@dataclass(slots=True)
class Board:
    """What a standings page shows: the lines, who they are, and what is still open."""

    lines: list[standings.Line]
    people: dict[Hashable, Person]
    provisional: dict[Hashable, float] = field(default_factory=dict)  # pending match points
    open_tables: int = 0  # tables of drawn rounds without a confirmed result
    disputed_tables: int = 0
    rounds: int = 0


def scheme_of(tournament: Tournament) -> standings.Scheme:
    spec = registry.get(tournament.game)
    return standings.Scheme(
        kind=tournament.scheme,
        win=tournament.win_points,
        draw=tournament.draw_points,
        loss=tournament.loss_points,
        bye_game_points=spec.results.bye_game_points,
    )


def _sides_per_table(tournament: Tournament) -> int:
    found = formats.table_format(tournament.game, tournament.table_size, tournament.team_play)
    return found.sides if found else tournament.table_size


# --- loading ------------------------------------------------------------------------------

KeyOf = Callable[[dict], Hashable]


def entry_key(row: dict) -> Hashable:
    return row["entry_id"]


def team_key(row: dict) -> Hashable:
    return row["entry__team_id"] or -row["entry_id"]


def member_key(row: dict) -> Hashable:
    """The same player across evenings: the member, or a guest by their entry."""
    return row["entry__member_id"] or -row["entry_id"]


@dataclass(slots=True)
class Loaded:
    games: list[standings.Game]
    pending: list[standings.Game]  # provisional results of tables without a confirmed one
    byes: list[standings.Bye]
    open_tables: int
    disputed_tables: int


def load(tournaments: Sequence[Tournament], key: KeyOf, *, with_pending: bool = False) -> Loaded:
    """The confirmed games and byes of `tournaments` with members keyed by `key`
    (four queries: results, seats, byes, and the tables still open)."""
    ids = [t.pk for t in tournaments]
    sides_of = {t.pk: _sides_per_table(t) for t in tournaments}
    statuses = [CONFIRMED, PROVISIONAL] if with_pending else [CONFIRMED]
    results = list(
        ResultEntry.objects.filter(table__round__tournament_id__in=ids, status__in=statuses)
        .order_by("table_id", "-created_at", "-id")
        .values(
            "table_id",
            "status",
            "disputed",
            "outcome",
            "table__number",
            "table__round__number",
            "table__round__tournament_id",
        )
    )
    seats: dict[int, dict[int, list[Hashable]]] = defaultdict(lambda: defaultdict(list))
    for row in (
        Seat.objects.filter(round__tournament_id__in=ids)
        .order_by("table_id", "position")
        .values("table_id", "side", "entry_id", "entry__member_id", "entry__team_id")
    ):
        members = seats[row["table_id"]][row["side"]]
        member = key(row)
        if member not in members:
            members.append(member)
    confirmed_tables = {r["table_id"] for r in results if r["status"] == CONFIRMED}
    games, pending, seen_pending = [], [], set()
    disputed = set()
    for row in results:
        table = row["table_id"]
        if row["status"] == PROVISIONAL:
            if row["disputed"]:
                disputed.add(table)
            if table in confirmed_tables or table in seen_pending:
                continue
            seen_pending.add(table)
        game = _game(row, seats[table])
        (games if row["status"] == CONFIRMED else pending).append(game)
    byes = [
        standings.Bye(
            evening=row["round__tournament_id"],
            round=row["round__number"],
            competitor=key(row),
            sides=sides_of[row["round__tournament_id"]],
        )
        for row in ByeRow.objects.filter(round__tournament_id__in=ids)
        .order_by("round__tournament_id", "round__number", "entry_id")
        .values(
            "round__tournament_id",
            "round__number",
            "entry_id",
            "entry__member_id",
            "entry__team_id",
        )
    ]
    # A team's bye is one bye, recorded for each of its players.
    byes = list(dict.fromkeys(byes))
    drawn_tables = (
        Seat.objects.filter(round__tournament_id__in=ids).values("table_id").distinct().count()
    )
    return Loaded(
        games=games,
        pending=pending,
        byes=byes,
        open_tables=drawn_tables - len(confirmed_tables),
        disputed_tables=len(disputed - confirmed_tables),
    )


def _game(row: dict, seats: dict[int, list[Hashable]]) -> standings.Game:
    return standings.Game(
        evening=row["table__round__tournament_id"],
        round=row["table__round__number"],
        table=row["table__number"],
        sides=tuple(
            standings.Side(
                members=tuple(seats.get(side["side"], ())),
                rank=side["rank"],
                margin=side["margin"],
                game_points=side["game_points"],
            )
            for side in row["outcome"]["sides"]
        ),
    )


def people(tournaments: Sequence[Tournament], key: KeyOf, *, teams: bool = False) -> dict:
    """key -> Person for everyone entered in `tournaments` (one query)."""
    found: dict[Hashable, Person] = {}
    for row in (
        Entry.objects.filter(tournament__in=tournaments)
        .order_by("-tournament__date", "pk")
        .values("id", "member_id", "member__name", "guest_name", "team_id", "team__name", "status")
    ):
        shaped = {"entry_id": row["id"], "entry__member_id": row["member_id"],
                  "entry__team_id": row["team_id"]}  # fmt: skip
        k = key(shaped)
        if k in found:
            continue
        name = row["member__name"] or row["guest_name"]
        if teams and row["team_id"]:
            name = row["team__name"]
        found[k] = Person(
            key=k,
            name=name,
            member=row["member_id"],
            team=row["team__name"] or "",
            status=row["status"],
        )
    return found


# --- pages ------------------------------------------------------------------------------


def tournament_board(tournament: Tournament) -> Board:
    """Standings of one evening or tournament: confirmed results count, provisional ones
    are shown beside them as pending. Fixed teams stand as teams."""
    teams = tournament.teams == Tournament.Teams.FIXED
    key = team_key if teams else entry_key
    loaded = load([tournament], key, with_pending=True)
    scheme = scheme_of(tournament)
    who = people([tournament], key, teams=teams)
    lines = standings.standings(
        loaded.games,
        scheme,
        byes=loaded.byes,
        competitors=[k for k, p in who.items() if p.status != Entry.Status.WITHDRAWN],
    )
    pending: dict[Hashable, float] = defaultdict(float)
    for game in loaded.pending:
        for side, points in zip(
            game.sides, standings.match_points(game.sides, scheme), strict=True
        ):
            for member in side.members:
                pending[member] += points
    return Board(
        lines=lines,
        people=who,
        provisional=dict(pending),
        open_tables=loaded.open_tables,
        disputed_tables=loaded.disputed_tables,
        rounds=tournament.rounds.count(),
    )


@dataclass(slots=True)
class SeasonBoard:
    season: Season
    evenings: list[Tournament]
    lines: list[standings.SeasonLine]
    people: dict[Hashable, Person]


def season_board(season: Season) -> SeasonBoard:
    """A season competition over its evenings, players known by member across evenings."""
    evenings = list(season.tournaments.order_by("date", "pk"))
    loaded = load(evenings, member_key)
    scheme = scheme_of(evenings[0]) if evenings else standings.Scheme()
    lines = standings.season(
        [t.pk for t in evenings],
        loaded.games,
        scheme,
        byes=loaded.byes,
        best=season.best_of,
        min_attendance=season.min_attendance,
    )
    return SeasonBoard(season, evenings, lines, people(evenings, member_key))


def draw_scores(tournament: Tournament) -> dict[Hashable, float]:
    """Match points so far, keyed as the draw keys competitors (tournaments.services):
    fixed teams by team, players by member (guests by negative entry id)."""
    teams = tournament.teams == Tournament.Teams.FIXED
    loaded = load([tournament], team_key if teams else member_key)
    lines = standings.standings(loaded.games, scheme_of(tournament), byes=loaded.byes)
    return {line.competitor: line.match_points for line in lines}
