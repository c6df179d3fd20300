"""The check-in page: find a player, check in, undo, withdraw, come back, register a
member or a guest (late arrivals checked in at once), and what the next draw would make."""

import pytest

from clubs.models import ActionLog
from tournaments.models import Entry, Tournament

from ..conftest import client_for
from ..factories import EntryFactory, MemberFactory, TournamentFactory
from .helpers import field_errors, url


@pytest.fixture
def evening(two_clubs):
    """A planned Duizenden evening of club A with five registered members."""
    tournament = TournamentFactory(club=two_clubs.a, name="Vrijdagavond")
    names = ["Anna de Wit", "Bram Smulders", "Carla van Dijk", "Dirk Verhoeven", "Els Bakker"]
    for name in names:
        EntryFactory(
            tournament=tournament,
            member=MemberFactory(club=two_clubs.a, name=name),
            status=Entry.Status.REGISTERED,
        )
    return tournament


def entry(tournament, name) -> Entry:
    return Entry.objects.get(tournament=tournament, member__name=name)


def set_status(client, tournament, name, status, back=""):
    target = entry(tournament, name)
    return client.post(
        url("tournaments:entry-status", pk=tournament.pk, entry_pk=target.pk),
        {"status": status, "back": back},
    )


def test_check_in_undo_withdraw_and_come_back(two_clubs, evening):
    director = client_for(two_clubs.director)
    checkin = url("tournaments:tournament-checkin", pk=evening.pk)
    steps = [
        ("present", "present"),
        ("registered", "registered"),
        ("withdrawn", "withdrawn"),
        ("present", "present"),
    ]
    for posted, status in steps:
        response = set_status(director, evening, "Anna de Wit", posted)
        assert (response.status_code, response.url) == (302, checkin)
        assert entry(evening, "Anna de Wit").status == status
    assert entry(evening, "Anna de Wit").checked_in_at is not None
    changes = [
        log.data["changes"]["status"]
        for log in ActionLog.objects.filter(action="entry.status").order_by("pk")
    ]
    assert changes == [
        ["registered", "present"],
        ["present", "registered"],
        ["registered", "withdrawn"],
        ["withdrawn", "present"],
    ]


def test_the_buttons_keep_the_search(two_clubs, evening):
    director = client_for(two_clubs.director)
    response = set_status(
        director, evening, "Bram Smulders", "present", back="q=bram&status=registered&x=1"
    )
    assert (
        response.url
        == url("tournaments:tournament-checkin", pk=evening.pk) + "?q=bram&status=registered"
    )


def test_search_by_name_and_filter_by_status(two_clubs, evening):
    director = client_for(two_clubs.director)
    set_status(director, evening, "Carla van Dijk", "present")
    set_status(director, evening, "Dirk Verhoeven", "withdrawn")
    checkin = url("tournaments:tournament-checkin", pk=evening.pk)

    def names(**query):
        rows = director.get(checkin, query).context["rows"]
        return [row.name for row in rows if row.entry is not None]

    assert names(q="van d") == ["Carla van Dijk"]
    assert names(q="DIRK") == ["Dirk Verhoeven"]
    assert names(status="registered") == ["Anna de Wit", "Bram Smulders", "Els Bakker"]
    assert names(status="present") == ["Carla van Dijk"]
    assert names(q="e", status="withdrawn") == ["Dirk Verhoeven"]
    assert len(names()) == 5
    page = director.get(checkin)
    assert page.context["counts"] == {
        "registered": 3,
        "present": 1,
        "withdrawn": 1,
        "total": 5,
    }


def test_the_page_shows_how_the_present_players_would_be_seated(two_clubs, evening):
    director = client_for(two_clubs.director)
    checkin = url("tournaments:tournament-checkin", pk=evening.pk)
    assert director.get(checkin).context["plan"]["tables"] is None  # nobody present
    Entry.objects.filter(tournament=evening).update(status=Entry.Status.PRESENT)
    for _ in range(4):
        EntryFactory(tournament=evening)
    plan = director.get(checkin).context["plan"]
    # Nine at Duizenden tables of four (3-5 allowed): one of four and one of five.
    assert (plan["units"], plan["tables"], plan["byes"]) == (9, [(5, 1), (4, 1)], 0)


def test_a_late_arrival_is_registered_and_checked_in_at_once(two_clubs, evening):
    late = MemberFactory(club=two_clubs.a, name="Frits Laat")
    director = client_for(two_clubs.director)
    response = director.post(
        url("tournaments:entry-add", pk=evening.pk),
        {"member": late.pk, "present": "on", "back": "q=x"},
    )
    assert response.status_code == 302
    assert response.url == url("tournaments:tournament-checkin", pk=evening.pk) + "?q=x"
    added = Entry.objects.get(member=late)
    assert (added.tournament, added.status) == (evening, Entry.Status.PRESENT)
    assert added.checked_in_at is not None
    assert ActionLog.objects.get(action="entry.added").data["present"] is True


def test_a_guest_is_registered_by_name(two_clubs, evening):
    director = client_for(two_clubs.director)
    response = director.post(
        url("tournaments:entry-add", pk=evening.pk), {"guest_name": "  Gast Gijs "}
    )
    assert response.status_code == 302
    guest = Entry.objects.get(guest_name="Gast Gijs")
    assert (guest.is_guest, guest.status) == (True, Entry.Status.REGISTERED)
    page = director.get(url("tournaments:tournament-checkin", pk=evening.pk))
    assert "Gast Gijs" in page.content.decode()


def test_only_active_members_not_yet_entered_can_be_chosen(two_clubs, evening):
    MemberFactory(club=two_clubs.a, name="Oud Lid", active=False)
    director = client_for(two_clubs.director)
    page = director.get(url("tournaments:tournament-checkin", pk=evening.pk))
    offered = {m.name for m in page.context["add_form"].fields["member"].queryset}
    assert "Oud Lid" not in offered
    assert "Anna de Wit" not in offered
    assert "Anneke van den Heuvel" in offered
    assert two_clubs.member_b.name not in offered


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"guest_name": "   "},
        {"member": "MEMBER_A", "guest_name": "Gast"},
        {"member": "ENTERED"},
        {"member": "MEMBER_B"},
        {"member": "geen-getal"},
        {"guest_name": "x" * 101},
    ],
)
def test_a_bad_registration_is_explained_and_changes_nothing(two_clubs, evening, data):
    values = {
        "MEMBER_A": two_clubs.member_a.pk,
        "MEMBER_B": two_clubs.member_b.pk,
        "ENTERED": entry(evening, "Anna de Wit").member_id,
    }
    data = {key: values.get(value, value) for key, value in data.items()}
    director = client_for(two_clubs.director)
    before = Entry.objects.count()
    response = director.post(url("tournaments:entry-add", pk=evening.pk), data)
    assert response.status_code == 200
    assert field_errors(response, "add_form")
    assert 'class="errorlist' in response.content.decode()
    assert Entry.objects.count() == before
    assert not ActionLog.objects.filter(action="entry.added").exists()


def test_the_missing_name_is_explained_in_the_users_language(two_clubs, evening):
    director = client_for(two_clubs.director)
    director.cookies["troef_language"] = "en"
    response = director.post(url("tournaments:entry-add", pk=evening.pk), {})
    assert field_errors(response, "add_form") == {"guest_name": ["Type the guest's name."]}
    both = {"member": two_clubs.member_a.pk, "guest_name": "Gast"}
    response = director.post(url("tournaments:entry-add", pk=evening.pk), both)
    assert field_errors(response, "add_form") == {
        "__all__": ["Choose a member or type a guest's name, not both."]
    }


@pytest.mark.parametrize("status", ["", "gone", "PRESENT"])
def test_an_unknown_status_is_a_bad_request(two_clubs, evening, status):
    director = client_for(two_clubs.director)
    response = set_status(director, evening, "Anna de Wit", status)
    assert response.status_code == 400
    assert entry(evening, "Anna de Wit").status == Entry.Status.REGISTERED


def test_an_entry_of_another_tournament_is_not_found(two_clubs, evening):
    other = EntryFactory(tournament=TournamentFactory(club=two_clubs.a))
    theirs = EntryFactory(tournament=TournamentFactory(club=two_clubs.b))
    director = client_for(two_clubs.director)
    for target in (other, theirs):
        response = director.post(
            url("tournaments:entry-status", pk=evening.pk, entry_pk=target.pk),
            {"status": "withdrawn"},
        )
        assert response.status_code == 404
        target.refresh_from_db()
        assert target.status == Entry.Status.PRESENT


def test_a_finished_tournament_refuses_with_a_message(two_clubs, evening):
    Tournament.objects.filter(pk=evening.pk).update(status=Tournament.Status.FINISHED)
    director = client_for(two_clubs.director)
    director.cookies["troef_language"] = "en"
    response = set_status(director, evening, "Anna de Wit", "present")
    assert response.status_code == 302
    assert entry(evening, "Anna de Wit").status == Entry.Status.REGISTERED
    page = director.get(response.url)
    assert "This tournament is finished." in page.content.decode()


def test_a_player_cannot_check_anyone_in(two_clubs, evening):
    player = client_for(two_clubs.player)
    assert set_status(player, evening, "Anna de Wit", "present").status_code == 403
    response = player.post(url("tournaments:entry-add", pk=evening.pk), {"guest_name": "Gast"})
    assert response.status_code == 403
    assert not Entry.objects.filter(status=Entry.Status.PRESENT).exists()
    assert not Entry.objects.filter(guest_name="Gast").exists()


@pytest.mark.parametrize("size", [10, 60])
def test_the_check_in_page_runs_a_fixed_number_of_queries(
    two_clubs, django_assert_max_num_queries, size
):
    tournament = TournamentFactory(club=two_clubs.a)
    for number in range(size):
        EntryFactory(tournament=tournament, status=("present", "registered")[number % 2])
        MemberFactory(club=two_clubs.a)
    director = client_for(two_clubs.director)
    checkin = url("tournaments:tournament-checkin", pk=tournament.pk)
    director.get(checkin)  # the session and the user, loaded once
    with django_assert_max_num_queries(10):
        response = director.get(checkin, {"q": "a"})
    assert response.status_code == 200
    with django_assert_max_num_queries(10):
        page = director.get(checkin)
    rows = page.context["rows"]
    assert sum(1 for row in rows if row.entry is not None) == size
    assert sum(1 for row in rows if row.entry is None) >= size  # the members not entered


def test_with_fixed_teams_the_plan_counts_complete_teams(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a, game="keezen", table_size=4, teams="fixed")
    players = [EntryFactory(tournament=tournament) for _ in range(7)]
    director = client_for(two_clubs.director)
    for number, pair in enumerate([players[0:2], players[2:4], players[4:6]]):
        director.post(
            url("tournaments:team-list", pk=tournament.pk),
            {"name": f"Team {number}", "player_1": pair[0].pk, "player_2": pair[1].pk},
        )
    Entry.objects.filter(pk=players[5].pk).update(status=Entry.Status.REGISTERED)
    page = director.get(url("tournaments:tournament-checkin", pk=tournament.pk))
    plan = page.context["plan"]
    # Teams 0 and 1 are complete; team 2 misses a player; the seventh player has no team.
    assert (plan["units"], plan["tables"], plan["byes"]) == (2, [(2, 1)], 0)
    assert url("tournaments:team-list", pk=tournament.pk) in page.content.decode()
