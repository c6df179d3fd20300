"""The venue's run-files, in the site's var/ folder.

While ``manage.py venue`` runs it keeps ``var/venue.json``, with the address phones reach
it on and its process id; it removes the file when it stops (:func:`write_run_file`,
:func:`remove_run_file`). :func:`venue_url` reads it: the venue's address while its
process is alive. The apps below the venue do not read this file: they ask
config.site.site_url, which reads ``settings.TROEF_VENUE_URL``. ``manage.py venue`` sets
that for itself and the processes it starts; a process started beside a running venue
(``manage.py print_round``, ``make run``) takes it from this file once, when the venue app
loads (:func:`take_running_venues_address`, venue.apps): one started before the venue, or
still running after it stopped, does not follow it.

The venue's worker (venue.worker) has a run-file of its own, ``var/venue-worker.pid``:
its process id, in a file it keeps locked while it runs (:func:`hold_worker_file`). The
system frees the lock however the process ends, so :func:`live_worker` tells a worker
that still runs on this var/ (one a killed venue left behind: the next venue ends it)
from a stale file whose number another program may have by now.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from pathlib import Path

from django.conf import settings

from scoring.files import write_atomically


def run_file() -> Path:
    return Path(settings.VAR_DIR) / "venue.json"


def write_run_file(url: str, pid: int) -> None:
    write_atomically(run_file(), json.dumps({"url": url, "pid": pid}).encode())


def remove_run_file(pid: int) -> None:
    """Remove the run-file if it is still this process's (a second venue may have
    started on the same folder since)."""
    if _read_run_file().get("pid") == pid:
        with contextlib.suppress(FileNotFoundError):
            run_file().unlink()


def _read_run_file() -> dict:
    try:
        data = json.loads(run_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def venue_url() -> str | None:
    """The address of the venue server running on this machine's var/, or None when
    none runs (no run-file, or one left behind by a process that is gone)."""
    data = _read_run_file()
    url, pid = data.get("url"), data.get("pid")
    if not isinstance(url, str) or not isinstance(pid, int) or not pid_alive(pid):
        return None
    return url


def take_running_venues_address() -> None:
    """Set ``settings.TROEF_VENUE_URL`` to the address of the venue running on this
    var/, unless it is set already (a process the venue started) or none runs."""
    if not settings.TROEF_VENUE_URL:
        settings.TROEF_VENUE_URL = venue_url() or ""


def pid_alive(pid: int) -> bool:
    """Whether process `pid` runs, on Windows too (where os.kill(pid, 0) would send a
    Ctrl-C: signal 0 is CTRL_C_EVENT there)."""
    if pid <= 0:
        return False
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        return _windows_pid_alive(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # it exists, under another user
        return True
    return True


def _windows_pid_alive(pid: int) -> bool:  # pragma: no cover - Windows only
    import ctypes  # noqa: PLC0415

    kernel32 = ctypes.windll.kernel32
    process_query_limited_information, still_active = 0x1000, 259
    handle = kernel32.OpenProcess(process_query_limited_information, False, pid)
    if not handle:
        return False
    try:
        code = ctypes.c_ulong()
        if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
            return False
        return code.value == still_active
    finally:
        kernel32.CloseHandle(handle)


# --- the venue worker's run-file ---------------------------------------------------------

#: The locked byte, far past the process id written at the start: on Windows a locked
#: range cannot be read by others, and the id must stay readable.
_LOCKED_BYTE = 1 << 20


def worker_file() -> Path:
    return Path(settings.VAR_DIR) / "venue-worker.pid"


def hold_worker_file(pid: int) -> int | None:
    """Make this process the venue worker of this var/: lock its run-file and write
    `pid` into it. The open file descriptor (kept open for the process's life: closing
    it frees the lock), or None when a live worker holds it."""
    path = worker_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o600)
    if not _lock(fd):
        os.close(fd)
        return None
    os.ftruncate(fd, 0)
    os.lseek(fd, 0, os.SEEK_SET)
    os.write(fd, str(pid).encode())
    return fd


def live_worker(wait: float = 2) -> int | None:
    """The process id of the venue worker that runs on this var/ (it holds the locked
    run-file), or None when none does. `wait`: how long a worker that has just taken the
    lock has to write its id."""
    try:
        fd = os.open(worker_file(), os.O_RDWR | getattr(os, "O_BINARY", 0))
    except OSError:  # none yet
        return None
    try:
        deadline = time.monotonic() + wait
        while True:
            if _lock(fd):  # nobody holds it: the worker that wrote it is gone
                _unlock(fd)
                return None
            os.lseek(fd, 0, os.SEEK_SET)
            text = os.read(fd, 20).decode("ascii", "replace").strip()
            if text.isdecimal() and int(text) > 0:
                return int(text)
            if time.monotonic() > deadline:
                return None
            time.sleep(0.05)
    finally:
        os.close(fd)


def _lock(fd: int) -> bool:
    """Take the lock of the worker's run-file without waiting; False when another
    process holds it. POSIX record locks (lockf) belong to the process: the worker's
    pool processes, forked from it, do not hold it."""
    try:
        if sys.platform == "win32":  # pragma: no cover - Windows only
            import msvcrt  # noqa: PLC0415

            os.lseek(fd, _LOCKED_BYTE, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            import fcntl  # noqa: PLC0415

            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, _LOCKED_BYTE, os.SEEK_SET)
    except OSError:
        return False
    return True


def _unlock(fd: int) -> None:
    if sys.platform == "win32":  # pragma: no cover - Windows only
        import msvcrt  # noqa: PLC0415

        os.lseek(fd, _LOCKED_BYTE, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    else:
        import fcntl  # noqa: PLC0415

        fcntl.lockf(fd, fcntl.LOCK_UN, 1, _LOCKED_BYTE, os.SEEK_SET)
