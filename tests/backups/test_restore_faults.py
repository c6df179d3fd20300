"""restore on crafted and damaged backups (issue 37): one line and exit status 2, never a
traceback, and nothing changed (the database, the secret key, the generated files, no
work files left behind). The archives are built member by member; the commands run in
this process, except the last test, which restores a real backup as an admin would."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest
from django.conf import settings
from django.test import override_settings

from backups import services
from backups.archive import DATABASE_MEMBERS, new_manifest

from .archive_kit import Member, database_rows, deep, run, write_zip
from .conftest import SERVICES

DATABASE = DATABASE_MEMBERS["sqlite"]
KEY = b"a-secret-key-of-the-old-site-" * 3


def _files(members: dict[str, bytes]) -> dict[str, str]:
    return {name: hashlib.sha256(content).hexdigest() for name, content in members.items()}


def backup(path: Path, change=None, members=None, extra=()) -> Path:
    """A backup as `manage.py backup` writes one (a manifest naming every member with its
    hash), with `change(manifest)` applied and `extra` members added unhashed."""
    members = members or {DATABASE: b"SQLite format 3\x00 but not really", "var/secret_key": KEY,
                          "media/packs/evening.pdf": b"%PDF-1.7 a pack"}  # fmt: skip
    manifest = new_manifest(engine="sqlite", kind="sqlite", migrations={}, tables={})
    manifest["files"] = _files(members)
    if change is not None:
        change(manifest)
    content = [Member(n, c) for n, c in members.items()]
    if isinstance(manifest, bytes):
        manifest_member = Member("manifest.json", manifest)
    else:
        manifest_member = Member("manifest.json", json.dumps(manifest).encode())
    return write_zip(path, [*content, *extra, manifest_member])


def _set(path: str, value):
    def change(manifest):
        *parents, last = path.split(".")
        target = manifest
        for step in parents:
            target = target[step]
        target[last] = value

    return change


def _state() -> tuple:
    var = Path(settings.VAR_DIR)
    media = Path(settings.MEDIA_ROOT)
    work = sorted(p.name for p in (var / "tmp").glob("*")) if (var / "tmp").is_dir() else []
    return (
        database_rows(),
        (var / "secret_key").read_bytes(),
        sorted(str(p) for p in media.rglob("*")) if media.is_dir() else [],
        sorted(p.name for p in media.parent.glob(".media-restore-*")),
        work,
    )


def refused(path: Path, *words: str, replace: bool = False) -> None:
    before = _state()
    done = run("restore", str(path), *(["--replace"] if replace else []))
    assert done.code == 2, (done.code, done.out, done.err)
    assert done.one_line, done.err
    for word in words:
        assert word in done.err, (word, done.err)
    assert _state() == before


pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(SERVICES, reason="SQLite: the archives name the sqlite engine"),
]


def test_crafted_backups_get_one_line_and_change_nothing(tmp_path):
    cases = [
        ("deep manifest", "nested", {"change": None, "extra": ()}, deep(100_000)),
        ("database.file not in the zip", "database.file",
         {"change": _set("database.file", "database/elsewhere.sqlite3")}, None),
        ("database member missing", "is missing",
         {"members": {"var/secret_key": KEY}}, None),
        ("format_version x", "format_version", {"change": _set("format_version", "x")}, None),
        ("files a list", "files", {"change": _set("files", [1])}, None),
        ("tables x", "tables", {"change": _set("tables", "x")}, None),
        ("migrations x", "migrations", {"change": _set("migrations", "x")}, None),
        ("engine a number", "engine", {"change": _set("engine", 5)}, None),
        ("database a list", "database", {"change": _set("database", [])}, None),
        ("climbs out", "(..)", {"extra": [Member("media/../../evil", b"x")]}, None),
        ("absolute", "plain relative path", {"extra": [Member("/var/evil", b"x")]}, None),
        ("a link", "link", {"extra": [Member("media/link", b"/etc/passwd", link=True)]}, None),
        ("a bomb", "zip bomb", {"extra": [Member("media/zeros", bytes(3_000_000))]}, None),
    ]  # fmt: skip
    for number, (name, words, options, manifest_bytes) in enumerate(cases):
        path = tmp_path / f"case-{number}.zip"
        if manifest_bytes is not None:
            write_zip(path, [Member("manifest.json", manifest_bytes)])
        else:
            backup(path, **options)
        try:
            refused(path, words)
        except AssertionError as error:
            raise AssertionError(f"{name}: {error}") from None


@override_settings(ARCHIVE_FILE_MAX_BYTES=100_000, ARCHIVE_MAX_BYTES=300_000)
def test_size_limits_of_a_backup(tmp_path):
    big = {DATABASE: b"x" * 10, "media/big.pdf": os.urandom(100_001)}
    refused(backup(tmp_path / "file.zip", members=big), "media/big.pdf", "more than the limit")
    many = {DATABASE: b"x" * 10, **{f"media/{n}.pdf": os.urandom(90_000) for n in range(4)}}
    refused(backup(tmp_path / "total.zip", members=many), "unpacks to more than the limit")


def test_the_database_is_unpacked_in_var_and_removed(tmp_path, monkeypatch):
    """A backup whose database copy is damaged (its hash matches: made so) is refused when
    the copy is checked, which happens in var/tmp, before anything else is touched."""
    seen = []
    verify = services.database.sqlite_verify

    def watch(dump, tables, where):
        seen.append((dump, dump.is_file()))
        return verify(dump, tables, where)

    monkeypatch.setattr(services.database, "sqlite_verify", watch)
    backups_before = set(services.backups_dir().glob("before-restore-*"))
    refused(backup(tmp_path / "damaged.zip"), "damaged database", replace=True)
    ((dump, existed),) = seen
    assert existed and dump.is_relative_to(Path(settings.VAR_DIR) / "tmp")
    assert not dump.exists() and not dump.parent.exists()
    # refused before the site's data was backed up: no before-restore file either
    assert set(services.backups_dir().glob("before-restore-*")) == backups_before


def test_a_secret_key_that_is_not_text_changes_nothing(tmp_path):
    members = {DATABASE: b"SQLite format 3\x00 but not really", "var/secret_key": b"\xff\xfe x"}
    refused(backup(tmp_path / "key.zip", members=members), "var/secret_key", replace=True)


def test_restore_refuses_a_file_beyond_the_limit_set_in_the_environment(empty_sqlite_site,
                                                                      tmp_path):  # fmt: skip
    """The 200 MB media file of issue 37, at a smaller scale: a 2 MB pack in a real
    backup, with the file limit set to 1 MB."""
    site = empty_sqlite_site
    (site.media / "packs").mkdir(parents=True)
    (site.media / "packs" / "big.pdf").write_bytes(os.urandom(2 << 20))
    archive = tmp_path / "site.zip"
    site.manage("backup", "-o", str(archive))
    from .conftest import sqlite_rows

    before = sqlite_rows(site.sqlite_file)
    done = site.manage("restore", str(archive), "--replace", check=False,
                       env={"TROEF_ARCHIVE_FILE_MAX_MB": "1"})  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert "media/packs/big.pdf" in done.stderr and "more than the limit of 1.0 MB" in done.stderr
    assert sqlite_rows(site.sqlite_file) == before
    assert not list((site.var / "backups").glob("before-restore-*"))
    assert not list((site.var / "tmp").glob("*"))
    assert not list(site.var.glob(".media-restore-*"))
