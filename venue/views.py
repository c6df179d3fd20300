"""Pages that help phones connect: the venue's address as a large QR code, and one
table's QR code on screen for a score sheet that got lost, for the club's directors; and
the round clock of the venue screen, for whoever may see that screen."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from clubs.access import director_required
from config.site import site_url
from scoring.links import table_url
from scoring.views.standings import director_or_public
from tournaments import clock, selectors
from tournaments.models import Seat, Table

from . import qr


def _phones_cannot_reach(url: str) -> bool:
    """Whether `url` is this laptop's loopback address, which a phone cannot open."""
    host = urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@director_required
@require_safe
def connect(request, club):
    url = site_url(request) + "/"
    return render(
        request,
        "venue/connect.html",
        {
            "club": club,
            "url": url,
            "qr": qr.svg(url),
            "venue_running": bool(settings.TROEF_VENUE_URL),  # the address site_url gave
            "unreachable": _phones_cannot_reach(url),
        },
    )


@director_required
@require_safe
def table_qr(request, club, pk):
    table = get_object_or_404(
        Table.objects.filter(round__tournament__club=club).select_related("round__tournament"),
        pk=pk,
    )
    url = table_url(site_url(request), table)
    seats = Seat.objects.filter(table=table).select_related("entry__member").order_by("position")
    return render(
        request,
        "venue/table_qr.html",
        {
            "club": club,
            "table": table,
            "round": table.round,
            "tournament": table.round.tournament,
            "names": [seat.entry.name for seat in seats],
            "url": url,
            "qr": qr.svg(url),
            "unreachable": _phones_cannot_reach(url),
        },
    )


@director_or_public
@never_cache
@require_safe
def screen_clock(request, club, pk):
    """The current round's clock alone, which the venue screen fetches with its live part
    (static/troef/venue.js) and counts down in between (static/troef/clock.js). Not
    cached: it is two queries, and its seconds change by the second."""
    tournament = get_object_or_404(selectors.club_tournament(club, pk))
    return render(
        request,
        "tournaments/_screen_clock.html",
        {"club": club, "tournament": tournament, "round": clock.current_round(tournament)},
    )


@require_safe
def favicon(request):
    """/favicon.ico, which browsers ask for on pages without an icon of their own (the
    venue screen, the admin, a PDF): Troef's icon, rather than a "Not Found" line in the
    venue's terminal each time the screen or a phone opens such a page. Not permanent:
    the icon's static name changes with its content."""
    return redirect(static("troef/favicon.svg"))
