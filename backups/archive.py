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

Everything here is plain Python on files; backups.services drives it. Its messages are
the site's (gettext), in the language active when they are made (a command's --lang).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import importlib.metadata
import json
import os
import stat
import tempfile
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

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
#: JSON nested deeper than this is refused (Troef writes at most a few levels).
MAX_JSON_DEPTH = 64
#: A member that unpacks to more than this is checked against the compression ratio.
RATIO_FROM = 1 << 20
#: Compression methods zipfile reads; an archive using another is refused.
METHODS = {zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA}
#: What reading a damaged member can raise (zlib's error for broken deflate data).
READ_ERRORS = (zipfile.BadZipFile, OSError, EOFError, ValueError, zlib.error,
               NotImplementedError, RuntimeError)  # fmt: skip


class ArchiveError(Exception):
    """An archive that cannot be used: the message is one line for the user."""


@dataclass(frozen=True)
class Limits:
    """What an archive may unpack to, in bytes (backups.limits reads them from the
    settings): all members together, the database dump, a club's data.json, each other
    member; and the highest compression ratio of a member above RATIO_FROM bytes."""

    total: int
    database: int
    data: int
    file: int
    ratio: int

    def member(self, name: str) -> int:
        if name in DATABASE_MEMBERS.values():
            return self.database
        if name == "data.json":
            return self.data
        return self.file


def size_text(size: int) -> str:
    if size >= 1 << 20:
        return _("%(size)s MB") % {"size": f"{size / (1 << 20):.1f}"}
    if size >= 10_000:
        return _("%(size)s kB") % {"size": size // 1024}
    return ngettext("%(size)s byte", "%(size)s bytes", size) % {"size": size}


def _bad_name(name: str) -> str | None:
    """Why a member's name could write outside the folder it is unpacked into: the
    refusal's words, with %(archive)s and %(name)s to fill in."""
    if not name or name.startswith(("/", "\\")) or "\\" in name or "\x00" in name:
        return _("%(archive)s: refused, the archive's file %(name)s is not a plain relative path")
    if len(name) > 1 and name[1] == ":":
        return _("%(archive)s: refused, the archive's file %(name)s names a drive")
    if ".." in name.split("/"):
        return _("%(archive)s: refused, the archive's file %(name)s climbs out of its folder (..)")
    return None


def parse_json(raw: bytes, where: str) -> Any:
    """JSON from an archive: damaged, non-standard (NaN) or too deeply nested JSON is an
    ArchiveError, never a RecursionError."""

    def refuse_constant(name):
        raise ValueError(f"{name} is not JSON")

    too_deep = _("%(where)s: nested more than %(depth)d levels deep")
    try:
        value = json.loads(raw, parse_constant=refuse_constant)
    except RecursionError:
        raise ArchiveError(too_deep % {"where": where, "depth": MAX_JSON_DEPTH}) from None
    except ValueError as error:
        raise ArchiveError(
            _("%(where)s: not readable JSON (%(why)s)") % {"where": where, "why": error}
        ) from None
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            raise ArchiveError(too_deep % {"where": where, "depth": MAX_JSON_DEPTH})
        if isinstance(item, dict):
            stack += [(v, depth + 1) for v in item.values()]
        elif isinstance(item, list):
            stack += [(v, depth + 1) for v in item]
    return value


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
        return _("a newer Troef (written by Troef %(theirs)s, this is Troef %(ours)s)") % {
            "theirs": theirs,
            "ours": ours,
        }
    return _("a newer Troef than this one (Troef %(ours)s)") % {"ours": ours}


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
    """An archive opened for reading. Opening checks its table of contents (the zip's
    central directory) before any member is unpacked: plain relative names only (no
    ``..``, no absolute path, no link), each member and the whole within `limits`, no
    member packed more tightly than `limits.ratio` (a zip bomb). Reading stops at the
    limit too, whatever a member's header says. `check()` proves it whole before
    anything uses it."""

    def __init__(self, path: Path, limits: Limits | None = None):
        self.path = path
        self.limits = limits
        try:
            self.zip = zipfile.ZipFile(path)
        except FileNotFoundError:
            raise ArchiveError(_("%(file)s: no such file") % {"file": path}) from None
        except IsADirectoryError:
            raise ArchiveError(
                _("%(file)s: is a folder, not a backup file") % {"file": path}
            ) from None
        except (zipfile.BadZipFile, OSError, ValueError, EOFError):
            raise ArchiveError(
                _("%(file)s: not a Troef backup (not a zip archive)") % {"file": path}
            ) from None
        try:
            self._check_members()
        except BaseException:
            self.zip.close()
            raise

    def _refuse(self, words: str, name: str, **more: object) -> ArchiveError:
        """A refusal naming the archive and its file `name`: `words` with %(archive)s,
        %(name)s and any of `more`."""
        return ArchiveError(words % {"archive": self.path, "name": repr(name), **more})

    def _check_members(self) -> None:
        seen: set[str] = set()
        total = 0
        for info in self.zip.infolist():
            name = info.filename
            problem = _bad_name(name)
            if problem:
                raise self._refuse(problem, name)
            if name in seen:
                raise self._refuse(
                    _("%(archive)s: refused, the archive's file %(name)s is in it twice"), name
                )
            seen.add(name)
            if stat.S_ISLNK(info.external_attr >> 16):
                raise self._refuse(
                    _("%(archive)s: refused, the archive's file %(name)s is a link"), name
                )
            if info.flag_bits & 0x1:
                raise self._refuse(
                    _("%(archive)s: refused, the archive's file %(name)s is encrypted"), name
                )
            if info.compress_type not in METHODS:
                raise self._refuse(
                    _("%(archive)s: refused, the archive's file %(name)s is packed in an "
                      "unknown way (%(method)s)"),
                    name, method=info.compress_type,
                )  # fmt: skip
            if self.limits is None:
                continue
            limit = self.limits.member(name)
            if info.file_size > limit:
                raise self._refuse(
                    _("%(archive)s: refused, the archive's file %(name)s unpacks to %(size)s, "
                      "more than the limit of %(limit)s"),
                    name, size=size_text(info.file_size), limit=size_text(limit),
                )  # fmt: skip
            total += info.file_size
            if total > self.limits.total:
                raise ArchiveError(
                    _("%(archive)s: refused, it unpacks to more than the limit of %(limit)s")
                    % {"archive": self.path, "limit": size_text(self.limits.total)}
                )
            if info.file_size > RATIO_FROM and info.file_size > self.limits.ratio * max(
                info.compress_size, 1
            ):
                raise self._refuse(
                    _("%(archive)s: refused, the archive's file %(name)s is packed more than "
                      "%(ratio)d times (a zip bomb?)"),
                    name, ratio=self.limits.ratio,
                )  # fmt: skip

    def close(self) -> None:
        self.zip.close()

    def __enter__(self) -> Archive:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def names(self) -> set[str]:
        return set(self.zip.namelist())

    def blocks(self, arcname: str) -> Iterator[bytes]:
        """The member's content in blocks; stops with an ArchiveError at its limit,
        whatever its header says. KeyError when there is no such member."""
        limit = self.limits.member(arcname) if self.limits else None
        size = 0
        try:
            with self.zip.open(arcname) as handle:
                while block := handle.read(CHUNK):
                    size += len(block)
                    if limit is not None and size > limit:
                        raise self._refuse(
                            _("%(archive)s: refused, the archive's file %(name)s unpacks to "
                              "more than the limit of %(limit)s"),
                            arcname, limit=size_text(limit),
                        )  # fmt: skip
                    yield block
        except READ_ERRORS as error:
            raise self.damaged(f"{arcname}: {error}") from None

    def damaged(self, part: str) -> ArchiveError:
        """A damaged archive, naming the damaged `part` (a member, its fault)."""
        return ArchiveError(
            _("%(archive)s: damaged archive (%(part)s)") % {"archive": self.path, "part": part}
        )

    def manifest(self, expected_format: str = FORMAT) -> Manifest:
        try:
            raw = self.read(MANIFEST)
        except KeyError:
            raise ArchiveError(
                _("%(archive)s: not a Troef backup (no manifest.json)") % {"archive": self.path}
            ) from None
        data = parse_json(raw, str(self.damaged(MANIFEST)))
        if not isinstance(data, dict) or data.get("format") != expected_format:
            found = data.get("format") if isinstance(data, dict) else None
            words = (
                _("%(archive)s: not a Troef backup archive (its manifest says format %(found)s)")
                if expected_format == FORMAT
                else _("%(archive)s: not a Troef club archive (its manifest says format %(found)s)")
            )
            raise ArchiveError(words % {"archive": self.path, "found": repr(found)})
        version = data.get("format_version", 0)
        if not isinstance(version, int) or isinstance(version, bool):
            raise ArchiveError(
                _("%(archive)s: damaged manifest (format_version %(version)s)")
                % {"archive": self.path, "version": repr(version)}
            )
        if version > FORMAT_VERSION:
            raise ArchiveError(
                _("%(archive)s: from %(newer)s")
                % {"archive": self.path, "newer": newer_troef(data.get("troef_version"))}
            )
        return Manifest(data)

    def check(self, manifest: Manifest) -> None:
        """Every member the manifest names is there with its hash; nothing is damaged."""
        files = manifest.data.get("files") or {}
        if not isinstance(files, dict) or not all(isinstance(v, str) for v in files.values()):
            raise ArchiveError(
                _("%(archive)s: damaged manifest (%(part)s)")
                % {"archive": self.path, "part": "files"}
            )
        names = self.names()
        for arcname, sha in sorted(files.items()):
            if arcname not in names:
                raise self.damaged(_("%(file)s is missing") % {"file": arcname})
            digest = hashlib.sha256()
            for block in self.blocks(arcname):
                digest.update(block)
            if digest.hexdigest() != sha:
                raise self.damaged(_("%(file)s does not match") % {"file": arcname})

    def extract(self, arcname: str, target: Path) -> Path:
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as out:
            for block in self.blocks(arcname):
                out.write(block)
        return target

    def read(self, arcname: str) -> bytes:
        return b"".join(self.blocks(arcname))

    def media_members(self) -> list[str]:
        return [
            name
            for name in self.zip.namelist()
            if name.startswith(MEDIA_PREFIX) and not name.endswith("/")
        ]
