"""A table's result in a tournament round: what the site's form asks for each game, the
checks every entry gets, and the ranking that standings are built on.

A game describes its result form with a :class:`Layout` (the fields of a detailed row,
a deal or a round, and of a summary of final scores) and scores a checked entry with its
own ``scoring.py`` into a :class:`TableResult` (``games/<game>/results.py``). The site
stores the entry as JSON::

    detailed: {"mode": "detailed", "finished": bool,
               "rows": [{<row field>: v, "sides": [{<per-side field>: v}, ...]}, ...]}
    summary:  {"mode": "summary", "finished": bool, <table field>: v,
               "sides": [{<per-side field>: v}, ...]}

``finished`` is false for a game the round's time stopped: it is ranked as it stood.
Every refusal is a :class:`ResultError` naming the field (``rows[2].sides[1].points``)
with an English message marked for translation, so the site can show it in the user's
language next to the right cell.

Pure Python: no Django here (tests/test_architecture.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.outcome import (
    SideResult,
    TableResult,
    competition_ranks,
    running_totals,
    side_names,
    table_result,
)
from games.text import CaseError, _

MODES = ("detailed", "summary")
KINDS = ("int", "bool", "side", "tricks")

#: The tie-breaks a game may order its evening standings by after the match points
#: (``ResultSpec.tiebreaks``, in the order given; scoring.standings applies them).
#: ``margin``: the game's margin summed (TP-1); ``head_to_head``: TP-3, for a group tied
#: on everything before it; ``wins``: the tables won (TP-2); ``best``: the best single
#: game, the highest match points at one table (under scheme "game": the best game score).
TIEBREAKS = ("margin", "head_to_head", "wins", "best")
#: What every game orders by unless it says otherwise (RULES.md TP-3).
DEFAULT_TIEBREAKS = ("margin", "head_to_head")


class ResultError(CaseError):
    """A result that cannot be right.

    ``field`` is a dotted path into the entry (``rows[2].sides[1].points``; ``""`` for
    the entry as a whole), ``template`` an English message marked with ``_()`` with
    ``%(name)s`` placeholders that ``params`` fill. ``str(error)`` and ``message`` are
    the English text; the site shows ``gettext(template) % params`` instead.
    """

    def __init__(self, field: str, template: str, **params: Any) -> None:
        super().__init__(field, template, **params)
        self.field = field

    @property
    def params(self) -> dict[str, Any]:
        return self.values

    @property
    def errors(self) -> tuple[ResultError, ...]:
        """Every refusal this error stands for: itself (:class:`CombinedResultError`: several)."""
        return (self,)

    def __str__(self) -> str:
        return self.message


class CombinedResultError(ResultError):
    """Every refusal of one entry found in one pass (values out of bounds and the game's
    own rules), so that a player corrects them at once: ``errors`` in the order found;
    the first is this error's own ``field`` and message."""

    def __init__(self, errors: Sequence[ResultError]) -> None:
        found = tuple(part for error in errors for part in error.errors)
        first = found[0]
        super().__init__(first.field, first.template, **first.params)
        self._found = found

    @property
    def errors(self) -> tuple[ResultError, ...]:
        return self._found


class _OutOfBoundsError(ResultError):
    """A whole number outside its field's bounds or step: the game's rules can still
    judge the entry with it (:func:`score_entry`)."""


class _Found:
    """The refusals of an entry's values found so far, and whether the game's rules can
    still judge it (none is missing or of the wrong kind, only out of bounds). For a
    ``draft`` (:func:`check_rows`) a value left out is no refusal: ``missing`` says a
    required one was."""

    def __init__(self, *, draft: bool = False) -> None:
        self.errors: list[ResultError] = []
        self.judgeable = True
        self.draft = draft
        self.missing = False

    def take(self, field: Field, data: Mapping[str, Any], path: str, sides: int) -> Any:
        """``field``'s value checked (:func:`_value`); a refusal is kept, not raised: an
        out-of-bounds number stays as given, any other value becomes None."""
        given = field.name in data if field.kind == "tricks" else data.get(field.name) is not None
        if self.draft and not given:
            self.missing = self.missing or field.required
            return False if field.kind == "bool" else None
        try:
            return _value(field, data, path, sides)
        except _OutOfBoundsError as error:
            self.errors.append(error)
            return data.get(field.name)
        except ResultError as error:
            self.errors.append(error)
            self.judgeable = False
            return None


# --- what the form asks ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Field:
    """One value of the form: a column per side (``per_side``) or one per row or table.

    ``kind``: ``int``; ``bool``; ``side`` (a side's index, or null when not required);
    ``tricks`` (a whole number, or null for a player who passed; the key is required,
    null is a value). A field that is not ``required`` may be left out: an ``int`` or
    ``side`` is then null, a ``bool`` false. ``when`` = ``(option, value)`` asks for the
    field only when the tournament's game option has that value (e.g. Miezemauzen's
    spades column only with ``spades_double``). ``complement``: for a per-side ``int`` at
    a table of two sides, the two values of a row always sum to this number (the
    points a deal hands out): a row that gives one side's value and leaves the
    other's empty gets the other filled in as ``complement`` minus the given one
    (:func:`fill_complements`); a row with both given is left to the game's own checks.
    """

    name: str
    label: str
    kind: str
    per_side: bool = True
    minimum: int | None = None
    maximum: int | None = None
    step: int | None = None
    required: bool = True
    help: str = ""
    when: tuple[str, Any] | None = None
    complement: int | None = None

    def applies(self, options: Mapping[str, Any]) -> bool:
        return self.when is None or options.get(self.when[0]) == self.when[1]


@dataclass(frozen=True, slots=True)
class Layout:
    """A game's result form: the modes it offers, what a detailed row is, the fields."""

    modes: tuple[str, ...]
    row_label: str
    row_fields: tuple[Field, ...]
    summary_fields: tuple[Field, ...]
    max_rows: int = 60
    #: Empty rows the form starts with; ``rows_option`` names the game option that says
    #: how many rows a whole game has (its number of deals): then that many.
    blank_rows: int = 8
    rows_option: str | None = None
    #: Short words for the sides, in side order, where the game has them (Us and
    #: Them, as its score sheet says): the form's choices and cells say them,
    #: its column headings put them before the players' names.
    side_words: tuple[str, ...] = ()

    def for_options(self, options: Mapping[str, Any]) -> Layout:
        """The form for a tournament's game options: fields whose ``when`` fails left out,
        as many empty rows as a whole game has where an option says so."""
        rows = options.get(self.rows_option) if self.rows_option else None
        blank = rows if isinstance(rows, int) and 0 < rows <= self.max_rows else self.blank_rows
        return replace(
            self,
            row_fields=tuple(f for f in self.row_fields if f.applies(options)),
            summary_fields=tuple(f for f in self.summary_fields if f.applies(options)),
            blank_rows=blank,
        )


# --- what the game makes of it -----------------------------------------------------------


Scorer = Callable[[Mapping[str, Any], int, Mapping[str, Any]], TableResult]


@dataclass(frozen=True, slots=True)
class ResultSpec:
    """A game's results (``GameSpec.results``).

    ``score(entry, sides, options)`` scores an entry already checked by :func:`clean_entry`
    (call :func:`score_entry`); ``sides`` are the side counts one table may have;
    ``margin_sign`` is +1 when the natural margin figure is better higher, -1 when lower
    (the figure shown is ``margin * margin_sign``); ``game_points`` says the game defines
    game points (match-point scheme "game"), ``bye_game_points(options)`` what a bye is
    worth then. ``tiebreaks`` orders the evening standings after the match points (each
    one of :data:`TIEBREAKS`, none twice, e.g. ``("wins", "best")``); a name that is not
    one of them stops the game from loading (ValueError). ``scheme`` is the match points
    a new tournament of the game starts with (``rank``, TP's default, or ``game``: its game points).
    """

    layout: Layout
    score: Scorer
    sides: tuple[int, ...]
    score_label: str
    margin_label: str
    margin_sign: int
    game_points: bool = False
    bye_game_points: Callable[[Mapping[str, Any]], float] = lambda options: 0
    tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS
    scheme: str = "rank"

    def __post_init__(self) -> None:
        check_tiebreaks(self.tiebreaks)
        if self.scheme not in ("rank", "wdl", "game") or (
            self.scheme == "game" and not self.game_points
        ):
            raise ValueError(f"scheme {self.scheme!r}: rank, wdl, or game with game points")


def check_tiebreaks(tiebreaks: object) -> None:
    """ValueError unless ``tiebreaks`` is a tuple of :data:`TIEBREAKS`, none twice."""
    if not isinstance(tiebreaks, tuple):
        raise ValueError(f"tiebreaks must be a tuple of names, not {tiebreaks!r}")
    unknown = [name for name in tiebreaks if name not in TIEBREAKS]
    if unknown:
        raise ValueError(f"unknown tie-break {unknown[0]!r} (known: {', '.join(TIEBREAKS)})")
    if len(set(tiebreaks)) != len(tiebreaks):
        raise ValueError(f"a tie-break is named twice in {tiebreaks!r}")


# --- the checks every entry gets ---------------------------------------------------------


def score_entry(
    spec: ResultSpec, entry: object, sides: int, options: Mapping[str, Any]
) -> TableResult:
    """Check ``entry`` against the game's form and score it with the game's own rules.

    ``options`` are the tournament's game options, cleaned by the registry. Raises
    :class:`ResultError` naming the field that cannot be right, or :class:`CombinedResultError`
    with every refusal found in one pass: the values' kinds and bounds, and (when only
    bounds are broken, or none) the game's rules.
    """
    _check_sides(spec, sides)
    found = _Found()
    cleaned = _clean(spec.layout.for_options(options), entry, sides, found)
    if not found.errors:
        return spec.score(cleaned, sides, options)
    if not found.judgeable:
        raise CombinedResultError(found.errors)
    # Only numbers out of bounds: the game's rules judge the rest in the same pass. The
    # game never expects such numbers, so a rule may fail in a way of its own: then the
    # bounds' refusals alone.
    try:
        spec.score(cleaned, sides, options)
    except ResultError as error:
        refused = {bound.field for bound in found.errors}
        rules = [rule for rule in error.errors if rule.field not in refused]
        raise CombinedResultError([*found.errors, *rules]) from None
    except (ArithmeticError, LookupError, TypeError, ValueError):
        pass
    raise CombinedResultError(found.errors)


def _check_sides(spec: ResultSpec, sides: int) -> None:
    if sides not in spec.sides:
        allowed = ", ".join(str(n) for n in spec.sides)
        raise ResultError(
            "sides",
            _("This game is played by %(allowed)s players or teams at a table, not %(sides)s."),
            allowed=allowed,
            sides=sides,
        )


def clean_entry(layout: Layout, entry: object, sides: int) -> dict[str, Any]:
    """``entry`` checked against ``layout`` (already :meth:`Layout.for_options`): the mode,
    ``finished``, the number of rows and sides, every field's type and bounds, no unknown
    keys. Returns a copy with every field of the layout present (defaults filled in).
    Every value's refusal comes at once (:class:`CombinedResultError`)."""
    found = _Found()
    cleaned = _clean(layout, entry, sides, found)
    if found.errors:
        raise CombinedResultError(found.errors)
    return cleaned


@dataclass(frozen=True, slots=True)
class RowsCheck:
    """The rows kept so far during a game (:func:`check_rows`): ``entry`` with the
    complements filled in; ``errors`` every refusal found, naming the cell; ``complete``
    how many rows from the first have every value they need; ``totals`` each side's
    running total after each of those rows as the game's own scoring counts it (``()``
    when the game refuses them)."""

    entry: dict[str, Any]
    errors: tuple[ResultError, ...]
    complete: int
    totals: tuple[tuple[int, ...], ...] = ()


def check_rows(
    spec: ResultSpec, entry: object, sides: int, options: Mapping[str, Any]
) -> RowsCheck:
    """Check the detailed rows of a game still being played (a draft, not a result): every
    value given is checked for its kind and bounds, a value left out is no refusal (the row
    is not complete yet); the rows complete from the first on are checked and scored by
    the game's own rules as a game that may or may not be finished (``finished`` decides
    nothing here). A wrong shape (not a detailed entry, unknown keys, sides that are not a
    list of ``sides``) raises :class:`ResultError` at once."""
    _check_sides(spec, sides)
    layout = spec.layout.for_options(options)
    if not isinstance(entry, dict):
        raise ResultError("", _("A result must be an object with its fields."))
    if "detailed" not in layout.modes or entry.get("mode") != "detailed":
        raise ResultError("mode", _("This game's result cannot be entered this way."))
    _refuse_unknown(entry, {"mode", "finished", "rows"}, "")
    rows = _rows(entry.get("rows"), layout.max_rows, finished=False)
    filled = fill_complements(layout, {**entry, "rows": rows}, sides)
    found = _Found(draft=True)
    fields = ([f for f in layout.row_fields if not f.per_side],
              [f for f in layout.row_fields if f.per_side])  # fmt: skip
    complete: int | None = None
    for index, row in enumerate(filled["rows"]):
        before, found.missing = len(found.errors), False
        _level(row, f"rows[{index}]", fields, sides, found)
        if complete is None and (found.missing or len(found.errors) > before):
            complete = index
    complete = len(rows) if complete is None else complete
    totals: tuple[tuple[int, ...], ...] = ()
    if complete:
        head = {"mode": "detailed", "rows": filled["rows"][:complete]}
        totals, refusals = _judge_rows(spec, head, sides, options)
        found.errors.extend(refusals)
    return RowsCheck(filled, tuple(found.errors), complete, totals)


def _judge_rows(
    spec: ResultSpec, head: Mapping[str, Any], sides: int, options: Mapping[str, Any]
) -> tuple[tuple[tuple[int, ...], ...], list[ResultError]]:
    """The game's own judgement of complete rows: (running totals, refusals). Whether the
    game is finished is not the draft's to say: a refusal of ``finished`` alone is read as
    the other answer."""
    for finished in (False, True):
        try:
            result = score_entry(spec, {**head, "finished": finished}, sides, options)
        except ResultError as error:
            refusals = [part for part in error.errors if part.field != "finished"]
            if refusals:
                return (), refusals
        else:
            return result.totals, []
    return (), []


def _clean(layout: Layout, entry: object, sides: int, found: _Found) -> dict[str, Any]:
    """:func:`clean_entry`, keeping the values' refusals in ``found``; a wrong shape (not
    an object, an unknown mode or key, rows or sides that are not lists of the right
    length) is refused at once."""
    if not isinstance(entry, dict):
        raise ResultError("", _("A result must be an object with its fields."))
    mode = entry.get("mode")
    if mode not in layout.modes:
        raise ResultError("mode", _("This game's result cannot be entered this way."))
    finished = entry.get("finished")
    if not isinstance(finished, bool):
        raise ResultError("finished", _("Say whether the game was finished."))
    if mode == "detailed":
        _refuse_unknown(entry, {"mode", "finished", "rows"}, "")
        rows = _rows(entry.get("rows"), layout.max_rows, finished=finished)
        row_fields = [f for f in layout.row_fields if not f.per_side]
        side_fields = [f for f in layout.row_fields if f.per_side]
        return {
            "mode": mode,
            "finished": finished,
            "rows": [
                _level(row, f"rows[{i}]", (row_fields, side_fields), sides, found)
                for i, row in enumerate(rows)
            ],
        }
    table_fields = [f for f in layout.summary_fields if not f.per_side]
    side_fields = [f for f in layout.summary_fields if f.per_side]
    rest = {k: v for k, v in entry.items() if k not in ("mode", "finished")}
    return {"mode": mode, "finished": finished,
            **_level(rest, "", (table_fields, side_fields), sides, found)}  # fmt: skip


def _rows(value: object, most: int, *, finished: bool) -> list[Any]:
    """The detailed rows: a list of at most ``most``; none only for an unfinished game
    (the time ran out before the first deal or round ended)."""
    if not isinstance(value, list):
        raise ResultError("rows", _("Enter the result row by row."))
    if len(value) > most:
        raise ResultError("rows", _("At most %(most)s rows can be entered."), most=most)
    if finished and not value:
        raise ResultError("rows", _("A finished game has at least one row."))
    return value


def _level(
    data: object,
    path: str,
    fields: tuple[Sequence[Field], Sequence[Field]],
    sides: int,
    found: _Found,
) -> dict[str, Any]:
    """One row (or the summary): its own fields and a ``sides`` list of per-side fields
    (``fields``: the own, the per-side)."""
    fields, side_fields = fields
    if not isinstance(data, dict):
        raise ResultError(path, _("A row must be an object with its fields."))
    _refuse_unknown(data, {f.name for f in fields} | {"sides"}, path)
    out = {f.name: found.take(f, data, _join(path, f.name), sides) for f in fields}
    given = data.get("sides")
    at = _join(path, "sides")
    if not isinstance(given, list) or len(given) != sides:
        raise ResultError(
            at, _("Enter one value for each of the %(sides)s players or teams."), sides=sides
        )
    given = _complete_sides(side_fields, given, sides)
    out["sides"] = []
    for index, side in enumerate(given):
        side_path = f"{at}[{index}]"
        if not isinstance(side, dict):
            raise ResultError(side_path, _("A side must be an object with its fields."))
        _refuse_unknown(side, {f.name for f in side_fields}, side_path)
        out["sides"].append(
            {f.name: found.take(f, side, f"{side_path}.{f.name}", sides) for f in side_fields}
        )
    return out


def fill_complements(layout: Layout, entry: object, sides: int) -> Any:
    """``entry`` with every :attr:`Field.complement` filled in (a copy): at a table of two
    sides, a row (or the summary) that gives one side's value of such a field and leaves
    the other's empty gets the other as the complement minus the given one. Anything
    malformed is left as it is, for :func:`clean_entry` to refuse."""
    if sides != 2 or not isinstance(entry, dict):
        return entry
    if entry.get("mode") == "detailed":
        fields = [f for f in layout.row_fields if f.per_side]
        rows = entry.get("rows")
        if not isinstance(rows, list):
            return entry
        return {**entry, "rows": [_complete_level(fields, row, sides) for row in rows]}
    return _complete_level([f for f in layout.summary_fields if f.per_side], entry, sides)


def _complete_level(side_fields: Sequence[Field], data: object, sides: int) -> Any:
    if not isinstance(data, dict) or not isinstance(data.get("sides"), list):
        return data
    return {**data, "sides": _complete_sides(side_fields, data["sides"], sides)}


def _complete_sides(side_fields: Sequence[Field], given: list[Any], sides: int) -> list[Any]:
    """The per-side values of one row, a field's complement filled in where one of the
    two sides gives a whole number and the other nothing (see :attr:`Field.complement`)."""
    fields = [f for f in side_fields if f.complement is not None and f.kind == "int"]
    if not fields or sides != 2 or len(given) != 2:
        return given
    if not all(isinstance(side, dict) for side in given):
        return given
    out = [dict(side) for side in given]
    for spec in fields:
        values = [side.get(spec.name) for side in out]
        for here, there in ((0, 1), (1, 0)):
            if values[here] is None and _whole(values[there]) and _fits(spec, values[there]):
                out[here][spec.name] = spec.complement - values[there]
    return out


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _fits(field: Field, value: int) -> bool:
    """Whether ``value`` is within ``field``'s bounds (one that is not is refused as given,
    its complement not filled in)."""
    try:
        _bounded(field, value, "")
    except ResultError:
        return False
    return True


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def _refuse_unknown(data: Mapping[str, Any], known: set[str], path: str) -> None:
    for key in data:
        if key not in known:
            raise ResultError(_join(path, str(key)), _("This game's result has no such field."))


def _value(field: Field, data: Mapping[str, Any], path: str, sides: int) -> Any:
    """One field's value checked against its kind and bounds (defaults when left out)."""
    if field.kind == "tricks" and field.name in data and data[field.name] is None:
        return None
    value = data.get(field.name)
    if value is None:
        if field.required:
            raise ResultError(path, _("This field is required."))
        return False if field.kind == "bool" else None
    if field.kind == "bool":
        if not isinstance(value, bool):
            raise ResultError(path, _("Enter yes or no."))
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise ResultError(path, _("Enter a whole number."))
    if field.kind == "side":
        if not 0 <= value < sides:
            raise ResultError(
                path, _("Choose one of the %(sides)s players or teams at this table."), sides=sides
            )
        return value
    return _bounded(field, value, path)


def _bounded(field: Field, value: int, path: str) -> int:
    if field.minimum is not None and value < field.minimum:
        raise _OutOfBoundsError(path, _("Enter at least %(minimum)s."), minimum=field.minimum)
    if field.maximum is not None and value > field.maximum:
        raise _OutOfBoundsError(path, _("Enter at most %(maximum)s."), maximum=field.maximum)
    if field.step is not None and value % field.step:
        raise _OutOfBoundsError(path, _("Enter a multiple of %(step)s."), step=field.step)
    return value


__all__ = [
    "DEFAULT_TIEBREAKS",
    "TIEBREAKS",
    "CombinedResultError",
    "Field",
    "Layout",
    "ResultError",
    "ResultSpec",
    "RowsCheck",
    "SideResult",
    "TableResult",
    "check_rows",
    "check_tiebreaks",
    "clean_entry",
    "competition_ranks",
    "fill_complements",
    "running_totals",
    "score_entry",
    "side_names",
    "table_result",
]
