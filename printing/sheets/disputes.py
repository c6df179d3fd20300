"""A tournament's disputes with the director's rulings."""

from __future__ import annotations

from .base import (
    BOTTOM,
    LEFT,
    RIGHT,
    TOP,
    WIDTH,
    Pen,
    mm,
    wrap,
)
from .common import GREY_TEXT, RULE, continued, heading
from .data import (
    DisputeEntry,
    DisputeReport,
)
from .i18n import _

# -- the disputes and the director's rulings ------------------------------------------

#: (text, size, bold, grey, indent) of one printed line of a dispute's block.
Line = tuple[str, float, bool, bool, float]

DISPUTE_GAP = 4 * mm
RULING_INDENT = 4 * mm


def dispute_where(pen: Pen, entry: DisputeEntry) -> str:
    """ "Round 2 · Table 3 · Miezemauzen · Deal" (what is known of it)."""
    tr = pen.tr
    parts = []
    if entry.round is not None:
        parts.append(tr(_("Round")) + f" {entry.round}")
    if entry.table is not None:
        parts.append(tr(_("Table")) + f" {entry.table}")
    if entry.subject:
        parts.append(entry.subject)
    return " · ".join(parts)


def dispute_verdict(pen: Pen, entry: DisputeEntry) -> str:
    """ "Verdict: legal", or "Verdict: not legal: MZ-8 Renege; MZ-9 ..."."""
    tr = pen.tr
    label = tr(_("Verdict"))
    if entry.legal:
        legal = tr(_("legal"))
        return f"{label}: {legal}"
    broken = "; ".join(
        f"{rule.id} {rule.title}".strip() if rule.title else rule.id for rule in entry.rules
    )
    not_legal = tr(_("not legal"))
    verdict = f"{label}: {not_legal}"
    return f"{verdict} \N{EN DASH} {broken}" if broken else verdict


def dispute_lines(pen: Pen, entry: DisputeEntry) -> list[Line]:
    """Every line of one dispute's block, wrapped to the page: where and what, the
    verdict, the engine's findings, the ruling in full (its own line breaks kept), who
    decided and when."""
    tr = pen.tr
    lines: list[Line] = []

    def add(text: str, size: float, *, bold=False, grey=False, indent: float = 0.0) -> None:
        for line in wrap(pen, text, WIDTH - indent, size=size, bold=bold) or [""]:
            lines.append((line, size, bold, grey, indent))

    add(dispute_where(pen, entry) or tr(_("Dispute")), 11, bold=True)
    if entry.what:
        add(entry.what, 9)
    add(dispute_verdict(pen, entry), 9.5, bold=True)
    if entry.notes:  # under the label the dispute page shows them under
        add(tr(_("The rules engine:")), 8, bold=True, grey=True)
    for note in entry.notes:
        add(note, 8, grey=True, indent=RULING_INDENT)
    add(tr(_("Ruling")) + ":", 9, bold=True)
    for paragraph in entry.ruling.splitlines() or [""]:
        if paragraph.strip():
            add(paragraph, 10, indent=RULING_INDENT)
    signed = [part for part in (entry.decided_by, entry.when) if part]
    if signed:
        decided = tr(_("Decided by"))
        add(f"{decided}: {', '.join(signed)}", 8, grey=True)
    return lines


def line_height(size: float) -> float:
    return size * 1.35


def dispute_report(pen: Pen, doc: DisputeReport) -> None:
    """The tournament's disputes, one block each: where, what, the verdict with the rules
    broken, the ruling in full and who decided. A block that does not fit the rest of
    the page starts a new one; a block longer than a page runs on."""
    tr = pen.tr
    title = tr(_("Disputes and rulings"))
    y = pen.header(title, doc.header)
    if not doc.entries:
        pen.text(LEFT, y - 6 * mm, tr(_("No disputes")), size=11, max_width=WIDTH)
        pen.end_page()
        return
    floor = BOTTOM + 4 * mm
    c = pen.canvas
    for index, entry in enumerate(doc.entries):
        lines = dispute_lines(pen, entry)
        height = sum(line_height(size) for _text, size, *_rest in lines)
        # Keep a block on one page when it fits on a page; never start one at its foot.
        keep_together = index and y - height < floor and height < TOP - BOTTOM - 30 * mm
        if keep_together or y - 3 * line_height(11) < floor:
            pen.end_page()
            y = heading(pen, continued(pen, title))
        for text, size, bold, grey, indent in lines:
            step = line_height(size)
            if y - step < floor:
                pen.end_page()
                y = heading(pen, continued(pen, title))
            y -= step
            if grey:
                c.setFillColorRGB(*GREY_TEXT)
            pen.text(LEFT + indent, y + size * 0.25, text, size=size, bold=bold,
                     max_width=WIDTH - indent)  # fmt: skip
            if grey:
                c.setFillColorRGB(0, 0, 0)
        y -= DISPUTE_GAP / 2
        if index + 1 < len(doc.entries):
            c.setStrokeColorRGB(*RULE)
            c.setLineWidth(0.5)
            c.line(LEFT, y, RIGHT, y)
            c.setStrokeColorRGB(0, 0, 0)
        y -= DISPUTE_GAP / 2
    pen.end_page()
