"""Importing members from CSV: preview with an error per bad row, nothing saved until
confirmed, and the confirmation cannot be forged."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from clubs.importing import ImportFileError, parse_members_csv
from clubs.models import ActionLog, Member

from ..conftest import client_for

URL = reverse("clubs:member-import", kwargs={"club_slug": "rooi"})


def upload(client, content: bytes, name="leden.csv"):
    return client.post(URL, {"file": SimpleUploadedFile(name, content, "text/csv")})


def payload_of(response) -> str:
    return re.search(r'name="payload" value="([^"]+)"', response.content.decode()).group(1)


GOOD = (
    b"naam;lidnummer;email;telefoon;actief\n"
    b"Jan van den Heuvel;R025;jan@example.nl;0413 123456;ja\n"
    b"Mieke Verhoeven;R026;;;nee\n"
    b"Anneke van den Heuvel;R001;anneke@example.nl;;ja\n"  # R001 exists: an update
)


def test_preview_saves_nothing_and_confirm_saves_all(two_clubs):
    admin = client_for(two_clubs.admin)
    before = Member.objects.count()
    preview = upload(admin, GOOD)
    assert preview.status_code == 200
    assert preview.context["counts"] == {"new": 2, "update": 1, "unchanged": 0, "error": 0}
    assert Member.objects.count() == before
    assert not ActionLog.objects.exists()

    done = admin.post(URL, {"payload": payload_of(preview), "confirm": "1"})
    assert done.status_code == 302
    assert Member.objects.count() == before + 2
    mieke = Member.objects.get(club=two_clubs.a, membership_number="R026")
    assert (mieke.name, mieke.active) == ("Mieke Verhoeven", False)
    two_clubs.member_a.refresh_from_db()
    assert two_clubs.member_a.email == "anneke@example.nl"
    entry = ActionLog.objects.get()
    assert entry.action == "members.imported"
    assert (entry.data["added"], entry.data["updated"]) == (2, 1)


def test_every_bad_row_gets_its_own_error_and_blocks_the_import(two_clubs):
    content = (
        b"name,membership number,email,phone\n"
        b"Goed Lid,R030,goed@example.nl,0612345678\n"
        b",R031,,\n"  # line 3: no name
        b"Geen Nummer,,,\n"  # line 4: no number
        b"Fout Adres,R032,niet-een-adres,\n"  # line 5: bad email
        b"Dubbel,R030,,\n"  # line 6: number also on line 2
        b"Rare Telefoon,R033,,bel maar\n"  # line 7: bad phone
    )
    response = upload(client_for(two_clubs.admin), content)
    rows = {row.line: row for row in response.context["rows"]}
    assert rows[2].status == "new"
    assert rows[3].errors == ["De naam ontbreekt."]
    assert rows[4].errors == ["Het lidnummer ontbreekt."]
    assert rows[5].errors == ["“niet-een-adres” is geen e-mailadres."]
    assert rows[6].errors == ["Lidnummer R030 staat ook op regel 2."]
    assert rows[7].errors == ["“bel maar” is geen telefoonnummer."]
    assert response.context["counts"]["error"] == 5
    assert 'name="payload"' not in response.content.decode()
    assert not Member.objects.filter(membership_number="R030").exists()


def test_a_forged_payload_is_refused(two_clubs):
    admin = client_for(two_clubs.admin)
    payload = payload_of(upload(admin, GOOD))
    forged = payload[:-3] + ("AAA" if not payload.endswith("AAA") else "BBB")
    response = admin.post(URL, {"payload": forged, "confirm": "1"})
    assert response.status_code == 400
    assert Member.objects.filter(membership_number="R025").count() == 0


def test_a_payload_for_another_club_is_refused(two_clubs):
    # Club B's admin previews a file, then posts the payload to club A's import page as
    # club A's admin: the signature is bound to club B.
    other = client_for(two_clubs.other_admin)
    url_b = reverse("clubs:member-import", kwargs={"club_slug": "veghel"})
    preview = other.post(url_b, {"file": SimpleUploadedFile("l.csv", GOOD, "text/csv")})
    response = client_for(two_clubs.admin).post(
        URL, {"payload": payload_of(preview), "confirm": "1"}
    )
    assert response.status_code == 400


def test_a_number_added_meanwhile_makes_the_confirmation_refuse(two_clubs):
    admin = client_for(two_clubs.admin)
    preview = upload(admin, GOOD)
    Member.objects.create(club=two_clubs.a, name="Snel Ertussen", membership_number="R025")
    response = admin.post(URL, {"payload": payload_of(preview), "confirm": "1"}, follow=True)
    assert "regels 2 werden na het voorbeeld gewijzigd" in response.content.decode()
    assert Member.objects.get(club=two_clubs.a, membership_number="R025").name == "Snel Ertussen"
    assert not Member.objects.filter(membership_number="R026").exists()  # all or nothing
    assert not ActionLog.objects.filter(action="members.imported").exists()


def test_an_edit_after_the_preview_is_not_overwritten(two_clubs):
    admin = client_for(two_clubs.admin)
    preview = upload(admin, GOOD)  # would change R001's email only
    two_clubs.member_a.email = "nieuw@example.nl"
    two_clubs.member_a.save()
    admin.post(URL, {"payload": payload_of(preview), "confirm": "1"})
    two_clubs.member_a.refresh_from_db()
    assert two_clubs.member_a.email == "nieuw@example.nl"
    assert not Member.objects.filter(membership_number="R025").exists()


def test_a_preview_confirmed_twice_is_applied_once(two_clubs):
    admin = client_for(two_clubs.admin)
    payload = payload_of(upload(admin, GOOD))
    admin.post(URL, {"payload": payload, "confirm": "1"})
    two_clubs.member_a.refresh_from_db()
    assert two_clubs.member_a.email == "anneke@example.nl"
    Member.objects.filter(pk=two_clubs.member_a.pk).update(email="later@example.nl")
    admin.post(URL, {"payload": payload, "confirm": "1"})
    two_clubs.member_a.refresh_from_db()
    assert two_clubs.member_a.email == "later@example.nl"
    assert ActionLog.objects.filter(action="members.imported").count() == 1


def test_missing_columns_and_empty_cells_leave_values_alone(two_clubs):
    member = two_clubs.member_a
    member.phone = "0413 111111"
    member.active = False
    member.save()
    content = b"naam;lidnummer;telefoon;actief\nAnneke Swinkels;R001;;\n"
    admin = client_for(two_clubs.admin)
    preview = upload(admin, content)
    (row,) = preview.context["rows"]
    assert row.changes == {"name": ("Anneke van den Heuvel", "Anneke Swinkels")}
    admin.post(URL, {"payload": payload_of(preview), "confirm": "1"})
    member.refresh_from_db()
    assert (member.name, member.email, member.phone, member.active) == (
        "Anneke Swinkels",
        "r001@example.nl",
        "0413 111111",
        False,
    )
    entry = ActionLog.objects.get(action="members.imported")
    assert entry.data["members"] == [
        {
            "membership_number": "R001",
            "set": {"name": "Anneke Swinkels"},
            "before": {"name": "Anneke van den Heuvel"},
        }
    ]


def test_the_preview_names_changes_in_the_users_language(two_clubs):
    admin = client_for(two_clubs.admin)
    admin.cookies["troef_language"] = "de"
    content = b"naam;lidnummer;actief\nAnneke van den Heuvel;R001;nee\n"
    html = upload(admin, content).content.decode()
    assert "aktiv „ja“ → „nein“" in html or "aktiv “ja” → “nein”" in html


def test_excel_files_in_windows_encoding_with_semicolons(two_clubs):
    content = "Naam;Lidnummer\r\nJosé Müller;R040\r\n".encode("cp1252")
    response = upload(client_for(two_clubs.admin), content)
    (row,) = response.context["rows"]
    assert (row.name, row.membership_number, row.status) == ("José Müller", "R040", "new")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "bestand is leeg."),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "Het bestand is geen tekstbestand (CSV)."),
        (b"voornaam,achternaam\nJan,Smits\n", "ontbrekend: naam, lidnummer"),
        (b"naam,lidnummer\n", "het bestand heeft kolomkoppen, maar geen leden"),
    ],
)
def test_unusable_files_are_explained(two_clubs, content, message):
    response = upload(client_for(two_clubs.admin), content)
    assert response.status_code == 200
    assert message.lower() in " ".join(response.context["form"].errors["file"]).lower()


def test_a_large_file_is_refused(two_clubs, settings):
    settings.MEMBER_IMPORT_MAX_BYTES = 100
    response = upload(client_for(two_clubs.admin), GOOD * 10)
    assert "groter dan" in response.context["form"].errors["file"][0]


def test_too_many_rows_is_a_file_error():
    content = ("naam,lidnummer\n" + "".join(f"X,{n}\n" for n in range(11))).encode()
    with pytest.raises(ImportFileError):
        parse_members_csv(content, max_rows=10)
    assert len(parse_members_csv(content, max_rows=11)) == 11


def test_german_headings_and_active_column():
    rows = parse_members_csv(
        b"Name\tMitgliedsnummer\tE-Mail\tTelefon\tAktiv\nKarl\t7\tk@example.de\t\tnein\n",
        max_rows=10,
    )
    assert (rows[0].name, rows[0].membership_number, rows[0].active) == ("Karl", "7", False)
