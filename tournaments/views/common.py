"""What the tournament pages share: who is a director, the tournament or round of a URL,
and a service called for a posted form or a button (its ValidationError shown)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404

from clubs.models import Role

from .. import selectors
from ..models import Round, Tournament


def is_club_director(request) -> bool:
    return request.club_role >= Role.Level.DIRECTOR


def tournament_of(club, pk: int) -> Tournament:
    return get_object_or_404(selectors.club_tournament(club, pk))


def round_of(club, pk: int, number: int) -> Round:
    tournament = tournament_of(club, pk)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    round_.tournament = tournament
    return round_


def save_form(request, form, service, **kwargs):
    """For a valid posted form, call `service(actor=..., **kwargs, **form.values())` and
    return what it returns. A service's ValidationError becomes errors on the form, next
    to the field it names; then, and for GET or an invalid form, None."""
    if request.method != "POST" or not form.is_valid():
        return None
    try:
        return service(actor=request.user, **kwargs, **form.values())
    except ValidationError as error:
        form.add_service_error(error)
        return None


def call_service(request, service, **kwargs) -> bool:
    """Run a button's service; its ValidationError becomes an error message."""
    try:
        service(actor=request.user, **kwargs)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return False
    return True
