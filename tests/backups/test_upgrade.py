"""The database of Troef 0.1 (tests/fixtures/troef-0.1.sqlite3.gz: seed_demo, Rooi's
evening played to the end, a corrected result and a saved dispute, made by that
release's code and schema with tests/fixtures/make_fixture.py) is migrated forward to
this code, and its standings read as that release read them
(tests/fixtures/troef-0.1-standings.json). Every later schema change must keep this
passing.

The expected pages were read once more with the code of issue 15, whose rules changed
what the standings say (TP-1 to TP-5: which of two equal evenings is struck, the margin of
a bye, head-to-head only within a group that all met, "won" only for games ended by their
own rules) and how a Dutch CSV is written (";", decimal commas). That was checked column
by column to be these changes alone; regenerate it only for such a deliberate change."""

from __future__ import annotations

import csv
import io
import json

import pytest

from .conftest import ROOT, SERVICES

pytestmark = pytest.mark.skipif(SERVICES, reason="the fixture is a SQLite laptop database")

EXPECTED = ROOT / "tests" / "fixtures" / "troef-0.1-standings.json"


def _columns(text: str) -> dict[str, list[str]]:
    """A CSV export's columns by heading, whatever its separator (, or ;) and BOM."""
    text = text.removeprefix("\ufeff")
    dialect = csv.Sniffer().sniff(text.splitlines()[0], delimiters=",;\t")
    rows = list(csv.reader(io.StringIO(text), dialect))
    return {name: [row[i] for row in rows[1:]] for i, name in enumerate(rows[0])}


def test_the_release_database_migrates_forward_and_reads_the_same(release_site):
    # release_site is the fixture after `manage.py migrate` with this code
    expected = json.loads(EXPECTED.read_text(encoding="utf-8"))
    assert len(expected) == 24  # 22 evenings and 2 seasons
    found = release_site.pages()
    for key, text in expected.items():
        # the columns the release had read the same (new columns may be added)
        now = _columns(found[key])
        for column, values in _columns(text).items():
            assert now.get(column) == values, (key, column)
