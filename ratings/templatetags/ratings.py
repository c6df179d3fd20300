"""{% player_ratings member %}: a player's ratings with their history, for the player's
page (scoring's template), so that scoring does not import the ratings app above it."""

from __future__ import annotations

from django import template
from django.utils.formats import date_format
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from scoring import charts

from .. import selectors, services
from ..models import game_titles

register = template.Library()


@register.inclusion_tag("ratings/_player.html")
def player_ratings(member):
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
    return {"ratings": shown, "updating": bool(waiting)}
