"""The printed sheets' adapter: reads the database and fills the plain dataclasses of
:mod:`printing.sheets.data`, which :func:`printing.sheets.render` turns into a PDF.

Everything here only reads, in a fixed number of queries whatever the number of tables,
players and rounds. What is printed is in the club's language (``Club.language``),
whatever the language of the page that asked for it: the dates, the standings' headings
and the notes are made under ``translation.override(club.language)``; the renderers add
their own labels in the same language.

The standings are the pages' own (scoring.selectors' boards, scoring.tables' rows), so the
printed numbers are the numbers on the screen: 1½, struck evenings struck, players below
the minimum attendance apart.

:func:`round_pack` and :func:`tournament_pack` are what the print jobs (printing.jobs) and
``python manage.py print_round`` print; :func:`tournament_report` is an evening's printed
report: its standings, then its disputes with the director's rulings.

By subject, each module importing only those above it: pieces (reading drawn rounds, the
header, sheets and draw lists, file names), boards (standings), rulings (disputes),
documents (single documents and the personal card), packs (what the print jobs print).
Callers import from here (``from printing import contents``).
"""

from .boards import season_standings, tournament_standings
from .documents import (
    blank_sheet,
    checkin_slips,
    draw_list,
    personal_card,
    table_cards,
    table_sheet,
)
from .packs import round_pack, tournament_pack, tournament_report
from .pieces import Pack, pdf_filename, round_names
from .rulings import dispute_report

__all__ = [
    "Pack",
    "blank_sheet",
    "checkin_slips",
    "dispute_report",
    "draw_list",
    "pdf_filename",
    "personal_card",
    "round_names",
    "round_pack",
    "season_standings",
    "table_cards",
    "table_sheet",
    "tournament_pack",
    "tournament_report",
    "tournament_standings",
]
