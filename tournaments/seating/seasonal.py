"""Whole seasons from a stored season design (`designs.season`): at 24 players in fours, 30
evenings of 4 rounds with no pair twice in an evening and every pair 15 or 16 times, the
most even season there is (the adaptive draw ends with pairs at 17).

The draw follows the design while the season has gone exactly as the design goes: the
same players present every evening, at its table sizes, with no bye, 4 rounds an
evening, every earlier round a round of the design under one relabelling of its points.
The relabelling is seeded on the season's first round and recovered from the first two
rounds after that (`_relabelling`), so nothing needs to be stored between draws. As soon
as the season leaves the design (someone absent, a guest, an evening of 3 rounds), the
usual planner draws, from what was actually played.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from itertools import permutations, product

from .. import designs

#: A round as a set of tables, each a set of indices: comparable whatever the seat order.
Partition = frozenset[frozenset[int]]


def seasonal_round(
    *,
    n: int,
    sizes: Sequence[int],
    bye_count: int,
    rounds_left: int,
    evening: Sequence[Sequence[Hashable]],
    season: Sequence[Sequence[Hashable]],
    index: Mapping[Hashable, int],
    rng: random.Random,
) -> list[list[int]] | None:
    """The design's next round relabelled onto the players (indices), or None when there
    is no season design for these numbers or the season so far is not a prefix of it."""
    k = max(sizes)
    design = [] if bye_count or any(size != k for size in sizes) else designs.season(n, k)
    if not design:
        return None
    played_evening = _rounds(evening, index, n, len(sizes))
    played_season = _rounds(season, index, n, len(sizes))
    if played_evening is None or played_season is None:
        return None
    per_evening = len(design[0])
    played = played_season + played_evening
    flat = [tables for rounds in design for tables in rounds]
    on_design = (
        not len(played_season) % per_evening
        and len(played_evening) + rounds_left == per_evening
        and len(played) < len(flat)
    )
    label = _relabelling(flat, played, n, rng) if on_design else None
    if label is None:
        return None
    return [[label[p] for p in table] for table in flat[len(played)]]


def _rounds(
    tables: Sequence[Sequence[Hashable]], index: Mapping[Hashable, int], n: int, per_round: int
) -> list[Partition] | None:
    """`tables` cut into rounds of `per_round` tables, each seating all n present players
    once, or None when they do not cut so (someone else played, or not everyone)."""
    if len(tables) % per_round:
        return None
    rounds: list[Partition] = []
    for start in range(0, len(tables), per_round):
        chunk = []
        for table in tables[start : start + per_round]:
            members = [index.get(c) for c in table]
            if None in members:
                return None
            chunk.append(frozenset(members))
        if sum(map(len, chunk)) != n or len(frozenset().union(*chunk)) != n:
            return None
        rounds.append(frozenset(chunk))  # type: ignore[arg-type]
    return rounds


def _relabelling(
    design: list[list[list[int]]], played: list[Partition], n: int, rng: random.Random
) -> list[int] | None:
    """A relabelling of the design's points (label[point] = player index) under which its
    first rounds are the `played` ones, or None when there is none.

    Before the first round any relabelling does (seeded). After one, the design's first
    round is mapped table by table onto it. After two or more, the first two rounds fix
    it: no two points share a table in both (they are rounds of one evening), so a point
    is its pair of tables, and a mapping f of the first round's tables (720 for six
    tables) leaves at most two choices for each table of the second round, and with them
    every point; the first that also gives all later played rounds is returned.
    """
    if not played:
        return rng.sample(range(n), n)
    if len(played) == 1:
        label = [0] * n
        mine = sorted(sorted(table) for table in design[0])
        theirs = sorted(sorted(table) for table in played[0])
        for ours, its in zip(mine, theirs, strict=True):
            for p, q in zip(ours, its, strict=True):
                label[p] = q
        return label
    first, second = design[0], design[1]
    in_first = {p: t for t, table in enumerate(first) for p in table}
    in_second = {p: t for t, table in enumerate(second) for p in table}
    tables_one, tables_two = list(played[0]), list(played[1])
    their_first = {q: t for t, table in enumerate(tables_one) for q in table}
    # the tables of the second played round by the tables of the first their players sat
    # at (two tables can share those: then both are tried)
    by_origin: dict[frozenset[int], list[int]] = {}
    for t, table in enumerate(tables_two):
        by_origin.setdefault(frozenset(their_first[q] for q in table), []).append(t)
    cell = {(their_first[q], t): q for t, table in enumerate(tables_two) for q in table}
    for f in permutations(range(len(first))):
        options = [by_origin.get(frozenset(f[in_first[p]] for p in table), []) for table in second]
        for g in product(*options):
            label = [cell.get((f[in_first[p]], g[in_second[p]]), -1) for p in range(n)]
            if -1 in label or len(set(label)) != n:
                continue
            if all(
                frozenset(frozenset(label[p] for p in table) for table in design[r]) == played[r]
                for r in range(2, len(played))
            ):
                return label
    return None
