"""Printed packs for `make bench`: a round of 200 tables (the draw list, then a score
sheet per table) with each table's QR code, and the same pack without QR codes, in the
same run. The issue aims for the pack with QR codes within 1.5x of the one without.

Pure Python (printing.sheets has no Django): the pack is built by hand as the site's
``printing.contents`` would fill it, and rendered with the real game drawers.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
import re
import statistics
import time

from printing.sheets import DrawList, DrawTable, Header, Player, TableSheet, render

TABLES = 200
GAMES = ("meierijen", "duizenden", "miezemauzen", "meino", "keezen")
#: A four-player table in every game (MeieRijen and Miezemauzen seat four too).
SEATS = 4
FIRST = (
    "Ans",
    "Bert",
    "Cor",
    "Diny",
    "Evert",
    "Fenna",
    "Gerrit",
    "Hennie",
    "Ineke",
    "Jan",
    "Klaas",
    "Lies",
    "Marinus",
    "Nel",
    "Otto",
    "Pietje",
    "Riek",
    "Sjaak",
    "Truus",
    "Wim",
)
LAST = (
    "de Vries",
    "Jansen",
    "van den Broek",
    "Bakker",
    "Smits",
    "van der Heijden",
    "Verhoeven",
    "Peeters",
    "Hendriks",
    "van Dijk",
    "Mulder",
    "de Bruijn",
)


def link(table: int) -> str:
    """A table link as the site prints them: id and a 27-character signature."""
    signature = hashlib.sha256(str(table).encode()).hexdigest()[:27]
    return f"https://troef.example.org/t/{1000 + table}:{signature}/"


def pack(*, links: bool) -> list:
    rng = random.Random(7)
    header = Header(
        club="Kaartclub De Troef",
        tournament="Wintercompetitie 2026",
        date="29 november 2026",
        round=3,
    )
    tables = []
    sheets = []
    for number in range(1, TABLES + 1):
        game = GAMES[number % len(GAMES)]
        players = tuple(
            Player(
                f"{rng.choice(FIRST)} {rng.choice(LAST)}",
                seat,
                (seat - 1) % 2 if game == "keezen" else None,
            )
            for seat in range(1, SEATS + 1)
        )
        tables.append(DrawTable(number, players))
        sheets.append(
            TableSheet(
                game=game,
                header=dataclasses.replace(header, table=number),
                players=players,
                link=link(number) if links else "",
            )
        )
    return [DrawList(header=header, game=GAMES[0], tables=tuple(tables)), *sheets]


def timed(packs: list[list], repeat: int) -> list[tuple[float, bytes]]:
    """Median seconds of ``repeat`` renders of each pack, and its PDF. The packs take
    turns, so a busy machine slows them alike."""
    samples: list[list[float]] = [[] for _ in packs]
    output = [b""] * len(packs)
    for _ in range(repeat):
        for i, documents in enumerate(packs):
            start = time.perf_counter()
            output[i] = render(documents, language="nl", title="bench")
            samples[i].append(time.perf_counter() - start)
    return [(statistics.median(s), data) for s, data in zip(samples, output, strict=True)]


def pages(data: bytes) -> int:
    return len(re.findall(rb"/Type /Page\b(?!s)", data))


def run(repeat: int = 5) -> None:
    with_qr = pack(links=True)
    without_qr = pack(links=False)
    render(without_qr[:3], language="nl")  # fonts registered and modules imported
    (qr_seconds, qr_pdf), (plain_seconds, plain_pdf) = timed([with_qr, without_qr], repeat)
    count = pages(qr_pdf)
    print(
        f"sheets_pack_{TABLES}_tables_qr: {qr_seconds:.3f} s "
        f"({count} pages, {len(qr_pdf) / 1024:.0f} KiB)"
    )
    print(
        f"sheets_pack_{TABLES}_tables_no_qr: {plain_seconds:.3f} s "
        f"({pages(plain_pdf)} pages, {len(plain_pdf) / 1024:.0f} KiB)"
    )
    print(f"sheets_pack_qr_ratio: {qr_seconds / plain_seconds:.2f} x (aim <= 1.5)")
    print(f"sheets_pack_qr_pages_per_second: {count / qr_seconds:.0f} pages/s")


if __name__ == "__main__":
    run()
