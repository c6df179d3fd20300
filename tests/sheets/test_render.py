"""render(): one PDF for a list of documents, its progress, its pages, fonts and language."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

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
    render,
)

from .pdf import fonts, metadata, page_count, page_size, pdf_text

A4 = (595.28, 841.89)
HEADER = Header(club="Kaartclub De Troef", tournament="Winter", date="29-11-2026", round=2)
PLAYERS = (
    Player("Ans ♠ Kok", 1),
    Player("Bert ♥ Vos", 2),
    Player("Cor ♦ Smit", 3),
    Player("Diny ♣ Mol", 4),
)


def pack() -> list:
    """One document of every kind (the table sheet of a game the registry does not know,
    so the generic sheet prints it)."""
    tables = (DrawTable(1, PLAYERS), DrawTable(2, PLAYERS))
    return [
        DrawList(header=HEADER, game="meino", tables=tables, byes=("Evert Bos",)),
        TableCards(header=HEADER, game="meino", tables=tables),
        TableSheet(
            game="toepen", header=HEADER, players=PLAYERS, link="https://troef.example.org/t/1:abc/"
        ),
        Standings(
            header=HEADER,
            title="Standings",
            columns=("#", "Name", "Total"),
            rows=(StandingsRow(("1", "Ans ♠ Kok", "12"), struck=frozenset({2})),),
        ),
        PersonalCard(
            header=HEADER,
            game="meino",
            player="Ans ♠ Kok",
            rounds=(CardRound(1, 1, ("Bert ♥ Vos",), "12", "3"),),
        ),
    ]


def test_progress_is_reported_after_each_document():
    calls = []
    documents = pack()
    render(documents, language="nl", progress=lambda done, total: calls.append((done, total)))
    assert calls == [(n, len(documents)) for n in range(1, len(documents) + 1)]


def test_the_same_input_gives_the_same_bytes():
    first = render(pack(), language="de", title="Pack")
    second = render(pack(), language="de", title="Pack")
    assert first == second
    assert render(pack(), language="nl", title="Pack") != first


def test_an_empty_pack_is_a_valid_one_page_pdf():
    data = render([], language="nl")
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    assert page_count(data) == 1
    assert page_size(data, 0) == pytest.approx(A4, abs=0.5)


def test_every_page_is_a4_portrait():
    data = render(pack(), language="nl")
    count = page_count(data)
    assert count == 5  # a page each: the draw list fits one, two cards share one
    for page in range(count):
        assert page_size(data, page) == pytest.approx(A4, abs=0.5)


def test_the_title_is_set_and_no_time_stamp_changes_it():
    data = render(pack(), language="en", title="Ronde 2 - De Troef")
    assert metadata(data)["Title"] == "Ronde 2 - De Troef"
    assert metadata(data)["Creator"] == "Troef"


def test_the_author_and_the_creation_date_are_the_ones_given():
    created = datetime(2026, 12, 1, 19, 30, 5, tzinfo=UTC)
    data = render(pack(), language="nl", title="Ronde 2", author="De Troef", created=created)
    info = metadata(data)
    assert info["Author"] == "De Troef"
    assert info["CreationDate"].startswith("D:20261201193005")
    assert info["ModDate"].startswith("D:20261201193005")
    # The same input, the same bytes: a job that runs twice writes the same file.
    assert data == render(
        pack(), language="nl", title="Ronde 2", author="De Troef", created=created
    )


def test_fonts_are_embedded_dejavu_and_never_symbol():
    data = render(pack(), language="nl")
    used = fonts(data)
    embedded = {name for name in used if re.fullmatch(r"[A-Z]{6}\+DejaVuSans(-Bold)?", name)}
    assert {name.split("+")[1] for name in embedded} == {"DejaVuSans", "DejaVuSans-Bold"}
    assert not {name for name in used if "Symbol" in name or "Dingbats" in name}
    assert b"/FontFile2" in data  # the TrueType program itself is in the file
    text = "\n".join(pdf_text(data))
    for suit in "♠♥♦♣":
        assert suit in text  # read back as the character, not as a Symbol-font glyph


@pytest.mark.parametrize(
    ("language", "table", "round_"),
    [("nl", "Tafel", "Ronde 2"), ("de", "Tisch", "Runde 2"), ("en", "Table", "Round 2")],
)
def test_labels_in_the_clubs_language(language, table, round_):
    doc = TableCards(header=HEADER, game="meino", tables=(DrawTable(5, PLAYERS),))
    text = pdf_text(render([doc], language=language))[0]
    assert table.upper() in text and round_ in text
    others = {"nl": "Ronde", "de": "Runde", "en": "Round"}
    assert all(word not in text for lang, word in others.items() if lang != language)
    draw = DrawList(header=HEADER, game="meino", tables=(DrawTable(5, PLAYERS),))
    assert re.search(rf"{table}\s+5\b", pdf_text(render([draw], language=language))[0])


def test_an_unknown_language_prints_english():
    doc = TableCards(header=HEADER, game="meino", tables=(DrawTable(5, PLAYERS),))
    assert "Round 2" in pdf_text(render([doc], language="fr"))[0]


@pytest.mark.parametrize(("language", "word"), [("nl", "Scoreblad"), ("de", "Spielzettel")])
def test_score_sheet_heading_translated(language, word):
    """Waits for the catalogues: "Score sheet" is a new label of the generic sheet."""
    sheet = TableSheet(game="toepen", header=HEADER, players=PLAYERS)
    assert word in pdf_text(render([sheet], language=language))[0]
