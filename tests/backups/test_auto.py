"""backups.auto: the venue's backups at start and after each evening is done, the last
30 kept. Run in this process against the test database (threads and all)."""

from __future__ import annotations

import threading
import zipfile

import pytest
from django.db import connection

from backups import auto
from scoring.models import ResultEntry
from tests.evening import build_evening
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _own_var(settings, tmp_path):
    settings.VAR_DIR = tmp_path / "var"
    settings.MEDIA_ROOT = tmp_path / "var" / "media"


def test_backup_at_start_writes_an_archive_and_keeps_the_last_30(two_clubs, settings):
    folder = settings.VAR_DIR / "backups"
    folder.mkdir(parents=True)
    for day in range(1, 35):
        (folder / f"auto-202601{day:02d}-000000-000000.zip").write_bytes(b"old")
    (folder / "mine.zip").write_bytes(b"a backup taken by hand")
    path = auto.backup_at_start()
    assert path.parent == folder and path.name.startswith("auto-")
    with zipfile.ZipFile(path) as archive:
        assert "manifest.json" in archive.namelist()
    kept = sorted(p.name for p in folder.glob("auto-*.zip"))
    assert len(kept) == 30 and kept[-1] == path.name
    assert "auto-20260105-000000-000000.zip" not in kept  # the oldest went
    assert (folder / "mine.zip").exists()


def test_watch_evenings_backs_up_once_when_the_last_table_is_confirmed(two_clubs, settings):
    evening = build_evening(two_clubs.a, director=two_clubs.director, player=two_clubs.player)
    Tournament.objects.filter(pk=evening.tournament.pk).update(rounds_planned=1)
    folder = settings.VAR_DIR / "backups"
    looked = threading.Semaphore(0)
    real = auto.done_evenings

    def counting():
        try:
            return real()
        finally:
            looked.release()

    auto.done_evenings = counting
    stop = threading.Event()
    watcher = threading.Thread(target=auto.watch_evenings, args=(stop, 0.05))
    watcher.start()
    try:
        assert looked.acquire(timeout=30) and looked.acquire(timeout=30)
        assert not list(folder.glob("auto-*.zip"))  # nothing done yet
        for table in (evening.table, evening.other_table):
            ResultEntry.objects.create(
                table=table, data={}, outcome={"sides": []}, via="director",
                entered_by_name="x", status="confirmed",
            )  # fmt: skip
        for _ in range(3):
            assert looked.acquire(timeout=30)
        assert len(list(folder.glob("auto-*.zip"))) == 1
        for _ in range(3):  # nothing new: no second backup
            assert looked.acquire(timeout=30)
        assert len(list(folder.glob("auto-*.zip"))) == 1
    finally:
        stop.set()
        watcher.join(timeout=30)
        auto.done_evenings = real
        connection.close()
    assert not watcher.is_alive()


def test_a_club_admin_downloads_the_export(two_clubs, client_as):
    from django.urls import reverse

    from clubs.models import ActionLog

    url = reverse("backups:club-export", kwargs={"club_slug": "rooi"})
    page = client_as(two_clubs.admin).get(
        reverse("clubs:club-settings", kwargs={"club_slug": "rooi"})
    )
    assert url in page.content.decode()
    response = client_as(two_clubs.admin).post(url)
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="rooi-')
    import io
    import json

    with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
        manifest = json.loads(archive.read("manifest.json"))
        data = json.loads(archive.read("data.json"))
    assert manifest["club"]["slug"] == "rooi" and manifest["with_logins"] is False
    assert all(user["password"] == "" for user in data["users"])
    assert {m["club_id"] for m in data["models"]["clubs.member"]} == {two_clubs.a.pk}
    logged = ActionLog.objects.filter(club=two_clubs.a, action="club.exported").get()
    assert logged.actor == two_clubs.admin
