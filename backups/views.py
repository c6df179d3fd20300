"""The club admins' export button (club settings): the club's whole history as one
archive, as export_club writes it, never with password hashes."""

from __future__ import annotations

import tempfile
from pathlib import Path

from django.http import HttpResponse
from django.shortcuts import render
from django.urls import path
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from clubs.access import admin_required

from .clubs import club_export


@admin_required
@require_http_methods(["GET", "POST"])
def club_export_view(request, club):
    if request.method == "POST":
        name = f"{club.slug}-{timezone.localdate():%Y-%m-%d}.troef-club.zip"
        # a club's archive is small (a few hundred kB for years of evenings): read whole,
        # so the temporary folder goes at once (Windows cannot remove an open file)
        with tempfile.TemporaryDirectory(prefix="troef-export-") as work:
            target = club_export(club=club, target=Path(work) / name, actor=request.user)
            data = target.read_bytes()
        response = HttpResponse(data, content_type="application/zip")
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response
    return render(request, "backups/club_export.html", {"club": club})


urlpatterns = [
    path("c/<slug:club_slug>/settings/export/", club_export_view, name="club-export"),
]
