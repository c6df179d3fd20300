"""The club's public page (:func:`public_lists`), and who a personal code or a check-in
slip is for (:func:`player_by_key`, :func:`slip_entries`)."""

from __future__ import annotations

from django.db.models import Count, Exists, OuterRef, Q, QuerySet

from clubs.models import Club, Member
from tournaments.models import Entry, Round, Season, Tournament


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


def public_lists(club: Club, recent: int) -> tuple[QuerySet[Season], QuerySet[Tournament]]:
    """What the club's public page lists: its seasons, newest first, each with its
    evenings counted, and its `recent` latest tournaments. Only evenings with a draw:
    a tournament has standings from its first draw on."""
    seasons = club.seasons.annotate(
        evenings=Count("tournaments", filter=Q(tournaments__rounds__isnull=False), distinct=True)
    ).order_by("-created_at", "-pk")
    drawn = Exists(Round.objects.filter(tournament=OuterRef("pk")))
    return seasons, club.tournaments.filter(drawn).order_by("-date", "-pk")[:recent]
