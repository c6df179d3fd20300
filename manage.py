#!/usr/bin/env python
"""Django's command-line utility for Troef."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if sys.argv[1:2] == ["venue"]:
        # The venue's settings (DEBUG off, plain HTTP, hashed static files) are read from
        # the environment when Django starts, before the command runs: see config.settings.
        os.environ["TROEF_VENUE"] = "1"
    from django.core.management import execute_from_command_line  # noqa: PLC0415

    from config.env import ConfigError  # noqa: PLC0415

    try:
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
