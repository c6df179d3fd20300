"""Saving a dispute: one transaction, checked against the club, logged."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from clubs.models import Club
from clubs.services import log_action
from games import registry
from tournaments.models import Table, Tournament

from .models import RULING_LENGTH, Dispute, game_title

#: The same dispute saved again within this time is a double click: it is saved once.
REPEAT_WINDOW = timedelta(seconds=60)


def dispute_save(
    *,
    club: Club,
    user: Any,
    case: dict[str, Any],
    verdict: dict[str, Any],
    ruling: str,
    tournament: Tournament | None = None,
    table: Table | None = None,
) -> Dispute:
    """Save a judged case with the director's ruling, to a tournament (and one of its
    tables) of the club, and log it. ValidationError (per field) for a tournament or
    table of another club, a tournament of another game than the case's, a table of
    another tournament, or an empty ruling.
    The same case, ruling and table saved again by the same user within
    ``REPEAT_WINDOW`` (a double click, a resent form) gives back the dispute already
    saved instead of a second one."""
    ruling = (ruling or "").strip()
    errors: dict[str, str] = {}
    if not ruling:
        errors["ruling"] = _("Write down your ruling.")
    elif len(ruling) > RULING_LENGTH:
        errors["ruling"] = _("The ruling is longer than %(count)s characters.") % {
            "count": RULING_LENGTH
        }
    game, check = case.get("game"), case.get("check")
    if tournament is not None and tournament.club_id != club.pk:
        errors["tournament"] = _("This tournament is not one of this club's.")
    elif tournament is not None and tournament.game != game:
        # a MEINO dispute does not belong in a Duizenden evening's report
        errors["tournament"] = _("This evening plays %(game)s.") % {
            "game": game_title(tournament.game)
        }
    if table is not None:
        if tournament is None:
            errors["table"] = _("Choose the tournament of the table too.")
        elif table.round.tournament_id != tournament.pk:
            errors["table"] = _("This table is not one of this tournament's.")
    if (
        verdict.get("game") != game
        or verdict.get("check") != check
        or game not in registry.available()
    ):
        errors["case"] = _("The verdict does not belong to this case.")
    if errors:
        raise ValidationError(errors)
    legal = bool(verdict.get("legal"))
    with transaction.atomic():
        # one save per club at a time (a row lock on PostgreSQL; SQLite writes one at a
        # time anyway), so a repeat arriving at the same moment sees the first one
        list(Club.objects.select_for_update().filter(pk=club.pk).values_list("pk"))
        repeat = _repeat_of(
            club=club, user=user, case=case, ruling=ruling, tournament=tournament, table=table
        )
        if repeat is not None:
            return repeat
        dispute = Dispute.objects.create(
            club=club,
            tournament=tournament,
            table=table,
            round_number=table.round.number if table is not None else None,
            table_number=table.number if table is not None else None,
            game=game,
            check_name=check,
            case=case,
            verdict=verdict,
            legal=legal,
            ruling=ruling,
            created_by=user,
            created_by_name=user.get_username(),
        )
        # the check in words in the club's language ("deal" is "Een spel: aangiften, kat
        # en slagen")
        with translation.override(club.language or None):
            check_title = dispute.check_title
        log_action(
            club=club,
            actor=user,
            action="dispute.saved",
            data={
                "dispute": dispute.pk,
                "tournament": tournament.pk if tournament is not None else None,
                "evening": tournament.name if tournament is not None else None,
                "round": dispute.round_number,
                "table": dispute.table_number,
                "game": registry.get(game).title,
                "check": check_title,
                "legal": legal,
                "rules": dispute.rules,
                "ruling": ruling,
            },
        )
    return dispute


def _repeat_of(
    *,
    club: Club,
    user: Any,
    case: dict[str, Any],
    ruling: str,
    tournament: Tournament | None,
    table: Table | None,
) -> Dispute | None:
    """The dispute just saved with this very case, ruling and table, or None."""
    recent = Dispute.objects.filter(
        club=club,
        created_by=user if getattr(user, "pk", None) is not None else None,
        tournament=tournament,
        table=table,
        game=case.get("game"),
        check_name=case.get("check"),
        ruling=ruling,
        created_at__gte=timezone.now() - REPEAT_WINDOW,
    )
    stored = json.loads(json.dumps(case))
    return next((dispute for dispute in recent if dispute.case == stored), None)
