"""QR codes of addresses, for the terminal and the pages (segno)."""

from __future__ import annotations

import sys
from typing import TextIO

import segno
from django.utils.safestring import SafeString, mark_safe


def svg(data: str) -> SafeString:
    """An inline <svg> of `data` that scales to its box (CSS sizes it), dark on white
    so that it scans in the dark colour scheme too. No style attributes: the CSP allows
    no inline styles."""
    code = segno.make(data, error="m")
    return mark_safe(code.svg_inline(scale=1, omitsize=True, light="#fff", svgclass="qr"))  # noqa: S308 - segno's own SVG, the data is escaped by it


def terminal(data: str, out: TextIO | None = None) -> None:
    """The QR code in the terminal: in half blocks when the terminal can write them,
    else in segno's full-size form."""
    out = out or sys.stdout
    code = segno.make(data, error="m")
    try:
        "█▀▄".encode(getattr(out, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        code.terminal(out=out)
    else:
        code.terminal(out=out, compact=True)
    out.flush()
