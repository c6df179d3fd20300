"""A QR code's dark modules, made by zxing-cpp's C++ encoder (a fraction of a millisecond,
masks chosen by the standard's rules), as runs per row: for the player's personal QR code
on their page (scoring.views.personal) and for everything printed (printing.sheets.qr).
Pure Python, no Django."""

from __future__ import annotations

import re

import zxingcpp

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
