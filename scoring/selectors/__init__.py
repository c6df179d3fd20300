"""Reads for the result pages, the standings, player and venue pages, and the Swiss draw.

A result page reads one table (:func:`load_table`, three queries) or a round's tables
(:func:`round_tables`, three queries whatever their number).

Each loader runs a fixed number of queries whatever the number of players, evenings and
rounds: seats, results, byes and entries are fetched as plain rows in one query each
(:func:`fetch`), then turned into scoring.standings' tuples, which do the counting in
Python. A season's standings are cached (:func:`season_board`).

By subject, each module importing only those above it:

- rows: the rows standings are made of (fetch, build, people) and the table states;
- boards: a tournament's standings, the venue screen, the Swiss draw's match points;
- season: a season's standings and their cache;
- player: a member's own page;
- results: a table's results and a round's tables with their result status;
- link: the one state of a table's private link for whoever holds the phone;
- public: the club's public page, personal codes and check-in slips.

Callers import from here (``from scoring import selectors``); the names below are the ones
used outside the package.
"""

from .boards import Board, Venue, VenueTable, draw_scores, tournament_board, venue
from .link import Link, table_link_view
from .player import PlayedGame, PlayerEvening, PlayerPage, SeasonProgress, Tablemate, player_page
from .public import player_by_key, public_lists, slip_entries
from .results import (
    STATUS_LABELS,
    STATUS_ORDER,
    RoundTable,
    Shown,
    TableState,
    game_layout,
    load_table,
    round_tables,
    round_tables_seen_by,
    row_label,
    show_entry,
    side_names,
    table_status,
)
from .rows import (
    CONFIRMED,
    DISPUTED,
    DONE,
    OPEN,
    PENDING,
    PROVISIONAL,
    EntryRow,
    Loaded,
    Person,
    Rows,
    build,
    entries_of,
    fetch,
    load,
    member_key,
    people,
    scheme_of,
    team_key,
)
from .season import SeasonBoard, season_board

__all__ = [
    "CONFIRMED",
    "DISPUTED",
    "DONE",
    "OPEN",
    "PENDING",
    "PROVISIONAL",
    "STATUS_LABELS",
    "STATUS_ORDER",
    "Board",
    "EntryRow",
    "Link",
    "Loaded",
    "Person",
    "PlayedGame",
    "PlayerEvening",
    "PlayerPage",
    "RoundTable",
    "Rows",
    "SeasonBoard",
    "SeasonProgress",
    "Shown",
    "TableState",
    "Tablemate",
    "Venue",
    "VenueTable",
    "build",
    "draw_scores",
    "entries_of",
    "fetch",
    "game_layout",
    "load",
    "load_table",
    "member_key",
    "people",
    "player_by_key",
    "player_page",
    "public_lists",
    "round_tables",
    "round_tables_seen_by",
    "row_label",
    "scheme_of",
    "season_board",
    "show_entry",
    "side_names",
    "slip_entries",
    "table_link_view",
    "table_status",
    "team_key",
    "tournament_board",
    "venue",
]
