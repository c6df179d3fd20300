"""Django's migrate, after one check: a database that a newer Troef has migrated (it
records a migration this code does not have) is left alone, with one line and exit
status 2, instead of being half-migrated or failing later in a confusing way."""

from __future__ import annotations

import sys

from django.core.management.commands.migrate import Command as DjangoMigrate
from django.db import connections
from django.utils import translation
from django.utils.translation import gettext as _

from backups.migrations_state import newer_message, unknown_migrations
from config import terminal


class Command(DjangoMigrate):
    def handle(self, *args, **options):
        connection = connections[options["database"]]
        from django.db.migrations.recorder import MigrationRecorder  # noqa: PLC0415

        recorder = MigrationRecorder(connection)
        if recorder.has_table():
            unknown = unknown_migrations(set(recorder.applied_migrations()))
            if unknown:
                with translation.override(terminal.language()):  # the system's, else nl
                    message = newer_message(_("this database"), unknown)
                sys.stderr.write(f"migrate: {message}\n")
                sys.exit(2)
        return super().handle(*args, **options)
