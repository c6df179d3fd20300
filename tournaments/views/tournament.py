"""The tournament pages: the list, adding and editing. (The tournament's own page, with
its rounds and buttons, is the evening's: evenings.views.)"""

from __future__ import annotations

import copy

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from clubs import selectors as club_selectors
from clubs.access import director_required, player_required
from clubs.forms import posted
from clubs.views import ClubTableView

from .. import selectors, services
from ..filters import TournamentFilter
from ..forms import (
    TournamentForm,
)
from ..tables import TournamentTable
from .common import is_club_director, save_form, tournament_of


class TournamentListView(ClubTableView):
    table_class = TournamentTable
    filterset_class = TournamentFilter
    template_name = "tournaments/tournament_list.html"
    export_name = "tournaments"

    def get_queryset(self):
        return selectors.tournament_list(self.club)

    def get_context_data(self, **kwargs):
        return super().get_context_data(is_director=is_club_director(self.request), **kwargs)


tournament_list = player_required(TournamentListView.as_view())


def _tournament_form_page(request, club, form, tournament=None):
    return render(
        request,
        "tournaments/tournament_form.html",
        {"club": club, "form": form, "tournament": tournament},
    )


@director_required
@require_http_methods(["GET", "POST"])
def tournament_add(request, club):
    form = TournamentForm(posted(request), club=club)
    tournament = save_form(request, form, services.tournament_create, club=club)
    if tournament:
        messages.success(request, _("%(name)s was created.") % {"name": tournament.name})
        return redirect(tournament)
    return _tournament_form_page(request, club, form)


@director_required
@require_http_methods(["GET", "POST"])
def tournament_edit(request, club, pk):
    tournament = tournament_of(club, pk)
    # The form edits a copy, so that the service still sees the values before the edit.
    form = TournamentForm(
        posted(request),
        instance=copy.copy(tournament),
        club=club,
        drawn=selectors.has_rounds(tournament),
    )
    saved = save_form(request, form, services.tournament_update, tournament=tournament)
    if saved:
        messages.success(request, _("%(name)s was saved.") % {"name": saved.name})
        return redirect(saved)
    return _tournament_form_page(request, club, form, tournament)


@player_required
@require_safe
def club_evenings(request, club):
    """The club home's evenings (clubs/home.html fetches them with htmx): the planned and
    running tournaments, all of them for a director, a player's own for a player. Owned
    here, as clubs (the lowest app) knows nothing of tournaments."""
    director = is_club_director(request)
    member = club_selectors.member_of_user(club, request.user)
    evenings = list(selectors.open_evenings(club, member, everyone=director))
    return render(
        request,
        "tournaments/_club_evenings.html",
        {"club": club, "evenings": evenings, "is_director": director},
    )
