"""The rules engine, standings, sheets and seating are plain Python: they import neither
Django nor the project's Django apps (which would pull Django in)."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PURE = [
    "games",
    "scoring/standings.py",
    "scoring/sheets",
    "tournaments/seating.py",
    "tournaments/designs.py",
    "ratings/core.py",
    "scoring/charts.py",
]
PURE_MODULES = (
    "games",
    "scoring.standings",
    "scoring.sheets",
    "tournaments.seating",
    "tournaments.designs",
    "ratings.core",
    "scoring.charts",
)
DJANGO_APPS = ("django", "config", "clubs", "disputes", "tournaments", "scoring", "ratings")


def python_files(relative: str):
    path = ROOT / relative
    if path.is_file():
        yield path
    elif path.is_dir():
        yield from sorted(path.rglob("*.py"))


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, root: Path):
    """(line, absolute module name) of every import in the file, relative ones resolved."""
    package = module_name(path, root).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            names = (
                [f"{module}.{alias.name}" for alias in node.names] if not node.module else [module]
            )
            for name in names:
                yield node.lineno, name


def forbidden_imports(path: Path, root: Path = ROOT) -> list[str]:
    found = []
    for line, name in sorted(imported_modules(path, root)):
        pure = any(name == m or name.startswith(m + ".") for m in PURE_MODULES)
        django = any(name == m or name.startswith(m + ".") for m in DJANGO_APPS)
        if django and not pure:
            found.append(f"{path.relative_to(root)}:{line} {name}")
    return found


def test_pure_modules_import_neither_django_nor_the_django_apps():
    offenders = [
        hit
        for relative in PURE
        for path in python_files(relative)
        for hit in forbidden_imports(path)
    ]
    assert offenders == []


def test_the_check_finds_direct_indirect_and_relative_imports(tmp_path):
    (tmp_path / "scoring" / "sheets").mkdir(parents=True)
    sample = tmp_path / "scoring" / "sheets" / "meino.py"
    sample.write_text(
        "import os\nimport djangoish\nfrom . import layout\n"
        "from scoring.standings import rank\n"
        "def f():\n    import django.conf\n"
        "from clubs.models import Member\n"
        "from ..models import ResultEntry\n"
        "from .. import tasks\n"
    )
    assert forbidden_imports(sample, tmp_path) == [
        "scoring/sheets/meino.py:6 django.conf",
        "scoring/sheets/meino.py:7 clubs.models",
        "scoring/sheets/meino.py:8 scoring.models",
        "scoring/sheets/meino.py:9 scoring.tasks",
    ]
