"""Every change to seasons, tournaments, entries and the draw goes through here:
validated, saved in one transaction, and written to the club's action log.

The draw itself is pure (tournaments/seating); `round_draw` is its only adapter: it
loads who is present and who sat with whom, calls the draw, and saves tables and seats.

By subject, each module importing only common (and nothing of its siblings):

- common: the club's log, the row locks, refusing a finished tournament, competitor_key;
- setup: seasons and tournaments, their settings, finishing and reopening;
- entries: a tournament's entries and checking in;
- teams: fixed teams, made, drawn, deleted and swapped;
- draw: drawing the next round;
- rounds: a drawn round taken back, started, its seats swapped.

Callers import from here (``from tournaments import services``).
"""

from .common import competitor_key, refuse_when_finished
from .draw import draw_refusal, draw_sizes, round_draw
from .entries import entry_add, entry_set_status, member_check_in, members_check_in, same_name
from .rounds import SecondByeError, round_start, round_undraw, seats_swap, undraw_refusal
from .setup import (
    MAX_ROUNDS,
    SETUP_FIELDS,
    SLUG_ATTEMPTS,
    TOURNAMENT_FIELDS,
    clean_setup,
    finish_refusal,
    season_create,
    season_update,
    sizes_text,
    tournament_create,
    tournament_finish,
    tournament_reopen,
    tournament_update,
)
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
    "SecondByeError",
    "clean_setup",
    "competitor_key",
    "draw_refusal",
    "draw_sizes",
    "entry_add",
    "entry_set_status",
    "finish_refusal",
    "member_check_in",
    "members_check_in",
    "pair_players",
    "partner_repeats",
    "refuse_when_finished",
    "round_draw",
    "round_start",
    "round_undraw",
    "same_name",
    "season_create",
    "season_update",
    "seats_swap",
    "sizes_text",
    "team_create",
    "team_delete",
    "team_draw",
    "team_swap",
    "tournament_create",
    "tournament_finish",
    "tournament_reopen",
    "tournament_update",
    "undraw_refusal",
]
