"""A player's own page: evenings and results, tablemates, season progress."""

import pytest
from django.urls import reverse

from scoring.models import ResultEntry

from ..conftest import client_for
from ..factories import EntryFactory, MemberFactory, TournamentFactory, seat_round
from .helpers import english, record
from .test_season import League


def player_url(member) -> str:
    return reverse("scoring:player-detail", kwargs={"club_slug": "rooi", "pk": member.pk})


@pytest.fixture
def league(two_clubs):
    """tests/standings_pages/test_season.py's League: the club's player is A."""
    return League(two_clubs.a, two_clubs.a.members.get(user=two_clubs.player))


def section(page: str, title: str) -> str:
    start = page.index(f"<h2>{title}</h2>")
    return page[start : page.find("</section>", start)]


def test_the_players_evenings_with_every_table(two_clubs, league):
    page = english(two_clubs.player).get(player_url(league.members["A"])).content.decode()
    evenings = section(page, "Evenings")
    # Newest first, each with the position, the points and the table's other players.
    assert evenings.index("Avond 3") < evenings.index("Avond 2") < evenings.index("Avond 1")
    assert "Position 3 of 4" in evenings  # Avond 3: rank 3 of four
    assert "Position 1 of 4" in evenings  # Avond 1
    row = evenings[evenings.index("Avond 1") :]
    row = row[row.index("<tbody>") : row.index("</tbody>")]
    for name in ("B", "C", "D"):
        assert league.name(name) in row
    # each cell named, for the card a phone shows per table (issue 37)
    assert '<td data-label="Total">1050</td>' in row  # the score
    assert '<td data-label="Match points">3</td>' in row


def test_tablemates_counted_across_evenings(two_clubs, league):
    page = english(two_clubs.player).get(player_url(league.members["A"])).content.decode()
    mates = section(page, "Tablemates")
    # B sat with A all three evenings, the others twice; most often met first.
    assert mates.index(league.name("B")) < min(mates.index(league.name(x)) for x in "CDE")
    shared = '<td data-label="tables shared">'
    assert f">{league.name('B')}</a></td>{shared}3</td>" in mates
    assert f">{league.name('C')}</a></td>{shared}2</td>" in mates


def test_season_progress_with_counted_and_struck_evenings(two_clubs, league):
    page = english(two_clubs.player).get(player_url(league.members["A"])).content.decode()
    seasons = section(page, "Seasons")
    assert "Competitie" in seasons
    assert "1 of 5" in seasons  # position
    assert "<strong>5</strong>" in seasons  # total
    assert "3 of 3" in seasons  # attended
    assert '<td data-label="Counted">2</td>' in seasons
    assert '<td data-label="Struck">1</td>' in seasons
    # C came twice of three: not qualified yet.
    other = english(two_clubs.player).get(player_url(league.members["C"])).content.decode()
    assert "not yet (3 evenings needed)" in section(other, "Seasons")


def test_provisional_and_open_tables_are_marked(two_clubs):
    evening = two_clubs.evening  # the player is at table 1, with a provisional result
    member = evening.entries[0].member
    page = english(two_clubs.player).get(player_url(member)).content.decode()
    assert "provisional, not counted yet" in page
    assert "(+3 provisional)" in page  # first at the provisional table
    assert "match points: 0" in page
    other = evening.entries[4].member  # table 2 has no result yet
    assert "no result yet" in english(two_clubs.player).get(player_url(other)).content.decode()


def test_a_bye_is_listed(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a)
    member = MemberFactory(club=two_clubs.a)
    sitting = EntryFactory(tournament=tournament, member=member)
    players = [EntryFactory(tournament=tournament) for _ in range(4)]
    record(seat_round(tournament, [players], byes=[sitting]).tables.get(), [1000, 0, 0, 0])
    page = english(two_clubs.player).get(player_url(member)).content.decode()
    assert '<td data-label="Round">1</td><td colspan="6" data-label="">bye</td>' in page
    assert "match points: 1½" in page  # a bye at a table of four is worth (4 - 1) / 2


def test_any_member_may_see_any_members_page(two_clubs, league):
    response = client_for(two_clubs.player).get(player_url(league.members["D"]))
    assert response.status_code == 200
    assert league.name("D") in response.content.decode()


def test_a_member_without_evenings(two_clubs):
    page = english(two_clubs.player).get(player_url(two_clubs.member_a)).content.decode()
    assert "No evenings played yet." in page
    assert "Not in a season competition yet." in page


def test_another_clubs_member_is_not_found(two_clubs):
    assert client_for(two_clubs.player).get(player_url(two_clubs.member_b)).status_code == 404
    assert client_for(two_clubs.other_player).get(player_url(two_clubs.member_a)).status_code == 404


def test_my_results_leads_to_ones_own_page(two_clubs):
    own = two_clubs.a.members.get(user=two_clubs.player)
    response = client_for(two_clubs.player).get(
        reverse("scoring:my-results", kwargs={"club_slug": "rooi"})
    )
    assert response.status_code == 302
    assert response.url == player_url(own)
    # The superuser may open every club but is no member of this one.
    superuser = client_for(two_clubs.superuser)
    assert (
        superuser.get(reverse("scoring:my-results", kwargs={"club_slug": "rooi"})).status_code
        == 404
    )


def test_the_page_does_not_show_a_superseded_result(two_clubs, league):
    table = league.evenings[0].rounds.get().tables.get()
    ResultEntry.objects.filter(table=table).update(status=ResultEntry.Status.SUPERSEDED)
    record(table, [0, 600, 300, 1050])  # corrected: A last instead of first
    page = english(two_clubs.player).get(player_url(league.members["A"])).content.decode()
    assert "Position 4 of 4" in section(page, "Evenings")
