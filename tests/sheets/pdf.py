"""Reading printed PDFs back in tests: text, QR codes, fonts and page sizes.

Real PDFs, read with real tools: pypdfium2 (the PDF engine of Chromium) extracts text
and renders pages to images, zxing-cpp decodes the QR codes in them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import closing
from typing import Any

import pypdfium2
import zxingcpp

_BASE_FONT = re.compile(rb"/BaseFont\s*/([^\s/<>\[\]()]+)")


def pdf_text(data: bytes) -> list[str]:
    """The text of each page, in page order."""
    with closing(pypdfium2.PdfDocument(data)) as document:
        pages = []
        for page in document:
            textpage = page.get_textpage()
            pages.append(textpage.get_text_range())
            textpage.close()
            page.close()
        return pages


def qr_codes(data: bytes, scale: float = 2) -> list[list[str]]:
    """The decoded QR codes of each page, in page order (rendered at ``scale`` pixels a
    point: 2 is about 144 dpi)."""
    with closing(pypdfium2.PdfDocument(data)) as document:
        pages = []
        for page in document:
            image = page.render(scale=scale, grayscale=True).to_pil()
            page.close()
            # Model 2 only, what the sheets print: zxing-cpp's QRCode family also reads Micro
            # QR, whose smallest size (M1: a few digits, no error correction) a page's lines
            # and letters can pass for ("904" once beside three real codes).
            found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCodeModel2)
            pages.append([code.text for code in found])
        return pages


def fonts(data: bytes) -> set[str]:
    """The names of the fonts the PDF uses (``/BaseFont``), a subset's tag included, e.g.
    ``{"AAAAAA+DejaVuSans", "Helvetica"}``."""
    return {match.decode("latin-1") for match in _BASE_FONT.findall(data)}


def page_count(data: bytes) -> int:
    with closing(pypdfium2.PdfDocument(data)) as document:
        return len(document)


def page_size(data: bytes, page: int = 0) -> tuple[float, float]:
    """Width and height of page ``page`` (0-based) in points."""
    with closing(pypdfium2.PdfDocument(data)) as document:
        pdf_page = document[page]
        size = pdf_page.get_size()
        pdf_page.close()
        return size


Box = tuple[float, float, float, float]


def _printed_chars(data: bytes, describe: Callable[[Any, int, str], Any]) -> list[list[Any]]:
    """Each page's printed characters, spaces and line breaks left out, each as
    ``describe(textpage, index, char)``."""
    with closing(pypdfium2.PdfDocument(data)) as document:
        pages = []
        for page in document:
            textpage = page.get_textpage()
            chars = []
            for index in range(textpage.count_chars()):
                char = textpage.get_text_range(index, 1)
                if char.strip():
                    chars.append(describe(textpage, index, char))
            textpage.close()
            page.close()
            pages.append(chars)
        return pages


def text_boxes(data: bytes) -> list[list[tuple[str, Box]]]:
    """Each page's printed characters with their boxes (left, bottom, right, top) in
    points from the page's lower left corner; spaces and line breaks left out."""
    return _printed_chars(data, lambda textpage, index, char: (char, textpage.get_charbox(index)))


def find_text(data: bytes, page: int, value: str) -> list[Box]:
    """The boxes (left, bottom, right, top, in points) of every occurrence of ``value``
    on page ``page``."""
    with closing(pypdfium2.PdfDocument(data)) as document:
        pdf_page = document[page]
        textpage = pdf_page.get_textpage()
        boxes = []
        searcher = textpage.search(value, match_case=True)
        while (found := searcher.get_next()) is not None:
            index, count = found
            chars = [textpage.get_charbox(i) for i in range(index, index + count)]
            boxes.append(
                (
                    min(b[0] for b in chars),
                    min(b[1] for b in chars),
                    max(b[2] for b in chars),
                    max(b[3] for b in chars),
                )
            )
        searcher.close()
        textpage.close()
        pdf_page.close()
        return boxes


def render_page(data: bytes, page: int, scale: float = 1):
    """Page ``page`` as a greyscale PIL image at ``scale`` pixels a point."""
    with closing(pypdfium2.PdfDocument(data)) as document:
        pdf_page = document[page]
        image = pdf_page.render(scale=scale, grayscale=True).to_pil().convert("L")
        pdf_page.close()
        return image


def metadata(data: bytes) -> dict[str, str]:
    with closing(pypdfium2.PdfDocument(data)) as document:
        return document.get_metadata_dict()


def font_sizes(data: bytes) -> list[list[tuple[str, float]]]:
    """Each page's printed characters with the size of their type in points (as set,
    whichever way the text runs); spaces and line breaks left out."""
    return _printed_chars(
        data,
        lambda textpage, index, char: (
            char,
            pypdfium2.raw.FPDFText_GetFontSize(textpage.raw, index),
        ),
    )
