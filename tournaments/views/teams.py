"""The fixed teams of a tournament: made, drawn, swapped and deleted."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from clubs.access import director_required
from clubs.forms import posted
from clubs.idempotency import idempotent

from .. import formats, selectors, services
from ..forms import (
    TeamForm,
    TeamSwapForm,
)
from ..models import Entry, Team, Tournament
from .common import call_service, save_form, tournament_of


def _fixed_teams(club, pk: int) -> tuple[Tournament, formats.Format]:
    """The tournament and its table format; 404 unless it plays in fixed teams."""
    tournament = tournament_of(club, pk)
    if tournament.teams != Tournament.Teams.FIXED:
        raise Http404
    return tournament, formats.table_format(tournament.game, tournament.table_size, teams=True)


@director_required
@require_http_methods(["GET", "POST"])
@idempotent
def team_list(request, club, pk):
    tournament, fmt = _fixed_teams(club, pk)
    form = TeamForm(posted(request), tournament=tournament, per_side=fmt.per_side)
    team = save_form(request, form, services.team_create, tournament=tournament)
    if team:
        messages.success(request, _("Team %(name)s was made.") % {"name": team.name})
        return redirect("tournaments:team-list", club_slug=club.slug, pk=tournament.pk)
    return _teams_page(request, club, tournament, fmt, form=form)


def _teams_page(request, club, tournament, fmt, *, form=None, swap_form=None):
    form = form or TeamForm(tournament=tournament, per_side=fmt.per_side)
    teams = selectors.teams_of(tournament)
    without = list(selectors.entries_without_team(tournament))
    return render(
        request,
        "tournaments/teams.html",
        {
            "club": club,
            "tournament": tournament,
            # A team's name beside its players' names, unless it is just those names.
            "teams": [(team, selectors.players_beside_name(team)) for team in teams],
            "without": without,
            "drawable": sum(1 for entry in without if entry.status == Entry.Status.PRESENT)
            >= fmt.per_side,
            "finished": tournament.status == Tournament.Status.FINISHED,
            # A team needs that many players not in a team yet; else the form only refuses
            # (a posted form still shows, with its errors).
            "can_make": form.is_bound or len(without) >= fmt.per_side,
            "form": form,
            "swap_form": swap_form or TeamSwapForm(tournament=tournament),
            "can_swap": bool(teams),
        },
    )


@require_POST
@director_required
@idempotent
def team_draw(request, club, pk):
    tournament, _fmt = _fixed_teams(club, pk)
    try:
        teams = services.team_draw(tournament=tournament, actor=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request,
            ngettext("%(count)s team was drawn.", "%(count)s teams were drawn.", len(teams))
            % {"count": len(teams)},
        )
    return redirect("tournaments:team-list", club_slug=club.slug, pk=tournament.pk)


@require_POST
@director_required
@idempotent
def team_swap(request, club, pk):
    tournament, fmt = _fixed_teams(club, pk)
    form = TeamSwapForm(request.POST, tournament=tournament)
    swapped = save_form(request, form, services.team_swap, tournament=tournament)
    if swapped is None:
        return _teams_page(request, club, tournament, fmt, swap_form=form)
    first, second = swapped
    messages.success(
        request,
        _("%(first)s and %(second)s changed teams.") % {"first": first.name, "second": second.name},
    )
    return redirect("tournaments:team-list", club_slug=club.slug, pk=tournament.pk)


@require_POST
@director_required
@idempotent
def team_delete(request, club, pk, team_pk):
    tournament, _fmt = _fixed_teams(club, pk)
    team = get_object_or_404(Team, tournament=tournament, pk=team_pk)
    team.tournament = tournament
    if call_service(request, services.team_delete, team=team):
        messages.success(request, _("Team %(name)s was split.") % {"name": team.name})
    return redirect("tournaments:team-list", club_slug=club.slug, pk=tournament.pk)
