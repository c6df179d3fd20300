"""A whole evening of a game the site does not come with, through the site's pages:
registered only by the ``TROEF_GAMES`` setting (conftest.py), played like a built-in
game. Nothing outside this folder names the game."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from games import registry
from scoring.links import table_token
from scoring.models import ResultEntry
from tournaments.models import Tournament

from ..factories import MemberFactory
from ..night_through_pages import Night, assert_status, club_url, pin_draw_seed, tables_of
from ..results.helpers import as_post, summary
from ..sheets.pdf import pdf_text
from ..tournaments.helpers import field_errors, tournament_data
from . import GAME

NAME = GAME.name


@pytest.fixture(autouse=True)
def _pinned_draw_seed(monkeypatch):
    pin_draw_seed(monkeypatch)


def test_the_setting_plays_the_game_and_the_rest_stay():
    assert registry.available()[-1] == NAME
    assert registry.get(NAME) is GAME
    assert registry.by_prefix()["HL"] == NAME
    assert len(registry.available()) == len(registry.BUILT_IN) + 1


def test_without_the_setting_the_game_is_gone(client, settings):
    settings.TROEF_GAMES = list(registry.BUILT_IN)
    assert NAME not in registry.available()
    assert client.get(reverse("disputes:rules-game", kwargs={"game": NAME})).status_code == 404


def test_the_tournament_form_offers_the_game_and_its_option(two_clubs):
    director = Client()
    director.force_login(two_clubs.director)
    page = assert_status(director.get(club_url(two_clubs.a, "tournaments:tournament-add")), 200)
    html = page.content.decode()
    assert f'value="{NAME}"' in html and "Hoger-lager" in html
    assert f'name="{NAME}__target"' in html
    # The option's bounds hold: more points than the game allows is a form error.
    too_many = tournament_data(NAME, table_size=3, **{f"{NAME}__target": 60})
    refused = director.post(club_url(two_clubs.a, "tournaments:tournament-add"), too_many)
    assert refused.status_code == 200
    assert list(field_errors(refused)) == [f"{NAME}__target"]
    assert not Tournament.objects.filter(game=NAME).exists()
    night = Night.create(
        two_clubs.a, two_clubs.director, NAME, table_size=3, **{f"{NAME}__target": 5}
    )
    assert night.tournament.game == NAME
    assert night.tournament.options == {"target": 5}


def test_a_whole_evening(two_clubs):
    night = Night.create(two_clubs.a, two_clubs.director, NAME, table_size=3, rounds_planned=2,
                         **{f"{NAME}__target": 5})  # fmt: skip
    entries = [night.register(MemberFactory(club=two_clubs.a, name=f"Gok {n}")) for n in range(6)]

    first = night.draw()
    tables = tables_of(first)
    assert sorted(len(players) for players in tables) == [3, 3]
    assert {entry.pk for players in tables for entry in players} == {e.pk for e in entries}

    # At each table the first player enters on the table's link, another confirms it from
    # a phone of their own.
    for table, players in zip(first.tables.order_by("number"), tables, strict=True):
        link = reverse("scoring:table-link", kwargs={"token": table_token(table.pk)})
        entry = summary(True, {"points": 5}, {"points": 3}, {"points": 1})
        data = as_post(entry, table.version, player=str(players[0].pk))
        assert_status(Client().post(link, data))
        result = ResultEntry.objects.get(table=table)
        assert result.status == ResultEntry.Status.PROVISIONAL
        table.refresh_from_db()
        confirm = {"action": "confirm", "player": players[1].pk, "result": result.pk,
                   "version": table.version}  # fmt: skip
        assert_status(Client().post(link, confirm))
        result.refresh_from_db()
        assert result.status == ResultEntry.Status.CONFIRMED

    # The table's score sheet is the game's own layout, with the tournament's target.
    table = first.tables.order_by("number").first()
    response = night.director.get(club_url(two_clubs.a, "printing:print-table-sheet", pk=table.pk))
    assert response["Content-Type"] == "application/pdf"
    text = "".join("\n".join(pdf_text(response.content)).split())
    # in the club's language, from the game's own catalogue
    assert "Hogeroflager:raakiseenpunt;wieheteerst5heeft,wint." in text
    assert "Hoger-lager" in text
    for player in tables[0]:
        assert "".join(player.name.split()) in text

    lines = night.standings_csv()
    winners = {players[0].name for players in tables}
    for name in winners:
        assert lines[name]["match points"] == "2"  # rank scheme: 2, 1, 0 at a table of three
    for players in tables:
        assert lines[players[2].name]["match points"] == "0"

    # A finished game with nobody at the target is refused in words, and nothing is saved.
    second = night.draw()
    table = second.tables.order_by("number").first()
    page = club_url(two_clubs.a, "scoring:table-result", pk=table.pk)
    wrong = summary(True, {"points": 4}, {"points": 3}, {"points": 1})
    response = night.director.post(page, as_post(wrong, table.version), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert escape("A finished game has one player with 5 points") in response.content.decode()
    assert not ResultEntry.objects.filter(table=table).exists()

    standings = assert_status(night.director.get(night.page("scoring:tournament-standings")), 200)
    for name in winners:
        assert escape(name) in standings.content.decode()
    assert Tournament.objects.get(pk=night.tournament.pk).game == NAME


@pytest.mark.parametrize(
    ("language", "title", "rule"),
    [
        ("en", "Hoger-lager", "Nobody guesses higher on a king"),
        ("nl", "Hoger-lager", "Niemand raadt hoger op een heer"),
        ("de", "Hoger-lager", "Niemand rät höher auf einen König"),
    ],
)
def test_the_rules_page_shows_the_games_own_rules(client, language, title, rule):
    response = client.get(reverse("disputes:rules-game", kwargs={"game": NAME}), {"lang": language})
    html = assert_status(response, 200).content.decode()
    assert title in html
    assert escape(rule) in html
    assert 'id="HL-2"' in html
    index = assert_status(client.get(reverse("disputes:rules-index")), 200).content.decode()
    assert reverse("disputes:rules-game", kwargs={"game": NAME}) in index


def test_the_dispute_checker_judges_the_games_case_and_cites_its_rule(two_clubs):
    director = Client()
    director.force_login(two_clubs.director)
    director.cookies["troef_language"] = "en"
    index = assert_status(
        director.get(reverse("disputes:dispute-index", kwargs={"club_slug": "rooi"})), 200
    )
    page = reverse(
        "disputes:dispute-check", kwargs={"club_slug": "rooi", "game": NAME, "check": "guess"}
    )
    assert page in index.content.decode()
    form = assert_status(director.get(page), 200).content.decode()
    assert 'name="shown"' in form and 'name="guess"' in form
    illegal = assert_status(director.post(page, {"shown": "13", "guess": "higher"}), 200)
    html = illegal.content.decode()
    assert "HL-2" in html
    assert escape("Nothing is higher than this card: the guess cannot win.") in html
    assert reverse("disputes:rules-game", kwargs={"game": NAME}) + "#HL-2" in html
    # A card that is no card is an error on its field, in words, and nothing is judged.
    wrong = director.post(page, {"shown": "14", "guess": "higher"})
    assert wrong.status_code == 400
    assert "HL-2" not in wrong.content.decode()
    assert "13" in wrong.content.decode()
    legal = assert_status(director.post(page, {"shown": "5", "guess": "lower", "turned": "2"}), 200)
    assert "HL-2" not in legal.content.decode()


@pytest.mark.parametrize(
    ("language", "field", "verdict"),
    [
        ("nl", "getoonde kaart", "Niets is higher dan deze kaart: de gok kan niet winnen."),
        (
            "de",
            "gezeigte Karte",
            "Nichts ist higher als diese Karte: Der Tipp kann nicht gewinnen.",
        ),
    ],
)
def test_the_games_words_come_from_its_own_catalogue(two_clubs, language, field, verdict):
    """The form's labels and the engine's verdict in Dutch and German: the words are in
    this folder's locale/, which the site finds through the registry. (The guess itself is
    the case's value, "higher", as the engine gives it.)"""
    director = Client()
    director.force_login(two_clubs.director)
    director.cookies["troef_language"] = language
    page = reverse(
        "disputes:dispute-check", kwargs={"club_slug": "rooi", "game": NAME, "check": "guess"}
    )
    assert field in assert_status(director.get(page), 200).content.decode()
    judged = director.post(page, {"shown": "13", "guess": "higher"})
    assert escape(verdict) in assert_status(judged, 200).content.decode()
