"""The migration state of a database against the code's migrations."""

from __future__ import annotations

from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder
from django.utils.translation import gettext as _

from .archive import newer_troef


def code_migrations() -> set[tuple[str, str]]:
    loader = MigrationLoader(None, ignore_no_migrations=True)
    return set(loader.disk_migrations)


def unknown_migrations(applied: dict[str, list[str]] | set[tuple[str, str]]) -> list[str]:
    """Applied migrations (app, name) this code does not have: the database (or archive)
    comes from a newer Troef."""
    pairs = (
        {(app, name) for app, names in applied.items() for name in names}
        if isinstance(applied, dict)
        else set(applied)
    )
    return sorted(f"{app}.{name}" for app, name in pairs - code_migrations())


def database_migrations() -> set[tuple[str, str]]:
    recorder = MigrationRecorder(connection)
    if not recorder.has_table():
        return set()
    return set(recorder.applied_migrations())


def newer_message(what: str, unknown: list[str], version: str | None = None) -> str:
    values = {"what": what, "newer": newer_troef(version), "first": unknown[0]}
    if len(unknown) > 1:
        return _(
            "%(what)s is from %(newer)s: it has migration %(first)s and %(more)d more, "
            "which this code does not know. Install the newer Troef first."
        ) % {**values, "more": len(unknown) - 1}
    return (
        _(
            "%(what)s is from %(newer)s: it has migration %(first)s, which this code does not "
            "know. Install the newer Troef first."
        )
        % values
    )
