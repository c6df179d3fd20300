"""The rating pages: a club's rating list per game, the site's list per game across the
clubs that share their standings, and (through the `ratings` template tag) a player's
ratings with their history on the player's page.

Views stay thin: the reads are in ratings.selectors; ratings.services.refresh brings the
game's ratings up to date first (or says that the worker is at it).
"""

from __future__ import annotations

from django.http import Http404
from django.urls import path

from clubs.access import player_required
from clubs.views import ClubTableView, TableView
from games import registry

from . import selectors, services
from .core import PROVISIONAL_GAMES, SHOWN_BASE
from .filters import RatingFilter
from .models import game_titles
from .tables import RatingTable, SiteRatingTable


def _game(request) -> str:
    """The game asked for (?game=), the first one when none; 404 for an unknown one."""
    game = request.GET.get("game") or registry.available()[0]
    if game not in game_titles():
        raise Http404
    return game


class _RatingPage:
    """What the club's and the site's list share: the game, its tabs, the update."""

    template_name = "ratings/list.html"
    filterset_class = RatingFilter

    def dispatch(self, request, *args, **kwargs):
        self.game = _game(request)
        self.updating = services.refresh([self.game]).get(self.game)
        return super().dispatch(request, *args, **kwargs)

    def rating_context(self) -> dict:
        return {
            "game": self.game,
            "game_title": game_titles()[self.game],
            "games": list(game_titles().items()),
            "updating": self.updating,
            "provisional_games": PROVISIONAL_GAMES,
            "base": SHOWN_BASE,
        }


class ClubRatingList(_RatingPage, ClubTableView):
    table_class = RatingTable
    export_name = "ratings"

    def get_queryset(self):
        return selectors.club_list(self.club, self.game)

    def get_context_data(self, **kwargs):
        return super().get_context_data(**self.rating_context(), **kwargs)

    def get_export_filename(self, export_format):
        return f"{self.club.slug}-ratings-{self.game}.{export_format}"


class SiteRatingList(_RatingPage, TableView):
    table_class = SiteRatingTable
    per_page = 50

    def get_queryset(self):
        return selectors.site_list(self.game)

    def get_table_kwargs(self):
        return {"link": False}

    def get_context_data(self, **kwargs):
        return super().get_context_data(**self.rating_context(), site=True, **kwargs)

    def get_export_filename(self, export_format):
        return f"troef-ratings-{self.game}.{export_format}"


club_ratings = player_required(ClubRatingList.as_view())
site_ratings = SiteRatingList.as_view()

urlpatterns = [
    path("c/<slug:club_slug>/ratings/", club_ratings, name="club-ratings"),
    path("ratings/", site_ratings, name="site-ratings"),
]
