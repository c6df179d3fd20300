"""Where a table's score sheet comes from: each game's layout description in its own
package (``games/<game>/sheet.py``), found through the registry; pure data, no drawing
library in it; and the generic sheet for a game without one."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import textwrap

import pytest

from games import registry
from games.sheet_layout import Grid, Msg, Note, SheetLayout, Sub
from printing.sheets import Header, TableSheet, game_sheets, render

from .pdf import pdf_text

GAMES = ("meierijen", "duizenden", "miezemauzen", "meino", "keezen")


def text(sheet: TableSheet) -> str:
    return " ".join(" ".join(pdf_text(render([sheet], language="en"))).split())


@pytest.fixture
def toy_games(tmp_path, monkeypatch):
    """Two more game packages, copies of Duizenden's rules: ``toy`` with a sheet layout
    of its own, ``plain`` without one."""
    for name, sheet in (("toygame", True), ("plaingame", False)):
        package = tmp_path / name
        package.mkdir()
        title = name.removesuffix("game")
        (package / "__init__.py").write_text(
            textwrap.dedent(f"""\
                import dataclasses
                from games.duizenden import GAME as _RULES
                {"from .sheet import SHEET" if sheet else "SHEET = None"}
                GAME = dataclasses.replace(_RULES, name={title!r}, title={title.title()!r},
                                           prefix={title[:2].upper()!r}, checker={{}},
                                           sheet=SHEET, demo=None)
            """)
        )
        if sheet:
            (package / "sheet.py").write_text(
                textwrap.dedent("""\
                    from games.sheet_layout import Grid, Msg, Note, SheetLayout, Sub
                    SHEET = SheetLayout(blocks=(
                        Note(Msg("A toy sheet from its own package")),
                        Grid(lead=((Msg("Go"), 10),), subs=(Sub(Msg("Score")),)),
                    ))
                """)
            )
    monkeypatch.syspath_prepend(str(tmp_path))
    before = tuple(registry.package(name) for name in registry.available())
    registry.use((*before, "toygame", "plaingame"))
    yield
    registry.use(before)
    for name in ("toygame", "toygame.sheet", "plaingame"):
        sys.modules.pop(name, None)


@pytest.mark.parametrize("game", GAMES)
def test_each_game_s_layout_comes_from_its_package_through_the_registry(game):
    module = sys.modules[f"{registry.package(game)}.sheet"]
    assert isinstance(module.SHEET, SheetLayout)
    assert registry.get(game).sheet is module.SHEET
    assert game_sheets.layout_of(game) is module.SHEET


def test_the_layouts_are_pure_data_without_django_reportlab_or_the_site():
    code = (
        "import sys\n"
        "from games import registry\n"
        f"for game in {GAMES!r}:\n"
        "    assert registry.get(game).sheet is not None\n"
        "bad = sorted(m for m in sys.modules\n"
        "             if m.split('.')[0] in ('django', 'reportlab', 'scoring'))\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)


@pytest.mark.usefixtures("toy_games")
def test_a_new_game_s_layout_is_drawn_without_a_change_in_scoring():
    sheet = TableSheet("toy", Header("KC De Troefkaart"), seats=3)
    assert isinstance(game_sheets.layout_of("toy"), SheetLayout)
    printed = text(sheet)
    assert "Score sheet Toy" in printed
    assert "A toy sheet from its own package" in printed
    assert printed.count("Score") >= 3  # a sub-column a player


@pytest.mark.usefixtures("toy_games")
def test_a_game_without_a_layout_gets_the_generic_sheet():
    assert registry.get("plain").sheet is None
    assert game_sheets.layout_of("plain") is None
    printed = text(TableSheet("plain", Header("KC De Troefkaart"), seats=3))
    assert "Score sheet · Plain" in printed  # the generic sheet's heading
    assert "Total" in printed
    assert printed.count("Seat ") == 3


def test_an_unknown_game_gets_the_generic_sheet():
    assert game_sheets.layout_of("no-such-game") is None
    printed = text(TableSheet("no-such-game", Header("KC De Troefkaart")))
    assert "Score sheet · no-such-game" in printed


def test_a_spec_without_a_layout_falls_back_to_the_generic_sheet(monkeypatch):
    spec = dataclasses.replace(registry.get("duizenden"), sheet=None)
    monkeypatch.setattr(registry, "get", lambda game: spec)
    assert game_sheets.layout_of("duizenden") is None
    assert "Score sheet · Duizenden" in text(TableSheet("duizenden", Header("KC")))


def test_layout_blocks_are_plain_values():
    """Layouts compare and print as data: what a game says its sheet holds."""
    one = SheetLayout(blocks=(Note(Msg("x")), Grid(lead=((Msg("n"), 10),), subs=(Sub("a"),))))
    two = SheetLayout(blocks=(Note(Msg("x")), Grid(lead=((Msg("n"), 10),), subs=(Sub("a"),))))
    assert one == two
    assert "Note" in repr(one)
