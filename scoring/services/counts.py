"""Keeping the evenings' counts (scoring.models.EveningCount) that a season's standings
are put together from (scoring.selectors.season)."""

from __future__ import annotations

import logging
from collections.abc import Mapping

from django.db import IntegrityError, OperationalError, transaction

from ..models import EveningCount

log = logging.getLogger(__name__)


def keep_evening_counts(counts: Mapping[int, tuple[str, list]]) -> bool:
    """Store each evening's count (tournament pk -> its fingerprint and the count as
    scoring.selectors.season encodes it), replacing the one kept before.

    A kept count is a saving of time, never the truth (a count whose fingerprint no
    longer matches is not used), so it is kept on a best effort: when the database is
    busy (SQLite locked by a long write) or an evening was deleted meanwhile, nothing is
    stored, a warning is logged and False returned; the page that counted goes on."""
    if not counts:
        return True
    rows = [
        EveningCount(tournament_id=pk, key=key, nights=nights)
        for pk, (key, nights) in counts.items()
    ]
    try:
        with transaction.atomic():
            EveningCount.objects.bulk_create(
                rows,
                update_conflicts=True,
                unique_fields=["tournament"],
                update_fields=["key", "nights"],
            )
    except (OperationalError, IntegrityError) as error:
        log.warning("evening counts not kept (%s): %s", ", ".join(map(str, counts)), error)
        return False
    return True
