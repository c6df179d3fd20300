"""Tournaments to print in the print job tests."""

from __future__ import annotations

from clubs.models import Member
from tournaments.models import Entry, Round

from ..factories import TournamentFactory, seat_round


def big_round(club, *, tables: int, name: str = "Grote avond") -> Round:
    """A drawn round of a Duizenden evening of `club` with `tables` tables of four
    members each (made in bulk: a pack big enough to watch its progress)."""
    tournament = TournamentFactory(club=club, name=name)
    members = Member.objects.bulk_create(
        Member(club=club, name=f"Speler {i:04d}", membership_number=f"{name[:3]}{i:05d}")
        for i in range(tables * 4)
    )
    entries = Entry.objects.bulk_create(
        Entry(tournament=tournament, member=member, status=Entry.Status.PRESENT)
        for member in members
    )
    return seat_round(tournament, [entries[i : i + 4] for i in range(0, len(entries), 4)])
