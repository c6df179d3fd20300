"""games/cards.py: every accepted spelling, canonical output, decks per game."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.cards import (
    JOKER,
    Card,
    UnknownCardError,
    french_deck,
    parse_card,
    parse_cards,
    parse_rank,
    parse_suit,
)
from games.duizenden.rules import duizenden_deck
from games.keezen.rules import keezen_deck
from games.meierijen.rules import meierijen_deck
from games.meino.cards import MeinoCard, meino_deck, parse_meino, parse_meino_colour
from games.miezemauzen.rules import miezemauzen_deck

SPELLINGS = {
    "10H": "10H", "QS": "QS", "AD": "AD", "2C": "2C", "JK": "JK",
    "Q♠": "QS", "♠Q": "QS", "q♠": "QS", "10♥": "10H", "♥10": "10H", "K♦": "KD", "♣A": "AC",
    "qs": "QS", "10h": "10H", "jd": "JD", "s10": "10S", "hq": "QH",
    "schoppen vrouw": "QS", "harten 10": "10H", "ruiten boer": "JD", "klaveren aas": "AC",
    "Schoppen Vrouw": "QS", "harten heer": "KH", "heer harten": "KH", "vrouw schoppen": "QS",
    "joker": "JK", "Joker": "JK", "klaveren 2": "2C", "ruiten tien": "10D",
    "Herz Dame": "QH", "Pik Ass": "AS", "Kreuz König": "KC", "Karo Bube": "JD",
    "  10 h  ": "10H", "10-H": "10H",
}  # fmt: skip


@pytest.mark.parametrize(("text", "canonical"), SPELLINGS.items())
def test_every_accepted_spelling_prints_canonically(text, canonical):
    assert str(parse_card(text)) == canonical


@pytest.mark.parametrize("card", sorted(set(french_deck(jokers=1))))
def test_canonical_form_round_trips(card):
    assert parse_card(str(card)) == card


@pytest.mark.parametrize(
    "text",
    [
        "XX",
        "1H",
        "11S",
        "0D",
        "QX",
        "schoppen",
        "vrouw",
        "",
        " ",
        "10HH",
        "Q♠♠",
        "harten harten",
        "R5",
        None,
        12,
        ["QS"],
    ],
)
def test_unknown_card_names_it(text):
    with pytest.raises(UnknownCardError) as info:
        parse_card(text)
    assert repr(text) in str(info.value)


@given(st.text(max_size=12))
def test_any_text_parses_or_raises_unknown_card(text):
    try:
        card = parse_card(text)
    except UnknownCardError:
        return
    assert parse_card(str(card)) == card


def test_parse_cards_keeps_duplicates_as_a_multiset():
    assert parse_cards(["QS", "schoppen vrouw", "Q♠"]) == [Card(12, "S")] * 3
    with pytest.raises(UnknownCardError):
        parse_cards("QS")


def test_ranks_and_suits():
    assert parse_rank("10") == 10
    assert parse_rank("vrouw") == 12
    assert parse_rank("A") == 14
    assert parse_rank(9) == 9
    assert parse_suit("♥") == "H"
    assert parse_suit("schoppen") == "S"
    for bad in ("1", 15, True, "X"):
        with pytest.raises(UnknownCardError):
            parse_rank(bad)
    with pytest.raises(UnknownCardError):
        parse_suit("rood")


MEINO_SPELLINGS = {
    "R5": "R5", "Gskip": "Gskip", "Brev": "Brev", "Y+2": "Y+2", "W": "W", "W+2": "W+2",
    "W+4": "W+4", "JOKER": "JOKER", "r5": "R5", "gskip": "Gskip", "y+2": "Y+2", "w+4": "W+4",
    "joker": "JOKER", "rot 5": "R5", "5 rot": "R5", "grün Aussetzen": "Gskip",
    "gruen aussetzen": "Gskip", "blau Richtungswechsel": "Brev", "gelb 2-Ziehen": "Y+2",
    "Farbwahl": "W", "red 9": "R9", "groen 3": "G3",
    "rot5": "R5", "blau+2": "B+2", "W4": "W+4", "+4": "W+4", "w2": "W+2", "grünskip": "Gskip",
}  # fmt: skip


@pytest.mark.parametrize(("text", "canonical"), MEINO_SPELLINGS.items())
def test_meino_spellings(text, canonical):
    assert str(parse_meino(text)) == canonical


@pytest.mark.parametrize(
    "text",
    ["R0", "R10", "X5", "Wskip", "W+3", "rot", "", "QS", None, "rot 05", "R\u0665", "rot \u0665"],
)
def test_unknown_meino_card(text):
    with pytest.raises(UnknownCardError):
        parse_meino(text)


@given(st.text(max_size=12))
def test_any_text_parses_as_a_meino_card_that_round_trips_or_raises(text):
    try:
        card = parse_meino(text)
    except UnknownCardError:
        return
    assert parse_meino(str(card)) == card
    assert card in meino_deck()


def test_meino_colours():
    assert [parse_meino_colour(c) for c in ("R", "blau", "gelb", "grün")] == list("RBYG")
    with pytest.raises(UnknownCardError):
        parse_meino_colour("purple")


def test_meino_card_kinds():
    assert MeinoCard("R", "5").is_number
    assert MeinoCard("B", "skip").is_action
    assert MeinoCard("", "W+4").is_wish
    assert not MeinoCard("", "JOKER").is_action


def test_duizenden_deck_is_two_54_card_decks():
    deck = duizenden_deck()
    assert len(deck) == 108
    counts = Counter(deck)
    assert counts[JOKER] == 4
    assert all(n == 2 for card, n in counts.items() if card != JOKER)
    assert len(counts) == 53


def test_meierijen_deck_is_52_and_two_jokers():
    deck = meierijen_deck()
    assert len(deck) == 54
    assert Counter(deck)[JOKER] == 2


def test_miezemauzen_deck_32_or_52_cards():
    deck = miezemauzen_deck(4)
    assert len(deck) == len(set(deck)) == 32
    assert min(c.rank for c in deck) == 7
    assert len(set(miezemauzen_deck(6))) == 52


def test_keezen_deck_one_or_one_and_a_half():
    assert len(keezen_deck(4)) == 52
    assert len(keezen_deck(6)) == 78


def test_meino_decks():
    deck = meino_deck()
    assert len(deck) == 110
    kinds = Counter("number" if c.is_number else "action" if c.is_action else c.value for c in deck)
    assert kinds == {"number": 72, "action": 24, "W": 4, "W+4": 4, "W+2": 4, "JOKER": 2}
    compact = meino_deck(compact=True)
    assert len(compact) == 55
    assert Counter(compact)[MeinoCard("R", "5")] == 1
    assert Counter(compact)[MeinoCard("", "JOKER")] == 1
