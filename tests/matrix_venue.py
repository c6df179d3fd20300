"""The permission matrix lines of the venue's pages (venue/views.py): the address for
phones and one table's QR code (its private link) are for the club's directors; the
site's icon is for everyone. The round clock (tournaments/urls_clock.py): its buttons are
POST only; the clock alone is for whoever may open the round page; the venue screen's
clock for whoever may see the venue screen (club A's standings are private: directors)."""

from .matrix_common import DIRECTOR, PLAYER, ROLES, club, evening_round, evening_tournament

POST_ONLY = dict.fromkeys(ROLES, 405)


MATRIX: dict = {
    "venue:venue-connect": (lambda c: club, DIRECTOR),
    "venue:venue-table-qr": (lambda c: {**club, "pk": c.evening.table.pk}, DIRECTOR),
    # /favicon.ico: a redirect to Troef's icon, for everyone.
    "venue:favicon": (lambda c: {}, dict.fromkeys(ROLES, 302)),
    "venue:tournament-venue-clock": (evening_tournament, DIRECTOR),
    "tournaments:round-clock": (evening_round, PLAYER),
    "tournaments:round-clock-start": (evening_round, POST_ONLY),
    "tournaments:round-clock-pause": (evening_round, POST_ONLY),
    "tournaments:round-clock-resume": (evening_round, POST_ONLY),
    "tournaments:round-clock-add": (evening_round, POST_ONLY),
}
