"""The permission matrix: every URL pattern of the site, opened by every kind of visitor.

It fails when a URL is added without a line here, so a new page cannot ship without a
decision on who may open it.
"""

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from .conftest import client_for
from .matrix_backups import MATRIX as BACKUPS
from .matrix_common import (
    ADMIN,
    DIRECTOR,
    EVERYONE,
    LOGGED_IN,
    LOGIN,
    PLAYER,
    ROLES,
    STRANGERS,
    club,
)
from .matrix_disputes import MATRIX as DISPUTES
from .matrix_help import MATRIX as HELP
from .matrix_jobs import MATRIX as JOBS
from .matrix_printing import MATRIX as PRINTING
from .matrix_ratings import MATRIX as RATINGS
from .matrix_results import MATRIX as RESULTS
from .matrix_rules import MATRIX as RULES
from .matrix_standings import MATRIX as STANDINGS
from .matrix_tournaments import MATRIX as TOURNAMENTS
from .matrix_venue import MATRIX as VENUE

# url name -> (kwargs builder, expected answer to GET per visitor)
MATRIX = {
    "clubs:front": (lambda c: {}, EVERYONE),
    "clubs:club-public": (lambda c: club, EVERYONE),
    "clubs:club-home": (lambda c: club, PLAYER),
    "clubs:member-list": (lambda c: club, DIRECTOR),
    "clubs:member-add": (lambda c: club, ADMIN),
    "clubs:member-import": (lambda c: club, ADMIN),
    "clubs:member-edit": (lambda c: {**club, "pk": c.member_a.pk}, ADMIN),
    "clubs:member-status": (lambda c: {**club, "pk": c.member_a.pk}, ADMIN),
    "clubs:role-list": (lambda c: club, ADMIN),
    "clubs:role-grant": (lambda c: club, ADMIN),
    "clubs:role-revoke": (lambda c: {**club, "pk": c.a.roles.get(user=c.player).pk}, ADMIN),
    "clubs:role-password": (lambda c: {**club, "pk": c.a.roles.get(user=c.player).pk}, ADMIN),
    "clubs:club-settings": (lambda c: club, ADMIN),
    # Directors read the evenings' part of the log; admins all of it.
    "clubs:action-log": (lambda c: club, DIRECTOR),
    "site:login": (lambda c: {}, {**dict.fromkeys(ROLES, 302), "anon": 200}),
    "site:logout": (lambda c: {}, dict.fromkeys(ROLES, 405)),  # POST only
    "site:password_change": (lambda c: {}, LOGGED_IN),
    "site:password_change_done": (lambda c: {}, LOGGED_IN),
    # GET changes nothing and sends the visitor back; the language is set by POST.
    "site:set_language": (lambda c: {}, dict.fromkeys(ROLES, 302)),
    "admin:index": (lambda c: {}, {**dict.fromkeys(ROLES, 302), "superuser": 200}),
    # The first start (issue 38): gone for good once the site has a club (this one has
    # two); its demo button is POST only. Site administrators add clubs in the site.
    "clubs:first-start": (lambda c: {}, dict.fromkeys(ROLES, 404)),
    "demo:first-start-demo": (lambda c: {}, dict.fromkeys(ROLES, 405)),
    "clubs:club-manage": (
        lambda c: {},
        {**dict.fromkeys(ROLES, 403), "anon": LOGIN, "superuser": 200},
    ),
    # A JSON endpoint for tools, open to everyone, POST only.
    "disputes:api-check-hand": (lambda c: {}, dict.fromkeys(ROLES, 405)),
    **TOURNAMENTS,
    **RESULTS,
    **STANDINGS,
    **PRINTING,
    **JOBS,
    **RULES,
    **HELP,
    **DISPUTES,
    **VENUE,
    **BACKUPS,
    **RATINGS,
}
# Django's admin site: only site superusers get in; its index stands for all its pages.
DELEGATED_NAMESPACES = {"admin"}


def all_url_names(resolver=None, namespace=""):
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from all_url_names(entry, inner)
        elif isinstance(entry, URLPattern):
            yield f"{namespace}{entry.name or f'unnamed {entry.pattern}'}"


def test_every_url_pattern_is_in_the_matrix():
    names = {name for name in all_url_names() if name.split(":")[0] not in DELEGATED_NAMESPACES}
    assert names - set(MATRIX) == set(), "add these URLs to the permission matrix"
    assert set(MATRIX) - names - {"admin:index"} == set(), "the matrix names unknown URLs"


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("name", sorted(MATRIX))
def test_get_answers_as_the_matrix_says(two_clubs, name, role):
    kwargs, expected = MATRIX[name]
    url = reverse(name, kwargs=kwargs(two_clubs))
    response = client_for(two_clubs.user(role)).get(url)
    want = expected[role]
    if want == LOGIN:
        assert response.status_code == 302
        assert response.url.startswith(reverse("site:login") + "?next=")
    else:
        assert response.status_code == want, f"{role} GET {url}"


WRITES = [
    "clubs:member-add",
    "clubs:member-import",
    "clubs:member-edit",
    "clubs:member-status",
    "clubs:role-grant",
    "clubs:role-revoke",
    "clubs:role-password",
    "clubs:club-settings",
    "backups:club-export",
    "clubs:club-manage",
]


@pytest.mark.parametrize("role", ["anon", "player", "director", *STRANGERS])
@pytest.mark.parametrize("name", WRITES)
def test_writes_are_refused_below_admin_and_change_nothing(two_clubs, name, role):
    from clubs.models import ActionLog, Member, Role

    before = (
        Member.objects.count(),
        Role.objects.count(),
        ActionLog.objects.count(),
        Member.objects.filter(active=True).count(),
    )
    kwargs, expected = MATRIX[name]
    url = reverse(name, kwargs=kwargs(two_clubs))
    response = client_for(two_clubs.user(role)).post(
        url,
        {
            "name": "Indringer",
            "membership_number": "X1",
            "active": "0",
            "member": two_clubs.member_a.pk,
            "level": 30,
            "username": "x",
            "password": "x",
            "new_password1": "harten-vrouw-77",
            "new_password2": "harten-vrouw-77",
            "town": "Elders",
            "language": "de",
        },
    )
    want = expected[role]
    assert response.status_code == (302 if want == LOGIN else want)
    after = (
        Member.objects.count(),
        Role.objects.count(),
        ActionLog.objects.count(),
        Member.objects.filter(active=True).count(),
    )
    assert after == before


@pytest.mark.parametrize("name", ["clubs:member-edit", "clubs:member-status"])
def test_another_clubs_member_is_not_found_even_for_an_admin(two_clubs, name):
    # Club A's admin asks for club B's member through club A's pages and through B's.
    admin = client_for(two_clubs.admin)
    pk = two_clubs.member_b.pk
    assert admin.get(reverse(name, kwargs={"club_slug": "rooi", "pk": pk})).status_code == 404
    assert admin.get(reverse(name, kwargs={"club_slug": "veghel", "pk": pk})).status_code == 404
    assert (
        admin.post(
            reverse(name, kwargs={"club_slug": "rooi", "pk": pk}), {"active": "0"}
        ).status_code
        == 404
    )
    two_clubs.member_b.refresh_from_db()
    assert two_clubs.member_b.active


def test_an_unknown_club_is_not_found(two_clubs):
    admin = client_for(two_clubs.superuser)
    assert admin.get("/c/bestaat-niet/").status_code == 404
    assert admin.get("/c/bestaat-niet/members/").status_code == 404
