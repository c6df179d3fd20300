"""Every change to seasons, tournaments, entries and teams goes through here: validated,
saved in one transaction, and written to the club's action log. (The round's lifecycle,
drawing, starting, finishing and taking back, is the evenings app's: evenings.services.)

By subject, each module importing only common (and nothing of its siblings):

- common: the club's log, the row locks, refusing a finished tournament, competitor_key;
- setup: seasons and tournaments and their settings;
- entries: a tournament's entries and checking in;
- teams: fixed teams, made, drawn, deleted and swapped;
- sizes: the table sizes of the draw, in players or fixed teams.

Callers import from here (``from tournaments import services``).
"""

from .common import competitor_key, lock, lock_round, log, refuse_when_finished
from .entries import entry_add, entry_set_status, member_check_in, members_check_in, same_name
from .setup import (
    MAX_ROUNDS,
    SETUP_FIELDS,
    SLUG_ATTEMPTS,
    TOURNAMENT_FIELDS,
    clean_setup,
    season_create,
    season_update,
    sizes_text,
    tournament_create,
    tournament_update,
)
from .sizes import draw_sizes
from .teams import (
    PAIRING_TRIES,
    pair_players,
    partner_repeats,
    team_create,
    team_delete,
    team_draw,
    team_swap,
)

__all__ = [
    "MAX_ROUNDS",
    "PAIRING_TRIES",
    "SETUP_FIELDS",
    "SLUG_ATTEMPTS",
    "TOURNAMENT_FIELDS",
    "clean_setup",
    "competitor_key",
    "draw_sizes",
    "entry_add",
    "entry_set_status",
    "lock",
    "lock_round",
    "log",
    "member_check_in",
    "members_check_in",
    "pair_players",
    "partner_repeats",
    "refuse_when_finished",
    "same_name",
    "season_create",
    "season_update",
    "sizes_text",
    "team_create",
    "team_delete",
    "team_draw",
    "team_swap",
    "tournament_create",
    "tournament_update",
]
