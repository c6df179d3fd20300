"""python manage.py check_hand FILE... | -  (shared/spec/CASES.md)."""

import os
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

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)

        def error(message):  # one line and status 2, as CASES.md asks of a bad call
            sys.stderr.write(f"check_hand: {message}\n")
            sys.exit(2)

        parser.error = error
        return parser

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="FILE", help="case file, or -")

    def handle(self, *args, files, **options):
        if sys.stdout is None:
            sys.stderr.write("check_hand: standard output is closed\n")
            sys.exit(2)
        stdin = sys.stdin.buffer if sys.stdin is not None else None
        status = cases.main(files, stdin, self.stdout, self.stderr)
        if status:
            # Output may have failed on a closed pipe: do not let the interpreter's
            # final flush print a traceback about it.
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            sys.exit(status)
