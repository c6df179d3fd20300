"""The dispute forms' help texts show cards in the page's letters (nl B/V/H/A, de B/D/K/A
with suit symbols) and each translated example reads back as the same cards."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from django.utils import translation

from games import registry
from games.cards import UnknownCardError, parse_card

from ..marked_texts import marked_texts

GAMES = Path(__file__).resolve().parents[2] / "games"


def checker_files() -> list[Path]:
    """The dispute forms' descriptions: every game's ``checker`` (found through the
    registry) and the vocabulary they share."""
    out = [GAMES / "checkform.py", GAMES / "checkshow.py"]
    for game in registry.available():
        forms = registry.get(game).checker
        if not forms:
            continue
        path = Path(sys.modules[f"{registry.package(game)}.checker"].__file__)
        out += sorted(path.parent.glob("*.py")) if path.name == "__init__.py" else [path]
    return out


#: A card written as a code or with a suit symbol: "AH", "10S", "♠Q", "V♥", "D♠".
TOKEN = re.compile(
    r"(?<![\w:+])(?:(?:10|[2-9JQKABVHD])[SHDC♠♥♦♣]|[♠♥♦♣](?:10|[2-9JQKABVHD]))(?![\w])"
)
ENGLISH_CODE = re.compile(r"(?<![\w:+])(?:10|[2-9JQKA])[SHDC](?![\w:])")


def helps_with_cards() -> list[str]:
    """The ``_()`` texts of the dispute forms that show card codes (not ``JK:6H``)."""
    return [
        text
        for _path, text in marked_texts(checker_files())
        if ENGLISH_CODE.search(text)
        and "JK:" not in text
        and "“" not in text  # phrases typed in the plays' notation
    ]


HELPS = helps_with_cards()


def cards(text: str) -> list[str]:
    out = []
    for token in TOKEN.findall(text):
        try:
            out.append(str(parse_card(token)))
        except UnknownCardError:
            out.append(f"?{token}")
    return out


def test_there_are_help_texts_with_cards():
    assert "One line per trick: AH 10H QH" in HELPS
    assert len(HELPS) >= 10


@pytest.mark.parametrize("language", ["nl", "de"])
@pytest.mark.parametrize("text", HELPS)
def test_a_translated_example_shows_the_same_cards_in_local_letters(language, text):
    with translation.override(language):
        said = translation.gettext(text)
    assert said != text
    assert cards(said) == cards(text)
    assert not ENGLISH_CODE.search(said), said  # no "QH" left on a Dutch or German page


def test_the_letters_are_the_languages():
    with translation.override("nl"):
        nl = translation.gettext("One line per trick: AH 10H QH")
    with translation.override("de"):
        de = translation.gettext("One line per trick: AH 10H QH")
    assert nl.endswith("A♥ 10♥ V♥") and de.endswith("A♥ 10♥ D♥")
