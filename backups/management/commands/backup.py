"""python manage.py backup [-o FILE]: the whole site in one archive (backups.archive),
by default into var/backups/. Safe while the site runs."""

from __future__ import annotations

from pathlib import Path

from django.utils.translation import gettext as _

from backups.archive import ArchiveError
from backups.cli import OneLineCommand
from backups.services import backup_create


class Command(OneLineCommand):
    help = (
        "Back up the site: the database (a consistent snapshot, while the site runs), "
        "var/secret_key and the generated files, in one archive with a manifest."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "-o", "--output", metavar="FILE", help="the archive to write (default: var/backups/)"
        )

    def handle(self, *args, output=None, **options):
        target = Path(output) if output else None
        if target is not None and target.is_dir():
            self.fail(_("-o: %(file)s is a folder") % {"file": repr(output)})
        if target is not None and not target.parent.is_dir():
            self.fail(_("-o: the folder of %(file)s does not exist") % {"file": repr(output)})
        try:
            path = backup_create(output=target)
        except ArchiveError as error:
            self.fail(str(error))
        except OSError as error:
            self.fail(_("cannot write the backup: %(why)s") % {"why": error.strerror or error})
        self.stdout.write(str(path))  # only the file: `archive=$(troef backup)`
