"""games/cards.py: what people read for a card, in the club's letters, parses back."""

import pytest

from games.cards import (
    JOKER,
    Card,
    UnknownCardError,
    card_text,
    card_words,
    language_of,
    parse_card,
    parse_rank,
    rank_text,
    suit_text,
)
from games.duizenden.rules import duizenden_deck
from games.keezen.rules import keezen_deck
from games.meierijen.rules import meierijen_deck
from games.meino.cards import MeinoCard, meino_deck, parse_meino
from games.miezemauzen.rules import miezemauzen_deck

LANGUAGES = ("nl", "de", "en", "nl-be", "de-at", "fr", "")
FRENCH_DECKS = {
    "meierijen": meierijen_deck(),
    "duizenden": duizenden_deck(),
    "miezemauzen": miezemauzen_deck(),
    "miezemauzen-8": miezemauzen_deck(8),
    "keezen-6": keezen_deck(6),
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("deck", FRENCH_DECKS)
def test_every_french_card_parses_back(deck, language):
    cards = set(FRENCH_DECKS[deck])
    assert cards  # the loop below runs
    for card in cards:
        assert parse_card(card_text(card, language)) == card
        assert parse_card(card_text(card, language, compact=True)) == card
        assert parse_card(card_words(card, language)) == card


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("compact", [False, True])
def test_every_meino_card_parses_back(language, compact):
    cards = set(meino_deck())
    assert cards  # the loop below runs
    for card in cards:
        assert parse_meino(card_text(card, language, compact=compact)) == card
        assert parse_meino(card_words(card, language)) == card


@pytest.mark.parametrize("language", ["nl", "de", "en"])
def test_ranks_parse_back(language):
    for rank in range(2, 15):
        assert parse_rank(rank_text(rank, language)) == rank


@pytest.mark.parametrize(
    ("card", "language", "text"),
    [
        (Card(12, "H"), "nl", "harten V"),
        (Card(14, "S"), "nl", "schoppen A"),
        (Card(11, "C"), "nl", "klaveren B"),
        (Card(13, "D"), "nl", "ruiten H"),
        (Card(12, "H"), "de", "Herz D"),
        (Card(13, "C"), "de", "Kreuz K"),
        (Card(11, "S"), "de", "Pik B"),
        (Card(10, "D"), "de", "Karo 10"),
        (Card(12, "H"), "en", "QH"),
        (JOKER, "nl", "joker"),
        (JOKER, "de", "Joker"),
        (JOKER, "en", "JK"),
        ("QS", "nl-be", "schoppen V"),
        ("schoppen vrouw", "de", "Pik D"),
        ("QH", "fr", "QH"),
        (MeinoCard("R", "skip"), "nl", "rood overslaan"),
        (MeinoCard("G", "rev"), "de", "grün Richtungswechsel"),
        (MeinoCard("", "W+4"), "nl", "kleurkeuze +4"),
        (MeinoCard("B", "7"), "en", "B7"),
    ],
)
def test_card_text(card, language, text):
    assert card_text(card, language) == text


@pytest.mark.parametrize(
    ("card", "language", "text"),
    [
        (Card(12, "H"), "nl", "V♥"),
        (Card(13, "S"), "nl", "H♠"),
        (Card(11, "D"), "nl", "B♦"),
        (Card(12, "H"), "de", "D♥"),
        (Card(13, "C"), "de", "K♣"),
        (Card(12, "H"), "en", "Q♥"),
        (Card(10, "C"), "nl", "10♣"),
    ],
)
def test_compact_card_text(card, language, text):
    assert card_text(card, language, compact=True) == text


def test_card_words():
    assert card_words(Card(12, "H"), "nl") == "harten vrouw"
    assert card_words(Card(12, "H"), "de") == "Herz Dame"
    assert card_words(Card(13, "S"), "de") == "Pik König"
    assert card_words(Card(12, "H"), "en") == "queen of hearts"


def test_letters_and_suits():
    assert [rank_text(r, "nl") for r in (11, 12, 13, 14)] == ["B", "V", "H", "A"]
    assert [rank_text(r, "de") for r in (11, 12, 13, 14)] == ["B", "D", "K", "A"]
    assert [rank_text(r, "en") for r in (11, 12, 13, 14)] == ["J", "Q", "K", "A"]
    assert rank_text(10, "nl") == "10"
    assert suit_text("H", "nl") == "harten"
    assert suit_text("C", "de") == "Kreuz"
    assert suit_text("S", "en") == "spades"
    assert language_of("nl-BE") == "nl"
    assert language_of(None) == "en"


def test_german_d_leaves_older_readings_alone():
    # "d" is diamonds first: the compact "DH" (ruiten heer) and "HD" stay the king of
    # diamonds; German "D" is a queen only where nothing else fits.
    assert parse_card("DH") == Card(13, "D")
    assert parse_card("HD") == Card(13, "D")
    assert parse_card("Herz D") == Card(12, "H")
    assert parse_card("D ♥") == Card(12, "H")
    assert parse_rank("D") == 12


def test_no_card():
    with pytest.raises(UnknownCardError):
        card_text("XX", "nl")
