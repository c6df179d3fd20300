"""The season pages: the list, adding and editing, and a season's page."""

from __future__ import annotations

import copy

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe
from django_tables2 import RequestConfig

from clubs.access import director_required, player_required
from clubs.forms import posted

from .. import selectors, services
from ..forms import (
    SeasonForm,
)
from ..tables import SeasonTable
from .common import is_club_director, save_form


@player_required
@require_safe
def season_list(request, club):
    is_director = is_club_director(request)
    table = SeasonTable(selectors.season_list(club), can_edit=is_director)
    RequestConfig(request, paginate=False).configure(table)
    return render(
        request,
        "tournaments/season_list.html",
        {"club": club, "table": table, "is_director": is_director},
    )


@director_required
@require_http_methods(["GET", "POST"])
def season_add(request, club):
    form = SeasonForm(posted(request))
    season = save_form(request, form, services.season_create, club=club)
    if season:
        messages.success(request, _("%(name)s was created.") % {"name": season.name})
        return redirect("tournaments:season-list", club_slug=club.slug)
    return render(request, "tournaments/season_form.html", {"club": club, "form": form})


@director_required
@require_http_methods(["GET", "POST"])
def season_edit(request, club, pk):
    season = get_object_or_404(selectors.club_season(club, pk))
    form = SeasonForm(posted(request), instance=copy.copy(season))
    saved = save_form(request, form, services.season_update, season=season)
    if saved:
        messages.success(request, _("%(name)s was saved.") % {"name": saved.name})
        return redirect("tournaments:season-list", club_slug=club.slug)
    return render(
        request, "tournaments/season_form.html", {"club": club, "form": form, "season": season}
    )


@player_required
@require_safe
def season_detail(request, club, pk):
    """The season's evenings. (The standings pages replace this with the season's
    standings under the same URL name.)"""
    season = get_object_or_404(selectors.club_season(club, pk))
    return render(
        request,
        "tournaments/season_detail.html",
        {
            "club": club,
            "season": season,
            "tournaments": selectors.season_tournaments(season),
            "is_director": is_club_director(request),
        },
    )
