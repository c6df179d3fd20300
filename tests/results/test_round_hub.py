"""The round page as the director's hub: the evening's tools one tap away, the results
list as cards (status and action first, each table's private link and QR code), the
tables needing the director first, one "Results" heading a page."""

import re

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from scoring.links import table_link
from scoring.models import ResultEntry
from scoring.selectors import round_tables
from tournaments.models import Tournament

from ..conftest import client_for
from ..factories import EntryFactory, TournamentFactory, confirm_all, seat_round
from .helpers import page_html

Status = ResultEntry.Status


def round_url(name: str, tournament, number: int = 1) -> str:
    return reverse(name, kwargs={"club_slug": "rooi", "pk": tournament.pk, "number": number})


def toolbar(html: str) -> str:
    """The director tools' list, or "" when the page has none."""
    found = re.search(r'<ul class="director-tools">(.*?)</ul>', html, re.S)
    return found.group(1) if found else ""


def result(table, status: str, *, disputed: bool = False) -> ResultEntry:
    return ResultEntry.objects.create(
        table=table,
        status=status,
        disputed=disputed,
        data={},
        outcome={},
        via=ResultEntry.Via.DIRECTOR,
        entered_by_name="director",
    )


def four_tables(club, **setup):
    """A running evening of four tables of four in round 1."""
    tournament = TournamentFactory(club=club, status=Tournament.Status.RUNNING, **setup)
    entries = [EntryFactory(tournament=tournament) for _ in range(16)]
    round_ = seat_round(tournament, [entries[i : i + 4] for i in range(0, 16, 4)])
    return tournament, round_, list(round_.tables.order_by("number"))


# --- the toolbar ----------------------------------------------------------------------------


def test_the_director_reaches_every_tool_of_the_evening_from_the_round_page(two_clubs):
    evening = two_clubs.evening
    tournament = evening.tournament
    html = page_html(
        client_for(two_clubs.director).get(round_url("evenings:round-detail", tournament))
    )
    tools = toolbar(html)
    assert (
        reverse("tournaments:tournament-checkin", kwargs={"club_slug": "rooi", "pk": tournament.pk})
        in tools
    )
    assert (
        reverse("scoring:tournament-venue", kwargs={"club_slug": "rooi", "pk": tournament.pk})
        in tools
    )
    # On this page: the clock, the results, the print links, the swap (a drawn round).
    for anchor in ("#round-clock", "#results", "#print", "#swap"):
        assert f'href="{anchor}"' in tools
    for target in ('id="round-clock"', 'id="results"', 'id="print"', 'id="swap"'):
        assert target in html
    # Not a tournament of fixed teams: no teams page to go to.
    assert "/teams/" not in tools


def test_no_clock_link_without_a_round_clock(two_clubs):
    evening = two_clubs.evening
    Tournament.objects.filter(pk=evening.tournament.pk).update(round_minutes=None)
    url = round_url("evenings:round-detail", evening.tournament)
    tools = toolbar(page_html(client_for(two_clubs.director).get(url)))
    assert 'href="#results"' in tools
    assert "#round-clock" not in tools


def test_the_toolbar_offers_the_next_draw_and_the_teams_when_there_are_such(two_clubs):
    tournament, round_, _tables = four_tables(two_clubs.a)
    round_.status = round_.Status.STARTED
    round_.save()
    confirm_all(round_)
    html = page_html(
        client_for(two_clubs.director).get(round_url("evenings:round-detail", tournament))
    )
    tools = toolbar(html)
    assert 'href="#draw-next"' in tools and 'id="draw-next"' in html
    assert 'href="#swap"' not in tools  # a started round's places are fixed

    fixed, _round, _tables = four_tables(
        two_clubs.a, game="keezen", teams=Tournament.Teams.FIXED, table_size=4
    )
    html = page_html(client_for(two_clubs.director).get(round_url("evenings:round-detail", fixed)))
    assert reverse(
        "tournaments:team-list", kwargs={"club_slug": "rooi", "pk": fixed.pk}
    ) in toolbar(html)


def test_a_player_sees_no_director_tools_nor_private_links(two_clubs):
    evening = two_clubs.evening
    html = page_html(
        client_for(two_clubs.player).get(round_url("evenings:round-detail", evening.tournament))
    )
    assert toolbar(html) == ""
    assert "director-tools" not in html
    assert (
        reverse(
            "tournaments:tournament-checkin",
            kwargs={"club_slug": "rooi", "pk": evening.tournament.pk},
        )
        not in html
    )
    assert table_link(evening.table.pk) not in html
    assert "/qr/" not in html
    # The results themselves are there, as before.
    assert 'class="round-results"' in html


# --- the results list --------------------------------------------------------------------


def test_each_table_shows_its_private_link_and_qr_code_to_a_director(two_clubs):
    evening = two_clubs.evening
    for name in ("evenings:round-detail", "scoring:round-results"):
        html = page_html(client_for(two_clubs.director).get(round_url(name, evening.tournament)))
        section = html[html.index('class="round-results"') :]
        for table in (evening.table, evening.other_table):
            card = section[section.index(f'id="result-table-{table.number}"') :]
            card = card[: card.index("</li>")]
            assert f"http://testserver{table_link(table.pk)}" in card
            qr = reverse("venue:venue-table-qr", kwargs={"club_slug": "rooi", "pk": table.pk})
            assert f'href="{qr}"' in card
            page = reverse("scoring:table-result", kwargs={"club_slug": "rooi", "pk": table.pk})
            assert f'href="{page}"' in card
        # Cards, not a wide table in a sideways scroller hiding the action.
        assert "table-scroll" not in section[: section.index("</section>")]


def test_the_status_and_action_come_first_in_each_card(two_clubs):
    evening = two_clubs.evening
    html = page_html(
        client_for(two_clubs.director).get(round_url("evenings:round-detail", evening.tournament))
    )
    card = html[html.index(f'id="result-table-{evening.table.number}"') :]
    card = card[: card.index("</li>")]
    action = card.index('class="result-action')
    assert card.index("result-status") < action < card.index("result-players")
    assert action < card.index("link-address")


def test_tables_needing_the_director_come_first(two_clubs):
    tournament, round_, (one, two, _three, four) = four_tables(two_clubs.a)
    result(one, Status.CONFIRMED)
    result(two, Status.PROVISIONAL)
    # Table three has nothing yet; table four two different entries.
    result(four, Status.PROVISIONAL, disputed=True)
    result(four, Status.PROVISIONAL, disputed=True)
    rows = round_tables(round_)
    assert [(row.table.number, row.status) for row in rows] == [
        (4, "disputed"),
        (3, "none"),
        (2, "provisional"),
        (1, "confirmed"),
    ]
    # The pages list them so, without sorting of their own.
    html = page_html(
        client_for(two_clubs.director).get(round_url("scoring:round-results", tournament))
    )
    assert re.findall(r'id="result-table-(\d+)"', html) == ["4", "3", "2", "1"]


def test_within_a_status_the_tables_keep_their_numbers_order(two_clubs):
    _tournament, round_, (one, _two, three, _four) = four_tables(two_clubs.a)
    result(one, Status.PROVISIONAL)
    result(three, Status.PROVISIONAL)
    assert [row.table.number for row in round_tables(round_)] == [2, 4, 1, 3]


# --- one "Results" heading ---------------------------------------------------------------


@pytest.mark.parametrize("name", ["evenings:round-detail", "scoring:round-results"])
def test_results_is_a_heading_once_a_page(two_clubs, name):
    evening = two_clubs.evening
    html = page_html(client_for(two_clubs.director).get(round_url(name, evening.tournament)))
    with translation.override("nl"):
        word = gettext("Results")
    assert word == "Uitslagen"
    headings = re.findall(r"<h[1-6][^>]*>(.*?)</h[1-6]>", html, re.S)
    assert sum(word in heading for heading in headings) == 1
