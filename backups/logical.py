"""A logical dump of a PostgreSQL site for when pg_dump is not installed: every table's
rows as JSON, read in one REPEATABLE READ snapshot, with values typed so that nothing is
lost (timestamps to the microsecond, JSON as JSON, bytes, UUIDs, decimals).

Loading builds the archive's schema (migrate to the archive's migrations), replaces
every row, and resets the id counters, all in one transaction; restore then migrates
forward. (Django's dumpdata would cut timestamps to milliseconds.)
"""

from __future__ import annotations

import base64
import datetime as dt
import decimal
import json
import uuid
from pathlib import Path
from typing import Any

from django.core.management import call_command
from django.db import connection, transaction

from . import database
from .archive import Manifest

MIGRATIONS_TABLE = "django_migrations"


def _encode(value: Any) -> Any:  # noqa: PLR0911 - one return per type
    if isinstance(value, dt.datetime):
        return {"$datetime": value.isoformat()}
    if isinstance(value, dt.date):
        return {"$date": value.isoformat()}
    if isinstance(value, dt.time):
        return {"$time": value.isoformat()}
    if isinstance(value, decimal.Decimal):
        return {"$decimal": str(value)}
    if isinstance(value, uuid.UUID):
        return {"$uuid": str(value)}
    if isinstance(value, bytes | bytearray | memoryview):
        return {"$bytes": base64.b64encode(bytes(value)).decode()}
    if isinstance(value, dict | list):
        return {"$json": value}
    if isinstance(value, dt.timedelta):
        return {"$seconds": value.total_seconds()}
    return value


def _decode(value: Any) -> Any:
    if not isinstance(value, dict):
        return value
    ((tag, inner),) = value.items()
    from psycopg.types.json import Jsonb  # noqa: PLC0415 - PostgreSQL only

    return {
        "$datetime": dt.datetime.fromisoformat,
        "$date": dt.date.fromisoformat,
        "$time": dt.time.fromisoformat,
        "$decimal": decimal.Decimal,
        "$uuid": uuid.UUID,
        "$bytes": base64.b64decode,
        "$json": Jsonb,
        "$seconds": lambda s: dt.timedelta(seconds=s),
    }[tag](inner)


def dump(target: Path) -> tuple[dict, dict]:
    def work(cursor):
        tables = {}
        for table in database.pg_tables(cursor):
            cursor.execute(f"SELECT * FROM {database.quote_name(table)}")  # noqa: S608
            columns = [c.name for c in cursor.description]
            rows = [[_encode(v) for v in row] for row in cursor.fetchall()]
            tables[table] = {"columns": columns, "rows": rows}
        target.write_text(json.dumps({"tables": tables}), encoding="utf-8")
        return database.pg_migrations(cursor), database.pg_digests(cursor)

    return database.in_snapshot(work)


def load(source: Path, manifest: Manifest) -> None:
    tables = json.loads(source.read_text(encoding="utf-8"))["tables"]
    with transaction.atomic():
        with connection.cursor() as cursor:
            existing = database.pg_tables(cursor)
            if existing:
                cursor.execute(
                    "DROP TABLE " + ", ".join(database.quote_name(t) for t in existing) + " CASCADE"
                )
        for app, names in manifest.migrations.items():
            call_command("migrate", app, max(names), interactive=False, verbosity=0)
            with connection.cursor() as cursor:
                # rows the migration added (content types, permissions) checked now: a
                # table with pending checks cannot be altered by the next migration
                cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
                cursor.execute("SET CONSTRAINTS ALL DEFERRED")
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")
            for table in database.pg_tables(cursor):
                if table != MIGRATIONS_TABLE:
                    cursor.execute(f"DELETE FROM {database.quote_name(table)}")  # noqa: S608
            for table, content in tables.items():
                if table == MIGRATIONS_TABLE or not content["rows"]:
                    continue
                columns = ", ".join(database.quote_name(c) for c in content["columns"])
                marks = ", ".join(["%s"] * len(content["columns"]))
                cursor.executemany(
                    f"INSERT INTO {database.quote_name(table)} ({columns}) VALUES ({marks})",  # noqa: S608
                    [[_decode(v) for v in row] for row in content["rows"]],
                )
                if "id" in content["columns"]:
                    top = f"SELECT MAX(id) FROM {database.quote_name(table)}"  # noqa: S608
                    cursor.execute(
                        f"SELECT setval(pg_get_serial_sequence(%s, 'id'), COALESCE(({top}), 1))",
                        [table],
                    )
