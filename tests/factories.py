import datetime

import factory
from django.contrib.auth import get_user_model

from clubs.models import Club, Member, Role
from scoring.models import ResultEntry
from tournaments.models import Bye, Entry, Round, Season, Seat, Table, Tournament


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.nl")
    password = factory.django.Password("kaarten-schudden-42")


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club
        django_get_or_create = ("slug",)

    name = factory.Sequence(lambda n: f"Spellenclub {n}")
    slug = factory.Sequence(lambda n: f"club-{n}")
    town = "Veghel"


class MemberFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Member

    club = factory.SubFactory(ClubFactory)
    name = factory.Faker("name", locale="nl_NL")
    membership_number = factory.Sequence(lambda n: f"M{n:04d}")
    email = factory.LazyAttribute(lambda member: f"{member.membership_number.lower()}@example.nl")


class RoleFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Role

    club = factory.SubFactory(ClubFactory)
    user = factory.SubFactory(UserFactory)
    level = Role.Level.PLAYER


class SeasonFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Season

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Seizoen {n}")
    game = "duizenden"


class TournamentFactory(factory.django.DjangoModelFactory):
    """A Duizenden evening at tables of four, every player for themselves."""

    class Meta:
        model = Tournament

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Speelavond {n}")
    date = datetime.date(2026, 11, 27)
    game = "duizenden"
    table_size = 4
    rounds_planned = 3
    seed = 1234


class EntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Entry

    tournament = factory.SubFactory(TournamentFactory)
    member = factory.SubFactory(MemberFactory, club=factory.SelfAttribute("..tournament.club"))
    status = Entry.Status.PRESENT


def seat_round(tournament, tables, *, number=None, byes=(), status=Round.Status.DRAWN):
    """A round with the given tables (lists of entries, in seat order) without the draw:
    for tests of what comes after it. In team play seat i and i + n/2 are partners."""
    number = number or tournament.rounds.count() + 1
    round_ = Round.objects.create(tournament=tournament, number=number, seed=number, status=status)
    for table_number, entries in enumerate(tables, start=1):
        table = Table.objects.create(round=round_, number=table_number)
        sides = len(entries) // 2 if tournament.team_play else len(entries)
        Seat.objects.bulk_create(
            Seat(round=round_, table=table, entry=entry, position=pos, side=pos % sides)
            for pos, entry in enumerate(entries)
        )
    Bye.objects.bulk_create(Bye(round=round_, entry=entry) for entry in byes)
    return round_


def confirm_all(round_: Round) -> None:
    """A confirmed result at every table of the round, without the results pages: for
    tests of what waits for them (the next draw, finishing)."""
    for table in round_.tables.all():
        ResultEntry.objects.create(
            table=table,
            status=ResultEntry.Status.CONFIRMED,
            data={},
            outcome={},
            via=ResultEntry.Via.DIRECTOR,
            entered_by_name="director",
            confirmed_by_name="player",
        )
