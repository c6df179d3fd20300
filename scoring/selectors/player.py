"""A member's own page: their evenings, tables and results, who they met, and where they
stand in each season (:func:`player_page`)."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from clubs.models import Member
from tournaments.models import Season, Tournament

from .. import standings
from .rows import (
    CONFIRMED,
    DONE,
    PENDING,
    EntryRow,
    Rows,
    build,
    counting,
    fetch,
    member_key,
    people,
    scheme_of,
    team_key,
)
from .season import by_evening, evening_nights, season_lines


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
    games, pending = by_evening(loaded.games), by_evening(loaded.pending)
    byes = by_evening(loaded.byes)
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
    nights = evening_nights(
        [t for t in tournaments if t.season_id is not None], build(rows, member_key)
    )
    seasons: defaultdict[int, list[Tournament]] = defaultdict(list)
    for tournament in sorted(tournaments, key=lambda t: (t.date, t.pk)):
        if tournament.season_id is not None:
            seasons[tournament.season_id].append(tournament)
    progress = []
    for evenings in seasons.values():
        season = evenings[0].season
        lines = season_lines(season, evenings, {t.pk: nights[t.pk] for t in evenings})
        line = next((line for line in lines if line.competitor == member.pk), None)
        if line is not None:
            ids = [t.pk for t in evenings]
            positions = standings.positions_by_evening(
                ids,
                {t.pk: nights[t.pk] for t in evenings},
                best=season.best_of,
                min_attendance=season.min_attendance,
                count_by=season.count_by,
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
