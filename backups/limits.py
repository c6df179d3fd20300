"""How large an archive may be, and where it is unpacked: the settings' limits
(ARCHIVE_*_BYTES, from the TROEF_ARCHIVE_* variables, README "Backups") and a work
folder inside the site's own var/ folder (var/tmp), removed on every way out."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings

from .archive import Limits


def archive_limits() -> Limits:
    return Limits(
        total=settings.ARCHIVE_MAX_BYTES,
        database=settings.ARCHIVE_DATABASE_MAX_BYTES,
        data=settings.ARCHIVE_DATA_MAX_BYTES,
        file=settings.ARCHIVE_FILE_MAX_BYTES,
        ratio=settings.ARCHIVE_MAX_RATIO,
    )


def work_root() -> Path:
    return Path(settings.VAR_DIR) / "tmp"


@contextmanager
def work_folder(prefix: str) -> Iterator[Path]:
    """A new folder in var/tmp (not the system's temporary folder, which may be small or
    in memory), removed whatever happens."""
    root = work_root()
    root.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=f"{prefix}-", dir=root) as name:
        yield Path(name)
