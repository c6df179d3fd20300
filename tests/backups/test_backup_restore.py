"""manage.py backup and restore, as an admin runs them: a laptop site with a club's
history (the release fixture, migrated forward) backed up and restored into an empty
site, then compared row by row and page by page."""

from __future__ import annotations

import json
import sqlite3
import zipfile

import pytest

from .conftest import SERVICES, sqlite_rows

pytestmark = pytest.mark.skipif(SERVICES, reason="SQLite sites; PostgreSQL: test_backup_pg.py")


def _microseconds(rows) -> int:
    return sum(1 for row in rows if ".000000" not in str(row) and "." in str(row))


def test_round_trip_is_identical(laptop, empty_sqlite_site, tmp_path):
    # read first: a member's personal code is made when their page is first seen
    pages_before = laptop.pages()
    archive = tmp_path / "laptop.zip"
    done = laptop.manage("backup", "-o", str(archive))
    assert done.stdout.strip() == str(archive)
    before = sqlite_rows(laptop.sqlite_file)

    site = empty_sqlite_site
    assert (site.var / "secret_key").read_text() != (laptop.var / "secret_key").read_text()
    site.manage("restore", str(archive))

    after = sqlite_rows(site.sqlite_file)
    assert after.keys() == before.keys()
    for table in before:
        assert after[table] == before[table], table
    # the action log keeps its timestamps to the microsecond (dumpdata would cut them)
    db = sqlite3.connect(site.sqlite_file)
    stamps = [s for (s,) in db.execute("SELECT created_at FROM clubs_actionlog")]
    assert len(stamps) > 1000
    assert sum(len(s.split(".")[-1]) == 6 and not s.endswith("000") for s in stamps) > 900
    # the key every printed QR code is signed with came along, and so did the packs
    assert (site.var / "secret_key").read_bytes() == (laptop.var / "secret_key").read_bytes()
    assert (site.media / "packs" / "evening.pdf").read_bytes() == (
        laptop.media / "packs" / "evening.pdf"
    ).read_bytes()

    # a fresh process (the site restarted) serves the same pages, byte for byte, and the
    # old site's table links (their QR codes) open the same tables
    tokens = {k: v for k, v in pages_before.items() if k.startswith("link-token/")}
    assert len(tokens) >= 8
    pages_after = site.pages(open_tokens=tokens)
    old_links = laptop.pages(open_tokens=tokens)
    for key, text in pages_before.items():
        assert pages_after[key] == text, key
    opened = {k: v for k, v in pages_after.items() if k.startswith("link/")}
    assert len(opened) == len(tokens)
    for key, page in opened.items():
        assert page == old_links[key]
        assert page.startswith("200\n")


def test_restore_refuses_a_site_with_data_unless_replace(laptop, tmp_path):
    archive = tmp_path / "laptop.zip"
    laptop.manage("backup", "-o", str(archive))
    # a change made after the backup
    db = sqlite3.connect(laptop.sqlite_file)
    db.execute("UPDATE clubs_club SET town = 'Boxtel' WHERE slug = 'rooi'")
    db.commit()
    db.close()
    changed = sqlite_rows(laptop.sqlite_file)

    refused = laptop.manage("restore", str(archive), check=False)
    assert refused.returncode == 2
    assert len(refused.stderr.strip().splitlines()) == 1
    assert "--replace" in refused.stderr
    assert sqlite_rows(laptop.sqlite_file) == changed

    done = laptop.manage("restore", str(archive), "--replace")
    kept = next((laptop.var / "backups").glob("before-restore-*.zip"))
    assert str(kept) in done.stdout
    town = (
        sqlite3.connect(laptop.sqlite_file)
        .execute("SELECT town FROM clubs_club WHERE slug='rooi'")
        .fetchone()[0]
    )
    assert town != "Boxtel"
    # the replaced data is in that backup: restoring it brings Boxtel back
    laptop.manage("restore", str(kept), "--replace")
    assert sqlite_rows(laptop.sqlite_file)["clubs_club"] == changed["clubs_club"]


def _damaged_copies(archive, tmp_path):
    data = archive.read_bytes()
    yield "truncated", data[: len(data) // 2]
    yield "not a zip", b"Dit is geen backup.\n" * 20
    with zipfile.ZipFile(archive) as z:
        manifest = json.loads(z.read("manifest.json"))
        members = {n: z.read(n) for n in z.namelist()}

    def rezip(members):
        path = tmp_path / "rezip.zip"
        with zipfile.ZipFile(path, "w") as out:
            for name, content in members.items():
                out.writestr(name, content)
        return path.read_bytes()

    db = bytearray(members["database/troef.sqlite3"])
    db[len(db) // 2] ^= 0xFF
    yield "changed database", rezip({**members, "database/troef.sqlite3": bytes(db)})
    yield "no manifest", rezip({k: v for k, v in members.items() if k != "manifest.json"})
    foreign = {**manifest, "format": "something-else"}
    yield "foreign", rezip({**members, "manifest.json": json.dumps(foreign)})
    other_engine = {**manifest, "engine": "postgresql"}
    yield "other engine", rezip({**members, "manifest.json": json.dumps(other_engine)})
    newer = {**manifest, "migrations": {**manifest["migrations"], "clubs": [
        *manifest["migrations"]["clubs"], "9999_from_the_future"]}}  # fmt: skip
    yield "newer", rezip({**members, "manifest.json": json.dumps(newer)})


def test_a_damaged_or_foreign_archive_changes_nothing(laptop, empty_sqlite_site, tmp_path):
    archive = tmp_path / "laptop.zip"
    laptop.manage("backup", "-o", str(archive))
    site = empty_sqlite_site
    before = sqlite_rows(site.sqlite_file)
    key = (site.var / "secret_key").read_bytes()
    expected = {
        "truncated": "not a Troef backup",
        "not a zip": "not a Troef backup",
        "changed database": "damaged",
        "no manifest": "no manifest.json",
        "foreign": "not a Troef backup archive",
        "other engine": "export_club and import_club",
        "newer": "newer Troef",
    }
    for name, content in _damaged_copies(archive, tmp_path):
        bad = tmp_path / f"{name}.zip"
        bad.write_bytes(content)
        done = site.manage("restore", str(bad), check=False)
        assert done.returncode == 2, name
        assert len(done.stderr.strip().splitlines()) == 1, (name, done.stderr)
        assert "Traceback" not in done.stderr
        assert expected[name] in done.stderr, (name, done.stderr)
        assert sqlite_rows(site.sqlite_file) == before, name
        assert (site.var / "secret_key").read_bytes() == key
    missing = site.manage("restore", str(tmp_path / "nope.zip"), check=False)
    assert (missing.returncode, "no such file" in missing.stderr) == (2, True)


def test_migrate_stops_on_a_database_from_a_newer_troef(laptop):
    db = sqlite3.connect(laptop.sqlite_file)
    db.execute(
        "INSERT INTO django_migrations (app, name, applied) "
        "VALUES ('scoring', '9999_from_the_future', '2030-01-01 00:00:00')"
    )
    db.commit()
    db.close()
    before = sqlite_rows(laptop.sqlite_file)
    done = laptop.manage("migrate", "--noinput", check=False)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [done.stderr.strip()]
    assert "newer Troef" in done.stderr and "scoring.9999_from_the_future" in done.stderr
    assert sqlite_rows(laptop.sqlite_file) == before


def test_a_backup_taken_while_the_site_writes_is_consistent(laptop, tmp_path):
    """Writers keep adding rows while the backup runs; the archive's manifest matches
    its own database copy (restore checks that), so the copy is one moment's state."""
    import subprocess
    import sys

    writer = subprocess.Popen(
        [sys.executable, "-c", (
            "import sqlite3, sys, time\n"
            "db = sqlite3.connect(sys.argv[1], timeout=60)\n"
            "db.execute('PRAGMA journal_mode=WAL')\n"
            "for i in range(100000):\n"
            "    db.execute(\"UPDATE clubs_club SET town = ? WHERE slug='rooi'\", (str(i),))\n"
            "    db.execute(\"UPDATE clubs_club SET town = ? WHERE slug='veghel'\", (str(i),))\n"
            "    db.commit()\n"
        ), str(laptop.sqlite_file)],
    )  # fmt: skip
    try:
        archive = tmp_path / "busy.zip"
        laptop.manage("backup", "-o", str(archive))
    finally:
        writer.kill()
        writer.wait()
    with zipfile.ZipFile(archive) as z:
        copy = tmp_path / "copy.sqlite3"
        copy.write_bytes(z.read("database/troef.sqlite3"))
        manifest = json.loads(z.read("manifest.json"))
    towns = sqlite3.connect(copy).execute("SELECT town FROM clubs_club ORDER BY slug").fetchall()
    assert towns[0] == towns[1]  # both updates of one commit, or neither
    from backups.archive import rows_digest

    db = sqlite3.connect(copy)
    for table, digest in manifest["tables"].items():
        count, sha = rows_digest(db.execute(f'SELECT * FROM "{table}"'))  # noqa: S608
        assert {"rows": count, "sha256": sha} == digest, table
