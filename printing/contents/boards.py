"""The printed standings of a tournament and of a season: the pages' own boards and rows
(scoring.selectors, scoring.tables), so the printed numbers are those on the screen."""

from __future__ import annotations

from django.utils import translation
from django.utils.formats import date_format
from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext

from games import registry
from scoring import selectors, standings
from scoring.tables import (
    MarginDisplay,
    margin_text,
    season_figure,
    season_order,
    season_rows,
    tie_order,
    tournament_rows,
)
from tournaments.models import Season, Tournament

from ..sheets.data import (
    Header,
    Standings,
    StandingsRow,
)
from .pieces import (
    header_of,
)

# --- standings ----------------------------------------------------------------------------


def _heading(text: str) -> str:
    return capfirst(gettext(text))


def tournament_standings(tournament: Tournament) -> Standings:
    """The tournament's standings as its page shows them (scoring.selectors'
    tournament_board: four queries)."""
    with translation.override(tournament.club.language):
        return tournament_standings_of(tournament)


def tournament_standings_of(tournament: Tournament) -> Standings:
    board = selectors.tournament_board(tournament)
    margin = MarginDisplay.of(tournament.game)
    pending = any(board.provisional.values())
    lines = tournament_rows(board, lambda person: None)
    ties = any(row["tie"] for row in lines)  # a column for how ties were settled, if any
    tiebreaks = registry.get(tournament.game).results.tiebreaks
    best = standings.TIE_BEST in tiebreaks  # the best game, where the game orders by it
    columns = [
        _heading("position"),
        _heading("name"),
        _heading("match points"),
        capfirst(margin.label),
        _heading("played"),
        _heading("byes"),
        _heading("wins"),
    ]
    if best:
        columns.append(_heading("best game"))
    if ties:
        columns.append(_heading("tie-break"))
    if pending:
        columns.append(_heading("provisional (not counted)"))
    rows = []
    for row in lines:
        name = row["name"]
        if row["players"]:
            name = f"{name} ({row['players']})"
        if row["withdrawn"]:
            name = f"{name} · {gettext('withdrawn')}"
        cells = [
            str(row["position"]),
            name,
            row["points_text"],
            margin_text(row["margin"]),
            str(row["played"]),
            str(row["byes"]),
            str(row["wins"]),
        ]
        if best:
            cells.append(row["best_text"])
        if ties:
            cells.append(row["tie"])
        if pending:
            cells.append(f"+{row['pending_text']}" if row["pending"] else "")
        rows.append(StandingsRow(cells=tuple(cells)))
    notes = _open_notes(board)
    if ties:
        notes.append(tie_order(tiebreaks))
    return Standings(
        header=header_of(tournament),
        title=gettext("Standings"),
        columns=tuple(columns),
        rows=tuple(rows),
        notes=tuple(notes),
    )


def _open_notes(board: selectors.Board) -> list[str]:
    """What the tournament's standings say of tables without a confirmed result."""
    notes = []
    if board.open_tables:
        notes.append(
            ngettext(
                "%(counter)s table has no confirmed result yet.",
                "%(counter)s tables have no confirmed result yet.",
                board.open_tables,
            )
            % {"counter": board.open_tables}
        )
    if board.disputed_tables:
        notes.append(
            ngettext(
                "%(counter)s table has two different results; a director decides.",
                "%(counter)s tables have two different results; a director decides.",
                board.disputed_tables,
            )
            % {"counter": board.disputed_tables}
        )
    if notes:
        notes.append(
            gettext(
                "Only confirmed results count; provisional match points are shown apart "
                "and are not counted."
            )
        )
    return notes


def season_standings(season: Season) -> Standings:
    """The season's standings as its page shows them: an evening's match points struck
    through when they do not count, players below the minimum attendance apart
    (scoring.selectors.season_board)."""
    club = season.club
    with translation.override(club.language):
        board = selectors.season_board(season)
        rows = season_rows(board, lambda person: None)
        evenings = len(board.evenings)
        columns = [
            _heading("position"),
            _heading("name"),
            *(date_format(t.date, "d-m") for t in board.evenings),
            capfirst(season_figure(season)),
            capfirst(MarginDisplay.of(season.game).label),
            _heading("attended"),
        ]
        if season.min_attendance:
            columns.append(_heading("qualified"))
        ties = any(row.tie for row in rows)  # a column for how ties were settled, if any
        if ties:
            columns.append(_heading("tie-break"))
        printed = []
        for row in sorted(rows, key=lambda r: not r.qualified):  # stable: qualified first
            cells = [
                str(row.position),
                row.name,
                *(cell.text for cell in row.cells),
                row.total_text,
                margin_text(row.margin),
                str(row.attended),
            ]
            if season.min_attendance:
                cells.append(gettext("yes") if row.qualified else gettext("no"))
            if ties:
                cells.append(row.tie)
            printed.append(
                StandingsRow(
                    cells=tuple(cells),
                    struck=frozenset(2 + i for i, cell in enumerate(row.cells) if cell.struck),
                    apart=not row.qualified,
                )
            )
        notes = []
        if season.best_of:
            notes.append(
                ngettext(
                    "Each player's best %(best)s of %(counter)s evening count, the others "
                    "are struck through:",
                    "Each player's best %(best)s of %(counter)s evenings count, the others "
                    "are struck through:",
                    evenings,
                ).removesuffix(":")
                % {"best": season.best_of, "counter": evenings}
                + "."
            )
        else:
            notes.append(gettext("Every evening counts."))
        if season.min_attendance:
            notes.append(
                ngettext(
                    "Players who came to fewer than %(counter)s evening are listed below "
                    "the others.",
                    "Players who came to fewer than %(counter)s evenings are listed below "
                    "the others.",
                    season.min_attendance,
                )
                % {"counter": season.min_attendance}
            )
        if ties or season.count_by != Season.CountBy.TOTAL:
            notes.append(season_order(season.count_by))
        notes.append(gettext("Only confirmed results count."))
        return Standings(
            header=Header(club=club.name, tournament=season.name),
            title=gettext("Season standings"),
            columns=tuple(columns),
            rows=tuple(printed),
            notes=tuple(notes),
        )
