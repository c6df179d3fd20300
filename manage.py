#!/usr/bin/env python
"""Django's command-line utility for Troef."""

import os
import sys


def _check_database() -> None:
    """Connect to the database once before `runserver` starts.

    runserver runs the site in a thread of a child process (the autoreloader), where a
    database it cannot reach or use would print a traceback and leave the reloader
    waiting for file changes; asked here first, the error reaches main()'s one line and
    exit status 2 like every other command's."""
    import django  # noqa: PLC0415
    from django.db import DEFAULT_DB_ALIAS, connections  # noqa: PLC0415

    django.setup()
    connections[DEFAULT_DB_ALIAS].ensure_connection()
    connections.close_all()


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if sys.argv[1:2] == ["venue"]:
        # The venue's settings (DEBUG off, plain HTTP, hashed static files) are read from
        # the environment when Django starts, before the command runs: see config.settings.
        os.environ["TROEF_VENUE"] = "1"
    from django.core.management import execute_from_command_line  # noqa: PLC0415

    from config.env import ConfigError  # noqa: PLC0415

    try:
        if sys.argv[1:2] == ["runserver"] and not {"-h", "--help"} & set(sys.argv):
            _check_database()
        execute_from_command_line(sys.argv)
    except ConfigError as error:  # a bad environment variable: one line, no traceback
        sys.stderr.write(f"troef: {error}\n")
        sys.exit(2)
    except Exception as error:
        # A DATABASE_URL that cannot be reached or used: one line too (config.database).
        from config.database import database_problem  # noqa: PLC0415

        problem = database_problem(error)
        if problem is None:
            raise
        sys.stderr.write(f"troef: {problem}\n")
        sys.exit(2)


if __name__ == "__main__":
    main()
