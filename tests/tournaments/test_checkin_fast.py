"""Check-in at speed: a tick-list of the club's active members and the tournament's
guests, one tap a player (with htmx the row and the count come back, without it the page
again), search as you type, the two bulk buttons and guests added inline."""

import datetime
import re

import pytest
from django.utils import translation

from clubs.models import ActionLog
from tournaments import services
from tournaments.models import Entry, Tournament

from ..conftest import client_for
from ..factories import EntryFactory, MemberFactory, SeasonFactory, TournamentFactory
from .helpers import url

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def evening(two_clubs):
    """A planned Duizenden evening of club A: two registered members; the club has more
    active members not entered yet."""
    tournament = TournamentFactory(club=two_clubs.a, name="Vrijdagavond")
    for name in ["Anna de Wit", "Bram Smulders"]:
        EntryFactory(
            tournament=tournament,
            member=MemberFactory(club=two_clubs.a, name=name),
            status=Entry.Status.REGISTERED,
        )
    MemberFactory(club=two_clubs.a, name="Carla van Dijk")
    MemberFactory(club=two_clubs.a, name="Oud Lid", active=False)
    return tournament


def director(two_clubs, language="en"):
    client = client_for(two_clubs.director)
    client.cookies["troef_language"] = language
    return client


def text(response) -> str:
    """The answer's words without tags or runs of spaces."""
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split()).replace(" :", ":")


def checkin_names(response) -> list[str]:
    return [row.name for row in response.context["rows"]]


def test_the_list_holds_every_active_member_and_the_guests(two_clubs, evening):
    EntryFactory(tournament=evening, member=None, guest_name="Gast Gijs")
    page = director(two_clubs).get(url("tournaments:tournament-checkin", pk=evening.pk))
    listed = checkin_names(page)
    assert {"Anna de Wit", "Bram Smulders", "Carla van Dijk", "Gast Gijs"} <= set(listed)
    assert two_clubs.member_a.name in listed  # active, not entered
    assert "Oud Lid" not in listed
    assert two_clubs.member_b.name not in listed  # another club's
    assert listed == sorted(listed, key=str.casefold)


def test_one_tap_checks_in_and_out_with_htmx(two_clubs, evening):
    client = director(two_clubs)
    anna = Entry.objects.get(member__name="Anna de Wit")
    tap = url("tournaments:entry-status", pk=evening.pk, entry_pk=anna.pk)
    response = client.post(tap, {"status": "present", "back": "q=an"}, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    # Just the row and the count, swapped in place; not the whole page.
    assert html.lstrip().startswith(f'<tr id="entry-{anna.pk}"')
    assert "<html" not in html
    assert 'id="checkin-count"' in html and 'hx-swap-oob="true"' in html
    assert "1 present:" in text(response)
    assert 'aria-pressed="true"' in html
    anna.refresh_from_db()
    assert anna.status == Entry.Status.PRESENT
    response = client.post(tap, {"status": "registered"}, **HTMX)
    assert "0 present:" in text(response)
    anna.refresh_from_db()
    assert anna.status == Entry.Status.REGISTERED


def test_one_tap_without_javascript_goes_back_to_the_same_search(two_clubs, evening):
    client = director(two_clubs)
    anna = Entry.objects.get(member__name="Anna de Wit")
    response = client.post(
        url("tournaments:entry-status", pk=evening.pk, entry_pk=anna.pk),
        {"status": "present", "back": "q=an&status=absent"},
    )
    assert response.status_code == 302
    assert (
        response.url == url("tournaments:tournament-checkin", pk=evening.pk) + "?q=an&status=absent"
    )
    anna.refresh_from_db()
    assert anna.status == Entry.Status.PRESENT


@pytest.mark.parametrize("headers", [HTMX, {}])
def test_a_member_not_entered_is_registered_and_present_in_one_tap(two_clubs, evening, headers):
    carla = two_clubs.a.members.get(name="Carla van Dijk")
    response = director(two_clubs).post(
        url("tournaments:member-checkin", pk=evening.pk, member_pk=carla.pk),
        {"back": ""},
        **headers,
    )
    entry = Entry.objects.get(tournament=evening, member=carla)
    assert (entry.status, entry.checked_in_at is not None) == (Entry.Status.PRESENT, True)
    log = ActionLog.objects.get(action="entry.added")
    assert (log.data["name"], log.data["present"]) == ("Carla van Dijk", True)
    if headers:
        html = response.content.decode()
        # The member's row comes back as the entry's, ticked; the count says 1.
        assert html.lstrip().startswith(f'<tr id="entry-{entry.pk}"')
        assert "1 present:" in text(response)
    else:
        assert response.status_code == 302


def test_an_inactive_or_other_clubs_member_cannot_be_ticked(two_clubs, evening):
    client = director(two_clubs)
    for member in (two_clubs.a.members.get(name="Oud Lid"), two_clubs.member_b):
        response = client.post(
            url("tournaments:member-checkin", pk=evening.pk, member_pk=member.pk)
        )
        assert response.status_code == 404
    assert Entry.objects.filter(tournament=evening).count() == 2


def test_the_count_gives_the_table_plan(two_clubs, evening):
    tournament = TournamentFactory(club=two_clubs.a, game="duizenden", table_size=4)
    for _ in range(24):
        EntryFactory(tournament=tournament)
    page = text(director(two_clubs).get(url("tournaments:tournament-checkin", pk=tournament.pk)))
    assert "24 present: 6 tables of 4." in page
    EntryFactory(tournament=tournament)
    page = text(director(two_clubs).get(url("tournaments:tournament-checkin", pk=tournament.pk)))
    assert "25 present: 1 table of 5, 5 tables of 4." in page


def test_a_bye_names_the_player(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a, game="meierijen", table_size=2)
    for _ in range(3):
        EntryFactory(tournament=tournament)
    checkin = url("tournaments:tournament-checkin", pk=tournament.pk)
    assert "1 player sits out (a bye)" in director(two_clubs).get(checkin).content.decode()
    assert "1 speler heeft een vrije ronde" in (
        director(two_clubs, "nl").get(checkin).content.decode()
    )
    assert "1 Spieler setzt aus" in director(two_clubs, "de").get(checkin).content.decode()


def test_search_filters_and_answers_just_the_list_to_htmx(two_clubs, evening):
    client = director(two_clubs)
    checkin = url("tournaments:tournament-checkin", pk=evening.pk)
    assert checkin_names(client.get(checkin, {"q": "dijk"})) == ["Carla van Dijk"]
    assert checkin_names(client.get(checkin, {"q": "BRAM smul"})) == ["Bram Smulders"]
    partial = client.get(checkin, {"q": "carla"}, **HTMX)
    html = partial.content.decode()
    assert html.startswith('<table id="checkin-list"')
    assert "Carla van Dijk" in html and "Anna de Wit" not in html
    assert "HX-Request" in partial["Vary"]
    # Without JavaScript the same search is a whole page.
    assert "<html" in client.get(checkin, {"q": "carla"}).content.decode()


def test_a_search_of_junk_is_just_a_search(two_clubs, evening):
    # A NUL (refused by PostgreSQL in a text) and hundreds of words (an SQL expression too
    # deep): read as a few words of a name, never a server error.
    client = director(two_clubs)
    checkin = url("tournaments:tournament-checkin", pk=evening.pk)
    assert checkin_names(client.get(checkin, {"q": "car\x00la"})) == ["Carla van Dijk"]
    many = client.get(checkin, {"q": " ".join(["dijk"] * 500)})
    assert many.status_code == 200 and checkin_names(many) == ["Carla van Dijk"]
    assert client.get(checkin, {"q": "x" * 5000}).status_code == 200


def test_the_status_filter(two_clubs, evening):
    client = director(two_clubs)
    checkin = url("tournaments:tournament-checkin", pk=evening.pk)
    bram = Entry.objects.get(member__name="Bram Smulders")
    client.post(
        url("tournaments:entry-status", pk=evening.pk, entry_pk=bram.pk), {"status": "present"}
    )
    assert checkin_names(client.get(checkin, {"status": "present"})) == ["Bram Smulders"]
    absent = checkin_names(client.get(checkin, {"status": "absent"}))
    assert "Anna de Wit" in absent and "Carla van Dijk" in absent
    assert "Bram Smulders" not in absent


def test_withdraw_stays_available_beside_the_tap(two_clubs, evening):
    client = director(two_clubs)
    anna = Entry.objects.get(member__name="Anna de Wit")
    tap = url("tournaments:entry-status", pk=evening.pk, entry_pk=anna.pk)
    response = client.post(tap, {"status": "withdrawn"}, **HTMX)
    anna.refresh_from_db()
    assert anna.status == Entry.Status.WITHDRAWN
    assert "Comes back" in response.content.decode()


def test_all_active_members_in_one_post(two_clubs, evening):
    Entry.objects.filter(member__name="Bram Smulders").update(status=Entry.Status.WITHDRAWN)
    client = director(two_clubs)
    response = client.post(url("tournaments:checkin-all-members", pk=evening.pk), {"back": "q=x"})
    assert response.url == url("tournaments:tournament-checkin", pk=evening.pk) + "?q=x"
    active = set(two_clubs.a.members.filter(active=True).values_list("name", flat=True))
    present = set(
        Entry.objects.filter(tournament=evening, status="present").values_list(
            "member__name", flat=True
        )
    )
    # Everyone active, but the one who withdrew stays withdrawn.
    assert present == active - {"Bram Smulders"}
    assert not Entry.objects.filter(tournament=evening, member__active=False).exists()
    logs = ActionLog.objects.filter(data__bulk="all_members")
    assert logs.count() == len(present)
    assert {log.action for log in logs} == {"entry.added", "entry.status"}
    # A second press changes (and logs) nothing more.
    client.post(url("tournaments:checkin-all-members", pk=evening.pk))
    assert ActionLog.objects.filter(data__bulk="all_members").count() == len(present)


def test_everyone_of_the_last_evening_of_the_season(two_clubs):
    club = two_clubs.a
    season = SeasonFactory(club=club)
    regulars = [MemberFactory(club=club, name=f"Vaste {n}") for n in range(4)]
    day = datetime.date(2026, 11, 6)
    last = TournamentFactory(club=club, season=season, date=day, name="Vorige week")
    for member in regulars[:3]:
        EntryFactory(tournament=last, member=member)
    EntryFactory(tournament=last, member=regulars[3], status=Entry.Status.WITHDRAWN)
    # Later, but of no season: not "the last evening" of this season.
    other = TournamentFactory(club=club, date=day + datetime.timedelta(days=3))
    EntryFactory(tournament=other, member=two_clubs.member_a)
    tonight = TournamentFactory(club=club, season=season, date=day + datetime.timedelta(days=7))
    client = director(two_clubs)
    page = client.get(url("tournaments:tournament-checkin", pk=tonight.pk)).content.decode()
    assert "Vorige week" in page and "the season's previous evening" in page
    response = client.post(url("tournaments:checkin-last-evening", pk=tonight.pk))
    assert response.status_code == 302
    present = Entry.objects.filter(tournament=tonight, status="present")
    assert {e.member.name for e in present} == {"Vaste 0", "Vaste 1", "Vaste 2"}
    assert ActionLog.objects.filter(data__bulk="last_evening").count() == 3


def test_without_a_season_the_last_evening_is_the_clubs_latest(two_clubs):
    club = two_clubs.a
    older = TournamentFactory(club=club, date=datetime.date(2026, 10, 1))
    EntryFactory(tournament=older, member=MemberFactory(club=club, name="Oud"))
    latest = TournamentFactory(club=club, date=datetime.date(2026, 10, 8), name="Donderdag")
    EntryFactory(tournament=latest, member=MemberFactory(club=club, name="Nieuw"))
    tonight = TournamentFactory(club=club, date=datetime.date(2026, 10, 15))
    client = director(two_clubs)
    page = client.get(url("tournaments:tournament-checkin", pk=tonight.pk)).content.decode()
    assert "Donderdag" in page and "the club's latest evening before this one" in page
    client.post(url("tournaments:checkin-last-evening", pk=tonight.pk))
    assert [e.member.name for e in tonight.entries.all()] == ["Nieuw"]


def test_24_players_in_at_most_30_posts(two_clubs):
    """The aim of the issue: last week's 20 regulars in one tap, two of them stayed
    home, four others came; two guests."""
    club = two_clubs.a
    last = TournamentFactory(club=club, date=datetime.date(2026, 11, 20))
    regulars = [MemberFactory(club=club) for _ in range(20)]
    for member in regulars:
        EntryFactory(tournament=last, member=member)
    others = [MemberFactory(club=club) for _ in range(4)]
    tonight = TournamentFactory(club=club, date=datetime.date(2026, 11, 27))
    client = director(two_clubs)
    posts = []

    def post(path, data=None):
        posts.append(path)
        return client.post(path, data or {}, **HTMX)

    post(url("tournaments:checkin-last-evening", pk=tonight.pk))
    for member in regulars[:2]:
        entry = Entry.objects.get(tournament=tonight, member=member)
        post(
            url("tournaments:entry-status", pk=tonight.pk, entry_pk=entry.pk),
            {"status": "registered"},
        )
    for member in others:
        post(url("tournaments:member-checkin", pk=tonight.pk, member_pk=member.pk))
    for guest in ["Gast Een", "Gast Twee"]:
        post(url("tournaments:entry-add", pk=tonight.pk), {"guest_name": guest, "present": "on"})
    assert tonight.entries.filter(status="present").count() == 24
    assert len(posts) <= 30
    page = text(client.get(url("tournaments:tournament-checkin", pk=tonight.pk)))
    assert "24 present: 6 tables of 4." in page


def test_a_guest_is_added_inline_with_htmx(two_clubs, evening):
    client = director(two_clubs)
    response = client.post(
        url("tournaments:entry-add", pk=evening.pk),
        {"guest_name": " Gast  Gijs ", "present": "on"},
        **HTMX,
    )
    html = response.content.decode()
    guest = Entry.objects.get(guest_name="Gast Gijs")
    assert guest.status == Entry.Status.PRESENT
    assert html.lstrip().startswith('<form id="guest-form"')
    assert "Gast Gijs was added and is present." in html
    # The list (with the guest) and the count come along, out of band.
    assert re.search(r'<table id="checkin-list"[^>]*hx-swap-oob="true"', html)
    assert f'id="entry-{guest.pk}"' in html
    assert "1 present:" in text(response)


@pytest.mark.parametrize("headers", [HTMX, {}])
def test_a_guest_with_a_taken_name_is_refused_with_the_message(two_clubs, evening, headers):
    client = director(two_clubs)
    before = Entry.objects.count()
    response = client.post(
        url("tournaments:entry-add", pk=evening.pk),
        {"guest_name": "anna DE wit", "present": "on"},
        **headers,
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "Anna de Wit is already in this tournament." in html
    assert 'class="errorlist' in html
    assert Entry.objects.count() == before
    if headers:
        assert html.lstrip().startswith('<form id="guest-form"')
        assert 'id="checkin-list"' not in html
    else:
        assert "<html" in html


def test_a_guest_under_a_members_name_is_sent_to_the_members_row(two_clubs, evening):
    # Carla is an active member not entered yet: she is ticked in the list, not added
    # a second time as a guest. A former member's name is a guest's like any other.
    client = director(two_clubs)
    before = Entry.objects.count()
    response = client.post(
        url("tournaments:entry-add", pk=evening.pk), {"guest_name": "carla van dijk"}
    )
    assert "Carla van Dijk is a member of the club: tap their name in the list" in text(response)
    assert Entry.objects.count() == before
    client.post(url("tournaments:entry-add", pk=evening.pk), {"guest_name": "Oud Lid"})
    assert Entry.objects.filter(guest_name="Oud Lid").exists()


def test_an_empty_guest_name_says_so(two_clubs, evening):
    response = director(two_clubs).post(
        url("tournaments:entry-add", pk=evening.pk), {"present": "on"}
    )
    assert "Type the guest&#x27;s name." in response.content.decode()
    assert "not both" not in response.content.decode()


@pytest.mark.parametrize(
    "name,kwargs",
    [
        ("tournaments:entry-status", lambda t, c: {"entry_pk": t.entries.first().pk}),
        ("tournaments:member-checkin", lambda t, c: {"member_pk": c.member_a.pk}),
        ("tournaments:checkin-all-members", lambda t, c: {}),
        ("tournaments:checkin-last-evening", lambda t, c: {}),
    ],
)
def test_a_player_or_another_clubs_director_cannot_tick(two_clubs, evening, name, kwargs):
    path = url(name, pk=evening.pk, **kwargs(evening, two_clubs))
    data = {"status": "present"}
    assert client_for(two_clubs.player).post(path, data, **HTMX).status_code == 403
    assert client_for(two_clubs.other_director).post(path, data, **HTMX).status_code == 404
    assert not Entry.objects.filter(status=Entry.Status.PRESENT).exists()
    assert not ActionLog.objects.exists()


def test_a_finished_tournament_refuses_every_tap(two_clubs, evening):
    Tournament.objects.filter(pk=evening.pk).update(status=Tournament.Status.FINISHED)
    client = director(two_clubs)
    anna = Entry.objects.get(member__name="Anna de Wit")
    response = client.post(
        url("tournaments:entry-status", pk=evening.pk, entry_pk=anna.pk),
        {"status": "present"},
        **HTMX,
    )
    assert "This tournament is finished." in response.content.decode()
    carla = two_clubs.a.members.get(name="Carla van Dijk")
    client.post(url("tournaments:member-checkin", pk=evening.pk, member_pk=carla.pk), **HTMX)
    client.post(url("tournaments:checkin-all-members", pk=evening.pk))
    assert not Entry.objects.filter(status=Entry.Status.PRESENT).exists()
    assert not Entry.objects.filter(member=carla).exists()
    page = client.get(url("tournaments:tournament-checkin", pk=evening.pk)).content.decode()
    assert "This tournament is finished." in page
    assert url("tournaments:checkin-all-members", pk=evening.pk) not in page


@pytest.mark.parametrize(
    "language,sizes,text",
    [("en", (4, 6), "4 or 6"), ("nl", (4, 6), "4 of 6"), ("de", (2, 4, 6), "2, 4 oder 6")],
)
def test_table_sizes_are_joined_with_or(language, sizes, text):
    with translation.override(language):
        assert services.sizes_text(sizes) == text
        assert services.sizes_text((3, 4, 5)) == "3-5"
