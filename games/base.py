"""What every game engine shares: violations, verdicts, case errors, options, the game spec.

A *check* is a function ``check(case: Case) -> Outcome``. It reads its fields through
:class:`Case`, which raises :class:`CaseError` naming the field when the case cannot be
judged (CASES.md: exit 2 with one line naming the field). Rule breaches are not errors:
they are :class:`Violation` entries of the outcome.

Pure Python: no Django here (tests/test_architecture.py).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from games.cards import (
    Card,
    Deck,
    UnknownCardError,
    parse_card,
    parse_rank,
    parse_suit,
)

if TYPE_CHECKING:
    from games.results import ResultSpec
    from games.sheet_layout import SheetLayout

from games.text import (
    SUIT_NAMES,
    CaseError,
    Rank,
    Ranks,
    Suit,
    Text,
    _,
    as_text,
    unknown_card,
)

T = TypeVar("T")
_MISSING: Any = object()

#: Longest list or text in a case: a whole recorded game fits, a runaway one does not.
MAX_LIST = 20_000


@dataclass(frozen=True, slots=True)
class Violation:
    """One rule broken: the RULES.md ID, an English sentence, and where (0-based).

    ``message`` may be given as a :class:`Text`: it is kept as ``text`` (for the site to
    translate) and ``message`` is its English sentence.
    """

    rule: str
    message: str
    at: int | None = None
    text: Text | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if isinstance(self.message, Text):
            object.__setattr__(self, "text", self.message)
            object.__setattr__(self, "message", str(self.message))

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rule": self.rule}
        if self.at is not None:
            out["at"] = self.at
        out["message"] = self.message
        return out


@dataclass(slots=True)
class Outcome:
    """What a check returns: the violations found and what it computed."""

    violations: list[Violation] = field(default_factory=list)
    result: dict[str, Any] = field(default_factory=dict)

    def add(self, rule: str, message: str | Text, at: int | None = None, **values: Any) -> None:
        self.violations.append(Violation(rule, as_text(message, values), at))  # type: ignore[arg-type]

    @property
    def legal(self) -> bool:
        return not self.violations


def verdict(game: str, check: str, outcome: Outcome) -> dict[str, Any]:
    """The CASES.md verdict dict."""
    return {
        "game": game,
        "check": check,
        "legal": not outcome.violations,
        "violations": [v.as_dict() for v in outcome.violations],
        "result": outcome.result,
    }


# --- options -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Option:
    """A game option of RULES.md with its default.

    ``kind`` is ``bool``, ``int`` or ``str``; ``choices`` limits a ``str`` (or ``int``);
    ``minimum``/``maximum`` bound an ``int``. ``choice_labels``, when given, names each
    choice for people (in the order of ``choices``): the codes are what cases and stored
    options use.

    A ``str`` option the engine takes as free text (a case may give any text) is still a
    choice on the site's forms: ``form_choices`` are the values a form offers (labelled
    by ``choice_labels``), and ``form_value`` reads any stored text as one of them.
    """

    name: str
    default: Any
    kind: type = bool
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""
    label: str = ""  # what a form calls it (marked with _() for translation)
    choice_labels: tuple[str, ...] = ()  # marked with _() too
    #: The choices a form offers for a free-text option (the engine takes any text).
    form_choices: tuple[Any, ...] = ()
    #: A stored value of a free-text option as one of ``form_choices``.
    form_value: Callable[[Any], Any] | None = None

    def __post_init__(self) -> None:
        offered = self.offered()
        if self.choice_labels and len(self.choice_labels) != len(offered):
            raise ValueError(f"option {self.name}: one label per choice, or none")

    def offered(self) -> tuple[Any, ...]:
        """The values a form offers: ``choices``, else ``form_choices`` (else none)."""
        return self.choices or self.form_choices

    def shown(self, value: Any) -> Any:
        """A stored ``value`` as a form shows it: one of :meth:`offered` where a free text
        maps to one (``form_value``), else as it is."""
        if self.form_value is not None and value not in self.form_choices:
            return self.form_value(value)
        return value

    def choice_label(self, value: Any) -> str | None:
        """The label of the choice `value` (untranslated), or None without labels."""
        offered = self.offered()
        value = self.shown(value)
        if not self.choice_labels or value not in offered:
            return None
        return self.choice_labels[offered.index(value)]

    def clean(self, value: Any, path: str) -> Any:
        where = f"{path}.{self.name}"
        if self.kind is bool:
            if not isinstance(value, bool):
                raise CaseError(
                    where, _("must be true or false, not %(value)s"), value=short(value)
                )
        elif self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise CaseError(
                    where, _("must be a whole number, not %(value)s"), value=short(value)
                )
            if self.minimum is not None and value < self.minimum:
                raise CaseError(where, _("must be at least %(minimum)s"), minimum=self.minimum)
            if self.maximum is not None and value > self.maximum:
                raise CaseError(where, _("must be at most %(maximum)s"), maximum=self.maximum)
        elif self.kind is str:
            if not isinstance(value, str):
                raise CaseError(where, _("must be a text, not %(value)s"), value=short(value))
            if len(value) > 200:
                raise CaseError(where, _("is longer than 200 characters"))
        if self.choices and value not in self.choices:
            allowed = ", ".join(short(c) for c in self.choices)
            raise CaseError(
                where,
                _("must be one of %(allowed)s, not %(value)s"),
                allowed=allowed,
                value=short(value),
            )
        return value


def clean_options(specs: Sequence[Option], given: object, path: str = "options") -> dict[str, Any]:
    """Defaults overlaid with the given options; unknown names and bad values are errors."""
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise CaseError(path, _("must be an object"))
    by_name = {o.name: o for o in specs}
    for name in given:
        if name not in by_name:
            known = ", ".join(by_name) or "none"
            raise CaseError(
                f"{path}.{name}", _("is not an option of this game (known: %(known)s)"), known=known
            )
    return {o.name: o.clean(given[o.name], path) if o.name in given else o.default for o in specs}


# --- reading a case ----------------------------------------------------------------------


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {str: "a text", int: "a whole number", bool: "true or false", list: "a list",
             dict: "an object", float: "a number", type(None): "null"}  # fmt: skip
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


class Case:
    """Read a case's fields; every failure is a :class:`CaseError` naming the field.

    ``Case(data)`` wraps the top-level dict; ``case.sub("players")`` wraps a nested object.
    ``case.options`` holds the cleaned options (set by ``games.cases``).
    """

    __slots__ = ("data", "options", "path")

    def __init__(
        self, data: object, path: str = "", options: Mapping[str, Any] | None = None
    ) -> None:
        if not isinstance(data, dict):
            raise CaseError(path or "case", _("must be a JSON object"))
        self.data: dict[str, Any] = data
        self.path = path
        self.options: Mapping[str, Any] = options or {}

    def where(self, key: str | int) -> str:
        if isinstance(key, int):
            return f"{self.path}[{key}]"
        return f"{self.path}.{key}" if self.path else key

    def error(self, key: str | int, message: str | Text, /, **values: Any) -> CaseError:
        return CaseError(self.where(key), message, **values)

    def has(self, key: str) -> bool:
        return key in self.data and self.data[key] is not None

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = _MISSING) -> Any:
        if key not in self.data or (self.data[key] is None and default is not _MISSING):
            if default is _MISSING:
                raise self.error(key, _("is missing"))
            return default
        value = self.data[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in kinds:
            raise self.error(
                key,
                _("must be %(kind_name)s, not %(value)s"),
                kind_name=_kind_name(kind),
                value=short(value),
            )
        if not isinstance(value, kinds):
            raise self.error(
                key,
                _("must be %(kind_name)s, not %(value)s"),
                kind_name=_kind_name(kind),
                value=short(value),
            )
        if isinstance(value, list | dict | str) and len(value) > MAX_LIST:
            raise self.error(
                key, _("is too long (at most %(MAX_LIST)s entries)"), MAX_LIST=MAX_LIST
            )
        return value

    def text(self, key: str, default: Any = _MISSING, *, choices: Iterable[str] = ()) -> Any:
        value = self.get(key, str, default)
        allowed = tuple(choices)
        if allowed and value is not default and value not in allowed:
            raise self.error(
                key,
                _("must be one of %(allowed)s, not %(value)s"),
                allowed=", ".join(allowed),
                value=short(value),
            )
        return value

    def integer(
        self, key: str, default: Any = _MISSING, *, minimum: int | None = None,
        maximum: int | None = None,
    ) -> Any:  # fmt: skip
        value = self.get(key, int, default)
        if value is default:
            return value
        if minimum is not None and value < minimum:
            raise self.error(
                key, _("must be at least %(minimum)s, not %(value)s"), minimum=minimum, value=value
            )
        if maximum is not None and value > maximum:
            raise self.error(
                key, _("must be at most %(maximum)s, not %(value)s"), maximum=maximum, value=value
            )
        return value

    def boolean(self, key: str, default: Any = _MISSING) -> Any:
        return self.get(key, bool, default)

    def items(self, key: str, default: Any = _MISSING) -> Any:
        return self.get(key, list, default)

    def sub(self, key: str, default: Any = _MISSING) -> Any:
        value = self.get(key, dict, default)
        if value is default:
            return value
        return Case(value, self.where(key), self.options)

    def subs(self, key: str, default: Any = _MISSING) -> Any:
        """A list of objects, each wrapped as a Case."""
        value = self.items(key, default)
        if value is default:
            return value
        where = self.where(key)
        return [Case(v, f"{where}[{i}]", self.options) for i, v in enumerate(value)]

    # cards

    def card(self, key: str | int, default: Any = _MISSING) -> Any:
        return self._parsed(key, parse_card, default)

    def cards(self, key: str, default: Any = _MISSING) -> Any:
        value = self.items(key, default)
        if value is default:
            return value
        return [self._parse_at(self.where(key), i, v, parse_card) for i, v in enumerate(value)]

    def parsed(self, key: str, parse: Callable[[Any], T], default: Any = _MISSING) -> Any:
        """A value read by ``parse`` (a game's own card or colour reader, which raises
        UnknownCardError)."""
        return self._parsed(key, parse, default)

    def parsed_list(self, key: str, parse: Callable[[Any], T], default: Any = _MISSING) -> Any:
        """A list of values, each read by ``parse``."""
        value = self.items(key, default)
        if value is default:
            return value
        return [self._parse_at(self.where(key), i, v, parse) for i, v in enumerate(value)]

    def suit(self, key: str, default: Any = _MISSING) -> Any:
        return self._parsed(key, parse_suit, default)

    def rank(self, key: str, default: Any = _MISSING) -> Any:
        if key not in self.data or self.data[key] is None:
            if default is _MISSING:
                raise self.error(key, _("is missing"))
            return default
        try:
            return parse_rank(self.data[key])
        except UnknownCardError:
            raise self.error(
                key, _("is not a rank: %(data)s"), data=short(self.data[key])
            ) from None

    def _parsed(self, key: str | int, parse: Callable[[Any], T], default: Any) -> Any:
        if isinstance(key, str) and (key not in self.data or self.data[key] is None):
            if default is _MISSING:
                raise self.error(key, _("is missing"))
            return default
        value = self.data[key]
        try:
            return parse(value)
        except UnknownCardError as exc:
            raise self.error(key, unknown_card(exc)) from None

    @staticmethod
    def _parse_at(where: str, index: int, value: object, parse: Callable[[Any], T]) -> T:
        try:
            return parse(value)
        except UnknownCardError as exc:
            raise CaseError(f"{where}[{index}]", unknown_card(exc)) from None

    # names

    def names(self, key: str, *, minimum: int = 1, maximum: int = 20) -> list[str]:
        """A list of distinct player names (non-empty texts)."""
        value = self.items(key)
        where = self.where(key)
        if not minimum <= len(value) <= maximum:
            raise CaseError(
                where,
                _("must list %(minimum)s to %(maximum)s players, not %(count)s"),
                minimum=minimum,
                maximum=maximum,
                count=len(value),
            )
        for i, name in enumerate(value):
            if not isinstance(name, str) or not name.strip() or len(name) > 100:
                raise CaseError(
                    f"{where}[{i}]", _("must be a player name, not %(name)s"), name=short(name)
                )
        if len(set(value)) != len(value):
            dup = next(n for n in value if value.count(n) > 1)
            raise CaseError(where, _("names %(dup)s twice"), dup=short(dup))
        return list(value)

    def player(self, key: str, players: Sequence[str], default: Any = _MISSING) -> Any:
        value = self.text(key, default)
        if value is not default and value not in players:
            raise self.error(key, _("%(value)s is not one of the players"), value=short(value))
        return value

    def per_player(
        self, key: str, players: Sequence[str], *, default: Any = _MISSING, complete: bool = False
    ) -> Any:
        """An object keyed by player name: unknown names are errors."""
        value = self.sub(key, default)
        if value is default:
            return value
        for name in value.data:
            if name not in players:
                raise value.error(name, _("is not one of the players"))
        if complete:
            for name in players:
                if name not in value.data:
                    raise value.error(name, _("is missing"))
        return value


def short(value: object) -> str:
    """A value as JSON (``null``, ``true``, ``"QS"``), cut to 40 characters for a message."""
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# --- the game spec -----------------------------------------------------------------------

Check = Callable[[Case], Outcome]


@dataclass(slots=True)
class Simulation:
    """One whole game played by uniformly random legal moves.

    ``log`` is a JSON-able ``replay`` case (``{"game", "check": "replay", ...}``) that
    records the deal and every drawn card, so it replays without the seed.
    ``decisions`` counts the moves chosen; ``summary`` is the printed outcome.
    """

    log: dict[str, Any]
    decisions: int
    summary: dict[str, Any]


Simulator = Callable[..., Simulation]


class Form(Protocol):
    """A dispute form as the spec holds it: a :class:`games.checkform.CheckForm` (named
    by its shape: games.checkform reads the registry, so this module cannot import it)."""

    game: str
    check: str


@dataclass(frozen=True, slots=True)
class Demo:
    """How the demo clubs (``seed_demo``) play a game: its evening (``name``,
    ``table_size``, ``teams``, ``scheme``, ``rounds``), the demo clubs whose season is of
    this game, and a simulated game's summary as the result form's sides."""

    evening: Mapping[str, Any]
    result_sides: Callable[[dict[str, Any], int], list[dict[str, Any]]]
    season_clubs: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GameSpec:
    """A game's entry in the registry (``GAME`` in the game package's ``__init__``): the
    whole contract between a game and the site, every part a field. The registry checks
    the parts when it loads the game (``games.registry.use``, at start-up): a part of the
    wrong kind, or a module of a part's name in the package that the spec leaves out,
    stops the site with the game's name and the part's."""

    name: str
    title: str
    prefix: str
    options: tuple[Option, ...]
    #: The engine: check name -> the check (CASES.md), for check_hand and the checker.
    checks: Mapping[str, Check]
    players: tuple[int, ...]
    #: The result form, the game score and the margin (games/results.py).
    results: ResultSpec
    simulate: Simulator | None = None
    default_players: int = 4
    #: Table sizes played in teams -> players per side (MeieRijen four players, Keezen).
    team_tables: Mapping[int, int] = field(default_factory=dict)
    #: The game's deck as the dispute forms, verdicts and card picker use it (None: the
    #: game has no cards of its own to show).
    deck: Deck | None = None
    #: The dispute checker's forms as data: check name -> form, in the order the
    #: checker's index lists them (empty: no forms yet).
    checker: Mapping[str, Form] = field(default_factory=dict)
    #: The score sheet's layout as data (None: the generic sheet).
    sheet: SheetLayout | None = None
    #: How the demo clubs play it (None: no demo evening).
    demo: Demo | None = None


def make_rng(seed: int | None) -> random.Random:
    return random.Random(seed)  # noqa: S311 - game simulation, not cryptography


__all__ = [
    "SUIT_NAMES",
    "Card",
    "Case",
    "CaseError",
    "Check",
    "Demo",
    "GameSpec",
    "Option",
    "Outcome",
    "Rank",
    "Ranks",
    "Simulation",
    "Suit",
    "Text",
    "Violation",
    "_",
    "as_text",
    "clean_options",
    "make_rng",
    "short",
    "unknown_card",
    "verdict",
]
