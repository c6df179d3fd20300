"""The public read-only standings and the venue screen."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from clubs.models import Club
from scoring.models import ResultEntry

from ..conftest import client_for
from ..factories import TournamentFactory
from .helpers import cells, english, record

PUBLIC = [
    "scoring:public-standings",
    "scoring:public-tournament-standings",
    "scoring:public-season-standings",
]


def public_urls(evening) -> dict:
    club = {"club_slug": "rooi"}
    return {
        "scoring:public-standings": reverse("scoring:public-standings", kwargs=club),
        "scoring:public-tournament-standings": reverse(
            "scoring:public-tournament-standings", kwargs={**club, "pk": evening.tournament.pk}
        ),
        "scoring:public-season-standings": reverse(
            "scoring:public-season-standings", kwargs={**club, "pk": evening.season.pk}
        ),
    }


def venue_url(evening, name="scoring:tournament-venue") -> str:
    return reverse(name, kwargs={"club_slug": "rooi", "pk": evening.tournament.pk})


@pytest.fixture
def public(two_clubs):
    Club.objects.filter(pk=two_clubs.a.pk).update(standings_public=True)
    evening = two_clubs.evening
    record(evening.other_table, [1050, 500, 500, 0])
    return evening


@pytest.mark.parametrize("name", PUBLIC)
def test_not_found_unless_the_club_makes_its_standings_public(two_clubs, name):
    url = public_urls(two_clubs.evening)[name]
    assert client_for(None).get(url).status_code == 404
    Club.objects.filter(pk=two_clubs.a.pk).update(standings_public=True)
    assert client_for(None).get(url).status_code == 200


@pytest.mark.parametrize("name", PUBLIC)
def test_public_pages_show_no_private_data(two_clubs, public, name):
    page = client_for(None).get(public_urls(public)[name]).content.decode()
    for entry in public.entries:
        assert entry.member.membership_number not in page
        assert entry.member.email not in page
    assert "/players/" not in page
    assert "/c/rooi/" not in page.split("<main", 1)[1]  # no links into the members' pages


def test_the_public_index_lists_seasons_and_tournaments(two_clubs, public):
    TournamentFactory(club=two_clubs.a, name="Nog niet begonnen")  # not drawn: not listed
    page = english(None).get(public_urls(public)["scoring:public-standings"]).content.decode()
    assert "Winter 2026" in page
    assert "Vrijdagavond" in page
    assert "Nog niet begonnen" not in page
    assert (
        reverse(
            "scoring:public-tournament-standings",
            kwargs={"club_slug": "rooi", "pk": public.tournament.pk},
        )
        in page
    )


def test_public_tournament_standings_match_the_members_page(two_clubs, public):
    anonymous = cells(english(None).get(public_urls(public)["scoring:public-tournament-standings"]))
    members = cells(english(two_clubs.player).get(
        reverse(
            "scoring:tournament-standings", kwargs={"club_slug": "rooi", "pk": public.tournament.pk}
        )
    ))  # fmt: skip
    assert anonymous == members
    assert anonymous[1][:3] == ["1", public.entries[4].name, "3"]


def test_public_season_standings(two_clubs, public):
    rows = cells(english(None).get(public_urls(public)["scoring:public-season-standings"]))
    assert rows[1][:3] == ["1", public.entries[4].name, "3"]


def test_another_clubs_tournament_is_not_public_through_this_club(two_clubs, public):
    other = TournamentFactory(club=two_clubs.b)
    url = reverse(
        "scoring:public-tournament-standings", kwargs={"club_slug": "rooi", "pk": other.pk}
    )
    assert client_for(None).get(url).status_code == 404


def test_the_venue_screen_shows_the_round_the_tables_and_the_standings(two_clubs, public):
    response = english(two_clubs.director).get(venue_url(public))
    page = response.content.decode()
    assert "Round 1" in page
    tables = page[page.index('class="venue-tables"') : page.index('class="venue-standings"')]
    assert tables.count('class="table-state provisional"') == 1
    assert tables.count('class="table-state confirmed"') == 1
    for entry in public.entries:
        assert escape(entry.name) in tables
    standings = cells(response, "venue-board")
    assert standings[1][:3] == ["1", public.entries[4].name, "3"]
    # the pending table's four stand level with the 0 and 0 of the other table's last (TP-6)
    assert sorted(row[-1] for row in standings[4:9]) == ["", "", "+1", "+2", "+3"]
    assert {row[0] for row in standings[4:9]} == {"4"}


def test_the_venue_screen_refreshes_itself(two_clubs, public):
    page = english(two_clubs.director).get(venue_url(public)).content.decode()
    live = venue_url(public, "scoring:tournament-venue-live")
    assert f'data-live-url="{live}"' in page
    assert '<script src="/static/troef/venue.js" defer></script>' in page
    # Without JavaScript the page reloads itself.
    assert '<noscript><meta http-equiv="refresh" content="15"></noscript>' in page


def test_the_live_part_is_a_fragment_that_follows_the_results(two_clubs, public):
    client = english(two_clubs.director)
    fragment = client.get(venue_url(public, "scoring:tournament-venue-live"))
    assert fragment["Cache-Control"].startswith("max-age=0")
    html = fragment.content.decode()
    assert "<html" not in html and "<body" not in html
    assert html.count('class="table-state confirmed"') == 1
    ResultEntry.objects.filter(pk=public.result.pk).update(status=ResultEntry.Status.CONFIRMED)
    html = client.get(venue_url(public, "scoring:tournament-venue-live")).content.decode()
    assert html.count('class="table-state confirmed"') == 2


def test_a_disputed_and_an_open_table_on_the_venue_screen(two_clubs, public):
    ResultEntry.objects.filter(table=public.other_table).delete()
    ResultEntry.objects.filter(pk=public.result.pk).update(disputed=True)
    record(public.table, [5, 0, 0, 0], status=ResultEntry.Status.PROVISIONAL, disputed=True)
    html = (
        english(two_clubs.director).get(venue_url(public, "scoring:tournament-venue-live")).content
    )
    html = html.decode()
    assert 'class="table-state disputed"' in html
    assert 'class="table-state open"' in html


@pytest.mark.parametrize("name", ["scoring:tournament-venue", "scoring:tournament-venue-live"])
def test_the_venue_screen_is_open_to_anyone_when_the_standings_are_public(two_clubs, name):
    url = venue_url(two_clubs.evening, name)
    assert client_for(None).get(url).status_code == 302  # to the login page
    assert client_for(two_clubs.player).get(url).status_code == 403
    Club.objects.filter(pk=two_clubs.a.pk).update(standings_public=True)
    for user in (None, two_clubs.player, two_clubs.other_player):
        assert client_for(user).get(url).status_code == 200
