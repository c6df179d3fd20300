"""The permission matrix lines of the standings, player and venue pages:
url name -> (kwargs builder taking the TwoClubs fixture, expected answer per visitor).

The fixture's club A keeps its standings private (the default), so the public pages are
404 for everyone and the venue screen is for directors; tests/standings_pages/ opens
them with the club's standings made public."""

from scoring.views.standings import SEASON_STANDINGS

from .matrix_common import DIRECTOR, LOGIN, PLAYER, ROLES, STRANGERS, club, evening_tournament

NOT_PUBLIC = dict.fromkeys(ROLES, 404)


MATRIX = {
    "scoring:tournament-standings": (evening_tournament, PLAYER),
    SEASON_STANDINGS: (lambda c: {**club, "pk": c.evening.season.pk}, PLAYER),
    "scoring:player-detail": (lambda c: {**club, "pk": c.member_a.pk}, PLAYER),
    # A redirect to one's own member page; the superuser is no member of club A.
    "scoring:my-results": (
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
    "scoring:tournament-venue": (evening_tournament, DIRECTOR),
    "scoring:tournament-venue-live": (evening_tournament, DIRECTOR),
    "scoring:public-standings": (lambda c: club, NOT_PUBLIC),
    "scoring:public-tournament-standings": (evening_tournament, NOT_PUBLIC),
    "scoring:public-season-standings": (lambda c: {**club, "pk": c.evening.season.pk}, NOT_PUBLIC),
}
