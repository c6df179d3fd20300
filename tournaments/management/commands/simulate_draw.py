"""python manage.py simulate_draw --players N --table-size K --rounds R [--seed S] [--sizes 3,4,5]
[--evenings E --attendance A]

Draws R rounds for players 0..N-1 the way the site does (`tournaments.seating.simulate`:
each round with the earlier tables as this evening's, the rounds still to come, the byes
so far, and seed S + round number) and prints one JSON line: `pairs_repeated` (pairs of
players who shared a table more than once), `max_shared` (the most times one pair shared a
table) and `seconds` (wall-clock time of all the draws).

With `--evenings E` (and `--attendance A`, the chance that a member comes to an evening,
1 by default) it draws a season instead (`tournaments.seating.simulate_season`): E evenings
of R rounds for members 0..N-1, each round with the season so far, and the JSON adds
`small_table_shares` and `bye_shares` (per member who came: 3-player tables, or other
tables smaller than K, per round played; byes per round present), `pair_meetings` (how
many pairs of members met how many times), `bound` (the least possible most-met pair:
the total meetings over the pairs, rounded up) and `evenings_repeating` (evenings in which
a pair shared a table twice).
"""

import json
import sys
from typing import NoReturn

from django.core.management.base import BaseCommand

from tournaments import seating

MAX_PLAYERS = 1000
MAX_ROUNDS = 100
MAX_EVENINGS = 100


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
        parser.add_argument(
            "--evenings", type=int, default=None, help="draw a season of this many evenings"
        )
        parser.add_argument(
            "--attendance",
            type=float,
            default=None,
            help="chance that a member comes to an evening, above 0 and at most 1 (default 1)",
        )

    def handle(
        self, *args, players, table_size, rounds, seed, sizes, evenings, attendance, **options
    ):
        allowed = _allowed_sizes(sizes, table_size)
        if not 2 <= players <= MAX_PLAYERS:
            _usage_error(f"--players: must be between 2 and {MAX_PLAYERS}")
        if not 1 <= rounds <= MAX_ROUNDS:
            _usage_error(f"--rounds: must be between 1 and {MAX_ROUNDS}")
        try:
            seating.table_plan(players, table_size, allowed)
        except seating.DrawError as error:
            _usage_error(f"--players: {error}")
        if attendance is not None and evenings is None:
            _usage_error("--attendance: needs --evenings")
        if evenings is not None:
            self._season(players, table_size, allowed, rounds, seed, evenings, attendance)
            return
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

    def _season(  # noqa: PLR0917 - the options
        self, players, table_size, allowed, rounds, seed, evenings, attendance
    ) -> None:
        if not 1 <= evenings <= MAX_EVENINGS:
            _usage_error(f"--evenings: must be between 1 and {MAX_EVENINGS}")
        attendance = 1.0 if attendance is None else attendance
        if not 0 < attendance <= 1:
            _usage_error("--attendance: must be above 0 and at most 1")
        result = seating.simulate_season(
            players, table_size=table_size, allowed_sizes=allowed, rounds=rounds,
            evenings=evenings, attendance=attendance, seed=seed,
        )  # fmt: skip
        self.stdout.write(
            json.dumps(
                {
                    "pairs_repeated": sum(p for m, p in result.meetings.items() if m > 1),
                    "max_shared": max((m for m, p in result.meetings.items() if p), default=0),
                    "seconds": round(result.seconds, 3),
                    "small_table_shares": _rounded(result.small_shares),
                    "bye_shares": _rounded(result.bye_shares),
                    "pair_meetings": {str(m): p for m, p in result.meetings.items()},
                    "bound": result.bound,
                    "evenings_repeating": result.evenings_repeating,
                }
            )
        )


def _rounded(shares: dict[int, float]) -> dict[str, float]:
    return {str(member): round(share, 4) for member, share in shares.items()}


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
