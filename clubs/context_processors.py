from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from .models import Role

# (url name, label, lowest role that sees it)
CLUB_NAV = [
    ("club-home", _("Club home"), Role.Level.PLAYER),
    ("member-list", _("Members"), Role.Level.DIRECTOR),
    ("dispute-index", _("Disputes"), Role.Level.DIRECTOR),
    ("role-list", _("Roles"), Role.Level.ADMIN),
    ("action-log", _("Action log"), Role.Level.DIRECTOR),  # directors: the evenings
    ("club-settings", _("Settings"), Role.Level.ADMIN),
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
