"""Every CSV/XLSX download (members, action log, tournament list, a tournament's and a
season's standings) goes through clubs.exports: the CSV dialect follows the page's
language, and no cell can start a spreadsheet formula, whichever separator the
spreadsheet splits the file on."""

from __future__ import annotations

import csv
import io
import re

import openpyxl
import pytest
from django.core.cache import cache
from django.urls import reverse

from clubs.exports import BOM, FORMULA_START, as_csv_text, csv_dialect
from clubs.models import ActionLog

from ..conftest import client_for
from ..factories import MemberFactory
from ..standings_pages.helpers import record

#: The semicolon bypass: harmless in a comma-separated file read with commas, a formula
#: in the second cell when a Dutch Excel splits that file on `;`.
BYPASS = "Piet;=cmd|' /C calc'!A0"
PHONE = "+31 6 1234 5678"
DELIMITER = {"nl": ";", "de": ";", "en": ","}
LANGUAGES = tuple(DELIMITER)
#: A number as the export writes it (a negative margin is a number, not a formula).
NUMBER = re.compile(r"-?\d+([.,]\d+)?")


def download(client, path: str, language: str, export: str = "csv", **query):
    client.cookies["troef_language"] = language
    response = client.get(path, {"_export": export, **query})
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    return response


def read_csv(response, language: str, *, delimiter: str | None = None) -> list[list[str]]:
    """The rows of a CSV download, checking its type and its byte order mark."""
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    text = response.content.decode("utf-8")
    assert text.startswith(BOM) == (language in ("nl", "de"))
    return list(
        csv.reader(io.StringIO(text.removeprefix(BOM)), delimiter=delimiter or DELIMITER[language])
    )


def starts_a_formula(cell: str) -> bool:
    """Would a spreadsheet run this cell (past the quotes and spaces a wrongly split
    quoted field keeps)? Numbers are numbers."""
    bare = cell.lstrip(' "')
    return bare.startswith(FORMULA_START) and not NUMBER.fullmatch(bare)


def assert_no_formula(rows: list[list[str]]) -> None:
    bad = [cell for row in rows for cell in row if starts_a_formula(cell)]
    assert not bad, bad


# --- the helper on its own ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "safe"),
    [
        ("=1+1", "'=1+1"),
        ("+31 6 1234 5678", "'+31 6 1234 5678"),
        ("-2", "'-2"),  # a text; numbers are not texts and stay numbers
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t'=1"),
        ("\r=1", "'\r'=1"),
        (BYPASS, "Piet;'=cmd|' /C calc'!A0"),
        ('Jan, "=1+1"', 'Jan, "\'=1+1"'),
        ("a\n@b", "a\n'@b"),
        ("Anne-Marie de Wit", "Anne-Marie de Wit"),
        ("jan@example.nl", "jan@example.nl"),
        ("0413 123456", "0413 123456"),
        ("", ""),
    ],
)
def test_texts_are_made_safe_where_a_cell_could_start(text, safe):
    assert as_csv_text(text) == safe


@pytest.mark.parametrize(
    ("language", "delimiter", "decimal", "bom"),
    [
        ("nl", ";", ",", True),
        ("de", ";", ",", True),
        ("en", ",", ".", False),
        ("de-at", ";", ",", True),
    ],
)
def test_the_dialect_follows_the_language(language, delimiter, decimal, bom):
    dialect = csv_dialect(language)
    assert (dialect.delimiter, dialect.decimal, dialect.bom) == (delimiter, decimal, bom)


# --- every export -------------------------------------------------------------------------


@pytest.fixture
def hostile(two_clubs):
    """Club A with the bypass name everywhere a club's text reaches an export: a member
    (with a phone number starting with +), a player of the evening, the evening's name
    (a column heading of the season export), the action log."""
    cache.clear()  # the season standings are cached
    MemberFactory(
        club=two_clubs.a, name=BYPASS, membership_number="@1", email="piet@example.nl", phone=PHONE
    )
    evening = two_clubs.evening
    record(evening.other_table, [1050, 500, 500, 0])  # a shared second place: 1.5 points
    member = evening.entries[5].member
    member.name = BYPASS
    member.save()
    evening.tournament.name = BYPASS
    evening.tournament.save()
    ActionLog.objects.create(
        club=two_clubs.a, actor_name="=evil", action="member.added", data={"name": BYPASS}
    )
    yield evening
    cache.clear()


def exports(two_clubs, evening) -> dict[str, tuple[object, str]]:
    club = {"club_slug": "rooi"}
    return {
        "members": (two_clubs.director, reverse("clubs:member-list", kwargs=club)),
        "log": (two_clubs.admin, reverse("clubs:action-log", kwargs=club)),
        "tournaments": (two_clubs.player, reverse("tournaments:tournament-list", kwargs=club)),
        "standings": (
            two_clubs.player,
            reverse("scoring:tournament-standings", kwargs={**club, "pk": evening.tournament.pk}),
        ),
        "season": (
            two_clubs.player,
            reverse("scoring:season-standings", kwargs={**club, "pk": evening.season.pk}),
        ),
    }


EXPORTS = ("members", "log", "tournaments", "standings", "season")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("export", EXPORTS)
def test_no_csv_cell_starts_a_formula_whichever_separator_splits_it(
    two_clubs, hostile, export, language
):
    user, path = exports(two_clubs, hostile)[export]
    response = download(client_for(user), path, language)
    rows = read_csv(response, language)
    assert len(rows) > 1 and all(len(row) == len(rows[0]) for row in rows)
    assert len(rows[0]) > 2  # split on the right separator
    assert_no_formula(rows)
    assert any(as_csv_text(BYPASS) in cell for row in rows for cell in row)
    # The same file read by a spreadsheet that splits on the other separator.
    other = ";" if DELIMITER[language] == "," else ","
    assert_no_formula(read_csv(response, language, delimiter=other))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_member_list_in_each_language(two_clubs, hostile, language):
    response = download(client_for(two_clubs.director), "/c/rooi/members/", language, q="Piet")
    heading, *rows = read_csv(response, language)
    (row,) = (row for row in rows if row[1] == "'@1")
    assert heading[0] == {"nl": "naam", "de": "Name", "en": "name"}[language]
    assert row[:4] == ["Piet;'=cmd|' /C calc'!A0", "'@1", "piet@example.nl", "'+31 6 1234 5678"]


@pytest.mark.parametrize(("language", "half"), [("nl", "1,5"), ("de", "1,5"), ("en", "1.5")])
def test_numbers_are_written_as_the_language_writes_them(two_clubs, hostile, language, half):
    user, path = exports(two_clubs, hostile)["standings"]
    rows = read_csv(download(client_for(user), path, language), language)
    points = {row[1]: row[2] for row in rows[1:]}
    assert points[as_csv_text(BYPASS)] == half
    assert "0" in points.values()


def test_xlsx_cells_are_text_and_never_formulas(two_clubs, hostile):
    response = download(client_for(two_clubs.director), "/c/rooi/members/", "nl", "xlsx", q="Piet")
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    # The hostile member's row (a member named by Faker may match "Piet" too).
    (cells,) = (row for row in sheet.iter_rows(min_row=2) if row[1].value == "'@1")
    assert all(cell.data_type == "s" for cell in cells if cell.value is not None)
    assert cells[0].value == BYPASS  # no separators in a workbook: nothing to split
    assert cells[1].value == "'@1"
    assert cells[3].value == PHONE  # a text cell: shown as typed


@pytest.mark.parametrize("export", EXPORTS)
@pytest.mark.parametrize("wanted", ["json", "tsv", "yaml", "ods", "latex"])
def test_other_formats_are_not_offered(two_clubs, hostile, export, wanted):
    user, path = exports(two_clubs, hostile)[export]
    response = client_for(user).get(path, {"_export": wanted})
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    assert "Content-Disposition" not in response
