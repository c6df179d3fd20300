"""The tournament list (find, sort, export), seasons, the club home's evenings, and junk
posted to every tournament page."""

import csv
import datetime
import io
from decimal import Decimal

import openpyxl
import pytest
from django.urls import reverse

from clubs.models import ActionLog
from tournaments.models import Entry, Season, Tournament

from ..conftest import client_for
from ..factories import EntryFactory, SeasonFactory, TournamentFactory
from ..matrix_tournaments import MATRIX
from .helpers import field_errors, url

LIST = url("tournaments:tournament-list")


@pytest.fixture
def calendar(two_clubs):
    """Club A: a winter season of Duizenden evenings, a MEINO evening, a finished
    Keezen tournament; club B: an evening of its own."""
    winter = SeasonFactory(club=two_clubs.a, name="Winter", game="duizenden")
    for day in (4, 11, 18):
        TournamentFactory(
            club=two_clubs.a,
            season=winter,
            name=f"Duizenden {day}",
            date=datetime.date(2026, 12, day),
        )
    TournamentFactory(club=two_clubs.a, name="MEINO-avond", game="meino", table_size=5)
    TournamentFactory(
        club=two_clubs.a,
        name="=HYPERLINK(1)",
        game="keezen",
        teams="fixed",
        status=Tournament.Status.FINISHED,
        date=datetime.date(2026, 10, 1),
    )
    TournamentFactory(club=two_clubs.b, name="Veghelse avond")
    return winter


def names(response) -> list[str]:
    return [row.record.name for row in response.context["table"].paginated_rows]


def test_the_list_finds_by_name_game_status_and_season(two_clubs, calendar):
    player = client_for(two_clubs.player)
    assert len(names(player.get(LIST))) == 5
    assert names(player.get(LIST, {"q": "meino"})) == ["MEINO-avond"]
    assert names(player.get(LIST, {"game": "keezen"})) == ["=HYPERLINK(1)"]
    assert names(player.get(LIST, {"status": "finished"})) == ["=HYPERLINK(1)"]
    assert names(player.get(LIST, {"season": calendar.pk, "sort": "date"})) == [
        "Duizenden 4",
        "Duizenden 11",
        "Duizenden 18",
    ]
    other = SeasonFactory(club=two_clubs.b)
    response = player.get(LIST, {"season": other.pk})
    assert "season" in response.context["filter"].errors
    assert "Veghelse avond" not in response.content.decode()


def test_new_tournament_is_offered_to_directors_only(two_clubs):
    add = url("tournaments:tournament-add")
    assert add in client_for(two_clubs.director).get(LIST).content.decode()
    assert add not in client_for(two_clubs.player).get(LIST).content.decode()


def test_the_list_exports_everything_found_safely(two_clubs, calendar):
    director = client_for(two_clubs.director)
    response = director.get(LIST, {"_export": "csv", "status": "finished"})
    assert response["Content-Disposition"].endswith('rooi-tournaments.csv"')
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[1][0] == "'=HYPERLINK(1)"
    assert rows[1][1] == "2026-10-01"
    assert len(rows) == 2
    response = director.get(LIST, {"_export": "xlsx"})
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    assert sheet.max_row == 6  # heading and five tournaments


@pytest.mark.parametrize("size", [3, 30])
def test_the_list_runs_a_fixed_number_of_queries(two_clubs, django_assert_max_num_queries, size):
    season = SeasonFactory(club=two_clubs.a)
    for _ in range(size):
        tournament = TournamentFactory(club=two_clubs.a, season=season)
        EntryFactory(tournament=tournament)
    player = client_for(two_clubs.player)
    player.get(LIST)
    with django_assert_max_num_queries(8):
        response = player.get(LIST, {"q": "avond", "season": season.pk})
    assert len(names(response)) == min(size, 25)
    assert response.context["table"].paginated_rows[0].record.entry_count == 1


def test_seasons_are_listed_with_their_evenings(two_clubs, calendar):
    SeasonFactory(club=two_clubs.b, name="Elders")
    page = client_for(two_clubs.player).get(url("tournaments:season-list"))
    (row,) = page.context["table"].rows
    assert (row.record.name, row.record.evening_count) == ("Winter", 3)
    html = page.content.decode()
    assert "Elders" not in html
    assert url("tournaments:season-add") not in html
    assert url("tournaments:season-detail", pk=calendar.pk) in html
    detail = client_for(two_clubs.player).get(url("tournaments:season-detail", pk=calendar.pk))
    assert [t.name for t in detail.context["tournaments"]] == [
        "Duizenden 18",
        "Duizenden 11",
        "Duizenden 4",
    ]


def test_a_director_creates_and_edits_a_season(two_clubs):
    director = client_for(two_clubs.director)
    response = director.post(
        url("tournaments:season-add"),
        {"name": "Voorjaar", "game": "meino", "best_of": "6", "min_attendance": "4"},
    )
    assert response.status_code == 302
    season = Season.objects.get()
    assert (season.club, season.game, season.best_of) == (two_clubs.a, "meino", 6)
    response = director.post(
        url("tournaments:season-edit", pk=season.pk),
        {"name": "Voorjaar 2027", "game": "keezen", "best_of": "", "min_attendance": "0"},
    )
    assert response.status_code == 302
    season.refresh_from_db()
    assert (season.name, season.game, season.best_of) == ("Voorjaar 2027", "meino", None)
    actions = list(ActionLog.objects.order_by("pk").values_list("action", flat=True))
    assert actions == ["season.created", "season.changed"]


def test_a_director_sets_how_much_the_previous_season_counts_in_the_draw(two_clubs):
    director = client_for(two_clubs.director)
    posted = {"name": "Najaar", "game": "meino", "best_of": "", "min_attendance": "0"}
    assert director.post(url("tournaments:season-add"), posted).status_code == 302
    season = Season.objects.get()
    assert season.previous_season_weight == Decimal("0.50")  # the default when left empty
    edit = url("tournaments:season-edit", pk=season.pk)
    assert director.post(edit, {**posted, "previous_season_weight": "0.25"}).status_code == 302
    season.refresh_from_db()
    assert season.previous_season_weight == Decimal("0.25")
    logged = ActionLog.objects.filter(action="season.changed").get().data
    assert logged["changes"]["previous_season_weight"] == ["0.50", "0.25"]
    director.cookies["troef_language"] = "en"
    refused = director.post(edit, {**posted, "previous_season_weight": "1.5"})
    assert refused.status_code == 200
    assert "previous_season_weight" in field_errors(refused)
    season.refresh_from_db()
    assert season.previous_season_weight == Decimal("0.25")


@pytest.mark.parametrize(
    ("data", "errors"),
    [
        ({"name": "Winter"}, {"name": ["This club already has a season of that name."]}),
        ({"best_of": "0"}, {"best_of": ["Ensure this value is greater than or equal to 1."]}),
        ({"name": "", "game": "bridge"}, {"name": None, "game": None}),
        ({"min_attendance": "-1"}, {"min_attendance": None}),
    ],
)
def test_a_bad_season_is_explained(two_clubs, data, errors):
    SeasonFactory(club=two_clubs.a, name="Winter")
    SeasonFactory(club=two_clubs.b, name="Zomer")  # another club's name is free
    director = client_for(two_clubs.director)
    director.cookies["troef_language"] = "en"
    posted = {"name": "Zomer", "game": "duizenden", "best_of": "", "min_attendance": "0", **data}
    response = director.post(url("tournaments:season-add"), posted)
    assert response.status_code == 200
    found = field_errors(response)
    assert set(found) == set(errors)
    for field, messages in errors.items():
        if messages:
            assert found[field] == messages
    assert Season.objects.filter(club=two_clubs.a).count() == 1


def test_the_home_page_shows_a_players_own_coming_evenings(two_clubs):
    mine = TournamentFactory(club=two_clubs.a, name="Mijn avond")
    TournamentFactory(club=two_clubs.a, name="Andere avond")
    gone = TournamentFactory(club=two_clubs.a, name="Afgemeld")
    done = TournamentFactory(club=two_clubs.a, name="Gespeeld", status="finished")
    me = two_clubs.a.members.get(user=two_clubs.player)
    for tournament, status in [(mine, "registered"), (gone, "withdrawn"), (done, "present")]:
        EntryFactory(tournament=tournament, member=me, status=status)
    home = reverse("tournaments:club-evenings", kwargs={"club_slug": "rooi"})
    player = client_for(two_clubs.player).get(home).content.decode()
    assert "Mijn avond" in player
    for other in ("Andere avond", "Afgemeld", "Gespeeld"):
        assert other not in player
    director = client_for(two_clubs.director).get(home).content.decode()
    assert "Mijn avond" in director and "Andere avond" in director and "Afgemeld" in director
    assert "Gespeeld" not in director
    # The club home fetches them in its place (htmx): the evenings are tournaments' part.
    page = client_for(two_clubs.player).get(
        reverse("clubs:club-home", kwargs={"club_slug": "rooi"})
    )
    assert f'hx-get="{home}" hx-trigger="load"' in page.content.decode()


def test_the_club_menu_links_tournaments_and_seasons(two_clubs):
    page = client_for(two_clubs.player).get(LIST).content.decode()
    assert f'href="{LIST}" aria-current="page"' in page
    assert url("tournaments:season-list") in page


JUNK = [
    {},
    {"status": "\x00", "member": "-1", "guest_name": "x" * 5000, "present": "maybe"},
    {"first": "1e9", "second": "[]", "name": "", "player_1": "NaN", "player_2": "0"},
    {"game": "x", "table_size": "abc", "date": "32-13-2026", "season": "9999999999999"},
]


@pytest.mark.parametrize("data", JUNK)
@pytest.mark.parametrize("name", sorted(MATRIX))
def test_junk_posted_to_any_tournament_page_is_never_a_server_error(two_clubs, name, data):
    kwargs, _expected = MATRIX[name]
    response = client_for(two_clubs.director).post(reverse(name, kwargs=kwargs(two_clubs)), data)
    assert response.status_code < 500
    assert not Entry.objects.filter(guest_name__startswith="xxx").exists()
