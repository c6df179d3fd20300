"""Authentication helpers shared by the login limit and the views."""

from __future__ import annotations

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username
from axes.models import AccessAttempt
from axes.signals import user_locked_out
from django.conf import settings
from django.db.models import Sum
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


def address_failures(request: HttpRequest) -> int:
    """Wrong passwords from the caller's address over every user name, counted as
    django-axes counts them for one user name: a name's failures count until 15 minutes
    (AXES_COOLOFF_TIME) pass without a new one for that name and address."""
    total = AccessAttempt.objects.filter(
        ip_address=request.axes_ip_address,
        attempt_time__gte=get_cool_off_threshold(request),
    ).aggregate(failures=Sum("failures_since_start"))["failures"]
    return total or 0


class LoginLimitHandler(AxesDatabaseHandler):
    """django-axes' database handler with a second, higher limit per address.

    Axes itself has one failure limit: AXES_LOCKOUT_PARAMETERS may list several
    parameter sets (e.g. `[["username", "ip_address"], "ip_address"]`), but it compares
    the highest of their counts with the same AXES_FAILURE_LIMIT. Troef wants 10 per
    user name and address, and LOGIN_ADDRESS_FAILURE_LIMIT (50) per address over all
    user names, so that many phones behind one venue's address are not locked out by a
    few typos while a password spray from one address is. Axes keeps counting per user
    name and address (its records are the count); this handler adds the per-address
    check when a login is tried and when a failure is recorded.
    """

    def is_locked(self, request, credentials=None) -> bool:
        if super().is_locked(request, credentials):
            return True
        if address_failures(request) >= settings.LOGIN_ADDRESS_FAILURE_LIMIT:
            request.troef_address_locked = True
            return True
        return False

    def user_login_failed(self, sender, credentials, request=None, **kwargs):
        super().user_login_failed(sender, credentials, request, **kwargs)
        # Axes has recorded this failure (unless the caller was locked out already or is
        # on its allow list); lock the address when it reached its limit with it.
        if (
            request is None
            or request.axes_locked_out
            or self.is_whitelisted(request, credentials)
            or address_failures(request) < settings.LOGIN_ADDRESS_FAILURE_LIMIT
        ):
            return
        request.troef_address_locked = True
        request.axes_locked_out = True
        request.axes_credentials = credentials
        user_locked_out.send(
            "axes",
            request=request,
            username=get_client_username(request, credentials),
            ip_address=request.axes_ip_address,
        )
