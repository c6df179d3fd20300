"""A season's standings with an evening to a column: 30-odd evenings of a weekly club
must print readably, on landscape pages when portrait would squeeze them, with the
dates' headings turned so the narrow columns of points stay narrow."""

from __future__ import annotations

from itertools import combinations

from printing.sheets import DrawList, DrawTable, Header, Player, Standings, StandingsRow, render
from printing.sheets.base import LANDSCAPE, PORTRAIT

from .pdf import find_text, font_sizes, page_count, page_size, pdf_text, text_boxes

HEADER = Header(club="Kaartclub De Troef", tournament="Seizoen 2026")


def dates(evenings: int) -> list[str]:
    """A weekly club's evenings as the season page heads them: "d-m"."""
    return [f"{(week * 7) % 28 + 1:02d}-{week // 4 + 1:02d}" for week in range(evenings)]


def season(evenings: int, players: int) -> Standings:
    columns = ("Plaats", "Naam", *dates(evenings), "Totaal", "Saldo", "Aanwezig", "Gekwalificeerd")
    rows = tuple(
        StandingsRow(
            cells=(
                str(i),
                f"Speler {i:03d} van de club",
                *[str((i * e) % 13) if (i + e) % 5 else "" for e in range(evenings)],
                f"{400 - i}.5",
                str(1200 - 7 * i),
                str(evenings - i % 5),
                "ja" if i <= players * 9 // 10 else "nee",
            ),
            struck=frozenset({2 + i % evenings}),
            apart=i > players * 9 // 10,
        )
        for i in range(1, players + 1)
    )
    return Standings(
        header=HEADER,
        title="Seizoensstand",
        columns=columns,
        rows=rows,
        notes=("Alleen bevestigde uitslagen tellen.",),
    )


def draw_list() -> DrawList:
    return DrawList(
        Header(club="Kaartclub De Troef", round=1),
        "meierijen",
        (DrawTable(1, tuple(Player(f"Speler {s}", s) for s in range(1, 5))),),
    )


def overlap(a, b) -> bool:
    return a[0] < b[2] - 0.1 and b[0] < a[2] - 0.1 and a[1] < b[3] - 0.1 and b[1] < a[3] - 0.1


def heading_boxes(data: bytes, page: int, columns) -> list:
    """Each column heading's box on ``page`` (exactly one each)."""
    boxes = []
    for column in columns:
        found = find_text(data, page, column)
        assert len(found) == 1, (column, found)
        boxes.append(found[0])
    return boxes


def test_a_season_of_35_evenings_prints_readably_on_landscape_pages():
    doc = season(35, 200)
    data = render([doc, draw_list()], language="nl")
    pages = page_count(data)
    texts = pdf_text(data)
    standings_pages = [n for n in range(pages) if "Seizoensstand" in texts[n]]
    assert standings_pages == list(range(pages - 1))  # the draw list comes last
    for n in standings_pages:
        width, height = page_size(data, n)
        assert abs(width - LANDSCAPE.width) < 0.5 and abs(height - LANDSCAPE.height) < 0.5
    # The next document in the same PDF is on a portrait page again.
    width, height = page_size(data, pages - 1)
    assert abs(width - PORTRAIT.width) < 0.5 and abs(height - PORTRAIT.height) < 0.5
    assert "Speler 1" in texts[-1]

    # On every standings page, no column heading touches another.
    for n in standings_pages:
        boxes = heading_boxes(data, n, doc.columns)
        for (a, box_a), (b, box_b) in combinations(zip(doc.columns, boxes, strict=True), 2):
            assert not overlap(box_a, box_b), (n, a, b, box_a, box_b)
        # ... the dates' headings run upwards: taller than wide, a narrow column each.
        for column, box in zip(doc.columns, boxes, strict=True):
            if column in dates(35):
                assert box[3] - box[1] > 2 * (box[2] - box[0]), (column, box)

    # Every character is set in readable type, nothing off the landscape page's margins.
    for n in standings_pages:
        sizes = [size for _char, size in font_sizes(data)[n]]
        assert min(sizes) >= 6, (n, min(sizes))
        for char, (left, _bottom, right, _top) in text_boxes(data)[n]:
            assert LANDSCAPE.left - 1 <= left and right <= LANDSCAPE.right + 1, (n, char, left)

    # Every player and every value is there: row by row, the cells in order.
    everything = " ".join(texts)
    for row in doc.rows:
        assert row.cells[1] in everything
    first = texts[0]
    assert "1 Speler 001 van de club" in " ".join(first.split())
    row_one = " ".join(cell for cell in doc.rows[0].cells if cell)
    assert row_one in " ".join(first.split())


def test_the_cells_of_the_35_evenings_do_not_touch():
    """No two printed characters of the first page overlap: the squeezed standings of
    old printed the dates on top of one another."""
    data = render([season(35, 40)], language="nl")
    chars = text_boxes(data)[0]
    # Sweep by x: only characters whose x-ranges meet can overlap.
    chars.sort(key=lambda c: c[1][0])
    active: list = []
    for char, box in chars:
        active = [(c, b) for c, b in active if b[2] > box[0] + 0.1]
        for other, other_box in active:
            assert not overlap(box, other_box), (char, box, other, other_box)
        active.append((char, box))


def test_a_short_season_stays_portrait_with_its_headings_upright():
    doc = season(5, 30)
    data = render([doc], language="nl")
    width, height = page_size(data, 0)
    assert width < height
    for column, box in zip(doc.columns, heading_boxes(data, 0, doc.columns), strict=True):
        assert box[2] - box[0] > box[3] - box[1], (column, box)  # upright: wider than tall
    table = font_sizes(data)[0][:-5]  # the footer's "Troef" left out
    assert min(size for _char, size in table) >= 7


def test_a_dozen_evenings_turn_the_headings_before_turning_the_page():
    doc = season(12, 30)
    data = render([doc], language="nl")
    width, height = page_size(data, 0)
    assert width < height  # portrait still
    boxes = dict(zip(doc.columns, heading_boxes(data, 0, doc.columns), strict=True))
    for column in dates(12):
        box = boxes[column]
        assert box[3] - box[1] > box[2] - box[0], (column, box)  # turned: taller than wide
    name = boxes["Naam"]
    assert name[2] - name[0] > name[3] - name[1]  # the names' heading stands
    for (a, box_a), (b, box_b) in combinations(boxes.items(), 2):
        assert not overlap(box_a, box_b), (a, b)
    table = font_sizes(data)[0][:-5]  # the footer's "Troef" left out
    assert min(size for _char, size in table) >= 7


def test_landscape_standings_between_portrait_documents():
    """render() draws its documents on one canvas: a landscape table in the middle leaves
    the documents before and after it portrait."""
    data = render([draw_list(), season(35, 10), season(3, 10), draw_list()], language="en")
    sizes = [page_size(data, n) for n in range(page_count(data))]
    turned = [w > h for w, h in sizes]
    assert turned[0] is False and turned[-1] is False and True in turned
    texts = pdf_text(data)
    for n, text in enumerate(texts):
        if "Seizoensstand" in text and dates(35)[-1] in text:
            assert turned[n], n
        elif "Seizoensstand" in text:
            assert not turned[n], n
