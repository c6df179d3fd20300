"""The site's address for what is printed and shown as a link to scan: the QR codes on the
score sheets must open on a player's phone, whatever address the director's own browser
used (127.0.0.1 on the laptop is the phone itself on a player's phone).

Everything that prints or shows a table's link asks :func:`site_url`:

1. ``settings.TROEF_VENUE_URL``: the address phones reach the venue on, while a venue
   serves this site (``manage.py venue`` sets it for its own process and puts it into the
   environment of the processes it starts: the web server and the worker);
2. else ``TROEF_SITE_URL`` when it is set (a federation's public address);
3. else the address the page was opened with (the request), or, without a request (the
   command line), ``http://127.0.0.1:8000``.

Low in the layers, so every app may ask; it reads settings only. How a venue is found
(its run-file) is the venue's own knowledge: the venue pushes its address down as the
setting, nothing here asks the venue.
"""

from __future__ import annotations

from django.conf import settings

#: Without a request, a venue or TROEF_SITE_URL: the address `make run` serves on.
FALLBACK_URL = "http://127.0.0.1:8000"


def site_url(request=None) -> str:
    """The site's address for printed links, without a trailing slash (see above)."""
    url = settings.TROEF_VENUE_URL or settings.TROEF_SITE_URL
    if not url:
        url = request.build_absolute_uri("/") if request is not None else FALLBACK_URL
    return url.rstrip("/")
