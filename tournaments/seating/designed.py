"""Rounds from the known designs (`tournaments.designs`), relabelled onto the evening's
first round (`first_round`) and put in an order fair to byes and small tables
(`fair_sequence`)."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence

from .. import designs
from .fairness import Fairness, dense_ranks, fair_label

#: Known designs are used up to this many tables a round.
MAX_DESIGN_TABLES = 64
#: Design rounds `fair_sequence` may try when ordering a design's rounds fairly.
DESIGN_ORDERS = 5_000


def designed_rounds(
    n: int,
    sizes: Sequence[int],
    bye_count: int,
    first: tuple[list[list[int]], list[int]] | None,
    rng: random.Random,
    *,
    fairness: Fairness | None = None,
) -> list[tuple[list[list[int]], list[int]]]:
    """Rounds (tables, byes) of the longest known design in which no pair meets twice
    (`designs.rounds`: a round robin for tables of two, Kirkman and nearly Kirkman triple
    systems, affine planes and other resolvable designs), or none. Tables one short of the
    largest come from a design for a few more players with those left out.

    A design is relabelled: its first round onto the evening's `first` round when there
    is one (any relabelling of a design is one, so the rest of it then fits what was
    played, and every later call of the evening finds the same), else by the seeded
    random order. Beyond MAX_DESIGN_TABLES tables an evening is far from running out of
    new tablemates.

    With `fairness`, the relabelling is also fair to the small tables (`fair_label`): a
    design less a few points gives some points fewer small-table seats than others (17
    players: the two left of the group of 5 the 3 missing points came from never sit at
    a table of 3), and those points go to the players with the most small tables so far.
    Onto a first round, that choice is made from the first round and the season's counts
    alone, without the seed, so every later call of the evening finds the same labelling
    and the rounds played since stay rounds of it.
    """
    k = max(sizes)
    small = sum(size == k - 1 for size in sizes)
    if any(size < k - 1 for size in sizes) or len(sizes) > MAX_DESIGN_TABLES:
        return []
    if bye_count != (n % 2 if k == 2 else 0):
        return []
    rounds = designs.rounds(n, k, small)
    if not rounds:
        return []
    if first is None:
        label = rng.sample(range(n), n)
    else:
        label = [0] * n
        for mine, theirs in zip(_canonical(rounds[0]), _canonical(first), strict=True):
            for p, q in zip(sorted(mine), sorted(theirs), strict=True):
                label[p] = q
    if fairness is not None and small:
        label = _fairly(label, rounds, first, fairness)
    return [
        ([[label[p] for p in group] for group in groups], [label[p] for p in out])
        for groups, out in rounds
    ]


def _fairly(
    label: list[int],
    rounds: list[tuple[list[list[int]], list[int]]],
    first: tuple[list[list[int]], list[int]] | None,
    fairness: Fairness,
) -> list[int]:
    """`label` composed with the fair relabelling (`fair_label`) of the design's rounds
    still to come: all of them before the evening's first round, after it those but the
    one mapped onto it, with the players ranked by the first round and the season."""
    n, k = len(label), fairness.table_size
    load = [0] * n
    for groups, _ in rounds[0 if first is None else 1 :]:
        for group in groups:
            for p in group:
                load[label[p]] += len(group) < k
    if first is None:
        keys = [fairness.small_key(p) for p in range(n)]
        blocks = [list(range(n))]
    else:
        groups, out = first
        keys = [fairness.season_key(p, 0) for p in range(n)]
        for group in groups:
            for p in group:
                keys[p] = fairness.season_key(p, int(len(group) < k))
        blocks = [*groups, *([out] if out else [])]
    fair = fair_label(load, dense_ranks(keys), blocks)
    return [fair[q] for q in label]


def _canonical(round_: tuple[list[list[int]], list[int]]) -> list[list[int]]:
    """A round's tables (each sorted, by size and lowest member), then its byes."""
    groups, out = round_
    return [*sorted((sorted(g) for g in groups), key=lambda g: (len(g), g[0])), sorted(out)]


def fair_sequence(
    designed: list[tuple[list[list[int]], list[int]]], fairness: Fairness, horizon: int
) -> list[tuple[list[list[int]], list[int]]]:
    """Up to `horizon` design rounds, first the longest run that can be played in turn
    with each fair after the ones before it: a depth-first search in the given (seeded)
    order, at most DESIGN_ORDERS rounds tried. Taking the first fair round each time can
    leave the small tables of the next ones to those who already had one; the search looks
    further. Then the design's other rounds: repeat avoidance outranks the fairness of
    small tables (issue 39), so where no fair order plays the whole design (13 players at
    one table of 4 and three of 3: the four at the table of 4 would all need a table of 3
    next), the design is played all the same, its fair rounds first.
    """
    best: list[tuple[list[list[int]], list[int]]] = []
    tried = 0

    def extend(run: list[tuple[list[list[int]], list[int]]], state: Fairness) -> bool:
        nonlocal best, tried
        if len(run) > len(best):
            best = list(run)
        if len(run) == horizon:
            return True
        for candidate in designed:
            if tried >= DESIGN_ORDERS:
                return False
            if any(candidate is r for r in run):
                continue
            tried += 1
            if state.fair(*candidate):
                after = state.copy()
                after.record(*candidate)
                if extend([*run, candidate], after):
                    return True
        return False

    extend([], fairness.copy())
    # the rest only where nobody sits out: the byes stay fair whatever the repeats
    rest = [r for r in designed if not r[1] and not any(r is b for b in best)]
    return (best + rest)[:horizon]


def first_round(
    evening: Sequence[Sequence[Hashable]],
    index: Mapping[Hashable, int],
    n: int,
    sizes: Sequence[int],
    bye_count: int,
) -> tuple[list[list[int]], list[int]] | None:
    """The evening's first round as (tables, byes) of indices when it seated exactly the
    competitors present now at the table sizes of now, else None."""
    groups: list[list[int]] = []
    seen: set[int] = set()
    for table in evening:
        if len(seen) >= n - bye_count:
            break
        members = [index.get(c) for c in table]
        if None in members or seen.intersection(members):
            return None
        groups.append(sorted(members))  # type: ignore[arg-type]
        seen.update(members)  # type: ignore[arg-type]
    if not groups or sorted(map(len, groups)) != sorted(sizes):
        return None
    return groups, [p for p in range(n) if p not in seen]
