"""The ``troef`` command (``pipx install troef``; pyproject.toml [project.scripts]).

    troef [--demo] [--host ADDRESS] [--port PORT] [--no-browser]
                                  the venue, and this laptop's browser on it once it serves
    troef venue [--demo] [--host ADDRESS] [--port PORT] [--no-mdns]
    troef backup | restore | export-club | import-club  [--lang nl|de|en] [ARGUMENTS]
    troef check-hand [ARGUMENTS]
    troef manage COMMAND [ARGUMENTS]     any other command of Django's manage.py

Each subcommand is the management command of the same name (venue.management,
backups.management, disputes.management), so its options, messages and exit statuses
are the same as ``python manage.py …``'s in a checkout. An installed troef keeps its data
in the user's data folder (config.env.default_var_dir); TROEF_VAR_DIR overrides it.

It runs on Windows as on Linux and macOS: no fork, no signals of its own, paths through
pathlib (tests/dist/test_portable.py checks its imports). Django is imported only once a
subcommand runs, so ``troef --help`` and a mistyped command answer at once.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
import webbrowser
from importlib import metadata
from pathlib import Path

from config.env import default_var_dir

#: The subcommands of troef → the management commands they run.
COMMANDS = {
    "venue": "venue",
    "backup": "backup",
    "restore": "restore",
    "export-club": "export_club",
    "import-club": "import_club",
    "check-hand": "check_hand",
}
LOOPBACK = "127.0.0.1"
#: Seconds the venue has to serve before the browser is left unopened: the first start
#: migrates a new database and collects the static files first.
BROWSER_WAIT_SECONDS = 600

USAGE = """\
usage: troef [--demo] [--host ADDRESS] [--port PORT] [--lang nl|de|en] [--no-browser]
       troef venue [--demo] [--host ADDRESS] [--port PORT] [--lang nl|de|en] [--no-mdns]
       troef backup | restore | export-club | import-club [--lang nl|de|en] ...
       troef check-hand ...
       troef manage COMMAND ...

Troef alone starts the venue and opens this laptop's browser on it; Ctrl-C stops it.
  venue        serve the site to the players' phones on this network (no browser)
  backup       write a backup of everything to a file
  restore      put a backup back
  export-club  write one club to a file
  import-club  add a club from such a file
  check-hand   check a hand of cards against the rules
  manage       any command of Django's manage.py (migrate, createsuperuser, ...)
`troef COMMAND --help` tells more about each. Data folder: {var_dir}
"""


def main(argv: list[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    first = args[0] if args else ""
    if first in ("-h", "--help", "help"):
        sys.stdout.write(USAGE.format(var_dir=_var_dir()))
    elif first == "--version":
        sys.stdout.write(f"troef {metadata.version('troef')}\n")
    elif first == "manage":
        _django(args[1:])
    elif first in COMMANDS:
        _django([COMMANDS[first], *args[1:]])
    elif not first or first.startswith("-"):
        _start(args)
    else:
        _usage_error(f"unknown command {first[:40]!r}; `troef --help` lists the commands")


def _start(args: list[str]) -> None:
    """`troef` alone: the venue, and the browser on it once it serves."""
    parser = argparse.ArgumentParser(prog="troef", add_help=False)
    parser.add_argument("--port", default=os.environ.get("PORT") or "8000")
    parser.add_argument("--no-browser", action="store_true")
    known, _ = parser.parse_known_args(args)
    venue_args = [arg for arg in args if arg != "--no-browser"]
    if not known.no_browser and str(known.port).isdecimal():
        url = f"http://{LOOPBACK}:{int(known.port)}/"
        threading.Thread(target=_open_when_serving, args=(url,), daemon=True).start()
    _django(["venue", *venue_args])


def _open_when_serving(url: str, seconds: float = BROWSER_WAIT_SECONDS) -> None:
    """Open `url` in the laptop's browser once this process's venue serves: it writes
    its run-file (var/venue.json, with its process id) when its web server answers. Not
    for another program on the port, nor for a venue that already ran on this folder
    (this one then stops with one line)."""
    run_file = _var_dir() / "venue.json"
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if _serving(run_file):
            webbrowser.open(url)
            return
        time.sleep(0.25)


def _serving(run_file: Path) -> bool:
    try:
        data = json.loads(run_file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and data.get("pid") == os.getpid()


def _django(args: list[str]) -> None:
    """Run Django's management command `args` as ``manage.py`` does: a bad environment
    variable or an unusable database is one line and exit status 2."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if args[:1] == ["venue"]:
        # The venue's settings are read from the environment when Django starts, before
        # the command runs (config.settings), as manage.py sets them.
        os.environ["TROEF_VENUE"] = "1"
    from django.core.management import execute_from_command_line  # noqa: PLC0415

    from config.env import ConfigError  # noqa: PLC0415

    try:
        execute_from_command_line(["troef", *args])
    except ConfigError as error:
        _usage_error(str(error))
    except KeyboardInterrupt:  # Ctrl-C before the venue serves (it handles its own)
        sys.stderr.write("\n")
        sys.exit(130)
    except Exception as error:
        from config.database import database_problem  # noqa: PLC0415

        problem = database_problem(error)
        if problem is None:
            raise
        _usage_error(problem)


def _var_dir() -> Path:
    """Where this troef keeps its data (as config.settings finds it)."""
    base = Path(__file__).resolve().parent.parent
    return Path(os.environ.get("TROEF_VAR_DIR", str(default_var_dir(base)))).resolve()


def _usage_error(message: str) -> None:
    sys.stderr.write(f"troef: {' '.join(message.split())}\n")
    sys.exit(2)


if __name__ == "__main__":
    main()
