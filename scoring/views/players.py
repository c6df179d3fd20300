"""A player's personal code and QR code: the link that ties a phone to a player, the
director's page of a tournament's codes (a new code, the check-in slips), and the slips
as PDF (printing.views.sheets).

A code reaches its player privately: on their own "my results" page when logged in, and
on their check-in slip; never on a sheet or screen the whole table sees. The director's
page lists who has a login, never the codes.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from clubs.access import director_required
from clubs.models import Club
from tournaments import selectors as tournament_selectors
from tournaments.models import Entry

from .. import services
from ..actors import still_linked
from ..links import (
    DEVICE_MAX_AGE,
    device_cookie_name,
    device_cookie_value,
    player_from_token,
)
from ..selectors import player_by_key

# --- a phone linked to a player ---------------------------------------------------------------


@require_http_methods(["GET"])
def player_device_link(request, club_slug: str, token: str) -> HttpResponse:
    """A personal QR code opened: this phone is that player's at the club from now on
    (a signed cookie), until their code is renewed."""
    club = get_object_or_404(Club, slug=club_slug)
    found = player_from_token(token)
    if found is None or not still_linked(club, *found):
        return render(request, "scoring/results/player_link.html", {"club": club}, status=404)
    key, fingerprint = found
    name = player_by_key(club, key)
    response = render(
        request, "scoring/results/player_link.html", {"club": club, "name": name, "linked": True}
    )
    response.set_cookie(
        device_cookie_name(club.pk),
        device_cookie_value(key, fingerprint),
        max_age=DEVICE_MAX_AGE,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
    return response


# --- the director's page of a tournament's codes -----------------------------------------------


@director_required
@require_http_methods(["GET", "POST"])
def tournament_codes(request, club, pk: int) -> HttpResponse:
    """The tournament's players: print one's check-in slip, or every slip of guests and
    members without a login; make a new personal code for one (POST)."""
    tournament = get_object_or_404(tournament_selectors.club_tournament(club, pk))
    here = reverse("scoring:tournament-codes", kwargs={"club_slug": club.slug, "pk": tournament.pk})
    if request.method == "POST":
        entry = (
            Entry.objects.filter(tournament=tournament, pk=request.POST.get("player") or 0)
            .select_related("member", "tournament__club")
            .first()
        )
        if entry is None:
            return HttpResponse(_("Choose a player of this tournament."), status=400)
        try:
            services.personal_code_renew(entry=entry, actor=request.user)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(
                request,
                _(
                    "%(name)s has a new personal code: their old code, QR code and linked "
                    "phones no longer work. Print their new slip."
                )
                % {"name": entry.name},
            )
        return redirect(here)
    entries = (
        Entry.objects.filter(tournament=tournament)
        .select_related("member")
        .order_by("member__name", "guest_name")
    )
    return render(
        request,
        "scoring/results/codes.html",
        {"club": club, "tournament": tournament, "entries": entries},
    )


urlpatterns = [
    path("c/<slug:club_slug>/me/<str:token>/", player_device_link, name="player-device-link"),
    path(
        "c/<slug:club_slug>/tournaments/<int:pk>/codes/", tournament_codes, name="tournament-codes"
    ),
]
