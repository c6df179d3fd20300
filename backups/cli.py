"""What the backup commands share: one line on standard error and exit status 2 for
anything the user can put right, never a traceback; and the terminal's language
(`--lang`, then the system's locale, then Dutch: config.terminal), in which every line
of the command's run is written (the site's catalogues). argparse's own usage errors,
which come before the options are read, are put into that language too."""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from typing import NoReturn

from django.core.management.base import BaseCommand
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from config import terminal

#: argparse's usage errors (English, its own gettext domain) and the site's msgids for
#: them, which say the same in English; any other is left as argparse wrote it.
PARSER_ERRORS = (
    (re.compile(r"the following arguments are required: (?P<names>.+)"),
     gettext_noop("the following arguments are required: %(names)s")),
    (re.compile(r"unrecognized arguments: (?P<names>.+)"),
     gettext_noop("unrecognized arguments: %(names)s")),
    (re.compile(r"argument (?P<name>\S+): expected one argument"),
     gettext_noop("argument %(name)s: expected one argument")),
    (re.compile(r"argument (?P<name>\S+): invalid choice: (?P<value>.+?) "
                r"\(choose from (?P<choices>.+)\)"),
     gettext_noop("argument %(name)s: invalid choice: %(value)s (choose from %(choices)s)")),
)  # fmt: skip


def fail(command: str, message: str) -> NoReturn:
    sys.stderr.write(f"{command}: {' '.join(str(message).split())}\n")
    sys.exit(2)


def parser_error(message: str) -> str:
    """argparse's `message` in the active language."""
    for pattern, words in PARSER_ERRORS:
        found = pattern.fullmatch(message)
        if found:
            return _(words) % found.groupdict()
    return message


def lang_in(args: Sequence[str]) -> str | None:
    """The --lang of a command line not parsed yet (for its usage errors), if valid."""
    for number, arg in enumerate(args):
        value = None
        if arg == "--lang" and number + 1 < len(args):
            value = args[number + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        if value in terminal.LANGUAGES:
            return value
    return None


class OneLineCommand(BaseCommand):
    """A command whose usage errors are one line and exit status 2, speaking the
    terminal's language (--lang nl|de|en)."""

    name = ""
    #: --lang as the command line gives it, before argparse reads it.
    argv_lang: str | None = None

    def run_from_argv(self, argv):
        self.argv_lang = lang_in(argv[2:])
        return super().run_from_argv(argv)

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.add_argument(
            "--lang",
            choices=terminal.LANGUAGES,
            help="the terminal's language (default: the system's, else nl)",
        )
        parser.error = lambda message: self.usage_error(subcommand, message)
        self.name = subcommand
        return parser

    def usage_error(self, command: str, message: str) -> NoReturn:
        with translation.override(terminal.language(self.argv_lang)):
            fail(command, parser_error(message))

    def execute(self, *args, **options):
        with translation.override(terminal.language(options.get("lang"))):
            return super().execute(*args, **options)

    def fail(self, message: str) -> NoReturn:
        fail(self.name or type(self).__module__.rsplit(".", 1)[-1], message)
