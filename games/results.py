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
    still judge it (none is missing or of the wrong kind, only out of bounds)."""

    def __init__(self) -> None:
        self.errors: list[ResultError] = []
        self.judgeable = True

    def take(self, field: Field, data: Mapping[str, Any], path: str, sides: int) -> Any:
        """``field``'s value checked (:func:`_value`); a refusal is kept, not raised: an
        out-of-bounds number stays as given, any other value becomes None."""
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
    spades column only with ``spades_double``).
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

    def for_options(self, options: Mapping[str, Any]) -> Layout:
        """The form for a tournament's game options: fields whose ``when`` fails left out."""
        return replace(
            self,
            row_fields=tuple(f for f in self.row_fields if f.applies(options)),
            summary_fields=tuple(f for f in self.summary_fields if f.applies(options)),
        )


# --- what the game makes of it -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SideResult:
    """One side's outcome. ``score`` is the game's own final figure (total, points left,
    rounds won, game points); ``rank`` 1 is best, equal ranks shared (1, 1, 3);
    ``margin`` is the game's tie-break figure oriented so that higher is better;
    ``game_points`` is what the match-point scheme "game" counts (Keezen only)."""

    side: int
    score: int
    rank: int
    margin: int
    game_points: int = 0


@dataclass(frozen=True, slots=True)
class TableResult:
    """The table's outcome: ``sides`` in side order; ``winner`` a side index, None while
    unfinished or when shared; ``totals`` each side's ``score`` after every detailed row
    (for display; ``()`` for a summary)."""

    sides: tuple[SideResult, ...]
    finished: bool
    winner: int | None
    totals: tuple[tuple[int, ...], ...] = ()


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
    one of :data:`TIEBREAKS`, none twice; KJ-9: ``("wins", "best")``); a name that is not
    one of them stops the game from loading (ValueError).
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

    def __post_init__(self) -> None:
        check_tiebreaks(self.tiebreaks)


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
    if sides not in spec.sides:
        allowed = ", ".join(str(n) for n in spec.sides)
        raise ResultError(
            "sides",
            _("This game is played by %(allowed)s players or teams at a table, not %(sides)s."),
            allowed=allowed,
            sides=sides,
        )
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


# --- building a result -------------------------------------------------------------------


def competition_ranks(keys: Sequence[Any]) -> tuple[int, ...]:
    """Rank 1 for the best key (higher is better): one more than the number of sides with
    a better key, so equal keys share a rank and the next rank skips (1, 1, 3)."""
    return tuple(1 + sum(other > key for other in keys) for key in keys)


def table_result(
    *,
    scores: Sequence[int],
    margins: Sequence[int],
    keys: Sequence[Any],
    finished: bool,
    winner: int | None,
    totals: Sequence[Sequence[int]] = (),
    game_points: Sequence[int] | None = None,
) -> TableResult:
    """A :class:`TableResult` ranked by ``keys`` (higher is better; equal keys share).

    ``winner`` is the game's own verdict (its scoring.py); it is kept only when the game
    is finished.
    """
    ranks = competition_ranks(keys)
    points = game_points if game_points is not None else [0] * len(scores)
    return TableResult(
        sides=tuple(
            SideResult(side, scores[side], ranks[side], margins[side], points[side])
            for side in range(len(scores))
        ),
        finished=finished,
        winner=winner if finished else None,
        totals=tuple(tuple(row) for row in totals),
    )


def running_totals(rows: Sequence[Sequence[int]], start: int = 0) -> list[tuple[int, ...]]:
    """Each side's running sum after every row (``rows[i][side]``), from ``start``."""
    out: list[tuple[int, ...]] = []
    current: tuple[int, ...] | None = None
    for row in rows:
        base = current if current is not None else (start,) * len(row)
        current = tuple(a + b for a, b in zip(base, row, strict=True))
        out.append(current)
    return out


def side_names(sides: int) -> list[str]:
    """Names for the game's scoring functions, which key players by name: "0", "1", ..."""
    return [str(side) for side in range(sides)]


__all__ = [
    "DEFAULT_TIEBREAKS",
    "TIEBREAKS",
    "CombinedResultError",
    "Field",
    "Layout",
    "ResultError",
    "ResultSpec",
    "SideResult",
    "TableResult",
    "check_tiebreaks",
    "clean_entry",
    "competition_ranks",
    "running_totals",
    "score_entry",
    "side_names",
    "table_result",
]
