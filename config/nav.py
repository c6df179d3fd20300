"""The club menu of every page behind clubs.access: the site's own menu, at the top of
the layers with config.urls, since it links to the pages of every app
(tests/test_url_layers.py)."""

from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from clubs.models import Role

# (url name, label, lowest role that sees it)
CLUB_NAV = [
    ("clubs:club-home", _("Club home"), Role.Level.PLAYER),
    ("clubs:member-list", _("Members"), Role.Level.DIRECTOR),
    ("disputes:dispute-index", _("Disputes"), Role.Level.DIRECTOR),
    ("clubs:role-list", _("Roles"), Role.Level.ADMIN),
    ("clubs:action-log", _("Action log"), Role.Level.DIRECTOR),  # directors: the evenings
    ("clubs:club-settings", _("Settings"), Role.Level.ADMIN),
]


def club_nav(request):
    """The club menu for pages behind clubs.access, showing what the user's role may
    open."""
    level = getattr(request, "club_role", None)
    if level is None:
        return {}
    club = request.club
    current = request.resolver_match.url_name if request.resolver_match else None
    return {
        "club_nav": [
            {
                "url": reverse(name, kwargs={"club_slug": club.slug}),
                "label": label,
                "current": name == current,
            }
            for name, label, needed in CLUB_NAV
            if level >= needed
        ]
    }
