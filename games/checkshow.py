"""What a dispute form shows of the engine's result: tables (:class:`Section`) of labels
and values, and the markers of what the site translates (:class:`Label`, marked with
:func:`_`) or writes in the reader's card letters (:class:`ShownCard`).

Pure Python: no Django here (the import contracts in pyproject.toml).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.text import Text


class Label(str):
    """A text for people that the site translates when it shows it (a form's label, help,
    a choice, a table's title or cell); ``str()`` is the English words."""

    __slots__ = ()


def _(text: str) -> Label:
    """Mark ``text`` for the site's translation catalogue (``makemessages`` extracts
    ``_("...")``) as a :class:`Label`; used as a message template it is a plain text."""
    return Label(text)


class ShownCard(str):
    """A card code inside a message that the site writes in the reader's compact letters
    ("V♥" for "QH"; English keeps the code)."""

    __slots__ = ()


def said(template: str, /, **values: Any) -> Text:
    """A sentence with values for a table or a message (``template`` marked with ``_``)."""
    return Text(str.__str__(template), **values)


def joined(parts: Sequence[Any], separator: str = ", ") -> Text:
    """Texts, labels and plain values one after the other as one :class:`Text`;
    ``separator`` may be a :class:`Label` (" or ") itself."""
    pieces = [f"%(p{i})s" for i in range(len(parts))]
    values: dict[str, Any] = {f"p{i}": part for i, part in enumerate(parts)}
    values["sep"] = separator
    return Text("%(sep)s".join(pieces), **values)


# --- what the engine computed, as tables -------------------------------------------------


@dataclass
class Section:
    """One table of the computed result: a title, column heads and rows of cells. A
    :class:`Label` or :class:`~games.text.Text` is translated where it is shown; any other
    text (a player's name) is shown as it is."""

    title: Any
    head: list[Any]
    rows: list[list[Any]]


def non_empty(sections: Sequence[Section]) -> list[Section]:
    """The sections that have rows (a table without rows is not shown)."""
    return [s for s in sections if s.rows]


def show(value: Any) -> Any:
    """A result value for people: lists joined, None as a dash, booleans in words (a
    :class:`Label` or :class:`~games.text.Text` stays one, for the site to translate)."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, Label | Text):
        return value
    if isinstance(value, list | tuple):
        return _joined_or_text([show(v) for v in value], ", ")
    if isinstance(value, dict):
        return _joined_or_text(
            [_joined_or_text([str(k), show(v)], ": ") for k, v in value.items()], ", "
        )
    return str(value)


def _joined_or_text(parts: list[Any], separator: str) -> Any:
    if any(isinstance(p, Label | Text) for p in parts):
        return joined(parts, separator)
    return separator.join(parts)


_ABSENT = object()


def get(result: Mapping[str, Any], key: str) -> Any:
    """``result[key]``, or a marker that :func:`facts` leaves out."""
    return result.get(key, _ABSENT)


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
