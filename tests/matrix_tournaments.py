"""The permission matrix lines of the tournament, entry, team, round and season pages:
url name -> (kwargs builder taking the TwoClubs fixture, expected answer per visitor).

Buttons that change something are POST only: a GET answers 405 to everyone, before any
look at who asks."""

from tournaments.models import Team

from .factories import TournamentFactory
from .matrix_common import DIRECTOR, PLAYER, ROLES, club

POST_ONLY = dict.fromkeys(ROLES, 405)


def _tournament(c) -> dict:
    return {**club, "pk": c.evening.tournament.pk}


def _round(c) -> dict:
    return {**_tournament(c), "number": c.evening.round.number}


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
    "tournament-detail": (_tournament, PLAYER),
    "tournament-edit": (_tournament, DIRECTOR),
    "tournament-finish": (_tournament, POST_ONLY),
    "tournament-reopen": (_tournament, POST_ONLY),
    "tournament-checkin": (_tournament, DIRECTOR),
    "entry-add": (_tournament, POST_ONLY),
    "entry-status": (
        lambda c: {**_tournament(c), "entry_pk": c.evening.entries[0].pk},
        POST_ONLY,
    ),
    "member-checkin": (lambda c: {**_tournament(c), "member_pk": c.member_a.pk}, POST_ONLY),
    "checkin-last-evening": (_tournament, POST_ONLY),
    "checkin-all-members": (_tournament, POST_ONLY),
    "team-list": (_fixed_teams, DIRECTOR),
    "team-delete": (_team, POST_ONLY),
    "team-draw": (_fixed_teams, POST_ONLY),
    "team-swap": (_fixed_teams, POST_ONLY),
    "round-draw": (_tournament, POST_ONLY),
    "round-detail": (_round, PLAYER),
    "round-start": (_round, POST_ONLY),
    "round-undraw": (_round, POST_ONLY),
    "seats-swap": (_round, POST_ONLY),
    "season-list": (lambda c: club, PLAYER),
    "season-add": (lambda c: club, DIRECTOR),
    "season-detail": (lambda c: {**club, "pk": c.evening.season.pk}, PLAYER),
    "season-edit": (lambda c: {**club, "pk": c.evening.season.pk}, DIRECTOR),
}
