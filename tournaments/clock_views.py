"""The round clock's buttons on the round page (start, pause, resume, add minutes), for
the club's directors, and the clock alone for the round page to keep up. Views stay thin:
every change goes through tournaments.clock. With htmx a button answers with the clock
in place; without JavaScript it goes back to the round page."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from clubs.access import director_required, is_htmx, player_required
from clubs.idempotency import idempotent
from clubs.models import Role
from config.pages import page_url

from . import clock
from .models import Round
from .views.common import round_of

#: The minutes a button may add (the round page shows +1 and +5).
ADD_CHOICES = (1, 5)


def _clock_part(request, club, round_: Round, *, error: str = ""):
    """The clock alone (templates/tournaments/_clock.html), as the round page shows it."""
    return render(
        request,
        "tournaments/_clock.html",
        {
            "club": club,
            "tournament": round_.tournament,
            "round": round_,
            "is_director": request.club_role >= Role.Level.DIRECTOR,
            "clock_only": True,
            "clock_error": error,
        },
    )


def _answer(request, club, round_: Round, service, **kwargs):
    """Run a button's service; answer with the clock (htmx) or the round page."""
    error = ""
    try:
        round_ = service(round_=round_, actor=request.user, **kwargs)
    except ValidationError as refusal:
        error = " ".join(refusal.messages)
    if is_htmx(request):
        return _clock_part(request, club, round_, error=error)
    if error:
        messages.error(request, error)
    if not Round.objects.filter(pk=round_.pk).exists():  # its draw was taken back meanwhile
        return redirect(round_.tournament)
    return redirect(page_url("round", club.slug, round_.tournament_id, round_.number))


@player_required
@never_cache
@require_safe
def round_clock(request, club, pk: int, number: int):
    """The clock alone, which the round page fetches now and then (htmx) to show what
    another director did; whoever may open the round page may read it."""
    return _clock_part(request, club, round_of(club, pk, number))


def _button(service):
    """The POST view of one of the director's clock buttons, which runs `service`."""

    def view(request, club, pk: int, number: int):
        return _answer(request, club, round_of(club, pk, number), service)

    view.__name__ = view.__qualname__ = service.__name__
    return require_POST(director_required(idempotent(view)))


clock_start = _button(clock.clock_start)
clock_pause = _button(clock.clock_pause)
clock_resume = _button(clock.clock_resume)


@require_POST
@director_required
@idempotent
def clock_add(request, club, pk: int, number: int):
    round_ = round_of(club, pk, number)
    minutes = request.POST.get("minutes", "")
    if minutes not in {str(choice) for choice in ADD_CHOICES}:
        return HttpResponseBadRequest(_("Choose how many minutes to add: 1 or 5."))
    return _answer(request, club, round_, clock.clock_add_minutes, minutes=int(minutes))
