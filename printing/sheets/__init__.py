"""Printed score sheets: pure reportlab renderers, plain dataclasses in, PDF bytes out.

No Django here (tests/test_architecture.py): the site fills the dataclasses of
:mod:`.data` from the database in ``printing.contents`` and calls :func:`render`.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from datetime import UTC, datetime

from reportlab.pdfgen.canvas import Canvas

from .base import FONT, PAGE_HEIGHT, PAGE_WIDTH, Pen, register_fonts
from .data import (
    CardRound,
    CheckInSlips,
    DisputeEntry,
    DisputeReport,
    DisputeRule,
    Document,
    DrawList,
    DrawTable,
    Header,
    PersonalCard,
    Player,
    Slip,
    Standings,
    StandingsRow,
    TableCards,
    TableSheet,
)
from .i18n import translator

Progress = Callable[[int, int], None]


def render(
    documents: Sequence[Document],
    *,
    language: str,
    title: str = "",
    author: str = "",
    created: datetime | None = None,
    progress: Progress | None = None,
) -> bytes:
    """One PDF of ``documents`` in order, labels in ``language`` (nl, de or en).

    The file's metadata names ``title`` and ``author`` (the club) and, when given, the
    ``created`` moment as its creation date. ``progress(done, total)`` is called after
    each document. The output is the same bytes for the same input (the only time stamp
    is ``created``), so a job that runs twice writes the same file.
    """
    from . import documents as docs  # noqa: PLC0415 - they import this package's parts
    from .game_sheets import draw as draw_sheet  # noqa: PLC0415

    register_fonts()
    buffer = io.BytesIO()
    # The embedded font from the first operator on: no base-14 font (Helvetica, Symbol)
    # is ever named in the file.
    canvas = Canvas(
        buffer, pagesize=(PAGE_WIDTH, PAGE_HEIGHT), invariant=True, initialFontName=FONT
    )
    canvas.setTitle(title)
    canvas.setAuthor(author)
    canvas.setCreator("Troef")
    if created is not None:
        canvas.setDateFormatter(_pdf_date(created))
    pen = Pen(canvas, translator(language), language)
    total = len(documents)
    for done, document in enumerate(documents, start=1):
        if isinstance(document, TableSheet):
            draw_sheet(pen, document)
        else:
            docs.draw(pen, document)
        if progress is not None:
            progress(done, total)
    if not total:
        pen.end_page()
    canvas.save()
    return buffer.getvalue()


def _pdf_date(moment: datetime) -> Callable[..., str]:
    """A reportlab date formatter that writes ``moment`` (in UTC) as the PDF's creation
    and modification date, whatever the canvas's own clock says."""
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    stamp = moment.strftime("D:%Y%m%d%H%M%S+00'00'")
    return lambda *_: stamp


__all__ = [
    "CardRound",
    "CheckInSlips",
    "DisputeEntry",
    "DisputeReport",
    "DisputeRule",
    "Document",
    "DrawList",
    "DrawTable",
    "Header",
    "PersonalCard",
    "Player",
    "Progress",
    "Slip",
    "Standings",
    "StandingsRow",
    "TableCards",
    "TableSheet",
    "render",
]
