"""Cards on the dispute pages in the club's letters: a Dutch verdict says "V♠" and a German
one "D♠" where English says "QS"; the card picker's labels; no developer text on the
rules pages."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from disputes.checker.verdict import local_cards, show_verdict
from games import cases, registry
from games.cards import (
    FRENCH,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    card_text,
    card_words,
    parse_card,
    picker_labels,
)
from games.meino.cards import MEINO, MeinoCard, parse_meino
from games.meino.cards import picker_labels as meino_picker_labels

from .helpers import check_url, director_client, flat_page
from .test_checker_duizenden import FACE
from .test_checker_forms import RENEGE

DEAL = {"melded": "Ann: 5H 6H JK:7H | AS AC AD\nBas: 8C 8D 8S", "hands": "Bas: QS 4H"}
WISHES = ("W", "W+2", "W+4", "JOKER")
PICKER_JS = Path(__file__).resolve().parents[2] / "static" / "troef" / "card_picker.js"


@pytest.mark.parametrize(
    ("language", "hand", "melded"),
    [
        ("nl", "V♠ 4♥", "5♥ 6♥ joker:7♥ | A♠ A♣ A♦"),
        ("de", "D♠ 4♥", "5♥ 6♥ Joker:7♥ | A♠ A♣ A♦"),
        ("en", "QS 4H", "5H 6H JK:7H | AS AC AD"),
    ],
)
def test_a_verdict_shows_the_cards_in_the_users_letters(two_clubs, language, hand, melded):
    page = flat_page(
        director_client(two_clubs, language).post(check_url("duizenden", "deal_score"), DEAL)
    )
    assert 'class="verdict verdict-legal"' in page
    assert f'<th scope="row">Bas</th><td>8♣ 8♦ 8♠</td><td>{hand}</td>' in page or (
        language == "en" and f"<td>{hand}</td>" in page
    )
    assert f"<td>{melded}</td>" in page
    if language != "en":
        assert "QS 4H" not in page.split('class="case-json"')[0]
    # the case to copy stays canonical, as check_hand reads it
    assert "&quot;QS&quot;" in page or '"QS"' in page


@pytest.mark.parametrize(("language", "run"), [("nl", "5♥-7♥"), ("de", "5♥-7♥")])
def test_a_meld_reads_in_the_users_letters(two_clubs, language, run):
    data = {"cards": "vrouw harten, heer harten, aas harten", **FACE}
    page = flat_page(
        director_client(two_clubs, language).post(check_url("duizenden", "meld"), data)
    )
    queen, king = {"nl": ("V♥", "H♥"), "de": ("D♥", "K♥")}[language]
    assert f"<td>{queen} {king} A♥ — " in page
    assert "QH KH AH" not in page


@pytest.mark.parametrize(("language", "nine"), [("nl", "harten 9"), ("de", "Herz 9")])
def test_a_verdicts_message_names_its_cards_in_the_users_letters(two_clubs, language, nine):
    page = flat_page(
        director_client(two_clubs, language).post(check_url("miezemauzen", "deal"), RENEGE)
    )
    message = re.search(r'class="engine-message">(.*?)</p>', page)
    assert message is not None
    assert "9H" not in message.group(1)
    assert nine in message.group(1) or "9♥" in message.group(1)
    assert 'lang="en"' not in message.group(1)


def test_a_saved_verdict_that_no_longer_judges_keeps_its_english_words():
    violation = {"rule": "MZ-8", "message": "Bas did not follow, holding 9H"}
    verdict = {"game": "miezemauzen", "legal": False, "violations": [violation]}
    with translation.override("nl"):
        (shown,) = show_verdict(verdict, {"game": "miezemauzen"}, None).violations
    assert (shown.message, shown.message_lang) == ("Bas did not follow, holding 9H", "en")


def test_a_verdicts_rule_text_names_options_by_their_labels():
    verdict = {"game": "miezemauzen", "legal": False,
               "violations": [{"rule": "MZ-7", "message": "kat"}]}  # fmt: skip
    with translation.override("nl"):
        (shown,) = show_verdict(verdict, {"game": "miezemauzen"}, None).violations
    assert "kat_scoring" not in shown.text and "holder" not in shown.text
    assert "“Telling van de kat”: “De houder 5 eraf”" in shown.text


@pytest.mark.parametrize(
    ("language", "place"), [("nl", "slag 2"), ("de", "Stich 2"), ("en", "trick 2")]
)
def test_a_violation_says_in_words_where_it_happens(language, place):
    case = {"game": "miezemauzen", "check": "deal", "players": ["Ann", "Bas", "Cor"],
            "dealer": "Cor", "trump": "S",
            "declarations": {"Ann": "play", "Bas": "play", "Cor": "play"},
            "hands": {"Ann": ["AH", "KS", "9S", "8C", "7D"], "Bas": ["9H", "QC", "JD", "10D", "7C"],
                      "Cor": ["10H", "KC", "8D", "AS", "7S"]},
            "tricks": [["AH", "9H", "10H"], ["8C", "7C", "8D"]]}  # fmt: skip
    verdict = cases.judge(case)
    assert [(v["rule"], v["at"]) for v in verdict["violations"]] == [("MZ-8", 1)]
    with translation.override(language):
        (shown,) = show_verdict(verdict, case, None).violations
    assert shown.place == place
    # Where no one list of steps reaches that far, the entry's number alone.
    with translation.override("en"):
        (bare,) = show_verdict(verdict, {"game": "miezemauzen"}, None).violations
    assert bare.place == "entry 2"


@pytest.mark.parametrize(
    ("language", "wanted"),
    [
        ("nl", "De speler speelde joker op de rode stapel zonder te zeggen voor welke rang die "
               "staat (V, H)."),
        ("de", "Der Spieler spielte Joker auf den roten Stapel, ohne zu sagen, für welchen Rang "
               "sie steht (D, K)."),
        ("en", "The player played JK on the red pile without saying which rank it stands for "
               "(Q, K)."),
    ],
)  # fmt: skip
def test_the_ranks_a_wild_could_take_are_in_the_readers_letters(language, wanted):
    case = {"game": "meierijen", "check": "turn", "options": {"variant1": False},
            "piles": {"red": "JD", "black": {"card": "2S", "as": "9"}, "mix": "KH"},
            "hand": ["JK", "9D", "7D", "6C", "5H"], "draw_pile": ["3H", "4C", "QD", "10S", "10C"],
            "open": {"me": [], "opponent": []}, "penalty": {"me": [], "opponent": []},
            "pawns": {"grey": "start", "red": "me", "white": ["start", "start"]},
            "plays": [{"card": "JK", "to": "red"}]}  # fmt: skip
    verdict = cases.judge(case)
    with translation.override(language):
        (shown,) = show_verdict(verdict, case, None).violations
    assert shown.message == wanted


@pytest.mark.parametrize(
    ("language", "wanted"),
    [
        ("nl", "Pion 3 van stoel 0 staat thuis (hok 0): een pion die thuis is, beweegt nooit "
               "meer (stoel 0 speelt klaveren A)."),
        ("de", "Figur 3 von Platz 0 steht im Haus (Ziel 0): eine Figur im Haus zieht nie mehr "
               "(Platz 0 spielt Kreuz A)."),
    ],
)  # fmt: skip
def test_a_keezen_seat_and_home_square_are_in_words(language, wanted):
    case = {"game": "keezen", "check": "move", "players": 4, "seat": 0,
            "pawns": {"0": ["nest", 20, 5, "home:0"], "1": [16, "nest", "nest", "nest"],
                      "2": ["nest", "nest", "nest", "nest"], "3": [40, 3, "nest", "nest"]},
            "card": "AC", "move": {"pawn": 3, "steps": 1}}  # fmt: skip
    verdict = cases.judge(case)
    with translation.override(language):
        (shown,) = show_verdict(verdict, case, None).violations
    assert shown.message == wanted


def test_local_cards_leaves_words_and_names_alone():
    assert local_cards("Ann: QH, KS", "nl") == "Ann: V♥, H♠"
    assert local_cards("JK:6H", "de") == "Joker:6♥"
    assert local_cards("AS and ASH, 10HX, 3", "nl") == "A♠ and ASH, 10HX, 3"
    assert local_cards("R5, Gskip, W+4", "nl", "meino") == "rood 5, groen overslaan, kleurkeuze +4"
    assert local_cards("QH", "en") == "QH"


# --- the card picker ------------------------------------------------------------------------


def page_picker(page: str, field: str) -> tuple[str, list]:
    """The deck name and the rows of cards a check page gives card_picker.js for ``field``."""
    opener = re.search(
        rf'<button type="button" class="card-picker-open[^>]*data-picker-for="id_{field}"[^>]*>',
        page,
        re.S,
    )
    assert opener is not None
    deck = re.search(r'data-deck="([^"]*)"', opener.group()).group(1)
    cards = re.search(r'data-cards="([^"]*)"', opener.group()).group(1)
    return deck, json.loads(html.unescape(cards))


@pytest.mark.parametrize("language", ["nl", "de", "en"])
@pytest.mark.parametrize(
    "where", [("duizenden", "meld", "cards", FRENCH), ("meino", "play", "hand", MEINO)]
)
def test_the_page_gives_the_picker_the_decks_cards(two_clubs, language, where):
    game, check, field, deck = where
    page = director_client(two_clubs, language).get(check_url(game, check)).content.decode()
    name, rows = page_picker(page, field)
    spec = registry.get(game).checker[check]
    assert name == deck.name
    assert rows == deck.picker(language, spec.picker_ranks)
    for row in rows:
        for card in row["cards"]:
            # what the field gets, and the words read out, are the card in any language
            assert str(deck.parse(card.get("typed", card["code"]))) == card["code"]
            assert str(deck.parse(card["words"])) == card["code"]


def test_the_picker_draws_any_deck_from_the_page():
    source = PICKER_JS.read_text(encoding="utf-8")
    assert "data-cards" in source
    for name in registry.available():
        assert name not in source.lower()
    assert '"french"' not in source


@pytest.mark.parametrize(
    ("language", "letters", "queen"),
    [("nl", ["A", "H", "V", "B"], "harten vrouw"), ("de", ["A", "K", "D", "B"], "Herz Dame"),
     ("en", ["A", "K", "Q", "J"], "queen of hearts")],
)  # fmt: skip
def test_the_pickers_letters_and_words(language, letters, queen):
    labels = picker_labels(language)
    assert [labels["ranks"][code] for code in ("A", "K", "Q", "J")] == letters
    # what the picker reads out for the queen of hearts, built as card_picker.js builds it
    words = labels["pattern"].format(suit=labels["suits"]["H"], rank=labels["words"]["Q"])
    assert words == queen == card_words(Card(12, "H"), language)
    for rank in range(2, 15):
        for suit in SUITS:
            card = Card(rank, suit)
            code = str(card)[:-1]
            spoken = labels["pattern"].format(
                suit=labels["suits"][suit], rank=labels["words"].get(code, code)
            )
            assert parse_card(spoken) == card
            shown = labels["ranks"].get(code, code) + SUIT_SYMBOLS[suit]
            assert shown == card_text(card, language, compact=True)
            assert parse_card(shown) == card
    meino = meino_picker_labels(language)
    for value, name in meino["values"].items():
        assert parse_meino(name if value in WISHES else f"{meino['colours']['R']} {name}") == (
            MeinoCard("", value) if value in WISHES else MeinoCard("R", value)
        )


@pytest.mark.parametrize("language", ["nl", "de", "en"])
def test_the_check_page_tells_the_picker_its_language(two_clubs, language):
    page = director_client(two_clubs, language).get(check_url("duizenden", "meld")).content.decode()
    assert f'<html lang="{language}">' in page
    opener = re.search(r'<button type="button" class="card-picker-open[^>]*>', page, re.S)
    assert opener is not None
    assert f'data-lang="{language}"' in opener.group()
    assert 'data-picker-for="id_cards"' in opener.group()
    assert "card_picker.js" in page


def test_the_picker_works_by_keyboard():
    source = PICKER_JS.read_text(encoding="utf-8")
    # real buttons (Enter and Space for free), read out in words, arrows and Escape
    assert 'document.createElement("button")' in source
    assert 'button.setAttribute("aria-label", card.words)' in source
    for key in ("Escape", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
        assert key in source
    css = PICKER_JS.with_name("card_picker.css").read_text(encoding="utf-8")
    assert "button.card-pick:focus-visible" in css


# --- the rules pages ------------------------------------------------------------------------

DEVELOPER_TEXT = re.compile(
    r"seeds/|RULES\.\w+\.md|\.py\b|\.po\b|manage\.py|make \w|\bholder:|\bothers:|\beither:"
)


@pytest.mark.parametrize("language", ["nl", "de", "en"])
def test_the_rules_pages_name_no_files_or_commands(client, db, language):
    client.cookies["django_language"] = language
    pages = [reverse("disputes:rules-index")]
    for name in registry.available():
        pages.append(reverse("disputes:rules-game", args=[name]))
    for page_url in pages:
        response = client.get(page_url)
        assert response.status_code == 200, page_url
        html = response.content.decode()
        assert not DEVELOPER_TEXT.search(html), (page_url, DEVELOPER_TEXT.search(html))
