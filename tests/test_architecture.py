"""The rules engine, standings, sheets and seating are plain Python: no Django."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PURE = ["games", "scoring/standings.py", "scoring/sheets", "tournaments/seating.py"]


def python_files(relative: str):
    path = ROOT / relative
    if path.is_file():
        yield path
    elif path.is_dir():
        yield from sorted(path.rglob("*.py"))


def django_imports(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        else:
            continue
        found += [
            f"{path.name}:{node.lineno} {name}"
            for name in names
            if name == "django" or name.startswith("django.")
        ]
    return found


def test_pure_modules_do_not_import_django():
    offenders = [
        hit for relative in PURE for path in python_files(relative) for hit in django_imports(path)
    ]
    assert offenders == []


def test_the_check_finds_django_imports_anywhere_in_a_file(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import os\nimport djangoish\nfrom . import django\n"
        "def f():\n    import django.conf\n"
        "if True:\n    from django.db import models\n"
    )
    assert django_imports(sample) == ["sample.py:5 django.conf", "sample.py:7 django.db"]
