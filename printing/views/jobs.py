"""Print jobs in the site: the director asks for a round's or the tournament's pack, the
job page shows its progress (a small script asks the status endpoint every second;
without JavaScript the page reloads itself) and offers the download when it is done.

Only directors of the job's club see or download a job; another club's job, an
unknown one and an address that is no job id at all answer 404.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import FileResponse, Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from clubs.access import director_required
from clubs.models import Club
from config.pages import page_url
from tournaments import selectors as tournament_selectors
from tournaments.models import Round, Tournament

from .. import jobs
from ..models import PrintJob
from .sheets import base_url

#: Seconds between the job page's reloads when the browser runs no JavaScript.
NO_SCRIPT_REFRESH = 2


def _tournament(club: Club, pk: int) -> Tournament:
    return get_object_or_404(tournament_selectors.club_tournament(club, pk))


def _job(club: Club, job_id: str) -> PrintJob:
    pk = jobs.parse_job_id(job_id)
    if pk is None:
        raise Http404
    return get_object_or_404(
        PrintJob.objects.select_related("tournament", "round"), club=club, pk=pk
    )


def _back(club: Club, tournament: Tournament, round_: Round | None) -> str:
    """The page the pack is printed from: the round's, or the tournament's."""
    if round_ is None:
        return tournament.get_absolute_url()
    return page_url("round", club.slug, tournament.pk, round_.number)


def _create(request, club: Club, tournament: Tournament, round_: Round | None):
    try:
        job = jobs.print_job_create(
            tournament=tournament, round=round_, user=request.user, base_url=base_url(request)
        )
    except ValidationError as error:
        back = _back(club, tournament, round_)
        return render(
            request,
            "printing/jobs/refused.html",
            {"club": club, "tournament": tournament, "errors": error.messages, "back": back},
            status=400,
        )
    return redirect("printing:print-job", club_slug=club.slug, job_id=job.pk)


@require_POST
@director_required
def print_job_round(request, club, pk: int, number: int):
    tournament = _tournament(club, pk)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    return _create(request, club, tournament, round_)


@require_POST
@director_required
def print_job_tournament(request, club, pk: int):
    return _create(request, club, _tournament(club, pk), None)


def _status(club: Club, job: PrintJob) -> dict:
    done = job.status == PrintJob.Status.DONE
    return {
        "status": job.status,
        "label": str(job.get_status_display()),
        "done": job.done,
        "total": job.total,
        "percent": job.percent,
        "text": _("%(done)s of %(total)s") % {"done": job.done, "total": job.total},
        "download_url": (
            reverse(
                "printing:print-job-download", kwargs={"club_slug": club.slug, "job_id": job.pk}
            )
            if done
            else None
        ),
        "error": jobs.error_message(job) if job.status == PrintJob.Status.FAILED else None,
    }


@never_cache
@require_safe
@director_required
def print_job_page(request, club, job_id: str):
    job = _job(club, job_id)
    tournament = job.tournament
    tournament.club = club
    if job.round is not None:
        again = reverse(
            "printing:print-job-round",
            kwargs={"club_slug": club.slug, "pk": tournament.pk, "number": job.round.number},
        )
    else:
        again = reverse(
            "printing:print-job-tournament", kwargs={"club_slug": club.slug, "pk": tournament.pk}
        )
    now = timezone.now()
    waiting_long = (
        job.status == PrintJob.Status.QUEUED
        and job.created_at < now - timedelta(seconds=settings.PRINT_JOB_QUEUED_SECONDS)
    ) or (
        # Its worker stopped beating: no worker may be running to take it back.
        job.status == PrintJob.Status.RUNNING
        and job.heartbeat is not None
        and job.heartbeat < now - timedelta(seconds=settings.PRINT_JOB_STALE_SECONDS)
    )
    return render(
        request,
        "printing/jobs/job.html",
        {
            "club": club,
            "job": job,
            "tournament": tournament,
            "state": _status(club, job),
            "status_url": reverse(
                "printing:print-job-status", kwargs={"club_slug": club.slug, "job_id": job.pk}
            ),
            "again": again,
            "back": _back(club, tournament, job.round),
            "refresh": NO_SCRIPT_REFRESH,
            "waiting_long": waiting_long,
        },
    )


@never_cache
@require_safe
@director_required
def print_job_status(request, club, job_id: str):
    # Only reads: a job of a dead worker is taken back by the workers' reaper, or by
    # the director's button (a POST, print_job_create), never by a page that polls.
    return JsonResponse(_status(club, _job(club, job_id)))


@require_safe
@director_required
def print_job_download(request, club, job_id: str):
    job = _job(club, job_id)
    if job.status != PrintJob.Status.DONE or not job.file:
        raise Http404
    root = (Path(settings.MEDIA_ROOT) / jobs.PACK_DIR).resolve()
    file = (Path(settings.MEDIA_ROOT) / job.file).resolve()
    if file.parent != root or not file.is_file():
        raise Http404
    return FileResponse(
        file.open("rb"),
        as_attachment=True,
        filename=job.filename or "troef.pdf",
        content_type="application/pdf",
    )


T = "c/<slug:club_slug>/tournaments/<int:pk>/"
J = "c/<slug:club_slug>/print-jobs/<str:job_id>/"

urlpatterns = [
    path(T + "rounds/<int:number>/print/", print_job_round, name="print-job-round"),
    path(T + "print/", print_job_tournament, name="print-job-tournament"),
    path(J, print_job_page, name="print-job"),
    path(J + "status/", print_job_status, name="print-job-status"),
    path(J + "download/", print_job_download, name="print-job-download"),
]
