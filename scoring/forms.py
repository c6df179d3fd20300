"""The result form of every game, built from the game's layout (games/results.py): a
detailed entry row by row (deals, rounds) or a summary of final scores, a column per side.

Nothing here knows a game: a sixth game's layout makes its form. The form only reads the
values (whole numbers, yes/no, a side); whether they can be right is the game's own
scoring's to say (scoring.services.score), and :meth:`ResultForm.show_error` puts its
answer next to the cell it names.

Field names: ``r<row>_<field>`` and ``r<row>_s<side>_<field>`` in a detailed form,
``t_<field>`` and ``t_s<side>_<field>`` in a summary; ``unfinished`` is the "round time
up" box. A posted ``rows`` says how many rows the form showed (the template writes it).

A field with a complement (games.results.Field.complement) at a table of two sides tells
its cell which cell is its pair (``data-complement``, ``data-pair``): static/troef/
complement.js fills the pair as the player types; the server fills it too (the services).
Rows saved so far, or a result, show each side's running total after each row
(``totals``, the game's own TableResult.totals) and the current totals on top.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.conf import settings
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.results import Field, Layout
from tournaments.models import Entry, Table

from .models import NOTE_LENGTH
from .selectors import row_label

#: How many rows "more rows" adds (a new detailed form starts with the layout's blank rows).
MORE_ROWS = 4
#: Fields a result form posts besides its cells (csrf token, version, rows, player,
#: action, unfinished, note), with room to spare.
OTHER_FIELDS = 10

_ROW = re.compile(r"rows\[(\d+)\]\.?")
_SIDE = re.compile(r"sides\[(\d+)\]\.?")


@dataclass
class SideCells:
    """A side's cells in one line of the form, under the side's name."""

    name: str
    fields: list[forms.BoundField]


@dataclass
class GridRow:
    """One line of the form as the template draws it: the per-side cells under each
    side's name, then the row's own fields, and the errors the game found in the row."""

    label: str
    sides: list[SideCells]
    own: list[forms.BoundField]
    errors: list[str] = field(default_factory=list)
    #: Each side's (name, running total) after this row, when known.
    totals: list[tuple[str, int]] = field(default_factory=list)


class ResultForm(forms.Form):
    unfinished = forms.BooleanField(
        label=_("Game unfinished (round time up)"),
        required=False,
        help_text=_("The game is ranked as it stood when the time ran out."),
    )
    note = forms.CharField(
        label=_("Why the correction"),
        required=False,
        max_length=NOTE_LENGTH,
    )

    def __init__(
        self,
        data: Mapping[str, Any] | None = None,
        *,
        layout: Layout,
        mode: str,
        side_names: Sequence[str],
        entry: Mapping[str, Any] | None = None,
        more: bool = False,
        totals: Sequence[Sequence[int]] | None = None,
    ) -> None:
        """`layout` is the game's (already for the tournament's options), `side_names` one
        per side of the table; `entry` fills an unbound form (a correction starts from the
        confirmed result, a game under way from the rows it saved so far); `totals` are
        each side's running totals after each of `entry`'s rows from the first, as the
        game scored them; `more` adds blank rows to a posted detailed form."""
        super().__init__(data)
        self.layout = layout
        self.mode = mode
        self.side_names = list(side_names)
        #: The column headings: the side's players, after the game's word for the side
        #: when it has one (Us: Henk & Wim); the cells and choices say the word alone.
        self.side_titles = list(side_names)
        words = [gettext(word) for word in layout.side_words]
        if words and len(words) == len(self.side_names):
            self.side_titles = [f"{w}: {n}" for w, n in zip(words, side_names, strict=True)]
            self.side_names = words
        detailed = mode == "detailed"
        fields = layout.row_fields if detailed else layout.summary_fields
        self.side_fields = [f for f in fields if f.per_side]
        self.own_fields = [f for f in fields if not f.per_side]
        self.max_rows = self._most_rows()
        self.rows = self._row_count(data, entry, more) if detailed else 0
        self.row_errors: dict[int, list[str]] = {}
        # Which form row each row of the entry came from (blank rows are left out).
        self._row_of_entry: list[int] = []
        if detailed:
            for row in range(self.rows):
                self._add_level(f"r{row}_", f"{row_label(layout)} {row + 1}")
        else:
            self._add_level("t_", "")
        self.totals: list[list[int]] = []
        if entry is not None and data is None:
            self._fill(entry)
            if detailed and entry.get("mode") == "detailed" and isinstance(totals, list):
                # As the game scored the rows; anything else (an edited archive) is not shown.
                shown = [row for row in totals if _whole_numbers(row, len(self.side_names))]
                self.totals = [list(row) for row in shown][: self.rows]

    # --- building ---------------------------------------------------------------------

    def _most_rows(self) -> int:
        """The game's most rows, or fewer when a browser could not post them: Django
        refuses a form of more than DATA_UPLOAD_MAX_NUMBER_FIELDS fields with a bare 400,
        and the whole entry would be lost."""
        limit = settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
        if limit is None:
            return self.layout.max_rows
        per_row = len(self.own_fields) + len(self.side_fields) * len(self.side_names)
        fitting = (limit - OTHER_FIELDS) // max(1, per_row)
        return max(1, min(self.layout.max_rows, fitting))

    def _row_count(self, data: Mapping[str, Any] | None, entry, more: bool) -> int:
        most = self.max_rows
        if data is not None:
            try:
                shown = int(data.get("rows") or 0)
            except (TypeError, ValueError):
                shown = 0
            shown = shown or self.layout.blank_rows
            return max(1, min(most, shown + (MORE_ROWS if more else 0)))
        blank = self.layout.blank_rows
        if isinstance(entry, Mapping) and entry.get("mode") == "detailed":
            rows = entry.get("rows")
            given = len(rows) if isinstance(rows, list) else 0
            # Fewer rows than a game's start: the start's blank rows (a game saved early
            # still shows all the rows of a whole game); else room for a few more.
            return max(1, min(most, blank if given < blank else given + MORE_ROWS))
        return max(1, min(most, blank))

    def _add_level(self, prefix: str, row_label: str) -> None:
        """The fields of one row (or of the summary): its own, then a column per side."""
        for spec in self.own_fields:
            self.fields[f"{prefix}{spec.name}"] = self._field(spec, row_label)
        for side, name in enumerate(self.side_names):
            for spec in self.side_fields:
                label = f"{row_label}, {name}" if row_label else name
                cell = self._field(spec, label)
                if spec.complement is not None and spec.kind == "int" and self.pairs:
                    cell.widget.attrs["data-complement"] = spec.complement
                    cell.widget.attrs["data-pair"] = f"{prefix}s{1 - side}_{spec.name}"
                self.fields[f"{prefix}s{side}_{spec.name}"] = cell

    @property
    def complements(self) -> bool:
        """Whether a cell fills its pair as the player types (static/troef/complement.js)."""
        return self.pairs and any(
            spec.complement is not None and spec.kind == "int" for spec in self.side_fields
        )

    @property
    def pairs(self) -> bool:
        """Whether the table has two sides, so that a complement fills the other's cell."""
        return len(self.side_names) == 2

    def _field(self, spec: Field, where: str) -> forms.Field:
        label = gettext(spec.label)
        attrs = {"aria-label": f"{where}: {label}" if where else label}
        if spec.help:
            attrs["title"] = gettext(spec.help)
        if spec.kind == "bool":
            return forms.BooleanField(
                label=label, required=False, widget=forms.CheckboxInput(attrs)
            )
        if spec.kind == "side":
            choices = [
                ("", "\N{EN DASH}"),
                *((str(i), name) for i, name in enumerate(self.side_names)),
            ]
            return forms.TypedChoiceField(
                label=label,
                choices=choices,
                coerce=int,
                empty_value=None,
                required=False,
                widget=forms.Select(attrs),
            )
        for key, value in (("min", spec.minimum), ("max", spec.maximum), ("step", spec.step)):
            if value is not None:
                attrs[key] = value
        attrs["inputmode"] = "numeric"
        # Bounds and steps are the game's to check (with its own message and rule);
        # the browser gets them as hints only.
        return forms.IntegerField(label=label, required=False, widget=forms.NumberInput(attrs))

    def _fill(self, entry: Mapping[str, Any]) -> None:
        """Show `entry` (the game's JSON) in the form, when it was made the same way; a
        part of another shape (an edited archive, say) is left blank, never an error."""
        if not isinstance(entry, Mapping) or entry.get("mode") != self.mode:
            return
        self.initial["unfinished"] = not entry.get("finished", True)
        if self.mode == "summary":
            self._fill_level("t_", entry)
            return
        rows = entry.get("rows")
        for row, values in enumerate(rows[: self.rows] if isinstance(rows, list) else []):
            self._fill_level(f"r{row}_", values)

    def _fill_level(self, prefix: str, values: Any) -> None:
        if not isinstance(values, Mapping):
            return
        for spec in self.own_fields:
            self.initial[f"{prefix}{spec.name}"] = values.get(spec.name)
        sides = values.get("sides")
        for side, side_values in enumerate(sides if isinstance(sides, list) else []):
            if side >= len(self.side_names) or not isinstance(side_values, Mapping):
                continue
            for spec in self.side_fields:
                self.initial[f"{prefix}s{side}_{spec.name}"] = side_values.get(spec.name)

    # --- reading ----------------------------------------------------------------------

    def entry(self) -> dict[str, Any]:
        """The entry JSON (games/results.py) of a valid form. Rows left blank are left out."""
        data = self.cleaned_data
        finished = not data["unfinished"]
        if self.mode == "summary":
            return {"mode": "summary", "finished": finished, **self._level("t_")}
        rows = []
        self._row_of_entry = []
        for row in range(self.rows):
            values = self._level(f"r{row}_")
            if _blank(values):
                continue
            rows.append(values)
            self._row_of_entry.append(row)
        return {"mode": "detailed", "finished": finished, "rows": rows}

    def _level(self, prefix: str) -> dict[str, Any]:
        data = self.cleaned_data
        values = {spec.name: data[f"{prefix}{spec.name}"] for spec in self.own_fields}
        values["sides"] = [
            {spec.name: data[f"{prefix}s{side}_{spec.name}"] for spec in self.side_fields}
            for side in range(len(self.side_names))
        ]
        return values

    # --- the game's answer ------------------------------------------------------------

    def show_error(self, path: str, message: str) -> None:
        """Show the game's refusal at the top, and at the cell (or row) `path` names:
        ``rows[2].sides[1].points``, ``rows[0].first``, ``sides[1].total``, ``finished``."""
        self.add_error(None, message)
        row, side, name = _split(path)
        if row is not None:
            if self.mode != "detailed" or row >= len(self._row_of_entry):
                return
            form_row = self._row_of_entry[row]
            self.row_errors.setdefault(form_row, []).append(message)
            prefix = f"r{form_row}_"
        else:
            prefix = "t_"
        if name == "finished" and row is None and side is None:
            target = "unfinished"
        elif side is not None:
            target = f"{prefix}s{side}_{name}"
        else:
            target = f"{prefix}{name}"
        if name and target in self.fields and target not in self.errors:
            self.add_error(target, message)

    # --- drawing ----------------------------------------------------------------------

    @property
    def side_labels(self) -> list[str]:
        return [gettext(spec.label) for spec in self.side_fields]

    @property
    def own_labels(self) -> list[str]:
        return [gettext(spec.label) for spec in self.own_fields]

    @property
    def help_lines(self) -> list[tuple[str, str]]:
        return [
            (gettext(spec.label), gettext(spec.help))
            for spec in (*self.side_fields, *self.own_fields)
            if spec.help
        ]

    def grid(self) -> list[GridRow]:
        if self.mode == "summary":
            return [self._grid_row("t_", "", [])]
        label = row_label(self.layout)
        rows = [
            self._grid_row(f"r{row}_", f"{label} {row + 1}", self.row_errors.get(row, []))
            for row in range(self.rows)
        ]
        for row, totals in zip(rows, self.totals, strict=False):
            row.totals = list(zip(self.side_names, totals, strict=False))
        return rows

    @property
    def current_totals(self) -> list[tuple[str, int]]:
        """Each side's (name, total) after the last row with a running total."""
        if not self.totals:
            return []
        return list(zip(self.side_names, self.totals[-1], strict=False))

    @property
    def totals_after(self) -> str:
        """What the current totals are after: "Deal 3"."""
        return f"{row_label(self.layout)} {len(self.totals)}" if self.totals else ""

    def _grid_row(self, prefix: str, label: str, errors: list[str]) -> GridRow:
        # A summary's line per side is headed by the side's title (its players).
        names = self.side_titles if prefix == "t_" else self.side_names
        return GridRow(
            label=label,
            sides=[
                SideCells(name, [self[f"{prefix}s{side}_{spec.name}"] for spec in self.side_fields])
                for side, name in enumerate(names)
            ],
            own=[self[f"{prefix}{spec.name}"] for spec in self.own_fields],
            errors=errors,
        )

    @property
    def summary_rows(self) -> list[SideCells]:
        """Final scores a line per side: narrow enough for a phone."""
        return self._grid_row("t_", "", []).sides

    @property
    def summary_own(self) -> list:
        return self._grid_row("t_", "", []).own

    @property
    def can_grow(self) -> bool:
        return self.mode == "detailed" and self.rows < self.max_rows


def _blank(values: Mapping[str, Any]) -> bool:
    """A row nobody wrote in: no number, no side chosen, no box ticked."""
    own = [value for key, value in values.items() if key != "sides"]
    cells = [value for side in values["sides"] for value in side.values()]
    return all(value is None or value is False for value in (*own, *cells))


def _split(path: str) -> tuple[int | None, int | None, str]:
    """``rows[2].sides[1].points`` -> (2, 1, "points"); ``sides[0].total`` -> (None, 0,
    "total"); ``rows[1]`` -> (1, None, "")."""
    row = side = None
    found = _ROW.match(path)
    if found:
        row, path = int(found.group(1)), path[found.end() :]
    found = _SIDE.match(path)
    if found:
        side, path = int(found.group(1)), path[found.end() :]
    return row, side, path


class PlayerForm(forms.Form):
    """Who is at the phone: one of the table's players (the table's link needs no login)."""

    player = forms.ModelChoiceField(
        queryset=Entry.objects.none(),
        label=_("Who are you?"),
        empty_label=_("Choose your name"),
    )

    def __init__(self, data: Mapping[str, Any] | None = None, *, table: Table) -> None:
        super().__init__(data)
        self.fields["player"].queryset = (
            Entry.objects.filter(seats__table=table)
            .select_related("member")
            .order_by("seats__position")
        )


def _whole_numbers(row: Any, count: int) -> bool:
    """Whether ``row`` is ``count`` whole numbers (a row of running totals)."""
    return (
        isinstance(row, list | tuple)
        and len(row) == count
        and all(isinstance(value, int) and not isinstance(value, bool) for value in row)
    )
