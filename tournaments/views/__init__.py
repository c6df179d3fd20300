"""Tournament list and form, check-in, team and season pages (the tournament's and the
rounds' own pages are the evening's: evenings.views). Views stay thin: access checks come
from clubs.access, reads from tournaments.selectors, every change from
tournaments.services; a service's ValidationError becomes a form error or a message.

By subject (each module importing only common of its siblings): tournament, checkin,
teams, seasons. tournaments.urls reaches the views through here.
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
from .seasons import season_add, season_detail, season_edit, season_list
from .teams import team_delete, team_draw, team_list, team_swap
from .tournament import (
    TournamentListView,
    club_evenings,
    tournament_add,
    tournament_edit,
    tournament_list,
)

__all__ = [
    "CHECKIN_QUERY",
    "TournamentListView",
    "checkin_all_members",
    "checkin_last_evening",
    "club_evenings",
    "entry_add",
    "entry_status",
    "member_checkin",
    "season_add",
    "season_detail",
    "season_edit",
    "season_list",
    "team_delete",
    "team_draw",
    "team_list",
    "team_swap",
    "tournament_add",
    "tournament_checkin",
    "tournament_edit",
    "tournament_list",
]
