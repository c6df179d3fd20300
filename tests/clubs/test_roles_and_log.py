"""Roles are given and taken by club admins; every change leaves a log entry that club
admins can read and nobody can edit."""

import pytest
from django.urls import reverse

from clubs import services
from clubs.models import ActionLog, Member, Role

from ..conftest import client_for, password_ok
from ..factories import MemberFactory

GRANT = reverse("clubs:role-grant", kwargs={"club_slug": "rooi"})


def grant(client, member, level=20, password="ruiten-boer-1987", **fields):
    """Post the grant form for `member` (a new login needs `username`)."""
    return client.post(GRANT, {"member": member.pk, "level": level, "password": password, **fields})


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
        reverse("clubs:club-home", kwargs={"club_slug": "veghel"})
    )
    assert home_b.status_code == 200


def test_grant_errors_are_shown_on_the_form(two_clubs):
    roles_before = Role.objects.count()
    admin = client_for(two_clubs.admin)
    no_name = admin.post(GRANT, {"member": two_clubs.member_a.pk, "level": 20})
    assert "username" in no_name.context["form"].errors
    taken = grant(admin, two_clubs.member_a, level=20, username="PLAYER")
    assert taken.context["form"].errors["username"] == ["Deze gebruikersnaam is al in gebruik."]
    weak = grant(admin, two_clubs.member_a, level=20, username="anneke", password="12345678")
    assert "password" in weak.context["form"].errors
    other_club = grant(admin, two_clubs.member_b, level=20, username="bert")
    assert "member" in other_club.context["form"].errors
    assert Role.objects.count() == roles_before
    assert not ActionLog.objects.exists()


def test_the_last_admin_cannot_be_revoked(two_clubs):
    admin = client_for(two_clubs.admin)
    role = Role.objects.get(user=two_clubs.admin)
    url = reverse("clubs:role-revoke", kwargs={"club_slug": "rooi", "pk": role.pk})
    response = admin.post(url, follow=True)
    assert "laatste beheerder" in response.content.decode()
    assert Role.objects.filter(pk=role.pk).exists()


def test_revoking_a_role(two_clubs):
    role = Role.objects.get(user=two_clubs.player)
    url = reverse("clubs:role-revoke", kwargs={"club_slug": "rooi", "pk": role.pk})
    client_for(two_clubs.admin).post(url)
    assert not Role.objects.filter(pk=role.pk).exists()
    assert ActionLog.objects.get().action == "role.revoked"
    # Without a role the club's pages are gone for that user.
    home = reverse("clubs:club-home", kwargs={"club_slug": "rooi"})
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
    page = client_for(two_clubs.admin).get(
        reverse("clubs:action-log", kwargs={"club_slug": "rooi"})
    )
    html = page.content.decode()
    assert "Rooi Lid" in html
    assert "Veghel Lid" not in html
    assert "lid toegevoegd" in html  # the action in words, in Dutch
    found = client_for(two_clubs.admin).get(
        reverse("clubs:action-log", kwargs={"club_slug": "rooi"}), {"q": "Rooi"}
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


def test_the_last_admin_cannot_demote_themselves(two_clubs):
    admin_member = Member.objects.get(user=two_clubs.admin)
    response = client_for(two_clubs.admin).post(
        GRANT, {"member": admin_member.pk, "level": Role.Level.DIRECTOR}
    )
    assert response.status_code == 200
    assert "laatste beheerder" in str(response.context["form"].errors["level"])
    assert Role.objects.get(user=two_clubs.admin).level == Role.Level.ADMIN


def test_an_admin_may_step_down_when_there_is_another(two_clubs):
    services.role_grant(
        club=two_clubs.a,
        actor=two_clubs.admin,
        member=Member.objects.get(user=two_clubs.director),
        level=Role.Level.ADMIN,
    )
    services.role_grant(
        club=two_clubs.a,
        actor=two_clubs.admin,
        member=Member.objects.get(user=two_clubs.admin),
        level=Role.Level.PLAYER,
    )
    assert Role.objects.get(user=two_clubs.admin).level == Role.Level.PLAYER


def test_usernames_are_normalised_and_checked(two_clubs):
    admin = client_for(two_clubs.admin)
    bad = grant(admin, two_clubs.member_a, level=10, username="a/b<c>")
    assert "username" in bad.context["form"].errors
    wide = grant(admin, two_clubs.member_a, level=10, username="\uff4a\uff41\uff4e")  # "jan"
    assert wide.status_code == 302
    two_clubs.member_a.refresh_from_db()
    assert two_clubs.member_a.user.username == "jan"  # as the login form will read it


def password_url(two_clubs, user):
    role = Role.objects.get(user=user, club=two_clubs.a)
    return reverse("clubs:role-password", kwargs={"club_slug": "rooi", "pk": role.pk})


NEW = {"new_password1": "harten-vrouw-77", "new_password2": "harten-vrouw-77"}


def test_an_admin_sets_a_new_password_for_a_player(two_clubs):
    response = client_for(two_clubs.admin).post(password_url(two_clubs, two_clubs.player), NEW)
    assert response.status_code == 302
    assert password_ok("player", "harten-vrouw-77") == two_clubs.player
    entry = ActionLog.objects.get(action="login.password_set")
    assert entry.data == {"user": "player"}


def test_a_new_password_must_be_typed_twice_and_be_strong(two_clubs):
    admin = client_for(two_clubs.admin)
    url = password_url(two_clubs, two_clubs.player)
    mismatch = admin.post(url, {**NEW, "new_password2": "anders-dan-dat-9"})
    assert "new_password2" in mismatch.context["form"].errors
    weak = admin.post(url, {"new_password1": "12345678", "new_password2": "12345678"})
    assert "new_password2" in weak.context["form"].errors
    assert not ActionLog.objects.exists()


def test_an_admin_cannot_set_the_password_of_someone_in_another_club(two_clubs):
    # The player of club A is also admin of club B: club A's admin must not be able to
    # take over club B through that login.
    member_b = MemberFactory(club=two_clubs.b, user=two_clubs.player)
    Role.objects.create(club=two_clubs.b, user=two_clubs.player, level=Role.Level.ADMIN)
    response = client_for(two_clubs.admin).post(password_url(two_clubs, two_clubs.player), NEW)
    assert response.status_code == 200
    assert "club die je niet beheert" in str(response.context["form"].errors)
    assert password_ok("player", "harten-vrouw-77") is None
    # A site administrator may.
    client_for(two_clubs.superuser).post(password_url(two_clubs, two_clubs.player), NEW)
    assert password_ok("player", "harten-vrouw-77") == two_clubs.player
    assert member_b.club == two_clubs.b


def test_club_settings_are_saved_and_logged(two_clubs):
    url = reverse("clubs:club-settings", kwargs={"club_slug": "rooi"})
    response = client_for(two_clubs.admin).post(
        url,
        {
            "name": "Spellenclub Rooi",
            "town": "Sint-Oedenrode",
            "language": "de",
            "standings_public": "on",
        },
    )
    assert response.status_code == 302
    two_clubs.a.refresh_from_db()
    assert (two_clubs.a.language, two_clubs.a.standings_public) == ("de", True)
    entry = ActionLog.objects.get(action="club.changed")
    assert entry.data["changes"] == {"language": ["nl", "de"], "standings_public": [False, True]}
    bad = client_for(two_clubs.admin).post(url, {"name": "", "language": "xx"})
    assert set(bad.context["form"].errors) == {"name", "language"}


def test_the_log_finds_accented_names_and_shows_data_in_words(two_clubs):
    services.member_create(
        club=two_clubs.a, actor=two_clubs.admin, name="José Müller", membership_number="R077"
    )
    services.role_grant(
        club=two_clubs.a,
        actor=two_clubs.admin,
        member=Member.objects.get(membership_number="R077"),
        level=Role.Level.DIRECTOR,
        username="jose",
        password="ruiten-boer-1987",
    )
    url = reverse("clubs:action-log", kwargs={"club_slug": "rooi"})
    admin = client_for(two_clubs.admin)
    assert admin.get(url, {"q": "Müller"}).context["table"].paginator.count == 2
    assert admin.get(url, {"q": "name"}).context["table"].paginator.count == 0  # not keys
    html = admin.get(url).content.decode()
    assert "rol: <code>wedstrijdleider</code>" in html
    assert "inlog aangemaakt: <code>ja</code>" in html


def test_an_admin_setting_their_own_password_stays_logged_in(two_clubs):
    admin = client_for(two_clubs.admin)
    assert admin.post(password_url(two_clubs, two_clubs.admin), NEW).status_code == 302
    home = reverse("clubs:club-home", kwargs={"club_slug": "rooi"})
    assert admin.get(home).status_code == 200
    assert password_ok("admin", "harten-vrouw-77") == two_clubs.admin


def _club_and_evening_log(two_clubs):
    """Club A's log: member and role changes (admin only) and an evening's actions."""
    import datetime

    from tournaments import services as tournament_services

    services.member_create(
        club=two_clubs.a, actor=two_clubs.admin, name="Geheim Lid", membership_number="R090"
    )
    services.role_grant(
        club=two_clubs.a,
        actor=two_clubs.admin,
        member=Member.objects.get(membership_number="R090"),
        level=Role.Level.PLAYER,
        username="geheim",
        password="ruiten-boer-1987",
    )
    tournament = tournament_services.tournament_create(
        club=two_clubs.a, actor=two_clubs.director, name="Dinsdagavond",
        date=datetime.date(2026, 12, 1), game="duizenden", table_size=4,
    )  # fmt: skip
    tournament_services.entry_add(
        tournament=tournament, actor=two_clubs.director, guest_name="Gast Gerda"
    )
    services.log_action(  # club B's evening: never in club A's log
        club=two_clubs.b, actor=two_clubs.other_director, action="tournament.created",
        data={"tournament": 0, "evening": "Veghelse avond"},
    )  # fmt: skip
    return tournament


ADMIN_ONLY = {"member.added", "role.granted"}
EVENING = {"tournament.created", "entry.added"}


def test_directors_read_their_clubs_evenings_in_the_log_but_not_members_and_roles(two_clubs):
    _club_and_evening_log(two_clubs)
    url = reverse("clubs:action-log", kwargs={"club_slug": "rooi"})
    director = client_for(two_clubs.director).get(url)
    assert director.status_code == 200
    shown = {row.record.action for row in director.context["table"].page.object_list}
    assert shown == EVENING
    html = director.content.decode()
    assert "Dinsdagavond" in html and "Gast Gerda" in html
    assert "Geheim Lid" not in html and "geheim" not in html and "Veghelse" not in html
    assert "Wijzigingen in leden, rollen en inlogs zien alleen de beheerders" in html
    # The action filter offers only what a director can find; asking for more finds nothing.
    offered = {value for value, _label in director.context["filter"].form["action"].field.choices}
    assert "round.drawn" in offered and "result.confirmed" in offered
    assert not offered & {"member.added", "role.granted", "club.changed", "login.password_set"}
    asked = client_for(two_clubs.director).get(url, {"action": "role.granted"})
    assert asked.status_code == 200 and "Geheim" not in asked.content.decode()
    found = client_for(two_clubs.director).get(url, {"q": "Geheim"})
    assert found.context["table"].paginator.count == 0
    # The export holds the same rows.
    export = client_for(two_clubs.director).get(url, {"_export": "csv"})
    text = b"".join(export.streaming_content if export.streaming else [export.content])
    text = text.decode("utf-8-sig")
    assert "entry.added" in text and "member.added" not in text and "role.granted" not in text
    # The admin reads everything of club A.
    admin = client_for(two_clubs.admin).get(url)
    everything = {row.record.action for row in admin.context["table"].page.object_list}
    assert everything == ADMIN_ONLY | EVENING
    assert "Geheim Lid" in admin.content.decode()


def test_the_directors_log_holds_every_kind_of_evening_action(two_clubs):
    from clubs.selectors import action_log, is_evening_action
    from clubs.tables import ACTION_LABELS

    for action in ACTION_LABELS:
        services.log_action(club=two_clubs.a, actor=two_clubs.admin, action=action, data={})
    # Anything logged about a tournament is the evening's, whatever it is called.
    services.log_action(club=two_clubs.a, actor=None, action="someday.new", data={"tournament": 1})
    seen = set(action_log(two_clubs.a, evenings_only=True).values_list("action", flat=True))
    assert seen == {a for a in ACTION_LABELS if is_evening_action(a)} | {"someday.new"}
    for action in ("round.drawn", "round.undrawn", "seats.swapped", "result.confirmed",
                   "result.corrected", "dispute.saved", "tournament.finished"):  # fmt: skip
        assert action in seen
    for action in ("club.changed", "member.added", "members.imported", "role.granted",
                   "role.revoked", "login.password_set"):  # fmt: skip
        assert action not in seen
    assert set(action_log(two_clubs.a).values_list("action", flat=True)) == {
        *ACTION_LABELS,
        "someday.new",
    }


def test_a_director_finds_the_log_in_the_club_menu_a_player_does_not(two_clubs):
    home = reverse("clubs:club-home", kwargs={"club_slug": "rooi"})
    log = reverse("clubs:action-log", kwargs={"club_slug": "rooi"})
    assert log in client_for(two_clubs.director).get(home).content.decode()
    assert log not in client_for(two_clubs.player).get(home).content.decode()
    assert client_for(two_clubs.player).get(log).status_code == 403
    assert client_for(two_clubs.other_director).get(log).status_code == 404
