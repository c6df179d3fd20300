"""A game's own tie-breaks (ResultSpec.tiebreaks; KJ-9: tables won, then the best game) as
the standings pages, the venue screen, the exports and print say them in nl, de and en,
and a season ranked by its average (Season.count_by). The game here is Mie-Zie-Mauzen with
its tie-breaks replaced for the test: no page depends on klaverjassen being there."""

from __future__ import annotations

import csv
import io
from dataclasses import replace

import pytest
from django.urls import reverse

from games import registry
from printing import contents as printing
from scoring.views.standings import SEASON_STANDINGS
from tournaments.models import Season

from ..factories import EntryFactory, MemberFactory, SeasonFactory, TournamentFactory, seat_round
from .helpers import cells, english
from .test_ties import CLUB, confirmed, duels_of, in_language, standings_url

GAME = "miezemauzen"

#: The notes of the new tie-breaks and the legend's words for them, by language.
WORDS = {
    "en": {"wins": "tied: tables won", "best": "tied: best game", "column": "best game",
           "legend": "the tables won", "shared": "shared"},
    "nl": {"wins": "gelijk: gewonnen tafels", "best": "gelijk: beste partij",
           "column": "beste partij", "legend": "de gewonnen tafels", "shared": "gedeeld"},
    "de": {"wins": "gleich: gewonnene Tische", "best": "gleich: bestes Spiel",
           "column": "bestes Spiel", "legend": "den gewonnenen Tischen", "shared": "geteilt"},
}  # fmt: skip


#: The tie-break column's heading in en, nl and de.
TIE_COLUMN = ("tie-break", "bij gelijke stand", "bei gleichstand")


@pytest.fixture
def order_by(monkeypatch):
    """Make Mie-Zie-Mauzen order its standings by the given tie-breaks, as a game's
    ResultSpec.tiebreaks would (everything reads the game through registry.get)."""
    real = registry.get

    def ordered(*tiebreaks: str) -> None:
        def get(name: str):
            spec = real(name)
            if name != GAME:
                return spec
            return replace(spec, results=replace(spec.results, tiebreaks=tiebreaks))

        monkeypatch.setattr(registry, "get", get)

    return ordered


def threes(tournament, tables: list[list], points: list[list[int]]) -> None:
    """A round at tables of three: the entries of each table and the points each has left
    (0: the winner, MZ-10)."""
    round_ = seat_round(tournament, tables)
    for table, left in zip(round_.tables.order_by("number"), points, strict=True):
        data = {"mode": "summary", "finished": True, "sides": [{"points": n} for n in left]}
        confirmed(table, data, sides=3, players=3)


@pytest.fixture
def evening(two_clubs):
    """Two rounds at tables of three (2, 1, 0 match points by rank):

    round 1: Anna 0, Bram 5, Cor 10; Dirk 0, Eva 5, Fien 10.
    round 2: Cor 0, Bram 5, Fien 10; Eva 0, Dirk 5, Anna 10.
    Dirk and Eva 3 points, a table won each, best game 2: shared whatever the order.
    Anna, Bram and Cor 2 points; Anna and Cor won a table (best game 2), Bram none (best
    game 1): the tables won, or the best game, put Bram below them. Fien 0.
    """
    tournament = TournamentFactory(club=two_clubs.a, game=GAME, table_size=3, name="Drietjes")
    a, b, c, d, e, f = (
        EntryFactory(tournament=tournament, member=MemberFactory(club=two_clubs.a, name=name))
        for name in ("Anna", "Bram", "Cor", "Dirk", "Eva", "Fien")
    )
    threes(tournament, [[a, b, c], [d, e, f]], [[0, 5, 10], [0, 5, 10]])
    threes(tournament, [[c, b, f], [e, d, a]], [[0, 5, 10], [0, 5, 10]])
    return tournament


@pytest.mark.parametrize("language", ["nl", "de", "en"])
@pytest.mark.parametrize("decided", ["wins", "best"])
def test_the_page_says_in_words_how_the_games_order_settled_a_tie(
    two_clubs, evening, order_by, language, decided
):
    # KJ-9's order (the tables won, then the best game) or the best game alone
    order_by(*{"wins": ("wins", "best"), "best": ("best",)}[decided])
    words = WORDS[language]
    response = in_language(two_clubs.player, language).get(standings_url(evening))
    rows = cells(response)
    header = [cell.casefold() for cell in rows[0]]
    tie = header.index(next(h for h in header if h in TIE_COLUMN))
    found = {row[1]: (row[0], row[tie]) for row in rows[1:]}
    shared = words["shared"]
    assert found == {
        "Dirk": ("1", shared), "Eva": ("1", shared),
        "Anna": ("3", shared), "Cor": ("3", shared),
        "Bram": ("5", words[decided]),
        "Fien": ("6", ""),
    }  # fmt: skip
    # the best game shown beside the wins, as the game orders by it
    assert words["column"].casefold() in header
    best = header.index(words["column"].casefold())
    assert {row[1]: row[best] for row in rows[1:]}["Bram"] == "1"
    if decided == "wins":
        assert words["legend"] in response.content.decode()


def test_the_tables_won_decide_without_a_best_game_column(two_clubs, evening, order_by):
    order_by("wins")
    rows = cells(english(two_clubs.player).get(standings_url(evening)))
    assert "best game" not in [cell.casefold() for cell in rows[0]]
    assert [row[1] for row in rows[1:]] == ["Dirk", "Eva", "Anna", "Cor", "Bram", "Fien"]


def test_the_default_order_is_unchanged(two_clubs, evening):
    # TP-3 (margin, then head-to-head): no best game column, the legend as before.
    response = english(two_clubs.player).get(standings_url(evening))
    rows = cells(response)
    assert "best game" not in [cell.casefold() for cell in rows[0]]
    legend = "Equal match points: the margin decides, then head-to-head"
    assert legend in response.content.decode()


def test_the_venue_screen_export_and_print_say_it_too(two_clubs, evening, order_by):
    order_by("wins", "best")
    url = reverse("scoring:tournament-venue-live", kwargs={**CLUB, "pk": evening.pk})
    rows = cells(english(two_clubs.director).get(url), "venue-board")
    assert {row[1]: row[4] for row in rows[1:]}["Bram"] == "tied: tables won"
    response = english(two_clubs.player).get(standings_url(evening, _export="csv"))
    lines = list(csv.reader(io.StringIO(response.content.decode())))
    assert "best game" in lines[0]
    tie = lines[0].index("tie-break")
    assert {line[1]: line[tie] for line in lines[1:]}["Bram"] == "tied: tables won"
    doc = printing.tournament_standings(evening)  # in the club's language, Dutch
    assert "Beste partij" in doc.columns
    tie = doc.columns.index("Bij gelijke stand")
    assert {row.cells[1]: row.cells[tie] for row in doc.rows}["Bram"] == "gelijk: gewonnen tafels"
    assert any("de gewonnen tafels, daarna de beste partij" in note for note in doc.notes)


# --- a season by its average -------------------------------------------------------------


@pytest.fixture
def averaged(two_clubs):
    """Five evenings of duels, ranked by the average: Anna came to two and won both (1
    point each: total 2, average 1); Bram came to four and won three (total 3, average
    0.75); Cas lost each of its four."""
    club = two_clubs.a
    season = SeasonFactory(club=club, name="Gemiddeld", game=GAME, count_by="average")
    members = {name: MemberFactory(club=club, name=name) for name in ("Anna", "Bram", "Cas")}
    for day, pairs in (
        (1, [("Anna", "Cas")]),
        (2, [("Anna", "Bram")]),
        (3, [("Bram", "Cas")]),
        (4, [("Bram", "Cas")]),
        (5, [("Bram", "Cas")]),
    ):
        evening = TournamentFactory(club=club, season=season, game=GAME, table_size=2,
                                    date=f"2026-11-0{day}")  # fmt: skip
        entries = {name: EntryFactory(tournament=evening, member=members[name])
                   for pair in pairs for name in pair}  # fmt: skip
        duels_of(evening, [(entries[one], entries[other]) for one, other in pairs],
                 [(0, 6)] * len(pairs))  # fmt: skip
    return season


@pytest.mark.parametrize(
    ("language", "heading"), [("nl", "gemiddelde"), ("de", "durchschnitt"), ("en", "average")]
)
def test_a_season_by_average_ranks_and_shows_the_average(two_clubs, averaged, language, heading):
    url = reverse(SEASON_STANDINGS, kwargs={**CLUB, "pk": averaged.pk})
    rows = cells(in_language(two_clubs.player, language).get(url))
    header = [cell.casefold() for cell in rows[0]]
    assert heading in header
    figure = header.index(heading)
    assert [(row[0], row[1], row[figure]) for row in rows[1:]] == [
        ("1", "Anna", "1"),
        ("2", "Bram", "0,75" if language != "en" else "0.75"),
        ("3", "Cas", "0"),
    ]
    # by the total Bram leads
    Season.objects.filter(pk=averaged.pk).update(count_by="total")
    rows = cells(english(two_clubs.player).get(url))
    header = [cell.casefold() for cell in rows[0]]
    assert "average" not in header
    figure = header.index("total")
    assert [(row[1], row[figure]) for row in rows[1:]] == [
        ("Bram", "3"),
        ("Anna", "2"),
        ("Cas", "0"),
    ]


def test_the_players_page_shows_the_average_beside_the_total(two_clubs, averaged):
    bram = two_clubs.a.members.get(name="Bram")
    url = reverse("scoring:player-detail", kwargs={**CLUB, "pk": bram.pk})
    page = " ".join(in_language(two_clubs.player, "nl").get(url).content.decode().split())
    assert "<strong>3</strong> <small>(gemiddelde 0,75)</small>" in page


def test_the_season_export_and_print_carry_the_average(two_clubs, averaged):
    url = reverse(SEASON_STANDINGS, kwargs={**CLUB, "pk": averaged.pk})
    response = english(two_clubs.player).get(url + "?_export=csv")
    lines = list(csv.reader(io.StringIO(response.content.decode())))
    figure = lines[0].index("average")
    assert [(line[1], line[figure]) for line in lines[1:]] == [
        ("Anna", "1"),
        ("Bram", "0.75"),
        ("Cas", "0"),
    ]
    doc = printing.season_standings(averaged)  # Dutch, the club's language
    assert "Gemiddelde" in doc.columns
    assert any("gemiddelde van hun meetellende avonden" in note for note in doc.notes)
