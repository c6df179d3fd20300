"""Links from a lower app's page to a higher app's page, without the lower app naming the
higher one's route (tests/test_url_layers.py: a template or module names routes of its
own layer or below only).

The site's table of such pages is the setting ``TROEF_PAGES`` (config/settings.py): a key
for what a page is ("round", "tournament", "table_qr" ...) -> the route ("app:name") of
the app that owns it. The site sets it, as config/urls.py puts the apps together; no app
registers anything at run time (ARCHITECTURE.md: nothing reaches up at run time). The
results page of scoring links back to the round with ``{% page_url 'round' ... %}``
(clubs.templatetags.pages) or :func:`page_url`. A key not in the table is an error, not a
missing link: every app of the site is always installed.

Low in the layers, beside config.site, so every app may ask.
"""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse


def page_url(key: str, *args) -> str:
    """The URL of the page `key` stands for, with the route's arguments."""
    try:
        route = settings.TROEF_PAGES[key]
    except KeyError:
        raise LookupError(f"the site names no page {key!r} (TROEF_PAGES, config.pages)") from None
    return reverse(route, args=args)


def registered() -> dict[str, str]:
    """Every page of the table: key -> route (for tests/test_url_layers.py)."""
    return dict(settings.TROEF_PAGES)
