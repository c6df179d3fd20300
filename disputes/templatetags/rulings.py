"""`{% tournament_disputes tournament as disputes %}`: a tournament's saved disputes with
their rulings, for the tournament page of the tournaments app below this one, which
cannot import disputes (the layers in pyproject.toml). One query."""

from __future__ import annotations

from django import template

from .. import selectors

register = template.Library()


@register.simple_tag
def tournament_disputes(tournament) -> list:
    return selectors.tournament_disputes(tournament)
