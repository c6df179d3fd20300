"""A tournament's standings (:func:`tournament_board`), the venue screen (:func:`venue`)
and the match points the Swiss draw reads (:func:`draw_scores`)."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Hashable
from dataclasses import dataclass, field

from tournaments.models import Tournament

from .. import standings
from .rows import (
    DISPUTED,
    DONE,
    Person,
    Rows,
    build,
    counting,
    fetch,
    load,
    member_key,
    people,
    scheme_of,
    team_key,
)


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
