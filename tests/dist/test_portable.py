"""The troef command runs on Windows too, which cannot be tested here: its module and what
it imports at its start use nothing POSIX-only (no fork, no POSIX signals, no fcntl,
pwd, termios, ...) and no os.path (paths through pathlib)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: The command's module and the modules it imports before a subcommand runs Django.
MODULES = [ROOT / "config" / "cli.py", ROOT / "config" / "env.py"]
POSIX_MODULES = {
    "fcntl", "pwd", "grp", "termios", "tty", "pty", "resource", "posix", "syslog", "crypt",
    "spwd", "nis", "posixpath", "readline", "multiprocessing.popen_fork",
}  # fmt: skip
#: os and signal names that Windows lacks or that mean a POSIX signal.
POSIX_NAMES = {
    "os": {
        "fork", "forkpty", "setsid", "setpgrp", "setpgid", "getpgid", "killpg", "getuid",
        "geteuid", "getgid", "setuid", "wait", "waitpid", "WNOHANG", "path", "kill",
    },
    "signal": {
        "SIGTERM", "SIGKILL", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM",
        "SIGCHLD", "SIGPIPE", "SIGSTOP", "SIGCONT", "alarm", "pause", "setitimer",
        "pthread_kill", "pthread_sigmask", "sigwait", "siginterrupt",
    },
}  # fmt: skip


def posix_uses(source: str) -> list[str]:
    """What of POSIX_MODULES and POSIX_NAMES `source` imports or uses."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name in POSIX_MODULES]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if module in POSIX_MODULES:
                found.append(module)
            for alias in node.names:
                if alias.name in POSIX_NAMES.get(module, ()) or alias.name in POSIX_MODULES:
                    found.append(f"{module}.{alias.name}")
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.attr in POSIX_NAMES.get(node.value.id, ())
        ):
            found.append(f"{node.value.id}.{node.attr}")
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.name)
def test_the_command_uses_nothing_posix_only(path):
    assert posix_uses(path.read_text(encoding="utf-8")) == []


def test_the_check_finds_what_it_looks_for():
    source = (
        "import fcntl\nimport os, signal\nfrom os import fork\nfrom signal import SIGTERM\n"
        "os.kill(1, signal.SIGKILL)\nos.path.join('a')\n"
    )
    assert posix_uses(source) == [
        "fcntl", "os.fork", "signal.SIGTERM", "os.kill", "signal.SIGKILL", "os.path",
    ]  # fmt: skip


#: Python where Troef's own modules cannot import the POSIX-only ones, as on Windows
#: (the libraries it uses, Django and Celery, choose their modules by platform themselves).
WITHOUT_POSIX = """
import builtins, sys
from pathlib import Path
ROOT, VENV = {root!r}, str(Path(sys.prefix).resolve())
real_import = builtins.__import__
def windows_import(name, globals=None, locals=None, fromlist=(), level=0):
    importer = str(Path((globals or {{}}).get("__file__") or "-").resolve())
    if level == 0 and name in {blocked!r}:
        if importer.startswith(ROOT) and not importer.startswith(VENV):
            raise ImportError(f"{{importer}} imports {{name!r}}, which Windows does not have")
    return real_import(name, globals, locals, fromlist, level)
builtins.__import__ = windows_import
from config import cli
try:
    cli.main(sys.argv[1:])
except SystemExit as stop:
    sys.exit(stop.code)
"""


def test_it_starts_and_answers_without_the_posix_modules():
    """The module imported, `--help` and a mistyped command answered, in a Python where
    the POSIX-only modules cannot be imported."""
    # posix and posixpath are what os itself is built on here (nt and ntpath on Windows).
    blocked = sorted(POSIX_MODULES - {"posix", "posixpath"})
    script = WITHOUT_POSIX.format(root=str(ROOT), blocked=blocked)
    for args, status, stream in ((["--help"], 0, "stdout"), (["hlep"], 2, "stderr")):
        done = subprocess.run(
            [sys.executable, "-c", script, *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == status, done.stderr
        assert "troef" in getattr(done, stream)
        assert "Traceback" not in done.stderr
