"""The tournament's standings table and the venue screen's live part are rendered once
per change and cached (scoring.pagecache): the next request after any change shows it,
each language and sort order has its own copy, and nothing of one viewer reaches another.

The evening (tests/evening.py, club A's standings public): table 2 confirmed (its first
player on 3 match points), table 1 provisional, entered by the director."""

from __future__ import annotations

import datetime

import django.template.defaulttags
import django.utils.timezone
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import escape

from clubs.models import Club
from evenings import services as evenings
from scoring import pagecache, selectors
from scoring import services as results
from scoring.actors import Actor
from scoring.models import ResultEntry
from tournaments import services as tournaments
from tournaments.models import Entry

from ..conftest import client_for
from .helpers import cells, english, record

CLUB = {"club_slug": "rooi"}


@pytest.fixture
def public(two_clubs):
    Club.objects.filter(pk=two_clubs.a.pk).update(standings_public=True)
    evening = two_clubs.evening
    record(evening.other_table, [1050, 500, 500, 0])
    return evening


def public_url(evening) -> str:
    return reverse(
        "scoring:public-tournament-standings", kwargs={**CLUB, "pk": evening.tournament.pk}
    )


def club_url(evening) -> str:
    return reverse("scoring:tournament-standings", kwargs={**CLUB, "pk": evening.tournament.pk})


def live_url(evening) -> str:
    return reverse("scoring:tournament-venue-live", kwargs={**CLUB, "pk": evening.tournament.pk})


def lines(client, url: str) -> dict[str, list[str]]:
    """The standings table's rows by the player's name (the name cell's first words)."""
    rows = cells(client.get(url))
    return {row[1].split(" · ")[0]: row for row in rows[1:]}


def points_of(client, evening, entry: Entry) -> tuple[str, str]:
    """(match points, provisional) of `entry` on the public standings page."""
    row = lines(client, public_url(evening))[entry.name]
    return row[2], row[-1]


def live(client, evening) -> str:
    return client.get(live_url(evening)).content.decode()


def fresh_version(result: ResultEntry) -> int:
    result.table.refresh_from_db()
    return result.table.version


def confirm(two_clubs, evening) -> None:
    """A director who did not enter it confirms table 1's result."""
    results.result_confirm(
        result=evening.result,
        version=fresh_version(evening.result),
        actor=Actor(user=two_clubs.admin),
    )


def test_a_second_poll_is_not_rendered_again(two_clubs, public, monkeypatch):
    client = english(None)
    pages = [(public_url(public), "standings"), (live_url(public), "venue-board")]
    first = {url: cells(client.get(url), table) for url, table in pages}

    def fetch(*args, **kwargs):
        raise AssertionError("the standings were worked out again")

    # Where the standings and venue pages' loaders read their rows.
    monkeypatch.setattr(selectors.boards, "fetch", fetch)
    for url, table in pages:
        with CaptureQueriesContext(connection) as queries:
            again = client.get(url)
        assert cells(again, table) == first[url]
        # The club, the tournament and the fingerprint: no seats, results or entries.
        assert len(queries) == 3, [q["sql"] for q in queries]


def test_the_fingerprint_is_one_query(two_clubs, public, django_assert_num_queries):
    with django_assert_num_queries(1):
        pagecache.fingerprint(public.tournament)


def test_a_confirmed_result_counts_on_the_next_request(two_clubs, public):
    client = english(None)
    first = public.entries[0]  # 455 of table 1's provisional result: 3 match points
    assert points_of(client, public, first) == ("0", "+3")
    assert live(client, public).count('class="table-state confirmed"') == 1
    confirm(two_clubs, public)
    assert points_of(client, public, first) == ("3", "")
    assert live(client, public).count('class="table-state confirmed"') == 2


def test_a_corrected_result_counts_on_the_next_request(two_clubs, public):
    client = english(None)
    confirm(two_clubs, public)
    first, last = public.entries[0], public.entries[3]
    assert points_of(client, public, first) == ("3", "")
    assert points_of(client, public, last) == ("0", "")
    live(client, public)
    totals = (-40, 205, 310, 455)
    data = {"mode": "summary", "finished": False, "sides": [{"total": t} for t in totals]}
    results.result_correct(
        table=public.table,
        data=data,
        version=fresh_version(public.result),
        actor=two_clubs.director,
        note="Omgedraaid",
    )
    assert points_of(client, public, first) == ("0", "")
    assert points_of(client, public, last) == ("3", "")


def test_a_result_set_aside_is_gone_on_the_next_request(two_clubs, public):
    client = english(None)
    assert points_of(client, public, public.entries[0]) == ("0", "+3")
    assert 'class="table-state provisional"' in live(client, public)
    results.result_reject(
        result=public.result, version=fresh_version(public.result), actor=two_clubs.director
    )
    assert points_of(client, public, public.entries[0]) == ("0", "")
    html = live(client, public)
    assert 'class="table-state provisional"' not in html
    assert 'class="table-state open"' in html


def test_a_withdrawal_shows_on_the_next_request(two_clubs, public):
    client = english(None)
    leaving = public.entries[5]
    assert not any("withdrawn" in row[1] for row in lines(client, public_url(public)).values())
    tournaments.entry_set_status(
        entry=leaving, actor=two_clubs.director, status=Entry.Status.WITHDRAWN
    )
    names = [row[1] for row in lines(client, public_url(public)).values()]
    assert [name for name in names if "withdrawn" in name] == [f"{leaving.name} · withdrawn"]


def test_a_new_round_shows_on_the_next_request(two_clubs, public):
    client = english(None)
    confirm(two_clubs, public)
    assert "Round 1" in live(client, public)
    page = client.get(public_url(public)).content.decode()
    assert "Standings after" not in page  # one round: nothing to choose
    evenings.round_draw(tournament=public.tournament, actor=two_clubs.director)
    html = live(client, public)
    assert "Round 2" in html
    assert html.count('class="table-state open"') == 2
    page = client.get(public_url(public)).content.decode()
    assert "Standings after" in page
    assert '<option value="1">round 1</option>' in page


def test_each_language_has_its_own_copy(two_clubs, public):
    headers = {}
    for language in ("en", "nl", "de", "en"):
        client = client_for(None)
        client.cookies["troef_language"] = language
        header = tuple(cells(client.get(public_url(public)))[0])
        board = tuple(cells(client.get(live_url(public)), "venue-board")[0])
        assert headers.setdefault(language, (header, board)) == (header, board)
    assert headers["en"][0][2] == "match points"
    assert headers["en"][1][1] == "name"
    assert len({headers[language] for language in ("en", "nl", "de")}) == 3


def test_each_sort_order_has_its_own_copy(two_clubs, public):
    client = english(None)
    url = public_url(public)
    by_position = list(lines(client, url))
    ascending = list(lines(client, url + "?sort=name"))
    descending = list(lines(client, url + "?sort=-name"))
    assert ascending == sorted(by_position)
    assert descending == ascending[::-1]
    assert list(lines(client, url + "?sort=name")) == ascending
    assert list(lines(client, url)) == by_position
    # The column headers link to the next order from the order shown.
    assert 'href="?sort=-name"' in client.get(url + "?sort=name").content.decode()
    assert 'href="?sort=name"' in client.get(url + "?sort=-name").content.decode()


@pytest.mark.parametrize("first", ["club", "public"])
def test_the_clubs_page_links_to_players_and_the_public_page_does_not(two_clubs, public, first):
    director, anonymous = english(two_clubs.director), english(None)
    order = [(director, club_url(public)), (anonymous, public_url(public))]
    responses = {}
    for client, url in order if first == "club" else order[::-1]:
        responses[url] = client.get(url)
    club, anyone = responses[club_url(public)], responses[public_url(public)]
    member = public.entries[4].member
    player_url = reverse("scoring:player-detail", kwargs={**CLUB, "pk": member.pk})
    assert f'<a href="{player_url}">{escape(member.name)}</a>' in club.content.decode()
    assert "/players/" not in anyone.content.decode()
    assert cells(club) == cells(anyone)


def test_nothing_of_one_viewer_reaches_another(two_clubs, public):
    """The page around the cached table is each viewer's own: their name, their CSRF
    token."""
    seen = {}
    for user in (two_clubs.director, two_clubs.player):
        client = english(user)
        response = client.get(club_url(public))
        seen[user] = (response, client.cookies["csrftoken"].value)
    (director, director_csrf), (player, player_csrf) = seen.values()
    assert f">{two_clubs.director.get_username()}</a>" in director.content.decode()
    assert f">{two_clubs.director.get_username()}</a>" not in player.content.decode()
    assert f">{two_clubs.player.get_username()}</a>" in player.content.decode()
    assert director_csrf != player_csrf
    assert cells(director) == cells(player)


def test_the_venue_clock_moves_on(two_clubs, public, monkeypatch):
    """The live part shows the time: it is cached per minute, not frozen."""
    client = english(None)
    before = live(client, public)
    later = django.utils.timezone.localtime() + datetime.timedelta(minutes=7)
    assert f"<time>{later:%H:%M}</time>" not in before

    class Later(datetime.datetime):
        @classmethod
        def now(cls, tz=None):
            return later.astimezone(tz)

    monkeypatch.setattr(django.utils.timezone, "datetime", Later)
    monkeypatch.setattr(django.template.defaulttags, "datetime", Later)
    assert f"<time>{later:%H:%M}</time>" in live(client, public)


def test_other_query_parameters_are_not_cached_but_answered(two_clubs, public):
    client = english(None)
    assert points_of(client, public, public.entries[4]) == ("3", "")
    rows = cells(client.get(public_url(public) + "?utm_source=qr&sort=name"))
    assert [row[1] for row in rows[1:]] == sorted(row[1] for row in rows[1:])
    response = client.get(public_url(public) + "?_export=csv")
    assert response["Content-Type"].startswith("text/csv")
    assert public.entries[4].name in response.content.decode()
