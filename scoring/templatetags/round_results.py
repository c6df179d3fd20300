"""`{% round_results round director %}`: each table of a round with its result status
(scoring/_round_results.html), for the round page of the tournaments app below this
one, which cannot import scoring (the layers in pyproject.toml). Three queries whatever
the number of tables (selectors.round_tables_seen_by, as the results pages)."""

from __future__ import annotations

from django import template

from ..selectors import round_tables_seen_by

register = template.Library()


@register.inclusion_tag("scoring/_round_results.html", takes_context=True)
def round_results(context, round_, director=False):
    """`director`: the page is a director's, who gets each table's links and, for an
    open entry, whether they may confirm it from this browser."""
    request = context["request"]
    return {
        "round": round_,
        "director": director,
        "tables": round_tables_seen_by(request, round_, director=director),
        "request": request,
        "csrf_token": context.get("csrf_token"),
    }
