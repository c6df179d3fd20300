"""What the backup commands share: one line on standard error and exit status 2 for
anything the user can put right, never a traceback; and the terminal's language
(`--lang`, then the system's locale, then Dutch: config.terminal), in which every line
of the command's run is written (the site's catalogues)."""

from __future__ import annotations

import sys
from typing import NoReturn

from django.core.management.base import BaseCommand
from django.utils import translation

from config import terminal


def fail(command: str, message: str) -> NoReturn:
    sys.stderr.write(f"{command}: {' '.join(str(message).split())}\n")
    sys.exit(2)


class OneLineCommand(BaseCommand):
    """A command whose usage errors are one line and exit status 2, speaking the
    terminal's language (--lang nl|de|en)."""

    name = ""

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.add_argument(
            "--lang",
            choices=terminal.LANGUAGES,
            help="the terminal's language (default: the system's, else nl)",
        )
        parser.error = lambda message: fail(subcommand, message)
        self.name = subcommand
        return parser

    def execute(self, *args, **options):
        with translation.override(terminal.language(options.get("lang"))):
            return super().execute(*args, **options)

    def fail(self, message: str) -> NoReturn:
        fail(self.name or type(self).__module__.rsplit(".", 1)[-1], message)
