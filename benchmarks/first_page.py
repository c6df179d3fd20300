"""From a machine with Python to the first page (issue 38), the club's way beside the
developer's:

- ``first_page_wheel_*``: a new virtual environment in a temporary folder, ``pip install``
  of the wheel that `make dist` built (TROEF_DIST_WHEEL; built here when unset), then
  ``troef --demo --no-browser`` on a new data folder until its front page answers. pip
  takes the dependencies from its index, or from its cache when it has them: a club's
  first install downloads about 60 MB more.
- ``first_page_make_run``: what `make run` does on a new data folder once `make install`
  is done: migrate, seed_demo, runserver, until the front page answers.

Each start creates the database, migrates it and loads the demo clubs; the venue
collects the static files too. Printed as ``name: value unit`` lines.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import venv
from pathlib import Path

from .venue import _children_stop_on_ctrl_c

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
START_SECONDS = 600
#: A laptop's environment: none of this machine's settings for Troef.
_UNSET = {
    "DATABASE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "CACHE_URL",
    "DJANGO_SETTINGS_MODULE", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS", "DEBUG", "HTTPS",
    "TROEF_SITE_URL", "TROEF_VENUE", "PORT", "SECRET_KEY", "STATIC_ROOT", "MEDIA_ROOT",
    "PYTHONPATH", "VIRTUAL_ENV",
}  # fmt: skip


def run() -> None:
    with tempfile.TemporaryDirectory(prefix="troef-first-page-") as folder:
        base = Path(folder)
        wheel = _wheel(base)
        install, start = _wheel_first_page(wheel, base)
        print(f"first_page_wheel_install: {install:.1f} s")
        print(f"first_page_wheel_start: {start:.1f} s")
        print(f"first_page_wheel_total: {install + start:.1f} s")
        print(f"first_page_make_run: {_make_run_first_page(base):.1f} s")


def _env(var_dir: Path, **extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in _UNSET}
    env.update(TROEF_VAR_DIR=str(var_dir), PYTHONUNBUFFERED="1", **extra)
    return env


def _wheel(base: Path) -> Path:
    named = os.environ.get("TROEF_DIST_WHEEL")
    if named:
        return Path(named).resolve()
    out = base / "dist"
    subprocess.run(  # noqa: S603 - this Python's pip
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", out, ROOT],
        check=True,
        capture_output=True,
    )
    return next(out.glob("troef-*.whl"))


def _wheel_first_page(wheel: Path, base: Path) -> tuple[float, float]:
    """Seconds to install the wheel into a new environment, and from `troef` to a page."""
    began = time.monotonic()
    environment = base / "venv"
    venv.EnvBuilder(with_pip=True).create(environment)
    python = environment / "bin" / "python"
    subprocess.run(  # noqa: S603 - the new environment's pip
        [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", wheel],
        cwd=base,
        env=_env(base / "unused"),
        check=True,
        capture_output=True,
    )
    installed = time.monotonic()
    port = _free_port()
    args = [environment / "bin" / "troef", "--demo", "--no-browser", "--no-mdns"]
    args += ["--host", HOST, "--port", str(port)]
    started = _until_answering(args, base / "wheel-data", base, port, stop=signal.SIGINT)
    return installed - began, started


def _make_run_first_page(base: Path) -> float:
    var_dir = base / "make-run-data"
    env = _env(var_dir, DEBUG="1")
    began = time.monotonic()
    for step in (["migrate", "--noinput"], ["seed_demo"]):
        subprocess.run(  # noqa: S603 - this Python, manage.py
            [sys.executable, "manage.py", *step], cwd=ROOT, env=env, check=True, capture_output=True
        )
    port = _free_port()
    args = [sys.executable, "manage.py", "runserver", f"{HOST}:{port}", "--noreload"]
    return (
        time.monotonic()
        - began
        + _until_answering(args, var_dir, ROOT, port, stop=signal.SIGTERM, env=env)
    )


def _until_answering(
    args: list, var_dir: Path, cwd: Path, port: int, *, stop: int, env: dict | None = None
) -> float:
    """Seconds from starting `args` until its front page answers; then stop it."""
    began = time.monotonic()
    with _children_stop_on_ctrl_c():  # started in the background too, troef gets Ctrl-C
        process = subprocess.Popen(  # noqa: S603 - our own command
            args,
            cwd=cwd,
            env=env or _env(var_dir),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    try:
        while not _answers(f"http://{HOST}:{port}/"):
            if process.poll() is not None:
                raise RuntimeError(f"{args[0]} stopped at its start ({process.returncode})")
            if time.monotonic() - began > START_SECONDS:
                raise RuntimeError(f"{args[0]} did not answer within {START_SECONDS} s")
            time.sleep(0.1)
        return time.monotonic() - began
    finally:
        with contextlib.suppress(ProcessLookupError):
            process.send_signal(stop)
        try:
            process.wait(timeout=120)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5):  # noqa: S310 - our own loopback URL
            return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]
