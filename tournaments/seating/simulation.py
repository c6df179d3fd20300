"""Whole evenings and seasons drawn as the site does, for `simulate_draw` and the
benchmark: `simulate`, `simulate_season` and what they found."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from itertools import combinations

from .base import SeasonCounts
from .draw import draw_round
from .sizes import table_plan


@dataclass(frozen=True, slots=True)
class Simulation:
    """What `simulate` found: pairs that shared a table more than once, the most times one
    pair did, and the seconds all the draws took."""

    pairs_repeated: int
    max_shared: int
    seconds: float


def simulate(
    players: int, *, table_size: int, allowed_sizes: Sequence[int], rounds: int, seed: int = 0
) -> Simulation:
    """Draw `rounds` rounds for players 0..players-1 as the site does: each round with the
    earlier tables as the evening, the byes so far, the rounds still to come, and seed
    `seed` + round number. For `simulate_draw` and the benchmark."""
    started = time.perf_counter()
    competitors = list(range(players))
    tables: list[tuple[Hashable, ...]] = []
    byes: Counter[Hashable] = Counter()
    for number in range(1, rounds + 1):
        draw = draw_round(
            competitors,
            table_size=table_size,
            allowed_sizes=allowed_sizes,
            evening=tables,
            byes=byes,
            seed=seed + number,
            rounds_left=rounds - number + 1,
        )
        tables.extend(draw.tables)
        byes.update(draw.byes)
    seconds = time.perf_counter() - started
    shared = Counter(frozenset(pair) for table in tables for pair in combinations(table, 2))
    return Simulation(
        pairs_repeated=sum(1 for count in shared.values() if count > 1),
        max_shared=max(shared.values(), default=0),
        seconds=seconds,
    )


@dataclass(frozen=True, slots=True)
class SeasonSimulation:
    """What `simulate_season` found. Shares are per member who came at all: small tables
    per round played, byes per round present. `meetings` maps a number of meetings to
    how many pairs of members met that often; `bound` is the least possible most-met
    pair, the total meetings over the pairs rounded up; `evenings_repeating` counts the
    evenings in which a pair shared a table twice."""

    small_shares: dict[int, float]
    bye_shares: dict[int, float]
    meetings: dict[int, int]
    bound: int
    rounds: int
    seconds: float
    evenings_repeating: int = 0


def simulate_season(
    members: int,
    *,
    table_size: int,
    allowed_sizes: Sequence[int],
    rounds: int,
    evenings: int,
    attendance: float = 1.0,
    seed: int = 0,
    random_draw: bool = False,
) -> SeasonSimulation:
    """Draw a season: `evenings` evenings of `rounds` rounds for members 0..members-1, each
    present on an evening with chance `attendance` (seeded), every round drawn as the site
    does with the season so far (tables, `SeasonCounts`). With `random_draw`, each round
    is a plain shuffle cut into the planned tables instead, for comparison."""
    started = time.perf_counter()
    rng = random.Random(seed)  # noqa: S311 - a repeatable simulation
    season: list[tuple[Hashable, ...]] = []
    played, small, sat_out = Counter[int](), Counter[int](), Counter[int]()
    drawn = repeating = 0
    smallest = min(allowed_sizes)
    for number in range(evenings):
        present = [m for m in range(members) if attendance >= 1 or rng.random() < attendance]
        if len(present) < max(2, smallest):
            continue
        counts = {m: SeasonCounts(played[m], small[m], sat_out[m]) for m in present}
        tables: list[tuple[Hashable, ...]] = []
        byes: Counter[Hashable] = Counter()
        for r in range(1, rounds + 1):
            if random_draw:
                sizes, bye_count = table_plan(len(present), table_size, allowed_sizes)
                order = rng.sample(present, len(present))
                out, start, groups = order[:bye_count], bye_count, []
                for size in sizes:
                    groups.append(tuple(order[start : start + size]))
                    start += size
            else:
                draw = draw_round(
                    present, table_size=table_size, allowed_sizes=allowed_sizes,
                    evening=tables, season=season, byes=byes, seed=seed + 1000 * number + r,
                    rounds_left=rounds - r + 1, counts=counts,
                )  # fmt: skip
                groups, out = list(draw.tables), list(draw.byes)
            drawn += 1
            tables.extend(groups)
            byes.update(out)
        for table in tables:
            for m in table:
                played[m] += 1
                small[m] += len(table) < table_size
        sat_out.update(byes)
        season.extend(tables)
        tonight = Counter(frozenset(pair) for table in tables for pair in combinations(table, 2))
        repeating += any(count > 1 for count in tonight.values())
    seconds = time.perf_counter() - started
    shared = Counter(frozenset(pair) for table in season for pair in combinations(table, 2))
    pairs = members * (members - 1) // 2
    distribution = Counter(shared.values())
    distribution[0] = pairs - len(shared)
    came = [m for m in range(members) if played[m] + sat_out[m]]
    return SeasonSimulation(
        small_shares={m: small[m] / played[m] if played[m] else 0.0 for m in came},
        bye_shares={m: sat_out[m] / (played[m] + sat_out[m]) for m in came},
        meetings=dict(sorted(distribution.items())),
        bound=-(-sum(shared.values()) // pairs) if pairs else 0,
        rounds=drawn,
        seconds=seconds,
        evenings_repeating=repeating,
    )
