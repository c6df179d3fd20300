"""Card notation of RULES.md: parse every accepted spelling, print the canonical form.

French-suited cards are :class:`Card` (rank 2-14, suit ``S H D C``; the joker is rank 0,
suit ``""``). MEINO cards are :class:`MeinoCard`. Both print canonically with ``str()``.
Parsing is forgiving (suit symbols, either order, lower case, Dutch/German/English words);
an unknown card raises :class:`UnknownCardError` naming it.

Pure Python: no Django here (tests/test_architecture.py).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import NamedTuple

SUITS = ("S", "H", "D", "C")
JOKER_RANK = 0
ACE = 14
KING = 13
QUEEN = 12
JACK = 11
RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}


class UnknownCardError(ValueError):
    """A card text that names no card of the notation."""

    def __init__(self, text: object, kind: str = "card") -> None:
        self.text = text
        shown = repr(text)
        if len(shown) > 40:
            shown = shown[:37] + "..."
        super().__init__(f"unknown {kind} {shown}")


class Card(NamedTuple):
    """A French-suited card or the joker (rank 0, no suit)."""

    rank: int
    suit: str

    def __str__(self) -> str:
        if self.rank == JOKER_RANK:
            return "JK"
        return f"{RANK_NAMES.get(self.rank, self.rank)}{self.suit}"

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK


JOKER = Card(JOKER_RANK, "")

# --- words -------------------------------------------------------------------------------

_SUIT_WORDS = {
    "s": "S", "♠": "S", "♤": "S", "schoppen": "S", "schop": "S", "spades": "S",
    "spade": "S", "pik": "S", "piek": "S", "schuppen": "S",
    "h": "H", "♥": "H", "♡": "H", "harten": "H", "hart": "H", "hearts": "H", "heart": "H",
    "herz": "H", "herzen": "H",
    "d": "D", "♦": "D", "♢": "D", "ruiten": "D", "ruit": "D", "diamonds": "D",
    "diamond": "D", "karo": "D", "caro": "D",
    "c": "C", "♣": "C", "♧": "C", "klaveren": "C", "klaver": "C", "clubs": "C",
    "club": "C", "kreuz": "C", "treff": "C",
}  # fmt: skip
_RANK_WORDS = {
    **{str(n): n for n in range(2, 11)},
    "j": 11, "b": 11, "boer": 11, "jack": 11, "bube": 11, "knave": 11,
    "q": 12, "v": 12, "vrouw": 12, "queen": 12, "dame": 12, "vr": 12,
    "k": 13, "h": 13, "heer": 13, "king": 13, "koning": 13, "konig": 13, "koenig": 13,
    "a": 14, "aas": 14, "ace": 14, "ass": 14, "as": 14,
    "twee": 2, "drie": 3, "vier": 4, "vijf": 5, "zes": 6, "zeven": 7, "acht": 8,
    "negen": 9, "tien": 10,
}  # fmt: skip
_JOKER_WORDS = frozenset({"jk", "joker", "jok", "jkr", "🃏"})
_SYMBOLS = "♠♤♥♡♦♢♣♧"
_SPLIT_RE = re.compile(rf"[\s\-_/]+|(?<=[{_SYMBOLS}])|(?=[{_SYMBOLS}])")


def _normalise(text: str) -> str:
    # NFKD drops the umlaut of "König"/"grün"; emoji variation selectors go too.
    text = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(ch for ch in text if not unicodedata.combining(ch) and ch != "\ufe0f")


@lru_cache(maxsize=4096)
def _parse_card_text(text: str) -> Card:
    norm = _normalise(text)
    if norm in _JOKER_WORDS:
        return JOKER
    words = [w for w in _SPLIT_RE.split(norm) if w]
    if len(words) == 1:
        word = words[0]
        # Compact forms: rank then suit ("10h", "qs") or suit then rank ("s10", "hq").
        for rank_len in (2, 1):
            rank, suit = word[:rank_len], word[rank_len:]
            if rank in _RANK_WORDS and suit in _SUIT_WORDS and len(suit) == 1:
                return Card(_RANK_WORDS[rank], _SUIT_WORDS[suit])
        suit, rank = word[:1], word[1:]
        if suit in _SUIT_WORDS and rank in _RANK_WORDS:
            return Card(_RANK_WORDS[rank], _SUIT_WORDS[suit])
    elif len(words) == 2:
        first, second = words
        if first in _SUIT_WORDS and second in _RANK_WORDS:
            return Card(_RANK_WORDS[second], _SUIT_WORDS[first])
        if first in _RANK_WORDS and second in _SUIT_WORDS:
            return Card(_RANK_WORDS[first], _SUIT_WORDS[second])
    raise UnknownCardError(text)


def parse_card(text: object) -> Card:
    """Parse one French-suited card or joker in any accepted spelling."""
    if isinstance(text, Card):
        return text
    if not isinstance(text, str) or not text.strip() or len(text) > 40:
        raise UnknownCardError(text)
    return _parse_card_text(text)


def parse_cards(texts: object) -> list[Card]:
    if not isinstance(texts, list | tuple):
        raise UnknownCardError(texts, "card list")
    return [parse_card(t) for t in texts]


def parse_rank(text: object) -> int:
    """A rank alone (``"10"``, ``"Q"``, ``"vrouw"``): used for a wild's declared rank."""
    if isinstance(text, int) and not isinstance(text, bool) and 2 <= text <= ACE:
        return text
    if isinstance(text, str):
        rank = _RANK_WORDS.get(_normalise(text))
        if rank is not None:
            return rank
    raise UnknownCardError(text, "rank")


def _word(words: dict[str, str], text: object, kind: str) -> str:
    """Look up one word (``"schoppen"``, ``"grün"``) in a table of accepted spellings."""
    if isinstance(text, str):
        found = words.get(_normalise(text))
        if found is not None:
            return found
    raise UnknownCardError(text, kind)


def parse_suit(text: object) -> str:
    return _word(_SUIT_WORDS, text, "suit")


# --- decks -------------------------------------------------------------------------------


def french_deck(low: int = 2, jokers: int = 0) -> list[Card]:
    """One deck of ranks ``low``..A in every suit, plus ``jokers`` jokers."""
    return [Card(r, s) for s in SUITS for r in range(low, ACE + 1)] + [JOKER] * jokers


def meierijen_deck() -> list[Card]:
    """One player's 54-card deck (MeieRijen): 52 cards and 2 jokers."""
    return french_deck(jokers=2)


def duizenden_deck() -> list[Card]:
    """DZ-1: two 54-card decks, 108 cards with 4 jokers."""
    return french_deck(jokers=2) * 2


def miezemauzen_deck(players: int = 4) -> list[Card]:
    """MZ-1: 32 cards (7 to A); 6-8 players use 52 cards (2 to A)."""
    return french_deck(low=7 if players <= 5 else 2)


def keezen_deck(players: int = 4) -> list[Card]:
    """KZ-7: one 52-card deck; six players use one and a half decks (78 cards): the half
    deck leaves out hearts and spades, as the seed's example does."""
    deck = french_deck()
    if players == 6:
        deck += [c for c in deck if c.suit in ("D", "C")]
    return deck


# --- MEINO -------------------------------------------------------------------------------

MEINO_COLOURS = ("R", "B", "Y", "G")
MEINO_ACTIONS = ("skip", "rev", "+2")


class MeinoCard(NamedTuple):
    """A MEINO card: ``colour`` is ``R B Y G`` or ``""`` for wish cards; ``value`` is
    ``"1"``-``"9"``, ``skip``, ``rev``, ``+2``, or one of ``W W+2 W+4 JOKER``."""

    colour: str
    value: str

    def __str__(self) -> str:
        return self.colour + self.value

    @property
    def is_wish(self) -> bool:
        return not self.colour

    @property
    def is_number(self) -> bool:
        return self.value.isdigit()

    @property
    def is_action(self) -> bool:
        return bool(self.colour) and not self.value.isdigit()


_COLOUR_WORDS = {
    "r": "R", "rot": "R", "red": "R", "rood": "R",
    "b": "B", "blau": "B", "blue": "B", "blauw": "B",
    "y": "Y", "gelb": "Y", "yellow": "Y", "geel": "Y",
    "g": "G", "grun": "G", "gruen": "G", "green": "G", "groen": "G",
}  # fmt: skip
_ACTION_WORDS = {
    "skip": "skip", "aussetzen": "skip", "overslaan": "skip", "s": "skip",
    "rev": "rev", "reverse": "rev", "richtungswechsel": "rev", "spielrichtungswechsel": "rev",
    "omkeren": "rev", "retour": "rev",
    "+2": "+2", "2-ziehen": "+2", "2ziehen": "+2", "ziehen": "+2", "draw2": "+2",
    "draw-two": "+2", "d2": "+2", "pakken": "+2", "plus2": "+2",
}  # fmt: skip
_WISH_WORDS = {
    "w": "W", "farbwahl": "W", "farbwahlkarte": "W", "wild": "W", "wish": "W",
    "kleurkeuze": "W", "wens": "W",
    "w+2": "W+2", "wild+2": "W+2", "2-ziehen&farbwahl": "W+2", "2-ziehen+farbwahl": "W+2",
    "2-ziehen-farbwahl": "W+2", "2-ziehen-farbwahlkarte": "W+2", "farbwahl+2": "W+2",
    "w+4": "W+4", "wild+4": "W+4", "4-ziehen&farbwahl": "W+4", "4-ziehen+farbwahl": "W+4",
    "4-ziehen-farbwahl": "W+4", "4-ziehen-farbwahlkarte": "W+4", "farbwahl+4": "W+4",
    "4-ziehen": "W+4", "+4": "W+4", "w4": "W+4", "wild4": "W+4", "w2": "W+2", "wild2": "W+2",
    "joker": "JOKER", "jk": "JOKER",
}  # fmt: skip
_MEINO_RE = re.compile(
    r"^(r|b|y|g|rot|blau|gelb|grun|gruen|red|blue|yellow|green|rood|blauw|geel|groen)"
    r"([1-9]|skip|rev|\+2)$"
)


@lru_cache(maxsize=1024)
def _parse_meino_text(text: str) -> MeinoCard:
    norm = _normalise(text)
    squashed = re.sub(r"\s+", "", norm).replace("plus", "+")
    if squashed in _WISH_WORDS:
        return MeinoCard("", _WISH_WORDS[squashed])
    match = _MEINO_RE.match(squashed)
    if match:
        colour, value = match.groups()
        return MeinoCard(_COLOUR_WORDS[colour], value)
    words = norm.split()
    if len(words) == 2:
        for colour_word, value_word in (words, words[::-1]):
            colour = _COLOUR_WORDS.get(colour_word)
            if colour is None:
                continue
            if len(value_word) == 1 and value_word in "123456789":
                return MeinoCard(colour, value_word)
            action = _ACTION_WORDS.get(value_word.replace("plus", "+"))
            if action is not None:
                return MeinoCard(colour, action)
    raise UnknownCardError(text, "MEINO card")


def parse_meino(text: object) -> MeinoCard:
    """Parse one MEINO card in any accepted spelling."""
    if isinstance(text, MeinoCard):
        return text
    if not isinstance(text, str) or not text.strip() or len(text) > 40:
        raise UnknownCardError(text, "MEINO card")
    return _parse_meino_text(text)


def parse_meino_colour(text: object) -> str:
    return _word(_COLOUR_WORDS, text, "MEINO colour")


def meino_deck(*, compact: bool = False) -> list[MeinoCard]:
    """ME-1: 110 cards, or the 55-card compact deck."""
    copies = 1 if compact else 2
    deck = [
        MeinoCard(colour, value)
        for colour in MEINO_COLOURS
        for value in (*(str(n) for n in range(1, 10)), *MEINO_ACTIONS)
        for _ in range(copies)
    ]
    deck += [MeinoCard("", "W")] * (2 * copies)
    deck += [MeinoCard("", "W+4")] * (2 * copies)
    deck += [MeinoCard("", "W+2")] * (2 * copies)
    deck += [MeinoCard("", "JOKER")] * copies
    return deck
