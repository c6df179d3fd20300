"""Pages that only show something answer a POST with 405 (require_safe), instead of
showing the page as if the POST were a GET. The walk goes over every URL of the
permission matrix (tests/test_permissions.py, which fails for a URL missing there): each
is a page to read, or it is listed here as taking a POST (a form, an action), or it
takes nothing but POST (the matrix says 405 to a GET)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from ..conftest import client_for
from ..matrix_common import LOGIN
from ..test_permissions import DELEGATED_NAMESPACES, MATRIX

#: The URLs whose views take a POST: a form or an action on the page.
TAKES_POST = {
    "site:login",
    "site:logout",
    "site:password_change",
    "site:set_language",
    "disputes:api-check-hand",
    "clubs:member-add",
    "clubs:member-import",
    "clubs:member-edit",
    "clubs:member-status",
    "clubs:role-grant",
    "clubs:role-revoke",
    "clubs:role-password",
    "clubs:club-settings",
    "backups:club-export",
    "clubs:first-start",
    "clubs:club-manage",
    "disputes:dispute-check",
    "tournaments:tournament-add",
    "tournaments:tournament-edit",
    "tournaments:team-list",
    "tournaments:season-add",
    "tournaments:season-edit",
    "scoring:table-result",
    "scoring:table-link",
    "scoring:tournament-codes",
}
#: Pages the matrix's data leave nobody to read: its print job has no pack to download
#: (404 for everyone).
UNREAD = {"printing:print-job-download"}
#: Who reads a page, the first of these that the matrix lets in.
READERS = ("admin", "director", "player", "anon", "superuser")


def post_only(expected: dict) -> bool:
    return set(expected.values()) == {405}


def pages_to_read() -> list[str]:
    return sorted(
        name
        for name, (_kwargs, expected) in MATRIX.items()
        if name not in TAKES_POST | UNREAD
        and name.split(":")[0] not in DELEGATED_NAMESPACES
        and not post_only(expected)
    )


def test_the_lists_name_known_urls():
    assert (TAKES_POST | UNREAD) - set(MATRIX) == set()


@pytest.mark.parametrize("name", pages_to_read())
def test_a_page_to_read_answers_a_post_with_405(two_clubs, name):
    two_clubs.a.standings_public = True  # the public pages are there to read
    two_clubs.a.save(update_fields=["standings_public"])
    kwargs, expected = MATRIX[name]
    url = reverse(name, kwargs=kwargs(two_clubs))
    readers = [role for role in READERS if expected.get(role) not in (None, LOGIN, 403, 404, 405)]
    if name.partition(":")[2].startswith("public-"):
        readers = ["anon"]  # the matrix's club does not publish its standings; this one does
    assert readers, f"nobody reads {name}: {expected}"
    client = client_for(two_clubs.user(readers[0]))
    assert client.get(url).status_code in (200, 302), url
    response = client.post(url, {"name": "x"})
    assert response.status_code == 405, f"{readers[0]} POST {url}"
    assert "GET" in response["Allow"]
