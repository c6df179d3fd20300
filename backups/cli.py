"""What the backup commands share: one line on standard error and exit status 2 for
anything the user can put right, never a traceback."""

from __future__ import annotations

import sys
from typing import NoReturn

from django.core.management.base import BaseCommand


def fail(command: str, message: str) -> NoReturn:
    sys.stderr.write(f"{command}: {' '.join(str(message).split())}\n")
    sys.exit(2)


class OneLineCommand(BaseCommand):
    """A command whose usage errors are one line and exit status 2."""

    name = ""

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.error = lambda message: fail(subcommand, message)
        self.name = subcommand
        return parser

    def fail(self, message: str) -> NoReturn:
        fail(self.name or type(self).__module__.rsplit(".", 1)[-1], message)
