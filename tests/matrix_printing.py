"""The permission matrix lines of the printed sheets (printing/views/sheets.py):
url name -> (kwargs builder taking the TwoClubs fixture, expected answer per visitor).

What carries the tables' private links, and an evening's printed report (its disputes and
rulings), is for directors; the standings PDFs are for whoever sees the standings pages
(club A keeps its standings private, so the public PDFs are 404 here:
tests/printing/test_printing_views.py opens them with the standings public); the personal
card of club A's player is for directors and that player; blank sheets for the club's
members."""

from .matrix_common import DIRECTOR, PLAYER, ROLES, club, evening_round

NOT_PUBLIC = dict.fromkeys(ROLES, 404)


def _card(c) -> dict:
    # The player's own card: entries[0] of the evening is club A's player.
    return {**club, "pk": c.evening.tournament.pk, "member": c.evening.entries[0].member_id}


MATRIX: dict = {
    "printing:print-draw-list": (evening_round, DIRECTOR),
    "printing:print-table-cards": (evening_round, DIRECTOR),
    "printing:print-table-sheet": (lambda c: {**club, "pk": c.evening.table.pk}, DIRECTOR),
    "printing:print-tournament-report": (
        lambda c: {**club, "pk": c.evening.tournament.pk},
        DIRECTOR,
    ),
    "printing:print-tournament-standings": (
        lambda c: {**club, "pk": c.evening.tournament.pk},
        PLAYER,
    ),
    "printing:print-season-standings": (lambda c: {**club, "pk": c.evening.season.pk}, PLAYER),
    "printing:print-personal-card": (_card, PLAYER),
    "printing:print-blank-sheets": (lambda c: club, PLAYER),
    "printing:public-print-tournament-standings": (
        lambda c: {**club, "pk": c.evening.tournament.pk},
        NOT_PUBLIC,
    ),
    "printing:public-print-season-standings": (
        lambda c: {**club, "pk": c.evening.season.pk},
        NOT_PUBLIC,
    ),
}
