"""A verdict as the checker's page shows it: each violation with its rule's title and
text from RULES.md in the user's language and a link to the rules page; the engine's
result as tables, its cards in the club's letters ("V♥", "Herz D" rather than "QH"); the
case as JSON to copy (canonical, as check_hand reads it)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.urls import NoReverseMatch, reverse
from django.utils import translation

from disputes.rule_pages import for_players, rule_text_for_players
from disputes.rules import rule as find_rule
from games.cards import language_of
from games.checkform import CheckForm
from games.checkshow import Section, generic_present
from games.places import at_place

from .base import ShownCheck, deck_of, people, pure_form, say, violation_messages


@dataclass
class ShownViolation:
    rule: str
    message: str
    at: int | None
    #: ``at`` in words: "slag 3", "zet 2" (games.places.at_place).
    place: str = ""
    title: str = ""
    text: str = ""
    html: str = ""
    url: str = ""
    #: The message's language when it is not the page's: "en" for the engine's English
    #: words (a ruling saved before its messages were translated).
    message_lang: str = ""


@dataclass
class ShownVerdict:
    legal: bool
    violations: list[ShownViolation]
    sections: list[Section]
    case_json: str


def _rule(rule_id: str, game: str) -> ShownViolation:
    """A violation of ``rule_id`` with the rule's title, texts and link (message and
    place still empty)."""
    shown = ShownViolation(rule=rule_id, message="", at=None)
    language = translation.get_language() or "nl"
    try:
        found = find_rule(rule_id, language)
    except Exception:  # a missing rule text must not stop the verdict
        found = None
    anchor = (found.anchor if found is not None else "") or rule_id
    try:
        shown.url = reverse("disputes:rules-game", args=[game]) + "#" + anchor
    except NoReverseMatch:
        shown.url = ""
    if found is not None:
        shown.title = found.title or ""
        # option keys (``start_points``) as the forms' labels, as on the rules pages
        shown.text = rule_text_for_players(found, language) if found.text else ""
        shown.html = for_players(found.html, language, found.game) if found.html else ""
    return shown


def local_cards(text: str, language: str, game: str = "") -> str:
    """``text`` with each canonical card code of ``game``'s deck (its ``codes``) written
    in ``language``'s letters: nl "V♥ H♥ A♥" for "QH KH AH", de "D♥"; another deck's as
    it says ("rood 5"). English stays as it is."""
    lang = language_of(language)
    if lang == "en" or not text:
        return text
    return deck_of(game).local(text, lang)


def _local_section(section: Section, language: str, game: str) -> Section:
    """The section in the user's language: its labels and texts translated, the cards of
    its cells in ``language``'s letters; each row's first cell (player names, labels)
    keeps its cards as they are."""
    rows = [
        [
            people(cell) if i == 0 else _local_cell(people(cell), language, game)
            for i, cell in enumerate(row)
        ]
        for row in section.rows
    ]
    return Section(people(section.title), [people(cell) for cell in section.head], rows)


def _local_cell(cell: Any, language: str, game: str) -> Any:
    return local_cards(cell, language, game) if isinstance(cell, str) else cell


def _messages(
    verdict: dict[str, Any], case: dict[str, Any], raws: list[dict], judged: list[dict] | None
) -> list[str]:
    """Each violation's message in the user's language (the stored English where the case
    no longer gives the same verdict)."""
    english = [str(raw.get("message", "")) for raw in raws]
    try:
        messages = violation_messages(verdict, case, judged=judged)
    except Exception:  # an odd saved case: its English words rather than a failure
        return english
    return messages if len(messages) == len(raws) else english


def show_verdict(
    verdict: dict[str, Any],
    case: dict[str, Any],
    checker: CheckForm | ShownCheck | None,
    *,
    judged: list[dict] | None = None,
) -> ShownVerdict:
    """``verdict`` of ``case`` as the page shows it. ``judged``: the violations with their
    texts when the case was just judged (``CheckerForm.judged``); a saved ruling's case is
    judged again for them."""
    game = str(verdict.get("game", ""))
    language = translation.get_language() or "nl"
    raws = [raw for raw in verdict.get("violations") or [] if isinstance(raw, dict)]
    messages = _messages(verdict, case, raws, judged)
    violations = []
    for raw, message in zip(raws, messages, strict=True):
        shown = _rule(str(raw.get("rule", "")), game)
        english = str(raw.get("message", ""))
        if message == english:
            # the engine's English words (a ruling saved under older rules)
            shown.message = english
            shown.message_lang = "" if language_of(language) == "en" else "en"
        else:
            # translated; a card it names without marking it (left canonical) in the letters
            shown.message = local_cards(message, language, game)
        shown.at = raw.get("at") if isinstance(raw.get("at"), int) else None
        if shown.at is not None and shown.at >= 0:
            shown.place = say(at_place(case, shown.at))
        violations.append(shown)
    result = verdict.get("result") or {}
    present = pure_form(checker).present if checker is not None else generic_present
    try:
        sections = present(result, case)
    except Exception:  # an odd result is shown plainly rather than failing
        sections = generic_present(result, case)
    return ShownVerdict(
        legal=bool(verdict.get("legal")),
        violations=violations,
        sections=[_local_section(section, language, game) for section in sections],
        case_json=json.dumps(case, ensure_ascii=False, indent=2),
    )
