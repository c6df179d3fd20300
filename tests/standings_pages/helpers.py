"""Results as the site stores them, and the standings tables read back from the HTML."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from django.db.models import F

from games import registry
from games.results import score_entry
from scoring.models import ResultEntry
from scoring.services import outcome_json
from tournaments.models import Table

from ..conftest import client_for


def record(table: Table, totals: list[int], *, status=ResultEntry.Status.CONFIRMED,
           disputed: bool = False) -> ResultEntry:  # fmt: skip
    """A Duizenden summary result at `table` (one total per side), scored by the game as
    scoring.services scores it, and the table's version bumped as the services do."""
    finished = max(totals) >= 1000
    data = {"mode": "summary", "finished": finished, "sides": [{"total": t} for t in totals]}
    result = ResultEntry.objects.create(
        table=table,
        status=status,
        data=data,
        outcome=outcome_json(score_entry(registry.get("duizenden").results, data, len(totals), {})),
        finished=finished,
        via=ResultEntry.Via.DIRECTOR,
        entered_by_name="test",
        disputed=disputed,
    )
    Table.objects.filter(pk=table.pk).update(version=F("version") + 1)
    return result


class _Cells(HTMLParser):
    """The text of every cell of the first <table> whose class has `css`, row by row;
    struck-through text comes out as ~text~."""

    def __init__(self, css: str):
        super().__init__()
        self.css, self.rows, self.depth, self.cell = css, [], 0, None

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag == "table" and self.depth == 0 and not self.rows and self.css in classes:
            self.depth = 1
        elif self.depth and tag == "tr":
            self.rows.append([])
        elif self.depth and tag in ("td", "th"):
            self.cell = []
        elif self.depth and tag == "s" and self.cell is not None:
            self.cell.append("~")

    def handle_endtag(self, tag):
        if self.depth and tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append(re.sub(r"\s+", " ", "".join(self.cell)).strip())
            self.cell = None
        elif self.depth and tag == "s" and self.cell is not None:
            self.cell.append("~")
        elif self.depth and tag == "table":
            self.depth = 0

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def cells(response, css: str = "standings") -> list[list[str]]:
    """The rows of the page's standings table (header row first)."""
    parser = _Cells(css)
    parser.feed(response.content.decode())
    return parser.rows


def english(user):
    """A test client logged in as `user` (None: anonymous) that chose English, so that
    tests can read the pages' own words whatever the Dutch catalogue holds."""
    client = client_for(user)
    client.cookies["troef_language"] = "en"
    return client
