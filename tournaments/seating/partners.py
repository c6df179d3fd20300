"""Partners at a table of 4 or 6: seat i and i + n/2, ordered to have been partners least."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence

from .costs import pair_costs, pair_counts


def partner_counts(
    evening: Sequence[Sequence[Hashable]],
    season: Sequence[Sequence[Hashable]],
    index: Mapping[Hashable, int],
    n: int,
) -> list[list[int]]:
    """Cost of making each pair partners once more, evening before season (as `pair_costs`),
    reading earlier tables as partner tables: seat i with seat i + n/2."""
    counts = []
    for tables in (evening, season):
        pairs = [
            (table[i], table[i + len(table) // 2])
            for table in tables
            if len(table) % 2 == 0
            for i in range(len(table) // 2)
        ]
        counts.append(pair_counts(pairs, index, n))
    return pair_costs(counts[0], counts[1], n)[0]


def partner_order(group: list[int], partnered: list[list[int]], rng: random.Random) -> list[int]:
    """Seat order of one table: partners (seat i and i + n/2) who have been partners least;
    among equals the seeded shuffle decides."""
    shuffled = rng.sample(group, len(group))
    if len(group) % 2:
        return shuffled
    best = min(_matchings(shuffled), key=lambda pairs: sum(partnered[a][b] for a, b in pairs))
    return [a for a, _ in best] + [b for _, b in best]


def _matchings(players: list[int]) -> list[list[tuple[int, int]]]:
    """Every way to split an even number of players into pairs (3 for 4 players, 15 for 6)."""
    if not players:
        return [[]]
    first, rest = players[0], players[1:]
    return [
        [(first, other), *pairs]
        for i, other in enumerate(rest)
        for pairs in _matchings(rest[:i] + rest[i + 1 :])
    ]
