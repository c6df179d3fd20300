"""A round's page: started, its draw taken back, seats swapped."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from clubs.access import director_required, player_required
from clubs.idempotency import idempotent
from tournaments import selectors
from tournaments.forms import SwapForm
from tournaments.models import Round, Tournament
from tournaments.views.common import call_service, is_club_director, round_of, tournament_of

from .. import services


@player_required
@require_safe
def round_detail(request, club, pk, number):
    return _round_page(request, club, tournament_of(club, pk), number)


def _round_page(request, club, tournament, number, *, swap_form=None, second_bye=""):
    """The round's page; after a swap that would give a second bye, with the swap to
    confirm (`swap_form` bound to it, `second_bye` the warning)."""
    page = selectors.round_page(tournament, number)
    if page is None:
        raise Http404
    is_director = is_club_director(request)
    finished = tournament.status == Tournament.Status.FINISHED
    page.round.tournament = tournament
    changeable = is_director and not finished and page.round.status == Round.Status.DRAWN
    # Each button only when its service would do it (the services' own checks).
    can_draw = (
        is_director
        and not finished
        and page.is_last
        and number < tournament.rounds_planned
        and services.draw_refusal(tournament) is None
    )
    return render(
        request,
        "evenings/round_detail.html",
        {
            "club": club,
            "tournament": tournament,
            "page": page,
            "round": page.round,
            "is_director": is_director,
            "changeable": changeable,
            "swap_form": (swap_form or SwapForm(round_=page.round)) if changeable else None,
            "second_bye": second_bye,
            "can_undraw": changeable and services.undraw_refusal(page.round) is None,
            "can_draw": can_draw,
        },
    )


def _round_redirect(round_: Round):
    """Back to the round's page, or to the tournament's when its draw was taken back
    (by another director at the same moment, say)."""
    if not Round.objects.filter(pk=round_.pk).exists():
        return redirect(round_.tournament)
    return redirect(
        "evenings:round-detail",
        club_slug=round_.tournament.club.slug,
        pk=round_.tournament_id,
        number=round_.number,
    )


@require_POST
@director_required
@idempotent
def round_start(request, club, pk, number):
    round_ = round_of(club, pk, number)
    if call_service(request, services.round_start, round_=round_):
        messages.success(request, _("Round %(number)s has started.") % {"number": number})
    return _round_redirect(round_)


@require_POST
@director_required
@idempotent
def round_undraw(request, club, pk, number):
    round_ = round_of(club, pk, number)
    if call_service(request, services.round_undraw, round_=round_):
        messages.success(
            request, _("The draw of round %(number)s was taken back.") % {"number": number}
        )
        return redirect(round_.tournament)
    return _round_redirect(round_)


@require_POST
@director_required
@idempotent
def seats_swap(request, club, pk, number):
    round_ = round_of(club, pk, number)
    form = SwapForm(request.POST, round_=round_)
    if not form.is_valid():
        messages.error(request, _("Choose two players of this round."))
        return _round_redirect(round_)
    try:
        services.seats_swap(round_=round_, actor=request.user, **form.cleaned_data)
    except services.SecondByeError as warning:
        # Nothing is saved: the page asks the director to confirm the swap.
        return _round_page(
            request,
            club,
            round_.tournament,
            number,
            swap_form=form,
            second_bye=" ".join(warning.messages),
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request,
            _("%(first)s and %(second)s changed places.")
            % {
                "first": form.cleaned_data["first"].name,
                "second": form.cleaned_data["second"].name,
            },
        )
    return _round_redirect(round_)
