"""Input found to go wrong over real HTTP (tournaments): a member registered meanwhile got
a misleading "member or guest" error; match points and attendance took numbers no
database column holds; the rounds planned could drop below the rounds drawn. (The result
forms' cases are in tests/results/test_hostile_input.py, the standings page's in
tests/standings_pages/test_tournament.py.)"""

import pytest
from django.utils import translation
from django.utils.translation import gettext

from tournaments.models import Tournament

from ..conftest import client_for
from ..factories import EntryFactory, MemberFactory, TournamentFactory, seat_round
from .helpers import field_errors, tournament_data, url


def test_a_member_registered_meanwhile_gets_only_that_message(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a)
    member = MemberFactory(club=two_clubs.a)
    director = client_for(two_clubs.director)
    EntryFactory(tournament=tournament, member=member)  # the other director was quicker
    response = director.post(url("tournaments:entry-add", pk=tournament.pk), {"member": member.pk})
    assert response.status_code == 200
    errors = field_errors(response, "add_form")
    assert list(errors) == ["member"], errors


@pytest.mark.parametrize("field", ["win_points", "draw_points", "loss_points"])
@pytest.mark.parametrize("value", [40000, 10**30])
def test_match_points_a_database_cannot_hold_are_refused_at_the_field(two_clubs, field, value):
    director = client_for(two_clubs.director)
    response = director.post(url("tournaments:tournament-add"), tournament_data(**{field: value}))
    assert response.status_code == 200
    with translation.override("nl"):
        expected = gettext("Ensure this value is less than or equal to %(limit_value)s.") % {
            "limit_value": 32767
        }
    assert field_errors(response)[field] == [expected]
    assert not Tournament.objects.exists()


def test_an_attendance_a_database_cannot_hold_is_refused_at_the_field(two_clubs):
    director = client_for(two_clubs.director)
    data = {"name": "Seizoen", "game": "duizenden", "best_of": "4", "min_attendance": "40000"}
    response = director.post(url("tournaments:season-add"), data)
    assert response.status_code == 200
    assert "min_attendance" in field_errors(response)


def test_the_rounds_planned_cannot_drop_below_the_rounds_drawn(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a, options={}, rounds_planned=3)
    entries = [EntryFactory(tournament=tournament) for _ in range(4)]
    seat_round(tournament, [entries])
    seat_round(tournament, [entries])
    director = client_for(two_clubs.director)
    edit = url("tournaments:tournament-edit", pk=tournament.pk)
    response = director.post(edit, tournament_data(name=tournament.name, rounds_planned=1))
    assert response.status_code == 200
    assert "rounds_planned" in field_errors(response)
    tournament.refresh_from_db()
    assert tournament.rounds_planned == 3
    response = director.post(edit, tournament_data(name=tournament.name, rounds_planned=2))
    assert response.status_code == 302
