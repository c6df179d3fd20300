"""Taking the database out of a running site and putting it back, per engine.

- SQLite: SQLite's online backup API copies the live file page by page in one read
  transaction, so the copy is consistent while the site goes on writing. Putting it back
  is the same API the other way round, from a verified temporary file, in one write
  transaction: a reader sees the old database or the new one, never half of each.
- PostgreSQL: one REPEATABLE READ transaction exports its snapshot; pg_dump dumps exactly
  that snapshot (``--snapshot``) while the same transaction counts and hashes the tables,
  so the manifest describes the dump. Loading runs psql in one transaction that first
  drops the site's tables: it succeeds whole or changes nothing.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.db import connection, connections
from django.utils.translation import gettext as _

from .archive import ArchiveError, rows_digest

SQLITE = "sqlite"
POSTGRESQL = "postgresql"


def engine() -> str:
    return connection.vendor


def sqlite_path() -> Path:
    return Path(connection.settings_dict["NAME"])


# --- what a database holds --------------------------------------------------------------


def quote_name(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def sqlite_tables(db: sqlite3.Connection) -> list[str]:
    return [
        name
        for (name,) in db.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name"
        )
    ]


def sqlite_digests(db: sqlite3.Connection) -> dict[str, dict[str, Any]]:
    return {
        table: _digest(db.execute(f"SELECT * FROM {quote_name(table)}"))  # noqa: S608
        for table in sqlite_tables(db)
    }


def sqlite_migrations(db: sqlite3.Connection) -> dict[str, list[str]]:
    if "django_migrations" not in sqlite_tables(db):
        return {}
    return _migration_map(db.execute("SELECT app, name FROM django_migrations"))


def _digest(rows) -> dict[str, Any]:
    count, sha = rows_digest(rows)
    return {"rows": count, "sha256": sha}


def _migration_map(rows) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for app, name in rows:
        found.setdefault(app, []).append(name)
    return {app: sorted(names) for app, names in sorted(found.items())}


def pg_tables(cursor) -> list[str]:
    cursor.execute(
        "SELECT tablename FROM pg_catalog.pg_tables WHERE schemaname = current_schema() "
        "ORDER BY tablename"
    )
    return [name for (name,) in cursor.fetchall()]


def pg_digests(cursor) -> dict[str, dict[str, Any]]:
    digests = {}
    for table in pg_tables(cursor):
        cursor.execute(f"SELECT * FROM {quote_name(table)}")  # noqa: S608
        digests[table] = _digest(cursor.fetchall())
    return digests


def pg_migrations(cursor) -> dict[str, list[str]]:
    if "django_migrations" not in pg_tables(cursor):
        return {}
    cursor.execute("SELECT app, name FROM django_migrations")
    return _migration_map(cursor.fetchall())


def current_digests() -> dict[str, dict[str, Any]]:
    """Row counts and hashes of the site's database as it is now."""
    if engine() == SQLITE:
        with _sqlite_connect(sqlite_path()) as db:
            return sqlite_digests(db)
    with connection.cursor() as cursor:
        return pg_digests(cursor)


def _sqlite_connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, timeout=60)
    db.execute("PRAGMA busy_timeout = 60000")
    return db


# --- SQLite -----------------------------------------------------------------------------


def sqlite_dump(target: Path) -> tuple[dict, dict]:
    """Copy the live SQLite database to `target` (one consistent snapshot), turned into a
    self-contained file (no WAL). Returns (migrations, table digests) of the copy."""
    source = _sqlite_connect(sqlite_path())
    copy = sqlite3.connect(target)
    try:
        source.backup(copy)
        copy.execute("PRAGMA journal_mode=DELETE")
        migrations, tables = sqlite_migrations(copy), sqlite_digests(copy)
    finally:
        copy.close()
        source.close()
    return migrations, tables


def damaged_database(where: str, why: str) -> ArchiveError:
    return ArchiveError(
        _("%(archive)s: damaged database (%(why)s)") % {"archive": where, "why": why}
    )


def sqlite_verify(path: Path, tables: dict[str, dict[str, Any]], where: str) -> None:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        (result,) = db.execute("PRAGMA integrity_check").fetchone()
        if result != "ok":
            raise damaged_database(where, result[:80])
        if sqlite_digests(db) != tables:
            raise damaged_database(where, _("its tables do not match the manifest"))
    except sqlite3.DatabaseError as error:
        raise damaged_database(where, str(error)) from None
    finally:
        db.close()


def sqlite_load(source_path: Path) -> None:
    """Put the verified copy in place of the site's database, in one write transaction
    (SQLite's backup API into the live file). Django's connections are closed first."""
    connections.close_all()
    target = sqlite_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    source = sqlite3.connect(f"file:{source_path}?mode=ro", uri=True)
    live = _sqlite_connect(target)
    try:
        source.backup(live)
    finally:
        live.close()
        source.close()


# --- PostgreSQL -------------------------------------------------------------------------


def pg_tool(name: str) -> str | None:
    return shutil.which(name)


def _pg_env() -> tuple[list[str], dict[str, str]]:
    """Connection arguments and environment for pg_dump/psql from Django's settings."""
    s = connection.settings_dict
    args = ["--dbname", s["NAME"]]
    if s.get("HOST"):
        args += ["--host", str(s["HOST"])]
    if s.get("PORT"):
        args += ["--port", str(s["PORT"])]
    if s.get("USER"):
        args += ["--username", str(s["USER"])]
    env = {**os.environ, "PGCONNECT_TIMEOUT": "20"}
    if s.get("PASSWORD"):
        env["PGPASSWORD"] = str(s["PASSWORD"])
    for option, variable in (("sslmode", "PGSSLMODE"),):
        if (s.get("OPTIONS") or {}).get(option):
            env[variable] = str(s["OPTIONS"][option])
    return args, env


def in_snapshot(work: Callable[[Any], Any]):
    """Run `work(cursor)` inside one REPEATABLE READ, read-only transaction on a new
    connection of its own (Django's may be in another transaction)."""
    connection.ensure_connection()
    params = connection.get_connection_params()
    database = connection.Database
    raw = database.connect(**params)
    try:
        raw.isolation_level = database.IsolationLevel.REPEATABLE_READ
        raw.read_only = True
        with raw.cursor() as cursor:
            result = work(cursor)
        raw.rollback()
        return result
    finally:
        raw.close()


def pg_dump(target: Path) -> tuple[dict, dict]:
    """pg_dump of one snapshot to `target` (plain SQL); the manifest's counts and hashes
    come from the same snapshot."""
    pg_dump_bin = pg_tool("pg_dump")

    def work(cursor):
        cursor.execute("SELECT pg_export_snapshot()")
        (snapshot,) = cursor.fetchone()
        args, env = _pg_env()
        done = subprocess.run(  # noqa: S603 - our own arguments, no shell
            [pg_dump_bin, *args, "--format=plain", "--no-owner", "--no-privileges",
             f"--snapshot={snapshot}", "--file", str(target)],
            env=env, capture_output=True, text=True, check=False,
        )  # fmt: skip
        if done.returncode != 0:
            raise ArchiveError(_("pg_dump failed: %(why)s") % {"why": _last_line(done.stderr)})
        return pg_migrations(cursor), pg_digests(cursor)

    return in_snapshot(work)


def _last_line(text: str) -> str:
    lines = [line.strip() for line in (text or "").splitlines() if line.strip()]
    return lines[-1] if lines else _("no message")


def pg_load(sql: Path) -> None:
    """Replace the site's tables by the dump's, in one transaction (psql -1): the old
    tables are dropped and the dump loaded, or, on any error, nothing changes."""
    connections.close_all()
    with connection.cursor() as cursor:
        tables = pg_tables(cursor)
    connections.close_all()
    drop = (
        "DROP TABLE IF EXISTS " + ", ".join(quote_name(t) for t in tables) + " CASCADE;"
        if tables
        else "SELECT 1;"
    )
    args, env = _pg_env()
    done = subprocess.run(  # noqa: S603 - our own arguments, no shell
        [pg_tool("psql"), *args, "--no-psqlrc", "--quiet", "--single-transaction",
         "--set", "ON_ERROR_STOP=1", "--command", drop, "--file", str(sql)],
        env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        raise ArchiveError(
            _("psql could not load the dump: %(why)s") % {"why": _last_line(done.stderr)}
        )
