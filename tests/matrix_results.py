"""The permission matrix lines of the result entry pages and the table links:
url name -> (kwargs builder taking the TwoClubs fixture, expected answer per visitor)."""

from .matrix_common import DIRECTOR, EVERYONE, club

MATRIX: dict = {
    "round-results": (
        lambda c: {**club, "pk": c.evening.tournament.pk, "number": c.evening.round.number},
        DIRECTOR,
    ),
    "table-result": (lambda c: {**club, "pk": c.evening.table.pk}, DIRECTOR),
    # The table's private link needs no login: the signed token is the key.
    "table-link": (lambda c: {"token": c.evening.token}, EVERYONE),
}
