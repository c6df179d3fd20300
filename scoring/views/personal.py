"""The player's personal code and its QR code, as their own page shows them."""

from __future__ import annotations

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from clubs.models import Club, Member
from config.site import site_url

from .. import services
from ..links import player_key, player_link
from ..qr import dark_runs


def qr_svg(data: str, *, label: str) -> SafeString:
    """`data` as a QR code drawn in SVG (no image files, no script): for a page."""
    n, runs = dark_runs(data)
    quiet = 4
    path_data = " ".join(
        f"M{col + quiet} {n - 1 - row + quiet}h{length}v1h-{length}z" for col, row, length in runs
    )
    size = n + 2 * quiet
    return format_html(
        '<svg class="qr" role="img" aria-label="{}" viewBox="0 0 {} {}" width="200" '
        'height="200" shape-rendering="crispEdges"><rect width="100%" height="100%" '
        'fill="#fff"/><path d="{}" fill="#000"/></svg>',
        label,
        size,
        size,
        mark_safe(path_data),  # noqa: S308 - numbers and letters made here
    )


def personal_context(request, club: Club, member: Member) -> dict:
    """What the player's own page shows of their personal code and QR code."""
    code = services.member_code(member)
    link = site_url(request) + player_link(club.slug, player_key(member.pk, 0), code)
    return {"code": code, "qr": qr_svg(link, label=_("Your personal QR code"))}
