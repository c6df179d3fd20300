"""The club home's evenings: the club pages (clubs.views) know nothing of tournaments, so
the home template asks for them here."""

from __future__ import annotations

from django import template

from .. import selectors

register = template.Library()


@register.simple_tag
def open_evenings(club, member, is_director):
    """The club's planned and running tournaments: all of them for a director, the ones
    `member` is entered in for a player."""
    return list(selectors.open_evenings(club, member, everyone=bool(is_director)))
