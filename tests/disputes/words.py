"""The words that must not be read on a Dutch or German page (issue 37): the game options'
keys and codes, the English words of the engines and of their notation, and the other
language's keywords. tests/disputes/test_words_pages.py (``make test``) and
tests/e2e/test_words.py (``make test-e2e``, the pages as a browser shows them) read every
form and checker page with them.

The lists are kept here, by hand: a word added to a checker's help or example in the
wrong language is found because it is on a list, not because the test knows the forms.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html.parser import HTMLParser

from games import registry


def _listed(words: str) -> frozenset[str]:
    return frozenset(words.split())


#: English words of the engines, their notation and their messages: never on a nl or de
#: page (a player's name or a card code such as "QS" is no word here).
ENGLISH = _listed("""
    play plays played pass passes exchange exchanges swap swaps none nobody
    forward forwards backward backwards home into pawn pawns seat seats
    hearts spades diamonds heart spade diamond queen king jack ace
    opponent opponents red black white grey gray yellow green blue empty penalty
    draw drawn true false needed given fold folds when must hold the with for from
    and trick tricks deal deals winner points player players left right round rounds
    declaration declarations wish colour skip reverse turn turned face up down my own
""")

#: Dutch keywords (of the checkers' notation, colours, suits, ranks): never on a German page.
DUTCH = _listed("""
    rood rode zwart zwarte wit witte grijs grijze geel gele groen groene blauw blauwe
    ik mij mijn tegenstander tegenstanders tegenpartij hok hokje pion pionnen opzetten
    ruil ruilen ruilt met voor maat achteruit vooruit zit stoel harten schoppen ruiten
    klaveren vrouw heer boer aas spelen speelt speel geen leeg straf
    trekstapel trek pak draaikaart ronde eerst naar omlaag omhoog speler
    spelers slag slagen overslaan keer wens elke tekst begint
""")

#: German keywords: never on a Dutch page.
GERMAN = _listed("""
    rot rote schwarz schwarze weiß weiße grau graue gelb gelbe grün grüne blau blaue
    ich mir mich gegner figur figuren ziel einsetzen tausch tausche tauschen tauscht
    mit für vorwärts rückwärts zurück platz herz pik karo kreuz könig bube ass
    spielen spielt spiel keiner strafe ziehstapel zieh ziehe nimm runde
    zuerst nach aussetzen richtungswechsel zwei karte karten spieler stich stiche und
    oder nicht ist auf von
""")


#: Option keys that are words of the page's language too ("Compact spel"; klaverjassen's
#: Dutch terms "Variant", "Rotterdams", "Amsterdams", "Verzaken", and "claim").
ALSO_WORDS = {
    "nl": frozenset({"compact", "variant", "rotterdams", "amsterdams", "verzaken", "claim"}),
    "de": frozenset({"compact"}),
}


def option_words(language: str = "de") -> frozenset[str]:
    """Every game option's key and every text code of its choices (``joker_rule``,
    ``fill5``, ``holder``): what a developer types, never what a player reads (less the
    keys that are words of ``language``)."""
    words: set[str] = set()
    for spec in registry.games():
        for option in spec.options:
            words.add(option.name.lower())
            codes = (*option.choices, *getattr(option, "form_choices", ()))
            words.update(str(c).lower() for c in codes if isinstance(c, str))
            if option.kind is str and isinstance(option.default, str):
                words.add(option.default.lower())
    return frozenset(words - ALSO_WORDS[language])


def forbidden(language: str) -> dict[str, frozenset[str]]:
    """The lists a page in ``language`` is read with, by name."""
    other = {"nl": GERMAN, "de": DUTCH}[language]
    return {"option keys": option_words(language), "English": ENGLISH, "other language": other}


WORD = re.compile(r"\w+(?:['\u2019]\w+)?")


def wrong_words(text: str, language: str, names: Iterable[str] = ()) -> dict[str, list[str]]:
    """The words of ``text`` on one of the lists, by list (empty: the page is right). The
    games' titles ("Duizenden (Zwarte wijven)") and ``names`` (the members', "Player Lid")
    are names, not words of a language."""
    for name in (*(spec.title for spec in registry.games()), *names):
        text = text.replace(name, " ")
    words = [w.lower() for w in WORD.findall(text)]
    out: dict[str, list[str]] = {}
    for name, listed in forbidden(language).items():
        found = sorted({w for w in words if w in listed})
        if found:
            out[name] = found
    return out


class _Visible(HTMLParser):
    """The text of a page's ``<main>`` a reader sees: its text, the labels of a select's
    options, what a text box or input holds (an example filled in); no script or style,
    and not the case as check_hand's JSON (``details.case-json``: CASES.md's notation, for
    the API, folded away)."""

    SKIP = frozenset({"script", "style", "template", "noscript"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.in_main = 0
        self.skipping = 0
        self.parts: list[str] = []
        self.skipped: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "main":
            self.in_main += 1
        shown = dict(attrs)
        if tag in self.SKIP or (tag == "details" and "case-json" in (shown.get("class") or "")):
            self.skipping += 1
            self.skipped.append(tag)
        if self.in_main and tag == "input" and shown.get("type", "text") in ("text", "number"):
            self.parts.append(shown.get("value") or "")
        if self.in_main and tag in ("input", "textarea") and shown.get("placeholder"):
            self.parts.append(shown["placeholder"] or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "main":
            self.in_main -= 1
        if self.skipped and tag == self.skipped[-1]:
            self.skipping -= 1
            self.skipped.pop()

    def handle_data(self, data: str) -> None:
        if self.in_main and not self.skipping:
            self.parts.append(data)


def visible_text(html: str) -> str:
    """What a reader sees of ``html``'s ``<main>`` (see :class:`_Visible`)."""
    parser = _Visible()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


def report(found: Iterable[tuple[str, dict[str, list[str]]]]) -> str:
    """The wrong words of each page, one line a page, for a test's failure."""
    return "\n".join(f"{page}: {words}" for page, words in found if words)
