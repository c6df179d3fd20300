"""Page reads of saved disputes, each a fixed number of queries."""

from __future__ import annotations

from django.db.models import QuerySet

from clubs.models import Club
from tournaments.models import Table, Tournament

from .models import Dispute

#: How many saved disputes the checker's index lists.
RECENT = 20


def _disputes() -> QuerySet[Dispute]:
    return Dispute.objects.select_related("tournament", "created_by")


def recent_disputes(club: Club, limit: int = RECENT) -> list[Dispute]:
    """The club's latest saved disputes (one query)."""
    return list(_disputes().filter(club=club)[:limit])


def club_dispute(club: Club, pk: int) -> Dispute | None:
    """One saved dispute of the club, or None (one query)."""
    return _disputes().filter(club=club, pk=pk).first()


def tournament_disputes(tournament: Tournament) -> list[Dispute]:
    """The tournament's saved disputes, first saved first, for its log and printed report
    (one query)."""
    return list(_disputes().filter(tournament=tournament).order_by("created_at", "id"))


def club_tournaments(club: Club) -> QuerySet[Tournament]:
    """The tournaments a dispute can be saved to: the club's, latest first."""
    return Tournament.objects.filter(club=club).order_by("-date", "-id")


def find_table(tournament: Tournament, round_number: int, table_number: int) -> Table | None:
    """Table ``table_number`` of round ``round_number`` of the tournament, or None."""
    return (
        Table.objects.select_related("round")
        .filter(round__tournament=tournament, round__number=round_number, number=table_number)
        .first()
    )
