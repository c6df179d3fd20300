"""The dispute forms: what a director types at the table, turned into a CASES.md case.

A game's module (``disputes.checker.<game>``) describes each check as a
:class:`CheckForm`: its input fields (the kinds below), how the cleaned input becomes the
case (``build``), how the engine's ``result`` is shown (``present``) and an example.
:func:`make_form` turns that description into a Django form; :meth:`CheckerForm.judge`
builds the case, judges it with ``games.cases.judge`` and puts a case the engine cannot
judge back on the field it names.

Every field's cleaned value is JSON already, in the canonical notation of RULES.md, so
the built case is exactly the one ``check_hand`` would be given.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils import translation
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import cases, places, registry
from games.base import CaseError, Option, Text
from games.cards import (
    UnknownCardError,
    card_text,
    parse_card,
    parse_meino,
    rank_text,
    suit_text,
)

logger = logging.getLogger(__name__)

#: Longest text one field takes (a whole game's deal summaries fit).
MAX_FIELD_CHARS = 10_000
#: Most entries (cards, lines, names) one field takes.
MAX_ENTRIES = 400

FRENCH = "french"
MEINO = "meino"
#: The picker's ranks of a full French deck, in the order shown.
FRENCH_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
#: The help of a game's ``players`` field.
PLAYERS_HELP = _("Clockwise, separated by commas: Ann, Bas, Cor, Dirk")
PARSERS: Mapping[str, Callable[[str], Any]] = {FRENCH: parse_card, MEINO: parse_meino}
NOT_A_CARD = {
    FRENCH: _("“%(text)s” is not a card."),
    MEINO: _("“%(text)s” is not a MEINO card."),
}

ITEM_SPLIT = re.compile(r"[,;\n\r]+")
LINE_SPLIT = re.compile(r"[;\n\r]+")


def split(text: str, pattern: re.Pattern[str] = ITEM_SPLIT) -> list[str]:
    """The non-empty parts of ``text`` between ``pattern``'s separators, stripped."""
    items = [part.strip() for part in pattern.split(text)]
    return [part for part in items if part]


def too_many(items: Sequence[Any]) -> None:
    """Refuse more than :data:`MAX_ENTRIES` entries."""
    if len(items) > MAX_ENTRIES:
        raise ValidationError(
            _("At most %(count)s entries, please."), params={"count": MAX_ENTRIES}
        )


def line_error(number: int, error: ValidationError) -> ValidationError:
    """``error`` of the ``number``-th line typed, saying which line it is."""
    return ValidationError(
        _("Line %(number)s: %(error)s"),
        params={"number": number, "error": " ".join(error.messages)},
    )


# --- reading cards -----------------------------------------------------------------------


def try_parse(parse: Callable[[str], Any], text: str) -> str | None:
    """``text`` read by ``parse`` as a canonical card code, or None when it is no card."""
    try:
        return str(parse(text))
    except UnknownCardError:
        return None


def read_card(text: str, deck: str) -> str:
    """One card in any accepted spelling, as its canonical code."""
    card = try_parse(PARSERS[deck], text.strip())
    if card is None:
        raise ValidationError(NOT_A_CARD[deck], params={"text": text.strip()[:40]})
    return card


def read_cards(text: str, deck: str) -> list[str]:
    """Cards separated by commas, semicolons, new lines or spaces; two words that make one
    card together ("schoppen vrouw", "rot 5") are read as one."""
    parse = PARSERS[deck]
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
                raise ValidationError(NOT_A_CARD[deck], params={"text": " ".join(bad)[:40]})
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


def _no_name(line: str) -> ValidationError:
    return ValidationError(
        _("Write “name: …” on each line, not “%(line)s”."), params={"line": line[:40]}
    )


def add_once(out: dict[str, Any], name: str, value: Any) -> None:
    """``out[name] = value``, refusing a name given twice."""
    if name in out:
        raise ValidationError(_("%(name)s is given twice."), params={"name": name})
    out[name] = value


# --- field kinds -------------------------------------------------------------------------


class TextField(forms.CharField):
    """A text field that reads what was typed into JSON with ``read``."""

    def __init__(self, read: Callable[[str], Any], *, textarea: bool = False, **kwargs: Any):
        self.read = read
        widget = forms.Textarea(attrs={"rows": 4}) if textarea else forms.TextInput
        super().__init__(max_length=MAX_FIELD_CHARS, widget=widget, **kwargs)

    def clean(self, value: Any) -> Any:
        text = super().clean(value)
        if text in self.empty_values:
            return None
        return self.read(text)


@dataclass(frozen=True)
class Input:
    """One input of a check's form. ``name`` is the case key it fills (so an engine error
    naming ``hands.Ann[2]`` lands on the ``hands`` field)."""

    name: str
    label: Any
    required: bool = True
    help: Any = ""
    #: The card picker's deck next to this field (``french``/``meino``), or None.
    picker: str | None = None
    #: ``replace`` (one card) or ``append`` (a list) for the picker.
    picker_mode: str = "append"

    def field(self) -> forms.Field:
        raise NotImplementedError

    def _common(self) -> dict[str, Any]:
        return {"label": self.label, "required": self.required, "help_text": self.help}


@dataclass(frozen=True)
class CardInput(Input):
    """One card."""

    deck: str = FRENCH
    picker_mode: str = "replace"

    def field(self) -> forms.Field:
        return TextField(lambda text: read_card(text, self.deck), **self._common())


@dataclass(frozen=True)
class CardsInput(Input):
    """A list of cards: ``AS, 10H, schoppen vrouw`` or one per line."""

    deck: str = FRENCH

    def field(self) -> forms.Field:
        return TextField(lambda text: read_cards(text, self.deck), **self._common())


@dataclass(frozen=True)
class NamesInput(Input):
    """Player names, separated by commas or new lines, in seating order."""

    def field(self) -> forms.Field:
        def read(text: str) -> list[str]:
            names = [name[:100] for name in split(text)]
            too_many(names)
            return names

        return TextField(read, **self._common())


@dataclass(frozen=True)
class PlayerCardsInput(Input):
    """One line per player: ``Ann: AH KS 9S`` (a player without cards: ``Ann:``)."""

    deck: str = FRENCH

    def field(self) -> forms.Field:
        def read(text: str) -> dict[str, list[str]]:
            out: dict[str, list[str]] = {}
            for line in split(text, LINE_SPLIT):
                name, rest = name_and_rest(line)
                add_once(out, name, read_cards(rest, self.deck))
            too_many(out)
            return out

        return TextField(read, textarea=True, **self._common())


@dataclass(frozen=True)
class PlayerNumbersInput(Input):
    """A number per player: ``Ann: 12, Bas: 9`` or one per line."""

    minimum: int = -1_000_000
    maximum: int = 1_000_000

    def field(self) -> forms.Field:
        return TextField(
            lambda text: read_numbers(text, self.minimum, self.maximum),
            textarea=True,
            **self._common(),
        )


def read_number(text: str, minimum: int, maximum: int) -> int:
    try:
        value = int(text.strip().replace("\N{MINUS SIGN}", "-"))
    except ValueError:
        raise ValidationError(
            _("“%(text)s” is not a whole number."), params={"text": text.strip()[:40]}
        ) from None
    if not minimum <= value <= maximum:
        raise ValidationError(
            _("%(value)s is not between %(minimum)s and %(maximum)s."),
            params={"value": value, "minimum": minimum, "maximum": maximum},
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


@dataclass(frozen=True)
class PlayerWordsInput(Input):
    """A word per player from a fixed set (``Ann: play, Bas: pass``); ``words`` maps every
    accepted spelling (lower case) to the case's word."""

    words: Mapping[str, str] = field(default_factory=dict)

    def field(self) -> forms.Field:
        def read(text: str) -> dict[str, str]:
            out: dict[str, str] = {}
            for item in split(text):
                name, rest = name_and_rest(item)
                word = self.words.get(rest.strip().lower())
                if word is None:
                    raise ValidationError(
                        _("%(name)s: “%(word)s” is not one of %(words)s."),
                        params={
                            "name": name,
                            "word": rest[:40],
                            "words": ", ".join(dict.fromkeys(self.words.values())),
                        },
                    )
                add_once(out, name, word)
            too_many(out)
            return out

        return TextField(read, textarea=True, **self._common())


@dataclass(frozen=True)
class TricksInput(Input):
    """One line per trick, the cards in the order played (the leader's first)."""

    deck: str = FRENCH

    def field(self) -> forms.Field:
        def read(text: str) -> list[list[str]]:
            tricks = [read_cards(line, self.deck) for line in split(text, LINE_SPLIT)]
            too_many(tricks)
            return tricks

        return TextField(read, textarea=True, **self._common())


@dataclass(frozen=True)
class LinesInput(Input):
    """One entry per line, each read by ``read_line`` (which raises ValidationError)."""

    read_line: Callable[[str], Any] = str

    def field(self) -> forms.Field:
        def read(text: str) -> list[Any]:
            lines = split(text, LINE_SPLIT)
            too_many(lines)
            out = []
            for number, line in enumerate(lines, start=1):
                try:
                    out.append(self.read_line(line))
                except ValidationError as error:
                    raise line_error(number, error) from None
            return out

        return TextField(read, textarea=True, **self._common())


@dataclass(frozen=True)
class ChoiceInput(Input):
    """One of fixed choices: ``(value, label)`` pairs. Not required: the empty choice
    leaves the key out of the case."""

    choices: tuple[tuple[str, Any], ...] = ()

    def field(self) -> forms.Field:
        choices = list(self.choices)
        if not self.required:
            choices = [("", "—"), *choices]
        return forms.TypedChoiceField(
            choices=choices, coerce=str, empty_value=None, **self._common()
        )


@dataclass(frozen=True)
class NumberInput(Input):
    minimum: int = 0
    maximum: int = 1_000_000

    def field(self) -> forms.Field:
        return forms.IntegerField(min_value=self.minimum, max_value=self.maximum, **self._common())


@dataclass(frozen=True)
class FlagInput(Input):
    required: bool = False

    def field(self) -> forms.Field:
        return forms.BooleanField(**self._common())


@dataclass(frozen=True)
class TextInput(Input):
    """A short text, such as a player's name. Left empty, the key stays out of the case."""

    def field(self) -> forms.Field:
        return forms.CharField(max_length=100, strip=True, empty_value=None, **self._common())


# --- what the engine computed, as tables -------------------------------------------------


@dataclass
class Section:
    """One table of the computed result: a title, column heads and rows of cells."""

    title: Any
    head: list[Any]
    rows: list[list[Any]]


def non_empty(sections: Sequence[Section]) -> list[Section]:
    """The sections that have rows (a table without rows is not shown)."""
    return [s for s in sections if s.rows]


def show(value: Any) -> str:
    """A result value for people: lists joined, None as a dash, booleans in words."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if isinstance(value, list | tuple):
        return ", ".join(show(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {show(v)}" for k, v in value.items())
    return str(value)


def facts(title: Any, pairs: Sequence[tuple[Any, Any]]) -> Section:
    """A two-column table of what and how much; pairs whose value is missing are left out."""
    rows = [[label, show(value)] for label, value in pairs if value is not _ABSENT]
    return Section(title, [], rows)


def outcome(pairs: Sequence[tuple[Any, Any]]) -> Section:
    """The "Outcome" table of a check's result (see :func:`facts`)."""
    return facts(_("Outcome"), pairs)


def numbered_rows(
    title: Any, what: Any, rows: Sequence[Mapping[str, Any]], players: Sequence[str]
) -> Section:
    """A table with a numbered row per ``{player: value}`` of ``rows`` (``what`` heads the
    numbers) and a column per player."""
    return Section(
        title,
        [what, *players],
        [[n, *(show(row.get(p)) for p in players)] for n, row in enumerate(rows, 1)],
    )


def per_player(
    title: Any, columns: Sequence[tuple[Any, Mapping[str, Any] | None]], players: Sequence[str]
) -> Section:
    """A table with a row per player and a column per ``(label, {player: value})``."""
    used = [(label, values) for label, values in columns if values]
    if not used:
        return Section(title, [], [])
    return Section(
        title,
        [_("player"), *(label for label, _values in used)],
        [[name, *(show(values.get(name)) for _l, values in used)] for name in players],
    )


_ABSENT = object()


def get(result: Mapping[str, Any], key: str) -> Any:
    """``result[key]``, or a marker that :func:`facts` leaves out."""
    return result.get(key, _ABSENT)


def players_of(case: Mapping[str, Any], *results: Any) -> list[str]:
    """The case's players, else every name in the given per-player results, in order."""
    names = case.get("players")
    if isinstance(names, list):
        return [str(n) for n in names]
    out: dict[str, None] = {}
    for result in results:
        if isinstance(result, dict):
            out.update(dict.fromkeys(str(k) for k in result))
    return list(out)


def generic_present(result: Mapping[str, Any], case: Mapping[str, Any]) -> list[Section]:
    return [facts(_("What the rules engine computed"), list(result.items()))] if result else []


# --- a check's form ----------------------------------------------------------------------


@dataclass(frozen=True)
class CheckForm:
    """A check of one game as a form (one entry of a game module's ``CHECKS``)."""

    game: str
    check: str
    title: Any
    intro: Any
    inputs: tuple[Input, ...]
    #: The cleaned inputs (key → JSON, None for an empty optional input) → the case's body.
    build: Callable[[dict[str, Any]], dict[str, Any]] = lambda data: {
        k: v for k, v in data.items() if v is not None
    }
    present: Callable[[Mapping[str, Any], Mapping[str, Any]], list[Section]] = generic_present
    #: What the example button fills in (input name → text as typed).
    example: Mapping[str, str] = field(default_factory=dict)
    #: The game options shown (None: all of the game's options).
    options: tuple[str, ...] | None = None
    #: The picker's ranks (French) or values (MEINO) in the order shown.
    picker_ranks: tuple[str, ...] = ()

    def option_specs(self) -> list[Option]:
        specs = registry.get(self.game).options
        if self.options is None:
            return list(specs)
        return [o for o in specs if o.name in self.options]


OPTION_PREFIX = "option_"
#: A hidden input the form's page posts with its options: without it (a post that never
#: showed the options) an absent checkbox means the option's default, not "off".
OPTIONS_SHOWN = "options_shown"


def _option_field(option: Option) -> forms.Field:
    label = gettext(option.label) if option.label else option.name
    help_text = gettext(option.help) if option.help else ""
    common = {"label": label, "help_text": help_text, "required": False}
    if option.kind is bool:
        return forms.BooleanField(initial=option.default, **common)
    if option.choices:
        labels = [
            gettext(option.choice_label(c)) if option.choice_label(c) else str(c)
            for c in option.choices
        ]
        return forms.TypedChoiceField(
            choices=list(zip((str(c) for c in option.choices), labels, strict=True)),
            coerce=(int if option.kind is int else str),
            empty_value=option.default,
            initial=option.default,
            **common,
        )
    if option.kind is int:
        return forms.IntegerField(
            min_value=option.minimum, max_value=option.maximum, initial=option.default, **common
        )
    return forms.CharField(max_length=200, initial=option.default or "", **common)


class CheckerForm(forms.Form):
    """The form of one check: its inputs, then the game's options."""

    checker: CheckForm

    def __init__(self, *args: Any, checker: CheckForm, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.checker = checker
        for spec in checker.inputs:
            self.fields[spec.name] = spec.field()
        self.game_options = checker.option_specs()
        for option in self.game_options:
            self.fields[OPTION_PREFIX + option.name] = _option_field(option)
        self.case: dict[str, Any] | None = None
        self.verdict: dict[str, Any] | None = None

    # the template's view of the fields

    def input_fields(self) -> list[tuple[forms.BoundField, Input]]:
        return [(self[spec.name], spec) for spec in self.checker.inputs]

    def option_fields(self) -> list[forms.BoundField]:
        return [self[OPTION_PREFIX + option.name] for option in self.game_options]

    # the case

    def _options(self) -> dict[str, Any]:
        chosen = {}
        for option in self.game_options:
            key = OPTION_PREFIX + option.name
            value = self.cleaned_data.get(key)
            if option.kind is bool:
                shown = OPTIONS_SHOWN in self.data or key in self.data
                value = bool(value) if shown else option.default
            if value is None or value in ("", option.default):
                continue
            chosen[option.name] = value
        return chosen

    def to_case(self) -> dict[str, Any]:
        """The CASES.md case of the cleaned input (call after is_valid())."""
        body = self.checker.build(
            {spec.name: self.cleaned_data.get(spec.name) for spec in self.checker.inputs}
        )
        case: dict[str, Any] = {"game": self.checker.game, "check": self.checker.check}
        options = self._options()
        if options:
            case["options"] = options
        case.update(_same_names(body, body.get("players")))
        return case

    def judge(self) -> dict[str, Any] | None:
        """Validate, build and judge the case: the verdict, or None with the reason on the
        form (a field's error next to it; what names no field at the top)."""
        if not self.is_valid():
            return None
        self.case = self.to_case()
        try:
            self.verdict = cases.judge(self.case)
        except CaseError as error:
            options = registry.get(self.checker.game).options
            self.add_error(self.field_for(error.field), engine_message(error, options))
            return None
        except Exception:  # an engine bug: a message, never a server error
            logger.exception("the dispute form's case could not be judged")
            self.add_error(None, gettext("The rules engine could not judge this case."))
            return None
        return self.verdict

    def field_for(self, path: str) -> str | None:
        """The form field a CaseError's path names: ``hands.Ann[2]`` → ``hands``,
        ``options.start_points`` → its option field; None for the whole case."""
        parts = re.split(r"[.\[]", path or "", maxsplit=2)
        head = parts[0]
        if head == "options" and len(parts) > 1:
            name = OPTION_PREFIX + parts[1].rstrip("]")
            return name if name in self.fields else None
        return head if head in self.fields else None


def _same_names(value: Any, players: Any) -> Any:
    """``value`` with every player's name (a key or a text) written as in ``players``:
    "ann: AH KS" after "Ann, Bas" is Ann's hand. Left as typed when ``players`` is no list
    of names, or holds two names that differ only in case."""
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        return value
    spelled = {name.casefold(): name for name in players}
    if len(spelled) != len(players):
        return value

    def same(item: Any) -> Any:
        if isinstance(item, str):
            return spelled.get(item.casefold(), item)
        if isinstance(item, dict):
            out = {}
            for key, inner in item.items():
                named = same(key)
                # "Ann" and "ann" both given: left as typed, for the engine to refuse
                out[key if named in item or named in out else named] = same(inner)
            return out
        if isinstance(item, list):
            return [same(v) for v in item]
        return item

    return same(value)


# --- the engine's messages in the user's language ----------------------------------------


def _is_card_key(key: str) -> bool:
    """Values named ``card``, ``cards``, ``card2``, ``card_at``, ``turned_card`` are cards."""
    return bool(re.fullmatch(r"(\w+_)?cards?\d*", key)) or key.startswith("card_")


#: A canonical French card code (RULES.md): ``AH``, ``10S``, ``JK``.
_CODE = r"(?:10|[2-9JQKA])[SHDC]|JK"
#: A value that is nothing but card codes ("9H", "9H 7H", "AH, KH"): shown card by card.
CODES = re.compile(rf"(?:{_CODE})(?:(?:, | and | )(?:{_CODE}))*")
#: Values that name people or teams, never cards, whatever they look like.
NAME_KEYS = frozenset({"player", "name", "names", "names2", "names3", "who", "owner",
                       "winner", "dealer", "holder", "team", "listed", "given", "miner",
                       "discarder", "exchanger", "next_player", "to_play", "kat", "found",
                       "done", "player2", "name2"})  # fmt: skip


def _codes(text: str, language: str) -> str:
    return re.sub(_CODE, lambda m: _card(m.group(0), language), text)


def _card(value: Any, language: str, *, meino: bool = False) -> str:
    try:
        return card_text(parse_meino(value) if meino else value, language)
    except (UnknownCardError, TypeError, ValueError, KeyError):
        return str(value)


def _rank(rank: Any, language: str) -> str:
    return rank_text(rank, language) if isinstance(rank, int) else str(rank)


def _value(key: str, value: Any, language: str) -> str:  # noqa: PLR0911 - one per kind
    """One value of a message (``Text.as_dict()`` form), for people: sentences translated,
    suits in words, cards in the reader's letters."""
    if isinstance(value, dict):
        if "template" in value:
            return say(value, language)
        if "suit" in value:
            return suit_text(str(value["suit"]), language)
        if "rank" in value:
            return _rank(value["rank"], language)
        if "ranks" in value:
            return ", ".join(_rank(rank, language) for rank in value["ranks"] or ())
        meino = "meino_card" in value
        return _card(value.get("meino_card", value.get("card")), language, meino=meino)
    meino = key.startswith("meino_card")
    if _is_card_key(key) or meino:
        if isinstance(value, list):
            return " ".join(_card(v, language, meino=meino) for v in value)
        return _card(value, language, meino=meino)
    if isinstance(value, str) and key not in NAME_KEYS and CODES.fullmatch(value):
        return _codes(value, language)
    return str(value)


def say(message: Text | Mapping[str, Any] | str, language: str | None = None) -> str:
    """An engine message (a :class:`~games.base.Text`, its ``as_dict()`` form, or an
    English string) in ``language`` (default: the active one)."""
    if isinstance(message, str):
        return message
    language = language or translation.get_language() or "nl"
    if isinstance(message, Text):
        message = message.as_dict()
    template, values = str(message.get("template", "")), message.get("values") or {}
    shown = {k: _value(k, v, language) for k, v in values.items()}
    with translation.override(language):
        translated = gettext(template) if template else ""
    try:
        return translated % shown if shown else translated.replace("%%", "%")
    except (KeyError, ValueError, TypeError):  # a faulty translation: the English words
        return template % shown if shown else template


def _sentence(text: str) -> str:
    text = text[:1].upper() + text[1:]
    return text + "." if text and (text[-1].isalnum() or text[-1] in ")”\"'") else text


def place_words(path: str, options: Sequence[Option] = (), language: str | None = None) -> str:
    """A CaseError's field path in words: ``tricks[0]`` → nl "slag 1"."""
    return ", ".join(say(part, language) for part in places.describe(path, options))


def engine_message(
    error: CaseError, options: Sequence[Option] = (), language: str | None = None
) -> str:
    """A CaseError in the user's language: the place in words, then the reason."""
    message = say(error.text, language)
    place = place_words(error.field, options, language)
    if place:
        with translation.override(language or translation.get_language() or "nl"):
            message = gettext("%(place)s: %(message)s") % {"place": place, "message": message}
    return _sentence(message)


def violation_message(raw: Mapping[str, Any], language: str | None = None) -> str:
    """One violation (a dict with ``message`` and, from ``cases.judge(..., texts=True)``,
    ``text``) in the user's language; without ``text``, the English message."""
    text = raw.get("text")
    if isinstance(text, Mapping) and text.get("template"):
        return _sentence(say(text, language))
    return str(raw.get("message", ""))


def violation_messages(
    verdict: Mapping[str, Any], case: Mapping[str, Any], language: str | None = None
) -> list[str]:
    """The messages of ``verdict``'s violations in the user's language, in order.

    The verdict (CASES.md, as check_hand gives it and as a ruling stores it) holds English
    sentences; the case is judged again for their templates and values. Where the two no
    longer agree (a ruling saved under older rules), the stored English stands.
    """
    stored = [v for v in verdict.get("violations") or [] if isinstance(v, Mapping)]
    english = [str(v.get("message", "")) for v in stored]
    try:
        again = cases.judge(dict(case), texts=True)["violations"]
    except Exception:  # a case that no longer judges: the stored words
        return english
    same = len(again) == len(stored) and all(
        a.get("rule") == v.get("rule") and a.get("message") == v.get("message")
        for a, v in zip(again, stored, strict=True)
    )
    if not same:
        return english
    return [violation_message(a, language) for a in again]


def make_form(checker: CheckForm, data: Any = None, initial: Any = None) -> CheckerForm:
    return CheckerForm(data, initial=initial, checker=checker)
