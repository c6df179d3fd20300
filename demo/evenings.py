"""Demo evenings for `make run` (seed_demo): for each demo club a season of six finished
evenings, a finished evening of every other game, and one running evening with its
second round half entered.

Everything goes through the real services: the draw, results entered by the director
and confirmed by a player of the table. The results themselves are whole games played
by the engines' simulators (games/<game>/simulate.py), so every score is one the game's
own scoring accepts.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Sequence
from typing import Any

from clubs.models import Member
from evenings import services as evenings
from games import registry
from games.base import Demo
from scoring import services as results
from scoring.actors import Actor
from tournaments import services
from tournaments.models import Season, Tournament

SEASON_EVENINGS = 6


def _demo(game: str) -> Demo:
    """The game's demo part (its spec's ``demo``): its evening and result reading."""
    part = registry.get(game).demo
    if part is None:
        raise LookupError(f"the game {game} has no demo part")
    return part


def demo_games() -> list[str]:
    """The games played that have a demo evening, in the registry's order."""
    return [game for game in registry.available() if registry.get(game).demo is not None]


def season_game(club_slug: str) -> str:
    """The game of a demo club's season: the game that names the club, else the first."""
    games = demo_games()
    return next((g for g in games if club_slug in _demo(g).season_clubs), games[0])


def simulated_entry(tournament: Tournament, players: int, sides: int, seed: int) -> dict:
    """A whole game of the tournament's game, played by the simulator, as a summary."""
    spec = registry.get(tournament.game)
    options = results.table_options(tournament, players)
    sim = spec.simulate(seed, players=players, options=options, record=False)
    return {
        "mode": "summary",
        "finished": bool(sim.summary.get("finished", sim.summary.get("winner") is not None)),
        "sides": _demo(tournament.game).result_sides(sim.summary, sides),
    }


# --- the evenings ------------------------------------------------------------------------


def seed_club(
    club,
    *,
    director,
    members: Sequence[Member],
    today: datetime.date,
    other_games: bool = True,
) -> None:
    """Create the club's demo evenings, unless they are there already: a season of its
    game, a finished evening of every other game (unless ``other_games`` is false), one
    evening running today."""
    if Season.objects.filter(club=club, name="Competitie 2026").exists():
        return
    rng = random.Random(club.slug)  # noqa: S311 - demo data
    game = season_game(club.slug)
    season = services.season_create(
        club=club, actor=director, name="Competitie 2026", game=game, best_of=4,
        min_attendance=3,
    )  # fmt: skip
    first_friday = today - datetime.timedelta(days=(today.weekday() - 4) % 7 + 7 * 10)
    for number in range(SEASON_EVENINGS):
        date = first_friday + datetime.timedelta(days=7 * number)
        _evening(
            club, director, game=game, name=f"Competitieavond {number + 1}", date=date,
            players=_players(members, rng), rng=rng, season=season,
        )  # fmt: skip
    for other in demo_games() if other_games else ():
        if other == game:
            continue
        date = first_friday + datetime.timedelta(days=7 * SEASON_EVENINGS + len(other))
        _evening(
            club, director, game=other, name=_demo(other).evening["name"], date=date,
            players=_players(members, rng), rng=rng,
        )  # fmt: skip
    _evening(
        club, director, game=game, name="Clubavond vandaag", date=today,
        players=_players(members, rng), rng=rng, running=True,
    )  # fmt: skip


def _players(members: Sequence[Member], rng: random.Random) -> list[Member]:
    """An evening's players: the demo logins (the first three members) and 13 others."""
    return list(members[:3]) + rng.sample(list(members[3:]), k=min(13, len(members) - 3))


def _evening(
    club,
    director,
    *,
    game: str,
    name: str,
    date: datetime.date,
    players: Sequence[Member],
    rng: random.Random,
    season: Season | None = None,
    running: bool = False,
) -> Tournament:
    evening = _demo(game).evening
    size, teams, scheme, rounds = (
        evening[key] for key in ("table_size", "teams", "scheme", "rounds")
    )
    count = len(players) - len(players) % size if teams != "none" else len(players)
    tournament = services.tournament_create(
        club=club, actor=director, name=name, date=date, game=game, table_size=size,
        teams=teams, scheme=scheme, rounds_planned=rounds, season=season,
    )  # fmt: skip
    for member in players[:count]:
        services.entry_add(tournament=tournament, actor=director, member=member, present=True)
    for number in range(1, rounds + 1):
        round_ = evenings.round_draw(tournament=tournament, actor=director)
        evenings.round_start(round_=round_, actor=director)
        tables = list(round_.tables.order_by("number"))
        if running and number == 2:
            _enter(tournament, director, tables[: len(tables) // 2], rng, confirm_all=False)
            return tournament
        _enter(tournament, director, tables, rng)
    if not running:
        evenings.tournament_finish(tournament=tournament, actor=director)
    return tournament


def _enter(tournament, director, tables, rng: random.Random, *, confirm_all: bool = True):
    for index, table in enumerate(tables):
        seats = list(table.seats.select_related("entry__member").order_by("position"))
        sides = len({seat.side for seat in seats})
        entry: dict[str, Any] = simulated_entry(tournament, len(seats), sides, rng.randrange(2**31))
        result = results.result_submit(
            table=table, data=entry, version=table.version, actor=Actor(user=director)
        )
        if not confirm_all and index % 2 == 1:
            continue  # left provisional: the second person has not confirmed yet
        # The other side confirms: not the director's partner when the director plays here.
        own = {seat.side for seat in seats if seat.entry.member.user_id == director.pk}
        confirmer = next(
            seat.entry
            for seat in seats
            if seat.entry.member.user_id != director.pk and seat.side not in own
        )
        table.refresh_from_db()
        results.result_confirm(result=result, version=table.version, actor=Actor(entry=confirmer))
