"""Roles are given and taken by club admins; every change leaves a log entry that club
admins can read and nobody can edit."""

import pytest
from django.urls import reverse

from clubs import services
from clubs.models import ActionLog, Member, Role

from .conftest import client_for, password_ok
from .factories import MemberFactory

GRANT = reverse("role-grant", kwargs={"club_slug": "rooi"})


def test_granting_a_role_creates_a_login_for_a_member_without_one(two_clubs):
    member = two_clubs.member_a
    response = client_for(two_clubs.admin).post(
        GRANT,
        {
            "member": member.pk,
            "level": Role.Level.DIRECTOR,
            "username": "anneke",
            "password": "ruiten-boer-1987",
        },
    )
    assert response.status_code == 302
    member.refresh_from_db()
    assert member.user.username == "anneke"
    assert Role.objects.get(user=member.user, club=two_clubs.a).level == Role.Level.DIRECTOR
    assert password_ok("anneke", "ruiten-boer-1987") == member.user
    entry = ActionLog.objects.get(action="role.granted")
    assert entry.data["login_created"] is True
    assert entry.data["level"] == Role.Level.DIRECTOR
    assert "ruiten-boer" not in str(entry.data)


def test_a_member_with_a_login_keeps_it_and_may_belong_to_two_clubs(two_clubs):
    # The director of club A also joins club B and becomes a player there.
    member_b = MemberFactory(club=two_clubs.b, user=two_clubs.director, name="Director Lid")
    services.role_grant(
        club=two_clubs.b, actor=two_clubs.other_admin, member=member_b, level=Role.Level.PLAYER
    )
    assert dict(
        Role.objects.filter(user=two_clubs.director).values_list("club__slug", "level")
    ) == {"rooi": 20, "veghel": 10}
    home_b = client_for(two_clubs.director).get(
        reverse("club-home", kwargs={"club_slug": "veghel"})
    )
    assert home_b.status_code == 200


def test_grant_errors_are_shown_on_the_form(two_clubs):
    roles_before = Role.objects.count()
    admin = client_for(two_clubs.admin)
    no_name = admin.post(GRANT, {"member": two_clubs.member_a.pk, "level": 20})
    assert "username" in no_name.context["form"].errors
    taken = admin.post(
        GRANT,
        {
            "member": two_clubs.member_a.pk,
            "level": 20,
            "username": "PLAYER",
            "password": "ruiten-boer-1987",
        },
    )
    assert taken.context["form"].errors["username"] == ["Deze gebruikersnaam is al in gebruik."]
    weak = admin.post(
        GRANT,
        {
            "member": two_clubs.member_a.pk,
            "level": 20,
            "username": "anneke",
            "password": "12345678",
        },
    )
    assert "password" in weak.context["form"].errors
    other_club = admin.post(
        GRANT,
        {
            "member": two_clubs.member_b.pk,
            "level": 20,
            "username": "bert",
            "password": "ruiten-boer-1987",
        },
    )
    assert "member" in other_club.context["form"].errors
    assert Role.objects.count() == roles_before
    assert not ActionLog.objects.exists()


def test_the_last_admin_cannot_be_revoked(two_clubs):
    admin = client_for(two_clubs.admin)
    role = Role.objects.get(user=two_clubs.admin)
    url = reverse("role-revoke", kwargs={"club_slug": "rooi", "pk": role.pk})
    response = admin.post(url, follow=True)
    assert "laatste beheerder" in response.content.decode()
    assert Role.objects.filter(pk=role.pk).exists()


def test_revoking_a_role(two_clubs):
    role = Role.objects.get(user=two_clubs.player)
    url = reverse("role-revoke", kwargs={"club_slug": "rooi", "pk": role.pk})
    client_for(two_clubs.admin).post(url)
    assert not Role.objects.filter(pk=role.pk).exists()
    assert ActionLog.objects.get().action == "role.revoked"
    # Without a role the club's pages are gone for that user.
    home = reverse("club-home", kwargs={"club_slug": "rooi"})
    assert client_for(two_clubs.player).get(home).status_code == 404


def test_the_log_cannot_be_edited_or_removed(two_clubs):
    entry = services.log_action(
        club=two_clubs.a, actor=two_clubs.admin, action="member.added", data={"name": "X"}
    )
    entry.action = "iets anders"
    with pytest.raises(ActionLog.ImmutableError):
        entry.save()
    with pytest.raises(ActionLog.ImmutableError):
        entry.delete()
    with pytest.raises(ActionLog.ImmutableError):
        ActionLog.objects.filter(pk=entry.pk).update(action="weg")
    with pytest.raises(ActionLog.ImmutableError):
        ActionLog.objects.all().delete()
    assert ActionLog.objects.get(pk=entry.pk).action == "member.added"


def test_the_admin_site_shows_the_log_read_only(two_clubs):
    entry = services.log_action(club=two_clubs.a, actor=None, action="member.added")
    superuser = client_for(two_clubs.superuser)
    change = reverse("admin:clubs_actionlog_change", args=[entry.pk])
    page = superuser.get(change)
    assert page.status_code == 200
    assert 'type="submit"' not in page.content.decode().split('id="content"')[1]
    superuser.post(change, {"action": "weg"})
    assert (
        superuser.post(
            reverse("admin:clubs_actionlog_delete", args=[entry.pk]), {"post": "yes"}
        ).status_code
        == 403
    )
    assert ActionLog.objects.get(pk=entry.pk).action == "member.added"


def test_club_admins_read_their_own_clubs_log_only(two_clubs):
    services.log_action(
        club=two_clubs.a, actor=two_clubs.admin, action="member.added", data={"name": "Rooi Lid"}
    )
    services.log_action(
        club=two_clubs.b,
        actor=two_clubs.other_admin,
        action="member.added",
        data={"name": "Veghel Lid"},
    )
    page = client_for(two_clubs.admin).get(reverse("action-log", kwargs={"club_slug": "rooi"}))
    html = page.content.decode()
    assert "Rooi Lid" in html
    assert "Veghel Lid" not in html
    assert "lid toegevoegd" in html  # the action in words, in Dutch
    found = client_for(two_clubs.admin).get(
        reverse("action-log", kwargs={"club_slug": "rooi"}), {"q": "Rooi"}
    )
    assert found.context["table"].paginator.count == 1


def test_club_admin_changes_in_the_admin_site_are_logged(two_clubs):
    superuser = client_for(two_clubs.superuser)
    response = superuser.post(
        reverse("admin:clubs_club_add"),
        {"name": "Kaartclub Uden", "slug": "uden", "town": "Uden", "language": "nl"},
    )
    assert response.status_code == 302
    entry = ActionLog.objects.get(action="club.created")
    assert entry.club.slug == "uden"
    assert Member.objects.filter(club__slug="uden").count() == 0
