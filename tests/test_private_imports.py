"""Modules by subject (issue 40): no module uses another module's private names (``_x``).

A name one module shares with another is public (no underscore) where it is defined, or
it moves to the module that uses it. Counted across the site's own code (the apps, config,
demo, games and scripts; not tests/ or benchmarks/), between any two modules, siblings
included:

- ``from x import _y`` (absolute or relative; ``_`` alone, gettext, does not count), and
- ``x._y`` where ``x`` is a module of the site that the file imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CODE = ("backups", "clubs", "config", "demo", "disputes", "games", "ratings", "scoring",
        "scripts", "tournaments", "venue")  # fmt: skip
CODE += ("evenings", "printing", "help")  # the apps issue 40 and 38 added

#: None is left (2026-12-06): a name one module shares with another is public where it is
#: defined. Keep it so.
ALLOWANCE = 0


def _private(name: str) -> bool:
    return name.startswith("_") and name != "_" and not name.startswith("__")


def _module_of(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _absolute(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The module an ``ImportFrom`` names, relative imports resolved."""
    if not node.level:
        return node.module or ""
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _is_module(name: str, root: Path) -> bool:
    path = root.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _uses_in(path: Path, root: Path, tops: tuple[str, ...]) -> list[tuple[int, str]]:
    """``(line, module._name)`` for each private name of another module of ``tops`` that
    the module at ``path`` uses."""
    module = _module_of(path, root)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    modules: dict[str, str] = {}  # local name -> a module of the site
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in tops:
                    local = alias.asname or alias.name.split(".")[0]
                    modules[local] = alias.name if alias.asname else local
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(node, module, path.name == "__init__.py")
            if source.split(".")[0] not in tops or source == module:
                continue
            for alias in node.names:
                if _is_module(f"{source}.{alias.name}", root):
                    modules[alias.asname or alias.name] = f"{source}.{alias.name}"
                elif _private(alias.name):
                    found.append((node.lineno, f"{source}.{alias.name}"))
    found += [
        (node.lineno, f"{modules[node.value.id]}.{node.attr}")
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in modules
        and _private(node.attr)
    ]
    return found


def private_uses(root: Path, tops: tuple[str, ...] = CODE) -> list[str]:
    """``file:line: module._name`` for every private name of one of the site's modules that
    another module uses."""
    return [
        f"{path.relative_to(root)}:{line}: {name}"
        for top in tops
        for path in sorted((root / top).rglob("*.py"))
        if "migrations" not in path.parts
        for line, name in _uses_in(path, root, tops)
    ]


def test_no_more_private_uses_between_modules_than_allowed():
    found = private_uses(ROOT)
    assert len(found) <= ALLOWANCE, "\n".join(found)


def test_games_and_disputes_use_no_private_name_of_another_module():
    found = [line for line in private_uses(ROOT) if line.startswith(("games/", "disputes/"))]
    assert found == []


def test_a_private_use_is_found_in_every_form(tmp_path):
    files = {
        "games/__init__.py": "",
        "games/cards.py": "_deck = 1\ndef _shuffle(): ...\nclass Card: ...\n",
        "games/sheet.py": "from games.text import _\nfrom games.cards import Card, _deck\n",
        "games/hand.py": "from . import cards\nx = cards._shuffle()\ny = cards.Card\n",
        "games/deal/__init__.py": "from ..cards import _shuffle\n",
        "games/deal/log.py": (
            "import games.cards as c\nfrom .. import cards as k\nc._deck, k._deck\n"
        ),
        "games/deal/own.py": "def _mine(): ...\nclass T:\n    def f(self): return self._x\n",
        "games/text.py": "def _(text): return text\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert sorted(private_uses(tmp_path, ("games",))) == [
        "games/deal/__init__.py:1: games.cards._shuffle",
        "games/deal/log.py:3: games.cards._deck",
        "games/deal/log.py:3: games.cards._deck",
        "games/hand.py:2: games.cards._shuffle",
        "games/sheet.py:2: games.cards._deck",
    ]
