"""Links from a lower app's page to a higher app's page, without the lower app naming the
higher one's route (tests/test_url_layers.py: a template or module names routes of its
own layer or below only).

The higher app says, when it loads (its AppConfig.ready), which of its routes stands for
a page the apps below link to: evenings registers "round" as its round page, and the
results page of scoring, below it, links back with ``{% page_url 'round' ... %}``
(clubs.templatetags.pages) or :func:`page_url`. A page nobody registered is an error, not
a missing link: every app of the site is always installed.

Low in the layers, beside config.site, so every app may ask.
"""

from __future__ import annotations

from django.urls import reverse

#: A page's key -> the route ("app:name") of the app that registered it.
_pages: dict[str, str] = {}


def register(**pages: str) -> None:
    """Let each key stand for its route: ``register(round="evenings:round-detail")``."""
    _pages.update(pages)


def page_url(key: str, *args) -> str:
    """The URL of the page registered as `key`, with the route's arguments."""
    try:
        route = _pages[key]
    except KeyError:
        raise LookupError(f"no app registered the page {key!r} (config.pages)") from None
    return reverse(route, args=args)


def registered() -> dict[str, str]:
    """Every page registered so far: key -> route (for tests/test_url_layers.py)."""
    return dict(_pages)
