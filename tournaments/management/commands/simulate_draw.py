"""python manage.py simulate_draw --players N --table-size K --rounds R [--seed S] [--sizes 3,4,5]

Draws R rounds for players 0..N-1 the way the site does (`tournaments.seating.simulate`:
each round with the earlier tables as this evening's, the rounds still to come, the byes
so far, and seed S + round number) and prints one JSON line: `pairs_repeated` (pairs of
players who shared a table more than once), `max_shared` (the most times one pair shared a
table) and `seconds` (wall-clock time of all the draws).
"""

import json
import sys
from typing import NoReturn

from django.core.management.base import BaseCommand

from tournaments import seating

MAX_PLAYERS = 1000
MAX_ROUNDS = 100


class Command(BaseCommand):
    help = (
        "Simulate a tournament's table draws round by round and print, as one JSON line, "
        "how often players shared a table more than once."
    )
    requires_system_checks = ()
    requires_migrations_checks = False

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.error = _usage_error  # one line and status 2, never a traceback
        return parser

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, required=True, help="number of players")
        parser.add_argument("--table-size", type=int, required=True, help="seats per table")
        parser.add_argument("--rounds", type=int, required=True, help="rounds to draw")
        parser.add_argument("--seed", type=int, default=0, help="seed of the draw (default 0)")
        parser.add_argument(
            "--sizes",
            default=None,
            metavar="3,4,5",
            help="allowed table sizes, comma-separated (default: just the table size)",
        )

    def handle(self, *args, players, table_size, rounds, seed, sizes, **options):
        allowed = _allowed_sizes(sizes, table_size)
        if not 2 <= players <= MAX_PLAYERS:
            _usage_error(f"--players: must be between 2 and {MAX_PLAYERS}")
        if not 1 <= rounds <= MAX_ROUNDS:
            _usage_error(f"--rounds: must be between 1 and {MAX_ROUNDS}")
        try:
            seating.table_plan(players, table_size, allowed)
        except seating.DrawError as error:
            _usage_error(f"--players: {error}")
        result = seating.simulate(
            players, table_size=table_size, allowed_sizes=allowed, rounds=rounds, seed=seed
        )
        self.stdout.write(
            json.dumps(
                {
                    "pairs_repeated": result.pairs_repeated,
                    "max_shared": result.max_shared,
                    "seconds": round(result.seconds, 3),
                }
            )
        )


def _usage_error(message: str) -> NoReturn:
    sys.stderr.write(f"simulate_draw: {message}\n")
    sys.exit(2)


def _allowed_sizes(text: str | None, table_size: int) -> tuple[int, ...]:
    if table_size < 2:
        _usage_error("--table-size: must be at least 2")
    if text is None:
        return (table_size,)
    try:
        sizes = tuple(int(part) for part in text.split(","))
    except ValueError:
        _usage_error(f"--sizes: {text!r} is not a comma-separated list of whole numbers")
    if any(size < 2 for size in sizes):
        _usage_error("--sizes: every size must be at least 2")
    if table_size not in sizes:
        _usage_error(f"--sizes: must include the table size {table_size}")
    return sizes
