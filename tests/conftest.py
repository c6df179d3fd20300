import os
from dataclasses import dataclass
from functools import cached_property

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from clubs.models import Club, Member, Role

from .factories import ClubFactory, MemberFactory, RoleFactory, UserFactory
from .scheduling import arrange

# The browser tests need Chromium and run only under `make test-e2e` (TROEF_E2E=1).
collect_ignore = [] if os.environ.get("TROEF_E2E") else ["e2e"]

PASSWORD = "kaarten-schudden-42"


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """Group and order the tests for the test processes (tests/scheduling.py). First, so
    that pytest-xdist sees the groups when it names the tests after them."""
    arrange(items)


MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"
TEST_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@dataclass
class TwoClubs:
    """Club A (Rooi) and club B (Veghel), each with a player, a director and an admin,
    and a site superuser. Each person is a member of their club."""

    a: Club
    b: Club
    player: object
    director: object
    admin: object
    other_player: object
    other_director: object
    other_admin: object
    superuser: object
    member_a: Member
    member_b: Member

    def user(self, role: str):
        return None if role == "anon" else getattr(self, role)

    @cached_property
    def evening(self):
        """A running evening in club A (tests/evening.py), made when first asked for."""
        from .evening import build_evening

        return build_evening(self.a, director=self.director, player=self.player)


@pytest.fixture
def two_clubs(db) -> TwoClubs:
    return build_two_clubs()


def build_two_clubs() -> TwoClubs:
    """Clubs A (rooi) and B (veghel), each with a player, a director and an admin, a
    superuser and a member without a login in each (also made outside a test's own
    transaction: tests/e2e's module-wide data)."""
    a = ClubFactory(name="Spellenclub Rooi", slug="rooi", town="Sint-Oedenrode")
    b = ClubFactory(name="Spellenclub Veghel", slug="veghel", town="Veghel")
    people = {}
    for role, club, level in [
        ("player", a, Role.Level.PLAYER),
        ("director", a, Role.Level.DIRECTOR),
        ("admin", a, Role.Level.ADMIN),
        ("other_player", b, Role.Level.PLAYER),
        ("other_director", b, Role.Level.DIRECTOR),
        ("other_admin", b, Role.Level.ADMIN),
    ]:
        user = UserFactory(username=role.replace("_", "-"))
        RoleFactory(club=club, user=user, level=level)
        MemberFactory(club=club, user=user, name=f"{role.title()} Lid")
        people[role] = user
    return TwoClubs(
        a=a,
        b=b,
        superuser=UserFactory(username="site-admin", is_superuser=True, is_staff=True),
        **people,
        member_a=MemberFactory(club=a, name="Anneke van den Heuvel", membership_number="R001"),
        member_b=MemberFactory(club=b, name="Bert van Asseldonk", membership_number="V001"),
    )


def client_for(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user, backend=MODEL_BACKEND)
    return client


@pytest.fixture
def client_as():
    return client_for


@pytest.fixture(scope="module")
def demo_seeded(django_db_setup, django_db_blocker):
    """seed_demo once for all the tests of a module that ask for it (with ``db``), undone
    after the module: it runs in a transaction that is rolled back at the end, and each
    test in a savepoint inside it, rolled back after the test (as Django's
    ``TestCase.setUpTestData``). seed_demo takes seconds; its tests need not each pay."""
    from django.core.management import call_command
    from django.db import transaction
    from django.test import override_settings

    # The tests' own hasher (see _test_settings, which comes per test, too late here).
    with django_db_blocker.unblock(), override_settings(PASSWORD_HASHERS=TEST_HASHERS):
        outer = transaction.atomic()
        outer.__enter__()
        try:
            call_command("seed_demo", verbosity=0)
            yield
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


@pytest.fixture(autouse=True)
def _test_settings(settings):
    # The test client speaks plain HTTP; tests/deployment/test_settings.py checks the HTTPS
    # settings of a deployment with Django's deploy check.
    settings.SECURE_SSL_REDIRECT = False
    # A deliberately slow password hash is the point in production and only costs time
    # here (several logins per test).
    settings.PASSWORD_HASHERS = TEST_HASHERS


@pytest.fixture(autouse=True)
def _empty_cache():
    """Standings, pages and login counters are cached in-process; the database is rolled
    back after each test and its ids come round again, so every test starts with an
    empty cache rather than with what another test left under the same keys."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


def password_ok(username, password):
    """The user whose password this is, else None."""
    user = get_user_model().objects.filter(username=username).first()
    return user if user is not None and user.check_password(password) else None
