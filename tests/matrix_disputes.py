"""The permission matrix lines of the dispute checker (directors of the club only)."""

from .matrix_common import DIRECTOR, club

MATRIX: dict = {
    "disputes:dispute-index": (lambda c: club, DIRECTOR),
    "disputes:dispute-check": (
        lambda c: {**club, "game": "miezemauzen", "check": "deal"},
        DIRECTOR,
    ),
    "disputes:dispute-detail": (lambda c: {**club, "pk": _dispute(c).pk}, DIRECTOR),
}


def _dispute(c):
    """A saved dispute of club A (made when first asked for)."""
    from disputes.models import Dispute
    from disputes.services import dispute_save
    from games.cases import judge

    found = Dispute.objects.filter(club=c.a).first()
    if found is not None:
        return found
    case = {"game": "meino", "check": "play", "top": "R5", "hand": ["R7"], "card": "R7"}
    return dispute_save(club=c.a, user=c.director, case=case, verdict=judge(case), ruling="ok")
