"""The printed documents that are not a table's score sheet, each kind in a module of its
own: the round's draw list for the wall and the table cards (:mod:`.draw_lists`), the
standings (:mod:`.standings`), a player's personal score card (:mod:`.personal_cards`), a
tournament's disputes with the director's rulings (:mod:`.disputes`) and the check-in
slips (:mod:`.slips`); what they share is in :mod:`.common`.

``draw(pen, doc)`` draws whole pages, each ended with ``pen.end_page()`` like the score
sheets. Names are never cut: they wrap onto a second line or shrink to fit. The documents'
functions stay importable from here.
"""

from __future__ import annotations

from .base import Pen
from .common import (
    GREY_TEXT,
    RULE,
    SIDES,
    ZEBRA,
    continued,
    fill,
    fit_name,
    game_title,
    heading,
    seated,
    side_letter,
    sort_key,
    team_columns,
    with_game,
    wrap_items,
)
from .data import CheckInSlips, DisputeReport, DrawList, PersonalCard, Standings, TableCards
from .disputes import dispute_report
from .draw_lists import draw_list, table_cards
from .personal_cards import personal_card
from .slips import draw_slips
from .standings import StandingsLayout, standings, standings_layout


def draw(pen: Pen, doc: object) -> None:
    """Draw ``doc`` (a DrawList, TableCards, Standings, PersonalCard, DisputeReport or
    CheckInSlips) as whole pages."""
    if isinstance(doc, DrawList):
        draw_list(pen, doc)
    elif isinstance(doc, TableCards):
        table_cards(pen, doc)
    elif isinstance(doc, Standings):
        standings(pen, doc)
    elif isinstance(doc, PersonalCard):
        personal_card(pen, doc)
    elif isinstance(doc, DisputeReport):
        dispute_report(pen, doc)
    elif isinstance(doc, CheckInSlips):
        draw_slips(pen, doc)
    else:
        raise TypeError(f"cannot print a {type(doc).__name__}")


__all__ = [
    "GREY_TEXT",
    "RULE",
    "SIDES",
    "ZEBRA",
    "StandingsLayout",
    "continued",
    "dispute_report",
    "draw",
    "draw_list",
    "draw_slips",
    "fill",
    "fit_name",
    "game_title",
    "heading",
    "personal_card",
    "seated",
    "side_letter",
    "sort_key",
    "standings",
    "standings_layout",
    "table_cards",
    "team_columns",
    "with_game",
    "wrap_items",
]
