"""Table-draw figures for `make bench`: the issue's targets (16 in fours for 5 rounds, 32 in
fours for 8, drawn round by round as the site does), how far past them 32 in fours stays
free of repeats, and one draw of a normal club evening with a season behind it.

Pure Python: no Django is needed here.
"""

from __future__ import annotations

import random
import statistics
import time

from tournaments.seating import draw_round, simulate

#: The known optimum for 32 players in fours (the social golfer problem 8-4-10).
OPTIMUM_32 = 10


def run() -> None:
    for players, rounds in ((16, 5), (32, 8)):
        result = simulate(players, table_size=4, allowed_sizes=(4,), rounds=rounds)
        print(
            f"seating_{players}x4_{rounds}_rounds: {result.seconds:.3f} s "
            f"({result.pairs_repeated} pairs repeated)"
        )
    furthest = 8
    for rounds in range(9, OPTIMUM_32 + 1):
        result = simulate(32, table_size=4, allowed_sizes=(4,), rounds=rounds)
        print(
            f"seating_32x4_{rounds}_rounds: {result.seconds:.3f} s "
            f"({result.pairs_repeated} pairs repeated)"
        )
        if result.pairs_repeated == 0:
            furthest = rounds
    print(f"seating_32x4_repeat_free_rounds: {furthest} rounds (optimum {OPTIMUM_32})")
    median, worst = evening_draws()
    print(f"seating_draw_24x4_median: {median * 1000:.0f} ms (5-round evening, 6 evenings before)")
    print(f"seating_draw_24x4_worst: {worst * 1000:.0f} ms")


def evening_draws(players: int = 24, members: int = 30, evenings: int = 6) -> tuple[float, float]:
    """Median and worst seconds of one draw_round: `players` of a club's `members` in fours,
    five rounds an evening, each evening with the season's earlier tables behind it."""
    rng = random.Random(6)
    season: list[tuple[int, ...]] = []
    samples = []
    for evening in range(evenings + 1):
        present = sorted(rng.sample(range(members), players))
        tables: list[tuple[int, ...]] = []
        for number in range(1, 6):
            start = time.perf_counter()
            draw = draw_round(
                present, table_size=4, allowed_sizes=(3, 4, 5), evening=tables,
                season=season, seed=evening * 10 + number, rounds_left=6 - number,
            )  # fmt: skip
            if evening == evenings:
                samples.append(time.perf_counter() - start)
            tables.extend(draw.tables)
        season.extend(tables)
    return statistics.median(samples), max(samples)
