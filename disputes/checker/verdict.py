"""A verdict as the checker's page shows it: each violation with its rule's title and
text from RULES.md in the user's language and a link to the rules page; the engine's
result as tables; the case as JSON to copy."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.urls import NoReverseMatch, reverse
from django.utils import translation

from disputes.rules import rule as find_rule

from .base import CheckForm, Section, generic_present


@dataclass
class ShownViolation:
    rule: str
    message: str
    at: int | None
    title: str = ""
    text: str = ""
    html: str = ""
    url: str = ""


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
    try:
        found = find_rule(rule_id, translation.get_language() or "nl")
    except Exception:  # a missing rule text must not stop the verdict
        found = None
    anchor = (found.anchor if found is not None else "") or rule_id
    try:
        shown.url = reverse("rules-game", args=[game]) + "#" + anchor
    except NoReverseMatch:
        shown.url = ""
    if found is not None:
        shown.title = found.title or ""
        shown.text = found.text or ""
        shown.html = found.html or ""
    return shown


def show_verdict(
    verdict: dict[str, Any], case: dict[str, Any], checker: CheckForm | None
) -> ShownVerdict:
    game = str(verdict.get("game", ""))
    violations = []
    for raw in verdict.get("violations") or []:
        if not isinstance(raw, dict):
            continue
        shown = _rule(str(raw.get("rule", "")), game)
        shown.message = str(raw.get("message", ""))
        shown.at = raw.get("at") if isinstance(raw.get("at"), int) else None
        violations.append(shown)
    result = verdict.get("result") or {}
    present = checker.present if checker is not None else generic_present
    try:
        sections = present(result, case)
    except Exception:  # an odd result is shown plainly rather than failing
        sections = generic_present(result, case)
    return ShownVerdict(
        legal=bool(verdict.get("legal")),
        violations=violations,
        sections=sections,
        case_json=json.dumps(case, ensure_ascii=False, indent=2),
    )
