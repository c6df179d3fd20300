"""Reads that build the tournament pages. Each runs a fixed number of queries, whatever
the number of entries, tables and rounds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Exists, OuterRef, Prefetch, Q, QuerySet

from clubs.models import Club, Member

from . import formats, seating, services
from .models import Bye, Entry, Round, Season, Seat, Table, Team, Tournament

#: A tournament still to be played or being played.
OPEN = (Tournament.Status.PLANNED, Tournament.Status.RUNNING)


def _players():
    """The annotation counting a tournament's players (withdrawn ones not)."""
    return Count("entries", filter=~Q(entries__status=Entry.Status.WITHDRAWN))


def tournament_list(club: Club) -> QuerySet[Tournament]:
    return (
        Tournament.objects.filter(club=club)
        .select_related("club", "season")
        .annotate(entry_count=_players())
    )


def usual_set_up(club: Club) -> tuple[str, str]:
    """(game, teams) of the club's latest tournament (("", "") before its first): what a
    new tournament's form starts with."""
    latest = (
        Tournament.objects.filter(club=club)
        .order_by("-date", "-id")
        .values_list("game", "teams")
        .first()
    )
    return latest or ("", "")


def club_tournament(club: Club, pk: int) -> QuerySet[Tournament]:
    """The club's tournament `pk` (empty for another club's: the page answers 404)."""
    return Tournament.objects.filter(club=club, pk=pk).select_related("club", "season")


def club_season(club: Club, pk: int) -> QuerySet[Season]:
    """The club's season `pk` (empty for another club's: the page answers 404)."""
    return Season.objects.filter(club=club, pk=pk).select_related("club")


def entry_counts(tournament: Tournament) -> dict[str, int]:
    """Entries per status (every status present, 0 when none), and `total`."""
    counts = dict(tournament.entries.values_list("status").annotate(n=Count("id")))
    found = {status: counts.get(status, 0) for status in Entry.Status.values}
    return {**found, "total": sum(found.values())}


def has_rounds(tournament: Tournament) -> bool:
    """Whether a round has been drawn (then the game's set-up is fixed)."""
    return tournament.rounds.exists()


def rounds_of(tournament: Tournament) -> list[Round]:
    return list(tournament.rounds.annotate(table_count=Count("tables")).order_by("number"))


def unplayed_rounds(tournament: Tournament) -> list[int]:
    """The numbers of the planned rounds not drawn yet (finishing now leaves them out)."""
    last = tournament.rounds.order_by("-number").values_list("number", flat=True).first()
    return list(range((last or 0) + 1, tournament.rounds_planned + 1))


def checkin_entries(tournament: Tournament) -> QuerySet[Entry]:
    return tournament.entries.select_related("member", "team").order_by(
        "member__name", "guest_name", "pk"
    )


@dataclass(frozen=True)
class CheckinRow:
    """One line of the check-in list: an entry, or an active member not entered yet
    (`entry` None; ticking them registers them)."""

    name: str
    member: Member | None
    entry: Entry | None

    @property
    def key(self) -> str:
        """The row's id on the page (a tap swaps the row by it, whatever the new one's)."""
        return f"entry-{self.entry.pk}" if self.entry is not None else f"member-{self.member.pk}"

    @property
    def status(self) -> str:
        return self.entry.status if self.entry is not None else ""

    @property
    def present(self) -> bool:
        return self.status == Entry.Status.PRESENT


#: The check-in list's status filter: the value in the query and what it keeps.
CHECKIN_STATUSES = ("present", "absent", "registered", "withdrawn")


#: The check-in search reads at most this many words of this many characters.
SEARCH_WORDS = 5
SEARCH_WORD_LENGTH = 50


def checkin_rows(tournament: Tournament, q: str = "", status: str = "") -> list[CheckinRow]:
    """The check-in list: every entry of the tournament and the club's active members
    not entered yet, by name; `q` keeps those whose name holds each of its words,
    `status` those present, absent (registered or not entered), registered or
    withdrawn. Two queries."""
    entries = checkin_entries(tournament)
    members = members_to_add(tournament)
    # As typed in a search box: a few words of a name (PostgreSQL refuses a NUL in a text).
    words = [word[:SEARCH_WORD_LENGTH] for word in q.replace("\x00", "").split()]
    for word in words[:SEARCH_WORDS]:
        entries = entries.filter(Q(member__name__icontains=word) | Q(guest_name__icontains=word))
        members = members.filter(name__icontains=word)
    if status == "absent":
        entries = entries.filter(status=Entry.Status.REGISTERED)
    elif status in CHECKIN_STATUSES:
        entries = entries.filter(status=status)
        members = members.none()
    rows = [CheckinRow(entry.name, entry.member, entry) for entry in entries]
    if status in ("", "absent"):
        rows += [CheckinRow(member.name, member, None) for member in members]
    return sorted(rows, key=lambda row: (row.name.casefold(), row.key))


def checkin_row(entry: Entry) -> CheckinRow:
    return CheckinRow(entry.name, entry.member, entry)


def previous_tournament(tournament: Tournament) -> Tournament | None:
    """The club's evening before this one: of the same season when it is in one, else
    the club's latest earlier tournament."""
    earlier = Tournament.objects.filter(club_id=tournament.club_id).filter(
        Q(date__lt=tournament.date) | Q(date=tournament.date, pk__lt=tournament.pk)
    )
    if tournament.season_id is not None:
        earlier = earlier.filter(season_id=tournament.season_id)
    return earlier.order_by("-date", "-pk").first()


def present_members(tournament: Tournament) -> QuerySet[Member]:
    """The members present at `tournament` who are still active members."""
    return Member.objects.filter(
        active=True,
        entries__tournament=tournament,
        entries__status=Entry.Status.PRESENT,
    ).order_by("name", "pk")


def active_members(club_id: int) -> QuerySet[Member]:
    return Member.objects.filter(club_id=club_id, active=True).order_by("name", "pk")


def members_to_add(tournament: Tournament) -> QuerySet[Member]:
    """The club's active members who are not entered yet."""
    return (
        Member.objects.filter(club_id=tournament.club_id, active=True)
        .exclude(entries__tournament=tournament)
        .order_by("name")
    )


def draw_units_present(tournament: Tournament) -> int:
    """How many the next draw would seat: present players, or, with fixed teams, teams
    whose players are all present."""
    present = tournament.entries.filter(status=Entry.Status.PRESENT)
    if tournament.teams != Tournament.Teams.FIXED:
        return present.count()
    per_team = Team.objects.filter(tournament=tournament).annotate(
        size=Count("entries"),
        here=Count("entries", filter=Q(entries__status=Entry.Status.PRESENT)),
    )
    return sum(1 for size, here in per_team.values_list("size", "here") if here and here == size)


def seating_plan(tournament: Tournament) -> dict[str, Any]:
    """How the players present now would be seated (the check-in page): `units` to
    seat, `tables` as (size, how many) largest first (None when they cannot be seated),
    `table_count` and `byes`."""
    units = draw_units_present(tournament)
    size, allowed = services.draw_sizes(tournament)
    try:
        tables, byes = seating.table_plan(units, size, allowed)
    except seating.DrawError:
        return {"units": units, "tables": None, "byes": 0}
    by_size = sorted({(s, tables.count(s)) for s in tables}, key=lambda pair: -pair[0])
    # The same tables counted in players (a table of 2 fixed teams seats 4).
    per_side = tournament.table_size // size if size else 1
    return {
        "units": units,
        "tables": by_size,
        "player_tables": [(s * per_side, count) for s, count in by_size],
        "table_count": len(tables),
        "byes": byes,
    }


def teams_of(tournament: Tournament) -> list[Team]:
    """The fixed teams with their players, and whether each has played (then it can no
    longer be split)."""
    played = Seat.objects.filter(entry__team_id=OuterRef("pk"))
    return list(
        tournament.team_set.annotate(played=Exists(played)).prefetch_related(
            Prefetch("entries", queryset=Entry.objects.select_related("member").order_by("pk"))
        )
    )


def players_beside_name(team: Team) -> str:
    """The players to show beside a team's (prefetched) name: none when the name is
    theirs already."""
    return formats.players_beside(team.name, [entry.name for entry in team.entries.all()])


def team_players(tournament: Tournament) -> QuerySet[Entry]:
    """Who can swap teams: the players not withdrawn, in a team or not."""
    return (
        tournament.entries.exclude(status=Entry.Status.WITHDRAWN)
        .select_related("member", "team")
        .order_by("member__name", "guest_name", "pk")
    )


def entries_without_team(tournament: Tournament) -> QuerySet[Entry]:
    return (
        tournament.entries.filter(team__isnull=True)
        .exclude(status=Entry.Status.WITHDRAWN)
        .select_related("member")
        .order_by("member__name", "guest_name", "pk")
    )


@dataclass(frozen=True)
class TableView:
    table: Table
    seats: list[Seat]  # in playing order

    @property
    def sides(self) -> list[list[Entry]]:
        """The players of each side, side by side: partners together in team play."""
        found: dict[int, list[Entry]] = {}
        for seat in self.seats:
            found.setdefault(seat.side, []).append(seat.entry)
        return [found[side] for side in sorted(found)]

    @property
    def side_titles(self) -> list[str]:
        """Each side as every page and score sheet names it (formats.team_title)."""
        return [
            formats.team_title(side[0].team.name if side[0].team_id else "", [e.name for e in side])
            for side in self.sides
        ]


@dataclass(frozen=True)
class RoundPage:
    round: Round
    tables: list[TableView]
    byes: list[Bye]
    last_number: int  # the tournament's latest round

    @property
    def is_last(self) -> bool:
        return self.round.number == self.last_number


def round_page(tournament: Tournament, number: int) -> RoundPage | None:
    round_ = tournament.rounds.filter(number=number).first()
    if round_ is None:
        return None
    seats = Seat.objects.select_related("entry__member", "entry__team").order_by("position")
    tables = round_.tables.prefetch_related(Prefetch("seats", queryset=seats)).order_by("number")
    byes = list(round_.byes.select_related("entry__member").order_by("entry__pk"))
    last = tournament.rounds.order_by("-number").values_list("number", flat=True).first()
    return RoundPage(
        round_, [TableView(t, list(t.seats.all())) for t in tables], byes, last or number
    )


def season_list(club: Club) -> QuerySet[Season]:
    return (
        Season.objects.filter(club=club)
        .select_related("club")
        .annotate(evening_count=Count("tournaments"))
    )


def season_tournaments(season: Season) -> QuerySet[Tournament]:
    return (
        season.tournaments.select_related("club")
        .annotate(entry_count=_players())
        .order_by("-date", "-pk")
    )


def open_evenings(club: Club, member: Member | None, *, everyone: bool) -> QuerySet[Tournament]:
    """The club's planned and running tournaments, soonest first: all of them for a
    director (`everyone`), else those `member` is entered in (none without a member)."""
    found = Tournament.objects.filter(club=club, status__in=OPEN).select_related("club")
    if not everyone:
        if member is None:
            return found.none()
        found = found.filter(
            entries__member=member,
            entries__status__in=(Entry.Status.REGISTERED, Entry.Status.PRESENT),
        )
    return found.order_by("date", "pk")


def round_players(round_: Round) -> QuerySet[Entry]:
    """Everyone seated in `round_` or sitting it out."""
    return (
        Entry.objects.filter(Q(seats__round=round_) | Q(byes__round=round_))
        .select_related("member")
        .distinct()
        .order_by("member__name", "guest_name", "pk")
    )
