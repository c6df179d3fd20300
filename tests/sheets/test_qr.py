"""Every QR code printed decodes back to its table's link: rendered by pdfium, read by
zxing-cpp, as a phone would."""

from __future__ import annotations

import dataclasses
import hashlib

import pytest

from games import registry
from printing.sheets import DrawList, DrawTable, Header, Player, TableSheet, render
from printing.sheets.base import QR_SIZE, mm
from printing.sheets.qr import QUIET_ZONE, dark_runs

from .pdf import qr_codes

HEADER = Header(club="Kaartclub De Troef", tournament="Winter 2026", round=3, table=1)
PLAYERS = tuple(Player(f"Speler {seat}", seat) for seat in range(1, 5))


def signature(seed: int, length: int = 27) -> str:
    digest = ""
    while len(digest) < length:
        digest += hashlib.sha256(f"{seed}-{len(digest)}".encode()).hexdigest()
    return digest[:length]


LINKS = [
    "http://t.nl/t/1:ab/",
    f"https://troef.example.org/t/123:{signature(1)}/",
    f"http://192.168.1.20:8000/t/98765:{signature(2)}/",
    f"https://kaartclub-de-troef.troef.example.org/t/4567890:{signature(3, 86)}/",
    f"https://troef.example.org/c/kaartclub-de-troef/t/12:{signature(4, 200)}/?lang=nl",
]


@pytest.mark.parametrize("link", LINKS, ids=lambda link: f"{len(link)}-chars")
@pytest.mark.parametrize("game", [*registry.available(), "toepen"])
def test_every_sheet_prints_its_link(game, link):
    """Each game's sheet (and the generic one, for "toepen") carries the link's QR."""
    sheet = TableSheet(game=game, header=HEADER, players=PLAYERS[: _seats(game)], link=link)
    pages = qr_codes(render([sheet], language="nl"), scale=2)
    assert pages[0] == [link]
    assert all(page in ([], [link]) for page in pages[1:])


def _seats(game: str) -> int:
    try:
        return registry.get(game).default_players
    except registry.UnknownGameError:
        return 4


@pytest.mark.parametrize("game", [*registry.available(), "toepen"])
def test_blank_sheets_and_sheets_without_a_link_print_no_qr(game):
    blank = TableSheet(game=game, header=Header(club="Club"))
    table = TableSheet(game=game, header=HEADER, players=PLAYERS[: _seats(game)])
    for sheet in (blank, table):
        pages = qr_codes(render([sheet], language="en"), scale=1.5)
        assert pages and all(codes == [] for codes in pages)


def test_the_code_is_large_enough_for_a_phone():
    """The longest link still has modules of at least 0.35 mm (a phone at arm's length)."""
    n, _runs = dark_runs(LINKS[-1])
    assert QR_SIZE / (n + 2 * QUIET_ZONE) >= 0.35 * mm


def test_a_200_table_pack_decodes_on_every_page():
    games = registry.available()
    sheets = []
    for number in range(1, 201):
        game = games[number % len(games)]
        sheets.append(
            TableSheet(
                game=game,
                header=dataclasses.replace(HEADER, table=number),
                players=PLAYERS[: _seats(game)],
                link=f"https://troef.example.org/t/{1000 + number}:{signature(number)}/",
            )
        )
    draw = DrawList(
        header=HEADER,
        game=games[0],
        tables=tuple(DrawTable(s.header.table, s.players) for s in sheets),
    )
    data = render([draw, *sheets], language="nl")
    pages = qr_codes(data, scale=1.5)
    found = [codes for codes in pages if codes]
    assert all(len(codes) == 1 for codes in found)
    # A sheet of two pages may print its code on both: each table's link, in order.
    links = [codes[0] for i, codes in enumerate(found) if i == 0 or codes != found[i - 1]]
    assert links == [sheet.link for sheet in sheets]
    # The draw list prints none; each sheet's first page prints its own.
    assert not pages[0]
