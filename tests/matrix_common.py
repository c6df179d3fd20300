"""Who gets what in the permission matrix (tests/test_permissions.py); the apps' own
matrix modules (tests/matrix_*.py) build on these."""

# Club A's three roles, club B's three roles (always strangers to club A), a superuser.
ROLES = (
    "anon",
    "player",
    "director",
    "admin",
    "other_player",
    "other_director",
    "other_admin",
    "superuser",
)
STRANGERS = dict.fromkeys(("other_player", "other_director", "other_admin"), 404)
LOGIN = "site:login"  # a redirect to the login page

EVERYONE = dict.fromkeys(ROLES, 200)
PLAYER = {
    "anon": LOGIN,
    "player": 200,
    "director": 200,
    "admin": 200,
    **STRANGERS,
    "superuser": 200,
}
DIRECTOR = {**PLAYER, "player": 403}
ADMIN = {**DIRECTOR, "director": 403}
LOGGED_IN = {**dict.fromkeys(ROLES, 200), "anon": LOGIN}

club = {"club_slug": "rooi"}


def evening_tournament(c) -> dict:
    """The URL kwargs of the TwoClubs fixture's running evening (a tournament of club A)."""
    return {**club, "pk": c.evening.tournament.pk}


def evening_round(c) -> dict:
    """The URL kwargs of that evening's round."""
    return {**evening_tournament(c), "number": c.evening.round.number}
