"""The rules pages: RULES.md per game in Dutch, German or English, every rule linkable.

Public (the rules are for everyone). The rules come in the page's language (the language
menu); ``?lang=nl|de|en`` shows them in another one explicitly (an unknown value is
ignored). The texts are the pure package :mod:`disputes.rules`. Each game's original
rule text (``disputes/rules/seeds/``, which RULES.md reads) is at
``/rules/originals/<game>/``, as published, linked from the game's page and listed on the
index (``#originals``, where the preface's ``seeds/`` points).
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.urls import path
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from . import rules

#: The language links on the pages, in each language's own name.
LANGUAGE_NAMES = {"nl": "Nederlands", "de": "Deutsch", "en": "English"}
#: The link to a game's original text, by the original's language.
ORIGINAL_LABELS = {
    "nl": _("The original text (Dutch)"),
    "de": _("The original text (German)"),
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
        "rules_language": language,
        "lang_query": query,
        "language_links": switch,
        "games": games,
        "document_title": rules.title(language),
        **extra,
    }


@require_safe
def rules_index(request):
    language, _query = _rules_language(request)
    context = _context(
        request,
        preface_html=rules.preface_html(language),
        general=rules.game_rules(rules.games()[0], language).general,
        originals=[item for game in rules.games() if (item := _original(game, language))],
    )
    return render(request, "disputes/rules_index.html", context)


@require_safe
def rules_game(request, game: str):
    language, _query = _rules_language(request)
    if game not in rules.games():
        raise Http404("unknown game")
    return render(
        request,
        "disputes/rules_game.html",
        _context(
            request,
            game=rules.game_rules(game, language),
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
