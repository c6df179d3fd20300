"""The permission matrix lines of the venue's pages (venue/views.py): the address for
phones and one table's QR code (its private link) are for the club's directors; the
site's icon is for everyone."""

from .matrix_common import DIRECTOR, ROLES, club

MATRIX: dict = {
    "venue-connect": (lambda c: club, DIRECTOR),
    "venue-table-qr": (lambda c: {**club, "pk": c.evening.table.pk}, DIRECTOR),
    # /favicon.ico: a redirect to Troef's icon, for everyone.
    "favicon": (lambda c: {}, dict.fromkeys(ROLES, 302)),
}
