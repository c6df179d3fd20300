"""The permission matrix lines of the venue's pages (venue/views.py): the address for
phones and one table's QR code (its private link) are for the club's directors; the
site's icon is for everyone. The round clock (tournaments/urls_clock.py): its buttons are
POST only; the clock alone is for whoever may open the round page; the venue screen's
clock for whoever may see the venue screen (club A's standings are private: directors)."""

from .matrix_common import DIRECTOR, PLAYER, ROLES, club

POST_ONLY = dict.fromkeys(ROLES, 405)


def _tournament(c) -> dict:
    return {**club, "pk": c.evening.tournament.pk}


def _round(c) -> dict:
    return {**_tournament(c), "number": c.evening.round.number}


MATRIX: dict = {
    "venue-connect": (lambda c: club, DIRECTOR),
    "venue-table-qr": (lambda c: {**club, "pk": c.evening.table.pk}, DIRECTOR),
    # /favicon.ico: a redirect to Troef's icon, for everyone.
    "favicon": (lambda c: {}, dict.fromkeys(ROLES, 302)),
    "tournament-venue-clock": (_tournament, DIRECTOR),
    "round-clock": (_round, PLAYER),
    "round-clock-start": (_round, POST_ONLY),
    "round-clock-pause": (_round, POST_ONLY),
    "round-clock-resume": (_round, POST_ONLY),
    "round-clock-add": (_round, POST_ONLY),
}
