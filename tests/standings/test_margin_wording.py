"""The tie-break figure has one name per language everywhere the site shows it: "saldo"
in Dutch and "Feinwertung" in German (the catalogues' word for "margin"), on the
standings pages, their legends, the tie notes and the rules pages (RULES.md TP-1 to TP-5).
"""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[2]
#: language -> (the site's word, words that must not stand in for it)
WORDS = {"nl": ("saldo", ("marge",)), "de": ("Feinwertung", ("Abstandsmaß", "Marge"))}


@pytest.mark.parametrize("language", list(WORDS))
def test_every_translation_of_margin_uses_the_sites_word(language):
    word, others = WORDS[language]
    po = polib.pofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "django.po"))
    found = [e for e in po if re.search(r"\bmargins?\b", e.msgid) and not e.obsolete]
    assert found  # "margin", "tied: margin" and the two legends at least
    for entry in found:
        assert word.casefold() in entry.msgstr.casefold(), entry.msgid
        for other in others:
            assert other.casefold() not in entry.msgstr.casefold(), entry.msgid


@pytest.mark.parametrize("language", list(WORDS))
def test_the_rules_page_uses_the_sites_word_for_the_margin(language):
    word, others = WORDS[language]
    text = (ROOT / "disputes" / "rules" / f"RULES.{language}.md").read_text()
    points = text[text.index("TP-1") - 2000 :]  # "Tournament points" and TP-1 to TP-5
    assert word.casefold() in points.casefold()
    for other in others:
        assert other.casefold() not in points.casefold()
