"""What the evening's services share: which tables of a round have no confirmed result
yet, and the sentence naming them."""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.models import ResultEntry
from tournaments.models import Round, Table


def tables_without_result(round_: Round) -> list[int]:
    return list(
        Table.objects.filter(round=round_)
        .exclude(results__status=ResultEntry.Status.CONFIRMED)
        .values_list("number", flat=True)
    )


def open_tables_message(round_: Round, tables: list[int]) -> str:
    return _("Round %(round)s has no confirmed result yet at table %(tables)s.") % {
        "round": round_.number,
        "tables": ", ".join(str(t) for t in tables),
    }
