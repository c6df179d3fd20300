"""Writing a generated file whole or not at all."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, data: bytes) -> None:
    """Write `data` to `path` through a temporary file beside it, renamed into place: a
    reader never sees half a file, and writing the same bytes again replaces the first
    file. The file gets the usual permissions (0666 less the umask), not mkstemp's 0600.
    Raises OSError; the temporary file is gone then."""
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    temporary = Path(name)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        umask = os.umask(0)
        os.umask(umask)
        temporary.chmod(0o666 & ~umask)
        temporary.replace(path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
