"""The permission matrix lines of the tournament, entry, team, round and season pages:
url name -> (kwargs builder taking the TwoClubs fixture, expected answer per visitor).

Buttons that change something are POST only: a GET answers 405 to everyone, before any
look at who asks."""

from tournaments.models import Team

from .factories import TournamentFactory
from .matrix_common import DIRECTOR, PLAYER, ROLES, club, evening_round, evening_tournament

POST_ONLY = dict.fromkeys(ROLES, 405)


def _fixed_teams(c) -> dict:
    """A Keezen evening of club A in fixed teams (the teams page is only for those)."""
    tournament = TournamentFactory(club=c.a, game="keezen", table_size=4, teams="fixed")
    return {**club, "pk": tournament.pk}


def _team(c) -> dict:
    kwargs = _fixed_teams(c)
    return {**kwargs, "team_pk": Team.objects.create(tournament_id=kwargs["pk"], name="A").pk}


MATRIX = {
    "tournament-list": (lambda c: club, PLAYER),
    "tournament-add": (lambda c: club, DIRECTOR),
    "tournament-detail": (evening_tournament, PLAYER),
    "tournament-edit": (evening_tournament, DIRECTOR),
    "tournament-finish": (evening_tournament, POST_ONLY),
    "tournament-reopen": (evening_tournament, POST_ONLY),
    "tournament-checkin": (evening_tournament, DIRECTOR),
    "entry-add": (evening_tournament, POST_ONLY),
    "entry-status": (
        lambda c: {**evening_tournament(c), "entry_pk": c.evening.entries[0].pk},
        POST_ONLY,
    ),
    "member-checkin": (lambda c: {**evening_tournament(c), "member_pk": c.member_a.pk}, POST_ONLY),
    "checkin-last-evening": (evening_tournament, POST_ONLY),
    "checkin-all-members": (evening_tournament, POST_ONLY),
    "team-list": (_fixed_teams, DIRECTOR),
    "team-delete": (_team, POST_ONLY),
    "team-draw": (_fixed_teams, POST_ONLY),
    "team-swap": (_fixed_teams, POST_ONLY),
    "round-draw": (evening_tournament, POST_ONLY),
    "round-detail": (evening_round, PLAYER),
    "round-start": (evening_round, POST_ONLY),
    "round-undraw": (evening_round, POST_ONLY),
    "seats-swap": (evening_round, POST_ONLY),
    "season-list": (lambda c: club, PLAYER),
    "season-add": (lambda c: club, DIRECTOR),
    "season-detail": (lambda c: {**club, "pk": c.evening.season.pk}, PLAYER),
    "season-edit": (lambda c: {**club, "pk": c.evening.season.pk}, DIRECTOR),
}
