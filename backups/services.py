"""Back up the whole site into one archive, and restore one (backups.archive describes
the archive). The commands `backup` and `restore` and the venue's automatic backups
(backups.auto) call these."""

from __future__ import annotations

import datetime as dt
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.core.management import call_command
from django.db import DatabaseError, connection, connections
from django.utils.translation import gettext as _

from . import database, logical
from .archive import (
    DATABASE_MEMBERS,
    MANIFEST,
    MEDIA_PREFIX,
    SECRET_KEY_MEMBER,
    Archive,
    ArchiveError,
    Manifest,
    media_files,
    new_manifest,
    write_archive,
)
from .limits import archive_limits, work_folder
from .migrations_state import newer_message, unknown_migrations

#: Tables of Django's own bookkeeping: rows there do not make a site "in use".
FRAMEWORK_APPS = {"contenttypes", "sessions", "axes", "admin"}


def backups_dir() -> Path:
    return Path(settings.VAR_DIR) / "backups"


def default_name(prefix: str = "troef") -> str:
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S-%f")  # local time: people read it
    return f"{prefix}-{stamp}.zip"


def secret_key_file() -> Path:
    return Path(settings.VAR_DIR) / "secret_key"


# --- backup ------------------------------------------------------------------------------


def backup_create(*, output: Path | None = None, prefix: str = "troef") -> Path:
    """Write one archive of the site as it is now (the database as one consistent
    snapshot while the site runs) and return its path. Default: var/backups/."""
    target = Path(output) if output is not None else backups_dir() / default_name(prefix)
    with work_folder("backup") as work:
        kind = _dump_kind()
        dump = work / Path(DATABASE_MEMBERS[kind]).name
        if kind == "sqlite":
            migrations, tables = database.sqlite_dump(dump)
        elif kind == "pg_dump":
            migrations, tables = database.pg_dump(dump)
        else:
            migrations, tables = logical.dump(dump)
        manifest = new_manifest(
            engine=database.engine(), kind=kind, migrations=migrations, tables=tables
        )
        members = [(dump, DATABASE_MEMBERS[kind])]
        key = secret_key_file()
        if key.is_file():
            members.append((key, SECRET_KEY_MEMBER))
        members += list(media_files(Path(settings.MEDIA_ROOT)))
        return write_archive(target, manifest, members)


def _dump_kind() -> str:
    if database.engine() == database.SQLITE:
        return "sqlite"
    if database.engine() == database.POSTGRESQL:
        return "pg_dump" if database.pg_tool("pg_dump") and database.pg_tool("psql") else "logical"
    raise ArchiveError(
        _("backups of a %(engine)s database are not supported") % {"engine": database.engine()}
    )


# --- restore -----------------------------------------------------------------------------


@dataclass
class RestoreReport:
    manifest: Manifest
    replaced_backup: Path | None = None
    migrated: bool = False
    notes: list[str] = field(default_factory=list)


def site_is_empty() -> bool:
    """True when the site has no data of its own yet: no tables, or only Django's own
    bookkeeping (content types, permissions, sessions)."""
    tables = set(connection.introspection.table_names())
    for model in apps.get_models():
        meta = model._meta
        if meta.app_label in FRAMEWORK_APPS or model is _permission_model():
            continue
        if meta.db_table in tables and model._base_manager.exists():
            return False
    return True


def _permission_model():
    return apps.get_model("auth", "Permission")


def open_checked(path: Path) -> tuple[Archive, Manifest]:
    """The archive, proven whole (its table of contents within the limits, its manifest
    complete, every member's hash) before anything is touched."""
    archive = Archive(Path(path), archive_limits())
    try:
        manifest = archive.manifest()
        _check_manifest(manifest.data, archive, str(path))
        archive.check(manifest)
    except BaseException:
        archive.close()
        raise
    return archive, manifest


def _check_manifest(data: dict, archive: Archive, where: str) -> None:
    """Every part of a backup's manifest that restore uses, of the right kind."""

    def damaged(part: str) -> ArchiveError:
        return ArchiveError(
            _("%(archive)s: damaged manifest (%(part)s)") % {"archive": where, "part": part}
        )

    for key in ("engine", "database", "migrations", "tables", "troef_version", "created_at"):
        if key not in data:
            raise damaged(_("no %(key)s") % {"key": repr(key)})
    if not all(isinstance(data[k], str) for k in ("engine", "troef_version", "created_at")):
        raise damaged("engine, troef_version or created_at")
    db = data["database"]
    if not isinstance(db, dict) or not isinstance(db.get("kind"), str):
        raise damaged("database")
    if db["kind"] not in DATABASE_MEMBERS:
        raise ArchiveError(
            _("%(archive)s: unknown database format %(kind)s")
            % {"archive": where, "kind": repr(db["kind"])}
        )
    files = data.get("files")
    if not isinstance(files, dict) or MANIFEST in files:
        raise damaged("files")
    if db.get("file") != DATABASE_MEMBERS[db["kind"]]:
        raise damaged("database.file")
    if db["file"] not in files or db["file"] not in archive.names():
        raise archive.damaged(_("%(file)s is missing") % {"file": db["file"]})
    migrations = data["migrations"]
    if not isinstance(migrations, dict) or not all(
        isinstance(names, list) and all(isinstance(n, str) for n in names)
        for names in migrations.values()
    ):
        raise damaged("migrations")
    tables = data["tables"]
    if not isinstance(tables, dict) or not all(
        isinstance(t, dict) and type(t.get("rows")) is int and isinstance(t.get("sha256"), str)
        for t in tables.values()
    ):
        raise damaged("tables")


def backup_restore(*, path: Path, replace: bool = False) -> RestoreReport:
    """Restore an archive into this site. Refuses a site with data unless `replace`, and
    then backs that data up first. A damaged or foreign archive, one of another database
    engine or from a newer Troef, or one beyond the limits raises ArchiveError before
    anything changes. An archive from an older Troef is migrated forward. The database
    is unpacked into var/tmp, the files beside MEDIA_ROOT; both go on every way out."""
    archive, manifest = open_checked(path)
    with archive, work_folder("restore") as work:
        here = database.engine()
        if manifest.engine != here:
            raise ArchiveError(
                _(
                    "%(archive)s: a backup of a %(theirs)s site cannot be restored into this "
                    "%(ours)s site; to move a club between them use export_club and import_club"
                )
                % {"archive": path, "theirs": manifest.engine, "ours": here}
            )
        unknown = unknown_migrations(manifest.migrations)
        if unknown:
            raise ArchiveError(newer_message(str(path), unknown, manifest.version))
        report = RestoreReport(manifest=manifest)
        if not site_is_empty() and not replace:
            raise ArchiveError(
                _(
                    "this site already has data: restore refuses to overwrite it unless you "
                    "add --replace (which backs it up first)"
                )
            )
        key = _secret_key(archive)
        member = manifest.data["database"]["file"]
        dump = archive.extract(member, work / Path(member).name)
        if manifest.database_kind == "sqlite":
            database.sqlite_verify(dump, manifest.tables, str(path))
        media = _unpack_media(archive)
        try:
            if not site_is_empty():
                report.replaced_backup = backup_create(prefix="before-restore")
            _load_database(manifest, dump, str(path))
        except BaseException:
            shutil.rmtree(media, ignore_errors=True)
            raise
        _swap_media(media)
        _restore_secret_key(key, report)
    connections.close_all()
    call_command("migrate", interactive=False, verbosity=0)
    report.migrated = True
    return report


def _secret_key(archive: Archive) -> bytes | None:
    """The archive's secret key, read (and checked to be text) before anything changes."""
    try:
        raw = archive.read(SECRET_KEY_MEMBER)
    except KeyError:
        return None
    try:
        key = raw.decode("ascii").strip()
    except UnicodeDecodeError:
        key = ""
    if not key or len(key) > 1000:
        raise archive.damaged(SECRET_KEY_MEMBER)
    return raw


def _load_database(manifest: Manifest, dump: Path, where: str) -> None:
    kind = manifest.database_kind
    if kind == "sqlite":  # verified already: the live database is only touched by a good one
        database.sqlite_load(dump)
        return
    if kind == "pg_dump":
        if not database.pg_tool("psql"):
            raise ArchiveError(
                _("%(archive)s: restoring a pg_dump backup needs psql, not found")
                % {"archive": where}
            )
        database.pg_load(dump)
    else:
        try:
            logical.load(dump, manifest)
        except (KeyError, TypeError, ValueError, RecursionError, DatabaseError) as error:
            raise database.damaged_database(where, type(error).__name__) from None
    connections.close_all()
    found = database.current_digests()
    # a logical load builds django_migrations by migrating (its own timestamps)
    skip = {logical.MIGRATIONS_TABLE} if kind == "logical" else set()
    wrong = sorted(t for t, d in manifest.tables.items() if found.get(t) != d and t not in skip)
    if wrong:
        raise ArchiveError(
            _("%(archive)s: the restored tables do not match the manifest (%(tables)s)")
            % {"archive": where, "tables": ", ".join(wrong[:3])}
        )


def _restore_secret_key(key: bytes | None, report: RestoreReport) -> None:
    if key is None:
        report.notes.append(_("the archive holds no secret key: old table links will not open"))
        return
    target = secret_key_file()
    target.parent.mkdir(parents=True, exist_ok=True)
    part = target.with_name(".secret_key.part")
    part.write_bytes(key)
    part.chmod(0o600)
    part.replace(target)
    if key.decode("ascii").strip() != settings.SECRET_KEY:
        from config.env import env_str  # noqa: PLC0415

        if env_str("SECRET_KEY"):
            report.notes.append(
                _(
                    "SECRET_KEY is set in the environment and overrides var/secret_key: set "
                    "it to the restored key (in var/secret_key) or old table links will not open"
                )
            )
        else:
            report.notes.append(_("restart the site: it reads the restored secret key at start"))


def _unpack_media(archive: Archive) -> Path:
    """The archive's generated files, unpacked beside MEDIA_ROOT (swapped in later)."""
    root = Path(settings.MEDIA_ROOT)
    root.parent.mkdir(parents=True, exist_ok=True)
    fresh = Path(tempfile.mkdtemp(prefix=".media-restore-", dir=root.parent))
    try:
        for name in archive.media_members():
            target = (fresh / name[len(MEDIA_PREFIX) :]).resolve()
            if not target.is_relative_to(fresh.resolve()):
                raise archive.damaged(_("bad file name %(name)s") % {"name": repr(name)})
            archive.extract(name, target)
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    return fresh


def _swap_media(fresh: Path) -> None:
    root = Path(settings.MEDIA_ROOT)
    old = None
    if root.exists():
        old = root.with_name(f".{root.name}-old-{fresh.name}")
        root.replace(old)
    fresh.replace(root)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
