"""python manage.py import_club FILE [--slug NEW]: load a club exported by export_club
into this site, with new ids (backups.clubs says how logins are matched). Only the club's
own data is loaded (backups.club_data); a damaged, crafted or too large archive gets one
line and exit status 2, with nothing changed."""

from __future__ import annotations

from pathlib import Path

from django.utils.translation import gettext as _

from backups.archive import ArchiveError
from backups.cli import OneLineCommand
from backups.clubs import club_import


class Command(OneLineCommand):
    help = "Import a club archive made by export_club into this site."

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE")
        parser.add_argument("--slug", metavar="NEW", help="another short name for the club")

    def handle(self, *args, file, slug, **options):
        if slug is not None:
            from django.core.exceptions import ValidationError  # noqa: PLC0415
            from django.core.validators import validate_slug  # noqa: PLC0415

            try:
                validate_slug(slug)
            except ValidationError:
                self.fail(
                    _("--slug: %(slug)s is not a short name (letters, digits, - and _)")
                    % {"slug": repr(slug)}
                )
        try:
            report = club_import(path=Path(file), slug=slug)
        except ArchiveError as error:
            self.fail(str(error))
        except OSError as error:  # the file cannot be read, var/ cannot be written
            self.fail(f"{file}: {error.strerror or error}")
        club = report.club
        rows = sum(report.counts.values())
        self.stdout.write(
            _("imported %(club)s as %(slug)s: %(rows)d rows")
            % {"club": club.name, "slug": repr(club.slug), "rows": rows}
        )
        for old, new in sorted(report.renamed_logins.items()):
            self.stdout.write(
                _("login %(old)s exists on this site: the club's is %(new)s")
                % {"old": repr(old), "new": repr(new)}
            )
        for old, new in sorted(report.renamed_tournaments.items()):
            self.stdout.write(
                _("tournament %(old)s exists on this site: now %(new)s")
                % {"old": repr(old), "new": repr(new)}
            )
