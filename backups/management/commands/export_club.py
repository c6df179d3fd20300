"""python manage.py export_club SLUG -o FILE [--with-logins]: one club's whole history in
one archive (backups.clubs), with CSV files for a spreadsheet. Password hashes only with
--with-logins."""

from __future__ import annotations

from pathlib import Path

from django.utils.translation import gettext as _

from backups.archive import ArchiveError
from backups.cli import OneLineCommand
from backups.clubs import club_export
from clubs.models import Club


class Command(OneLineCommand):
    help = "Export one club's whole history to an archive that import_club reads."

    def add_arguments(self, parser):
        parser.add_argument("slug", metavar="SLUG", help="the club's short name")
        parser.add_argument("-o", "--output", required=True, metavar="FILE")
        parser.add_argument(
            "--with-logins",
            action="store_true",
            help="include the logins' password hashes (keep the file safe)",
        )

    def handle(self, *args, slug, output, with_logins, **options):
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            self.fail(_("SLUG: no club %(slug)s on this site") % {"slug": repr(slug)})
        target = Path(output)
        if target.is_dir() or not target.parent.is_dir():
            self.fail(
                _("-o: cannot write %(file)s (a folder, or its folder does not exist)")
                % {"file": repr(output)}
            )
        try:
            club_export(club=club, target=target, with_logins=with_logins)
        except (ArchiveError, OSError) as error:
            self.fail(str(error))
        self.stdout.write(_("%(file)s: %(club)s exported") % {"file": target, "club": club.name})
