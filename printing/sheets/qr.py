"""QR codes drawn as vector paths, quickly.

A QR widget that draws every dark module as its own rectangle, with a pure-Python encoder
trying all eight masks, costs about 10 ms a code: most of a 200-table pack. Here
zxing-cpp's C++ encoder makes the code (a fraction of a millisecond, masks chosen by the
standard's rules) and each row's runs of dark modules become one rectangle of a single
path, written in module units under one transformation.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from scoring.qr import QUIET_ZONE, dark_runs

__all__ = ["QUIET_ZONE", "dark_runs", "draw_qr"]


def draw_qr(canvas: Canvas, data: str, x: float, y: float, size: float) -> None:
    """Draw ``data`` as a QR code whose square, quiet zone included, has its lower left
    corner at (x, y) and sides of ``size`` points."""
    n, runs = dark_runs(data)
    unit = size / (n + 2 * QUIET_ZONE)
    offset = QUIET_ZONE * unit
    # One transformation into module units; the rectangles then need only integers.
    canvas.addLiteral(
        f"q 0 g {unit:.4f} 0 0 {unit:.4f} {x + offset:.3f} {y + offset:.3f} cm\n"
        + "\n".join(f"{col} {row} {length} 1 re" for col, row, length in runs)
        + "\nf Q"
    )
