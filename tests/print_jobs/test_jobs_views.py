"""The director's print job pages through the test client: the buttons create a job, the
job page shows its progress, the status answers JSON, the pack downloads once the task
has run (called in this process, as the worker would), and nothing of another club's,
an unknown round or an address that is no job id is shown."""

from __future__ import annotations

import json
import uuid
from datetime import timedelta

import pytest
from django.conf import settings as django_settings
from django.template import Context, Template
from django.test import RequestFactory
from django.urls import reverse
from django.utils import timezone, translation

from clubs.models import Role
from printing import jobs
from printing.models import PrintJob
from printing.tasks import render_pack
from tests.conftest import client_for
from tests.factories import TournamentFactory, seat_round
from tests.sheets.pdf import pdf_text

Status = PrintJob.Status


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def round_url(evening, club_slug="rooi") -> str:
    return reverse(
        "printing:print-job-round",
        kwargs={
            "club_slug": club_slug,
            "pk": evening.tournament.pk,
            "number": evening.round.number,
        },
    )


def job_url(job, name="printing:print-job", club_slug="rooi") -> str:
    return reverse(name, kwargs={"club_slug": club_slug, "job_id": job.pk})


def test_the_director_prints_a_round_watches_it_and_downloads_the_pack(two_clubs):
    evening = two_clubs.evening
    client = client_for(two_clubs.director)
    response = client.post(round_url(evening))
    job = PrintJob.objects.get()
    assert response.status_code == 302
    assert response["Location"] == job_url(job)
    assert (job.status, job.round, job.created_by) == (
        Status.QUEUED,
        evening.round,
        two_clubs.director,
    )
    assert job.base_url == "http://testserver/"
    # A second click while it waits: the same job.
    assert client.post(round_url(evening))["Location"] == job_url(job)
    assert PrintJob.objects.count() == 1

    page = client.get(job_url(job))
    assert page.status_code == 200
    html = page.content.decode()
    assert "<progress" in html
    assert job_url(job, "printing:print-job-status") in html
    assert 'http-equiv="refresh"' in html  # without JavaScript the page reloads itself
    assert "print_job.js" in html
    assert "<script>" not in html  # no inline script (the site's CSP allows none)
    response = client.get(job_url(job, "printing:print-job-status"))
    with translation.override(response["Content-Language"]):
        label = str(Status.QUEUED.label)
        of = translation.gettext("%(done)s of %(total)s") % {"done": 0, "total": 0}
    assert response.json() == {
        "status": "queued",
        "label": label,
        "done": 0,
        "total": 0,
        "percent": 0,
        "text": of,
        "download_url": None,
        "error": None,
    }
    assert (
        client.get(job_url(job, "printing:print-job-download")).status_code == 404
    )  # not done yet

    result = render_pack(str(job.pk))  # what the worker does, in this process
    assert result["status"] == "done"
    job.refresh_from_db()
    assert (job.status, job.done, job.total, job.attempts) == (Status.DONE, 3, 3, 1)
    status = client.get(job_url(job, "printing:print-job-status")).json()
    assert (status["status"], status["percent"], status["done"], status["total"]) == (
        "done",
        100,
        3,
        3,
    )
    assert status["download_url"] == job_url(job, "printing:print-job-download")
    page = client.get(job_url(job)).content.decode()
    assert job_url(job, "printing:print-job-download") in page
    assert 'http-equiv="refresh"' not in page

    download = client.get(job_url(job, "printing:print-job-download"))
    assert download.status_code == 200
    assert download["Content-Type"] == "application/pdf"
    assert download["Content-Disposition"].startswith("attachment;")
    assert job.filename in download["Content-Disposition"]
    data = b"".join(download.streaming_content)
    assert data.startswith(b"%PDF")
    text = "\n".join(pdf_text(data))
    for entry in evening.entries:
        assert entry.name in text
    # Running the task again changes nothing: the job stays done with the same file.
    assert render_pack(str(job.pk))["ran"] is False
    job.refresh_from_db()
    assert job.status == Status.DONE and job.attempts == 1


def test_the_tournament_pack_button(two_clubs):
    evening = two_clubs.evening
    client = client_for(two_clubs.director)
    url = reverse(
        "printing:print-job-tournament", kwargs={"club_slug": "rooi", "pk": evening.tournament.pk}
    )
    response = client.post(url)
    job = PrintJob.objects.get()
    assert response["Location"] == job_url(job)
    assert job.kind == PrintJob.Kind.TOURNAMENT and job.round is None
    render_pack(str(job.pk))
    job.refresh_from_db()
    assert job.status == Status.DONE
    assert job.total == job.done >= 4  # draw list, two sheets, the standings


def test_a_failed_job_shows_its_message_and_a_try_again_button(two_clubs):
    evening = two_clubs.evening
    client = client_for(two_clubs.director)
    client.post(round_url(evening))
    job = PrintJob.objects.get()
    PrintJob.objects.filter(pk=job.pk).update(status=Status.FAILED, error="worker")
    html = client.get(job_url(job)).content.decode()
    assert jobs.error_message(job.__class__.objects.get()) in html
    assert f'action="{round_url(evening)}"' in html
    assert "Traceback" not in html
    status = client.get(job_url(job, "printing:print-job-status")).json()
    assert status["status"] == "failed" and status["error"] and status["download_url"] is None
    assert client.get(job_url(job, "printing:print-job-download")).status_code == 404
    # Trying again makes a new job.
    client.post(round_url(evening))
    assert PrintJob.objects.count() == 2


def test_a_job_whose_round_was_taken_back_is_gone_and_the_task_does_nothing(two_clubs, tmp_path):
    evening = two_clubs.evening
    client = client_for(two_clubs.director)
    client.post(round_url(evening))
    job = PrintJob.objects.get()
    evening.round.delete()  # the director took the draw back before the worker came
    assert not PrintJob.objects.exists()
    assert render_pack(str(job.pk)) == {"job": str(job.pk), "ran": False}
    assert not (tmp_path / "media" / "packs").exists()
    assert client.get(job_url(job)).status_code == 404


def test_bad_requests_are_refused(two_clubs):
    evening = two_clubs.evening
    client = client_for(two_clubs.director)
    tournament = evening.tournament
    # An unknown round, a round number nobody can have, another club's tournament.
    unknown = reverse(
        "printing:print-job-round", kwargs={"club_slug": "rooi", "pk": tournament.pk, "number": 99}
    )
    assert client.post(unknown).status_code == 404
    theirs = TournamentFactory(club=two_clubs.b)
    for url in (
        reverse("printing:print-job-tournament", kwargs={"club_slug": "rooi", "pk": theirs.pk}),
        reverse(
            "printing:print-job-tournament", kwargs={"club_slug": "veghel", "pk": tournament.pk}
        ),
        round_url(evening, club_slug="veghel"),
    ):
        assert client.post(url).status_code == 404, url
    # A round without tables: a friendly 400, nothing created.
    empty = seat_round(tournament, [])
    response = client.post(
        reverse(
            "printing:print-job-round",
            kwargs={"club_slug": "rooi", "pk": tournament.pk, "number": empty.number},
        )
    )
    assert response.status_code == 400
    assert "Traceback" not in response.content.decode()
    assert not PrintJob.objects.exists()
    # Job addresses that are no job, or not this club's.
    client.post(round_url(evening))
    job = PrintJob.objects.get()
    for name in ("printing:print-job", "printing:print-job-status", "printing:print-job-download"):
        for job_id in ("not-a-uuid", "0" * 200, str(uuid.uuid4())):
            url = reverse(name, kwargs={"club_slug": "rooi", "job_id": job_id})
            assert client.get(url).status_code == 404, url
        assert client.get(job_url(job, name, club_slug="veghel")).status_code == 404
        other = client_for(two_clubs.other_director)
        assert other.get(job_url(job, name)).status_code == 404
        assert other.get(job_url(job, name, club_slug="veghel")).status_code == 404


def test_players_may_not_print_or_see_jobs(two_clubs):
    evening = two_clubs.evening
    client_for(two_clubs.director).post(round_url(evening))
    job = PrintJob.objects.get()
    player = client_for(two_clubs.player)
    assert player.post(round_url(evening)).status_code == 403
    for name in ("printing:print-job", "printing:print-job-status", "printing:print-job-download"):
        assert player.get(job_url(job, name)).status_code == 403
        anon = client_for(None).get(job_url(job, name))
        assert anon.status_code == 302 and anon["Location"].startswith(reverse("site:login"))
    assert client_for(None).post(round_url(evening)).status_code == 302
    assert PrintJob.objects.count() == 1
    # A GET does not print.
    assert client_for(two_clubs.director).get(round_url(evening)).status_code == 405


@pytest.mark.parametrize("language", ["nl", "de", "en"])
def test_the_job_page_in_each_language(two_clubs, language):
    evening = two_clubs.evening
    client = client_for(two_clubs.director)
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = language
    client.post(round_url(evening))
    job = PrintJob.objects.get()
    jobs.print_job_progress(jobs.print_job_claim(str(job.pk)), 1, 3)
    response = client.get(job_url(job))
    html = response.content.decode()
    assert response["Content-Language"] == language
    assert f'<html lang="{language}">' in html
    with translation.override(language):
        running = str(Status.RUNNING.label)
        of = translation.gettext("%(done)s of %(total)s") % {"done": 1, "total": 3}
    assert running[:1].upper() + running[1:] in html
    assert of in html
    assert '<progress data-role="bar" value="1" max="3"' in html
    status = client.get(job_url(job, "printing:print-job-status")).json()
    assert (status["label"], status["text"], status["percent"]) == (running, of, 33)


def test_the_buttons_tag_shows_the_recent_jobs_to_directors_only(
    two_clubs, django_assert_num_queries
):
    evening = two_clubs.evening
    client_for(two_clubs.director).post(round_url(evening))
    job = PrintJob.objects.get()
    template = Template("{% load print_jobs %}{% print_jobs tournament round %}")

    def render_as(level, round_):
        request = RequestFactory().get("/")
        request.club = two_clubs.a
        request.club_role = level
        context = {"request": request, "tournament": evening.tournament, "round": round_}
        return template.render(Context(context))

    with django_assert_num_queries(1):
        html = render_as(Role.Level.DIRECTOR, evening.round)
    assert f'action="{round_url(evening)}"' in html
    assert job_url(job) in html
    assert "<progress" in html
    with django_assert_num_queries(1):
        whole = render_as(Role.Level.ADMIN, None)
    assert (
        reverse(
            "printing:print-job-tournament",
            kwargs={"club_slug": "rooi", "pk": evening.tournament.pk},
        )
        in whole
    )
    assert job_url(job) not in whole  # the round's job is not the tournament's
    with django_assert_num_queries(0):
        assert render_as(Role.Level.PLAYER, evening.round).strip() == ""
    PrintJob.objects.filter(pk=job.pk).update(status=Status.DONE, file="packs/x.pdf")
    assert job_url(job, "printing:print-job-download") in render_as(
        Role.Level.DIRECTOR, evening.round
    )


def test_the_status_json_is_not_cached(two_clubs):
    evening = two_clubs.evening
    client = client_for(two_clubs.director)
    client.post(round_url(evening))
    response = client.get(job_url(PrintJob.objects.get(), "printing:print-job-status"))
    assert "no-store" in response["Cache-Control"] or "no-cache" in response["Cache-Control"]
    assert json.loads(response.content)["status"] == "queued"


def test_asking_a_job_s_status_takes_nothing_back_the_director_s_button_does(
    two_clubs, settings, django_capture_on_commit_callbacks
):
    """A job whose worker died (running, its heartbeat stale): however often the job page
    asks its status, the job stays as it is and nothing is sent to the broker (a GET
    changes nothing). The page says no worker is making it and offers to send it again:
    that button (a POST) takes the job back, sends it once and shows the same job."""
    settings.PRINT_JOB_STALE_SECONDS = 30
    evening = two_clubs.evening
    client = client_for(two_clubs.director)
    client.post(round_url(evening))
    job = PrintJob.objects.get()
    dead = timezone.now() - timedelta(seconds=120)
    jobs.print_job_claim(str(job.pk), now=dead)
    PrintJob.objects.filter(pk=job.pk).update(done=3, total=10)
    before = PrintJob.objects.values().get(pk=job.pk)
    with django_capture_on_commit_callbacks(execute=True) as sent:
        for _ in range(3):
            state = client.get(job_url(job, "printing:print-job-status")).json()
            assert (state["status"], state["done"]) == ("running", 3)
        page = client.get(job_url(job)).content.decode()
    assert sent == []
    assert PrintJob.objects.values().get(pk=job.pk) == before
    assert f'action="{round_url(evening)}"' in page  # the button that sends it again
    # The status answers only GET.
    assert client.post(job_url(job, "printing:print-job-status")).status_code == 405
    assert PrintJob.objects.values().get(pk=job.pk) == before

    with django_capture_on_commit_callbacks() as sent:
        response = client.post(round_url(evening))
    assert response.status_code == 302 and response["Location"] == job_url(job)
    assert len(sent) == 1
    job.refresh_from_db()
    assert (job.status, job.done, job.attempts) == (Status.QUEUED, 0, 1)
    assert PrintJob.objects.count() == 1
