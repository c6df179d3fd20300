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
#: Ranks read only when no other reading fits: "d" is diamonds first ("DH" stays KD).
_LAST_RANK_WORDS = {"d": 12}
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
    # "queen of hearts": the "of" is no part of the card
    words = [w for w in _SPLIT_RE.split(norm) if w and w != "of"]
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
        # German "D" (Dame) only where no reading before took it: "Herz D", "D ♥".
        for ranks in (_RANK_WORDS, _LAST_RANK_WORDS):
            card = _two_words(*words, ranks)
            if card is not None:
                return card
    raise UnknownCardError(text)


def _two_words(first: str, second: str, ranks: dict[str, int]) -> Card | None:
    """A suit and a rank of ``ranks`` in either order ("harten vrouw", "vrouw harten")."""
    if first in _SUIT_WORDS and second in ranks:
        return Card(ranks[second], _SUIT_WORDS[first])
    if first in ranks and second in _SUIT_WORDS:
        return Card(ranks[first], _SUIT_WORDS[second])
    return None


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
        norm = _normalise(text)
        rank = _RANK_WORDS.get(norm, _LAST_RANK_WORDS.get(norm))
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
    "kleurkeuze": "W", "wens": "W", "kleurkeuze+2": "W+2", "kleurkeuze+4": "W+4",
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


# --- what people read --------------------------------------------------------------------
#
# The club's letters and words: Dutch B V H A (boer, vrouw, heer, aas), German B D K A
# (Bube, Dame, König, Ass), English J Q K A. Every text below parses back to its card.
# English keeps today's display: the canonical code ("QH"), compact "Q♥".

LANGUAGES = ("nl", "de", "en")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_RANK_LETTERS = {
    "nl": {11: "B", 12: "V", 13: "H", 14: "A"},
    "de": {11: "B", 12: "D", 13: "K", 14: "A"},
    "en": RANK_NAMES,
}
_RANK_FULL = {
    "nl": {11: "boer", 12: "vrouw", 13: "heer", 14: "aas"},
    "de": {11: "Bube", 12: "Dame", 13: "König", 14: "Ass"},
    "en": {11: "jack", 12: "queen", 13: "king", 14: "ace"},
}
_SUIT_NAMES = {
    "nl": {"S": "schoppen", "H": "harten", "D": "ruiten", "C": "klaveren"},
    "de": {"S": "Pik", "H": "Herz", "D": "Karo", "C": "Kreuz"},
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
}
_JOKER_NAMES = {"nl": "joker", "de": "Joker", "en": "joker"}
#: A card in words (:func:`card_words`).
_WORDS_PATTERN = {"nl": "{suit} {rank}", "de": "{suit} {rank}", "en": "{rank} of {suit}"}
_MEINO_COLOUR_NAMES = {
    "nl": {"R": "rood", "B": "blauw", "Y": "geel", "G": "groen"},
    "de": {"R": "rot", "B": "blau", "Y": "gelb", "G": "grün"},
    "en": {"R": "red", "B": "blue", "Y": "yellow", "G": "green"},
}
_MEINO_VALUE_NAMES = {
    "nl": {"skip": "overslaan", "rev": "omkeren", "+2": "+2", "W": "kleurkeuze",
           "W+2": "kleurkeuze +2", "W+4": "kleurkeuze +4", "JOKER": "joker"},
    "de": {"skip": "Aussetzen", "rev": "Richtungswechsel", "+2": "+2", "W": "Farbwahl",
           "W+2": "Farbwahl +2", "W+4": "Farbwahl +4", "JOKER": "Joker"},
    "en": {"skip": "skip", "rev": "reverse", "+2": "+2", "W": "wild", "W+2": "wild +2",
           "W+4": "wild +4", "JOKER": "joker"},
}  # fmt: skip


def language_of(language: object) -> str:
    """``"nl"``, ``"de"`` or ``"en"`` for a language code (``"nl-be"`` → ``"nl"``);
    anything else is English."""
    if isinstance(language, str):
        code = language.strip().lower().replace("_", "-").split("-")[0]
        if code in LANGUAGES:
            return code
    return "en"


def rank_text(rank: int, language: str) -> str:
    """A rank's letter: ``12`` → ``"V"`` (nl), ``"D"`` (de), ``"Q"`` (en); 2-10 as digits."""
    if rank == JOKER_RANK:
        return _JOKER_NAMES[language_of(language)]
    return _RANK_LETTERS[language_of(language)].get(rank, str(rank))


def rank_name(rank: int, language: str) -> str:
    """A rank in words: ``12`` → ``"vrouw"``, ``"Dame"``, ``"queen"``; 2-10 as digits."""
    if rank == JOKER_RANK:
        return _JOKER_NAMES[language_of(language)]
    return _RANK_FULL[language_of(language)].get(rank, str(rank))


def suit_text(suit: str, language: str) -> str:
    """A suit's word: ``"H"`` → ``"harten"``, ``"Herz"``, ``"hearts"`` (unknown: as given)."""
    return _SUIT_NAMES[language_of(language)].get(suit, suit)


def _as_card(card: object) -> Card | MeinoCard:
    if isinstance(card, Card | MeinoCard):
        return card
    try:
        return parse_card(card)
    except UnknownCardError:
        return parse_meino(card)


def card_text(card: object, language: str, *, compact: bool = False) -> str:
    """What people read for ``card`` (a Card, a MeinoCard or a card text in any spelling):
    nl ``"harten V"``, de ``"Herz D"``, en ``"QH"``; ``compact``: ``"V♥"``, ``"D♥"``,
    ``"Q♥"``. The joker is ``"joker"``/``"Joker"`` (en: ``"JK"``). Raises
    :class:`UnknownCardError` for a text that is no card."""
    found = _as_card(card)
    lang = language_of(language)
    if isinstance(found, MeinoCard):
        return meino_text(found, lang)
    if found.is_joker:
        return "JK" if lang == "en" else _JOKER_NAMES[lang]
    if compact:
        return rank_text(found.rank, lang) + SUIT_SYMBOLS[found.suit]
    if lang == "en":
        return str(found)
    return f"{suit_text(found.suit, lang)} {rank_text(found.rank, lang)}"


def card_words(card: object, language: str) -> str:
    """A card in words, for screen readers: ``"harten vrouw"``, ``"Herz Dame"``,
    ``"queen of hearts"``."""
    found = _as_card(card)
    lang = language_of(language)
    if isinstance(found, MeinoCard):
        return meino_text(found, lang, words=True)
    if found.is_joker:
        return _JOKER_NAMES[lang]
    return _WORDS_PATTERN[lang].format(
        suit=suit_text(found.suit, lang), rank=rank_name(found.rank, lang)
    )


def meino_text(card: MeinoCard, language: str, *, words: bool = False) -> str:
    """A MEINO card for people: nl ``"rood 5"``, de ``"rot Aussetzen"``, en ``"R5"``
    (``words``: ``"red 5"``)."""
    lang = language_of(language)
    if lang == "en" and not words:
        return str(card)
    value = _MEINO_VALUE_NAMES[lang].get(card.value, card.value)
    if card.is_wish:
        return value
    return f"{_MEINO_COLOUR_NAMES[lang][card.colour]} {value}"


_MEINO_SHORT = {
    "nl": {"skip": "⊘", "rev": "⇄", "W": "kleur", "W+2": "kleur +2", "W+4": "kleur +4",
           "JOKER": "joker"},
    "de": {"skip": "⊘", "rev": "⇄", "W": "Farbe", "W+2": "Farbe +2", "W+4": "Farbe +4",
           "JOKER": "Joker"},
    "en": {},
}  # fmt: skip


def picker_labels(language: str) -> dict[str, object]:
    """What the card picker (static/troef/card_picker.js) shows in ``language``: button
    letters, the words read out (``"harten vrouw"``) and MEINO's names and short labels.
    The picker's table equals this (tests/disputes/test_card_letters.py)."""
    lang = language_of(language)
    faces = {str(Card(rank, "S"))[:-1]: rank for rank in (ACE, KING, QUEEN, JACK)}
    return {
        "ranks": {code: rank_text(rank, lang) for code, rank in faces.items()},
        "words": {code: rank_name(rank, lang) for code, rank in faces.items()},
        "suits": {suit: suit_text(suit, lang) for suit in SUITS},
        "joker": _JOKER_NAMES[lang],
        "pattern": _WORDS_PATTERN[lang],
        "colours": dict(_MEINO_COLOUR_NAMES[lang]),
        "values": dict(_MEINO_VALUE_NAMES[lang]),
        "short": dict(_MEINO_SHORT[lang]),
    }
