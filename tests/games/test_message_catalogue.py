"""Every message the engines can give people has Dutch and German words: the first
argument of each ``_()`` call under games/ (CaseError and Violation templates, option
labels, places) is translated in the compiled catalogues, with the same placeholders.
A game's texts are in its own catalogue (``games/<game>/locale``), the texts of the
modules the games share in ``games/locale``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.utils import translation

from games import registry

from ..marked_texts import marked_texts

GAMES = Path(__file__).resolve().parents[2] / "games"
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def templates() -> dict[str, str]:
    """Each ``_("...")`` text of games/ → the first file that has it."""
    found: dict[str, str] = {}
    for path, text in marked_texts(sorted(GAMES.rglob("*.py"))):
        found.setdefault(text, str(path.relative_to(GAMES)))
    return found


TEMPLATES = templates()
#: Each ``_("...")`` text of games/ with every file (relative to games/) that has it.
PLACED = [
    (text, path.relative_to(GAMES)) for path, text in marked_texts(sorted(GAMES.rglob("*.py")))
]


def locale_of(where: Path) -> Path:
    """The catalogue of the file ``where`` (relative to games/): its game's
    (``<game>/locale``), else the one the games share (``games/locale``)."""
    return GAMES / where.parts[0] / "locale" if len(where.parts) > 1 else GAMES / "locale"


def catalogue(language: str, locale: Path) -> dict[str, str]:
    """msgid → msgstr of the language's catalogue (fuzzy entries count as missing)."""
    import polib

    po = polib.pofile(str(locale / language / "LC_MESSAGES" / "django.po"))
    return {e.msgid: e.msgstr for e in po if e.msgstr.strip() and "fuzzy" not in e.flags}


def test_the_engines_mark_their_messages():
    assert len(TEMPLATES) > 400
    assert "has %(count)s cards but %(size)s players play" in TEMPLATES
    assert "trick %(n)s" in TEMPLATES


@pytest.mark.parametrize("language", ["nl", "de"])
def test_every_message_has_dutch_and_german_words(language):
    known = {locale: catalogue(language, locale) for locale in {locale_of(w) for _t, w in PLACED}}
    assert len(known) == 1 + len(registry.available())  # shared, one per game
    untranslated = [f"{w}: {t}" for t, w in PLACED if t not in known[locale_of(w)]]
    assert untranslated == []
    broken = []
    with translation.override(language):  # the compiled catalogues give the same words
        for template, where in PLACED:
            said = translation.gettext(template)
            if said != known[locale_of(where)][template]:
                broken.append(f"{template}: not compiled")
            elif not set(PLACEHOLDER.findall(said)) <= set(PLACEHOLDER.findall(template)):
                broken.append(f"{template} → {said}")
    assert broken == []


@pytest.mark.parametrize("language", ["nl", "de"])
def test_every_message_formats_with_its_values(language):
    """A translation fills in with the English template's values (no stray ``%``)."""
    with translation.override(language):
        for template in TEMPLATES:
            values = dict.fromkeys(PLACEHOLDER.findall(template), "x")
            translation.gettext(template) % values


def _binds_underscore(function: ast.AST) -> bool:
    """Whether ``function`` itself (not a comprehension in it) assigns the name ``_``."""
    stack = list(ast.iter_child_nodes(function))
    while stack:
        node = stack.pop()
        if isinstance(node, ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp):
            continue
        if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
            return True
        stack.extend(ast.iter_child_nodes(node))
    return False


def test_no_function_hides_the_marker_behind_a_variable():
    """``head, _, tail = ...`` in a function that also calls ``_("...")`` breaks it."""
    hidden = []
    for path in sorted(GAMES.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef):
                continue
            calls = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                        and n.func.id == "_" for n in ast.walk(node))  # fmt: skip
            if calls and _binds_underscore(node):
                hidden.append(f"{path.relative_to(GAMES)}: {node.name}")
    assert hidden == []
