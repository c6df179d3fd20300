"""MEINO's cards (RULES.md ME-1): parse every accepted spelling, print the canonical
form (``R5``, ``Gskip``, ``B+2``, ``W+4``, ``JOKER``), the words people read, and the deck
as the site's dispute forms and card picker use it (:data:`MEINO`).

Pure Python: no Django here (the import contracts in pyproject.toml).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from games.cards import Deck, PickerRow, UnknownCardError, language_of, look_up_word, normalise
from games.text import _

_UNKNOWN_CARD = _("unknown MEINO card %(text)s")
_UNKNOWN_COLOUR = _("unknown MEINO colour %(text)s")

MEINO_COLOURS = ("R", "B", "Y", "G")
MEINO_ACTIONS = ("skip", "rev", "+2")


class MeinoCard(NamedTuple):
    """A MEINO card: ``colour`` is ``R B Y G`` or ``""`` for wish cards; ``value`` is
    ``"1"``-``"9"``, ``skip``, ``rev``, ``+2``, or one of ``W W+2 W+4 JOKER``."""

    colour: str
    value: str

    #: games.text writes a MEINO card in a message's values as ``{"meino_card": code}``.
    value_prefix = "meino_"

    def __str__(self) -> str:
        return self.colour + self.value

    def for_people(self, language: str, *, words: bool = False) -> str:
        """What people read (games.cards.card_text): see :func:`meino_text`."""
        return meino_text(self, language, words=words)

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
    norm = normalise(text)
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
    raise UnknownCardError(text, "MEINO card", _UNKNOWN_CARD)


def parse_meino(text: object) -> MeinoCard:
    """Parse one MEINO card in any accepted spelling."""
    if isinstance(text, MeinoCard):
        return text
    if not isinstance(text, str) or not text.strip() or len(text) > 40:
        raise UnknownCardError(text, "MEINO card", _UNKNOWN_CARD)
    return _parse_meino_text(text)


def parse_meino_colour(text: object) -> str:
    try:
        return look_up_word(_COLOUR_WORDS, text, "MEINO colour")
    except UnknownCardError:
        raise UnknownCardError(text, "MEINO colour", _UNKNOWN_COLOUR) from None


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


def picker_labels(language: str) -> dict[str, dict[str, str]]:
    """What the card picker shows of MEINO cards in ``language``: the colours' names, the
    values' names (read out) and their short labels (on the buttons)."""
    lang = language_of(language)
    return {
        "colours": dict(_MEINO_COLOUR_NAMES[lang]),
        "values": dict(_MEINO_VALUE_NAMES[lang]),
        "short": dict(_MEINO_SHORT[lang]),
    }


VALUES = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "skip", "rev", "+2")
WISHES = ("W", "W+2", "W+4", "JOKER")


def _picker(language: str, ranks: Sequence[str]) -> list[PickerRow]:
    labels = picker_labels(language)
    shown = tuple(ranks) or VALUES

    def card(colour: str, value: str, kind: str) -> dict[str, str]:
        name = labels["values"].get(value, value)
        return {
            "code": colour + value,
            "label": labels["short"].get(value, value),
            "words": f"{labels['colours'][colour]} {name}" if colour else name,
            "kind": kind,
        }

    rows: list[PickerRow] = [
        {
            "name": labels["colours"][colour],
            "cards": [card(colour, value, f"tint tint-{TINTS[colour]}") for value in shown],
        }
        for colour in MEINO_COLOURS
    ]
    rows.append(
        {"name": "", "cards": [card("", value, "tint tint-black small") for value in WISHES]}
    )
    return rows


#: The picker's button colour of each colour (static/troef/card_picker.css's tints).
TINTS = {"R": "red", "B": "blue", "Y": "yellow", "G": "green"}

#: MEINO's deck for the dispute forms, the verdicts and the card picker.
MEINO = Deck(
    name="meino",
    parse=parse_meino,
    not_a_card=_("“%(text)s” is not a MEINO card."),
    codes=re.compile(r"(?<![\w+])(?:[RBYG](?:[1-9]|skip|rev|\+2)|W\+[24])(?![\w+])"),
    cell=lambda code, language: meino_text(parse_meino(code), language),
    text=lambda card, language: meino_text(parse_meino(card), language),
    picker=_picker,
    ranks=VALUES,
    value_prefix=MeinoCard.value_prefix,
)
