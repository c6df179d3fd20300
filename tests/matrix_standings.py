"""The permission matrix lines of the standings, player and venue pages:
url name -> (kwargs builder taking the TwoClubs fixture, expected answer per visitor).

The fixture's club A keeps its standings private (the default), so the public pages are
404 for everyone and the venue screen is for directors; tests/standings_pages/ opens
them with the club's standings made public."""

from scoring.views.standings import SEASON_STANDINGS

from .matrix_common import DIRECTOR, LOGIN, PLAYER, ROLES, STRANGERS, club

NOT_PUBLIC = dict.fromkeys(ROLES, 404)


def _tournament(c) -> dict:
    return {**club, "pk": c.evening.tournament.pk}


MATRIX = {
    "tournament-standings": (_tournament, PLAYER),
    SEASON_STANDINGS: (lambda c: {**club, "pk": c.evening.season.pk}, PLAYER),
    "player-detail": (lambda c: {**club, "pk": c.member_a.pk}, PLAYER),
    # A redirect to one's own member page; the superuser is no member of club A.
    "my-results": (
        lambda c: club,
        {
            "anon": LOGIN,
            "player": 302,
            "director": 302,
            "admin": 302,
            **STRANGERS,
            "superuser": 404,
        },
    ),
    "tournament-venue": (_tournament, DIRECTOR),
    "tournament-venue-live": (_tournament, DIRECTOR),
    "public-standings": (lambda c: club, NOT_PUBLIC),
    "public-tournament-standings": (_tournament, NOT_PUBLIC),
    "public-season-standings": (lambda c: {**club, "pk": c.evening.season.pk}, NOT_PUBLIC),
}
