"""The standings as tables: django-tables2 for the tournament standings (sorting, CSV and
XLSX export) and for the season's export; plain rows for the season page itself, which
renders up to hundreds of players times dozens of evenings and so skips django-tables2's
per-cell machinery (benchmarks/standings.py times it).

Match points are shown with halves as "1½" everywhere on the pages (no decimal comma or
point to get wrong in Dutch, German or English); exports carry plain numbers (1.5).

Every line carries a short note of how a tie on match points (a season's total) was
settled (:func:`tie_note`): on the pages, in the exports, on the venue screen and in print.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

import django_tables2 as tables
from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.exports import Struck
from clubs.tables import CardTable
from games import registry

from . import standings
from .selectors import Board, Person, SeasonBoard
from .standings import Cell

#: A competitor's page, or None where there is none to link to (guests, teams, public pages).
LinkOf = Callable[[Person], "str | None"]


def points(value: float | None) -> str:
    """Match points for the page: 3, 1½, ½; other fractions as a localized decimal."""
    if value is None:
        return ""
    twice = round(abs(value) * 2, 9)
    if twice != int(twice):
        return number_format(round(value, 2), 2)
    whole, half = divmod(int(twice), 2)
    sign = "-" if value < 0 else ""
    if not half:
        return f"{sign}{whole}"
    return f"{sign}{whole or ''}½"


def number(value: float) -> float | int:
    """Match points for an export: whole numbers without ".0"."""
    return int(value) if float(value).is_integer() else value


#: How a tie was settled (scoring.standings.TIES), as every standings table writes it.
TIE_NOTES = {
    standings.TIE_MARGIN: _("tied: margin"),
    standings.TIE_HEAD_TO_HEAD: _("head-to-head"),
    standings.TIE_WINS: _("tied: tables won"),
    standings.TIE_BEST: _("tied: best game"),
    standings.TIE_WON: _("tied: evenings won"),
    standings.TIE_SHARED: _("shared"),
}

#: Each tie-break a game may order its standings by (Scheme.tiebreaks), as the legend
#: under the standings names it.
TIEBREAK_WORDS = {
    standings.TIE_MARGIN: _("the margin"),
    standings.TIE_HEAD_TO_HEAD: _(
        "head-to-head (times finished above the others minus below, when every two of the "
        "tied players shared a table)"
    ),
    standings.TIE_WINS: _("the tables won"),
    standings.TIE_BEST: _("the best game (the most match points at one table)"),
}


def tie_note(tie: str | None) -> str:
    """The short note of a line's tie (TP-3, TP-4): "" when it was tied with nobody."""
    return str(TIE_NOTES[tie]) if tie else ""


def tie_order(tiebreaks: Sequence[str]) -> str:
    """The legend under an evening's standings: how equal match points are ordered, by
    the game's tie-breaks (TP-3 unless the game says otherwise)."""
    if tuple(tiebreaks) == standings.Scheme().tiebreaks:
        return gettext(
            "Equal match points: the margin decides, then head-to-head (times finished "
            "above the others minus below) when every two of the tied players shared a "
            "table; otherwise they share the place."
        )
    if not tiebreaks:
        return gettext("Equal match points share the place.")
    return gettext(
        "Equal match points: ordered by %(order)s; still equal, they share the place."
    ) % {"order": gettext(", then by ").join(str(TIEBREAK_WORDS[t]) for t in tiebreaks)}


def season_order(count_by: str) -> str:
    """The legend under a season's standings: how equal totals (averages) are ordered."""
    if count_by == standings.COUNT_AVERAGE:
        return gettext(
            "Players are ranked by the average of their counted evenings. Equal averages: "
            "the average margin of the counted evenings decides, then the evenings won "
            "(first place that evening); otherwise the place is shared."
        )
    return gettext(
        "Equal totals: the margin of the counted evenings decides, then the evenings won "
        "(first place that evening); otherwise the place is shared."
    )


def margin_text(value: float) -> str:
    """A margin for print: whole, or with a bye's share of the average in the language's
    decimals."""
    return str(value) if isinstance(value, int) else number_format(value)


@dataclass(frozen=True, slots=True)
class MarginDisplay:
    """A game's tie-break figure the way players know it (games/results.py): the stored
    margin is oriented so that higher is better; shown it is ``margin * margin_sign``."""

    label: str
    sign: int

    @classmethod
    def of(cls, game: str) -> MarginDisplay:
        spec = registry.get(game).results
        return cls(gettext(spec.margin_label), spec.margin_sign)

    def __call__(self, margin: float) -> float:
        """Whole margins stay whole; a bye's share of the average (TP-1) may not be, and
        is shown to two decimals."""
        shown = margin * self.sign
        return shown if isinstance(shown, int) else round(shown, 2)


def _name(person: Person | None, competitor: Hashable) -> str:
    return person.name if person else str(competitor)


# --- a tournament -------------------------------------------------------------------------


def tournament_rows(board: Board, link: LinkOf) -> list[dict]:
    """One dict per standings line, with what the table shows."""
    margin = MarginDisplay.of(board.tournament.game)
    rows = []
    for line in board.lines:
        person = board.people.get(line.competitor)
        rows.append(
            {
                "position": line.position,
                "name": _name(person, line.competitor),
                "players": person.players if person else "",
                "withdrawn": bool(person and person.withdrawn),
                "url": link(person) if person else None,
                "match_points": line.match_points,
                "points_text": points(line.match_points),
                "margin": margin(line.margin),
                "played": line.played,
                "byes": line.byes,
                "wins": line.wins,
                "best": line.best,
                "best_text": points(line.best),
                "tie": tie_note(line.tie),
                "pending": board.provisional.get(line.competitor),
                "pending_text": points(board.provisional.get(line.competitor)),
            }
        )
    return rows


class TournamentStandingsTable(CardTable):
    """On a phone a card per line: position, name and match points on top, the rest below
    (static/troef/troef.css, ``table.standings.cards``)."""

    position = tables.Column(verbose_name=_("position"))
    name = tables.Column(verbose_name=_("name"))
    match_points = tables.Column(verbose_name=_("match points"), attrs={"td": {"class": "points"}})
    margin = tables.Column(verbose_name=_("margin"))  # named after the game in __init__
    played = tables.Column(verbose_name=_("played"))
    byes = tables.Column(verbose_name=_("byes"))
    wins = tables.Column(verbose_name=_("wins"))
    best = tables.Column(verbose_name=_("best game"), default="")  # only where it orders
    tie = tables.Column(
        verbose_name=_("tie-break"), orderable=False, default="", attrs={"td": {"class": "tie"}}
    )
    pending = tables.Column(
        verbose_name=_("provisional (not counted)"), default="", attrs={"td": {"class": "pending"}}
    )

    class Meta:
        order_by = ("position",)
        attrs = {"class": "standings"}
        row_attrs = {"class": lambda record: "withdrawn" if record["withdrawn"] else ""}

    def __init__(self, data: Sequence[dict], *, margin_label: str, best: bool = False, **kwargs):
        """``best``: show each line's best game, for a game whose standings it orders
        (Scheme.tiebreaks)."""
        if not best:
            kwargs["exclude"] = (*kwargs.get("exclude", ()), "best")
        super().__init__(
            data,
            extra_columns=[("margin", tables.Column(verbose_name=margin_label))],
            **kwargs,
        )

    def render_name(self, record: dict, value: str):
        name = format_html('<a href="{}">{}</a>', record["url"], value) if record["url"] else value
        if record["players"]:
            name = format_html("{} <small>({})</small>", name, record["players"])
        if record["withdrawn"]:
            name = format_html("{} <small>· {}</small>", name, gettext("withdrawn"))
        return name

    def value_name(self, record: dict, value: str) -> str:
        return f"{value} ({record['players']})" if record["players"] else value

    def render_match_points(self, value: float) -> str:
        return points(value)

    def value_match_points(self, value: float) -> float | int:
        return number(value)

    def render_best(self, value: float | None) -> str:
        return points(value)

    def value_best(self, value: float | None) -> float | int | str:
        return "" if value is None else number(value)

    def render_pending(self, value: float | None):
        if not value:
            return ""
        return format_html(
            '<span title="{}">+{}</span>', gettext("provisional, not counted yet"), points(value)
        )

    def value_pending(self, value: float | None) -> float | int | str:
        return number(value) if value else ""


# --- a season -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeasonCell:
    text: str  # "" when the player was not there
    struck: bool
    value: float | None


@dataclass(frozen=True, slots=True)
class SeasonRow:
    position: int
    name: str
    url: str | None
    cells: list[SeasonCell]
    total: float
    margin: float
    attended: int
    qualified: bool
    tie: str = ""  # tie_note of the line
    labels: tuple[str, ...] = ()  # the evenings' dates (d-m), one per cell: for a phone
    # `total` and `margin` are the averages of the counted evenings (Season.count_by)
    averaged: bool = False

    @property
    def total_text(self) -> str:
        return points(self.total)

    @property
    def cells_html(self) -> str:
        """The evenings' cells, struck ones struck through: written here rather than in
        the template, which would spend more time on them than the whole standings take.
        The texts are :func:`points` (digits, ½, a sign or a decimal separator) and the
        labels dates (digits and "-"), so there is nothing to escape."""
        labels = self.labels or ("",) * len(self.cells)
        return mark_safe(  # noqa: S308 - numbers only, see above
            "".join(
                f'<td class="evening struck" data-label="{label}"><s>{cell.text}</s></td>'
                if cell.struck
                else f'<td class="evening" data-label="{label}">{cell.text}</td>'
                for cell, label in zip(self.cells, labels, strict=True)
            )
        )


def season_rows(board: SeasonBoard, link: LinkOf) -> list[SeasonRow]:
    """The season table's rows, in standings order. A season counted by the average
    (Season.count_by) shows the average and the average margin of the counted evenings
    in place of their total and margin: what it is ranked by."""
    margin = MarginDisplay.of(board.season.game)
    labels = tuple(f"{evening.date:%d-%m}" for evening in board.evenings)
    averaged = board.season.count_by == standings.COUNT_AVERAGE
    rows = []
    for line in board.lines:
        person = board.people.get(line.competitor)
        rows.append(
            SeasonRow(
                position=line.position,
                name=_name(person, line.competitor),
                url=link(person) if person else None,
                cells=[_cell(cell) for cell in line.evenings],
                total=(line.average or 0) if averaged else line.total,
                margin=margin((line.average_margin or 0) if averaged else line.margin),
                attended=line.attended,
                qualified=line.qualified,
                tie=tie_note(line.tie),
                labels=labels,
                averaged=averaged,
            )
        )
    return rows


def season_figure(season) -> str:
    """The heading of what a season is ranked by: "total", or "average" (count_by)."""
    return gettext("average") if season.count_by == standings.COUNT_AVERAGE else gettext("total")


def _cell(cell: Cell) -> SeasonCell:
    return SeasonCell(points(cell.match_points), cell.struck, cell.match_points)


#: The season page's sort keys (?sort=name, ?sort=-total, ...); standings order otherwise.
SEASON_SORTS: dict[str, Callable[[SeasonRow], object]] = {
    "name": lambda row: row.name.casefold(),
    "total": lambda row: row.total,
    "margin": lambda row: row.margin,
    "attended": lambda row: row.attended,
}


def sort_season_rows(rows: list[SeasonRow], sort: str) -> tuple[list[SeasonRow], str]:
    """`rows` ordered by `sort` (a key of SEASON_SORTS, "-" first for descending), and the
    sort applied ("" when `sort` is not known: standings order)."""
    key = SEASON_SORTS.get(sort.removeprefix("-"))
    if key is None:
        return rows, ""
    return sorted(rows, key=key, reverse=sort.startswith("-")), sort


class EveningColumn(tables.Column):
    """An evening of the season in the export: its match points, in brackets when the
    evening was struck (the way sailing series write their discarded races)."""

    def value(self, value: SeasonCell | None) -> float | int | str:
        if value is None or value.value is None:
            return ""
        # struck: in brackets, written by the export as a number of the file's kind
        return Struck(value.value) if value.struck else number(value.value)


#: The season export's columns after the evenings.
SEASON_EXPORT_TAIL = ("total", "margin", "attended", "qualified", "tie")


class SeasonExportTable(tables.Table):
    """The season standings for CSV/XLSX: one column per evening."""

    position = tables.Column(verbose_name=_("position"))
    name = tables.Column(verbose_name=_("name"))
    total = tables.Column(verbose_name=_("total"))  # "average" in __init__ when it is
    margin = tables.Column(verbose_name=_("margin"))
    attended = tables.Column(verbose_name=_("attended"))
    qualified = tables.Column(verbose_name=_("qualified"))
    tie = tables.Column(verbose_name=_("tie-break"))

    def __init__(self, rows: Sequence[SeasonRow], board: SeasonBoard, **kwargs):
        evenings = [f"evening_{n}" for n in range(len(board.evenings))]
        data = [
            {
                "position": row.position,
                "name": row.name,
                **dict(zip(evenings, row.cells, strict=True)),
                "total": number(row.total),
                "margin": row.margin,
                "attended": row.attended,
                "qualified": gettext("yes") if row.qualified else gettext("no"),
                "tie": row.tie,
            }
            for row in rows
        ]
        super().__init__(
            data,
            extra_columns=[
                ("total", tables.Column(verbose_name=season_figure(board.season))),
                ("margin", tables.Column(verbose_name=MarginDisplay.of(board.season.game).label)),
                *(
                    (name, EveningColumn(verbose_name=f"{t.name} {t.date:%d-%m-%Y}"))
                    for name, t in zip(evenings, board.evenings, strict=True)
                ),
            ],
            sequence=("position", "name", *evenings, *SEASON_EXPORT_TAIL),
            orderable=False,
            **kwargs,
        )
