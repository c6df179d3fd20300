"""The permission matrix lines of the result entry pages and the table links:
url name -> (kwargs builder taking the TwoClubs fixture, expected answer per visitor)."""

from scoring.links import player_key, player_token
from scoring.services import member_code

from .matrix_common import DIRECTOR, EVERYONE, PLAYER, club


def _personal_qr(c) -> dict:
    """Club A's member's personal QR code (its code made on first use)."""
    key = player_key(c.member_a.pk, 0)
    return {**club, "token": player_token(key, member_code(c.member_a))}


MATRIX: dict = {
    "scoring:round-results": (
        lambda c: {**club, "pk": c.evening.tournament.pk, "number": c.evening.round.number},
        DIRECTOR,
    ),
    # The round's results list alone, which the round page polls: as the round page.
    "scoring:round-results-live": (
        lambda c: {**club, "pk": c.evening.tournament.pk, "number": c.evening.round.number},
        PLAYER,
    ),
    "scoring:table-result": (lambda c: {**club, "pk": c.evening.table.pk}, DIRECTOR),
    # The table's private link needs no login: the signed token is the key.
    "scoring:table-link": (lambda c: {"token": c.evening.token}, EVERYONE),
    # A personal QR code links the phone that opens it: the signed token is the key.
    "scoring:player-device-link": (_personal_qr, EVERYONE),
    # The players' personal codes (new code, check-in slips): the club's directors.
    "scoring:tournament-codes": (lambda c: {**club, "pk": c.evening.tournament.pk}, DIRECTOR),
    "printing:checkin-slips": (lambda c: {**club, "pk": c.evening.tournament.pk}, DIRECTOR),
}
