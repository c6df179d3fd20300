"""The klaverjasbriefje (issue 41), drawn by the generic sheet renderer
(``printing.sheets``) from the layout in ``games/klaverjassen/sheet.py`` and read back
from the PDF: 16 rows of Wij and Zij with points and roem, the columns for who played,
nat, pit and verzaakt, a total row, the team names and the table's QR code, in the
club's language.

The game is not in the registry yet: the sheet is drawn for a stand-in package that
plays under the game's name with this layout and the game's own catalogue (or for the
registered game, once it is)."""

from __future__ import annotations

import re
import sys
import textwrap
from pathlib import Path

import pytest

from games import registry
from games.klaverjassen.sheet import DEALS, SHEET
from games.sheet_layout import SheetLayout, Table
from printing.sheets import Header, Player, TableSheet, game_sheets, render
from tests.sheets.pdf import pdf_text, qr_codes

ROOT = Path(__file__).resolve().parents[3]
GAME = "klaverjassen"
HEADER = Header("KC De Klaverboer", "Najaarscompetitie", "6 december 2026", round=2, table=5)
LINK = "https://troef.example/t/r2-table5-Kj8xQ2"
NAMES = ("Anneke Verhoeven", "Bram Janssen", "Carla de Vries", "Dirk Smulders")
PLAYERS = tuple(Player(name, seat + 1, seat % 2) for seat, name in enumerate(NAMES))

#: The column heads and the words of the rows, per language.
WORDS = {
    "nl": ("Scoreblad", ("Gespeeld", "Punten wij", "Roem wij", "Punten zij", "Roem zij",
                         "Nat", "Pit", "Verzaakt"), "Wij", "Zij", "Totaal"),
    "de": ("Spielzettel", ("Gespielt", "Punkte wir", "Roem wir", "Punkte sie", "Roem sie",
                           "Nat", "Pit", "Verzaakt"), "Wir", "Sie", "Gesamt"),
    "en": ("Score sheet", ("Played", "Points us", "Roem us", "Points them", "Roem them",
                           "Nat", "Pit", "Verzaakt"), "Us", "Them", "Total"),
}  # fmt: skip


@pytest.fixture(scope="module")
def klaverjassen(tmp_path_factory):
    """The game under its name with this sheet: registered as it is, or a stand-in."""
    if GAME in registry.available():
        assert registry.get(GAME).sheet is SHEET
        yield
        return
    folder = tmp_path_factory.mktemp("games") / "kj_sheet_standin"
    folder.mkdir()
    (folder / "locale").symlink_to(ROOT / "games" / GAME / "locale")
    (folder / "__init__.py").write_text(
        textwrap.dedent("""\
            import dataclasses
            from games.keezen import GAME as _TEAMS
            from games.klaverjassen.cards import OPTIONS
            from games.klaverjassen.results import RESULTS
            from games.klaverjassen.sheet import SHEET
            GAME = dataclasses.replace(_TEAMS, name="klaverjassen", title="Klaverjassen",
                                       prefix="KJ", options=OPTIONS, results=RESULTS,
                                       checker={}, sheet=SHEET, demo=None,
                                       default_players=4, team_tables={4: 2})
        """)
    )
    sys.path.insert(0, str(folder.parent))
    before = tuple(registry.package(name) for name in registry.available())
    registry.use((*before, folder.name))
    yield
    registry.use(before)
    sys.path.remove(str(folder.parent))
    sys.modules.pop(folder.name, None)


def lines(data: bytes) -> list[str]:
    return [" ".join(line.split()) for page in pdf_text(data) for line in page.splitlines()]


def test_the_layout_is_data_with_a_row_per_deal_and_a_total():
    assert isinstance(SHEET, SheetLayout)
    (briefje,) = [block for block in SHEET.blocks if isinstance(block, Table)]
    assert len(briefje.rows) == 1 + DEALS + 1 == 18
    assert {len(row) for row in briefje.rows} == {len(briefje.widths)}
    assert briefje.bold_rows == (DEALS + 1,)


@pytest.mark.usefixtures("klaverjassen")
@pytest.mark.parametrize("language", ["nl", "de", "en"])
def test_the_briefje_prints_16_rows_the_column_heads_and_a_total_in_the_club_language(
    language,
):
    assert game_sheets.layout_of(GAME) is SHEET
    heading, heads, us, them, total = WORDS[language]
    data = render([TableSheet(GAME, HEADER, players=PLAYERS, link=LINK)], language=language)
    printed = lines(data)
    text = " ".join(printed)
    assert f"{heading} Klaverjassen" in text
    assert all(name in text for name in NAMES)
    head = next(line for line in printed if heads[0] in line)
    assert [word in head for word in heads] == [True] * len(heads), head
    played = re.compile(rf"^(\d+) ☐ {us} ☐ {them} ☐ ☐ ☐ {us} ☐ {them}$")
    numbers = [int(m.group(1)) for line in printed if (m := played.match(line))]
    assert numbers == list(range(1, DEALS + 1))
    row = f"☐ {us} ☐ {them} ☐ ☐ ☐ {us} ☐ {them}"
    assert printed.index(head) < printed.index(f"1 {row}")
    assert printed.index(total) > printed.index(f"16 {row}")
    assert qr_codes(data)[0] == [LINK]


@pytest.mark.usefixtures("klaverjassen")
def test_the_teams_are_named_with_their_partners_opposite():
    data = render([TableSheet(GAME, HEADER, players=PLAYERS, link=LINK)], language="nl")
    text = " ".join(lines(data))
    # Partners sit opposite: seats 1 and 3 are the first team (Wij), 2 and 4 the second.
    # The teams are named Wij and Zij, as the note and the rows say (not Team A, B).
    assert "Wij is het eerste team" in text
    start = text.index("Zij het tweede")
    first, second = text.index("Wij", start), text.index("Zij", start + 3)
    assert first < text.index(NAMES[0]) < text.index(NAMES[2]) < second
    assert second < text.index(NAMES[1]) < text.index(NAMES[3])
    assert "Team A" not in text and "Team B" not in text


@pytest.mark.usefixtures("klaverjassen")
def test_the_options_in_play_are_printed():
    sheet = TableSheet(GAME, HEADER, players=PLAYERS,
                       options={"variant": "amsterdams", "verzaken": "minus100", "deals": 16,
                                "four_of_a_kind": False})  # fmt: skip
    text = " ".join(lines(render([sheet], language="en")))
    assert "Amsterdams" in text
    assert "a renege costs the player 100 points" in text
    assert "no roem for four of a kind" in text
    plain = " ".join(lines(render([TableSheet(GAME, HEADER, seats=4)], language="en")))
    assert "Rotterdams" in plain and "a renege loses the deal" in plain
    assert "no roem for four of a kind" not in plain
