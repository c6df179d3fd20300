"""The Swiss draw: tables of two by standings, top-down with backtracking, avoiding repeats."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping

from .fairness import Fairness

#: Nodes the Swiss pairing's backtracking may visit.
SWISS_BUDGET = 200_000


def swiss_round(
    people: list[Hashable],
    *,
    scores: Mapping[Hashable, float],
    fairness: Fairness,
    bye_count: int,
    costs: list[list[int]],
    rng: random.Random,
) -> tuple[list[list[int]], list[int]]:
    """Tables of two by standings, top table first, and the byes.

    A pair costs its repeats first and its difference in score second: any repeat costs
    more than all score differences together, so players are paired within their score
    group whenever that needs no repeat, and float to the nearest score only to avoid one.
    """
    shuffled = rng.sample(range(len(people)), len(people))
    ranked = sorted(shuffled, key=lambda p: -scores.get(people[p], 0))
    out = fairness.byes_for(ranked[::-1], bye_count)
    sitting_out = set(out)
    playing = [p for p in ranked if p not in sitting_out]
    return _swiss_pairs(playing, _swiss_costs(people, scores, costs), SWISS_BUDGET), out


def _swiss_costs(
    people: list[Hashable], scores: Mapping[Hashable, float], costs: list[list[int]]
) -> list[list[int]]:
    """`costs` (repeats) weighted above the pairs' score differences (in half points)."""
    halves = [round(2 * scores.get(person, 0)) for person in people]
    spread = max(halves, default=0) - min(halves, default=0)
    weight = spread * (len(people) // 2) + 1  # more than all score differences together
    return [
        [cost * weight + abs(halves[a] - halves[b]) for b, cost in enumerate(row)]
        for a, row in enumerate(costs)
    ]


def _swiss_pairs(ranked: list[int], costs: list[list[int]], budget: int) -> list[list[int]]:
    """Pair `ranked` top-down: the highest unpaired player meets the next one who costs
    the least (see :func:`_swiss_costs`), backtracking when the rest cannot be paired as
    cheaply; branch and bound over at most `budget` nodes. A pairing of cost 0 (no
    repeat, nobody paired outside their score) ends the search.
    """
    n = len(ranked)
    used = [False] * n
    pairs: list[list[int]] = []
    best: list[list[list[int]]] = []
    best_cost = -1
    nodes = 0

    def extend(top: int, total: int) -> None:
        nonlocal best, best_cost, nodes
        while top < n and used[top]:
            top += 1
        if top == n:
            if best_cost < 0 or total < best_cost:
                best, best_cost = [list(pair) for pair in pairs], total
            return
        used[top] = True
        row = costs[ranked[top]]
        options = sorted(
            (j for j in range(top + 1, n) if not used[j]), key=lambda j: row[ranked[j]]
        )
        for j in options:
            step = total + row[ranked[j]]
            if nodes >= budget or best_cost == 0 or 0 <= best_cost <= step:
                break
            nodes += 1
            used[j] = True
            pairs.append([ranked[top], ranked[j]])
            extend(top + 1, step)
            pairs.pop()
            used[j] = False
        used[top] = False

    extend(0, 0)
    return best
