"""Tournament, check-in, team, round and season pages. Views stay thin: access checks come
from clubs.access, reads from tournaments.selectors, every change from
tournaments.services; a service's ValidationError becomes a form error or a message.

By subject (each module importing only common of its siblings): tournament, checkin,
teams, rounds, seasons. tournaments.urls reaches the views through here.
"""

from .checkin import (
    CHECKIN_QUERY,
    checkin_all_members,
    checkin_last_evening,
    entry_add,
    entry_status,
    member_checkin,
    tournament_checkin,
)
from .rounds import round_detail, round_of, round_start, round_undraw, seats_swap
from .seasons import season_add, season_detail, season_edit, season_list
from .teams import team_delete, team_draw, team_list, team_swap
from .tournament import (
    TournamentListView,
    round_draw,
    tournament_add,
    tournament_detail,
    tournament_edit,
    tournament_finish,
    tournament_list,
    tournament_reopen,
)

__all__ = [
    "CHECKIN_QUERY",
    "TournamentListView",
    "checkin_all_members",
    "checkin_last_evening",
    "entry_add",
    "entry_status",
    "member_checkin",
    "round_detail",
    "round_draw",
    "round_of",
    "round_start",
    "round_undraw",
    "season_add",
    "season_detail",
    "season_edit",
    "season_list",
    "seats_swap",
    "team_delete",
    "team_draw",
    "team_list",
    "team_swap",
    "tournament_add",
    "tournament_checkin",
    "tournament_detail",
    "tournament_edit",
    "tournament_finish",
    "tournament_list",
    "tournament_reopen",
]
