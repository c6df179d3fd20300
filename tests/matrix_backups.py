"""The permission matrix line of the backups app: the club admins' export page (GET shows
the button, POST downloads the archive)."""

from .matrix_common import ADMIN, club

MATRIX = {
    "backups:club-export": (lambda c: club, ADMIN),
}
