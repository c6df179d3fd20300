"""A running evening in club A for page tests and the permission matrix: a Duizenden
tournament in a season, eight present players (the club's player among them), round 1
drawn at two tables, a provisional result at table 1 entered by the director."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.links import table_token
from scoring.models import ResultEntry
from scoring.services import outcome_json, score
from tournaments.models import Entry, Round, Season, Table, Tournament

from .factories import EntryFactory, MemberFactory, SeasonFactory, TournamentFactory, seat_round

#: A legal summary result for a Duizenden table of four that has not reached 1000.
UNFINISHED_TOTALS = [455, 310, 205, -40]


@dataclass
class Evening:
    season: Season
    tournament: Tournament
    entries: list[Entry]
    round: Round
    table: Table
    other_table: Table
    result: ResultEntry

    @property
    def token(self) -> str:
        return table_token(self.table.pk)


def build_evening(club, *, director, player) -> Evening:
    season = SeasonFactory(club=club, name="Winter 2026", game="duizenden")
    tournament = TournamentFactory(club=club, season=season, name="Vrijdagavond")
    player_member = club.members.get(user=player)
    entries = [EntryFactory(tournament=tournament, member=player_member)]
    entries += [
        EntryFactory(tournament=tournament, member=MemberFactory(club=club)) for _ in range(7)
    ]
    round_ = seat_round(tournament, [entries[:4], entries[4:]])
    table, other = round_.tables.order_by("number")
    data = {
        "mode": "summary",
        "finished": False,
        "sides": [{"total": t} for t in UNFINISHED_TOTALS],
    }
    result = ResultEntry.objects.create(
        table=table,
        data=data,
        outcome=outcome_json(score(tournament, len(UNFINISHED_TOTALS), data)),
        finished=False,
        via=ResultEntry.Via.DIRECTOR,
        entered_by=director,
        entered_by_name=director.get_username(),
    )
    Table.objects.filter(pk=table.pk).update(version=1)
    table.refresh_from_db()
    return Evening(season, tournament, entries, round_, table, other, result)
