"""The first start's other way: "Eerst proberen met de democlubs" loads the demo clubs
(demo.services) instead of setting up a club, on the same terms as set-up itself
(clubs.first_start): from this laptop, or with the venue's code; 404 once the site has a
club of its own."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import first_start, tries
from demo.clubs import DEMO_PASSWORD
from demo.services import demo_seed

#: One loading at a time: a second press (or a second browser) meanwhile is told to wait.
LOADING_KEY = "demo-loading"
LOADING_SECONDS = 10 * 60


@require_POST
@first_start.setup_page
def demo_load(request):
    if not tries.take(LOADING_KEY, limit=1, seconds=LOADING_SECONDS):
        messages.info(
            request,
            _("The demo clubs are being loaded already; open this page again in a minute."),
        )
        return redirect("clubs:front")
    try:
        ready = demo_seed()
    finally:
        tries.clear(LOADING_KEY)
    logins = ", ".join(username for demo in ready for username, _index, _level in demo.logins)
    messages.success(
        request,
        _(
            "The demo clubs are ready. Log in as one of %(logins)s with the password "
            "%(password)s. When you are ready, start your own club with the link on this page."
        )
        % {"logins": logins, "password": DEMO_PASSWORD},
    )
    return redirect("clubs:front")
