"""The dispute forms on the site: a game's description (``games.<game>.checker``'s
``CHECKS`` of :class:`games.checkform.CheckForm`, found by the registry) made into a
Django form.

:func:`make_form` turns a description into a form: a field per input (its kind's
``widget``), labels, help and choices translated into the active language when the form
is made (a form is made per request). A field's text is read by the input's pure
``read``; its :class:`~games.checkform.InputError` becomes a ValidationError in the user's
language. :meth:`CheckerForm.judge` builds the case, judges it with ``games.cases.judge``
and puts a case the engine cannot judge back on the field it names. The engine's
messages (:class:`~games.base.Text`) are said in the user's language by :func:`say`.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils import translation
from django.utils.translation import gettext

from games import cases, places, registry
from games.base import CaseError, Option, Text
from games.cards import FRENCH, Deck, UnknownCardError, card_text, language_of, rank_text, suit_text
from games.checkform import MAX_FIELD_CHARS, CheckForm, Input, InputError
from games.checkshow import Label, ShownCard
from games.text import Rank, Ranks

logger = logging.getLogger(__name__)


# --- the pure texts in the user's language -------------------------------------------------


def people(value: Any) -> Any:  # noqa: PLR0911 - one return per kind of value
    """``value`` as the page shows it in the active language: a :class:`Label`
    translated, a :class:`~games.text.Text` translated with its values, a
    :class:`ShownCard` or a rank in the reader's letters; anything else as it is."""
    if isinstance(value, Text):
        template = value.template
        translated = gettext(template) if template else ""
        shown = {key: people(inner) for key, inner in value.values.items()}
        try:
            out = translated % shown if shown else translated.replace("%%", "%")
        except (KeyError, ValueError, TypeError):  # a faulty translation: the English words
            out = template % shown if shown else template.replace("%%", "%")
        return out[:1].upper() + out[1:] if value.capital else out
    if isinstance(value, Label):
        return gettext(value) if value else ""
    language = language_of(translation.get_language() or "en")
    if isinstance(value, ShownCard):
        try:
            return card_text(str(value), language, compact=language != "en")
        except UnknownCardError:
            return str(value)
    if isinstance(value, Ranks):
        return ", ".join(rank_text(int(rank), language) for rank in value)
    if isinstance(value, Rank):
        return rank_text(int(value), language)
    return value


def input_error(error: InputError) -> ValidationError:
    """A pure :class:`InputError` as a ValidationError in the user's language."""
    return ValidationError(people(error.text))


# --- the fields of the input kinds ----------------------------------------------------------


class TextField(forms.CharField):
    """A text field that reads what was typed into JSON with ``read``."""

    def __init__(
        self, read: Callable[[str], Any], *, textarea: bool = False, rows: int = 4, **kwargs: Any
    ) -> None:
        self.read = read
        widget = forms.Textarea(attrs={"rows": rows}) if textarea else forms.TextInput
        super().__init__(max_length=MAX_FIELD_CHARS, widget=widget, **kwargs)

    def clean(self, value: Any) -> Any:
        text = super().clean(value)
        if text in self.empty_values:
            return None
        try:
            return self.read(text)
        except InputError as error:
            raise input_error(error) from None


def input_field(spec: Input) -> forms.Field:
    """The Django field of one input of a check's form, in the active language."""
    common: dict[str, Any] = {
        "label": people(spec.label),
        "required": spec.required,
        "help_text": people(spec.help) if spec.help else "",
    }
    widget = spec.widget
    if widget == "choice":
        choices = [(value, people(label)) for value, label in spec.choices]  # type: ignore[attr-defined]
        if not spec.required:
            choices = [("", "—"), *choices]
        return forms.TypedChoiceField(choices=choices, coerce=str, empty_value=None, **common)
    if widget == "number":
        return forms.IntegerField(
            min_value=spec.minimum,  # type: ignore[attr-defined]
            max_value=spec.maximum,  # type: ignore[attr-defined]
            **common,
        )
    if widget == "flag":
        return forms.BooleanField(**common)
    if widget == "short":
        return forms.CharField(max_length=100, strip=True, empty_value=None, **common)
    return TextField(spec.read, textarea=widget == "textarea", rows=spec.rows, **common)


class ShownCheck:
    """A game's :class:`CheckForm` as the pages use it: its title and intro in the active
    language; everything else is the description's."""

    def __init__(self, form: CheckForm) -> None:
        self.form = form

    def __getattr__(self, name: str) -> Any:
        return getattr(self.form, name)

    @property
    def title(self) -> str:
        return people(self.form.title)

    @property
    def intro(self) -> str:
        return people(self.form.intro)

    @property
    def example(self) -> dict[str, Any]:
        """The example in the active language: its texts (marked with ``_``) in the
        page's words, which the fields read ("harten vrouw", "Herz Dame")."""
        return {name: people(text) for name, text in self.form.example.items()}

    def __repr__(self) -> str:
        return f"ShownCheck({self.form.game!r}, {self.form.check!r})"


def pure_form(checker: CheckForm | ShownCheck) -> CheckForm:
    return checker.form if isinstance(checker, ShownCheck) else checker


def decks() -> list[Deck]:
    """The decks of the games played (the French one first, always)."""
    out = [FRENCH]
    for spec in registry.games():
        if spec.deck is not None and spec.deck not in out:
            out.append(spec.deck)
    return out


def deck_of(game: str) -> Deck:
    """Game ``game``'s deck (the French one for a game without one of its own)."""
    try:
        deck = registry.get(game).deck
    except LookupError:
        return FRENCH
    return deck or FRENCH


def picker_cards(deck: Deck, ranks: Sequence[str], language: str) -> list[dict[str, Any]]:
    """The card picker's rows of ``deck`` in ``language`` (card_picker.js draws them)."""
    return deck.picker(language_of(language), tuple(ranks))


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
    if option.offered():
        labels = [
            gettext(option.choice_label(c)) if option.choice_label(c) else str(c)
            for c in option.offered()
        ]
        return forms.TypedChoiceField(
            choices=list(zip((str(c) for c in option.offered()), labels, strict=True)),
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

    def __init__(self, *args: Any, checker: CheckForm | ShownCheck, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.checker = pure_form(checker)
        for spec in self.checker.inputs:
            self.fields[spec.name] = input_field(spec)
        self.game_options = self.checker.option_specs()
        for option in self.game_options:
            self.fields[OPTION_PREFIX + option.name] = _option_field(option)
        self.case: dict[str, Any] | None = None
        self.verdict: dict[str, Any] | None = None
        #: The verdict's violations with their texts (template and values) to show in the
        #: user's language: the page needs no second judging for its words.
        self.judged: list[dict[str, Any]] | None = None

    # the template's view of the fields

    def input_fields(self) -> list[tuple[forms.BoundField, Input, str]]:
        """Each input's bound field, its description and its card picker's rows as JSON
        (empty without a picker), in the active language."""
        language = translation.get_language() or "en"
        ranks = self.checker.picker_ranks
        return [
            (
                self[spec.name],
                spec,
                json.dumps(picker_cards(spec.picker, ranks, language), ensure_ascii=False)
                if spec.picker is not None
                else "",
            )
            for spec in self.checker.inputs
        ]

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
            judged = cases.judge(self.case, texts=True)
        except CaseError as error:
            options = registry.get(self.checker.game).options
            self.add_error(self.field_for(error.field), engine_message(error, options))
            return None
        except Exception:  # an engine bug: a message, never a server error
            logger.exception("the dispute form's case could not be judged")
            self.add_error(None, gettext("The rules engine could not judge this case."))
            return None
        self.judged = judged["violations"]
        self.verdict = without_texts(judged)
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


def _card(value: Any, language: str, deck: Deck = FRENCH) -> str:
    try:
        return deck.text(value, language)
    except (UnknownCardError, TypeError, ValueError, KeyError):
        return str(value)


def _deck_of_key(key: str) -> Deck | None:
    """The deck whose cards a message value named ``key`` holds (``card``, ``cards2``,
    ``<prefix>card``), the longest prefix winning; None for no card."""
    found = None
    for deck in decks():
        prefix = deck.value_prefix
        rest = key[len(prefix) :]
        longer = found is None or len(prefix) > len(found.value_prefix)
        if key.startswith(prefix) and _is_card_key(rest) and longer:
            found = deck
    return found


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
        for deck in reversed(decks()):
            if deck.value_prefix + "card" in value:
                return _card(value[deck.value_prefix + "card"], language, deck)
        return _card(value.get("card"), language)
    deck = _deck_of_key(key)
    if deck is not None:
        if isinstance(value, list):
            return " ".join(_card(v, language, deck) for v in value)
        return _card(value, language, deck)
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


def without_texts(judged: Mapping[str, Any]) -> dict[str, Any]:
    """A verdict of ``cases.judge(..., texts=True)`` as CASES.md's (as check_hand gives it
    and a ruling stores it): its violations without their ``text``."""
    violations = [
        {key: value for key, value in violation.items() if key != "text"}
        for violation in judged.get("violations") or []
    ]
    return {**judged, "violations": violations}


def violation_messages(
    verdict: Mapping[str, Any],
    case: Mapping[str, Any],
    language: str | None = None,
    *,
    judged: Sequence[Mapping[str, Any]] | None = None,
) -> list[str]:
    """The messages of ``verdict``'s violations in the user's language, in order.

    The verdict (CASES.md, as check_hand gives it and as a ruling stores it) holds English
    sentences; their templates and values are in ``judged``, the violations of
    ``cases.judge(case, texts=True)`` when the caller has just judged the case (the
    checker's POST), or else the case is judged again for them. Where the two no longer
    agree (a ruling saved under older rules), the stored English stands.
    """
    stored = [v for v in verdict.get("violations") or [] if isinstance(v, Mapping)]
    english = [str(v.get("message", "")) for v in stored]
    if judged is not None:
        again = list(judged)
    else:
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
