"""Spreadsheet downloads: the one place every CSV and XLSX export goes through.

Every table a page offers as a download (members, the action log, the tournament list,
a tournament's and a season's standings) is written by :class:`SpreadsheetSafeExport`,
either through django-tables2's ExportMixin (``export_class``) or through
:func:`export_response`. It does two things on top of django-tables2:

- **The page's language decides the CSV dialect.** A Dutch or German Excel splits a CSV
  file on ``;`` and reads ``1,5`` as one and a half, and it reads the file as UTF-8 only
  when it starts with a byte order mark; an English one splits on ``,``. So nl and de get
  ``;``, a BOM and decimal commas; en gets ``,``, decimal points and no BOM.
- **No cell can start a formula** (CSV or formula injection, OWASP; ASVS 1.2.10). A
  text that starts with ``=``, ``+``, ``-``, ``@``, tab or CR gets a leading apostrophe,
  which spreadsheets read as "this is text": a name ``=HYPERLINK(...)`` arrives as the
  text ``'=HYPERLINK(...)``, a phone number ``+31 6 1234 5678`` as ``'+31 6 1234 5678``
  (text, not the formula Excel would make of it). In a CSV file the same goes for every
  place inside a text where a spreadsheet that splits on another separator than the
  file's would start a cell (after ``,``, ``;``, tab or a line break, past spaces and
  quotes): ``Piet;=cmd|...`` in a comma-separated file is written ``Piet;'=cmd|...``,
  so that a Dutch Excel splitting it on ``;`` still finds text. Numbers stay numbers.
  In XLSX every text is a typed text cell, which never runs; only a text that would
  start a formula there (``=`` at the start, or another trigger unless it is a phone
  number) gets the apostrophe.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from decimal import Decimal

import openpyxl
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.text import slugify
from django_tables2.export import TableExport

from .importing import PHONE_RE

CSV = "csv"
XLSX = "xlsx"
#: The download formats Troef offers (django-tables2 knows more: JSON, YAML, TSV, ODS...,
#: which are refused, so that no download skips the protection below).
EXPORT_FORMATS = (CSV, XLSX)
#: A cell starting with one of these is a formula to Excel, LibreOffice and Google Sheets.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
#: Languages whose Excel expects `;` between cells and a decimal comma.
SEMICOLON_LANGUAGES = frozenset({"nl", "de"})
BOM = "\ufeff"

# A place where a spreadsheet may start a new cell (the text's start, or after a
# separator of either kind or a line break), then spaces and quotes, then a trigger.
_CELL_START = re.compile(r"""(^|[,;\t\r\n])([ "]*)(?=[=+\-@\t\r])""")


class Struck(float):
    """A number struck from a total (a season's struck evening), written in brackets: in
    CSV as ``(4,5)`` with the dialect's decimal separator like every other number, in
    XLSX as the number itself, shown in brackets by the cell's number format. A float,
    so that django-tables2 hands it over unchanged (it turns other objects into text)."""

    __slots__ = ()

    @property
    def plain(self) -> int | float:
        """The number as the other cells carry it: whole numbers as int."""
        return int(self) if self.is_integer() else float(self)


#: How XLSX shows a :class:`Struck` number: in brackets, the number as Excel would.
STRUCK_FORMAT = '"("General")"'


@dataclass(frozen=True, slots=True)
class CsvDialect:
    delimiter: str
    decimal: str
    bom: bool


def csv_dialect(language: str | None = None) -> CsvDialect:
    """The CSV layout that `language`'s Excel opens directly (default: the active one)."""
    code = (language or translation.get_language() or "en").split("-")[0].lower()
    if code in SEMICOLON_LANGUAGES:
        return CsvDialect(delimiter=";", decimal=",", bom=True)
    return CsvDialect(delimiter=",", decimal=".", bom=False)


def as_csv_text(value: str) -> str:
    """`value` with an apostrophe before every formula trigger where a spreadsheet
    could start a cell: at the start, and after any `,` `;` tab or line break (so
    that it stays text whichever separator the spreadsheet splits the file on)."""
    return _CELL_START.sub(r"\1\2'", value)


def as_xlsx_text(value: str) -> str:
    """`value` as an XLSX text cell: an apostrophe before a leading formula trigger,
    except for a phone number (a text cell is never run; only `=` would make the
    writer store a formula, and a phone number has none)."""
    if value.startswith(FORMULA_START) and not PHONE_RE.match(value):
        return "'" + value
    return value


def _csv_cell(value, dialect: CsvDialect):
    if isinstance(value, Struck):
        return f"({_csv_cell(value.plain, dialect)})"
    if isinstance(value, str):
        return as_csv_text(value)
    if isinstance(value, float | Decimal) and dialect.decimal != ".":
        return str(value).replace(".", dialect.decimal)
    return value


def _xlsx_cell(value):
    if isinstance(value, Struck):
        return value.plain
    return as_xlsx_text(value) if isinstance(value, str) else value


def _struck_formatted(content: bytes, cells: list[tuple[int, int]]) -> bytes:
    """The XLSX workbook ``content`` with each (row, column) of ``cells`` (0-based, data
    rows after the header row) shown in brackets (:data:`STRUCK_FORMAT`)."""
    book = openpyxl.load_workbook(io.BytesIO(content))
    sheet = book.active
    for row, column in cells:
        sheet.cell(row=row + 2, column=column + 1).number_format = STRUCK_FORMAT
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


class SpreadsheetSafeExport(TableExport):
    """django-tables2's export in CSV (in the page language's dialect) or XLSX, in which
    no text can run as a spreadsheet formula. See the module's docstring."""

    FORMATS = {fmt: TableExport.FORMATS[fmt] for fmt in EXPORT_FORMATS}

    def __init__(self, export_format, table, exclude_columns=None, dataset_kwargs=None):
        self.dialect = csv_dialect()
        super().__init__(export_format, table, exclude_columns, dataset_kwargs)

    @classmethod
    def is_valid_format(cls, export_format) -> bool:
        return export_format in cls.FORMATS

    def table_to_dataset(self, table, exclude_columns, dataset_kwargs=None):
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        if self.format == CSV:

            def cell(value):
                return _csv_cell(value, self.dialect)
        else:
            cell = _xlsx_cell
        if dataset.headers:
            dataset.headers = [cell(value) for value in dataset.headers]
        self.struck = [
            (index, column)
            for index, row in enumerate(dataset)
            for column, value in enumerate(row)
            if isinstance(value, Struck)
        ]
        for index, row in enumerate(dataset):
            dataset[index] = tuple(cell(value) for value in row)
        return dataset

    def export(self):
        if self.format != CSV:
            content = super().export()
            return _struck_formatted(content, self.struck) if self.struck else content
        text = self.dataset.export(CSV, delimiter=self.dialect.delimiter)
        return BOM + text if self.dialect.bom else text


def export_response(request: HttpRequest, table, name: str) -> HttpResponse | None:
    """The CSV or XLSX download of every line of `table` when ?_export= asks for one
    (named after `name`), else None: the page itself is wanted."""
    wanted = request.GET.get("_export")
    if not SpreadsheetSafeExport.is_valid_format(wanted):
        return None
    return SpreadsheetSafeExport(wanted, table).response(filename=f"{slugify(name)}.{wanted}")
