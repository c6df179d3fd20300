"""QR codes drawn as vector paths, quickly.

A QR widget that draws every dark module as its own rectangle, with a pure-Python encoder
trying all eight masks, costs about 10 ms a code: most of a 200-table pack. Here
zxing-cpp's C++ encoder makes the code (a fraction of a millisecond, masks chosen by the
standard's rules) and each row's runs of dark modules become one rectangle of a single
path, written in module units under one transformation.
"""

from __future__ import annotations

import re

import zxingcpp
from reportlab.pdfgen.canvas import Canvas

#: Light modules around the code that scanners need (the standard's quiet zone).
QUIET_ZONE = 4
#: A run of dark modules in a row of the encoder's one-pixel-per-module image.
_DARK = re.compile(rb"\x00+")


def dark_runs(data: str) -> tuple[int, list[tuple[int, int, int]]]:
    """The code's size in modules and its dark runs as (column, row from the bottom,
    length). Error correction level M: a sheet may get a crease or a coffee ring."""
    code = zxingcpp.create_barcode(data, zxingcpp.BarcodeFormat.QRCode, ec_level="M")
    image = memoryview(code.to_image(scale=1, add_quiet_zones=False))
    n = image.shape[0]
    pixels = image.tobytes()
    runs = []
    for r in range(n):
        y = n - 1 - r
        for run in _DARK.finditer(pixels, r * n, (r + 1) * n):
            runs.append((run.start() - r * n, y, run.end() - run.start()))
    return n, runs


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
