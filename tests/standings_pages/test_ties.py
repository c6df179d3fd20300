"""How each tie was settled (RULES.md TP-1 to TP-5), as the standings pages, their CSV and
XLSX exports, the venue screen and the printed standings show it, in nl, de and en; and
"won" (TP-2) as the site reads a table the clock stopped."""

from __future__ import annotations

import csv
import io

import openpyxl
import pytest
from django.db.models import F
from django.urls import reverse

from clubs.models import Club
from printing import contents as printing
from printing.sheets import render
from scoring.models import ResultEntry
from scoring.services import outcome_json, score
from scoring.views.standings import SEASON_STANDINGS
from tournaments.models import Table

from ..conftest import client_for
from ..factories import EntryFactory, MemberFactory, SeasonFactory, TournamentFactory, seat_round
from ..sheets.pdf import pdf_text
from .helpers import cells, english

CLUB = {"club_slug": "rooi"}
NOTES = {
    "en": ("tied: margin", "head-to-head", "shared", "tied: evenings won", "tie-break"),
    "nl": ("gelijk: saldo", "onderling resultaat", "gedeeld", "gelijk: gewonnen avonden",
           "bij gelijke stand"),
    "de": ("gleich: Feinwertung", "direkter Vergleich", "geteilt", "gleich: gewonnene Abende",
           "bei Gleichstand"),
}  # fmt: skip


def in_language(user, language: str):
    client = client_for(user)
    client.cookies["troef_language"] = language
    return client


def standings_url(tournament, **query) -> str:
    path = reverse("scoring:tournament-standings", kwargs={**CLUB, "pk": tournament.pk})
    return path + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def confirmed(table: Table, data: dict, *, sides: int, players: int) -> ResultEntry:
    """A confirmed result at `table`, scored by the game as scoring.services scores it, and
    the table's version bumped as the services do."""
    outcome = score(table.round.tournament, sides, data, players)
    result = ResultEntry.objects.create(
        table=table,
        status=ResultEntry.Status.CONFIRMED,
        data=data,
        outcome=outcome_json(outcome),
        finished=outcome.finished,
        via=ResultEntry.Via.DIRECTOR,
        entered_by_name="test",
    )
    Table.objects.filter(pk=table.pk).update(version=F("version") + 1)
    return result


def duel(table: Table, winner: int, loser: int) -> ResultEntry:
    """A Mie-Zie-Mauzen duel ended by its rules: the winner at or below 0 points left."""
    data = {"mode": "summary", "finished": True, "sides": [{"points": winner}, {"points": loser}]}
    return confirmed(table, data, sides=2, players=2)


def duels_of(tournament, pairs: list[tuple], points: list[tuple[int, int]]) -> None:
    """A round of duels: `pairs` of entries, `points` left of each."""
    round_ = seat_round(tournament, [list(pair) for pair in pairs])
    for table, (winner, loser) in zip(round_.tables.order_by("number"), points, strict=True):
        duel(table, winner, loser)


@pytest.fixture
def duels(two_clubs):
    """A Mie-Zie-Mauzen evening of duels; the margin is the points left (fewer is better):

    round 1: P 0 - Q 6, Z 0 - Y 10; round 2: Q 0 - Y 10, Z 0 - P 6.
    Z 2 points; P and Q 1 point and 6 points left each, and they met: P finished above
    Q, so head-to-head puts P first. Y 0 points. R, registered, never played.
    """
    tournament = TournamentFactory(club=two_clubs.a, game="miezemauzen", table_size=2,
                                   name="Duels")  # fmt: skip
    p, q, y, z, _r = (
        EntryFactory(tournament=tournament, member=MemberFactory(club=two_clubs.a, name=name))
        for name in ("Piet", "Quinten", "Yvonne", "Zoë", "Rinus")
    )
    duels_of(tournament, [(p, q), (z, y)], [(0, 6), (0, 10)])
    duels_of(tournament, [(q, y), (z, p)], [(0, 10), (0, 6)])
    return tournament


def test_the_tournament_page_notes_how_each_tie_was_settled(two_clubs, duels):
    rows = cells(english(two_clubs.player).get(standings_url(duels)))
    assert rows[0][7] == "tie-break"
    assert [(row[0], row[1], row[2], row[3], row[7]) for row in rows[1:]] == [
        ("1", "Zoë", "2", "0", ""),
        ("2", "Piet", "1", "6", "head-to-head"),
        ("3", "Quinten", "1", "6", "head-to-head"),
        ("4", "Yvonne", "0", "20", ""),
    ]
    # Rinus is registered but never played: not in the standings (issue 15).
    assert "Rinus" not in [row[1] for row in rows]
    # After round 1 alone: P and Z 1 point (0 points left each, never met: shared).
    after_one = cells(english(two_clubs.player).get(standings_url(duels, round=1)))
    assert [(row[0], row[1], row[7]) for row in after_one[1:3]] == [
        ("1", "Piet", "shared"), ("1", "Zoë", "shared"),
    ]  # fmt: skip
    assert [(row[1], row[7]) for row in after_one[3:]] == [
        ("Quinten", "tied: margin"), ("Yvonne", "tied: margin"),
    ]  # fmt: skip


@pytest.mark.parametrize("language", ["nl", "de", "en"])
def test_the_notes_in_each_language(two_clubs, duels, language):
    margin, head_to_head, shared, _won, column = NOTES[language]
    client = in_language(two_clubs.player, language)
    rows = cells(client.get(standings_url(duels)))
    assert rows[0][7].casefold() == column.casefold()
    assert [row[7] for row in rows[1:]] == ["", head_to_head, head_to_head, ""]
    after_one = cells(client.get(standings_url(duels, round=1)))
    assert [row[7] for row in after_one[1:]] == [shared, shared, margin, margin]


def test_the_exports_carry_the_notes(two_clubs, duels):
    response = english(two_clubs.player).get(standings_url(duels, _export="csv"))
    lines = list(csv.reader(io.StringIO(response.content.decode())))
    assert lines[0][7] == "tie-break"
    assert {line[1]: line[7] for line in lines[1:]} == {
        "Zoë": "", "Piet": "head-to-head", "Quinten": "head-to-head", "Yvonne": "",
    }  # fmt: skip
    response = in_language(two_clubs.player, "nl").get(standings_url(duels, _export="xlsx"))
    values = list(openpyxl.load_workbook(io.BytesIO(response.content)).active.values)
    assert values[0][7] == "bij gelijke stand"
    assert {row[1]: row[7] for row in values[1:]} == {
        "Zoë": None, "Piet": "onderling resultaat", "Quinten": "onderling resultaat",
        "Yvonne": None,
    }  # fmt: skip


def test_the_venue_screen_shows_the_notes(two_clubs, duels):
    url = reverse("scoring:tournament-venue-live", kwargs={**CLUB, "pk": duels.pk})
    rows = cells(english(two_clubs.director).get(url), "venue-board")
    assert rows[0][4] == "tie-break"
    assert [(row[1], row[4]) for row in rows[1:]] == [
        ("Zoë", ""), ("Piet", "head-to-head"), ("Quinten", "head-to-head"), ("Yvonne", ""),
    ]  # fmt: skip


def test_the_printed_standings_show_the_notes_in_the_clubs_language(two_clubs, duels):
    doc = printing.tournament_standings(duels)
    assert doc.columns[7] == "Bij gelijke stand"
    assert {row.cells[1]: row.cells[7] for row in doc.rows} == {
        "Zoë": "", "Piet": "onderling resultaat", "Quinten": "onderling resultaat",
        "Yvonne": "",
    }  # fmt: skip
    assert any(
        note.startswith("Bij gelijke wedstrijdpunten beslist het saldo") for note in doc.notes
    )
    text = "".join("\n".join(pdf_text(render([doc], language="nl"))).split())
    assert "onderlingresultaat" in text
    # Through the print view, as a member opens it.
    response = client_for(two_clubs.player).get(
        reverse("printing:print-tournament-standings", kwargs={**CLUB, "pk": duels.pk})
    )
    assert "onderlingresultaat" in "".join("".join(pdf_text(response.content)).split())
    Club.objects.filter(pk=two_clubs.a.pk).update(language="de")
    duels.refresh_from_db()
    assert "direkter Vergleich" in [
        row.cells[7] for row in printing.tournament_standings(duels).rows
    ]


def test_printed_standings_without_ties_have_no_tie_column(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a, game="miezemauzen", table_size=2)
    entries = [EntryFactory(tournament=tournament) for _ in range(2)]
    duels_of(tournament, [tuple(entries)], [(0, 4)])
    doc = printing.tournament_standings(tournament)
    assert "Bij gelijke stand" not in doc.columns
    assert all(len(row.cells) == len(doc.columns) for row in doc.rows)


# --- a season ------------------------------------------------------------------------------


@pytest.fixture
def season(two_clubs):
    """Two evenings of Mie-Zie-Mauzen duels, every evening counts (points left):

    e1: A -3 - X 10, B 0 - Y 10: A wins the evening (1 point, margin 3), B second.
    e2: Z -2 - A 5, W -4 - B 2: W first (1 point, margin 4), Z second.
    W (1, margin 4) and Z (1, 2): the margin decides. A and B: total 1, margin -2 (2 points
    left); A won an evening, B none: A first (TP-4). X and Y (0, -10): shared.
    """
    club = two_clubs.a
    season = SeasonFactory(club=club, name="Duelcompetitie", game="miezemauzen")
    members = {name: MemberFactory(club=club, name=name) for name in "ABWXYZ"}
    for day, pairs, points in (
        (1, [("A", "X"), ("B", "Y")], [(-3, 10), (0, 10)]),
        (2, [("Z", "A"), ("W", "B")], [(-2, 5), (-4, 2)]),
    ):
        evening = TournamentFactory(club=club, season=season, game="miezemauzen",
                                    table_size=2, date=f"2026-11-0{day}")  # fmt: skip
        entries = {
            name: EntryFactory(tournament=evening, member=members[name])
            for pair in pairs
            for name in pair
        }
        duels_of(evening, [(entries[one], entries[other]) for one, other in pairs], points)
    return season


@pytest.mark.parametrize("language", ["nl", "de", "en"])
def test_the_season_page_notes_how_each_tie_was_settled(two_clubs, season, language):
    margin, _head_to_head, shared, won, column = NOTES[language]
    url = reverse(SEASON_STANDINGS, kwargs={**CLUB, "pk": season.pk})
    rows = cells(in_language(two_clubs.player, language).get(url))
    assert rows[0][-1].casefold() == column.casefold()
    assert [(row[0], row[1], row[4], row[5], row[-1]) for row in rows[1:]] == [
        ("1", "W", "1", "-4", margin),
        ("2", "Z", "1", "-2", margin),
        ("3", "A", "1", "2", won),
        ("4", "B", "1", "2", won),
        ("5", "X", "0", "10", shared),
        ("5", "Y", "0", "10", shared),
    ]


def test_the_season_export_and_print_carry_the_notes(two_clubs, season):
    url = reverse(SEASON_STANDINGS, kwargs={**CLUB, "pk": season.pk})
    response = english(two_clubs.player).get(url + "?_export=csv")
    lines = list(csv.reader(io.StringIO(response.content.decode())))
    assert lines[0][-1] == "tie-break"
    assert [(line[1], line[-1]) for line in lines[1:]] == [
        ("W", "tied: margin"), ("Z", "tied: margin"), ("A", "tied: evenings won"),
        ("B", "tied: evenings won"), ("X", "shared"), ("Y", "shared"),
    ]  # fmt: skip
    doc = printing.season_standings(season)
    assert doc.columns[-1] == "Bij gelijke stand"
    assert [row.cells[-1] for row in doc.rows] == [
        "gelijk: saldo", "gelijk: saldo", "gelijk: gewonnen avonden",
        "gelijk: gewonnen avonden", "gedeeld", "gedeeld",
    ]  # fmt: skip
    assert any("gewonnen avonden" in note for note in doc.notes)
    text = "".join("".join(pdf_text(render([doc], language="nl"))).split())
    assert "gelijk:gewonnenavonden" in text


# --- TP-2: won, as the site reads a result ---------------------------------------------------

KEEZEN_OPTIONS = {"points_per_pawn": 2, "win_bonus": 10, "round_minutes": 30}


def keezen_result(table: Table, pawns: list[int], *, finished: bool) -> ResultEntry:
    data = {"mode": "summary", "finished": finished, "sides": [{"pawns": n} for n in pawns]}
    return confirmed(table, data, sides=len(pawns), players=2 * len(pawns))


def test_a_sole_first_place_at_a_table_the_clock_stopped_is_not_won(two_clubs):
    tournament = TournamentFactory(
        club=two_clubs.a, game="keezen", table_size=4, teams="drawn", scheme="game",
        options=KEEZEN_OPTIONS,
    )  # fmt: skip
    players = [EntryFactory(tournament=tournament) for _ in range(4)]
    # Seats i and i + 2 are partners: side 0 is players 0 and 2.
    stopped = seat_round(tournament, [players]).tables.get()
    keezen_result(stopped, [6, 3], finished=False)  # the clock stopped it: no winner
    rows = cells(english(two_clubs.player).get(standings_url(tournament)))
    wins = {row[1]: row[6] for row in rows[1:]}
    assert wins == dict.fromkeys((p.name for p in players), "0")
    # Side 0 led 6 to 3: 12 game points and the first place, still not a table won.
    assert {row[1]: row[2] for row in rows[1:]}[players[0].name] == "12"
    finished = seat_round(tournament, [players]).tables.get()
    keezen_result(finished, [8, 5], finished=True)
    rows = cells(english(two_clubs.player).get(standings_url(tournament)))
    wins = {row[1]: row[6] for row in rows[1:]}
    assert (wins[players[0].name], wins[players[2].name]) == ("1", "1")
    assert (wins[players[1].name], wins[players[3].name]) == ("0", "0")
