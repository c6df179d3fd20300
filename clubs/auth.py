"""Authentication helpers shared by the login limit and the views."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    """The caller's address, for the login limit.

    REMOTE_ADDR unless TRUSTED_PROXY_COUNT proxies sit in front: then the address that
    the outermost trusted proxy saw, so a client cannot pick its own address by sending a
    forged X-Forwarded-For header.
    """
    count = settings.TRUSTED_PROXY_COUNT
    if count:
        hops = [
            hop.strip()
            for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
            if hop.strip()
        ]
        if len(hops) >= count:
            return hops[-count]
    return request.META.get("REMOTE_ADDR", "")
