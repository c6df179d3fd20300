"""The member list (find, sort, page, export) and adding, editing, deactivating."""

import csv
import io

import openpyxl
import pytest
from django.urls import reverse

from clubs.models import ActionLog, Member

from ..conftest import client_for
from ..factories import MemberFactory

LIST = reverse("clubs:member-list", kwargs={"club_slug": "rooi"})
ADD = reverse("clubs:member-add", kwargs={"club_slug": "rooi"})


@pytest.fixture
def crowd(two_clubs):
    """Club A gets 40 more members, one inactive."""
    for number in range(40):
        MemberFactory(
            club=two_clubs.a,
            name=f"Speler {number:02d}",
            membership_number=f"R{100 + number}",
            phone="0413 123456",
        )
    Member.objects.filter(membership_number="R139").update(active=False)
    return two_clubs


def names(response) -> list[str]:
    return [row.record.name for row in response.context["table"].paginated_rows]


def test_search_finds_by_name_number_and_email(crowd):
    director = client_for(crowd.director)
    assert names(director.get(LIST, {"q": "heuvel"})) == ["Anneke van den Heuvel"]
    assert names(director.get(LIST, {"q": "R105"})) == ["Speler 05"]
    assert names(director.get(LIST, {"q": "r110@example"})) == ["Speler 10"]
    # Every word must match somewhere: "speler" in the name, "r13" in the number.
    assert names(director.get(LIST, {"q": "speler r13"})) == [f"Speler {n}" for n in range(30, 40)]
    # Club B's members never show up in club A's list.
    assert names(director.get(LIST, {"q": "Asseldonk"})) == []


def test_filter_on_status(crowd):
    director = client_for(crowd.director)
    assert names(director.get(LIST, {"active": "0"})) == ["Speler 39"]
    assert "Speler 39" not in names(director.get(LIST, {"active": "1", "q": "speler"}))


def test_sorting_and_paging(crowd):
    director = client_for(crowd.director)
    first_page = director.get(LIST)
    assert first_page.context["table"].paginator.count == 44
    assert len(names(first_page)) == 25
    by_number_desc = names(director.get(LIST, {"sort": "-membership_number"}))
    assert by_number_desc[0] == "Speler 39"
    second_page = names(director.get(LIST, {"page": 2}))
    assert len(second_page) == 19
    assert set(second_page).isdisjoint(names(first_page))


def test_csv_export_has_every_filtered_row(crowd):
    response = client_for(crowd.director).get(LIST, {"q": "speler", "_export": "csv"})
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith('rooi-members.csv"')
    # Dutch page, Dutch Excel: `;` between the cells, a byte order mark
    # (tests/clubs/test_exports.py)
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:2] == ["naam", "lidnummer"]
    assert len(rows) == 41  # heading + 40, not just one page
    assert ["Speler 00", "R100", "r100@example.nl", "0413 123456", "1", "0"] in rows


def test_xlsx_export_opens_in_a_spreadsheet(crowd):
    response = client_for(crowd.director).get(LIST, {"active": "0", "_export": "xlsx"})
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    values = list(sheet.values)
    assert values[0][:2] == ("naam", "lidnummer")
    assert values[1][:2] == ("Speler 39", "R139")
    assert len(values) == 2


def test_add_member_writes_the_log(two_clubs):
    admin = client_for(two_clubs.admin)
    response = admin.post(
        ADD,
        {
            "name": "Jan Smits",
            "membership_number": "R050",
            "email": "Jan@Example.nl",
            "phone": "+31 6 1234 5678",
        },
    )
    assert response.status_code == 302
    member = Member.objects.get(club=two_clubs.a, membership_number="R050")
    assert (member.name, member.email) == ("Jan Smits", "jan@example.nl")
    entry = ActionLog.objects.get(action="member.added")
    assert (entry.club, entry.actor, entry.data["membership_number"]) == (
        two_clubs.a,
        two_clubs.admin,
        "R050",
    )


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("nl", "Lidnummer R001 is al in gebruik."),
        ("de", "Die Mitgliedsnummer R001 ist bereits vergeben."),
        ("en", "Membership number R001 is already in use."),
    ],
)
def test_a_taken_number_is_explained_in_the_users_language(two_clubs, language, message):
    admin = client_for(two_clubs.admin)
    admin.cookies["troef_language"] = language
    response = admin.post(ADD, {"name": "Dubbel", "membership_number": "R001"})
    assert response.status_code == 200
    assert response.context["form"].errors["membership_number"] == [message]
    assert not Member.objects.filter(name="Dubbel").exists()
    assert not ActionLog.objects.exists()


def test_the_same_number_in_another_club_is_fine(two_clubs):
    admin = client_for(two_clubs.admin)
    response = admin.post(ADD, {"name": "Bert Rooi", "membership_number": "V001"})
    assert response.status_code == 302


def test_bad_fields_are_explained_next_to_them(two_clubs):
    before = Member.objects.count()
    admin = client_for(two_clubs.admin)
    response = admin.post(
        ADD, {"name": "", "membership_number": "R" * 21, "email": "geen-adres", "phone": "bel me"}
    )
    errors = response.context["form"].errors
    assert set(errors) == {"name", "membership_number", "email", "phone"}
    assert errors["name"] == ["Dit veld is verplicht."]
    html = response.content.decode()
    assert html.count('class="errorlist') >= 4
    assert Member.objects.count() == before


def test_edit_member_logs_old_and_new_values(two_clubs):
    admin = client_for(two_clubs.admin)
    member = two_clubs.member_a
    url = reverse("clubs:member-edit", kwargs={"club_slug": "rooi", "pk": member.pk})
    response = admin.post(
        url,
        {
            "name": "Anneke Swinkels",
            "membership_number": "R001",
            "email": member.email,
            "phone": "",
        },
    )
    assert response.status_code == 302
    member.refresh_from_db()
    assert member.name == "Anneke Swinkels"
    entry = ActionLog.objects.get(action="member.changed")
    assert entry.data["changes"] == {"name": ["Anneke van den Heuvel", "Anneke Swinkels"]}


def test_edit_to_a_taken_number_is_refused(two_clubs):
    admin = client_for(two_clubs.admin)
    other = MemberFactory(club=two_clubs.a, membership_number="R002")
    url = reverse("clubs:member-edit", kwargs={"club_slug": "rooi", "pk": other.pk})
    response = admin.post(url, {"name": other.name, "membership_number": "R001"})
    assert response.status_code == 200
    assert "membership_number" in response.context["form"].errors
    other.refresh_from_db()
    assert other.membership_number == "R002"


def test_deactivate_and_reactivate(two_clubs):
    admin = client_for(two_clubs.admin)
    member = two_clubs.member_a
    url = reverse("clubs:member-status", kwargs={"club_slug": "rooi", "pk": member.pk})
    assert admin.get(url).status_code == 200
    assert admin.post(url, {"active": "0"}).status_code == 302
    member.refresh_from_db()
    assert not member.active
    assert admin.post(url, {"active": "1"}).status_code == 302
    member.refresh_from_db()
    assert member.active
    assert list(ActionLog.objects.order_by("id").values_list("action", flat=True)) == [
        "member.deactivated",
        "member.reactivated",
    ]
    assert admin.post(url, {"active": "maybe"}).status_code == 400


@pytest.mark.parametrize("url_name", ["clubs:member-list", "clubs:action-log"])
def test_list_pages_run_a_fixed_number_of_queries(two_clubs, url_name):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from clubs import services

    admin = client_for(two_clubs.admin)
    url = reverse(url_name, kwargs={"club_slug": "rooi"})

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert admin.get(url).status_code == 200
        return len(captured)

    def grow(count):
        for _ in range(count):
            member = MemberFactory(club=two_clubs.a)
            services.log_action(
                club=two_clubs.a,
                actor=two_clubs.admin,
                action="member.added",
                data={"name": member.name},
            )

    grow(5)
    small = queries()
    grow(60)
    assert queries() == small


ODD_QUERIES = [
    {"page": "abc"},
    {"page": "999"},
    {"page": "-1"},
    {"sort": "bogus"},
    {"active": "7"},
    {"q": "\x00"},
    {"q": "x" * 5000},
    {"q": "'; drop table clubs_member; --"},
    {"_export": "pdf"},
    {"_export": "csv", "page": "9"},
    {"action": "\x00"},
    {"per_page": "-1"},
    {"per_page": "0"},
    {"per_page": "abc"},
    {"per_page": "100000000"},
]


@pytest.mark.parametrize("url_name", ["clubs:member-list", "clubs:action-log"])
@pytest.mark.parametrize("query", ODD_QUERIES, ids=range(len(ODD_QUERIES)))
def test_odd_queries_never_break_a_list(two_clubs, url_name, query):
    url = reverse(url_name, kwargs={"club_slug": "rooi"})
    response = client_for(two_clubs.admin).get(url, query)
    assert response.status_code == 200


@pytest.mark.parametrize(
    "data",
    [
        {"name": "x\x00y", "membership_number": "1"},
        {"name": "Jan", "membership_number": "\x00"},
        {},
    ],
)
def test_odd_member_forms_are_refused_without_saving(two_clubs, data):
    before = Member.objects.count()
    response = client_for(two_clubs.admin).post(ADD, data)
    assert response.status_code == 200
    assert response.context["form"].errors
    assert Member.objects.count() == before


def test_exports_never_carry_a_formula(two_clubs):
    MemberFactory(
        club=two_clubs.a,
        name='=HYPERLINK("http://evil.example","klik")',
        membership_number="@SUM(A1)",
        phone="+31 6 1234 5678",
    )
    director = client_for(two_clubs.director)
    sheet = openpyxl.load_workbook(
        io.BytesIO(director.get(LIST, {"q": "HYPERLINK", "_export": "xlsx"}).content)
    ).active
    (cells,) = sheet.iter_rows(min_row=2, max_row=2)
    assert all(cell.data_type != "f" for cell in cells)
    assert cells[0].value.startswith("'=HYPERLINK")
    assert cells[1].value == "'@SUM(A1)"
    assert cells[3].value == "+31 6 1234 5678"
    text = director.get(LIST, {"q": "HYPERLINK", "_export": "csv"}).content.decode("utf-8-sig")
    assert "'=HYPERLINK" in text
    assert "'+31 6 1234 5678" in text  # a phone number too: text, not a formula
    assert "\n=" not in text and ";=" not in text
