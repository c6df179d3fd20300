#!/usr/bin/env python
"""Django's command-line utility for Troef."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.core.management import execute_from_command_line  # noqa: PLC0415

    from config.env import ConfigError  # noqa: PLC0415

    try:
        execute_from_command_line(sys.argv)
    except ConfigError as error:  # a bad environment variable: one line, no traceback
        sys.stderr.write(f"troef: {error}\n")
        sys.exit(2)


if __name__ == "__main__":
    main()
