"""python -m games.simulate GAME --games N --seed S: play whole games by random legal moves.

Every player chooses uniformly among the legal moves until the game is over; the summary
line per game and the totals are printed. ``--log FILE`` writes the last game's log, a
``replay`` case that ``check_hand`` judges move by move.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import IO, Any

from games import registry
from games.base import CaseError, _, clean_options


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line and status 2, as argparse does
        self.exit(2, f"simulate: {message}\n")


def _option(text: str) -> tuple[str, Any]:
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"{text!r} is not NAME=VALUE")
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw  # a plain text value such as kat_scoring=others
    return name, value


def parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m games.simulate", description=__doc__.splitlines()[0])
    p.add_argument("game", help=f"one of: {', '.join(registry.available())}")
    p.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    p.add_argument("--players", type=int, help="players per game (the game's default)")
    p.add_argument(
        "--option", type=_option, action="append", default=[], metavar="NAME=VALUE",
        help="a game option of RULES.md, e.g. variant1=true (repeatable)",
    )  # fmt: skip
    p.add_argument("--log", metavar="FILE", help="write the last game's replay log here")
    p.add_argument("--quiet", action="store_true", help="print only the totals")
    return p


def _open_log(path: str | None) -> IO[str] | None:
    """Open the log file before playing, so a bad path fails at once."""
    if not path:
        return None
    try:
        return Path(path).open("w", encoding="utf-8")
    except OSError as exc:
        raise CaseError(
            "--log", _("cannot write %(path)s: %(value)s"), path=path, value=exc.strerror or exc
        ) from None


def run(args: argparse.Namespace, out: IO[str]) -> int:
    spec = registry.get(args.game)
    if spec.simulate is None:  # pragma: no cover - every registered game simulates
        raise CaseError("game", _("%(name)s has no simulator"), name=spec.name)
    options = clean_options(spec.options, dict(args.option), "--option")
    players = args.players if args.players is not None else options.get("players")
    players = players if players is not None else spec.default_players
    if "players" in options:  # a game whose options also name the table size
        options["players"] = players
    if players not in spec.players:
        allowed = ", ".join(map(str, spec.players))
        raise CaseError(
            "--players",
            _("%(name)s is played by %(allowed)s players"),
            name=spec.name,
            allowed=allowed,
        )
    if not 1 <= args.games <= 1_000_000:
        raise CaseError("--games", _("must be between 1 and 1000000"))
    log = _open_log(args.log)
    decisions = 0
    winners: Counter[str] = Counter()
    started = time.perf_counter()
    sim = None
    for n in range(args.games):
        seed = args.seed + n
        sim = spec.simulate(seed, players=players, options=options, record=bool(args.log))
        decisions += sim.decisions
        winner = sim.summary.get("winner")
        winners[
            json.dumps(winner, ensure_ascii=False) if not isinstance(winner, str) else winner
        ] += 1
        if not args.quiet:
            out.write(json.dumps({"seed": seed, "decisions": sim.decisions, **sim.summary},
                                 ensure_ascii=False) + "\n")  # fmt: skip
    seconds = time.perf_counter() - started
    if log is not None and sim is not None:
        with log:
            json.dump(sim.log, log, ensure_ascii=False)
    totals = {
        "game": spec.name, "games": args.games, "players": players, "options": options,
        "decisions": decisions, "seconds": round(seconds, 3),
        "games_per_s": round(args.games / seconds, 1) if seconds else None,
        "decisions_per_s": round(decisions / seconds) if seconds else None,
        "wins": dict(winners.most_common()),
    }  # fmt: skip
    out.write(json.dumps({"summary": totals}, ensure_ascii=False) + "\n")
    return 0


def main(
    argv: list[str] | None = None, out: IO[str] = sys.stdout, err: IO[str] = sys.stderr
) -> int:
    args = parser().parse_args(argv)
    try:
        return run(args, out)
    except (CaseError, registry.UnknownGameError) as exc:
        field = exc.field if isinstance(exc, CaseError) else "game"
        message = exc.message if isinstance(exc, CaseError) else str(exc)
        err.write(f"simulate: {field}: {message}\n")
        return 2
    except BrokenPipeError:  # the reader went away (| head): nothing more to say
        return 0


if __name__ == "__main__":
    sys.exit(main())
