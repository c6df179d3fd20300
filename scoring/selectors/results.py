"""A table's results as its page shows them (:func:`load_table`, three queries), and a
round's tables with their result status (:func:`round_tables`, three queries whatever
their number)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import registry
from games.results import Layout
from tournaments.models import Entry, Round, Seat, Table, Tournament

from ..actors import Actor
from ..entries import Change, entry_changes, side_names
from ..links import table_link
from ..models import ResultDraft, ResultEntry
from ..services import may_confirm, table_options
from .rows import CONFIRMED, PROVISIONAL

#: A table's result status as the result pages show it.
STATUS_LABELS = {
    "none": gettext_lazy("no result yet"),
    "provisional": gettext_lazy("provisional"),
    "disputed": gettext_lazy("disputed"),
    "confirmed": gettext_lazy("confirmed"),
}


#: The order of a round's results list: what the director must see to first on top.
STATUS_ORDER = {"disputed": 0, "none": 1, "provisional": 2, "confirmed": 3}


def table_status(results: Iterable[ResultEntry]) -> str:
    """none / provisional / disputed / confirmed, from the table's entries."""
    statuses = [(result.status, result.disputed) for result in results]
    if any(status == CONFIRMED for status, _disputed in statuses):
        return "confirmed"
    open_ = [disputed for status, disputed in statuses if status == PROVISIONAL]
    if any(open_):
        return "disputed"
    return "provisional" if open_ else "none"


def game_layout(tournament: Tournament) -> Layout:
    """The game's result form for this tournament's options (stored cleaned by
    tournament_create; the defaults stand in for any it lacks)."""
    spec = registry.get(tournament.game)
    return spec.results.layout.for_options(table_options(tournament, None))


@dataclass
class Shown:
    """A recorded entry as the page shows it: each side's score and rank, and what was
    entered, as a small table (a row per deal or round, or the one summary line)."""

    result: ResultEntry
    scores: list[tuple[str, int, int]]
    columns: list[str]
    lines: list[tuple[str, list[str]]]
    #: A correction's changed values, old against new (the table's history).
    changes: list[Change] = field(default_factory=list)


def row_label(layout: Layout) -> str:
    """What a result page calls a row of the game's entry, translated: the game's own
    word, "Deal" (nl "Spel", de "Spiel"), never "Round", which is the tournament's."""
    return _(layout.row_label)


def show_entry(result: ResultEntry, layout: Layout, names: Sequence[str]) -> Shown:
    """`result` read with the game's layout of the mode it was entered in (a correction
    may be entered another way than the entry it replaces)."""
    data = result.data
    detailed = data.get("mode") == "detailed"
    fields = layout.row_fields if detailed else layout.summary_fields
    per_side = [spec for spec in fields if spec.per_side]
    own = [spec for spec in fields if not spec.per_side]
    several = len(per_side) > 1
    columns = [
        f"{name}: {_(spec.label)}" if several else name for name in names for spec in per_side
    ]
    columns += [_(spec.label) for spec in own]

    def cells(values: Mapping[str, Any]) -> list[str]:
        sides = values.get("sides", [])
        out = [_cell(spec.kind, side.get(spec.name), names) for side in sides for spec in per_side]
        return out + [_cell(spec.kind, values.get(spec.name), names) for spec in own]

    if detailed:
        label = row_label(layout)
        lines = [(f"{label} {i + 1}", cells(row)) for i, row in enumerate(data.get("rows", []))]
    else:
        lines = [("", cells(data))]
    scores = [
        (names[side["side"]], side["score"], side["rank"]) for side in result.outcome["sides"]
    ]
    return Shown(result, scores, columns, lines)


def _cell(kind: str, value: Any, names: Sequence[str]) -> str:
    if value is None:
        return "\N{EN DASH}"
    if kind == "bool":
        return "✓" if value else ""
    if kind == "side" and isinstance(value, int) and 0 <= value < len(names):
        return names[value]
    return str(value)


@dataclass
class TableState:
    """Everything a table's page shows: who sits where, and every entry ever made."""

    table: Table
    tournament: Tournament
    names: list[str]
    layout: Layout
    results: list[ResultEntry]
    #: The rows the table saved so far during its game (None: none kept).
    draft: ResultDraft | None = None

    @property
    def draft_version(self) -> int:
        """The version of the table's rows so far, which the form posts back."""
        return self.draft.version if self.draft is not None else 0

    @property
    def kept(self) -> ResultDraft | None:
        """The rows so far to show in the form: only while there is no confirmed result
        (a correction starts from that) and the game is entered row by row."""
        draft = self.draft
        if draft is None or not draft.rows or self.mode != "detailed" or self.confirmed:
            return None
        return draft

    @property
    def mode(self) -> str:
        """How this tournament's results are entered: the director's choice, when the
        game offers it."""
        entering = self.tournament.entering
        return entering if entering in self.layout.modes else self.layout.modes[0]

    @property
    def score_label(self) -> str:
        return _(registry.get(self.tournament.game).results.score_label)

    @property
    def status(self) -> str:
        return table_status(self.results)

    @property
    def status_label(self) -> str:
        return STATUS_LABELS[self.status]

    @property
    def confirmed(self) -> ResultEntry | None:
        return next((r for r in self.results if r.status == CONFIRMED), None)

    @property
    def open(self) -> list[Shown]:
        """The provisional entries, oldest first: two of them side by side are a dispute."""
        pending = [r for r in reversed(self.results) if r.status == PROVISIONAL]
        return [show_entry(r, self.layout, self.names) for r in pending]

    def open_entries_of(self, player: Entry) -> set[int]:
        """The ids of the provisional entries `player` made (through the table's link)."""
        return {
            r.pk
            for r in self.results
            if r.status == PROVISIONAL and r.entered_by_entry_id == player.pk
        }

    @property
    def current(self) -> Shown | None:
        confirmed = self.confirmed
        return None if confirmed is None else show_entry(confirmed, self.layout, self.names)

    @property
    def history(self) -> list[Shown]:
        """Every entry, newest first; a correction with the values it changed."""
        by_pk = {r.pk: r for r in self.results}
        shown = []
        for result in self.results:
            entry = show_entry(result, self.layout, self.names)
            replaced = by_pk.get(result.replaces_id)
            if replaced is not None:
                entry.changes = entry_changes(replaced.data, result.data, self.layout, self.names)
            shown.append(entry)
        return shown

    @property
    def finished(self) -> bool:
        return self.tournament.status == Tournament.Status.FINISHED


def load_table(pk: int) -> TableState:
    """The table with its seats and entries, fresh from the database (after a conflict,
    what is there now): three queries. Table.DoesNotExist when its draw was taken back."""
    table = Table.objects.select_related("round__tournament__club", "result_draft").get(pk=pk)
    seats = Seat.objects.filter(table=table).select_related("entry__member", "entry__team")
    results = list(ResultEntry.objects.filter(table=table).order_by("-created_at", "-id"))
    tournament = table.round.tournament
    try:
        draft = table.result_draft
    except ResultDraft.DoesNotExist:
        draft = None
    return TableState(table, tournament, side_names(seats), game_layout(tournament), results, draft)


@dataclass
class RoundTable:
    """A line of a round's results list (templates/scoring/_round_results.html)."""

    table: Table
    names: list[str]
    status: str
    status_label: str
    current: ResultEntry | None
    link: str
    same_device: str = ""  # why its result looks entered and confirmed on one device
    # Whether the director looking may confirm its open entry (services.may_confirm):
    # not their own entry, nor their partner's. The list offers "confirm" only then.
    confirmable: bool = True


def round_tables(round_: Round, *, director: Actor | None = None) -> list[RoundTable]:
    """Every table of `round_` with its players and result status, in three queries
    whatever the number of tables, those needing the director first (STATUS_ORDER). The
    round page includes the list with these rows.
    `director`: the director looking (their login and browser), for whom each open
    entry says whether they may confirm it (no further query)."""
    tables = round_.tables.order_by("number").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("entry__member", "entry__team")),
        Prefetch(
            "results",
            queryset=ResultEntry.objects.filter(status__in=[PROVISIONAL, CONFIRMED]).order_by(
                "-created_at", "-id"
            ),
        ),
    )
    rows = []
    for table in tables:
        results = list(table.results.all())
        status = table_status(results)
        confirmed = [r for r in results if r.status == CONFIRMED]
        confirmable = True
        if director is not None and status == "provisional":
            seats = [
                (seat.entry_id, seat.side, seat.entry.member.user_id if seat.entry.member else None)
                for seat in table.seats.all()
            ]
            refusal = may_confirm(director, results[0], table=table, seats=seats, director=True)
            confirmable = refusal is None
        rows.append(
            RoundTable(
                table=table,
                names=side_names(table.seats.all()),
                status=status,
                status_label=STATUS_LABELS[status],
                current=(confirmed or results or [None])[0],
                link=table_link(table.pk, table.link_version),
                same_device=next((r.same_device_why for r in confirmed if r.same_device), ""),
                confirmable=confirmable,
            )
        )
    # What needs the director first: the disputed and missing tables, then those waiting
    # for a confirmation, the confirmed last; by number within each (a stable sort).
    rows.sort(key=lambda row: STATUS_ORDER[row.status])
    return rows


def round_tables_seen_by(request, round_: Round, *, director: bool) -> list[RoundTable]:
    """round_tables for the browser of `request`: a director's with whether they may
    confirm each open entry from here (the round page, the results page, the live list)."""
    return round_tables(round_, director=Actor.from_request(request) if director else None)
