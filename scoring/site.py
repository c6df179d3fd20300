"""The site's address for what is printed: the QR codes on the score sheets must open on a
player's phone, whatever address the director's own browser used (127.0.0.1 on the
laptop is the phone itself on a player's phone).

While ``manage.py venue`` runs it keeps a run-file, ``var/venue.json``, with the address
phones reach it on and its process id; it removes the file when it stops. Everything that
prints a table's link asks :func:`site_url`:

1. the venue's address, while the venue's process is alive;
2. else ``TROEF_SITE_URL`` when it is set (a federation's public address);
3. else the address the page was opened with (the request), or, without a request (the
   command line), ``http://127.0.0.1:8000``.

Low in the layers (scoring and everything above may use it); the venue app writes the
file through :func:`write_run_file` and :func:`remove_run_file`, so its format lives here
alone.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from pathlib import Path

from django.conf import settings

from .files import write_atomically

#: Without a request, a venue or TROEF_SITE_URL: the address `make run` serves on.
FALLBACK_URL = "http://127.0.0.1:8000"


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


def site_url(request=None) -> str:
    """The site's address for printed links, without a trailing slash (see above)."""
    url = venue_url() or settings.TROEF_SITE_URL
    if not url:
        url = request.build_absolute_uri("/") if request is not None else FALLBACK_URL
    return url.rstrip("/")


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
