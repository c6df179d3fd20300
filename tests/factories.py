import factory
from django.contrib.auth import get_user_model

from clubs.models import Club, Member, Role


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
