"""python manage.py restore FILE [--replace]: put a backup (manage.py backup) back.

Refuses a site that has data unless --replace, and then backs that data up first
(var/backups/before-restore-*.zip). A damaged, crafted or foreign archive, one beyond the
size limits (TROEF_ARCHIVE_*), one of another database engine, or one from a newer
Troef: one line and exit status 2, nothing changed. An archive from an older Troef is
migrated forward."""

from __future__ import annotations

from pathlib import Path

from django.utils.translation import gettext as _

from backups.archive import ArchiveError
from backups.cli import OneLineCommand
from backups.services import backup_restore


class Command(OneLineCommand):
    help = "Restore a backup made by `manage.py backup` into this site."

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE", help="the backup archive")
        parser.add_argument(
            "--replace",
            action="store_true",
            help="replace the site's data (backed up first into var/backups/)",
        )

    def handle(self, *args, file, replace, **options):
        try:
            report = backup_restore(path=Path(file), replace=replace)
        except ArchiveError as error:
            self.fail(str(error))
        except OSError as error:
            self.fail(f"{file}: {error.strerror or error}")
        manifest = report.manifest
        self.stdout.write(
            _("restored %(file)s (Troef %(version)s, %(created)s); %(rows)d rows")
            % {
                "file": file,
                "version": manifest.version,
                "created": manifest.data["created_at"],
                "rows": sum(t["rows"] for t in manifest.tables.values()),
            }
        )
        if report.replaced_backup:
            self.stdout.write(
                _("the data it replaced is kept in %(file)s") % {"file": report.replaced_backup}
            )
        for note in report.notes:
            self.stdout.write(note)
