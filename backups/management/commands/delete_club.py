"""python manage.py delete_club SLUG [--confirm SLUG]: remove a club that left, with
everything of it (backups.clubs.club_delete). Asks for the slug to be typed again, or
takes it as --confirm SLUG for scripts. Logged in the site log."""

from __future__ import annotations

import sys

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
            self.fail(f"SLUG: no club {slug!r} on this site")
        if confirm is None:
            self.stdout.write(
                f"This removes {club.name} ({slug}) and all its history from this site. "
                "Export it first (export_club). Type the short name again to confirm: "
            )
            self.stdout.flush()
            confirm = sys.stdin.readline().strip()
        if confirm != slug:
            self.fail(f"--confirm: {confirm!r} is not {slug!r}; nothing was deleted")
        removed = club_delete(club=club)
        self.stdout.write(f"deleted {club.name} ({slug}): {sum(removed.values())} rows")
