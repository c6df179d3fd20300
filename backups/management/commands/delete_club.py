"""python manage.py delete_club SLUG [--confirm SLUG]: remove a club that left, with
everything of it (backups.clubs.club_delete). Asks for the slug to be typed again, or
takes it as --confirm SLUG for scripts. Logged in the site log."""

from __future__ import annotations

import sys

from django.utils.translation import gettext as _

from backups.cli import OneLineCommand
from backups.clubs import club_delete
from clubs.models import Club


class Command(OneLineCommand):
    help = "Delete a club and all its data from this site (export it first)."

    def add_arguments(self, parser):
        parser.add_argument("slug", metavar="SLUG")
        parser.add_argument("--confirm", metavar="SLUG", help="the slug again, for scripts")

    def handle(self, *args, slug, confirm, **options):
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            self.fail(_("SLUG: no club %(slug)s on this site") % {"slug": repr(slug)})
        if confirm is None:
            self.stdout.write(
                _(
                    "This removes %(club)s (%(slug)s) and all its history from this site. "
                    "Export it first (export_club). Type the short name again to confirm: "
                )
                % {"club": club.name, "slug": slug}
            )
            self.stdout.flush()
            confirm = sys.stdin.readline().strip()
        if confirm != slug:
            self.fail(
                _("--confirm: %(typed)s is not %(slug)s; nothing was deleted")
                % {"typed": repr(confirm), "slug": repr(slug)}
            )
        removed = club_delete(club=club)
        self.stdout.write(
            _("deleted %(club)s (%(slug)s): %(rows)d rows")
            % {"club": club.name, "slug": slug, "rows": sum(removed.values())}
        )
