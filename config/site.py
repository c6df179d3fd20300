"""The site's address for what is printed and shown as a link to scan: the QR codes on the
score sheets must open on a player's phone, whatever address the director's own browser
used (127.0.0.1 on the laptop is the phone itself on a player's phone).

Everything that prints or shows a table's link asks :func:`site_url`:

1. the venue's address, while a venue serves this site (``manage.py venue``);
2. else ``TROEF_SITE_URL`` when it is set (a federation's public address);
3. else the address the page was opened with (the request), or, without a request (the
   command line), ``http://127.0.0.1:8000``.

Low in the layers, so every app may ask. How a venue is found is the venue's own
knowledge (its run-file, venue.runfile): the venue app registers its answer here when it
loads (venue.apps), through :func:`register_venue_url`. Without one (a hosted site
without the venue app) the answer is the configured or the request's address.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings

#: Without a request, a venue or TROEF_SITE_URL: the address `make run` serves on.
FALLBACK_URL = "http://127.0.0.1:8000"

#: The venue's answer: the address phones reach the running venue on, or None.
_venue_url: Callable[[], str | None] | None = None


def register_venue_url(answer: Callable[[], str | None]) -> None:
    """Let `answer` tell the running venue's address (venue.apps does, at start-up)."""
    global _venue_url  # noqa: PLW0603 - set once, when the venue app loads
    _venue_url = answer


def venue_url() -> str | None:
    """The address of the venue serving this site, or None when none runs."""
    return _venue_url() if _venue_url is not None else None


def site_url(request=None) -> str:
    """The site's address for printed links, without a trailing slash (see above)."""
    url = venue_url() or settings.TROEF_SITE_URL
    if not url:
        url = request.build_absolute_uri("/") if request is not None else FALLBACK_URL
    return url.rstrip("/")
