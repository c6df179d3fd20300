"""Rendered standings, cached per tournament: the standings table of the tournament's
standings page and the venue screen's live part, which the phones and the screen at the
venue poll every few seconds (benchmarks/venue.py). All of them ask for the same HTML, so
it is rendered once per change rather than once per poll.

The key is a fingerprint of everything these parts show (:func:`fingerprint`, one query),
with the language, the time zone and whatever else the caller names (public or not, the
query string, the minute on the screen's clock). Only parts the same for every viewer are
cached: the page around them (header, user, CSRF token, messages) is rendered per request.

Never stale: the fingerprint is read before the rows it stands for, so a part cached
under it is at least as new as the fingerprint; any later change gives another key.
Results change only through scoring.services, which bumps the table's ``version`` (the
sum is part of the fingerprint); draws add or delete tables, seats and byes (their count
and highest id); entries (withdrawn or not, their team, their member's name: members
have ``updated_at``); and every change made through the services is in the club's action
log, whose latest id is part of it too.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache
from django.db import connections, router
from django.db.models import Count, Max, OuterRef, Q, Subquery, Sum
from django.db.models.expressions import Expression
from django.utils import timezone
from django.utils.translation import get_language

from clubs.models import ActionLog
from tournaments.models import Bye, Entry, Round, Seat, Table, Team, Tournament

from .models import ResultEntry

#: Bump when what is cached changes shape (a template of a cached part changed).
PAGE_CACHE = "troef.page.1"
#: A cached part lives this long at most (a change makes a new key, so this only bounds
#: what old keys keep of the cache, e.g. the venue screen's, one a minute).
PAGE_CACHE_SECONDS = 600
#: Query strings longer than this are rendered, not cached (every one would be a key).
QUERY_LIMIT = 200

T = TypeVar("T")


def _per_tournament(model, path: str, **aggregates: Expression) -> list[Subquery]:
    """One subquery per aggregate of `model`'s rows of the tournament (via `path`)."""
    rows = model.objects.filter(**{path: OuterRef("pk")}).order_by().values(path)
    return [
        Subquery(rows.annotate(value=expression).values("value"))
        for expression in aggregates.values()
    ]


def _parts() -> list[Subquery]:
    withdrawn = Q(status=Entry.Status.WITHDRAWN)
    return [
        *_per_tournament(
            Table, "round__tournament_id", n=Count("id"), last=Max("id"), version=Sum("version")
        ),
        *_per_tournament(Round, "tournament_id", n=Count("id"), last=Max("id")),
        *_per_tournament(Seat, "round__tournament_id", n=Count("id"), last=Max("id")),
        *_per_tournament(Bye, "round__tournament_id", n=Count("id"), last=Max("id")),
        *_per_tournament(
            ResultEntry,
            "table__round__tournament_id",
            n=Count("id"),
            last=Max("id"),
            # The version already changes with every status; these too, for a change made
            # some other way (a test, a repair in the shell).
            **{
                f"{status}_{name}": aggregate
                for status in (ResultEntry.Status.CONFIRMED, ResultEntry.Status.PROVISIONAL)
                for name, aggregate in (
                    ("n", Count("id", filter=Q(status=status))),
                    ("ids", Sum("id", filter=Q(status=status))),
                )
            },
            disputed=Sum("id", filter=Q(disputed=True)),
            confirmed_at=Max("confirmed_at"),
        ),
        *_per_tournament(
            Entry,
            "tournament_id",
            n=Count("id"),
            last=Max("id"),
            withdrawn=Count("id", filter=withdrawn),
            withdrawn_ids=Sum("id", filter=withdrawn),
            teams=Sum("team_id"),
            renamed=Max("member__updated_at"),
        ),
        *_per_tournament(Team, "tournament_id", n=Count("id"), last=Max("id")),
        Subquery(
            ActionLog.objects.filter(club_id=OuterRef("club_id")).order_by("-id").values("id")[:1]
        ),
    ]


#: A tournament pk no tournament has, standing in for the real one in the compiled query.
_SENTINEL = -7_301_946_285
#: (database alias, vendor) -> the fingerprint's SQL and parameters, with _SENTINEL.
_compiled: dict[tuple[str, str], tuple[str, tuple]] = {}


def _sql(db: str) -> tuple[str, tuple]:
    """The fingerprint query, compiled once per database: Django takes longer to build
    and compile these twenty subqueries than the database takes to answer them."""
    vendor = connections[db].vendor
    found = _compiled.get((db, vendor))
    if found is None:
        query = Tournament.objects.using(db).filter(pk=_SENTINEL).values_list(*_parts())
        sql, params = query.query.get_compiler(using=db).as_sql()
        if params.count(_SENTINEL) != 1:  # pragma: no cover - Django compiles it otherwise
            raise RuntimeError("the page cache's fingerprint query has no single pk parameter")
        found = _compiled[(db, vendor)] = (sql, tuple(params))
    return found


def fingerprint(tournament: Tournament) -> tuple:
    """What the tournament's standings and venue screen are made of (one query), with
    the tournament's own settings as read."""
    db = router.db_for_read(Tournament)
    sql, params = _sql(db)
    with connections[db].cursor() as cursor:
        cursor.execute(sql, [tournament.pk if p == _SENTINEL else p for p in params])
        found = cursor.fetchone()
    settings = tuple(getattr(tournament, f.attname) for f in Tournament._meta.concrete_fields)
    return settings, found


def key(kind: str, tournament: Tournament, *parts: object) -> str:
    """The cache key of the `kind` part of `tournament`'s pages as they are now (one
    query), in the current language and time zone, for `parts` named by the caller."""
    made_of = (fingerprint(tournament), get_language(), timezone.get_current_timezone_name())
    digest = hashlib.sha256(repr((made_of, parts)).encode()).hexdigest()
    return f"{PAGE_CACHE}:{kind}:{tournament.pk}:{digest}"


def cached(key: str, make: Callable[[], T]) -> T:
    """The value cached under `key`, made (and cached) when there is none."""
    value = cache.get(key)
    if value is None:
        value = make()
        cache.set(key, value, PAGE_CACHE_SECONDS)
    return value


def query_of(request, allowed: frozenset[str]) -> str | None:
    """The request's query string as part of a key (as sent: the table's links repeat
    it), or None when it has other parameters than `allowed` or is long: such a page is
    rendered, not cached."""
    query = request.META.get("QUERY_STRING", "")
    if len(query) > QUERY_LIMIT or not set(request.GET) <= allowed:
        return None
    return query
