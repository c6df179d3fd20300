"""python manage.py check_hand FILE... | -  (shared/spec/CASES.md)."""

import sys

from django.core.management.base import BaseCommand

from games import cases


class Command(BaseCommand):
    help = (
        "Judge disputed-hand cases (JSON, see CASES.md) and print the verdicts. "
        "Several files give one verdict per line; - reads standard input."
    )
    requires_system_checks = ()
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="FILE", help="case file, or -")

    def handle(self, *args, files, **options):
        status = cases.main(files, sys.stdin.buffer, self.stdout, self.stderr)
        if status:
            sys.exit(status)
