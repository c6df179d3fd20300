"""The permission matrix lines of the venue's pages (venue/views.py): the address for
phones and one table's QR code (its private link) are for the club's directors."""

from .matrix_common import DIRECTOR, club

MATRIX: dict = {
    "venue-connect": (lambda c: club, DIRECTOR),
    "venue-table-qr": (lambda c: {**club, "pk": c.evening.table.pk}, DIRECTOR),
}
