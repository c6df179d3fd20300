"""The game contract is one typed GameSpec: every part of a game (the result form, the
simulator, the dispute checker's forms, the score sheet's layout, the demo evening) is a
field of ``GAME``, and the registry checks them when it loads the game. A part that is
misnamed, missing or of the wrong kind stops the load (and so the site's start) with the
game's name and the part's, instead of counting silently as "none"."""

from __future__ import annotations

import sys
import textwrap

import pytest

from games import registry
from games.base import Demo
from games.checkform import CheckForm
from games.results import ResultSpec
from games.sheet_layout import SheetLayout

from ..deployment.test_settings import manage

#: A game package made of Duizenden's engine, whose ``__init__`` is given per test.
HEAD = "import dataclasses\nfrom games.duizenden import GAME as _RULES\n"
#: Its parts: the ones a game names by its modules.
SHEET = (
    "from games.sheet_layout import Grid, Msg, SheetLayout, Sub\n"
    "SHEET = SheetLayout(blocks=(Grid(lead=((Msg('Go'), 10),), subs=(Sub(Msg('Score')),)),))\n"
)


@pytest.fixture
def game_package(tmp_path, monkeypatch):
    """``make(init, **modules)``: a package ``owngame`` with that ``__init__`` (after
    :data:`HEAD`) and those modules; the registry and sys.modules are put back after."""
    monkeypatch.syspath_prepend(str(tmp_path))
    before = tuple(registry.package(name) for name in registry.available())

    def make(init: str, **modules: str) -> str:
        package = tmp_path / "owngame"
        package.mkdir()
        (package / "__init__.py").write_text(HEAD + textwrap.dedent(init))
        for name, text in modules.items():
            (package / f"{name}.py").write_text(text)
        return "owngame"

    yield make
    registry.use(before)
    for name in [n for n in sys.modules if n == "owngame" or n.startswith("owngame.")]:
        del sys.modules[name]


def own(**parts: str) -> str:
    """An ``__init__`` making Duizenden's rules a game of its own, with ``parts``."""
    fields = {"checker": "{}", "sheet": "None", "demo": "None", **parts}
    given = "".join(f", {name}={value}" for name, value in fields.items())
    return f"GAME = dataclasses.replace(_RULES, name='own', title='Own', prefix='OW'{given})\n"


def load(package: str) -> None:
    registry.use((*registry.BUILT_IN, package))


@pytest.mark.parametrize("game", registry.available())
def test_every_part_of_a_built_in_game_is_a_field_of_its_spec(game):
    spec, package = registry.get(game), registry.package(game)
    assert isinstance(spec.results, ResultSpec)
    assert callable(spec.simulate)
    assert isinstance(spec.sheet, SheetLayout)
    assert isinstance(spec.demo, Demo)
    assert spec.demo.evening["name"]
    assert spec.checker
    assert all(isinstance(form, CheckForm) for form in spec.checker.values())
    # The fields are the package's own modules' data, not found by a name at run time.
    assert spec.sheet is sys.modules[f"{package}.sheet"].SHEET
    assert spec.checker is sys.modules[f"{package}.checker"].CHECKS
    assert spec.demo is sys.modules[f"{package}.demo"].DEMO


def test_a_game_with_its_parts_wired_loads(game_package):
    load(game_package("from .sheet import SHEET\n" + own(sheet="SHEET"), sheet=SHEET))
    assert registry.get("own").sheet is sys.modules["owngame.sheet"].SHEET


def test_a_misnamed_part_module_fails_at_load(game_package):
    # The spec's module is called "sheets", the file "sheet.py": no sheet is no option.
    package = game_package("from .sheets import SHEET\n" + own(sheet="SHEET"), sheet=SHEET)
    with pytest.raises(registry.GamePackageError, match=r"owngame is no game package.*sheets"):
        load(package)
    assert "own" not in registry.available()


def test_a_part_module_the_spec_leaves_out_fails_at_load(game_package):
    # sheet.py is there (its layout called SHEETS), but GAME.sheet was never set.
    package = game_package(own(), sheet=SHEET.replace("SHEET =", "SHEETS ="))
    with pytest.raises(registry.GamePackageError) as raised:
        load(package)
    assert str(raised.value) == ("owngame.GAME: owngame.sheet is there but GAME.sheet is not set")
    assert "own" not in registry.available()


@pytest.mark.parametrize(
    ("parts", "said"),
    [
        ({"sheet": "sheet"}, "sheet is module, not SheetLayout"),
        ({"demo": "{'evening': {}}"}, "demo is dict, not Demo"),
        ({"results": "None"}, "results is NoneType, not ResultSpec"),
        ({"checker": "_RULES.checker"}, "checker['meld'] is no CheckForm of own's meld"),
        ({"simulate": "'simulate'"}, "simulate is not callable"),
    ],
)
def test_a_part_of_the_wrong_kind_fails_at_load(game_package, parts, said):
    package = game_package("from . import sheet\n" + own(**parts), sheet=SHEET)
    with pytest.raises(registry.GamePackageError, match=r"owngame\.GAME: ") as raised:
        load(package)
    assert said in str(raised.value)


def test_a_spec_without_its_required_result_form_fails_at_load(game_package):
    package = game_package(
        "from games.base import GameSpec\n"
        "GAME = GameSpec(name='own', title='Own', prefix='OW', options=(),"
        " checks=_RULES.checks, players=(2,))\n"
    )
    with pytest.raises(registry.GamePackageError, match=r"missing 1 required.*'results'"):
        load(package)


def test_the_site_does_not_start_with_a_misnamed_part(tmp_path):
    """At start-up (config/settings.py loads the registry): one line naming the part."""
    package = tmp_path / "lib" / "owngame"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(HEAD + own())
    (package / "demo.py").write_text("EVENING = {}\n")
    result = manage(
        "check",
        env={"TROEF_EXTRA_GAMES": "owngame", "PYTHONPATH": str(tmp_path / "lib")},
        tmp_path=tmp_path,
    )
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "troef: TROEF_EXTRA_GAMES is not usable: owngame.GAME: owngame.demo is there but "
        "GAME.demo is not set"
    ]
