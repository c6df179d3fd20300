"""Automatic backups at the venue (manage.py venue calls these; make run does not):
one when the venue starts, and one each time an evening is done, keeping the last
KEEP of them in var/backups/ (auto-*.zip; other backups there are never removed).

An evening is done when it is finished, or when all its planned rounds are drawn and
every table of every round has a confirmed result. A correction made afterwards (a new
confirmed result) makes it "done" again with a later time, so it is backed up again.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path

from django.db import close_old_connections, connection
from django.db.models import Count, Exists, F, Max, OuterRef, Q

from scoring.models import ResultEntry
from tournaments.models import Table, Tournament

from .services import backup_create, backups_dir

KEEP = 30
PREFIX = "auto"
log = logging.getLogger(__name__)


def prune(keep: int = KEEP) -> list[Path]:
    """Remove all but the newest `keep` automatic backups; returns the removed ones."""
    found = sorted(backups_dir().glob(f"{PREFIX}-*.zip"))
    old = found[:-keep] if keep else found
    for path in old:
        path.unlink(missing_ok=True)
    return old


def backup_at_start() -> Path:
    """The backup taken when the venue starts."""
    path = backup_create(prefix=PREFIX)
    prune()
    return path


def done_evenings() -> set[tuple[int, str]]:
    """(tournament id, time of its latest confirmation) of every evening that is done."""
    tables = Table.objects.filter(round__tournament=OuterRef("pk"))
    open_tables = tables.exclude(
        Exists(ResultEntry.objects.filter(table=OuterRef("pk"), status="confirmed"))
    )
    found = (
        Tournament.objects.annotate(
            drawn=Count("rounds", distinct=True),
            last=Max("rounds__tables__results__confirmed_at"),
        )
        .filter(
            Q(status=Tournament.Status.FINISHED)
            | (Q(drawn__gte=F("rounds_planned")) & Exists(tables) & ~Exists(open_tables))
        )
        .values_list("pk", "last")
    )
    return {(pk, str(last)) for pk, last in found}


def watch_evenings(stop: threading.Event, interval: float = 60.0) -> None:
    """Until `stop` is set: every `interval` seconds, take a backup when an evening got
    done since the last look. Never raises: a failed backup is logged and tried again at
    the next look."""
    seen: set[tuple[int, str]] | None = None
    while True:
        try:
            now = done_evenings()
            if seen is not None and now - seen:
                path = backup_create(prefix=PREFIX)
                prune()
                log.info("evening done: backed up to %s", path)
            seen = now
        except Exception:
            log.exception("automatic backup failed; trying again in %s s", interval)
        finally:
            close_old_connections()
        if stop.wait(interval):
            connection.close()
            return
