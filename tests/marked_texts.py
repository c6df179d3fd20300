"""The texts marked for translation in source files: the string literal that is the first
argument of each ``_("...")`` call, read from the syntax tree (no import, no Django)."""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from pathlib import Path


def marked_texts(paths: Iterable[Path]) -> Iterator[tuple[Path, str]]:
    """(file, text) for each ``_("...")`` call in the files, in file order."""
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "_"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                yield path, node.args[0].value
