"""Print job services with the database: creating (and not twice), claiming (one run
wins), progress of a run that lost its job, and the reaper that takes back the jobs of
dead workers (printing.jobs)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone, translation

from clubs.models import ActionLog
from printing import jobs
from printing.models import PrintJob
from tests.factories import EntryFactory, TournamentFactory, seat_round

Status = PrintJob.Status


@pytest.fixture
def evening(two_clubs):
    return two_clubs.evening


def create_print_job(evening, director, **kwargs):
    return jobs.print_job_create(
        tournament=evening.tournament,
        round=kwargs.get("round", evening.round),
        user=director,
        base_url="https://troef.example/",
    )


def test_a_job_is_queued_logged_and_sent_when_the_transaction_commits(
    two_clubs, evening, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks() as sent:
        job = create_print_job(evening, two_clubs.director)
    assert len(sent) == 1
    job.refresh_from_db()
    assert (job.status, job.kind, job.round, job.club) == (
        Status.QUEUED,
        PrintJob.Kind.ROUND,
        evening.round,
        two_clubs.a,
    )
    assert (job.attempts, job.done, job.created_by) == (0, 0, two_clubs.director)
    assert job.heartbeat is not None
    log = ActionLog.objects.get(action="print.requested")
    assert log.club == two_clubs.a
    assert log.actor == two_clubs.director
    assert log.data["job"] == str(job.pk)
    assert log.data["round"] == evening.round.number


def test_a_double_click_makes_one_job_and_a_finished_job_makes_room_for_a_new_one(
    two_clubs, evening, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks() as sent:
        first = create_print_job(evening, two_clubs.director)
        second = create_print_job(evening, two_clubs.director)
    assert second.pk == first.pk
    assert len(sent) == 1
    assert PrintJob.objects.count() == 1
    # The tournament's pack is another pack: its own job.
    whole = jobs.print_job_create(
        tournament=evening.tournament, user=two_clubs.director, base_url="https://t.example/"
    )
    assert whole.pk != first.pk
    assert whole.kind == PrintJob.Kind.TOURNAMENT and whole.round is None
    PrintJob.objects.filter(pk=first.pk).update(status=Status.DONE)
    third = create_print_job(evening, two_clubs.director)
    assert third.pk not in (first.pk, whole.pk)


def test_a_round_of_another_tournament_or_without_tables_is_refused(two_clubs, evening):
    other = TournamentFactory(club=two_clubs.a)
    with pytest.raises(ValidationError):
        jobs.print_job_create(
            tournament=other, round=evening.round, user=two_clubs.director, base_url="x"
        )
    empty = seat_round(other, [])
    with pytest.raises(ValidationError) as refused:
        jobs.print_job_create(tournament=other, round=empty, user=two_clubs.director, base_url="x")
    assert refused.value.code == "undrawn"
    with pytest.raises(ValidationError):  # a tournament with no table at all
        jobs.print_job_create(tournament=other, user=two_clubs.director, base_url="x")
    assert not PrintJob.objects.exists()
    assert not ActionLog.objects.filter(action="print.requested").exists()


def test_two_claims_of_one_job_one_wins(two_clubs, evening):
    job = create_print_job(evening, two_clubs.director)
    first = jobs.print_job_claim(str(job.pk), task_id="a")
    second = jobs.print_job_claim(str(job.pk), task_id="b")
    assert first is not None and second is None
    job.refresh_from_db()
    assert (job.status, job.attempts, job.task_id) == (Status.RUNNING, 1, "a")


def test_a_done_or_failed_job_is_not_run_again(two_clubs, evening):
    job = create_print_job(evening, two_clubs.director)
    for status in (Status.DONE, Status.FAILED):
        PrintJob.objects.filter(pk=job.pk).update(status=status, heartbeat=None)
        assert jobs.print_job_claim(str(job.pk)) is None
        job.refresh_from_db()
        assert job.status == status and job.attempts == 0


def test_a_stale_run_is_taken_over_and_the_old_run_can_no_longer_write(
    two_clubs, evening, settings
):
    settings.PRINT_JOB_STALE_SECONDS = 30
    job = create_print_job(evening, two_clubs.director)
    then = timezone.now() - timedelta(seconds=60)
    old = jobs.print_job_claim(str(job.pk), now=then)
    jobs.print_job_progress(old, 3, 10, now=then)
    # Within the heartbeat's reach nobody else may claim it; after it, the next run may.
    assert jobs.print_job_claim(str(job.pk), now=then + timedelta(seconds=10)) is None
    new = jobs.print_job_claim(str(job.pk))
    assert new is not None and new.attempts == 2
    with pytest.raises(jobs.JobTakenOverError):
        jobs.print_job_progress(old, 4, 10)
    assert not jobs.print_job_finish(old, file="packs/x.pdf", filename="x.pdf", total=10)
    assert not jobs.print_job_fail(old, "render")
    jobs.print_job_progress(new, 5, 10)
    assert jobs.print_job_finish(new, file="packs/y.pdf", filename="Ronde 1.pdf", total=10)
    job.refresh_from_db()
    assert (job.status, job.done, job.total, job.file) == (Status.DONE, 10, 10, "packs/y.pdf")
    assert job.filename == "ronde-1.pdf"


def test_the_reaper_requeues_a_stale_job_once_and_fails_one_out_of_attempts(
    two_clubs, evening, settings, django_capture_on_commit_callbacks
):
    settings.PRINT_JOB_STALE_SECONDS = 30
    settings.PRINT_JOB_ATTEMPTS = 2
    now = timezone.now()
    stale = now - timedelta(seconds=31)
    lively = jobs.print_job_create(
        tournament=evening.tournament, user=two_clubs.director, base_url="x"
    )
    lively_run = jobs.print_job_claim(str(lively.pk), now=now)
    dead = create_print_job(evening, two_clubs.director)
    jobs.print_job_claim(str(dead.pk), now=stale)
    with django_capture_on_commit_callbacks() as sent:
        assert jobs.print_job_reap(now=now) == {"requeued": 1, "resent": 0, "failed": 0}
        # A second reaper right after finds nothing left to do: the job is sent once.
        assert jobs.print_job_reap(now=now) == {"requeued": 0, "resent": 0, "failed": 0}
    assert len(sent) == 1
    dead.refresh_from_db()
    lively.refresh_from_db()
    assert (dead.status, dead.attempts) == (Status.QUEUED, 1)
    assert lively.status == Status.RUNNING
    # Its second start dies too: out of attempts, it fails with a message, never stays running.
    later = now + timedelta(seconds=5)
    jobs.print_job_claim(str(dead.pk), now=later)
    jobs.print_job_progress(lively_run, 1, 5, now=later + timedelta(seconds=20))  # it beats
    with django_capture_on_commit_callbacks() as sent:
        counts = jobs.print_job_reap(now=later + timedelta(seconds=31))
    assert counts["failed"] == 1
    assert sent == []
    dead.refresh_from_db()
    assert (dead.status, dead.attempts, dead.error) == (Status.FAILED, 2, "worker")
    assert dead.finished_at is not None
    with translation.override("en"):
        assert "worker" in jobs.error_message(dead)


def test_the_reaper_sends_a_long_waiting_job_again(
    two_clubs, evening, settings, django_capture_on_commit_callbacks
):
    settings.PRINT_JOB_QUEUED_SECONDS = 60
    job = create_print_job(evening, two_clubs.director)
    now = timezone.now()
    assert jobs.print_job_reap(now=now)["resent"] == 0
    with django_capture_on_commit_callbacks() as sent:
        assert jobs.print_job_reap(now=now + timedelta(seconds=61))["resent"] == 1
    assert len(sent) == 1
    job.refresh_from_db()
    assert job.status == Status.QUEUED and job.attempts == 0


def test_the_file_is_replaced_atomically_at_the_same_place(two_clubs, evening, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    job = create_print_job(evening, two_clubs.director)
    first = jobs.write_pack(job, b"%PDF-1.4 one")
    second = jobs.write_pack(job, b"%PDF-1.4 two")
    assert first == second == f"packs/{job.pk}.pdf"
    assert sorted(p.name for p in (tmp_path / "packs").iterdir()) == [f"{job.pk}.pdf"]
    assert (tmp_path / first).read_bytes() == b"%PDF-1.4 two"


def test_job_ids_that_are_no_uuid_are_none():
    assert jobs.parse_job_id("not-a-uuid") is None
    assert jobs.parse_job_id("") is None
    assert jobs.parse_job_id("12345678-1234-5678-1234-567812345678") is not None


def test_the_tournament_pack_of_a_tournament_with_one_drawn_round_is_accepted(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a)
    entries = EntryFactory.create_batch(4, tournament=tournament)
    seat_round(tournament, [entries])
    job = jobs.print_job_create(tournament=tournament, user=two_clubs.director, base_url="x")
    assert job.status == Status.QUEUED and job.round is None


@pytest.mark.django_db
def test_a_job_taken_back_from_a_dead_worker_waits_without_the_dead_run_s_progress(
    two_clubs, settings
):
    # A worker killed at 123 of 1204 left its job "waiting" with the bar at 10 % and
    # "123 of 1204" until another worker started it again from 0.
    settings.PRINT_JOB_STALE_SECONDS = 30
    tournament = TournamentFactory(club=two_clubs.a, name="Grote avond")
    seat_round(tournament, [[EntryFactory(tournament=tournament) for _ in range(4)]])
    job = jobs.print_job_create(tournament=tournament, user=two_clubs.director, base_url="x")
    now = timezone.now()
    run = jobs.print_job_claim(str(job.pk), now=now - timedelta(seconds=40))
    jobs.print_job_progress(run, 1, 2, now=now - timedelta(seconds=35))
    assert jobs.print_job_reap(now=now)["requeued"] == 1
    job.refresh_from_db()
    assert (job.status, job.done, job.percent) == (PrintJob.Status.QUEUED, 0, 0)
