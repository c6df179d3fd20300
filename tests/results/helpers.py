"""A table of each game ready for a result, legal entries worked out by hand, and the
POST data the result form sends for an entry (scoring.forms: ``t_`` for a summary,
``r<row>_`` for a detailed row, ``s<side>_`` for a side's column)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from scoring.links import table_link
from tournaments.models import Entry, Table, Tournament
from tournaments.services import clean_setup

from ..factories import EntryFactory, TournamentFactory, seat_round


@dataclass(frozen=True)
class Case:
    """A legal entry for a table of `game` and the scores the game's scoring gives it."""

    game: str
    table_size: int
    teams: str
    entry: dict[str, Any]
    scores: list[int]

    @property
    def id(self) -> str:
        return f"{self.game}-{self.table_size}-{self.entry['mode']}"


def summary(finished: bool, *sides: dict[str, Any]) -> dict[str, Any]:
    return {"mode": "summary", "finished": finished, "sides": list(sides)}


def detailed(finished: bool, *rows: dict[str, Any]) -> dict[str, Any]:
    return {"mode": "detailed", "finished": finished, "rows": list(rows)}


def deal(*points: int) -> dict[str, Any]:
    return {"sides": [{"points": p} for p in points]}


CASES = [
    # Duizenden: two deals, nobody at 1000 yet (DZ-12): ranked as it stood.
    Case(
        "duizenden", 4, "none", detailed(False, deal(120, 35, -15, 60), deal(-20, 85, 40, 5)),
        [100, 120, 25, 65],
    ),
    Case(
        "duizenden", 4, "none",
        summary(True, {"total": 1005}, {"total": 310}, {"total": 205}, {"total": -40}),
        [1005, 310, 205, -40],
    ),
    # MeieRijen: side 0 wins both rounds (fewer minus points), the match is decided.
    Case(
        "meierijen", 2, "none",
        detailed(
            True,
            {"first": None, "sides": [{"minus": 5}, {"minus": 12}]},
            {"first": 1, "sides": [{"minus": 3}, {"minus": 9}]},
        ),
        [2, 0],
    ),
    Case(
        "meierijen", 4, "drawn",
        summary(True, {"rounds": 0, "minus": 30}, {"rounds": 2, "minus": 11}),
        [0, 2],
    ),
    # Miezemauzen from 25: a player with tricks goes 1 down (MZ-8), a pass changes nothing.
    Case(
        "miezemauzen", 3, "none",
        detailed(
            False,
            {"kat": None, "kater": False, "sides": [{"tricks": 2}, {"tricks": 2}, {"tricks": 1}]},
            {"kat": None, "kater": False,
             "sides": [{"tricks": 3}, {"tricks": None}, {"tricks": 2}]},
        ),
        [23, 24, 23],
    ),
    Case(
        "miezemauzen", 3, "none",
        summary(True, {"points": 0}, {"points": 14}, {"points": 20}),
        [0, 14, 20],
    ),
    # MEINO: side 0 went out; the others' hand points count against them.
    Case("meino", 3, "none", detailed(False, deal(0, 12, 30)), [0, 12, 30]),
    Case(
        "meino", 3, "none",
        summary(False, {"total": 0, "marks": 1}, {"total": 12, "marks": 0},
                {"total": 30, "marks": 0}),
        [0, 12, 30],
    ),
    # Keezen: teams; all eight home wins, 2 per pawn plus 10 (KZ-9).
    Case(
        "keezen", 4, "fixed", summary(True, {"pawns": 8}, {"pawns": 5}), [26, 10],
    ),
    Case(
        "keezen", 6, "drawn",
        summary(False, {"pawns": 3}, {"pawns": 5}, {"pawns": 1}),
        [6, 10, 2],
    ),
]  # fmt: skip


@dataclass
class GameTable:
    tournament: Tournament
    table: Table
    entries: list[Entry]

    @property
    def version(self) -> int:
        return Table.objects.get(pk=self.table.pk).version

    @property
    def page(self) -> str:
        club = self.tournament.club.slug
        return reverse("scoring:table-result", kwargs={"club_slug": club, "pk": self.table.pk})

    @property
    def link(self) -> str:
        return table_link(self.table.pk)


def game_table(club, case: Case | None = None, **setup) -> GameTable:
    """A running tournament of the case's game in `club`, round 1 drawn at one table, set
    up as tournament_create would (options cleaned, the game's `players` option set)."""
    values = {
        "game": case.game if case else "duizenden",
        "table_size": case.table_size if case else 4,
        "teams": case.teams if case else "none",
        "entering": case.entry["mode"] if case else "summary",
        "options": {},
        **setup,
    }
    values = clean_setup(values, club=club)
    tournament = TournamentFactory(club=club, status=Tournament.Status.RUNNING, **values)
    entries = [EntryFactory(tournament=tournament) for _ in range(values["table_size"])]
    round_ = seat_round(tournament, [entries])
    return GameTable(tournament, round_.tables.get(), entries)


def as_post(entry: dict[str, Any], version: int, **extra: str) -> dict[str, str]:
    """What the result form posts for `entry`: empty cells left out, a ticked box "on"."""
    data = {"version": str(version), "action": "enter", **extra}
    if not entry["finished"]:
        data["unfinished"] = "on"
    if entry["mode"] == "summary":
        _level(data, "t_", entry)
    else:
        data["rows"] = str(len(entry["rows"]))
        for index, row in enumerate(entry["rows"]):
            _level(data, f"r{index}_", row)
    return data


def _level(data: dict[str, str], prefix: str, values: dict[str, Any]) -> None:
    for key, value in values.items():
        if key == "sides":
            for side, side_values in enumerate(value):
                for name, cell in side_values.items():
                    _put(data, f"{prefix}s{side}_{name}", cell)
        elif key not in ("mode", "finished"):
            _put(data, f"{prefix}{key}", value)


def _put(data: dict[str, str], name: str, value: Any) -> None:
    if value is True:
        data[name] = "on"
    elif value is not None and value is not False:
        data[name] = str(value)


def page_html(response) -> str:
    """The HTML of a response's page, as text (tests/backups/site_pages.py's page_text is
    the visible text of a page instead)."""
    return response.content.decode()
