"""A game is a folder (issue 17): outside ``games/<game>/`` no file of the site names a
game in code. Comments, docstrings, the rules texts (RULES.*.md and the original texts
beside them, rule texts are documents) and the translation catalogues don't count; the
registry's list of the built-in packages is the one place a game is named.

Counted: the Python modules of the apps, config, demo and games (outside each game's own
package), the templates and the site's own static JavaScript and CSS. The tests and the
benchmarks are not the site: they name the games they exercise."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from games import registry

ROOT = Path(__file__).resolve().parent.parent
REGISTERED = tuple(spec.name for spec in registry.games())
#: A game package in games/ that the registry does not list yet (one being built: issue
#: 41's klaverjassen): the site names it nowhere either.
BUILDING = tuple(
    sorted(
        path.name
        for path in (ROOT / "games").iterdir()
        if (path / "__init__.py").is_file() and path.name not in REGISTERED
    )
)
GAMES = REGISTERED + BUILDING
NAMED = re.compile("|".join(GAMES), re.IGNORECASE)
CODE = (
    "backups", "clubs", "config", "demo", "disputes", "games", "printing", "ratings",
    "scoring", "tournaments", "venue",
)  # fmt: skip
#: The one place that names the games: the list of the built-in packages.
REGISTRATION = {"games/registry.py"}


def _game_folders() -> list[Path]:
    return [ROOT / "games" / name for name in GAMES]


def _python_code(text: str) -> str:
    """The identifiers and the string literals of a module, docstrings left out."""
    tree = ast.parse(text)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
        and isinstance(node.body[0].value.value, str)
    }
    words: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings:
                words.append(node.value)
        elif isinstance(node, ast.Name):
            words.append(node.id)
        elif isinstance(node, ast.Attribute):
            words.append(node.attr)
        elif isinstance(node, ast.alias):
            words.append(node.name)
        elif isinstance(node, ast.ImportFrom) and node.module:
            words.append(node.module)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef):
            words.append(node.name)
        elif isinstance(node, ast.arg):
            words.append(node.arg)
    return "\n".join(words)


_TEMPLATE_COMMENTS = re.compile(r"\{#.*?#\}|\{% comment %\}.*?\{% endcomment %\}|<!--.*?-->", re.S)
_SCRIPT_COMMENTS = re.compile(r"/\*.*?\*/|(?<![:\"'])//[^\n]*", re.S)


def _code_of(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        return _python_code(text)
    if path.suffix == ".html":
        return _TEMPLATE_COMMENTS.sub("", text)
    return _SCRIPT_COMMENTS.sub("", text)


def _site_files() -> list[Path]:
    folders = _game_folders()
    files = [p for top in CODE for p in (ROOT / top).rglob("*.py") if "migrations" not in p.parts]
    files += list((ROOT / "templates").rglob("*.html"))
    files += [p for top in CODE for p in (ROOT / top).rglob("templates/**/*.html")]
    files += [p for p in (ROOT / "static" / "troef").rglob("*") if p.suffix in (".js", ".css")]
    return sorted(p for p in set(files) if not any(p.is_relative_to(f) for f in folders))


def naming_files() -> dict[str, list[str]]:
    """File (relative) -> the games it names in code or in its own path (a module picked
    by a game's name, ``sheets/games/keezen.py``, is that game's too)."""
    found = {}
    for path in _site_files():
        relative = path.relative_to(ROOT).as_posix()
        words = NAMED.findall(_code_of(path)) + NAMED.findall(relative)
        named = sorted({match.lower() for match in words})
        if named:
            found[relative] = named
    return found


def test_the_counting_sees_the_site():
    files = _site_files()
    assert len(files) > 100
    assert ROOT / "games" / "registry.py" in files
    folders = _game_folders()
    assert not any(path.is_relative_to(folder) for path in files for folder in folders)


def test_a_game_named_in_code_is_counted(tmp_path):
    module = tmp_path / "view.py"
    module.write_text(
        '"""About MEINO and Keezen."""\n# Duizenden\n'
        'def page():\n    """For MeieRijen."""\n    return "miezemauzen"\n'
    )
    assert NAMED.findall(_code_of(module)) == ["miezemauzen"]
    script = tmp_path / "picker.js"
    script.write_text('// meino\n/* keezen */\nif (deck === "meino") {}\n')
    assert NAMED.findall(_code_of(script)) == ["meino"]


@pytest.mark.parametrize("game", REGISTERED)
def test_a_games_words_are_in_its_folder(game):
    """Its engine texts in its own catalogue (found through the registry, for the site's
    LOCALE_PATHS) and its rules in each language beside its ``__init__``."""
    folder = registry.folder(game)
    assert folder / "locale" in registry.locale_paths()
    for language in ("nl", "de", "en"):
        catalogue = folder / "locale" / language / "LC_MESSAGES"
        assert (catalogue / "django.po").is_file() and (catalogue / "django.mo").is_file()
        assert (folder / f"rules.{language}.md").is_file()
    dutch = (folder / "locale" / "nl" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    assert dutch.count("\nmsgid ") > 50  # its texts, not an empty catalogue


@pytest.mark.parametrize("game", GAMES)
def test_only_the_registry_names_the_game(game):
    naming = sorted(path for path, games in naming_files().items() if game in games)
    assert set(naming) <= REGISTRATION, naming
