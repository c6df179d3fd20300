"""``{% page_url 'round' club.slug tournament.pk round.number %}``: the URL of a higher
app's page that registered itself in config.pages, for the templates of the apps below it
(clubs is the lowest app, so every template may load this)."""

from __future__ import annotations

from django import template

from config import pages

register = template.Library()


@register.simple_tag
def page_url(key: str, *args) -> str:
    return pages.page_url(key, *args)
