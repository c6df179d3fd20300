"""The dispute checker's forms as data: what a director types at the table, turned into
a CASES.md case.

A game's ``checker`` module (``games.<game>.checker``, its spec's ``checker`` field)
describes each check as a :class:`CheckForm`:
its input fields (the kinds below), how the cleaned input becomes the case (``build``),
how the engine's ``result`` is shown (``present``, tables of :mod:`games.checkshow`) and
an example. The site (``disputes.checker``) turns that description into a Django form.

Every input's ``read`` gives JSON already, in the canonical notation of RULES.md, so the
built case is exactly the one ``check_hand`` would be given; what cannot be read is an
:class:`InputError` whose :class:`~games.text.Text` the site says in the user's language.
Labels, help and choices are :class:`Label` (marked with :func:`_`): the site translates
them when it shows them.

Pure Python: no Django here (the import contracts in pyproject.toml).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from games import registry
from games.cards import FRENCH, Deck, UnknownCardError
from games.checkshow import Label, Section, ShownCard, _, generic_present, joined, said  # noqa: F401 - the vocabulary
from games.text import Text

if TYPE_CHECKING:
    from games.base import Option

#: Longest text one field takes (a whole game's deal summaries fit).
MAX_FIELD_CHARS = 10_000
#: Most entries (cards, lines, names) one field takes.
MAX_ENTRIES = 400


class InputError(ValueError):
    """What was typed cannot be read: ``text`` says why (an English template with its
    values, as :class:`~games.text.Text`); ``str()`` is the English sentence."""

    def __init__(
        self, message: str | Text, params: Mapping[str, Any] | None = None, **values: Any
    ) -> None:
        if isinstance(message, Text) and not params and not values:
            self.text = message
        else:
            self.text = Text(str.__str__(message), **{**(params or {}), **values})
        super().__init__(str(self.text))


#: The help of a game's ``players`` field.
PLAYERS_HELP = _("Clockwise, separated by commas: Ann, Bas, Cor, Dirk")

ITEM_SPLIT = re.compile(r"[,;\n\r]+")
LINE_SPLIT = re.compile(r"[;\n\r]+")


def split(text: str, pattern: re.Pattern[str] = ITEM_SPLIT) -> list[str]:
    """The non-empty parts of ``text`` between ``pattern``'s separators, stripped."""
    items = [part.strip() for part in pattern.split(text)]
    return [part for part in items if part]


def too_many(items: Sequence[Any]) -> None:
    """Refuse more than :data:`MAX_ENTRIES` entries."""
    if len(items) > MAX_ENTRIES:
        raise InputError(_("At most %(count)s entries, please."), count=MAX_ENTRIES)


def line_error(number: int, error: InputError) -> InputError:
    """``error`` of the ``number``-th line typed, saying which line it is."""
    return InputError(_("Line %(number)s: %(error)s"), number=number, error=error.text)


# --- reading cards -----------------------------------------------------------------------


def try_parse(parse: Callable[[str], Any], text: str) -> str | None:
    """``text`` read by ``parse`` as a canonical card code, or None when it is no card."""
    try:
        return str(parse(text))
    except UnknownCardError:
        return None


def read_card(text: str, deck: Deck = FRENCH) -> str:
    """One card of ``deck`` in any accepted spelling, as its canonical code."""
    card = try_parse(deck.parse, text.strip())
    if card is None:
        raise InputError(deck.not_a_card, text=text.strip()[:40])
    return card


def read_cards(text: str, deck: Deck = FRENCH) -> list[str]:
    """Cards separated by commas, semicolons, new lines or spaces; two words that make one
    card together ("schoppen vrouw", "rot 5") are read as one."""
    parse = deck.parse
    out: list[str] = []
    for chunk in split(text):
        whole = try_parse(parse, chunk)
        if whole is not None:
            out.append(whole)
            continue
        words = chunk.split()
        i = 0
        while i < len(words):
            alone = try_parse(parse, words[i])
            # the next word is no card alone: it may finish this one ("schoppen vrouw")
            pairable = i + 1 < len(words) and try_parse(parse, words[i + 1]) is None
            if pairable:
                pair = try_parse(parse, f"{words[i]} {words[i + 1]}")
                if pair is not None:
                    out.append(pair)
                    i += 2
                    continue
            if alone is None:
                bad = words[i : i + 2] if pairable else words[i : i + 1]
                raise InputError(deck.not_a_card, text=" ".join(bad)[:40])
            out.append(alone)
            i += 1
        too_many(out)
    return out


def name_and_rest(line: str) -> tuple[str, str]:
    """``"Ann: AH KS"`` → ``("Ann", "AH KS")``; ``=`` works as well as ``:``."""
    match = re.match(r"^\s*([^:=]+?)\s*[:=]\s*(.*)$", line, re.S)
    if match is None or not match.group(1).strip():
        raise _no_name(line)
    return match.group(1).strip()[:100], match.group(2).strip()


def _no_name(line: str) -> InputError:
    return InputError(_("Write “name: …” on each line, not “%(line)s”."), line=line[:40])


def add_once(out: dict[str, Any], name: str, value: Any) -> None:
    """``out[name] = value``, refusing a name given twice."""
    if name in out:
        raise InputError(_("%(name)s is given twice."), name=name)
    out[name] = value


def read_number(text: str, minimum: int, maximum: int) -> int:
    try:
        value = int(text.strip().replace("\N{MINUS SIGN}", "-"))
    except ValueError:
        raise InputError(_("“%(text)s” is not a whole number."), text=text.strip()[:40]) from None
    if not minimum <= value <= maximum:
        raise InputError(
            _("%(value)s is not between %(minimum)s and %(maximum)s."),
            value=value,
            minimum=minimum,
            maximum=maximum,
        )
    return value


def read_numbers(text: str, minimum: int, maximum: int) -> dict[str, int]:
    """``Ann: 12, Bas 9`` → ``{"Ann": 12, "Bas": 9}`` (a colon or a space before the number)."""
    out: dict[str, int] = {}
    for item in split(text):
        if ":" in item or "=" in item:
            name, rest = name_and_rest(item)
        else:
            name, _space, rest = item.rpartition(" ")
            if not name.strip():
                raise _no_name(item)
        add_once(out, name.strip()[:100], read_number(rest, minimum, maximum))
    too_many(out)
    return out


# --- input kinds -------------------------------------------------------------------------


@dataclass(frozen=True)
class Input:
    """One input of a check's form. ``name`` is the case key it fills (so an engine error
    naming ``hands.Ann[2]`` lands on the ``hands`` field).

    ``widget`` says how the site shows it: ``text`` (one line) or ``textarea``, both read
    by :meth:`read`; ``choice``, ``number``, ``flag`` and ``short`` are the kinds below.
    """

    widget: ClassVar[str] = "text"

    name: str
    label: str
    required: bool = True
    help: str | Text = ""
    #: The deck of the card picker next to this field, or None.
    picker: Deck | None = None
    #: ``replace`` (one card) or ``append`` (a list) for the picker.
    picker_mode: str = "append"
    #: The textarea's rows (``textarea`` inputs).
    rows: int = 4

    def read(self, text: str) -> Any:
        """What was typed (not empty) as the case's JSON; :class:`InputError` if it
        cannot be read."""
        raise NotImplementedError


@dataclass(frozen=True)
class CardInput(Input):
    """One card."""

    deck: Deck = FRENCH
    picker_mode: str = "replace"

    def read(self, text: str) -> str:
        return read_card(text, self.deck)


@dataclass(frozen=True)
class CardsInput(Input):
    """A list of cards: ``AS, 10H, schoppen vrouw`` or one per line."""

    deck: Deck = FRENCH

    def read(self, text: str) -> list[str]:
        return read_cards(text, self.deck)


@dataclass(frozen=True)
class NamesInput(Input):
    """Player names, separated by commas or new lines, in seating order."""

    def read(self, text: str) -> list[str]:
        names = [name[:100] for name in split(text)]
        too_many(names)
        return names


@dataclass(frozen=True)
class PlayerCardsInput(Input):
    """One line per player: ``Ann: AH KS 9S`` (a player without cards: ``Ann:``)."""

    widget: ClassVar[str] = "textarea"
    deck: Deck = FRENCH

    def read(self, text: str) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for line in split(text, LINE_SPLIT):
            name, rest = name_and_rest(line)
            add_once(out, name, read_cards(rest, self.deck))
        too_many(out)
        return out


@dataclass(frozen=True)
class PlayerNumbersInput(Input):
    """A number per player: ``Ann: 12, Bas: 9`` or one per line."""

    widget: ClassVar[str] = "textarea"
    minimum: int = -1_000_000
    maximum: int = 1_000_000

    def read(self, text: str) -> dict[str, int]:
        return read_numbers(text, self.minimum, self.maximum)


@dataclass(frozen=True)
class PlayerWordsInput(Input):
    """A word per player from a fixed set (``Ann: play, Bas: pass``); ``words`` maps every
    accepted spelling (lower case, in every language) to the case's word; ``said`` names
    the choices for people (marked with ``_``: "spelen, passen of ruilen" in Dutch)."""

    widget: ClassVar[str] = "textarea"
    words: Mapping[str, str] = field(default_factory=dict)
    said: str = ""

    def read(self, text: str) -> dict[str, str]:
        out: dict[str, str] = {}
        for item in split(text):
            name, rest = name_and_rest(item)
            word = self.words.get(rest.strip().lower())
            if word is None:
                raise InputError(
                    _("%(name)s: “%(word)s” is not one of %(words)s."),
                    name=name,
                    word=rest[:40],
                    words=self.said or ", ".join(dict.fromkeys(self.words.values())),
                )
            add_once(out, name, word)
        too_many(out)
        return out


@dataclass(frozen=True)
class TricksInput(Input):
    """One line per trick, the cards in the order played (the leader's first)."""

    widget: ClassVar[str] = "textarea"
    deck: Deck = FRENCH

    def read(self, text: str) -> list[list[str]]:
        tricks = [read_cards(line, self.deck) for line in split(text, LINE_SPLIT)]
        too_many(tricks)
        return tricks


@dataclass(frozen=True)
class LinesInput(Input):
    """One entry per line, each read by ``read_line`` (which raises InputError)."""

    widget: ClassVar[str] = "textarea"
    read_line: Callable[[str], Any] = str

    def read(self, text: str) -> list[Any]:
        lines = split(text, LINE_SPLIT)
        too_many(lines)
        out = []
        for number, line in enumerate(lines, start=1):
            try:
                out.append(self.read_line(line))
            except InputError as error:
                raise line_error(number, error) from None
        return out


@dataclass(frozen=True)
class ReadInput(Input):
    """A field read by ``read_text`` (a function of the game's checker) into the case's
    JSON; ``textarea`` for several lines."""

    read_text: Callable[[str], Any] = str
    textarea: bool = False

    @property
    def widget(self) -> str:  # type: ignore[override]
        return "textarea" if self.textarea else "text"

    def read(self, text: str) -> Any:
        return self.read_text(text)


@dataclass(frozen=True)
class ChoiceInput(Input):
    """One of fixed choices: ``(value, label)`` pairs. Not required: the empty choice
    leaves the key out of the case."""

    widget: ClassVar[str] = "choice"
    choices: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class NumberInput(Input):
    widget: ClassVar[str] = "number"
    minimum: int = 0
    maximum: int = 1_000_000


@dataclass(frozen=True)
class FlagInput(Input):
    widget: ClassVar[str] = "flag"
    required: bool = False


@dataclass(frozen=True)
class TextInput(Input):
    """A short text, such as a player's name. Left empty, the key stays out of the case."""

    widget: ClassVar[str] = "short"


# --- a check's form ----------------------------------------------------------------------


@dataclass(frozen=True)
class CheckForm:
    """A check of one game as a form (one entry of a game checker's ``CHECKS``)."""

    game: str
    check: str
    title: str
    intro: str
    inputs: tuple[Input, ...]
    #: The cleaned inputs (key → JSON, None for an empty optional input) → the case's body.
    build: Callable[[dict[str, Any]], dict[str, Any]] = lambda data: {
        k: v for k, v in data.items() if v is not None
    }
    present: Callable[[Mapping[str, Any], Mapping[str, Any]], list[Section]] = generic_present
    #: What the example button fills in (input name → text as typed). A text in words is
    #: marked with ``_`` and written in English: the site fills it in in the page's
    #: language (the translation uses that language's keywords, which the field reads).
    example: Mapping[str, str] = field(default_factory=dict)
    #: The game options shown (None: all of the game's options).
    options: tuple[str, ...] | None = None
    #: The picker's ranks (French) or values (another deck's) in the order shown; empty:
    #: the deck's own (:attr:`games.cards.Deck.ranks`).
    picker_ranks: tuple[str, ...] = ()

    def option_specs(self) -> list[Option]:
        specs = registry.get(self.game).options
        if self.options is None:
            return list(specs)
        return [o for o in specs if o.name in self.options]
