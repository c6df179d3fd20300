"""The first start in the browser (issue 38): an empty site opens on "Nieuwe club
beginnen" on the laptop itself, asks other devices for the venue's one-time code, is gone
for good once the first club exists, and makes one club when two set-ups come at once.
And a site administrator adds a further club and its first admin without Django's admin.
"""

from __future__ import annotations

import io
import threading

import openpyxl
import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.urls import reverse

from clubs import first_start, selectors, tries
from clubs.models import ActionLog, Club, Member, Role, SiteSetup

from ..conftest import client_for, password_ok

SETUP = reverse("clubs:first-start")
DEMO = reverse("demo:first-start-demo")
MANAGE = reverse("clubs:club-manage")
LAPTOP = "127.0.0.1"
PHONE = "192.168.1.23"
PASSWORD = "Klaveren-Aas-2026"

CLUB = {
    "name": "Kaartclub De Troef",
    "town": "Uden",
    "language": "nl",
    "admin_name": "Ria van Dijk",
    "username": "ria",
    "password": PASSWORD,
    "password_again": PASSWORD,
}

#: 24 members, as a club's secretary saves them from Excel (semicolons, Windows text).
MEMBERS_CSV = "naam;lidnummer;email;telefoon\n" + "".join(
    f"Lid {number:02d};K{number:03d};lid{number}@example.nl;0413 4{number:05d}\n"
    for number in range(1, 25)
)


def browser(address: str = LAPTOP, language: str = "nl") -> Client:
    return Client(REMOTE_ADDR=address, HTTP_ACCEPT_LANGUAGE=language)


def page_text(response) -> str:
    return " ".join(response.content.decode().split())


# --- an empty site, on the laptop itself -----------------------------------------------


@pytest.mark.parametrize(
    ("language", "title"),
    [("nl", "Nieuwe club beginnen"), ("de", "Neuen Verein anlegen"), ("en", "Start a new club")],
)
def test_an_empty_site_opens_on_set_up_in_the_browsers_language(db, language, title):
    laptop = browser(language=language)
    front = laptop.get("/")
    assert front.status_code == 302
    assert front["Location"] == SETUP
    page = laptop.get(SETUP)
    assert page.status_code == 200
    assert f"<h1>{title}</h1>" in page.content.decode()
    assert page.context["form"]["language"].value() == language  # the club's, by default
    for field in ("name", "town", "language", "admin_name", "username", "password", "members"):
        assert f'name="{field}"' in page.content.decode()


def test_set_up_makes_the_club_and_logs_its_first_admin_in(db):
    laptop = browser()
    response = laptop.post(SETUP, CLUB)
    club = Club.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("clubs:club-home", kwargs={"club_slug": club.slug})
    assert (club.name, club.town, club.language, club.slug) == (
        "Kaartclub De Troef",
        "Uden",
        "nl",
        "kaartclub-de-troef",
    )
    ria = password_ok("ria", PASSWORD)
    assert ria is not None and ria.first_name == "Ria van Dijk"
    assert not ria.is_superuser and not ria.is_staff  # /admin/ stays for developers
    assert Role.objects.get(user=ria).level == Role.Level.ADMIN
    assert not Member.objects.exists()  # no membership number given: no member
    home = laptop.get(response["Location"])
    assert home.status_code == 200  # logged in, as the club's admin
    assert home.context["is_admin"]
    actions = set(ActionLog.objects.filter(club=club).values_list("action", "actor_name"))
    assert actions == {("club.created", "ria"), ("role.granted", "ria")}
    assert SiteSetup.objects.get().done_at is not None


def test_the_admins_membership_number_makes_them_the_first_member(db):
    browser().post(SETUP, {**CLUB, "membership_number": "K001"})
    member = Member.objects.get()
    assert (member.name, member.membership_number, member.user.username) == (
        "Ria van Dijk",
        "K001",
        "ria",
    )


def test_after_the_first_club_set_up_is_gone_for_good(db):
    assert browser().post(SETUP, CLUB).status_code == 302
    before = (Club.objects.count(), get_user_model().objects.count(), ActionLog.objects.count())
    laptop = browser()
    assert laptop.get(SETUP).status_code == 404
    again = laptop.post(SETUP, {**CLUB, "name": "Tweede club", "username": "piet"})
    assert again.status_code == 404
    assert laptop.post(DEMO).status_code == 404
    after = (Club.objects.count(), get_user_model().objects.count(), ActionLog.objects.count())
    assert after == before
    front = laptop.get("/")
    assert front.status_code == 200  # the clubs, no more redirect
    assert SETUP not in front.content.decode()
    # Gone for good: the venue makes no code any more either.
    assert first_start.code_for_venue() is None


def test_a_club_made_another_way_closes_set_up_too(two_clubs):
    assert browser().get(SETUP).status_code == 404
    assert browser().post(SETUP, CLUB).status_code == 404
    assert Club.objects.count() == 2


def test_the_empty_front_page_no_longer_sends_people_to_the_admin_pages(db):
    SiteSetup.objects.create(pk=1, done_at="2026-01-01T00:00Z")  # set up, then emptied
    front = browser().get("/")
    assert front.status_code == 200
    text = page_text(front)
    assert "Nog geen clubs." in text
    assert "beheerpagina" not in text


# --- errors in words -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("nl", ["Dit wachtwoord is te kort", "Dit wachtwoord is te algemeen."]),
        ("de", ["Dieses Passwort ist zu kurz", "Dieses Passwort ist zu üblich."]),
        ("en", ["This password is too short", "This password is too common."]),
    ],
)
def test_a_weak_password_is_refused_in_the_users_language(db, language, words):
    weak = {**CLUB, "password": "qwerty", "password_again": "qwerty"}
    response = browser(language=language).post(SETUP, weak)
    assert response.status_code == 200
    errors = " ".join(response.context["form"].errors["password"])
    for word in words:
        assert word in errors
    assert word in page_text(response)
    assert not Club.objects.exists() and not get_user_model().objects.exists()


def test_missing_fields_and_differing_passwords_are_told_and_nothing_is_made(db):
    response = browser().post(
        SETUP, {**CLUB, "name": "", "username": "", "password_again": "Klaveren-Aas-2027"}
    )
    errors = response.context["form"].errors
    assert set(errors) == {"name", "username", "password_again"}
    assert "Dit veld is verplicht." in errors["name"]
    assert "De twee wachtwoorden verschillen" in errors["password_again"][0]
    assert response.context["form"]["name"].value() == ""
    assert response.context["form"]["town"].value() == "Uden"  # kept for the next try
    assert not Club.objects.exists()


def test_a_user_name_already_taken_is_told(db):
    get_user_model().objects.create_user("ria", password="iets-anders-99")
    response = browser().post(SETUP, {**CLUB, "username": "RIA"})
    assert "Deze gebruikersnaam is al in gebruik." in response.context["form"].errors["username"]
    assert not Club.objects.exists()


# --- the member list, through the member import's preview ------------------------------


def test_set_up_with_a_member_list_shows_its_preview_then_imports_24(db):
    laptop = browser()
    upload = SimpleUploadedFile("leden.csv", MEMBERS_CSV.encode("cp1252"), "text/csv")
    preview = laptop.post(SETUP, {**CLUB, "members": upload})
    assert preview.status_code == 200
    assert preview.templates[0].name == "clubs/member_import_preview.html"
    assert preview.context["counts"] == {"new": 24, "update": 0, "unchanged": 0, "error": 0}
    club = Club.objects.get()
    assert not Member.objects.exists()  # the preview saves nothing
    assert "Kaartclub De Troef is klaar en jij bent de beheerder." in page_text(preview)
    # Confirmed as any member import is: the admin is logged in by now.
    payload = preview.context["payload"]
    done = laptop.post(
        reverse("clubs:member-import", kwargs={"club_slug": club.slug}), {"payload": payload}
    )
    assert done.status_code == 302
    assert club.members.count() == 24
    assert club.members.get(membership_number="K007").email == "lid7@example.nl"


def test_set_up_takes_an_excel_member_list(db):
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Naam", "Lidnummer", "E-mail"])
    sheet.append(["Ria van Dijk", 25, None])  # the admin; a number typed as a number
    sheet.append(["Mieke Verhoeven", "R026", None])
    data = io.BytesIO()
    book.save(data)
    upload = SimpleUploadedFile("leden.xlsx", data.getvalue())
    preview = browser().post(SETUP, {**CLUB, "membership_number": "25", "members": upload})
    rows = {row.membership_number: row for row in preview.context["rows"]}
    assert rows["25"].status == "unchanged"  # the admin, made member 25 at set-up
    assert rows["R026"].status == "new" and rows["R026"].name == "Mieke Verhoeven"


def test_an_unreadable_member_list_makes_nothing_and_says_why(db):
    upload = SimpleUploadedFile("leden.csv", b"voornaam;achternaam\nJan;Smits\n")
    response = browser().post(SETUP, {**CLUB, "members": upload})
    assert response.status_code == 200
    assert (
        "De eerste regel moet de kolommen benoemen" in response.context["form"].errors["members"][0]
    )
    assert not Club.objects.exists()
    broken = SimpleUploadedFile("leden.xlsx", b"PK\x03\x04 not really a workbook")
    response = browser().post(SETUP, {**CLUB, "members": broken})
    assert "Excel" in response.context["form"].errors["members"][0]
    assert not Club.objects.exists()


# --- from another device: the one-time code ------------------------------------------


def test_another_device_is_asked_for_the_code_and_told_where_it_is(db):
    phone = browser(PHONE)
    assert phone.get("/")["Location"] == SETUP
    page = phone.get(SETUP)
    assert page.status_code == 403
    text = page_text(page)
    assert "startcode" in text  # in Dutch
    assert "troef venue" in text and "127.0.0.1" in text
    assert 'name="code"' in text
    # The set-up itself, sent without the code, is refused and makes nothing.
    assert phone.post(SETUP, CLUB).status_code == 403
    assert not Club.objects.exists()


def test_without_a_venue_there_is_no_code_to_give(db):
    response = browser(PHONE).post(SETUP, {"code": "ABCD-EFGH"})
    assert response.status_code == 403
    assert "Er is nog geen code" in response.context["form"].errors["code"][0]


def test_the_venues_code_opens_set_up_on_another_device(db):
    code = first_start.code_for_venue()
    assert len(code) == 9 and code[4] == "-"
    phone = browser(PHONE)
    wrong = phone.post(SETUP, {"code": "ZZZZ-ZZZZ"})
    assert wrong.status_code == 403
    assert "Dat is niet de code." in wrong.context["form"].errors["code"][0]
    typed = f" {code.lower().replace('-', ' ')} "  # as typed from the terminal, roughly
    assert phone.post(SETUP, {"code": typed})["Location"] == SETUP
    assert phone.get(SETUP).status_code == 200
    assert phone.post(SETUP, CLUB).status_code == 302
    assert Club.objects.count() == 1
    assert browser(PHONE).get(SETUP).status_code == 404


def test_a_new_venue_start_makes_a_new_code_and_the_old_one_stops_working(db):
    old = first_start.code_for_venue()
    phone = browser(PHONE)
    assert phone.post(SETUP, {"code": old}).status_code == 302
    new = first_start.code_for_venue()
    assert new != old
    assert phone.get(SETUP).status_code == 403  # the browser's code was the old one
    assert browser(PHONE).post(SETUP, {"code": old}).status_code == 403


def test_wrong_codes_are_limited_even_the_right_one_is_then_not_checked(db):
    code = first_start.code_for_venue()
    guesser = browser("192.168.1.66")
    for _ in range(first_start.TRIES):
        assert guesser.post(SETUP, {"code": "AAAA-AAAA"}).status_code == 403
    right = browser(PHONE).post(SETUP, {"code": code})
    assert right.status_code == 403
    assert "Te veel verkeerde codes" in right.context["form"].errors["code"][0]
    # The laptop itself needs no code, so it is not locked out.
    assert browser().get(SETUP).status_code == 200
    tries.clear(first_start.TRIES_KEY)  # a quarter of an hour later
    assert browser(PHONE).post(SETUP, {"code": code}).status_code == 302


def test_a_proxy_on_the_laptop_does_not_make_every_caller_local(db):
    proxied = Client(REMOTE_ADDR=LAPTOP, HTTP_X_FORWARDED_FOR="203.0.113.9")
    assert proxied.get(SETUP).status_code == 403
    assert browser("::1").get(SETUP).status_code == 200


def test_the_demo_button_needs_the_laptop_or_the_code_too(db):
    assert browser(PHONE).post(DEMO).status_code == 403
    assert not Club.objects.exists()
    assert browser().get(DEMO).status_code == 405


# --- two set-ups at the same moment ----------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_two_set_ups_at_the_same_moment_make_one_club(monkeypatch):
    """Both requests pass the page's own check (no club yet) before either saves: the
    set-up row's lock and the second look inside it leave one club."""
    real_open = selectors.setup_open
    both_checked = threading.Barrier(2, timeout=20)
    seen = threading.local()

    def open_then_wait():
        result = real_open()
        if not getattr(seen, "once", False):  # the view's check, not the service's
            seen.once = True
            both_checked.wait()
        return result

    monkeypatch.setattr(selectors, "setup_open", open_then_wait)
    answers = []

    def set_up(name, username):
        try:
            answers.append(browser().post(SETUP, {**CLUB, "name": name, "username": username}))
        finally:
            connection.close()

    threads = [
        threading.Thread(target=set_up, args=("Club Een", "een")),
        threading.Thread(target=set_up, args=("Club Twee", "twee")),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(answer.status_code for answer in answers) == [302, 404]
    assert Club.objects.count() == 1
    assert Role.objects.count() == 1
    assert get_user_model().objects.count() == 1


# --- a site administrator adds a further club ----------------------------------------


@pytest.mark.parametrize(
    ("language", "title"),
    [("nl", "Clubs beheren"), ("de", "Vereine verwalten"), ("en", "Manage clubs")],
)
def test_a_site_administrator_manages_clubs_in_the_site(two_clubs, language, title):
    superuser = client_for(two_clubs.superuser)
    superuser.cookies[settings.LANGUAGE_COOKIE_NAME] = language  # the language menu
    page = superuser.get(MANAGE)
    assert page.status_code == 200
    assert f"<h1>{title}</h1>" in page.content.decode()
    assert "Spellenclub Rooi" in page.content.decode()
    front = superuser.get("/")
    assert MANAGE in front.content.decode()


def test_a_site_administrator_adds_a_club_and_its_first_admin(two_clubs):
    superuser = client_for(two_clubs.superuser)
    new = {**CLUB, "name": "Spellenclub Rooi", "username": "uden-admin", "language": "de"}
    response = superuser.post(MANAGE, new)
    assert response.status_code == 302
    club = Club.objects.exclude(pk__in=[two_clubs.a.pk, two_clubs.b.pk]).get()
    assert (club.name, club.slug, club.language) == ("Spellenclub Rooi", "spellenclub-rooi", "de")
    created = ActionLog.objects.get(club=club, action="club.created")
    assert created.actor == two_clubs.superuser
    admin = client_for(password_ok("uden-admin", PASSWORD))
    assert admin.get(reverse("clubs:role-list", kwargs={"club_slug": club.slug})).status_code == 200
    assert admin.get(reverse("clubs:role-list", kwargs={"club_slug": "rooi"})).status_code == 404
    assert "is toegevoegd" in page_text(superuser.get(MANAGE))


def test_adding_a_club_explains_its_errors_and_makes_nothing(two_clubs):
    superuser = client_for(two_clubs.superuser)
    superuser.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    response = superuser.post(
        MANAGE,
        {**CLUB, "username": "admin", "password": "12345678", "password_again": "12345678"},
    )
    assert set(response.context["form"].errors) == {"username", "password"}
    text = page_text(response)
    assert "Dieser Benutzername ist bereits vergeben." in text
    assert "Dieses Passwort ist zu üblich." in text
    assert Club.objects.count() == 2


def test_only_a_site_administrator_adds_clubs(two_clubs):
    assert client_for(None).get(MANAGE).status_code == 302  # to the login page
    assert client_for(two_clubs.admin).get(MANAGE).status_code == 403
    assert client_for(two_clubs.admin).post(MANAGE, CLUB).status_code == 403
    assert Club.objects.count() == 2
    assert MANAGE not in client_for(two_clubs.admin).get("/").content.decode()


# --- the demo instead -----------------------------------------------------------------


def test_trying_the_demo_first_then_starting_the_clubs_own(db):
    laptop = browser()
    loaded = laptop.post(DEMO)
    assert loaded.status_code == 302 and loaded["Location"] == reverse("clubs:front")
    assert set(Club.objects.values_list("slug", flat=True)) == {"rooi", "veghel", "klaverjas"}
    front = laptop.get("/")
    text = page_text(front)
    assert "rooi-director" in text and "troef-demo" in text  # how to log in
    assert f'href="{SETUP}"' in front.content.decode()  # and the way to the own club
    # Only demo clubs: set-up is still there (from the laptop, or with the code).
    assert first_start.code_for_venue() is not None
    assert laptop.post(SETUP, CLUB).status_code == 302
    assert laptop.get(SETUP).status_code == 404
    assert SETUP not in laptop.get("/").content.decode()
    assert Club.objects.count() == 4  # the three demo clubs and the own
