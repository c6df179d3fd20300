"""Who may open which club page.

- A club that does not exist, or a club where the user has no role: 404, so that pages
  never reveal what another club has.
- A logged-out visitor on a page that needs a role: the login page.
- A role below what the page needs: 403.
- Site superusers count as admins of every club.
"""

from __future__ import annotations

from functools import wraps
from urllib.parse import urlsplit

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404

from .models import Club, Role


def role_level(user, club: Club) -> int | None:
    if not user.is_authenticated:
        return None
    if user.is_superuser:
        return Role.Level.ADMIN
    return Role.objects.filter(club=club, user=user).values_list("level", flat=True).first()


def club_role_required(level: Role.Level):
    """Decorate a view taking `club_slug`; the view receives `club` instead, and the
    request carries `club` and `club_role` (the user's level there)."""

    def decorator(view):
        @wraps(view)
        def wrapped(request, club_slug: str, *args, **kwargs):
            club = get_object_or_404(Club, slug=club_slug)
            if not request.user.is_authenticated:
                return _to_login(request)
            have = role_level(request.user, club)
            if have is None:
                raise Http404
            if have < level:
                raise PermissionDenied
            request.club = club
            request.club_role = have
            return view(request, *args, club=club, **kwargs)

        wrapped.required_level = level
        return wrapped

    return decorator


def is_htmx(request) -> bool:
    """Whether htmx sent the request (for a part of a page, not the whole page)."""
    return request.headers.get("HX-Request") == "true"


def _to_login(request):
    """The login page, back to this page afterwards. For an htmx part (a check-in tap, the
    clock's refresh after the session ended) the whole page goes there (HX-Redirect), back
    to the page it was part of, rather than the login form being swapped into the part."""
    if not is_htmx(request):
        return redirect_to_login(request.get_full_path())
    page = urlsplit(request.headers.get("HX-Current-URL", ""))
    back = page.path + (f"?{page.query}" if page.query else "") if page.path else "/"
    return HttpResponse(status=204, headers={"HX-Redirect": redirect_to_login(back)["Location"]})


player_required = club_role_required(Role.Level.PLAYER)
director_required = club_role_required(Role.Level.DIRECTOR)
admin_required = club_role_required(Role.Level.ADMIN)
