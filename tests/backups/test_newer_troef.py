"""An archive or database from a newer Troef says so in one line that names both
versions, and they differ: "written by Troef 0.3, this is Troef 0.1". A newer build with
the same version number (a migration more, no release yet) is not "Troef 0.1, newer than
Troef 0.1": only this one's version is named then. The club archive goes through the real
export and import; the backup archive through its manifest check."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import pytest

from backups.archive import FORMAT, FORMAT_VERSION, Archive, ArchiveError, troef_version
from backups.clubs import club_export, club_import
from backups.migrations_state import newer_message

#: "Troef 0.1.0", "Troef 99.3", ... as they stand in a message.
VERSIONS = re.compile(r"Troef (\d[^\s,;:)]*)")


def _versions(message: str) -> list[str]:
    return VERSIONS.findall(message)


def _rewrite_manifest(path: Path, change) -> None:
    with zipfile.ZipFile(path) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    manifest = json.loads(members["manifest.json"])
    change(manifest)
    members["manifest.json"] = json.dumps(manifest).encode()
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)


def _with_a_migration_from_the_future(version: str):
    def change(manifest: dict) -> None:
        manifest["troef_version"] = version
        manifest["migrations"]["clubs"].append("9999_from_the_future")

    return change


@pytest.fixture
def club_archive(two_clubs, tmp_path) -> Path:
    return club_export(club=two_clubs.a, target=tmp_path / "rooi.zip")


def test_a_club_archive_from_a_newer_release_names_both_versions(club_archive):
    _rewrite_manifest(club_archive, _with_a_migration_from_the_future("99.3"))
    with pytest.raises(ArchiveError) as refused:
        club_import(path=club_archive, slug="rooi-again")
    message = str(refused.value)
    assert "\n" not in message
    assert "newer Troef" in message
    assert "written by Troef 99.3, this is Troef " + troef_version() in message
    assert _versions(message) == ["99.3", troef_version()]
    assert "clubs.9999_from_the_future" in message


def test_a_newer_build_with_the_same_number_names_this_version_once(club_archive):
    _rewrite_manifest(club_archive, _with_a_migration_from_the_future(troef_version()))
    with pytest.raises(ArchiveError) as refused:
        club_import(path=club_archive, slug="rooi-again")
    message = str(refused.value)
    assert "newer Troef" in message and "clubs.9999_from_the_future" in message
    assert _versions(message) == [troef_version()]
    assert message.count(troef_version()) == 1


def test_a_backup_of_a_newer_format_names_both_versions(tmp_path):
    path = tmp_path / "newer.zip"
    for version, named in (("99.3", ["99.3", troef_version()]), (None, [troef_version()])):
        manifest = {"format": FORMAT, "format_version": FORMAT_VERSION + 1}
        if version:
            manifest["troef_version"] = version
        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr("manifest.json", json.dumps(manifest))
        with Archive(path) as archive, pytest.raises(ArchiveError) as refused:
            archive.manifest()
        message = str(refused.value)
        assert "newer Troef" in message
        assert _versions(message) == named, message


def test_a_database_from_a_newer_troef_names_this_version_once():
    # The database does not record which Troef migrated it: only this one is named.
    message = newer_message("this database", ["scoring.9999_from_the_future"])
    assert message.startswith("this database is from a newer Troef")
    assert _versions(message) == [troef_version()]
    # A crafted version cannot break the line or run on.
    long = newer_message("x.zip", ["a.b"], "1.0\n" + "9" * 500)
    assert "\n" not in long and len(long) < 300
