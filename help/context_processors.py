"""The "?" in every page's header: the help for the page being shown."""

from __future__ import annotations

from django.urls import reverse

from .sections import PAGE_HELP


def help_link(request) -> dict:
    """``help_url``: the section (and place in it) of :data:`help.sections.PAGE_HELP`
    for the page's URL name (namespaced, as view_name is), else the help's index."""
    match = getattr(request, "resolver_match", None)
    target = PAGE_HELP.get(match.view_name if match else "", "")
    if not target:
        return {"help_url": reverse("help:help-index")}
    slug, _sep, anchor = target.partition("#")
    url = reverse("help:help-section", args=[slug])
    return {"help_url": f"{url}#{anchor}" if anchor else url}
