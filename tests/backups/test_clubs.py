"""A club moves: export_club on the laptop, import_club on another site (PostgreSQL under
make test-services, another SQLite site otherwise), and delete_club on the laptop."""

from __future__ import annotations

import csv
import io
import sqlite3
import subprocess
import sys
import zipfile

import pytest

from .conftest import ROOT, SERVICES, sqlite_site


@pytest.fixture
def other_site(tmp_path, pg_database_or_none):
    site = pg_database_or_none("club") if SERVICES else sqlite_site(tmp_path / "federation")
    site.manage("migrate", "--noinput")
    return site


@pytest.fixture
def pg_database_or_none(request):
    if SERVICES:
        return request.getfixturevalue("pg_database")
    return None


def _comparable(pages: dict[str, str]) -> dict[str, str]:
    """What reads the same on a site with other ids: texts and standings exports. The
    action log's lines are compared as a whole set on PostgreSQL: its JSON (jsonb)
    keeps an entry's data in its own key order, so the same entry lists its values in
    another order than on SQLite."""
    return {
        k: "\n".join(sorted(v.splitlines())) if SERVICES and "/log/" in k else v
        for k, v in pages.items()
        if k.endswith((".text", "standings.csv"))
    }


def test_a_club_moves_to_another_site(laptop, other_site, tmp_path):
    rooi, veghel = tmp_path / "rooi.zip", tmp_path / "veghel.zip"
    # opened once before: a member's personal code is made when their page is first seen
    laptop.pages("rooi")
    laptop.manage("export_club", "rooi", "-o", str(rooi), "--with-logins")
    laptop.manage("export_club", "veghel", "-o", str(veghel))
    # the other site has a club already, so every id of the moved club changes
    other_site.manage("import_club", str(veghel))
    done = other_site.manage("import_club", str(rooi))
    assert "imported Spellenclub Rooi as 'rooi'" in done.stdout

    before, after = laptop.pages("rooi"), other_site.pages("rooi")
    assert _comparable(after) == _comparable(before)
    assert sum(k.startswith("rooi/player/") for k in after) >= 24
    assert any(k.startswith("rooi/log/") for k in after)

    again = other_site.manage("import_club", str(rooi), check=False)
    assert again.returncode == 2 and "already on this site" in again.stderr
    assert len(again.stderr.strip().splitlines()) == 1
    renamed = other_site.manage("import_club", str(rooi), "--slug", "rooi-2", check=False)
    assert renamed.returncode == 2 and "imported already" in renamed.stderr

    # logins: with --with-logins the password came along; never staff or superuser
    check = other_site.manage("shell", "-c", (
        "from django.contrib.auth import get_user_model as g; u = g().objects.get("
        "username='rooi-admin'); print(u.check_password('troef-demo'), u.is_staff, "
        "g().objects.get(username='veghel-admin').has_usable_password())"))  # fmt: skip
    assert check.stdout.strip().splitlines()[-1].split() == ["True", "False", "False"]

    with zipfile.ZipFile(rooi) as archive:
        members = list(csv.DictReader(io.StringIO(
            archive.read("csv/members.csv").decode("utf-8-sig"))))  # fmt: skip
        names = set(archive.namelist())
    assert len(members) == 24 and members[0]["membership_number"].startswith("R")
    assert {"csv/tournaments.csv", "csv/results.csv", "csv/action_log.csv"} <= names


def _counts(site) -> dict[str, int]:
    if site.database_url.startswith("sqlite"):
        db = sqlite3.connect(site.sqlite_file)
        tables = [
            t
            for (t,) in db.execute(
                "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        return {t: db.execute(f'SELECT COUNT(*) FROM "{t}"').fetchone()[0] for t in tables}  # noqa: S608
    raise AssertionError("SQLite only")


@pytest.mark.skipif(SERVICES, reason="the laptop is SQLite; runs under make test")
def test_delete_club_leaves_no_orphans(laptop, tmp_path):
    veghel = tmp_path / "veghel.zip"
    laptop.pages("veghel")  # personal codes made (on first sight), then exported
    laptop.manage("export_club", "veghel", "-o", str(veghel))
    veghel_pages = _comparable(laptop.pages("veghel"))

    laptop.manage(
        "shell",
        "-c",
        (  # rooi-admin is logged in somewhere
            "from django.contrib.sessions.backends.db import SessionStore as S; "
            "from django.contrib.auth import get_user_model as g; s = S(); "
            "s['_auth_user_id'] = str(g().objects.get(username='rooi-admin').pk); s.create()"
        ),
    )
    wrong = subprocess.run(
        [sys.executable, "manage.py", "delete_club", "rooi"], input="veghel\n",
        cwd=ROOT, env=laptop.env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert wrong.returncode == 2 and "nothing was deleted" in wrong.stderr
    assert _counts(laptop)["clubs_club"] == 2
    typed = subprocess.run(
        [sys.executable, "manage.py", "delete_club", "rooi"], input="rooi\n",
        cwd=ROOT, env=laptop.env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert "deleted Spellenclub Rooi" in typed.stdout

    db = sqlite3.connect(laptop.sqlite_file)
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []
    log = db.execute("SELECT action, club_slug FROM backups_siteaction").fetchall()
    assert log == [("club.deleted", "rooi")]
    # Every model's rows are now exactly those of a site that only ever had Veghel.
    only_veghel = sqlite_site(tmp_path / "only-veghel")
    only_veghel.manage("migrate", "--noinput")
    only_veghel.manage("import_club", str(veghel))
    # (logins and sessions are the site's, not the club's: compared apart; so is the
    # per-game state of the rating updates, which belongs to no club)
    site_tables = ("django_session", "axes_", "ratings_ratingupdate")
    left = {t: n for t, n in _counts(laptop).items() if not t.startswith(site_tables)}
    reference = {t: n for t, n in _counts(only_veghel).items() if not t.startswith(site_tables)}
    assert left == reference
    sessions = [s for (s,) in db.execute("SELECT session_data FROM django_session")]
    assert len(sessions) == 2  # veghel-admin's two (who read the pages); rooi-admin's went
    assert _comparable(laptop.pages("veghel")) == veghel_pages

    again = laptop.manage("delete_club", "rooi", "--confirm", "rooi", check=False)
    assert again.returncode == 2 and "no club 'rooi'" in again.stderr
