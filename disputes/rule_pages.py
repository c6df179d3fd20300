"""The rules pages: RULES.md per game in Dutch, German or English, every rule linkable.

Public (the rules are for everyone). The rules come in the page's language (the language
menu); ``?lang=nl|de|en`` shows them in another one explicitly (an unknown value is
ignored). The texts are the pure package :mod:`disputes.rules`.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.urls import path
from django.utils import translation
from django.views.decorators.http import require_safe

from . import rules

#: The language links on the pages, in each language's own name.
LANGUAGE_NAMES = {"nl": "Nederlands", "de": "Deutsch", "en": "English"}


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
        _context(request, game=rules.game_rules(game, language)),
    )


urlpatterns = [
    path("rules/", rules_index, name="rules-index"),
    path("rules/<slug:game>/", rules_game, name="rules-game"),
]
