"""The rules pages: RULES.md per game in Dutch, German or English, every rule linkable.

Public (the rules are for everyone). The rules come in the page's language (the language
menu); ``?lang=nl|de|en`` shows them in another one explicitly (an unknown value is
ignored). The texts are the pure package :mod:`disputes.rules`. Each game's original
rule text (``disputes/rules/seeds/``, which RULES.md reads) is at
``/rules/originals/<game>/``, as published, linked from the game's page and listed on the
index (``#originals``, where the preface's ``seeds/`` points).

The pages are for players: what RULES.md says for developers (the ``seeds/`` folder "beside
this file", JSON cases and fixtures) is said in players' words, and an option's key
(``start_points``) or a choice's code (``holder``) shows as the label the forms give it.
"""

from __future__ import annotations

import re
from html import unescape

from django.http import Http404
from django.shortcuts import render
from django.urls import path
from django.utils import translation
from django.utils.html import strip_tags
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from games import registry
from games.cards import QUEEN, Card, card_text, rank_name, rank_text

from . import rules

#: The language links on the pages, in each language's own name.
LANGUAGE_NAMES = {"nl": "Nederlands", "de": "Deutsch", "en": "English"}
#: The link to a game's original text, by the original's language.
ORIGINAL_LABELS = {
    "nl": _("The original text (Dutch)"),
    "de": _("The original text (German)"),
}


#: RULES.md's words for developers → players' words, per language of the rules (each
#: space of the phrase stands for any run of white space: the file wraps its lines).
FOR_PLAYERS = {
    "nl": [
        ('De originele spelregels staan in <a href="#originals"><code>seeds/</code></a> naast '
         "dit bestand (Nederlands en Duits).",
         'De originele spelregels (Nederlands en Duits) staan <a href="#originals">onderaan '
         "deze pagina</a>."),
        ("Dit bestand is de lezing van dit project:", "Deze tekst is hoe Troef ze leest:"),
        ("(invoer, uitvoer, JSON-cases, fixtures)", "(bij invoer en uitvoer)"),
    ],
    "de": [
        ('Die ursprünglichen Regeltexte liegen in <a href="#originals"><code>seeds/</code></a> '
         "neben dieser Datei (Niederländisch und Deutsch).",
         'Die ursprünglichen Regeltexte (Niederländisch und Deutsch) stehen <a '
         'href="#originals">unten auf dieser Seite</a>.'),
        ("Diese Datei ist die Lesart des Projekts:", "Dieser Text ist die Lesart von Troef:"),
        ("(Eingabe, Ausgabe, JSON-Fälle, Fixtures)", "(bei Eingabe und Ausgabe)"),
    ],
    "en": [
        ('The original rule texts are in <a href="#originals"><code>seeds/</code></a> beside '
         "this file (Dutch and German).",
         'The original rule texts (Dutch and German) are <a href="#originals">at the foot of '
         "this page</a>."),
        ("This file is the project's reading of them:", "This text is Troef's reading of them:"),
        ("(input, output, JSON cases, fixtures)", "(in input and output)"),
    ],
}  # fmt: skip
#: Quotation marks around an option's label, per language.
QUOTES = {"nl": ("“", "”"), "de": ("„", "“"), "en": ("“", "”")}
_CODE = re.compile(r"<code>([^<]*)</code>")


def _phrase(text: str) -> re.Pattern[str]:
    return re.compile(r"\s+".join(re.escape(word) for word in text.split()))


_FOR_PLAYERS = {
    language: [(_phrase(old), new) for old, new in pairs] for language, pairs in FOR_PLAYERS.items()
}


def option_words(game: str | None, language: str) -> dict[str, str]:
    """Each option key and choice code of ``game`` (None: of every game) → its label in
    ``language``: ``start_points`` → "Startpunten", ``holder`` → "De houder 5 eraf"."""
    specs = [registry.get(game)] if game in registry.available() else list(registry.games())
    words: dict[str, str] = {}
    with translation.override(language):
        for spec in specs:
            for option in spec.options:
                if option.label:
                    words.setdefault(option.name, gettext(option.label))
                for choice in option.offered():
                    label = option.choice_label(choice)
                    if label and isinstance(choice, str):
                        words.setdefault(choice, gettext(label))
    return words


def for_players(html: str, language: str, game: str | None = None) -> str:
    """Rendered rules ``html`` as players read it: RULES.md's developer phrases in
    players' words, option keys and choice codes (``<code>start_points</code>``) as their
    labels in quotes."""
    language = rules.language_of(language)
    for pattern, new in _FOR_PLAYERS.get(language, ()):
        html = pattern.sub(lambda _m, new=new: new, html)
    words = option_words(game, language)
    left, right = QUOTES.get(language, QUOTES["en"])

    def label(match: re.Match) -> str:
        found = words.get(unescape(match.group(1)))
        return match.group(0) if found is None else f"{left}{found}{right}"

    return _CODE.sub(label, html)


def rule_text_for_players(found: rules.Rule, language: str) -> str:
    """A rule's plain text (``found.text``, as the dispute checker quotes it) with its
    option keys as labels (see :func:`for_players`); as it is when that cannot be done."""

    def plain(html: str) -> str:
        return " ".join(unescape(strip_tags(html)).split())

    whole = plain(found.html)
    if not whole.endswith(found.text):
        return found.text
    head = len(whole) - len(found.text)
    shown = plain(for_players(found.html, language, found.game))
    if shown[:head] != whole[:head]:
        return found.text
    return shown[head:]


def card_letters(language: str) -> dict[str, str]:
    """What the notation note says of the letters pages and sheets use in ``language``."""
    letters = ", ".join(
        f"{rank_text(rank, language)} ({rank_name(rank, language)})" for rank in (11, 12, 13, 14)
    )
    queen = Card(QUEEN, "H")
    return {
        "letters": letters,
        "example": card_text(queen, language),
        "compact": card_text(queen, language, compact=True),
    }


def _original(game: str, language: str) -> dict | None:
    """What the pages show of ``game``'s original text (None for a game without one)."""
    original = rules.original(game)
    if original is None:
        return None
    return {
        "game": game,
        "title": rules.game_rules(game, language).title,
        "language": original.language,
        "label": ORIGINAL_LABELS.get(original.language, _("The original text")),
        "text": original.text,
    }


def _rules_language(request) -> tuple[str, str]:
    """(the language of the rules, the query string that keeps an explicit choice)."""
    chosen = request.GET.get("lang", "")
    if chosen in rules.LANGUAGES:
        return chosen, f"?lang={chosen}"
    return rules.language_of(translation.get_language()), ""


def _context(request, **extra) -> dict:
    language, query = _rules_language(request)
    games = [rules.game_rules(game, language) for game in rules.games()]
    switch = [
        {"code": code, "name": name, "current": code == language}
        for code, name in LANGUAGE_NAMES.items()
    ]
    return {
        "card_letters": card_letters(language),
        "rules_language": language,
        "lang_query": query,
        "language_links": switch,
        "games": games,
        "document_title": rules.title(language),
        **extra,
    }


def _general(sections, language: str) -> list[dict]:
    """The sections for all games (tournament points), their html for players."""
    return [
        {
            "title": section.title,
            "anchor": section.anchor,
            "rules": section.rules,
            "code": section.code,
            "html": for_players(section.html, language),
        }
        for section in sections
    ]


@require_safe
def rules_index(request):
    language, _query = _rules_language(request)
    first = rules.game_rules(rules.games()[0], language)
    context = _context(
        request,
        preface_html=for_players(rules.preface_html(language), language),
        notation_html=for_players(first.notation_html, language),
        general=_general(first.general, language),
        originals=[item for game in rules.games() if (item := _original(game, language))],
    )
    return render(request, "disputes/rules_index.html", context)


@require_safe
def rules_game(request, game: str):
    language, _query = _rules_language(request)
    if game not in rules.games():
        raise Http404("unknown game")
    shown = rules.game_rules(game, language)
    return render(
        request,
        "disputes/rules_game.html",
        _context(
            request,
            game=shown,
            game_html=for_players(shown.html, language, game),
            notation_html=for_players(shown.notation_html, language),
            general=_general(shown.general, language),
            original=_original(game, language),
        ),
    )


@require_safe
def rules_original(request, game: str):
    """A game's original rule text, unchanged (read-only, public)."""
    language, _query = _rules_language(request)
    original = _original(game, language) if game in rules.games() else None
    if original is None:
        raise Http404("unknown game")
    return render(
        request,
        "disputes/rules_original.html",
        _context(request, game=rules.game_rules(game, language), original=original),
    )


urlpatterns = [
    path("rules/", rules_index, name="rules-index"),
    path("rules/<slug:game>/", rules_game, name="rules-game"),
    path("rules/originals/<slug:game>/", rules_original, name="rules-original"),
]
