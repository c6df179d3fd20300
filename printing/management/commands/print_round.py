"""python manage.py print_round TOURNAMENT_SLUG ROUND -o FILE.pdf [--base-url URL] [--no-qr]

Writes a round's whole pack, the draw list and then a score sheet per table with its QR
link, as one PDF, without a worker (printing.contents.round_pack, printing.sheets.render).
The QR links point to ``--base-url``, by default the address of the venue server running
on this machine (``manage.py venue``), else TROEF_SITE_URL (config.site).
The tournament is named by its slug (shown in the admin; made from its name). ``-o -``
writes the PDF to standard output. A file is written whole or not at all (a temporary
file beside it, renamed). A bad argument: one line on standard error naming it, and exit
status 2.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import NoReturn
from urllib.parse import urlsplit

from django.core.management.base import BaseCommand
from django.utils import timezone

from config.site import site_url
from printing.contents import round_pack
from printing.sheets import render
from scoring.files import write_atomically
from tournaments.models import Tournament

#: Digits a round number may have (more is no round).
NUMBER_DIGITS = 6


class Command(BaseCommand):
    help = (
        "Print a round's pack (draw list, then a score sheet per table with its QR link) "
        "to a PDF file, without a worker."
    )
    requires_system_checks = ()

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.error = _usage_error  # one line and status 2, never a traceback
        return parser

    def add_arguments(self, parser):
        parser.add_argument("tournament", metavar="TOURNAMENT_SLUG", help="the tournament's slug")
        parser.add_argument("number", metavar="ROUND", help="the round's number")
        parser.add_argument(
            "-o", "--output", required=True, metavar="FILE", help="the PDF to write; - for stdout"
        )
        parser.add_argument(
            "--base-url",
            default=None,
            metavar="URL",
            help=(
                "the site's address for the QR links (default: the running venue's, "
                "else settings.TROEF_SITE_URL)"
            ),
        )
        parser.add_argument("--no-qr", action="store_true", help="print no QR codes")

    def handle(self, *args, tournament, number, output, base_url, no_qr, **options):
        base = _base_url(base_url)
        number = _round_number(number)
        target = None if output == "-" else _target(output)
        # An empty slug is no name: tournaments made in bulk have none.
        found = Tournament.objects.filter(slug=tournament).first() if tournament else None
        if found is None:
            _usage_error(f"TOURNAMENT_SLUG: no tournament {tournament!r}")
        round_pk = found.rounds.filter(number=number).values_list("pk", flat=True).first()
        if round_pk is None:
            drawn = ", ".join(str(n) for n in found.rounds.values_list("number", flat=True))
            _usage_error(
                f"ROUND: {found.slug} has no round {number} drawn (drawn: {drawn or 'none yet'})"
            )
        pack = round_pack(round_pk, base_url=base, qr=not no_qr)
        data = render(
            pack.documents,
            language=pack.language,
            title=pack.title,
            author=pack.author,
            created=timezone.now(),
        )
        if target is None:
            try:
                sys.stdout.buffer.write(data)
                sys.stdout.buffer.flush()
            except OSError as error:  # a full disk, a reader that went away
                _usage_error(f"-o: cannot write to standard output: {error.strerror or error}")
            return
        _write(target, data)
        tables = len(pack.documents) - 1
        self.stdout.write(f"{target}: {pack.title}, {tables} table{'s' * (tables != 1)}")


def _usage_error(message: str) -> NoReturn:
    sys.stderr.write(f"print_round: {message}\n")
    sys.exit(2)


def _round_number(text: str) -> int:
    if not text.isdecimal() or len(text) > NUMBER_DIGITS or int(text) < 1:
        _usage_error(f"ROUND: must be a round number (1, 2, ...), not {text[:40]!r}")
    return int(text)


def _base_url(given: str | None) -> str:
    """The given address, else the venue's while it runs, else TROEF_SITE_URL (see
    config.site), checked: http(s)://host[:port][/path]."""
    url = given if given is not None else site_url()
    where = "--base-url" if given is not None else "--base-url (settings.TROEF_SITE_URL)"
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a bad port
    except ValueError:
        parts = None
    if (
        parts is None
        or parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.query
        or parts.fragment
        or any(c.isspace() for c in url)
    ):
        _usage_error(f"{where}: {url[:80]!r} is not an http:// or https:// address")
    return url.rstrip("/")


def _target(output: str) -> Path:
    """The file to write, checked before anything is printed: its folder exists and can
    be written to, and it is not a folder itself."""
    path = Path(output)
    folder = path.parent
    if path.is_dir():
        _usage_error(f"-o: {output!r} is a folder")
    if not folder.is_dir():
        _usage_error(f"-o: the folder of {output!r} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        _usage_error(f"-o: {output!r} cannot be written")
    return path


def _write(path: Path, data: bytes) -> None:
    """Write `data` to `path` whole or not at all (exit 2 naming -o when it cannot)."""
    try:
        write_atomically(path, data)
    except OSError as error:
        _usage_error(f"-o: cannot write {str(path)!r}: {error.strerror or error}")
