"""The CSV files of a club's export are as safe in a spreadsheet as the page exports: a
formula trigger is made text wherever a cell could start, whichever separator the
spreadsheet splits on."""

from __future__ import annotations

import csv
import io

from backups.clubs import _csv

SPRAYED = "Piet;=cmd|' /C calc'!A0"


def test_a_formula_after_a_semicolon_stays_text_in_a_dutch_excel():
    text = _csv(["name", "points"], [[SPRAYED, 12], ["=1+1", -3.5], ["-", None]])
    for delimiter in (",", ";"):
        for row in csv.reader(io.StringIO(text), delimiter=delimiter):
            for cell in row:
                assert not cell.lstrip(' "').startswith(("=", "+", "@")), (delimiter, cell)
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[1] == ["Piet;'=cmd|' /C calc'!A0", "12"]
    assert rows[2] == ["'=1+1", "-3.5"]  # numbers stay numbers
    assert rows[3] == ["'-", ""]
