"""Card notation of RULES.md: parse every accepted spelling, print the canonical form.

French-suited cards are :class:`Card` (rank 2-14, suit ``S H D C``; the joker is rank 0,
suit ``""``); they print canonically with ``str()``. A game with a deck of its own keeps
it in its package (a :class:`Deck`, made known to :func:`card_text`).
Parsing is forgiving (suit symbols, either order, lower case, Dutch/German/English words);
an unknown card raises :class:`UnknownCardError` naming it.

Pure Python: no Django here (tests/test_architecture.py).
"""

from __future__ import annotations

import contextlib
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

SUITS = ("S", "H", "D", "C")
JOKER_RANK = 0
ACE = 14
KING = 13
QUEEN = 12
JACK = 11
RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}


class UnknownCardError(ValueError):
    """A card text that names no card of the notation. ``template`` is the message of
    the kind (``"unknown MEINO card %(text)s"``, marked for translation) when the kind is
    none of games.text's own."""

    def __init__(self, text: object, kind: str = "card", template: str | None = None) -> None:
        self.text = text
        self.template = template
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
    "s": "S",
    "♠": "S",
    "♤": "S",
    "schoppen": "S",
    "schop": "S",
    "spades": "S",
    "spade": "S",
    "pik": "S",
    "piek": "S",
    "schuppen": "S",
    "h": "H",
    "♥": "H",
    "♡": "H",
    "harten": "H",
    "hart": "H",
    "hearts": "H",
    "heart": "H",
    "herz": "H",
    "herzen": "H",
    "d": "D",
    "♦": "D",
    "♢": "D",
    "ruiten": "D",
    "ruit": "D",
    "diamonds": "D",
    "diamond": "D",
    "karo": "D",
    "caro": "D",
    "c": "C",
    "♣": "C",
    "♧": "C",
    "klaveren": "C",
    "klaver": "C",
    "clubs": "C",
    "club": "C",
    "kreuz": "C",
    "treff": "C",
}
_RANK_WORDS = {
    **{str(n): n for n in range(2, 11)},
    "j": 11,
    "b": 11,
    "boer": 11,
    "jack": 11,
    "bube": 11,
    "knave": 11,
    "q": 12,
    "v": 12,
    "vrouw": 12,
    "queen": 12,
    "dame": 12,
    "vr": 12,
    "k": 13,
    "h": 13,
    "heer": 13,
    "king": 13,
    "koning": 13,
    "konig": 13,
    "koenig": 13,
    "a": 14,
    "aas": 14,
    "ace": 14,
    "ass": 14,
    "as": 14,
    "twee": 2,
    "drie": 3,
    "vier": 4,
    "vijf": 5,
    "zes": 6,
    "zeven": 7,
    "acht": 8,
    "negen": 9,
    "tien": 10,
}
#: Ranks read only when no other reading fits: "d" is diamonds first ("DH" stays KD).
_LAST_RANK_WORDS = {"d": 12}
_JOKER_WORDS = frozenset({"jk", "joker", "jok", "jkr", "🃏"})
_SYMBOLS = "♠♤♥♡♦♢♣♧"
_SPLIT_RE = re.compile(rf"[\s\-_/]+|(?<=[{_SYMBOLS}])|(?=[{_SYMBOLS}])")


def normalise(text: str) -> str:
    """A typed word as the tables of spellings hold it: lower case, no accents."""
    # NFKD drops the umlaut of "König"/"grün"; emoji variation selectors go too.
    text = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(ch for ch in text if not unicodedata.combining(ch) and ch != "\ufe0f")


@lru_cache(maxsize=4096)
def _parse_card_text(text: str) -> Card:
    norm = normalise(text)
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
        norm = normalise(text)
        rank = _RANK_WORDS.get(norm, _LAST_RANK_WORDS.get(norm))
        if rank is not None:
            return rank
    raise UnknownCardError(text, "rank")


def look_up_word(words: dict[str, str], text: object, kind: str) -> str:
    """Look up one word (``"schoppen"``, ``"grün"``) in a table of accepted spellings."""
    if isinstance(text, str):
        found = words.get(normalise(text))
        if found is not None:
            return found
    raise UnknownCardError(text, kind)


def parse_suit(text: object) -> str:
    return look_up_word(_SUIT_WORDS, text, "suit")


# --- decks -------------------------------------------------------------------------------


def french_deck(low: int = 2, jokers: int = 0) -> list[Card]:
    """One deck of ranks ``low``..A in every suit, plus ``jokers`` jokers."""
    return [Card(r, s) for s in SUITS for r in range(low, ACE + 1)] + [JOKER] * jokers


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


def _as_card(card: object) -> Any:
    """A Card (or another deck's card) for ``card``, which may be a card text of any deck."""
    if isinstance(card, Card) or hasattr(card, "for_people"):
        return card
    try:
        return parse_card(card)
    except UnknownCardError:
        for deck in _DECKS:
            if deck.parse is not parse_card:
                with contextlib.suppress(UnknownCardError):
                    return deck.parse(card)
        raise


def card_text(card: object, language: str, *, compact: bool = False) -> str:
    """What people read for ``card`` (a Card, another deck's card or a card text in any
    spelling): nl ``"harten V"``, de ``"Herz D"``, en ``"QH"``; ``compact``: ``"V♥"``,
    ``"D♥"``, ``"Q♥"``. The joker is ``"joker"``/``"Joker"`` (en: ``"JK"``). Another
    deck's card says itself (its ``for_people``). Raises :class:`UnknownCardError` for a
    text that is no card."""
    found = _as_card(card)
    lang = language_of(language)
    if not isinstance(found, Card):
        return found.for_people(lang)
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
    if not isinstance(found, Card):
        return found.for_people(lang, words=True)
    if found.is_joker:
        return _JOKER_NAMES[lang]
    return _WORDS_PATTERN[lang].format(
        suit=suit_text(found.suit, lang), rank=rank_name(found.rank, lang)
    )


def picker_labels(language: str) -> dict[str, object]:
    """What the card picker shows of French cards in ``language``: button letters and
    the words read out (``"harten vrouw"``)."""
    lang = language_of(language)
    faces = {str(Card(rank, "S"))[:-1]: rank for rank in (ACE, KING, QUEEN, JACK)}
    return {
        "ranks": {code: rank_text(rank, lang) for code, rank in faces.items()},
        "words": {code: rank_name(rank, lang) for code, rank in faces.items()},
        "suits": {suit: suit_text(suit, lang) for suit in SUITS},
        "joker": _JOKER_NAMES[lang],
        "pattern": _WORDS_PATTERN[lang],
    }


# --- decks as the dispute forms use them ---------------------------------------------------


def _(text: str) -> str:
    """The translation marker of games.text (which imports this module)."""
    return text


#: One button of the card picker: ``code`` (canonical), ``label`` (on the button),
#: ``words`` (read out), ``typed`` (what the field gets; the code when absent), ``kind``
#: (its CSS classes).
PickerCard = dict[str, str]
#: One row of the picker: ``name`` (read out; may be empty) and its ``cards``.
PickerRow = dict[str, Any]


@dataclass(frozen=True)
class Deck:
    """A game's deck as the site's dispute forms and verdicts use it (the game provides
    it: ``GameSpec.deck``). Every deck made is known to :func:`card_text`."""

    #: A name for the page (the picker's ``data-deck``).
    name: str
    #: Any accepted spelling -> a card whose ``str()`` is its canonical code
    #: (:class:`UnknownCardError` for no card).
    parse: Callable[[object], Any]
    #: The message of a text that is no card (a template with ``%(text)s``).
    not_a_card: str
    #: A canonical code standing alone in a text (a table's cell).
    codes: re.Pattern[str]
    #: A canonical code -> what people read in a table (``language``'s letters).
    cell: Callable[[str, str], str]
    #: A card (code) -> what people read in a sentence.
    text: Callable[[object, str], str]
    #: ``(language, ranks)`` -> the picker's rows (ranks empty: :attr:`ranks`).
    picker: Callable[[str, Sequence[str]], list[PickerRow]]
    #: The picker's ranks or values in the order shown.
    ranks: tuple[str, ...]
    #: Message values named ``<prefix>card``, ``<prefix>cards``, ``<prefix>card2`` ... are
    #: this deck's cards (``as_dict`` writes them ``{"<prefix>card": code}``).
    value_prefix: str = ""

    def __post_init__(self) -> None:
        _DECKS.append(self)

    def local(self, text: str, language: str) -> str:
        """``text`` with each canonical code in it written as :attr:`cell` does."""
        return self.codes.sub(lambda m: self.cell(m.group(), language), text)


_DECKS: list[Deck] = []


def _french_picker(language: str, ranks: Sequence[str]) -> list[PickerRow]:
    labels = picker_labels(language)
    shown = tuple(ranks) or FRENCH_RANKS
    rows: list[PickerRow] = []
    for suit in SUITS:
        cards = []
        for rank in shown:
            label = labels["ranks"].get(rank, rank) + SUIT_SYMBOLS[suit]  # type: ignore[attr-defined]
            words = labels["pattern"].format(  # type: ignore[attr-defined]
                suit=labels["suits"][suit],  # type: ignore[index]
                rank=labels["words"].get(rank, rank),  # type: ignore[attr-defined]
            )
            # the field gets the card as the page's language writes it ("V♥"), which the
            # engines read in any language
            cards.append(
                {
                    "code": rank + suit,
                    "label": label,
                    "typed": label,
                    "words": words,
                    "kind": f"suit-{suit}",
                }
            )
        rows.append({"name": labels["suits"][suit], "cards": cards})  # type: ignore[index]
    joker = str(labels["joker"])
    rows.append(
        {
            "name": "",
            "cards": [{"code": "JK", "label": "🃏 " + joker, "words": joker, "kind": "joker"}],
        }
    )
    return rows


#: The picker's ranks of a full French deck, in the order shown.
FRENCH_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")

#: The French deck (with jokers) of MeieRijen, Duizenden, Miezemauzen and Keezen.
FRENCH = Deck(
    name="french",
    parse=parse_card,
    not_a_card=_("“%(text)s” is not a card."),
    codes=re.compile(r"(?<![\w+])(?:10|[2-9JQKA])[SHDC](?![\w+])|(?<![\w+])JK(?![\w+])"),
    cell=lambda code, language: card_text(code, language, compact=True),
    text=card_text,
    picker=_french_picker,
    ranks=FRENCH_RANKS,
)
