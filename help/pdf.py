"""The evening in 10 steps as one A4 page for the director's folder (reportlab).

The steps are the help's evening section (:func:`help.sections.steps`), so the page and
the printed sheet never say different things. Set in the sheets' embedded DejaVu Sans;
the text shrinks to fit when a language runs long, so it is always one page.
"""

from __future__ import annotations

from html import escape
from io import BytesIO

from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Frame, KeepInFrame, Paragraph, Spacer, Table, TableStyle

from printing.sheets.base import BOLD, FONT, register_fonts

from . import sections

MARGIN = 15 * mm
INK = HexColor("#1b2a3a")
ACCENT = HexColor("#2a6f4e")


def _inline(text: str) -> str:
    """Plain text with ``**bold**`` → reportlab's mark-up, everything else escaped."""
    parts = escape(text).split("**")
    return "".join(f"<b>{part}</b>" if i % 2 else part for i, part in enumerate(parts))


def evening_steps_pdf(language: str, *, footer: str = "") -> bytes:
    """The one-page PDF of the evening's steps in ``language`` (its help text's)."""
    register_fonts()
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=FONT, boldItalic=BOLD)
    title, steps = sections.steps(language)
    width, height = A4
    title_style = ParagraphStyle(
        "title", fontName=BOLD, fontSize=22, leading=27, textColor=INK, spaceAfter=4 * mm
    )
    number_style = ParagraphStyle(
        "number", fontName=BOLD, fontSize=20, leading=22, textColor=ACCENT
    )
    step_title = ParagraphStyle("step", fontName=BOLD, fontSize=12.5, leading=15, textColor=INK)
    body = ParagraphStyle("body", fontName=FONT, fontSize=10, leading=13, textColor=INK)
    rows = [
        [
            Paragraph(str(step.number), number_style),
            [Paragraph(_inline(step.title), step_title), Paragraph(_inline(step.text), body)],
        ]
        for step in steps
    ]
    table = Table(rows, colWidths=[12 * mm, width - 2 * MARGIN - 14 * mm], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEBELOW", (0, 0), (-1, -2), 0.4, HexColor("#b8c2cc")),
                ("TOPPADDING", (0, 0), (-1, -1), 2.2 * mm),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2.2 * mm),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    story = [Paragraph(_inline(title), title_style), Spacer(0, 1 * mm), table]
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=A4, pageCompression=1)
    canvas.setTitle(title)
    canvas.setAuthor("Troef")
    frame = Frame(MARGIN, MARGIN + 6 * mm, width - 2 * MARGIN, height - 2 * MARGIN - 6 * mm)
    frame.addFromList([KeepInFrame(frame._aW, frame._aH, story, mode="shrink")], canvas)
    canvas.setFont(FONT, 8)
    canvas.setFillColor(HexColor("#5b6875"))
    canvas.drawString(MARGIN, MARGIN, f"Troef · {footer}" if footer else "Troef")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
