"""The printed documents other than a game's score sheet (printing/sheets/documents.py and
the modules it gathers) and the generic score sheet, read back from real PDFs."""

from __future__ import annotations

import dataclasses
import io
import re
import unicodedata

import pytest
from PIL import ImageChops
from reportlab.pdfgen.canvas import Canvas

from printing.sheets import (
    CardRound,
    DrawList,
    DrawTable,
    Header,
    PersonalCard,
    Player,
    Standings,
    StandingsRow,
    TableCards,
    TableSheet,
    documents,
    generic,
    render,
)
from printing.sheets.base import (
    BOTTOM,
    LEFT,
    PAGE_HEIGHT,
    PAGE_WIDTH,
    RIGHT,
    TOP,
    Pen,
    register_fonts,
)
from printing.sheets.i18n import translator

from .pdf import find_text, page_count, pdf_text, qr_codes, render_page, text_boxes

HEADER = Header(club="Kaartclub De Troef", tournament="Winter 2026", date="29 Nov 2026", round=2)


def table(number: int, size: int = 4, *, teams: bool = False) -> DrawTable:
    return DrawTable(
        number,
        tuple(
            Player(f"Speler {number:03d}-{seat}", seat, (seat - 1) % 2 if teams else None)
            for seat in range(1, size + 1)
        ),
    )


def draw_with(function, doc, language: str = "en") -> bytes:
    """``function(pen, doc)`` drawn on a canvas of its own, as render() does."""
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(PAGE_WIDTH, PAGE_HEIGHT), invariant=True)
    function(Pen(canvas, translator(language)), doc)
    canvas.save()
    return buffer.getvalue()


def assert_within_margins(data: bytes) -> None:
    """Every printed character lies inside the page's margins (nothing overflows a
    column off the page); the footer mark sits just under the bottom margin."""
    for number, chars in enumerate(text_boxes(data)):
        for char, (left, bottom, right, top) in chars:
            where = f"{char!r} on page {number + 1} at {left:.0f},{bottom:.0f}"
            assert left >= LEFT - 1 and right <= RIGHT + 1, where
            assert bottom >= BOTTOM - 8 * 2.835 and top <= TOP + 1, where


def plain(name: str) -> str:
    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().casefold()


# -- the draw list --------------------------------------------------------------------


def test_draw_list_prints_every_table_and_player():
    doc = DrawList(header=HEADER, game="meino", tables=tuple(table(n) for n in range(1, 6)))
    data = render([doc], language="en")
    text = "\n".join(pdf_text(data))
    assert "Draw for round 2" in text
    assert "MEINO" in text  # the game's title from the registry
    assert "Kaartclub De Troef" in text
    for t in doc.tables:
        assert re.search(rf"Table\s+{t.number}\b", text)
        for player in t.players:
            assert player.name in text
    assert_within_margins(data)


def test_draw_list_never_splits_a_table_across_pages():
    doc = DrawList(header=HEADER, game="meino", tables=tuple(table(n) for n in range(1, 41)))
    data = render([doc], language="en")
    pages = pdf_text(data)
    draw_pages = [p for p in pages if "by name" not in p]
    assert len(draw_pages) >= 3
    assert "(continued)" in draw_pages[1]
    for t in doc.tables:
        holding = [i for i, p in enumerate(draw_pages) if any(pl.name in p for pl in t.players)]
        assert len(holding) == 1, f"table {t.number} on pages {holding}"
        assert all(pl.name in draw_pages[holding[0]] for pl in t.players)
    assert_within_margins(data)


def test_draw_list_shows_teams_side_by_side():
    doc = DrawList(header=HEADER, game="keezen", tables=(table(7, teams=True),))
    text = pdf_text(render([doc], language="en"))[0]
    names = [p.name for p in doc.tables[0].players]  # seats 1..4, sides A B A B
    # Team A (seats 1 and 3) is printed before team B (seats 2 and 4), not in seat order.
    positions = [text.index(name) for name in (names[0], names[2], names[1], names[3])]
    assert positions == sorted(positions)
    assert re.search(rf"A\s*1\s*{names[0]}", text)
    assert re.search(rf"B\s*2\s*{names[1]}", text)


def test_draw_list_lists_byes_and_everyone_by_name():
    tables = (
        DrawTable(1, (Player("Émile Zwart", 1), Player("bart de Wit", 2), Player("Anna Ros", 3))),
        DrawTable(2, (Player("Zoë Appel", 1), Player("Cor Blom", 2), Player("Ëlla Dorst", 3))),
    )
    doc = DrawList(header=HEADER, game="miezemauzen", tables=tables, byes=("Dirk Bye",))
    data = render([doc], language="en")
    text = "\n".join(pdf_text(data))
    assert "Sitting out (bye)" in text
    section = text[text.index("Draw for round 2 · by name") :]
    expected = sorted(
        [(p.name, str(t.number)) for t in tables for p in t.players] + [("Dirk Bye", "bye")],
        key=lambda e: plain(e[0]),
    )
    positions = [section.index(name) for name, _table in expected]
    assert positions == sorted(positions), "the by-name list is not in alphabetical order"
    for name, where in expected:
        assert re.search(rf"{re.escape(name)}\s+{where}\b", section), (name, where)
    assert_within_margins(data)


def test_draw_list_by_name_continues_over_pages():
    doc = DrawList(header=HEADER, game="meino", tables=tuple(table(n) for n in range(1, 101)))
    pages = pdf_text(render([doc], language="en"))
    by_name = [p for p in pages if "by name" in p]
    assert len(by_name) >= 2
    joined = "\n".join(by_name)
    for t in doc.tables:
        for player in t.players:
            assert re.search(rf"{player.name}\s+{t.number}\b", joined)


def test_draw_list_long_names_stay_whole_on_the_page():
    long = "Wilhelmina Theodora van der Heijden-Oosterhout-Brinkman"
    doc = DrawList(
        header=HEADER,
        game="meierijen",
        tables=(DrawTable(1, (Player(long, 1, 0), Player("Jan", 2, 1))),),
    )
    data = render([doc], language="en")
    text = " ".join(pdf_text(data)[0].split())
    assert long in text.replace("- ", "-")
    assert_within_margins(data)


# -- table cards ----------------------------------------------------------------------


def test_table_cards_two_to_a_page_in_the_clubs_language():
    doc = TableCards(header=HEADER, game="duizenden", tables=tuple(table(n) for n in (4, 5, 6)))
    data = render([doc], language="nl")
    pages = pdf_text(data)
    assert len(pages) == 2
    for page, numbers in ((pages[0], (4, 5)), (pages[1], (6,))):
        assert page.count("TAFEL") == len(numbers)
        assert page.count("Ronde 2") == len(numbers)
        assert "Duizenden" in page
        for n in numbers:
            assert all(p.name in page for p in table(n).players)
    # The table number is huge: over 3 cm tall on the card.
    (box,) = [b for b in find_text(data, 0, "4") if b[3] - b[1] > 30 * 2.835]
    assert box[1] > PAGE_HEIGHT / 2  # on the top card
    german = pdf_text(render([doc], language="de"))[0]
    assert "TISCH" in german and "Runde 2" in german
    assert_within_margins(data)


def test_table_cards_without_tables_is_one_empty_page():
    data = render([TableCards(header=HEADER, game="meino", tables=())], language="en")
    assert page_count(data) == 1


# -- standings ------------------------------------------------------------------------


def standings(rows: int, *, apart_from: int | None = None, notes=()) -> Standings:
    return Standings(
        header=Header(club="Kaartclub De Troef", tournament="Seizoen 2026"),
        title="Season standings 2026",
        columns=("#", "Player name", "Ev 1", "Ev 2", "Ev 3", "Total"),
        rows=tuple(
            StandingsRow(
                cells=(str(i), f"Lid {i:03d}", str(i % 7), str(i % 5), str(i % 3), str(100 - i)),
                apart=apart_from is not None and i >= apart_from,
            )
            for i in range(1, rows + 1)
        ),
        notes=tuple(notes),
    )


def test_standings_repeat_the_column_heading_on_every_page():
    doc = standings(120, notes=("Struck evenings do not count.",))
    data = render([doc], language="en")
    pages = pdf_text(data)
    assert len(pages) >= 3
    for page in pages:
        assert "Player name" in page and "Total" in page
    joined = "\n".join(pages)
    for i in range(1, 121):
        assert joined.count(f"Lid {i:03d}") == 1
    assert "Struck evenings do not count." in pages[-1]
    assert "(continued)" in pages[1]
    assert_within_margins(data)


def test_standings_list_players_under_the_minimum_apart():
    doc = standings(12, apart_from=10)
    text = pdf_text(render([doc], language="en"))[0]
    label = text.index("Below the minimum attendance")
    assert all(text.index(f"Lid {i:03d}") < label for i in range(1, 10))
    assert all(text.index(f"Lid {i:03d}") > label for i in range(10, 13))


def test_standings_with_only_rows_below_the_minimum():
    doc = standings(3, apart_from=1)
    text = pdf_text(render([doc], language="en"))[0]
    assert "Player name" in text
    assert text.index("Below the minimum attendance") < text.index("Lid 001")


def test_struck_cells_are_struck_through():
    plain_doc = standings(5)
    rows = list(plain_doc.rows)
    rows[2] = StandingsRow(cells=("3", "Lid 003", "31", "2", "0", "97"), struck=frozenset({2}))
    rows_plain = list(rows)
    rows_plain[2] = StandingsRow(cells=rows[2].cells)
    struck = render([Standings(**{**_fields(plain_doc), "rows": tuple(rows)})], language="en")
    unstruck = render(
        [Standings(**{**_fields(plain_doc), "rows": tuple(rows_plain)})], language="en"
    )
    scale = 3
    diff = ImageChops.difference(render_page(struck, 0, scale), render_page(unstruck, 0, scale))
    changed = diff.getbbox()
    assert changed is not None, "no strike line drawn"
    (left, bottom, right, top) = find_text(struck, 0, "31")[0]
    x0, y0, x1, y1 = changed
    # The only change is a line across the cell's text, through its middle.
    assert x0 <= left * scale and x1 >= right * scale
    assert x1 - x0 < (right - left) * scale + 6 * scale
    middle = (PAGE_HEIGHT - (top + bottom) / 2) * scale
    assert y0 <= middle + 2 * scale and y1 >= middle - 2 * scale
    assert y1 - y0 < (top - bottom) * scale


def _fields(doc: Standings) -> dict:
    return {name: getattr(doc, name) for name in doc.__slots__}


def test_wide_standings_shrink_to_the_page():
    columns = ("#", "Name", *[f"Evening {n}" for n in range(1, 21)], "Total")
    rows = tuple(
        StandingsRow(cells=(str(i), f"Lid {i}", *[str(100 + n) for n in range(20)], "2345"))
        for i in range(1, 6)
    )
    doc = Standings(header=HEADER, title="Season", columns=columns, rows=rows)
    data = render([doc], language="en")
    text = pdf_text(data)[0]
    assert "Evening 20" in text and "2345" in text
    assert_within_margins(data)


# -- the personal score card ----------------------------------------------------------


def test_personal_card_in_dutch():
    doc = PersonalCard(
        header=Header(club="Kaartclub De Troef", date="29 november 2026"),
        game="meino",
        player="Truus van Dongen",
        rounds=(
            CardRound(
                1, table=3, tablemates=("Ans Kok", "Bert Vos", "Cor Smit"), score="312", points="4"
            ),
            CardRound(2, table=7, tablemates=("Diny Mol", "Evert Bos")),
            CardRound(3),
        ),
    )
    data = render([doc], language="nl")
    pages = pdf_text(data)
    assert len(pages) == 1
    text = pages[0]
    for label in ("Ronde", "Tafel", "Tafelgenoten", "Punten", "Totaal"):
        assert label in text
    assert "Truus van Dongen" in text and "MEINO" in text
    flat = " ".join(text.split())
    assert "Ans Kok, Bert Vos, Cor Smit" in flat
    assert re.search(r"1\s+3\s+.*312\s+4", flat)
    assert "Diny Mol, Evert Bos" in flat
    assert_within_margins(data)


def test_personal_card_with_many_rounds_continues():
    doc = PersonalCard(
        header=HEADER, game="keezen", player="Jan", rounds=tuple(CardRound(r) for r in range(1, 41))
    )
    pages = pdf_text(render([doc], language="en"))
    assert len(pages) >= 2
    assert "Total" in pages[-1] and "Total" not in pages[0]
    assert "Tablemates" in pages[1]


# -- dispatch -------------------------------------------------------------------------


def test_anything_else_is_refused():
    with pytest.raises(TypeError):
        draw_with(documents.draw, object())
    with pytest.raises(TypeError):
        render([{"game": "meino"}], language="nl")


# -- the generic score sheet ----------------------------------------------------------


def test_generic_sheet_for_a_table():
    sheet = TableSheet(
        game="toepen",  # not in the registry: prints under its own name
        header=Header(club="Kaartclub De Troef", round=1, table=9),
        players=tuple(Player(name, seat) for seat, name in enumerate(("Ans", "Bert", "Cor"), 1)),
    )
    data = render([sheet], language="en")
    text = pdf_text(data)[0]
    assert "Score sheet · toepen" in text
    assert all(name in text for name in ("Ans", "Bert", "Cor"))
    for seat in (1, 2, 3):
        assert f"Seat {seat}" in text
    assert "Seat 4" not in text
    numbers = re.findall(r"^\s*(\d+)\s*$", text, flags=re.MULTILINE)
    assert {str(n) for n in range(1, 26)} <= set(numbers)  # 25 lines to write on
    assert "26" not in numbers
    assert "Total" in text
    assert_within_margins(data)


@pytest.mark.parametrize(
    ("game", "seats", "columns"), [("meierijen", 0, 2), ("meino", 0, 4), ("miezemauzen", 5, 5)]
)
def test_generic_blank_sheet_has_a_column_per_seat(game, seats, columns):
    sheet = TableSheet(game=game, header=Header(club="Club"), seats=seats)
    text = pdf_text(draw_with(generic.draw, sheet))[0]
    assert f"Seat {columns}" in text and f"Seat {columns + 1}" not in text


def test_generic_sheet_shows_teams():
    sheet = TableSheet(
        game="toepen",
        header=Header(club="Club"),
        players=tuple(Player(f"P{seat}", seat, (seat - 1) % 2) for seat in range(1, 5)),
    )
    text = pdf_text(render([sheet], language="en"))[0]
    assert "Seat 1 · A" in text and "Seat 2 · B" in text


def test_personal_card_shows_the_season_so_far():
    """Under the rounds, the player's position in the season after each evening: the
    numbers and dates read back from the PDF, in the order of the evenings."""
    season = (("05-09-26", 4), ("12-09-26", 2), ("19-09-26", 1))
    doc = PersonalCard(
        header=HEADER, game="duizenden", player="Truus van Dongen",
        rounds=(CardRound(1), CardRound(2)), season=season,
    )  # fmt: skip
    data = render([doc], language="nl")
    pages = pdf_text(data)
    assert len(pages) == 1
    text = pages[0]
    assert "Plaats in het seizoen na elke avond" in text
    after = text[text.index("Plaats in het seizoen") :]
    for label, _position in season:
        assert label in after
    assert re.findall(r"^\s*([124])\s*$", after, re.M) == ["4", "2", "1"]
    assert_within_margins(data)
    without = pdf_text(render([dataclasses.replace(doc, season=())], language="nl"))[0]
    assert "Plaats in het seizoen" not in without


# --- the longest names the forms accept (found by an outside review of the sheets) ------


#: What the forms let through: a club and a tournament name of 100 characters, a member's
#: name of 100 characters without a space.
LONG_CLUB = "Kaart- en Spellenvereniging Sint-Oedenrode en Omstreken " + "W" * 44
LONG_TOURNAMENT = ("Najaarscompetitie Meierijse Kaartbond " * 3)[:100]
UNBROKEN = "W" * 100
LINK = "https://troef.example.nl/t/12:abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG/"


def char_boxes(data: bytes) -> list[list[tuple[str, float, float]]]:
    """Each page's printed characters with their left and right edges, in points."""
    return [[(char, box[0], box[2]) for char, box in page] for page in text_boxes(data)]


def long_header(**kwargs) -> Header:
    return Header(club=LONG_CLUB, tournament=LONG_TOURNAMENT, date="24 december 2026", **kwargs)


def long_named_players(count: int, *, sides: int | None = None) -> tuple[Player, ...]:
    names = [UNBROKEN, "Jo", "Anneke van den Heuvel", UNBROKEN, "Els", "Wim"]
    return tuple(
        Player(name=names[i], seat=i + 1, side=(i % sides) if sides else None) for i in range(count)
    )


DOCUMENTS = {
    "meierijen sheet": lambda: TableSheet(
        game="meierijen",
        header=long_header(round=1, table=7),
        players=long_named_players(4, sides=2),
        link=LINK,
    ),
    "keezen sheet": lambda: TableSheet(
        game="keezen",
        header=long_header(round=1, table=7),
        players=long_named_players(6, sides=3),
        link=LINK,
    ),
    "meino sheet": lambda: TableSheet(
        game="meino", header=long_header(round=1, table=7), players=long_named_players(6), link=LINK
    ),
    "draw list": lambda: DrawList(
        header=long_header(round=1),
        game="duizenden",
        tables=(DrawTable(number=1, players=long_named_players(4)),),
    ),
    "table cards": lambda: TableCards(
        header=long_header(round=1),
        game="duizenden",
        tables=(DrawTable(number=1, players=long_named_players(4)),),
    ),
    "standings": lambda: Standings(
        header=long_header(),
        title="Stand",
        columns=("Plaats", "Naam", "Punten"),
        rows=(StandingsRow(cells=("1", UNBROKEN, "12")),),
    ),
    "personal card": lambda: PersonalCard(
        header=long_header(),
        game="duizenden",
        player=UNBROKEN,
        rounds=(CardRound(round=1, table=1, tablemates=(UNBROKEN, UNBROKEN, UNBROKEN)),),
    ),
}


@pytest.mark.parametrize("name", DOCUMENTS)
def test_no_text_runs_past_the_margins_however_long_the_names(name):
    # Names of the longest lengths the forms accept used to shrink to 4 points and then
    # run on regardless: over the round and table boxes and the QR code, past the
    # right margin and off the page. Now a text that does not fit even at the smallest
    # size is cut short with an ellipsis.
    data = render([DOCUMENTS[name]()], language="nl")
    for page in char_boxes(data):
        assert page
        outside = [(c, round(left), round(right)) for c, left, right in page if right > RIGHT + 1]
        assert not outside, outside[:5]
        assert all(left >= LEFT - 1 for _c, left, _right in page)


def test_a_long_heading_leaves_the_qr_code_readable_and_shows_it_was_cut():
    sheet = DOCUMENTS["meierijen sheet"]()
    data = render([sheet], language="nl")
    assert qr_codes(data, scale=3) == [[LINK]]
    assert "…" in pdf_text(data)[0]


def test_the_caption_under_the_qr_code_stays_inside_the_margin_in_german():
    # "Scannen, um das Ergebnis zu erfassen" is wider than the QR code: centred under it,
    # it ran 4 mm past the right margin.
    sheet = TableSheet(
        game="duizenden",
        header=Header(club="Club", tournament="Abend", date="8. November 2026", round=1, table=1),
        players=long_named_players(4),
        link=LINK,
    )
    data = render([sheet], language="de")
    assert "Scannen" in pdf_text(data)[0]
    page = char_boxes(data)[0]
    assert max(right for _c, _left, right in page) <= RIGHT + 0.5


def _three_teams() -> DrawTable:
    return DrawTable(
        number=3,
        players=tuple(
            Player(name=name, seat=i + 1, side=i % 3)
            for i, name in enumerate(["Ans", "Bep", "Cor", "Dirk", "Eva", "Fien"])
        ),
    )


def _column_of(page: list[tuple[str, float, float]], text: str) -> float:
    """The left edge of `text`'s first occurrence on the page."""
    chars = "".join(c for c, _left, _right in page)
    index = chars.index(text)
    return page[index][1]


@pytest.mark.parametrize("kind", [DrawList, TableCards])
def test_keezen_at_six_three_teams_of_two_each_get_their_letter_and_column(kind):
    # Keezen at a table of six is three teams of two. The draw list and the table cards
    # put team C (seats 3 and 6) unlabelled under team A, so team A read as four players.
    doc = kind(
        header=Header(club="Club", tournament="Keezenavond", date="5 november 2026", round=1),
        game="keezen",
        tables=(_three_teams(),),
    )
    data = render([doc], language="nl")
    page = char_boxes(data)[0]
    a, b, c = (_column_of(page, name) for name in ("Ans", "Bep", "Cor"))
    assert a == pytest.approx(_column_of(page, "Dirk"), abs=3)
    assert b == pytest.approx(_column_of(page, "Eva"), abs=3)
    assert c == pytest.approx(_column_of(page, "Fien"), abs=3)
    assert a < b < c
    text = pdf_text(data)[0].replace("\r\n", " ").replace(" ", "")
    for label in ("A1", "A4", "B2", "B5", "C3", "C6"):
        assert label in text


def test_keezen_at_six_generic_sheet_names_team_c():
    sheet = TableSheet(
        game="generic-unknown",
        header=Header(club="Club", tournament="Avond", date="5 november 2026", round=1, table=3),
        players=_three_teams().players,
    )
    text = pdf_text(render([sheet], language="nl"))[0]
    assert "· C" in text
