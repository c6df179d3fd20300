"""The tournament's page (its set-up, rounds and the director's buttons), finishing and
reopening it, and drawing the next round."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from clubs.access import director_required, player_required
from clubs.idempotency import idempotent
from games import registry
from tournaments import selectors
from tournaments.forms import option_summary
from tournaments.models import Tournament
from tournaments.views.common import call_service, is_club_director, tournament_of

from .. import services


@player_required
@require_safe
def tournament_detail(request, club, pk):
    tournament = tournament_of(club, pk)
    rounds = selectors.rounds_of(tournament)
    finished = tournament.status == Tournament.Status.FINISHED
    is_director = is_club_director(request)
    # A button is shown only when its service would do it; else why not, in a line.
    draw_refusal = (
        services.draw_refusal(tournament)
        if is_director and not finished and len(rounds) < tournament.rounds_planned
        else ""
    )
    return render(
        request,
        "evenings/tournament_detail.html",
        {
            "club": club,
            "tournament": tournament,
            "game": registry.get(tournament.game),
            "options": option_summary(tournament),
            "rounds": rounds,
            "counts": selectors.entry_counts(tournament),
            "is_director": is_director,
            "can_draw": draw_refusal is None,
            "draw_refusal": draw_refusal,
            "can_finish": (
                is_director
                and not finished
                and bool(rounds)
                and services.finish_refusal(tournament) is None
            ),
        },
    )


def _rounds_text(numbers: list[int]) -> str:
    """Round numbers as a sentence names them: "4", "3 and 4", "3 to 6" (they follow
    each other)."""
    if len(numbers) == 1:
        return str(numbers[0])
    template = _("%(first)s and %(last)s") if len(numbers) == 2 else _("%(first)s to %(last)s")
    return template % {"first": numbers[0], "last": numbers[-1]}


@require_POST
@director_required
@idempotent
def tournament_finish(request, club, pk):
    """Finish the tournament. With planned rounds not played, the button's first press
    answers with a page naming them; its form (`unplayed`: the rounds the director saw
    named) finishes. All rounds played: one press."""
    tournament = tournament_of(club, pk)
    unplayed = selectors.unplayed_rounds(tournament)
    named = ",".join(map(str, unplayed))
    if (
        unplayed
        and tournament.status != Tournament.Status.FINISHED
        and services.finish_refusal(tournament) is None
        and request.POST.get("unplayed") != named
    ):
        played = tournament.rounds_planned - len(unplayed)
        return render(
            request,
            "evenings/tournament_finish.html",
            {
                "club": club,
                "tournament": tournament,
                "unplayed": unplayed,
                "unplayed_text": _rounds_text(unplayed),
                "unplayed_key": named,
                "played": played,
            },
        )
    if call_service(request, services.tournament_finish, tournament=tournament):
        messages.success(request, _("%(name)s is finished.") % {"name": tournament.name})
    return redirect(tournament)


@require_POST
@director_required
@idempotent
def tournament_reopen(request, club, pk):
    tournament = tournament_of(club, pk)
    if call_service(request, services.tournament_reopen, tournament=tournament):
        messages.success(
            request,
            _("%(name)s is open again: results can be corrected; finish it when done.")
            % {"name": tournament.name},
        )
    return redirect(tournament)


@require_POST
@director_required
@idempotent
def round_draw(request, club, pk):
    tournament = tournament_of(club, pk)
    try:
        round_ = services.round_draw(tournament=tournament, actor=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect(tournament)
    messages.success(request, _("Round %(number)s is drawn.") % {"number": round_.number})
    return redirect(
        "evenings:round-detail", club_slug=club.slug, pk=tournament.pk, number=round_.number
    )
