"""The renderers' own labels in the club's language, from the site's catalogues.

Labels are marked with ``_()`` so that ``makemessages`` puts them in
``locale/*/LC_MESSAGES/django.po``; at render time they are looked up with the standard
library's gettext in the same compiled catalogues, so no Django is needed here.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from functools import cache
from pathlib import Path

from games import registry

LOCALE_DIR = Path(__file__).resolve().parents[2] / "locale"
LANGUAGES = ("nl", "de", "en")


def _(text: str) -> str:
    """Mark ``text`` for the catalogue; :func:`translator` translates it."""
    return text


def translator(language: str) -> Callable[[str], str]:
    """``gettext`` for ``language`` (one of LANGUAGES; anything else prints English): the
    site's catalogue, then each game's own (a game's sheet says its words there)."""
    if language not in LANGUAGES:
        language = "en"
    return _translator(language, tuple(registry.locale_paths()))


@cache
def _translator(language: str, folders: tuple[Path, ...]) -> Callable[[str], str]:
    found = gettext.translation("django", localedir=LOCALE_DIR, languages=[language],
                                fallback=True)  # fmt: skip
    for folder in folders:
        found.add_fallback(
            gettext.translation("django", localedir=folder, languages=[language], fallback=True)
        )
    return found.gettext
