"""Tries counted in the database, so that a limit holds for the whole site.

A limit kept in each process's memory (LocMemCache) is a limit per process: with three
gunicorn workers a guesser got 26 of 45 wrong personal codes checked instead of 10, and a
restart forgot them all. Here the count is a row (clubs.models.TryCounter) that every
process and every restart shares, changed by single UPDATE statements, so that two
processes counting at the same moment never both take the last try.

A try is taken *before* what it guards is checked (:func:`take`): when the limit is
reached, nothing more is checked until the count expires. A success gives the tries back
(:func:`clear`). The count expires `seconds` after its first try, and a count that reaches
the limit is kept for `seconds` from that last try (the lock's time).

Callers count outside the transaction whose work a wrong try undoes (a refusal raised in
a service rolls its savepoint back): the count must stay.
"""

from __future__ import annotations

import datetime

from django.db import IntegrityError, transaction
from django.db.models import Case, F, Q, Value, When
from django.utils import timezone

from .models import TryCounter


def take(key: str, *, limit: int, seconds: int) -> bool:
    """Take one try of `key`'s `limit`: False (nothing taken) when they are used up and
    not expired yet."""
    for _attempt in range(2):
        now = timezone.now()
        later = now + datetime.timedelta(seconds=seconds)
        expired = Q(expires_at__lte=now)
        taken = (
            TryCounter.objects.filter(key=key)
            .filter(expired | Q(count__lt=limit))
            .update(
                count=Case(When(expired, then=Value(1)), default=F("count") + 1),
                expires_at=Case(
                    When(expired, then=Value(later)),
                    When(count__gte=limit - 1, then=Value(later)),  # the last: locked from now
                    default=F("expires_at"),
                ),
            )
        )
        if taken:
            return True
        if TryCounter.objects.filter(key=key).exists():
            return False  # used up, and not expired
        try:
            with transaction.atomic():
                TryCounter.objects.create(key=key, count=1, expires_at=later)
            prune()  # now and then: when a new count starts
            return True
        except IntegrityError:
            continue  # another process made the row a moment ago: count on it
    return False  # pragma: no cover - made and deleted twice in a row


def used(key: str) -> int:
    """The tries of `key` counted now (0 when none or expired)."""
    row = TryCounter.objects.filter(key=key, expires_at__gt=timezone.now()).first()
    return row.count if row is not None else 0


def clear(key: str) -> None:
    """Give `key`'s tries back (what they guarded was right)."""
    TryCounter.objects.filter(key=key).delete()


def prune() -> int:
    """Forget the expired counts; how many."""
    removed, _by_model = TryCounter.objects.filter(expires_at__lte=timezone.now()).delete()
    return removed
