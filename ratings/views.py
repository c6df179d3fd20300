"""The rating pages: a club's rating list per game, the site's list per game across the
clubs that share their standings, and a player's
ratings with their history, the part of the player's page that ratings owns (scoring's page
fetches it with htmx: scoring sits below ratings).

Views stay thin: the reads are in ratings.selectors; ratings.services.refresh brings the
game's ratings up to date first (or says that the worker is at it).
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import path
from django.utils.formats import date_format
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from clubs.access import player_required
from clubs.models import Member
from clubs.views import ClubTableView, TableView
from games import registry
from scoring import charts

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


@player_required
@require_safe
def player_ratings(request, club, pk):
    """A player's ratings with their history: the part of the player's page
    (templates/scoring/standings/player.html) that fetches it with htmx."""
    member = get_object_or_404(Member, club=club, pk=pk)
    titles = game_titles()
    waiting = services.refresh(list(titles))
    shown = []
    for item in selectors.player_ratings(member):
        title = titles.get(item.game, item.game)
        labels = [date_format(point.tournament.date, "SHORT_DATE_FORMAT") for point in item.history]
        svg = charts.line_chart(
            labels,
            [point.shown for point in item.history],
            ident=f"rating-{item.game}",
            title=_("%(game)s rating of %(name)s") % {"game": title, "name": member.name},
            desc=_("The rating after each tournament that counted, from %(first)s to %(last)s.")
            % {"first": labels[0] if labels else "", "last": labels[-1] if labels else ""},
        )
        shown.append(
            {
                "title": title,
                "rating": item.rating,
                "history": item.history,
                "chart": mark_safe(svg),  # noqa: S308 - built by scoring.charts, texts escaped
            }
        )
    context = {"ratings": shown, "updating": bool(waiting)}
    return render(request, "ratings/_player.html", context)


urlpatterns = [
    path("c/<slug:club_slug>/players/<int:pk>/ratings/", player_ratings, name="player-ratings"),
    path("c/<slug:club_slug>/ratings/", club_ratings, name="club-ratings"),
    path("ratings/", site_ratings, name="site-ratings"),
]
