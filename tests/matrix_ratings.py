"""The permission matrix lines of the rating pages: a club's list is for its members; the
site's list is public, and holds only the clubs that share their standings
(tests/ratings/test_app.py)."""

from .matrix_common import EVERYONE, PLAYER, club

MATRIX: dict = {
    "ratings:club-ratings": (lambda c: club, PLAYER),
    "ratings:site-ratings": (lambda c: {}, EVERYONE),
    "ratings:player-ratings": (lambda c: {**club, "pk": c.member_a.pk}, PLAYER),
}
