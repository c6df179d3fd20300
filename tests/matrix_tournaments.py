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
    "tournaments:tournament-list": (lambda c: club, PLAYER),
    "tournaments:club-evenings": (lambda c: club, PLAYER),
    "tournaments:tournament-add": (lambda c: club, DIRECTOR),
    "evenings:tournament-detail": (evening_tournament, PLAYER),
    "tournaments:tournament-edit": (evening_tournament, DIRECTOR),
    "evenings:tournament-finish": (evening_tournament, POST_ONLY),
    "evenings:tournament-reopen": (evening_tournament, POST_ONLY),
    "tournaments:tournament-checkin": (evening_tournament, DIRECTOR),
    "tournaments:entry-add": (evening_tournament, POST_ONLY),
    "tournaments:entry-status": (
        lambda c: {**evening_tournament(c), "entry_pk": c.evening.entries[0].pk},
        POST_ONLY,
    ),
    "tournaments:member-checkin": (
        lambda c: {**evening_tournament(c), "member_pk": c.member_a.pk},
        POST_ONLY,
    ),
    "tournaments:checkin-last-evening": (evening_tournament, POST_ONLY),
    "tournaments:checkin-all-members": (evening_tournament, POST_ONLY),
    "tournaments:team-list": (_fixed_teams, DIRECTOR),
    "tournaments:team-delete": (_team, POST_ONLY),
    "tournaments:team-draw": (_fixed_teams, POST_ONLY),
    "tournaments:team-swap": (_fixed_teams, POST_ONLY),
    "evenings:round-draw": (evening_tournament, POST_ONLY),
    "evenings:round-detail": (evening_round, PLAYER),
    "evenings:round-start": (evening_round, POST_ONLY),
    "evenings:round-undraw": (evening_round, POST_ONLY),
    "evenings:seats-swap": (evening_round, POST_ONLY),
    "tournaments:season-list": (lambda c: club, PLAYER),
    "tournaments:season-add": (lambda c: club, DIRECTOR),
    "tournaments:season-detail": (lambda c: {**club, "pk": c.evening.season.pk}, PLAYER),
    "tournaments:season-edit": (lambda c: {**club, "pk": c.evening.season.pk}, DIRECTOR),
}
