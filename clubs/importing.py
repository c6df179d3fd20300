"""Reading a member list from a CSV or Excel (.xlsx) file, and planning what importing it
would change.

Parsing never queries the database: `parse_members_file` turns bytes into rows, each
with its own errors (field limits and labels come from the Member model), and
`plan_import` compares them with the members a club already has.
Nothing is saved here; `services.members_import` applies a plan after the user confirms.
"""

from __future__ import annotations

import csv
import datetime
import io
import re
import zipfile
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field

import openpyxl
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext as _

from .models import Member

MAX_NAME = Member._meta.get_field("name").max_length
MAX_NUMBER = Member._meta.get_field("membership_number").max_length
PHONE_RE = re.compile(r"^\+?[0-9 ()./-]{6,30}$")

# Column headings accepted in nl / de / en, compared after normalising (lower case, no
# spaces, dashes, dots or underscores).
COLUMNS = {
    "name": {"name", "naam", "volledigenaam", "spelersnaam"},
    "membership_number": {
        "membershipnumber",
        "number",
        "lidnummer",
        "lidnr",
        "nummer",
        "nr",
        "mitgliedsnummer",
        "mitgliedsnr",
        "mitgliednr",
    },
    "email": {"email", "mail", "emailadres", "emailadresse"},
    "phone": {
        "phone",
        "telephone",
        "telefoon",
        "telefoonnummer",
        "tel",
        "mobiel",
        "telefon",
        "telefonnummer",
        "handy",
    },
    "active": {"active", "actief", "aktiv"},
}
REQUIRED = ("name", "membership_number")
YES = {"1", "ja", "j", "yes", "y", "true", "waar", "x"}
NO = {"0", "nee", "n", "nein", "no", "false", "onwaar"}


class ImportFileError(Exception):
    """The file as a whole cannot be read; the message says why."""


@dataclass
class ImportRow:
    """One member line of the file. Email, phone and active are None where the file has
    no such column or the cell is empty: the import leaves that value as it is."""

    line: int
    name: str
    membership_number: str
    email: str | None = None
    phone: str | None = None
    active: bool | None = None
    errors: list[str] = field(default_factory=list)
    status: str = ""  # new | update | unchanged | error (set by plan_import)
    changes: dict[str, tuple] = field(default_factory=dict)  # field -> (now, from file)

    def values(self) -> dict:
        """The values the file gives for this member (name always)."""
        data = {"name": self.name}
        for key in OPTIONAL_FIELDS:
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        return data

    def change_display(self) -> list[tuple[str, str, str]]:
        """(field label, value now, value from the file), in the user's language."""
        return [
            (_column_label(key), display_value(old), display_value(new))
            for key, (old, new) in self.changes.items()
        ]


OPTIONAL_FIELDS = ("email", "phone", "active")
IMPORTED_FIELDS = ("name", *OPTIONAL_FIELDS)


def display_value(value) -> str:
    """A member's value as a person reads it (yes/no for a flag)."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value)


@dataclass(frozen=True)
class Change:
    """What confirming the preview does to one member: add it (`before` is None), or set
    `values` on a member whose fields were `before` when the preview was made."""

    line: int
    membership_number: str
    values: dict
    before: dict | None

    @classmethod
    def from_row(cls, row: ImportRow) -> Change:
        if row.status == "new":
            return cls(row.line, row.membership_number, row.values(), None)
        return cls(
            row.line,
            row.membership_number,
            {key: new for key, (_old, new) in row.changes.items()},
            {key: old for key, (old, _new) in row.changes.items()},
        )


def _normalise_heading(heading: str) -> str:
    return re.sub(r"[\s_.\-]", "", heading.strip().lower())


def _decode(raw: bytes) -> str:
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise ImportFileError(_("The file is not a text (CSV) file."))


def parse_members_file(raw: bytes, *, max_rows: int) -> list[ImportRow]:
    """Rows of a member list: an Excel workbook (.xlsx, its first sheet) or a CSV file
    (:func:`parse_members_csv`), told apart by their contents, not their names."""
    if raw[:4] == b"PK\x03\x04":
        return _parse_lines(_xlsx_lines(raw), max_rows=max_rows)
    return parse_members_csv(raw, max_rows=max_rows)


def parse_members_csv(raw: bytes, *, max_rows: int) -> list[ImportRow]:
    """Rows of a member CSV file (comma, semicolon or tab separated; UTF-8 or the
    Windows encoding Excel writes). Raises ImportFileError when the file as a whole is
    unusable; problems of single rows are in each row's `errors`."""
    if b"\x00" in raw:
        raise ImportFileError(_("The file is not a text (CSV) file."))
    text = _decode(raw)
    if not text.strip():
        raise ImportFileError(_("The file is empty."))
    return _parse_lines(_csv_lines(text), max_rows=max_rows)


def _csv_lines(text: str) -> Iterator[tuple[int, list[str]]]:
    first_line = text.lstrip().splitlines()[0]
    delimiter = max(";,\t", key=first_line.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        headings = next(reader)
    except csv.Error as exc:
        raise ImportFileError(_("The file cannot be read as CSV.")) from exc
    yield reader.line_num, headings
    try:
        for cells in reader:
            yield reader.line_num, cells
    except csv.Error as exc:
        raise ImportFileError(
            _("Line %(line)d cannot be read as CSV (check its quotes).") % {"line": reader.line_num}
        ) from exc


#: An .xlsx file is a zip of XML files: what it may hold unpacked, so that a small file
#: cannot unpack into gigabytes.
XLSX_MAX_UNPACKED = 50 * 1024 * 1024


def _xlsx_lines(raw: bytes) -> Iterator[tuple[int, list[str]]]:
    unreadable = _("The file cannot be read as an Excel (.xlsx) file.")
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            if sum(info.file_size for info in archive.infolist()) > XLSX_MAX_UNPACKED:
                raise ImportFileError(unreadable)
        book = openpyxl.load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
    except ImportFileError:
        raise
    except Exception as exc:  # any fault of a broken workbook: one message
        raise ImportFileError(unreadable) from exc
    try:
        sheet = book.worksheets[0]
        for number, values in enumerate(sheet.iter_rows(values_only=True), start=1):
            yield number, [_xlsx_text(value) for value in values]
    except ImportFileError:
        raise
    except Exception as exc:
        raise ImportFileError(unreadable) from exc
    finally:
        book.close()


def _xlsx_text(value) -> str:
    """A cell as the text the CSV file would have (a membership number 25 typed as a
    number is "25", not "25.0")."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime.datetime | datetime.date):
        return value.isoformat()
    return str(value)


def _parse_lines(lines: Iterator[tuple[int, list[str]]], *, max_rows: int) -> list[ImportRow]:
    """Rows from (line number, cells) pairs, the first the column headings."""
    first = next(lines, None)
    if first is None or not any(cell.strip() for cell in first[1]):
        raise ImportFileError(_("The file is empty."))
    headings = first[1]
    index: dict[str, int] = {}
    for position, heading in enumerate(headings):
        key = _normalise_heading(heading)
        for column, aliases in COLUMNS.items():
            if key in aliases and column not in index:
                index[column] = position
    missing = [column for column in REQUIRED if column not in index]
    if missing:
        raise ImportFileError(
            _(
                "The first line must name the columns; missing: %(columns)s. "
                "Accepted headings: naam/name, lidnummer/membership number, email, "
                "telefoon/phone, actief/active."
            )
            % {"columns": ", ".join(_column_label(column) for column in missing)}
        )
    rows: list[ImportRow] = []
    for line, cells in lines:
        if not any(cell.strip() for cell in cells):
            continue
        if len(rows) >= max_rows:
            raise ImportFileError(
                _("The file has more than %(max)d members; split it.") % {"max": max_rows}
            )
        rows.append(_row(line, cells, index, len(headings)))
    if not rows:
        raise ImportFileError(_("The file has column headings but no members."))
    _mark_duplicates(rows)
    return rows


def _column_label(column: str) -> str:
    return str(Member._meta.get_field(column).verbose_name)


def _row(line: int, cells: list[str], index: dict[str, int], width: int) -> ImportRow:
    def cell(column: str) -> str:
        position = index.get(column)
        if position is None or position >= len(cells):
            return ""
        return " ".join(cells[position].split())

    row = ImportRow(
        line=line,
        name=cell("name"),
        membership_number=cell("membership_number"),
        email=cell("email").lower() or None,
        phone=cell("phone") or None,
    )
    if len(cells) > width and any(c.strip() for c in cells[width:]):
        row.errors.append(_("More cells than there are column headings."))
    if not row.name:
        row.errors.append(_("The name is missing."))
    elif len(row.name) > MAX_NAME:
        row.errors.append(_("The name is longer than %(max)d characters.") % {"max": MAX_NAME})
    if not row.membership_number:
        row.errors.append(_("The membership number is missing."))
    elif len(row.membership_number) > MAX_NUMBER:
        row.errors.append(
            _("The membership number is longer than %(max)d characters.") % {"max": MAX_NUMBER}
        )
    if row.email:
        try:
            validate_email(row.email)
        except ValidationError:
            row.errors.append(_("“%(value)s” is not an email address.") % {"value": row.email})
    if row.phone and not PHONE_RE.match(row.phone):
        row.errors.append(_("“%(value)s” is not a phone number.") % {"value": row.phone})
    flag = cell("active").lower()
    if flag:
        if flag in YES:
            row.active = True
        elif flag in NO:
            row.active = False
        else:
            row.errors.append(
                _("“%(value)s” in the active column is neither yes nor no.") % {"value": flag}
            )
    return row


def _mark_duplicates(rows: list[ImportRow]) -> None:
    first_line: dict[str, int] = {}
    for row in rows:
        number = row.membership_number
        if not number:
            continue
        if number in first_line:
            row.errors.append(
                _("Membership number %(number)s is also on line %(line)d.")
                % {"number": row.membership_number, "line": first_line[number]}
            )
        else:
            first_line[number] = row.line


def plan_import(rows: list[ImportRow], existing: dict[str, dict]) -> list[ImportRow]:
    """Set each row's status against the club's members (`existing`: membership number
    -> that member's current values)."""
    for row in rows:
        if row.errors:
            row.status = "error"
            continue
        current = existing.get(row.membership_number)
        if current is None:
            row.status = "new"
            continue
        row.changes = {
            key: (current[key], value)
            for key, value in row.values().items()
            if current[key] != value
        }
        row.status = "update" if row.changes else "unchanged"
    return rows


def changes_to_payload(rows: list[ImportRow]) -> list[dict]:
    return [asdict(Change.from_row(row)) for row in rows if row.status in {"new", "update"}]


def changes_from_payload(payload: list[dict]) -> list[Change]:
    """The changes of a (signed) preview. Raises ValueError for anything malformed."""
    if not isinstance(payload, list):
        raise ValueError("payload")
    changes = []
    for item in payload:
        change = Change(
            line=int(item["line"]),
            membership_number=str(item["membership_number"]),
            values=dict(item["values"]),
            before=None if item["before"] is None else dict(item["before"]),
        )
        if not set(change.values) <= set(IMPORTED_FIELDS) or (
            change.before is not None and set(change.before) != set(change.values)
        ):
            raise ValueError("payload fields")
        changes.append(change)
    return changes
