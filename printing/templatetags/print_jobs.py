"""`{% print_jobs tournament round %}`: the director's print button for a round's pack (or,
with round None, the whole tournament's) and the last few jobs with their progress.

Shown to directors only (the page's `request.club_role`, set by clubs.access); one query
for the recent jobs."""

from __future__ import annotations

from django import template

from clubs.models import Role

from ..models import PrintJob

register = template.Library()

#: How many recent jobs the buttons list.
RECENT_JOBS = 3


@register.inclusion_tag("printing/jobs/_buttons.html", takes_context=True)
def print_jobs(context, tournament, round=None):
    request = context.get("request")
    level = getattr(request, "club_role", None)
    if tournament is None or level is None or level < Role.Level.DIRECTOR:
        return {"show": False}
    club_slug = request.club.slug if getattr(request, "club", None) else tournament.club.slug
    jobs = PrintJob.objects.filter(tournament=tournament, round=round)  # None: IS NULL
    return {
        "show": True,
        "tournament": tournament,
        "round": round,
        "club_slug": club_slug,
        "jobs": list(jobs.order_by("-created_at")[:RECENT_JOBS]),
        "csrf_token": context.get("csrf_token"),
    }
