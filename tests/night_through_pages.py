"""A game night driven the way a director's browser drives it: the tournament made with
the form, players registered and checked in on the check-in page, rounds drawn with the
button, each result entered on the director's table page and confirmed by another
player of the table through the table's private link, standings read from the pages.

Nothing here writes to the database directly, so these tests check the site as a
director and the players use it, not the services alone.

tournament_create draws a seed at random; modules that draw through these pages pin it
(`pin_draw_seed`, in an autouse fixture of their own) so that each test sees the same
draw on every run."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.test import Client
from django.urls import reverse

from clubs.models import Club
from scoring.links import table_token
from scoring.models import ResultEntry
from tournaments.models import Bye, Entry, Round, Seat, Table, Tournament

from .conftest import client_for
from .results.helpers import as_post, summary
from .tournaments.helpers import tournament_data

#: The draw seed of every tournament made while pinned.
DRAW_SEED = 1


def pin_draw_seed(monkeypatch, seed: int = DRAW_SEED) -> None:
    """Every tournament made from now on in this test draws with `seed`."""
    # Where tournament_create takes a new tournament's seed.
    monkeypatch.setattr("tournaments.services.setup.new_seed", lambda: seed)


#: What a table's result is, given its players in seat order: a legal summary entry.
Result = Callable[[list[Entry]], dict[str, Any]]


def duizenden_unfinished(players: list[Entry]) -> dict[str, Any]:
    """Time was up before anyone reached 1000 (DZ-12): the first seat was ahead, then the
    others in seat order."""
    totals = [455, 310, 205, -40, -95][: len(players)]
    return summary(False, *({"total": total} for total in totals))


def meierijen_first_wins(players: list[Entry]) -> dict[str, Any]:
    """The first seat wins both rounds of a MeieRijen match of two."""
    return summary(True, {"rounds": 2, "minus": 11}, {"rounds": 0, "minus": 30})


def keezen_first_team_wins(players: list[Entry]) -> dict[str, Any]:
    """The first seat's team brings all eight pawns home, the other five (KZ-9)."""
    return summary(True, {"pawns": 8}, {"pawns": 5})


def club_url(club: Club, name: str, **kwargs) -> str:
    """The path of the page `name` of `club`."""
    return reverse(name, kwargs={"club_slug": club.slug, **kwargs})


def assert_status(response, status: int = 302) -> Any:
    """`response`, after checking it answered `status` (a redirect unless told)."""
    assert response.status_code == status, (response.status_code, response.content[:2000])
    return response


@dataclass
class Night:
    """One tournament run through the pages by `director` (a logged-in test client)."""

    club: Club
    director: Client
    tournament: Tournament

    @classmethod
    def create(cls, club: Club, director_user, game: str, **fields) -> Night:
        director = client_for(director_user)
        assert_status(
            director.post(
                club_url(club, "tournaments:tournament-add"), tournament_data(game, **fields)
            )
        )
        return cls(club, director, Tournament.objects.filter(club=club).latest("pk"))

    def page(self, name: str, **kwargs) -> str:
        return club_url(self.club, name, pk=self.tournament.pk, **kwargs)

    # --- check-in ------------------------------------------------------------------------

    def register(self, member, *, present: bool = True) -> Entry:
        data = {"member": member.pk, **({"present": "on"} if present else {})}
        assert_status(self.director.post(self.page("tournaments:entry-add"), data))
        return Entry.objects.get(tournament=self.tournament, member=member)

    def set_status(self, entry: Entry, status: str) -> None:
        assert_status(
            self.director.post(
                self.page("tournaments:entry-status", entry_pk=entry.pk), {"status": status}
            )
        )

    def team(self, *entries: Entry) -> None:
        data = {f"player_{n}": entry.pk for n, entry in enumerate(entries, start=1)}
        assert_status(self.director.post(self.page("tournaments:team-list"), data))

    # --- rounds --------------------------------------------------------------------------

    def draw(self) -> Round:
        response = assert_status(self.director.post(self.page("evenings:round-draw")))
        number = self.tournament.rounds.count()
        assert response.url == self.page("evenings:round-detail", number=number), response.url
        return self.tournament.rounds.get(number=number)

    def play(self, round_: Round, result: Result) -> None:
        """Every table's result entered by the director and confirmed at the table."""
        for table in round_.tables.order_by("number"):
            players = [seat.entry for seat in table.seats.order_by("position")]
            self.enter(table, result(players))
            self.confirm_at_table(table, players[-1])

    def enter(self, table: Table, entry: dict[str, Any]) -> None:
        version = Table.objects.get(pk=table.pk).version
        page = club_url(self.club, "scoring:table-result", pk=table.pk)
        assert_status(self.director.post(page, as_post(entry, version)))

    def confirm_at_table(self, table: Table, player: Entry) -> None:
        result = ResultEntry.objects.get(table=table, status=ResultEntry.Status.PROVISIONAL)
        link = reverse("scoring:table-link", kwargs={"token": table_token(table.pk)})
        data = {
            "action": "confirm",
            "player": player.pk,
            "result": result.pk,
            "version": Table.objects.get(pk=table.pk).version,
        }
        assert_status(Client().post(link, data))
        result.refresh_from_db()
        assert result.status == ResultEntry.Status.CONFIRMED

    # --- standings -----------------------------------------------------------------------

    def standings_csv(self, client: Client | None = None) -> dict[str, dict[str, str]]:
        """The tournament standings' CSV export, one dict per line by the player's name,
        with the columns named as in English."""
        client = client or self.director
        client.cookies["troef_language"] = "en"
        response = assert_status(
            client.get(self.page("scoring:tournament-standings"), {"_export": "csv"}), 200
        )
        assert response["Content-Type"].startswith("text/csv")
        rows = list(csv.DictReader(io.StringIO(response.content.decode())))
        return {row["name"]: row for row in rows}


def tables_of(round_: Round) -> list[list[Entry]]:
    """The round's tables as lists of entries in seat order."""
    return [
        [seat.entry for seat in table.seats.select_related("entry__member").order_by("position")]
        for table in round_.tables.order_by("number")
    ]


def byes_of(round_: Round) -> set[int]:
    return set(Bye.objects.filter(round=round_).values_list("entry_id", flat=True))


def seated_ids(round_: Round) -> set[int]:
    return set(Seat.objects.filter(round=round_).values_list("entry_id", flat=True))
