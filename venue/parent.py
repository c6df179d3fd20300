"""A child process of ``manage.py venue`` ends with the venue, however the venue ends.

The venue starts each child (the web server, the worker) with a pipe as its standard
input, never writes to it, and sets TROEF_VENUE_PIPE=1 in the child's environment. The
system closes the pipe when the venue's process ends, by Ctrl-C, a crash, ``kill -9`` or
Windows' Task Manager alike, and the child then reads end-of-file: :func:`watch` calls
its `on_gone` then. Portable to Windows (no signals, no parent process id: an orphan's
parent id changes on POSIX but not on Windows), and at once, without polling.

Stdlib only: venue.serve imports it before Django is set up.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Callable

#: In a child's environment: its standard input is the venue's pipe.
PIPE_ENV = "TROEF_VENUE_PIPE"


def watch(on_gone: Callable[[], None]) -> threading.Thread | None:
    """Call `on_gone` (in a thread of its own) once the venue that started this process
    is gone. Nothing when this process was not started by the venue (run by hand, or by
    a test): its standard input is then no pipe of the venue's, and may be a terminal."""
    if os.environ.get(PIPE_ENV) != "1" or sys.stdin is None:
        return None
    # A descriptor of its own, read with os.read: not through sys.stdin, whose lock this
    # thread would hold while it waits. A process forked meanwhile (Celery's pool) would
    # inherit that lock held, and hang for good when it closes its sys.stdin.
    fd = os.dup(sys.stdin.fileno())

    def wait() -> None:
        with contextlib.suppress(OSError):
            while os.read(fd, 1024):  # the venue writes nothing; read until the end
                pass
        on_gone()

    thread = threading.Thread(target=wait, name="troef-venue-watch", daemon=True)
    thread.start()
    return thread
