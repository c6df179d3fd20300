"""An evening's disputes as printed: each case, the violations found, and the director's
ruling with the rules it rests on."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any

from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext

from disputes import rules as dispute_rules
from disputes.checker.base import violation_messages
from disputes.models import Dispute
from disputes.selectors import tournament_disputes
from games.cards import UnknownCardError, card_text
from tournaments.models import Tournament

from ..sheets.data import (
    DisputeEntry,
    DisputeReport,
    DisputeRule,
)
from .pieces import (
    header_of,
)

# --- disputes -----------------------------------------------------------------------------


def dispute_report(tournament: Tournament) -> DisputeReport:
    """The tournament's saved disputes, first saved first, with the verdict's rules (their
    titles in the club's language) and the director's rulings (one query)."""
    with translation.override(tournament.club.language):
        return dispute_report_of(tournament)


def _names(value: Any) -> str:
    """The players of a case as one line: a list of names, a mapping by name, a count."""
    if isinstance(value, list | dict):
        return ", ".join(str(name) for name in value)
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else ""


def _case_summary(case: Mapping[str, Any], language: str) -> str:
    """Who and what the dispute was about, from the case: its players, the player and
    the card in question (what the case has of them; the card in the club's letters)."""
    parts = []
    players = _names(case.get("players"))
    if players:
        parts.append(gettext("players") + f": {players}")
    player = case.get("player")
    if isinstance(player, str) and player:
        parts.append(gettext("player") + f": {player}")
    card = case.get("card")
    if isinstance(card, dict):
        card = card.get("card")
    if isinstance(card, str) and card:
        with contextlib.suppress(UnknownCardError):  # no card: as it was typed
            card = card_text(card, language)
        parts.append(gettext("card") + f": {card}")  # outside the f-string: xgettext sees it
    return " · ".join(parts)


def _dispute_rules(dispute: Dispute, language: str) -> tuple[DisputeRule, ...]:
    found = []
    for rule_id in dispute.rules:
        rule = dispute_rules.rule(rule_id, language)
        found.append(DisputeRule(id=rule_id, title=rule.title if rule is not None else ""))
    return tuple(found)


def _dispute_entry(dispute: Dispute, language: str) -> DisputeEntry:
    case = dispute.case if isinstance(dispute.case, dict) else {}
    # The engine's explanations in the club's language (the verdict stores English).
    notes = tuple(m for m in violation_messages(dispute.verdict, case, language) if m)
    return DisputeEntry(
        round=dispute.round_number,
        table=dispute.table_number,
        subject=f"{dispute.game_title} · {dispute.check_title}",
        what=_case_summary(case, language),
        legal=dispute.legal,
        rules=_dispute_rules(dispute, language),
        notes=notes,
        ruling=dispute.ruling,
        decided_by=dispute.created_by_name,
        when=date_format(timezone.localtime(dispute.created_at), "SHORT_DATETIME_FORMAT"),
    )


def dispute_report_of(tournament: Tournament) -> DisputeReport:
    language = tournament.club.language
    return DisputeReport(
        header=header_of(tournament),
        entries=tuple(_dispute_entry(d, language) for d in tournament_disputes(tournament)),
    )
