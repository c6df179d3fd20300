"""The backup archive: one zip file holding the database, var/secret_key, the generated
files (MEDIA_ROOT) and manifest.json, which names the Troef version, the migration state,
and per table its row count and a hash of its content.

Layout::

    manifest.json
    database/troef.sqlite3   (SQLite: a copy made with SQLite's online backup API)
    database/troef.sql       (PostgreSQL: pg_dump's plain SQL of one snapshot)
    database/troef.json      (PostgreSQL without pg_dump: a logical dump, backups.logical)
    var/secret_key
    media/...                (MEDIA_ROOT: print packs and any other generated file)

Everything here is plain Python on files; backups.services drives it.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import importlib.metadata
import json
import os
import tempfile
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FORMAT = "troef-backup"
FORMAT_VERSION = 1
MANIFEST = "manifest.json"
SECRET_KEY_MEMBER = "var/secret_key"  # noqa: S105 - a file name in the archive
MEDIA_PREFIX = "media/"
DATABASE_MEMBERS = {
    "sqlite": "database/troef.sqlite3",
    "pg_dump": "database/troef.sql",
    "logical": "database/troef.json",
}
CHUNK = 1 << 20


class ArchiveError(Exception):
    """An archive that cannot be used: the message is one line for the user."""


def troef_version() -> str:
    """The installed Troef's version (pyproject.toml's, through the package metadata)."""
    try:
        return importlib.metadata.version("troef")
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover - not installed
        return "0+unknown"


def newer_troef(version: object) -> str:
    """An archive or database from a newer Troef, in words: "a newer Troef (written by
    Troef 0.3, this is Troef 0.1)". Its version is named only when it differs from this
    one's: a build with a migration more can carry the same number."""
    ours = troef_version()
    theirs = " ".join(str(version).split())[:40] if isinstance(version, str) else ""
    if theirs and theirs != ours:
        return f"a newer Troef (written by Troef {theirs}, this is Troef {ours})"
    return f"a newer Troef than this one (Troef {ours})"


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while block := handle.read(CHUNK):
            digest.update(block)
    return digest.hexdigest()


def rows_digest(rows: Iterable[Iterable[Any]]) -> tuple[int, str]:
    """(row count, hash) of a table's rows in any order: each row is written as JSON, the
    rows' own hashes are sorted and hashed together, so the database's row order does not
    matter but every value, to the microsecond, does."""
    hashes = sorted(
        hashlib.sha256(
            json.dumps([_plain(v) for v in row], default=str, sort_keys=True).encode()
        ).digest()
        for row in rows
    )
    digest = hashlib.sha256()
    for item in hashes:
        digest.update(item)
    return len(hashes), digest.hexdigest()


def _plain(value: Any) -> Any:
    if isinstance(value, bytes | bytearray | memoryview):
        return bytes(value).hex()
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    return value


@dataclass
class Manifest:
    data: dict[str, Any]

    @property
    def engine(self) -> str:
        return self.data["engine"]

    @property
    def database_kind(self) -> str:
        return self.data["database"]["kind"]

    @property
    def migrations(self) -> dict[str, list[str]]:
        return self.data["migrations"]

    @property
    def tables(self) -> dict[str, dict[str, Any]]:
        return self.data["tables"]

    @property
    def version(self) -> str:
        return self.data["troef_version"]


def new_manifest(
    *,
    engine: str,
    kind: str,
    migrations: dict[str, list[str]],
    tables: dict[str, dict[str, Any]],
) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "troef_version": troef_version(),
        "created_at": dt.datetime.now(dt.UTC).isoformat(),
        "engine": engine,
        "database": {"kind": kind, "file": DATABASE_MEMBERS[kind]},
        "migrations": migrations,
        "tables": tables,
        "files": {},
    }


def media_files(root: Path) -> Iterator[tuple[Path, str]]:
    """(file, archive name) of every file under MEDIA_ROOT, temporary files left out."""
    if not root.is_dir():
        return
    for path in sorted(root.rglob("*")):
        if path.is_file() and not path.name.endswith(".part"):
            yield path, MEDIA_PREFIX + path.relative_to(root).as_posix()


def write_archive(
    target: Path,
    manifest: dict[str, Any],
    members: list[tuple[Path, str]],
) -> Path:
    """Write the zip whole or not at all: a temporary file beside `target`, renamed. Each
    member's SHA-256 goes into the manifest, which is written last."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
    os.close(fd)
    temporary = Path(name)
    try:
        with zipfile.ZipFile(temporary, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            for path, arcname in members:
                archive.write(path, arcname)
                manifest["files"][arcname] = file_sha256(path)
            archive.writestr(MANIFEST, json.dumps(manifest, indent=1, sort_keys=True))
        temporary.chmod(0o600)  # it holds the secret key and every member's data
        temporary.replace(target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return target


class Archive:
    """An archive opened for reading; `check()` proves it whole before anything uses it."""

    def __init__(self, path: Path):
        self.path = path
        try:
            self.zip = zipfile.ZipFile(path)
        except FileNotFoundError:
            raise ArchiveError(f"{path}: no such file") from None
        except IsADirectoryError:
            raise ArchiveError(f"{path}: is a folder, not a backup file") from None
        except (zipfile.BadZipFile, OSError, ValueError):
            raise ArchiveError(f"{path}: not a Troef backup (not a zip archive)") from None

    def close(self) -> None:
        self.zip.close()

    def __enter__(self) -> Archive:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def manifest(self, expected_format: str = FORMAT) -> Manifest:
        try:
            data = json.loads(self.zip.read(MANIFEST))
        except KeyError:
            raise ArchiveError(f"{self.path}: not a Troef backup (no manifest.json)") from None
        except (ValueError, zipfile.BadZipFile, OSError) as error:
            raise ArchiveError(f"{self.path}: damaged archive (manifest: {error})") from None
        if not isinstance(data, dict) or data.get("format") != expected_format:
            found = data.get("format") if isinstance(data, dict) else None
            raise ArchiveError(
                f"{self.path}: not a Troef {expected_format.split('-')[1]} archive "
                f"(its manifest says format {found!r})"
            )
        if data.get("format_version", 0) > FORMAT_VERSION:
            raise ArchiveError(f"{self.path}: from {newer_troef(data.get('troef_version'))}")
        return Manifest(data)

    def check(self, manifest: Manifest) -> None:
        """Every member the manifest names is there with its hash; nothing is damaged."""
        files = manifest.data.get("files") or {}
        names = set(self.zip.namelist())
        for arcname, sha in sorted(files.items()):
            if arcname not in names:
                raise ArchiveError(f"{self.path}: damaged archive ({arcname} is missing)")
            digest = hashlib.sha256()
            try:
                with self.zip.open(arcname) as handle:
                    while block := handle.read(CHUNK):
                        digest.update(block)
            except (zipfile.BadZipFile, OSError, EOFError, ValueError) as error:
                raise ArchiveError(f"{self.path}: damaged archive ({arcname}: {error})") from None
            if digest.hexdigest() != sha:
                raise ArchiveError(f"{self.path}: damaged archive ({arcname} does not match)")

    def extract(self, arcname: str, target: Path) -> Path:
        target.parent.mkdir(parents=True, exist_ok=True)
        with self.zip.open(arcname) as source, target.open("wb") as out:
            while block := source.read(CHUNK):
                out.write(block)
        return target

    def read(self, arcname: str) -> bytes:
        return self.zip.read(arcname)

    def media_members(self) -> list[str]:
        return [
            name
            for name in self.zip.namelist()
            if name.startswith(MEDIA_PREFIX) and not name.endswith("/")
        ]
